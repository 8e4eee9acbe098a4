"""The conformance fuzz of issue 15, counted: every public function of each game package and
every public method of its Game and its panel, called with wild arguments (the same calls as
``tests/conformance/test_fuzz.py``), and how each call ended.

Run: python benchmarks/fuzz_conformance.py [EXAMPLES]   (default 40 calls per function)

Prints per game: calls made, refused (ValueError with one sentence), returned, other
exceptions (the goal is 0; each kind is listed), time-outs (stopped after 10 s) and calls over
50 ms, with the slowest functions. The issue's goal: every refusal within 50 ms. The progress
store is kept in a throw-away folder.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["ACELAB_HOME"] = tempfile.mkdtemp(prefix="acelab-fuzz-")

from acelab.engine.games import NAMES  # noqa: E402
from tests.conformance.fuzz import SLOW, Result, run, targets  # noqa: E402


def fuzz_game(name: str, examples: int) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """How the calls of ``name`` ended, the other exceptions by kind, and the calls over 50 ms
    by function."""
    counts: Counter[str] = Counter()
    others: Counter[str] = Counter()
    slow: Counter[str] = Counter()
    for target in targets(name):
        results: list[Result] = []
        run(name, target, examples, results.append)
        for result in results:
            counts["calls"] += 1
            counts[result.kind] += 1
            if result.kind == "other":
                others[f"{target.label}: {result.detail}"] += 1
            if result.seconds > SLOW:
                counts["over 50 ms"] += 1
                slow[target.label] += 1
    return counts, others, slow


def main() -> None:
    examples = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    print(f"conformance fuzz: up to {examples} calls per public function or method")
    print(
        f"{'game':<20}{'calls':>8}{'refused':>9}{'returned':>10}{'other':>7}{'time-outs':>11}"
        f"{'>50 ms':>8}"
    )
    details: dict[str, tuple[Counter[str], Counter[str]]] = defaultdict()
    for name in NAMES:
        counts, others, slow = fuzz_game(name, examples)
        details[name] = (others, slow)
        print(
            f"{name:<20}{counts['calls']:>8}{counts['refused']:>9}{counts['returned']:>10}"
            f"{counts['other']:>7}{counts['time-out']:>11}{counts['over 50 ms']:>8}"
        )
    for name, (others, slow) in details.items():
        for detail, count in others.most_common():
            print(f"  {name}: other exception ×{count}: {detail}")
        if slow:
            listed = ", ".join(f"{label} ×{count}" for label, count in slow.most_common(6))
            print(f"  {name}: over 50 ms: {listed}")


if __name__ == "__main__":
    main()

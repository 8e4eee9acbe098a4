"""How long one click of the Ace Pilot play panel takes to re-render (the claim: under 50 ms).

Run: python benchmarks/ace_pilot_panel.py. Prints the median and worst time of each kind of
click over repeated runs of seed 12's winning round (no front end: the cost measured is the
Python side of a click, engine + renders + widget updates).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from acelab.ace_pilot.panel import AcePilotPanel

REPEATS = 30


def winning_round() -> list[tuple[str, Callable[[AcePilotPanel], object]]]:
    """The clicks of seed 12's first round, won: Duke, K♣, ⌈13 / 12⌉ + 2 = 4."""
    return [
        ("choose pilot", lambda p: p.choose_pilot("D")),
        ("draw", lambda p: p.draw("KC")),
        ("select card", lambda p: p.select("KC")),
        ("place card", lambda p: p.place("D")),
        ("select card", lambda p: p.select("QC")),
        ("place card", lambda p: p.place("D")),
        ("select card", lambda p: p.select("2S")),
        ("add pilot", lambda p: p.add_pilot("H", "right")),
        ("choose rounding", lambda p: p.set_rounding(0, "up")),
        ("check", lambda p: p.check()),
        ("hint", lambda p: p.show_hint()),
        ("undo", lambda p: p.undo()),
        ("choose rounding", lambda p: p.set_rounding(0, "up")),
        ("confirm", lambda p: p.confirm()),
        ("discard", lambda p: p.discard("QS")),
        ("discard", lambda p: p.discard("2S")),
    ]


def main() -> None:
    timings: dict[str, list[float]] = {}
    AcePilotPanel(seed=12)  # warm imports and caches once
    for _ in range(REPEATS):
        panel = AcePilotPanel(seed=12)
        for name, click in winning_round():
            start = time.perf_counter()
            click(panel)
            timings.setdefault(name, []).append((time.perf_counter() - start) * 1000)
        assert "Victory!" in " ".join(panel.log.entries)
    print(f"Ace Pilot panel: one click, Python side, {REPEATS} runs (ms)")
    print(f"{'click':<16}{'median':>8}{'worst':>8}")
    everything = [t for values in timings.values() for t in values]
    for name, values in timings.items():
        print(f"{name:<16}{statistics.median(values):8.2f}{max(values):8.2f}")
    print(f"{'all clicks':<16}{statistics.median(everything):8.2f}{max(everything):8.2f}")
    verdict = "under" if max(everything) < 50 else "NOT under"
    print(f"Every click re-rendered {verdict} 50 ms.")


if __name__ == "__main__":
    main()

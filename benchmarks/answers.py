"""Answer checking speed: bounded work on any typed answer (issue 16).

Checks every typed answer of ``tests/teaching/answers_corpus.csv`` against a number question,
then the hardest inputs an answer box can be sent (a 10,000-digit number, 1,000 nested brackets, the
largest factorials, powers and choices the grammar allows, long chains of operations). Prints
the median and worst time per answer; every hard input must be refused or read, never hang.
"""

from __future__ import annotations

import csv
import statistics
import time
from fractions import Fraction
from pathlib import Path

from acelab.teaching.answers import NumberQuestion

CORPUS = Path(__file__).parents[1] / "tests" / "teaching" / "answers_corpus.csv"
QUESTION = NumberQuestion("bench", "?", Fraction(11, 26), places=3)
HARD = [
    "9" * 10_000,
    "(" * 1000 + "1" + ")" * 1000,
    "(" * 29 + "1" + ")" * 29,
    "200!",
    "200!/199!",
    "C(2000, 1000)",
    "C(2000, 999)",
    "9^9^9^9",
    "10^400",
    "1e400/1e-400",
    "2^400 × 2^400",
    "|" * 30 + "1" + "|" * 30,
    "1/" * 59 + "1",
    "-" * 119 + "1",
    "9" * 119,
    "1,234," * 20,
    "about " * 20,
    "1 in " * 24,
]


def seconds(text: str, repeat: int = 20) -> float:
    """The best of ``repeat`` times to check ``text``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        QUESTION.check(text)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    with CORPUS.open(encoding="utf-8", newline="") as lines:
        typed = [row["typed"] for row in csv.DictReader(line for line in lines if line[0] != "#")]
    corpus = [seconds(text) for text in typed]
    print(
        f"corpus: {len(typed)} answers, median {statistics.median(corpus) * 1e6:.0f} µs, "
        f"worst {max(corpus) * 1e6:.0f} µs per check"
    )
    for text in HARD:
        took = seconds(text, 5)
        verdict = QUESTION.check(text)
        shown = text if len(text) <= 24 else f"{text[:20]}… ({len(text):,} characters)"
        print(f"{took * 1e3:8.2f} ms  {shown!r}: {verdict.message[:60]}")


if __name__ == "__main__":
    main()

"""The value of every deal of Absolutely Aces: 16,632 deals (C(12,5)·C(7,5)), solved exactly.

A deal is two hands of five (player 0's first: the first chooser of the analysis); its value is
the exact value of the secret pick's matrix game under perfect play (positive favours player 0).
The table ships as ``deal_values.csv.gz`` (one line per deal: both hands, the value, the 25
round values, both optimal picks) and is read at once by :func:`deal_table`. Make it again,
on every core, with::

    python -m acelab.absolutely_aces.deals --make [--processes 2]

:func:`summary` answers the questions of the lesson: how deal values are distributed, how often
the first chooser is favoured, and which cards make a hand strong.
"""

from __future__ import annotations

import csv
import gzip
import io
import itertools
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

from acelab.absolutely_aces.card_set import CARDS
from acelab.absolutely_aces.solver import DealValue, deal_value
from acelab.engine.shipped import maker_arguments

__all__ = [
    "DEAL_COUNT",
    "TABLE_FILE",
    "DealRow",
    "Summary",
    "all_deals",
    "deal_table",
    "make_table",
    "summary",
]

TABLE_FILE: Final = "deal_values.csv.gz"
DEAL_COUNT: Final = 16_632
_HEADER: Final = ("hand0", "hand1", "value", "matrix", "picks0", "picks1")

Hands = tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class DealRow:
    """One solved deal: the hands, the value for player 0, the round values for each pair of
    picks (``matrix[i][j]``: player 0 picks ``hands[0][i]``, player 1 ``hands[1][j]``) and the
    optimal mixed picks (card → probability; cards never picked are left out)."""

    hands: Hands
    value: Fraction
    matrix: tuple[tuple[int, ...], ...]
    picks: tuple[dict[str, Fraction], dict[str, Fraction]]

    @property
    def mixed(self) -> bool:
        """True when a player's optimal pick is a mix (no single card is simply best)."""
        return any(len(p) > 1 for p in self.picks)


def all_deals() -> Iterator[Hands]:
    """Every deal, player 0's hand first, in table order."""
    codes = CARDS.codes
    for first in itertools.combinations(codes, 5):
        rest = [c for c in codes if c not in first]
        for second in itertools.combinations(rest, 5):
            yield first, second


def _strategy_text(strategy: dict[str, Fraction]) -> str:
    return " ".join(f"{card}:{p}" for card, p in strategy.items() if p)


def _row_text(solved: DealValue) -> list[str]:
    return [
        " ".join(solved.hands[0]),
        " ".join(solved.hands[1]),
        str(solved.value),
        " ".join(str(v) for row in solved.matrix for v in row),
        _strategy_text(solved.picks[0]),
        _strategy_text(solved.picks[1]),
    ]


def _solve_chunk(first: tuple[str, ...]) -> list[list[str]]:
    rest = [c for c in CARDS.codes if c not in first]
    rows = []
    for second in itertools.combinations(rest, 5):
        solved = deal_value((first, second))
        if not solved.certified:
            raise RuntimeError(f"The pick of {first} against {second} failed its certificate.")
        rows.append(_row_text(solved))
    return rows


def make_table(path: Path, processes: int = 2) -> int:
    """Solve every deal on ``processes`` processes and write the table to ``path`` (gzipped
    CSV); the number of deals written."""
    firsts = list(itertools.combinations(CARDS.codes, 5))
    count = 0
    with multiprocessing.Pool(processes) as pool, gzip.open(path, "wt", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(_HEADER)
        for rows in pool.imap(_solve_chunk, firsts, chunksize=4):
            writer.writerows(rows)
            count += len(rows)
    return count


def read_table(data: bytes) -> tuple[DealRow, ...]:
    """The deals of a gzipped table (as written by :func:`make_table`); ``ValueError`` with a
    sentence for anything else."""
    try:
        reader = csv.reader(io.StringIO(gzip.decompress(data).decode("utf-8")))
        rows = _rows(reader)
    except (OSError, EOFError, LookupError, TypeError, ValueError, ZeroDivisionError):
        raise ValueError("This is not a table of Absolutely Aces deals.") from None
    return rows


def _rows(reader: Iterator[list[str]]) -> tuple[DealRow, ...]:
    if tuple(next(reader, ())) != _HEADER:
        raise ValueError("This is not a table of Absolutely Aces deals.")

    # The table holds 792 hands, 340 values and 773 picks: each text is read once.
    @cache
    def fraction(text: str) -> Fraction:
        return Fraction(text)

    @cache
    def hand(text: str) -> tuple[str, ...]:
        return tuple(text.split())

    @cache
    def strategy(text: str) -> tuple[tuple[str, Fraction], ...]:
        pairs = (item.split(":") for item in text.split())
        return tuple((card, fraction(p)) for card, p in pairs)

    rows = []
    for hand0, hand1, value, matrix, picks0, picks1 in reader:
        e = tuple(map(int, matrix.split()))
        rows.append(
            DealRow(
                (hand(hand0), hand(hand1)),
                fraction(value),
                (e[0:5], e[5:10], e[10:15], e[15:20], e[20:25]),
                (dict(strategy(picks0)), dict(strategy(picks1))),
            )
        )
    return tuple(rows)


@cache
def deal_table() -> tuple[DealRow, ...]:
    """Every deal solved (the shipped table, read once)."""
    data = resources.files("acelab.absolutely_aces").joinpath(TABLE_FILE).read_bytes()
    return read_table(data)


@dataclass(frozen=True)
class Summary:
    """What the table says: ``values`` counts deals by value; ``favoured`` how many deals
    favour player 0 (the first chooser) and ``against`` how many favour player 1; ``mixed``
    how many need a mixed pick; ``mean`` the average value; ``card_strength[c]`` the average
    value of the deals where player 0 holds card ``c`` (how strong the card makes a hand)."""

    deals: int
    values: dict[Fraction, int]
    favoured: int
    against: int
    even: int
    mixed: int
    mean: Fraction
    card_strength: dict[str, Fraction]


def summary(rows: Sequence[DealRow] | None = None) -> Summary:
    """The distribution of deal values, who is favoured, and which cards make a hand strong."""
    rows = deal_table() if rows is None else rows
    if not isinstance(rows, Sequence) or not rows or not all(isinstance(r, DealRow) for r in rows):
        raise ValueError("Summarise a list of solved deals (rows of deal_table()).")
    values = Counter(r.value for r in rows)
    strength: dict[str, Fraction] = {}
    for card in CARDS.codes:
        held = [r.value for r in rows if card in r.hands[0]]
        strength[card] = sum(held, Fraction(0)) / len(held) if held else Fraction(0)
    return Summary(
        deals=len(rows),
        values=dict(sorted(values.items())),
        favoured=sum(r.value > 0 for r in rows),
        against=sum(r.value < 0 for r in rows),
        even=sum(r.value == 0 for r in rows),
        mixed=sum(r.mixed for r in rows),
        mean=sum((r.value for r in rows), Fraction(0)) / len(rows),
        card_strength=dict(sorted(strength.items(), key=lambda kv: -kv[1])),
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Make the table (``--make``) or print its summary."""
    args = maker_arguments(
        argv,
        "The table of every Absolutely Aces deal.",
        "solve every deal and write it",
        Path(__file__).with_name(TABLE_FILE),
        processes=True,
    )
    if args.make:
        start = time.perf_counter()
        count = make_table(args.out, args.processes)
        minutes = (time.perf_counter() - start) / 60
        print(f"{count} deals solved in {minutes:.1f} minutes on {args.processes} processes")
        print(f"written to {args.out}")
        return
    report = summary()
    print(f"{report.deals} deals; mean value {float(report.mean):+.3f} points for player 0")
    print(
        f"player 0 favoured in {report.favoured}, player 1 in {report.against}, even {report.even}"
    )
    print(f"deals needing a mixed pick: {report.mixed}")
    for card, value in report.card_strength.items():
        print(f"  {CARDS.by_code[card].label:12} in player 0's hand: {float(value):+.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""What solving each Ace Pilot deal takes, from the exact solver, and the skills it uses.

A *deal* here is one Assault of Practice: a hand of four values (2 to 13), an even target 2 to
12 and a Starting Pilot, the other three pilots Ready: 1,365 hands × 6 targets × 4 pilots =
32,760 deals. :func:`deal_figures` works out, for one deal, what every winning equation has in
common: how many there are, the fewest pilots any needs, whether every way to win rounds
(down, up), turns a negative result positive (Sabina's absolute value), divides or needs a
carryover, and how many legal equations the search covers. :func:`deal_skills` names the
skills a deal needs in a learner's words (:data:`DEAL_SKILLS`).

The figures of every deal ship as ``deal_figures.csv.gz`` and are read at once by
:func:`figures_table`; make the table again (a soak test compares a sample) with::

    python -m acelab.ace_pilot.deal_figures --make [--processes 2]
"""

from __future__ import annotations

import csv
import gzip
import io
import itertools
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

from acelab.ace_pilot.equation import Equation
from acelab.ace_pilot.formula import trace
from acelab.ace_pilot.pilots import PILOTS, pilot_name
from acelab.ace_pilot.solver import all_equations
from acelab.engine.cards import Suit
from acelab.engine.shipped import maker_arguments

__all__ = [
    "DEAL_COUNT",
    "DEAL_SKILLS",
    "TABLE_FILE",
    "TARGETS",
    "Deal",
    "DealFigures",
    "all_deals",
    "deal_figures",
    "deal_skills",
    "figures_for_hand",
    "figures_table",
    "make_table",
    "parse_deal",
]

TABLE_FILE: Final = "deal_figures.csv.gz"
TARGETS: Final = (2, 4, 6, 8, 10, 12)
DEAL_COUNT: Final = 1365 * len(TARGETS) * len(PILOTS)
DEAL_SKILLS: Final = (
    "carryovers in order",
    "division",
    "rounding down",
    "rounding up",
    "absolute value",
)
"""The skills an Ace Pilot deal can need, in a learner's words (one list for the game)."""
_HEADER: Final = (
    "deal",
    "solutions",
    "fewest_pilots",
    "carryover",
    "division",
    "rounding",
    "down",
    "up",
    "absolute",
    "equations",
    "ways",
    "tries",
)


@dataclass(frozen=True, order=True)
class Deal:
    """One Practice deal: the hand (sorted values), the target and the Starting Pilot (the
    other three Ready). ``str`` gives its key, ``"2-6-10-12/10/D"``."""

    hand: tuple[int, ...]
    target: int
    start: Suit

    def __str__(self) -> str:
        return f"{'-'.join(map(str, self.hand))}/{self.target}/{self.start.value}"

    def describe(self) -> str:
        """The deal in words: ``hand 2, 6, 10, 12; target 10; Duke starts``."""
        hand = ", ".join(map(str, self.hand))
        return f"hand {hand}; target {self.target}; {pilot_name(self.start)} starts"


def parse_deal(key: str) -> Deal:
    """The deal of a key such as ``"2-6-10-12/10/D"``; ``ValueError`` in a sentence otherwise."""
    if not isinstance(key, str):
        raise ValueError(f"A deal is written like 2-6-10-12/10/D, not {type(key).__name__}.")
    parts = key.split("/")
    try:
        hand = tuple(int(v) for v in parts[0].split("-"))
        target = int(parts[1])
        start = next(p for p in PILOTS if p.value == parts[2])
    except (IndexError, ValueError, StopIteration):
        raise ValueError(f"{key[:40]!r} is not a deal: write it like 2-6-10-12/10/D.") from None
    if (
        len(parts) != 3
        or len(hand) != 4
        or list(hand) != sorted(hand)
        or any(not 2 <= v <= 13 for v in hand)
        or target not in TARGETS
    ):
        raise ValueError(f"{key[:40]!r} is not a deal: write it like 2-6-10-12/10/D.")
    return Deal(hand, target, start)


@dataclass(frozen=True)
class DealFigures:
    """What solving a deal takes (see the module docstring).

    ``solutions``: distinct winning equations (as :func:`~acelab.ace_pilot.solver.solve` lists
    them); ``fewest_pilots``: the fewest pilots of any; ``carryover`` … ``absolute``: whether
    *every* way to win needs it (``down``/``up``: rounds down/up at some step; ``rounding``:
    either); ``equations``: the legal equations of the hand (the search the solver covers);
    ``ways``/``tries``: winning (equation, rounding choices) pairs among all of them.
    """

    deal: Deal
    solutions: int
    fewest_pilots: int
    carryover: bool
    division: bool
    rounding: bool
    down: bool
    up: bool
    absolute: bool
    equations: int
    ways: int
    tries: int

    @property
    def solvable(self) -> bool:
        """Whether some equation reaches the target."""
        return self.solutions > 0

    def row(self) -> list[str]:
        """The deal's line of the shipped table."""
        flags = (self.carryover, self.division, self.rounding, self.down, self.up, self.absolute)
        return [
            str(self.deal),
            str(self.solutions),
            str(self.fewest_pilots),
            *("1" if flag else "0" for flag in flags),
            str(self.equations),
            str(self.ways),
            str(self.tries),
        ]


def deal_skills(figures: DealFigures) -> tuple[str, ...]:
    """The skills every way to win the deal needs, in :data:`DEAL_SKILLS`' words and order."""
    needed = {
        "carryovers in order": figures.carryover,
        "division": figures.division,
        "rounding down": figures.down,
        "rounding up": figures.up,
        "absolute value": figures.absolute,
    }
    return tuple(skill for skill in DEAL_SKILLS if figures.solvable and needed[skill])


def all_deals() -> Iterator[Deal]:
    """Every Practice deal, hand by hand."""
    for hand in itertools.combinations_with_replacement(range(2, 14), 4):
        for start in PILOTS:
            for target in TARGETS:
                yield Deal(hand, target, start)


def _way_marks(equation: Equation, roundings: tuple[str, ...]) -> tuple[bool, bool, bool]:
    """Whether this way rounds down, rounds up, turns a negative positive (from the trace)."""
    sentences = " ".join(
        trace([(g.suit, g.values) for g in equation.groups], list(roundings)).sentences  # type: ignore[arg-type]
    )
    return "rounded down" in sentences, "rounded up" in sentences, "which becomes" in sentences


def figures_for_hand(hand: tuple[int, ...], start: Suit) -> list[DealFigures]:
    """The figures of the six deals of one hand and Starting Pilot (every target), from every
    legal equation of the hand (:func:`~acelab.ace_pilot.solver.all_equations`)."""
    equations = all_equations(hand, start)
    tries = sum(len(e.outcomes()) for e in equations)
    found = []
    for target in TARGETS:
        winners = [e for e in equations if e.matches(target)]
        every = {"down": True, "up": True, "absolute": True, "rounding": True}
        ways = 0
        for equation in winners:
            marks = [
                _way_marks(equation, roundings)
                for roundings, value in equation.outcomes().items()
                if value == target
            ]
            ways += len(marks)
            every["down"] &= all(down for down, _, _ in marks)
            every["up"] &= all(up for _, up, _ in marks)
            every["absolute"] &= all(absolute for _, _, absolute in marks)
            every["rounding"] &= all(down or up for down, up, _ in marks)
        found.append(
            DealFigures(
                Deal(tuple(hand), target, start),
                len(winners),
                min((len(e.groups) for e in winners), default=0),
                bool(winners) and all(len(e.groups) >= 2 for e in winners),
                bool(winners) and all(Suit.DIAMONDS in e.suits for e in winners),
                bool(winners) and every["rounding"],
                bool(winners) and every["down"],
                bool(winners) and every["up"],
                bool(winners) and every["absolute"],
                len(equations),
                ways,
                tries,
            )
        )
    return found


def deal_figures(deal: Deal) -> DealFigures:
    """The figures of one deal, worked out from the solver (not read from the table)."""
    return next(f for f in figures_for_hand(deal.hand, deal.start) if f.deal == deal)


def _chunk(hand: tuple[int, ...]) -> list[list[str]]:
    return [f.row() for start in PILOTS for f in figures_for_hand(hand, start)]


def make_table(path: Path, processes: int = 2) -> int:
    """Work out every deal on ``processes`` processes and write the gzipped table to ``path``;
    returns the number of deals."""
    hands = list(itertools.combinations_with_replacement(range(2, 14), 4))
    written = 0
    with multiprocessing.Pool(processes) as pool, gzip.open(path, "wt", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(_HEADER)
        for rows in pool.imap(_chunk, hands, chunksize=8):
            writer.writerows(rows)
            written += len(rows)
    return written


def read_table(data: bytes) -> dict[str, DealFigures]:
    """The deals of a gzipped table (as :func:`make_table` writes it), by key; ``ValueError``
    in a sentence when it is not such a table."""
    try:
        reader = csv.reader(io.StringIO(gzip.decompress(data).decode("utf-8")))
        if tuple(next(reader)) != _HEADER:
            raise ValueError("its header is not the deal figures' header")
        table = {}
        for row in reader:
            deal = parse_deal(row[0])
            n = [int(cell) for cell in row[1:]]
            if len(n) != len(_HEADER) - 1:
                raise ValueError(f"the line of {row[0]} has {len(row)} cells")
            flags = [bool(flag) for flag in n[2:8]]
            table[row[0]] = DealFigures(
                deal,
                n[0],
                n[1],
                flags[0],
                flags[1],
                flags[2],
                flags[3],
                flags[4],
                flags[5],
                n[8],
                n[9],
                n[10],
            )
    except (OSError, EOFError, UnicodeDecodeError, StopIteration, IndexError, ValueError) as error:
        raise ValueError(f"This is not acelab's table of Ace Pilot deals: {error}.") from None
    return table


@cache
def figures_table() -> dict[str, DealFigures]:
    """Every deal's figures, from the shipped table, by key (``"2-6-10-12/10/D"``)."""
    data = resources.files("acelab.ace_pilot").joinpath(TABLE_FILE).read_bytes()
    return read_table(data)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m acelab.ace_pilot.deal_figures --make``: write the shipped table again."""
    arguments = maker_arguments(
        argv,
        "The figures of every Ace Pilot Practice deal, from the exact solver.",
        "work out every deal and write the table",
        Path(__file__).with_name(TABLE_FILE),
        processes=True,
    )
    if not arguments.make:
        table = figures_table()
        print(f"{len(table):,} deals in {TABLE_FILE}; --make writes it again.")
        return
    began = time.perf_counter()
    count = make_table(arguments.out, arguments.processes)
    print(f"{count:,} deals written to {arguments.out} in {time.perf_counter() - began:.0f} s.")


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])

"""Kinds of deals of Absolutely Aces, from the shipped table of all 16,632 deals.

For each deal, the 5 × 5 table of round values (for You) after each pair of secret picks says
whether one of your picks is simply best, whether a fixed pick is safe for both players or
someone must mix, and what each player gets when one must show a pick first.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Final

from acelab.absolutely_aces.deals import DealRow, deal_table

__all__ = [
    "BINS",
    "both_mix_rows",
    "dominant",
    "dominant_rows",
    "maximin",
    "minimax",
    "mixed_rows",
    "simply_best",
    "simply_best_rows",
    "support",
    "two_by_two_rows",
    "value_bins",
]


def maximin(row: DealRow) -> int:
    """What You get when You must show your pick first: the best of the rows' smallest values."""
    return max(min(r) for r in row.matrix)


def minimax(row: DealRow) -> int:
    """What You get when Bot must show its pick first: the smallest column maximum."""
    return min(max(r[j] for r in row.matrix) for j in range(5))


def simply_best(row: DealRow) -> list[int]:
    """Your picks that are simply best: in every column (whatever Bot picks) at least as good
    as every other pick."""
    best = tuple(map(max, zip(*row.matrix, strict=True)))  # each column's best value
    return [i for i, values in enumerate(row.matrix) if values == best]


def dominant(row: DealRow) -> int | None:
    """Your one pick that is simply best (None when no pick is, or when two are: two equal
    rows)."""
    best = simply_best(row)
    return best[0] if len(best) == 1 else None


@functools.cache
def mixed_rows() -> tuple[DealRow, ...]:
    """The deals where someone must mix."""
    return tuple(r for r in deal_table() if r.mixed)


@functools.cache
def both_mix_rows() -> tuple[DealRow, ...]:
    """The deals where both players must mix."""
    return tuple(r for r in deal_table() if len(r.picks[0]) > 1 and len(r.picks[1]) > 1)


@functools.cache
def simply_best_rows() -> tuple[DealRow, ...]:
    """The deals where You have a pick that is simply best."""
    return tuple(r for r in deal_table() if simply_best(r))


@functools.cache
def dominant_rows() -> tuple[DealRow, ...]:
    """The deals where exactly one of your picks is simply best."""
    return tuple(r for r in simply_best_rows() if dominant(r) is not None)


@functools.cache
def two_by_two_rows() -> tuple[DealRow, ...]:
    """The deals where each player mixes exactly two cards."""
    return tuple(r for r in mixed_rows() if len(r.picks[0]) == 2 and len(r.picks[1]) == 2)


BINS: Final[tuple[tuple[str, Callable[[Fraction], bool]], ...]] = (
    ("Bot favoured by 5 points or more", lambda v: v <= -5),
    ("Bot favoured by less than 5", lambda v: -5 < v < 0),
    ("fair: value exactly 0", lambda v: v == 0),
    ("You favoured by less than 5", lambda v: 0 < v < 5),
    ("You favoured by 5 points or more", lambda v: v >= 5),
)
"""The bands of value the fairness table counts deals in."""


@functools.cache
def value_bins() -> tuple[int, ...]:
    """How many of the 16,632 deals fall in each band of value (for You)."""
    values = Counter(r.value for r in deal_table())  # 340 values: each tested once
    return tuple(sum(n for v, n in values.items() if test(v)) for _, test in BINS)


def support(row: DealRow) -> tuple[list[int], list[int]]:
    """The rows (your picks) and columns (Bot's) of the cards each player mixes."""
    return (
        [i for i, c in enumerate(row.hands[0]) if c in row.picks[0]],
        [j for j, c in enumerate(row.hands[1]) if c in row.picks[1]],
    )

"""Exact odds of the opening hand in Devir's *Ace of Spades*: how hard can 8 cards hit?

Every 8-card hand (or 7 cards and the Joker) is counted, without listing hands: hands are
grouped by rank pattern with :func:`acelab.poker.rank_patterns`, and the best damage of each
pattern is worked out for all its rows at once. The result says how many hands deal each
(damage, combination) with their best play.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Final

import numpy as np
import numpy.typing as npt

from acelab.ace_of_spades.scoring import BASE_DAMAGE, COMBINATIONS, bonus
from acelab.engine.terms import shown
from acelab.poker import rank_patterns, straight_windows

__all__ = [
    "best_damage_counts",
    "chance_to_deal",
    "damage_distribution",
    "expected_damage",
    "hands_counted",
]

Rows = npt.NDArray[np.int64]

_BONUS: Final = np.array([bonus(v) for v in range(1, 14)], dtype=np.int64)
_WINDOWS: Final = [[v - 1 for v in window] for window in straight_windows()]
_NONE: Final = -(1 << 20)
_CODE: Final = 16  # a score is damage * 16 + combination number (pair 1 .. five of a kind 9)


def _score(damage: Rows, name: str) -> Rows:
    return np.where(damage > 0, damage * _CODE + COMBINATIONS.index(name) + 1, 0)


def _top_sum(values: Rows, how_many: int) -> Rows:
    total: Rows = np.sort(values, axis=1)[:, -how_many:].sum(axis=1)
    return total


def _of_a_kind(counts: Rows, size: int, name: str) -> Rows:
    damage = np.where(counts >= size, BASE_DAMAGE[name] + size * _BONUS, _NONE).max(axis=1)
    return _score(damage, name)


def _full_house(counts: Rows, pair_bonus: Rows) -> Rows:
    """Best full house: trips of one rank, the best pair of any other rank."""
    ranked = np.sort(pair_bonus, axis=1)
    best_pair_rank = np.argmax(pair_bonus, axis=1)[:, None]
    pair = np.where(np.arange(13) == best_pair_rank, ranked[:, -2:-1], ranked[:, -1:])
    full = np.where(counts >= 3, 3 * _BONUS + pair, _NONE).max(axis=1)
    return _score(full + BASE_DAMAGE["full_house"], "full_house")


def _rank_score(counts: Rows) -> Rows:
    """Best score of each row of rank counts (ace first), flushes aside."""
    pair_bonus = np.where(counts >= 2, 2 * _BONUS, _NONE)
    scores = [
        _score(pair_bonus.max(axis=1) + BASE_DAMAGE["pair"], "pair"),
        _score(_top_sum(pair_bonus, 2) + BASE_DAMAGE["two_pair"], "two_pair"),
        _of_a_kind(counts, 3, "three_of_a_kind"),
        _of_a_kind(counts, 4, "four_of_a_kind"),
        _of_a_kind(counts, 5, "five_of_a_kind"),
    ]
    scores.append(_full_house(counts, pair_bonus))
    for window in _WINDOWS:
        run = np.all(counts[:, window] >= 1, axis=1)
        scores.append(_score(np.where(run, 4 + _BONUS[window].sum(), 0), "straight"))
    best: Rows = np.max(scores, axis=0)
    return best


def _rank_score_with_joker(counts: Rows) -> Rows:
    """Best score when a Joker joins the rows: it becomes whichever value helps most."""
    best = np.zeros(len(counts), dtype=np.int64)
    for value in range(13):
        with_joker = counts.copy()
        with_joker[:, value] += 1
        np.maximum(best, _rank_score(with_joker), out=best)
    return best


def _flush_table(jokers: int) -> Rows:
    """Best flush or straight flush score of one suit, for each 13-bit set of its ranks."""
    suited = (np.arange(1 << 13)[:, None] >> np.arange(13)) & 1
    card_bonus = np.where(suited > 0, _BONUS, _NONE)
    flush = BASE_DAMAGE["flush"] + 3 * jokers + _top_sum(card_bonus, 5 - jokers)
    scores = [_score(flush, "flush")]
    for window in _WINDOWS:
        run = suited[:, window].sum(axis=1) >= 5 - jokers
        damage = np.where(run, BASE_DAMAGE["straight_flush"] + _BONUS[window].sum(), 0)
        scores.append(_score(damage, "straight_flush"))
    best: Rows = np.max(scores, axis=0)
    return best


def _flush_score(suited: Rows, jokers: int) -> Rows:
    """Best flush or straight flush in one suit holding ``suited`` ranks (plus the Jokers)."""
    table: Rows = _flush_table(jokers)[suited @ (1 << np.arange(13))]
    return table


def _check_jokers(jokers: object) -> None:
    if type(jokers) is not int or jokers not in (0, 1):
        raise ValueError("An opening hand holds the Joker or not: jokers is 0 or 1.")


def best_damage_counts(jokers: int = 0) -> dict[tuple[int, str], int]:
    """How many opening hands deal each (damage, combination) with their best play.

    ``jokers=0``: all C(52, 8) hands of 8 cards. ``jokers=1``: all C(52, 7) hands of 7 cards
    plus the Joker. A hand with no combination counts as (0, "none").
    """
    _check_jokers(jokers)
    patterns = rank_patterns(8 - jokers, flush_min=5 - jokers)
    by_ranks = _rank_score_with_joker if jokers else _rank_score
    tally = patterns.tally(by_ranks, lambda suited: _flush_score(suited, jokers))
    named = ("none", *COMBINATIONS)
    return {(code // _CODE, named[code % _CODE]): n for code, n in sorted(tally.items())}


def hands_counted(jokers: int = 0) -> int:
    """How many opening hands :func:`best_damage_counts` covers."""
    _check_jokers(jokers)
    return math.comb(52, 8 - jokers)


def damage_distribution(jokers: int = 0) -> dict[int, Fraction]:
    """The exact probability of each best damage of a random opening hand."""
    totals: Counter[int] = Counter()
    for (dealt, _), n in best_damage_counts(jokers).items():
        totals[dealt] += n
    return {d: Fraction(n, hands_counted(jokers)) for d, n in sorted(totals.items())}


def chance_to_deal(at_least: int, jokers: int = 0) -> Fraction:
    """The exact chance that a random opening hand can deal ``at_least`` damage in one Hand."""
    if type(at_least) is not int:
        raise ValueError(f"The damage to reach is a whole number, not {shown(at_least)}.")
    return sum(
        (p for d, p in damage_distribution(jokers).items() if d >= at_least), start=Fraction(0)
    )


def expected_damage(jokers: int = 0) -> Fraction:
    """The exact mean of the best damage of a random opening hand."""
    return sum((d * p for d, p in damage_distribution(jokers).items()), start=Fraction(0))

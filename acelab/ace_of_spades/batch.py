"""The best damage of many hands at once, with NumPy: the same answers as ``best_play``.

A row of card ids (:func:`acelab.engine.cards.card_id`, 0..51, and 52 for the Joker) becomes four
13-bit masks, the values held in each suit. Their ORs and ANDs say which values are held at least
once, twice, three or four times; each combination's best damage is then one look-up in a table of
8,192 entries indexed by such a mask (flushes by the suit's own mask). Every bonus of the
printed rules and of :class:`~acelab.ace_of_spades.scoring.Modifiers` that depends on values
(a combination's bonus or ban, value bonuses, no face-card or Ace bonus, a flat bonus) is
applied; suit bonuses and cards counting as another value or suit are not (use ``best_play``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from acelab.ace_of_spades.scoring import COMBINATIONS, Modifiers, checked_modifiers
from acelab.poker import straight_windows

__all__ = ["JOKER_ID", "best_damage_batch"]

JOKER_ID: Final = 52
"""The id that stands for the Joker in a batch."""

Ints = npt.NDArray[np.int64]
_NONE: Final = -(1 << 20)
_WINDOWS: Final = [[v - 1 for v in window] for window in straight_windows()]
_CHUNK: Final = 1 << 15
_MASKS: Final = np.arange(1 << 13)
_BITS: Final = (_MASKS[:, None] >> np.arange(13)) & 1
_CARD_BIT: Final = np.array(
    [1 << ((i & 3) * 13 + (i >> 2)) for i in range(52)] + [0], dtype=np.int64
)


def _base(mods: Modifiers, name: str) -> int:
    damage = mods.compiled.base[COMBINATIONS.index(name)]
    return _NONE if damage is None else damage + mods.compiled.flat


def _valid(damage: Ints) -> Ints:
    """Damage where a combination exists (at least 0), else _NONE."""
    result: Ints = np.where(damage > _NONE // 2, np.maximum(damage, 0), _NONE)
    return result


@dataclass(frozen=True)
class _Tables:
    """For every 13-bit set of values: the best bonus or damage it allows."""

    pair_bonus: Ints  # best 2-card bonus of a value held twice, _NONE if none
    groups: Ints  # best pair or two pair damage, by the values held twice
    three: Ints
    four: Ints
    five: Ints
    straight: Ints  # by the values held at all
    triple_bonus: Ints  # 3 x the bonus of each value (13 entries)
    full_house: int  # the damage of a full house before its cards' bonuses
    flush: tuple[Ints, Ints]  # flush or straight flush of one suit, without / with the Joker


@dataclass(frozen=True)
class _Bonuses:
    """The card-bonus part of every table: depends on the value bonuses alone."""

    two: Ints  # best bonus of a value held twice
    two_pairs: Ints  # best bonus of two values held twice
    three: Ints
    four: Ints
    five: Ints
    straight: Ints  # best bonus of a straight of the values held, _NONE if none
    flush: tuple[Ints, Ints]  # best 5 cards of one suit, without / with the Joker
    straight_flush: tuple[Ints, Ints]


@lru_cache(maxsize=64)
def _bonuses(value_bonus: tuple[int, ...]) -> _Bonuses:
    vb = np.array(value_bonus, dtype=np.int64)

    def best_of(size: int) -> Ints:
        best: Ints = np.where(_BITS > 0, size * vb, _NONE).max(axis=1)
        return best

    top_two = np.sort(np.where(_BITS > 0, 2 * vb, _NONE), axis=1)[:, -2:].sum(axis=1)
    card_bonus = np.sort(np.where(_BITS > 0, vb, _NONE), axis=1)
    flushes, straight_flushes = [], []
    for jokers in (0, 1):
        flushes.append(card_bonus[:, 13 - (5 - jokers) :].sum(axis=1) + jokers * vb.max())
        straight_flushes.append(_windows(vb, 5 - jokers))
    return _Bonuses(
        two=best_of(2),
        two_pairs=top_two,
        three=best_of(3),
        four=best_of(4),
        five=best_of(5),
        straight=_windows(vb, 5),
        flush=(flushes[0], flushes[1]),
        straight_flush=(straight_flushes[0], straight_flushes[1]),
    )


def _windows(vb: Ints, needed: int) -> Ints:
    """For each set of values: the best bonus of a straight window holding ``needed`` of them."""
    best = np.full(1 << 13, _NONE, dtype=np.int64)
    for window in _WINDOWS:
        run = _BITS[:, window].sum(axis=1) >= needed
        best = np.maximum(best, np.where(run, vb[window].sum(), _NONE))
    return best


@lru_cache(maxsize=512)
def _tables(mods: Modifiers) -> _Tables:
    parts = _bonuses(mods.compiled.value_bonus[1:])
    pair = parts.two + _base(mods, "pair")
    groups = np.maximum(pair, parts.two_pairs + _base(mods, "two_pair"))
    flush = tuple(
        _valid(
            np.maximum(
                parts.flush[j] + _base(mods, "flush"),
                parts.straight_flush[j] + _base(mods, "straight_flush"),
            )
        )
        for j in (0, 1)
    )
    return _Tables(
        pair_bonus=np.where(parts.two > _NONE // 2, parts.two, _NONE),
        groups=_valid(groups),
        three=_valid(parts.three + _base(mods, "three_of_a_kind")),
        four=_valid(parts.four + _base(mods, "four_of_a_kind")),
        five=_valid(parts.five + _base(mods, "five_of_a_kind")),
        straight=_valid(parts.straight + _base(mods, "straight")),
        triple_bonus=3 * np.array(mods.compiled.value_bonus[1:], dtype=np.int64),
        full_house=_base(mods, "full_house"),
        flush=(flush[0], flush[1]),
    )


def _check(ids: npt.NDArray[np.integer], mods: Modifiers) -> npt.NDArray[np.intp]:
    if mods.suit_bonus or mods.value_as or mods.suit_as:
        raise ValueError(
            "The batch applies value bonuses only: suit bonuses and cards counting as another "
            "value or suit need best_play."
        )
    array = np.asarray(ids)
    if array.ndim != 2 or array.shape[1] < 1 or not np.issubdtype(array.dtype, np.integer):
        raise ValueError("Give the hands as a 2-D array of card ids, one hand per row.")
    if array.size and (array.min() < 0 or array.max() > JOKER_ID):
        raise ValueError("Card ids run from 0 to 51, and 52 is the Joker.")
    checked: npt.NDArray[np.intp] = array  # repeated cards are caught chunk by chunk
    return checked


def best_damage_batch(
    ids: npt.NDArray[np.integer], modifiers: Modifiers | None = None
) -> npt.NDArray[np.int64]:
    """The most damage one Hand of each row of card ids can deal (0 for a Poor Hand).

    ``ids`` has shape (n, k): k cards per hand, ids from :func:`acelab.engine.cards.card_id` and
    :data:`JOKER_ID` for the Joker. Equal to ``best_play(hand, modifiers=...).total`` per row.
    """
    mods = checked_modifiers(modifiers)
    rows = _check(ids, mods)
    tables = _tables(mods)
    out = np.empty(len(rows), dtype=np.int64)
    for start in range(0, len(rows), _CHUNK):
        out[start : start + _CHUNK] = _chunk(rows[start : start + _CHUNK], tables)
    return out


def _full_house(tables: _Tables, at_least2: Ints, at_least3: Ints) -> Ints:
    """Best full house: a value held three times with a pair of another value."""
    best = np.full(len(at_least2), _NONE, dtype=np.int64)
    left = at_least3[at_least3 != 0]
    if not len(left):
        return best
    rows = np.nonzero(at_least3)[0]
    pairs = at_least2[rows]
    found = np.full(len(rows), _NONE, dtype=np.int64)
    while len(rows) and (left != 0).any():
        low = left & -left
        value = np.log2(np.maximum(low, 1)).astype(np.intp)
        full = tables.triple_bonus[value] + tables.pair_bonus[pairs & ~low]
        found = np.maximum(found, np.where((low != 0) & (full > _NONE // 2), full, _NONE))
        left = left & ~low
    best[rows] = found
    return best


def _rank_damage(tables: _Tables, held: tuple[Ints, Ints, Ints, Ints, Ints]) -> Ints:
    """Best damage of the combinations read off the values held 1..5 times."""
    at_least1, at_least2, at_least3, at_least4, at_least5 = held
    best = np.maximum(tables.groups[at_least2], tables.three[at_least3])
    best = np.maximum(best, tables.four[at_least4])
    best = np.maximum(best, tables.five[at_least5])
    best = np.maximum(best, tables.straight[at_least1])
    fulls = _full_house(tables, at_least2, at_least3) + tables.full_house
    result: Ints = np.maximum(best, np.where(fulls > _NONE // 2, np.maximum(fulls, 0), _NONE))
    return result


def _held(suits: list[Ints]) -> tuple[Ints, Ints, Ints, Ints, Ints]:
    s0, s1, s2, s3 = suits
    at_least1 = s0 | s1 | s2 | s3
    at_least2 = (s0 & s1) | (s0 & s2) | (s0 & s3) | (s1 & s2) | (s1 & s3) | (s2 & s3)
    at_least3 = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    at_least4 = s0 & s1 & s2 & s3
    return at_least1, at_least2, at_least3, at_least4, np.zeros_like(s0)


def _chunk(rows: npt.NDArray[np.intp], tables: _Tables) -> Ints:
    bits = _CARD_BIT[rows]
    word = bits.sum(axis=1)
    if (np.bitwise_or.reduce(bits, axis=1) != word).any() or (
        (rows == JOKER_ID).sum(axis=1) > 1
    ).any():
        raise ValueError("A hand cannot hold the same card twice (or two Jokers).")
    suits = [(word >> (13 * s)) & 8191 for s in range(4)]
    has_joker = (rows == JOKER_ID).any(axis=1)
    held = _held(suits)
    best = _rank_damage(tables, held)
    plain, joker = tables.flush
    for mask in suits:
        best = np.maximum(best, np.where(has_joker, joker[mask], plain[mask]))
    if has_joker.any():
        part = [h[has_joker] for h in held]
        extra = np.full(len(part[0]), _NONE, dtype=np.int64)
        for value in range(13):
            bit = 1 << value
            trial = (
                part[0] | bit,
                part[1] | (part[0] & bit),
                part[2] | (part[1] & bit),
                part[3] | (part[2] & bit),
                part[3] & bit,
            )
            extra = np.maximum(extra, _rank_damage(tables, trial))
        best[has_joker] = np.maximum(best[has_joker], extra)
    result: Ints = np.maximum(best, 0)
    return result

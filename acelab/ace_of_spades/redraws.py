"""Deciding under uncertainty: should I play now or discard? Exact answers, and fast estimates.

The cards a player has not seen are equally likely to be drawn, so discarding some cards and
drawing as many is a draw without replacement from the unseen cards: every set of drawn cards
is equally likely, and counting them gives exact chances (:func:`chance_to_improve`) and exact
expected damage (:func:`expected_damage`). The bots use :func:`sampled_damage`, which draws a
few dozen of those sets at random instead of all of them.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Final

import numpy as np
import numpy.typing as npt

from acelab.ace_of_spades.batch import JOKER_ID, best_damage_batch
from acelab.ace_of_spades.scoring import (
    Modifiers,
    best_total,
    checked_modifiers,
    play_from,
    read_cards,
)
from acelab.engine.cards import JOKER, Card, card_id, deck, parse_cards
from acelab.engine.terms import shown

__all__ = [
    "MAX_EXACT",
    "best_totals",
    "chance_to_improve",
    "damage_after_discard",
    "expected_damage",
    "sampled_damage",
    "unseen_cards",
]

MAX_EXACT: Final = 2_000_000
"""The most sets of drawn cards the exact functions list (C(44, 4) is 135,751)."""


def unseen_cards(seen: Iterable[Card], joker: bool = False) -> tuple[Card, ...]:
    """The cards not among ``seen``, out of the 52 (and the Joker when it is in play)."""
    if type(joker) is not bool:
        raise ValueError("joker is True when the Joker is in play, else False.")
    gone = set(parse_cards(seen))
    return tuple(c for c in (*deck(), *((JOKER,) if joker else ())) if c not in gone)


def _ids(cards: Sequence[Card]) -> npt.NDArray[np.int64]:
    return np.array([JOKER_ID if c.is_joker else card_id(c) for c in cards], dtype=np.int64)


def _batchable(mods: Modifiers) -> bool:
    return not (mods.suit_bonus or mods.value_as or mods.suit_as)


def _score_rows(
    rows: npt.NDArray[np.int64], mods: Modifiers, pool: Sequence[Card], keep: Sequence[Card]
) -> npt.NDArray[np.int64]:
    if _batchable(mods):
        result: npt.NDArray[np.int64] = best_damage_batch(rows, mods)
        return result
    lookup = {JOKER_ID if c.is_joker else card_id(c): c for c in (*pool, *keep)}
    totals = [best_total([lookup[int(i)] for i in row], mods) for row in rows]
    return np.array(totals, dtype=np.int64)


def best_totals(hands: Sequence[Sequence[Card]], modifiers: Modifiers | None = None) -> list[int]:
    """The best damage of each hand (all of one size), in one NumPy batch when the bonuses
    allow it; the same numbers as ``best_play(hand).total``."""
    mods = checked_modifiers(modifiers)
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise ValueError("Give the hands as a list of hands of cards already read.")
    hands = [read_cards(hand) for hand in hands]
    if not hands:
        return []
    if _batchable(mods) and len({len(h) for h in hands}) == 1 and len(hands[0]) > 0:
        rows = np.array([_ids(h) for h in hands], dtype=np.int64)
        return [int(t) for t in best_damage_batch(rows, mods)]
    return [best_total(h, mods) for h in hands]


def _parts(
    hand: str | Iterable[str | Card],
    discard: str | Iterable[str | Card],
    unseen: str | Iterable[str | Card],
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    held, thrown, pool = parse_cards(hand), parse_cards(discard), parse_cards(unseen)
    if not set(thrown) <= set(held):
        raise ValueError("The cards to discard must come from the hand.")
    if set(pool) & set(held):
        raise ValueError("An unseen card cannot also be in the hand.")
    if len(set(pool)) < len(pool) or len(set(held)) < len(held):
        raise ValueError("Name each card once.")
    if len(thrown) > len(pool):
        raise ValueError(f"Only {len(pool)} unseen cards are left to draw {len(thrown)} from.")
    return held, thrown, pool


def damage_after_discard(
    hand: str | Iterable[str | Card],
    discard: str | Iterable[str | Card],
    unseen: str | Iterable[str | Card],
    modifiers: Modifiers | None = None,
) -> dict[int, Fraction]:
    """The exact chance of each best damage after discarding ``discard`` from ``hand`` and
    drawing as many cards from ``unseen`` (every set of drawn cards equally likely).

    >>> damage_after_discard("AS AH 2C", "2C", "KS KH AD")  # three Aces once in three draws
    {7: Fraction(2, 3), 12: Fraction(1, 3)}
    """
    held, thrown, pool = _parts(hand, discard, unseen)
    mods = checked_modifiers(modifiers)
    keep = [c for c in held if c not in thrown]
    k = len(thrown)
    count = math.comb(len(pool), k)
    if count > MAX_EXACT:
        raise ValueError(
            f"Discarding {k} of {len(pool)} unseen cards means {count:,} draws to list: "
            "too many to count exactly (use sampled_damage)."
        )
    draws = np.array(list(itertools.combinations(range(len(pool)), k)), dtype=np.int64)
    pool_ids, keep_ids = _ids(pool), _ids(keep)
    if k == 0:
        rows = keep_ids[None, :]
    else:
        rows = np.concatenate(
            [np.broadcast_to(keep_ids, (len(draws), len(keep))), pool_ids[draws]], axis=1
        )
    totals = _score_rows(rows, mods, pool, keep)
    values, counts = np.unique(totals, return_counts=True)
    return {int(v): Fraction(int(n), len(rows)) for v, n in zip(values, counts, strict=True)}


def expected_damage(
    hand: str | Iterable[str | Card],
    discard: str | Iterable[str | Card],
    unseen: str | Iterable[str | Card],
    modifiers: Modifiers | None = None,
) -> Fraction:
    """The exact expected best damage after discarding ``discard`` and drawing as many."""
    spread = damage_after_discard(hand, discard, unseen, modifiers)
    return sum((d * p for d, p in spread.items()), start=Fraction(0))


def chance_to_improve(
    hand: str | Iterable[str | Card],
    discard: str | Iterable[str | Card],
    unseen: str | Iterable[str | Card],
    at_least: int | None = None,
    modifiers: Modifiers | None = None,
) -> Fraction:
    """The exact chance that, after the discard and draw, the best Hand deals ``at_least``
    damage (default: more than the hand's best Hand now)."""
    held = parse_cards(hand)
    if at_least is not None and type(at_least) is not int:
        raise ValueError(f"The damage to reach is a whole number, not {shown(at_least)}.")
    if at_least is None:
        at_least = play_from(held, modifiers=modifiers).total + 1 if held else 1
    spread = damage_after_discard(held, discard, unseen, modifiers)
    return sum((p for d, p in spread.items() if d >= at_least), start=Fraction(0))


def _check_samples(
    keeps: object, draws: object, unseen: object, samples: object, rng: object
) -> None:
    if not isinstance(keeps, Sequence) or isinstance(keeps, str):
        raise ValueError("Give the kept cards as a list of sets of cards already read.")
    for keep in keeps:
        read_cards(keep)
    read_cards(unseen)
    if (
        not isinstance(draws, Sequence)
        or len(draws) != len(keeps)
        or not all(type(k) is int and k >= 0 for k in draws)
    ):
        raise ValueError("Give how many cards each kept set draws, one whole number for each.")
    if type(samples) is not int or not 1 <= samples <= 1_000_000:
        raise ValueError("The number of samples is a whole number from 1 to 1,000,000.")
    if not isinstance(rng, random.Random):
        raise ValueError("Give a random.Random to draw the samples with.")


def sampled_damage(
    keeps: Sequence[Sequence[Card]],
    draws: Sequence[int],
    unseen: Sequence[Card],
    samples: int,
    rng: random.Random,
    modifiers: Modifiers | None = None,
) -> list[npt.NDArray[np.int64]]:
    """For each kept set of cards and its number of draws: the best damage of ``samples``
    random draws from ``unseen`` (the same draws for every kept set, to compare them fairly)."""
    mods = checked_modifiers(modifiers)
    _check_samples(keeps, draws, unseen, samples, rng)
    pool_ids = _ids(unseen)
    generator = np.random.default_rng(int(rng.random() * 2**32))
    most = max(draws, default=0)
    if most > len(unseen):
        raise ValueError("Cannot draw more cards than are unseen.")
    order = np.argsort(generator.random((samples, len(unseen))), axis=1)[:, :most]
    drawn = pool_ids[order] if most else np.zeros((samples, 0), dtype=np.int64)
    results: list[npt.NDArray[np.int64]] = []
    by_shape: dict[tuple[int, int], list[int]] = {}
    for index, (keep, k) in enumerate(zip(keeps, draws, strict=True)):
        by_shape.setdefault((len(keep), k), []).append(index)
    out: dict[int, npt.NDArray[np.int64]] = {}
    for (size, k), indices in by_shape.items():
        if size + k == 0:
            for index in indices:
                out[index] = np.zeros(samples, dtype=np.int64)
            continue
        blocks = []
        for index in indices:
            keep_ids = np.broadcast_to(_ids(keeps[index]), (samples, size))
            blocks.append(np.concatenate([keep_ids, drawn[:, :k]], axis=1))
        totals = _score_rows(
            np.concatenate(blocks), mods, unseen, [c for i in indices for c in keeps[i]]
        )
        for n, index in enumerate(indices):
            out[index] = totals[n * samples : (n + 1) * samples]
    results = [out[i] for i in range(len(keeps))]
    return results

"""How many Ace Pilot deals some equation solves, exactly: every 4-card hand at once,
vectorized with NumPy.

A situation is a 4-card hand dealt from the 48 value cards, a Starting Pilot and a target; the
table resolves every equation shape (:func:`~acelab.ace_pilot.structure.resolve`) on all
12⁴ ordered hands together and counts the situations some shape solves.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from acelab.ace_pilot.pilots import PILOTS
from acelab.ace_pilot.structure import check_structure, compositions, resolve
from acelab.engine.cards import Suit

__all__ = ["solvability", "solvability_table"]

_Variants = list[tuple["np.ndarray[Any, Any]", "np.ndarray[Any, Any]"]]


def _numpy_fold(suit: Suit, operands: list[_Variants]) -> _Variants:
    """:func:`~acelab.ace_pilot.operations.fold_values` on arrays: one (values, valid) pair
    per rounding choice."""
    acc = operands[0]
    for operand in operands[1:]:
        new: _Variants = []
        for a, ok_a in acc:
            for b, ok_b in operand:
                ok = ok_a & ok_b
                if suit is Suit.HEARTS:
                    new.append((a + b, ok))
                elif suit is Suit.CLUBS:
                    new.append((a * b, ok))
                elif suit is Suit.SPADES:
                    new.append((a - b, ok))
                else:
                    zero = b == 0
                    safe = np.where(zero, 1, b)
                    quotient = a // safe
                    ok = ok & ~zero
                    new.append((quotient, ok))
                    new.append((quotient + (quotient * safe != a), ok))
        acc = new
    if suit is Suit.SPADES:
        return [(np.abs(v), ok) for v, ok in acc]
    return acc


def _templates() -> Iterator[tuple[int, tuple[Suit, ...], tuple[int, ...]]]:
    """Every equation shape over the first k cards of an ordered hand: (k, suits, sizes)."""
    for size in range(2, 5):
        for sizes in compositions(size):
            for suits in itertools.permutations(PILOTS, len(sizes)):
                try:
                    check_structure(sizes, suits)
                except ValueError:
                    continue
                yield size, suits, sizes


def _target_ways(challenge: int) -> dict[int, int]:
    """How many ordered ways ``challenge`` even values (2..12) sum to each target."""
    ways = {0: 1}
    for _ in range(challenge):
        new: dict[int, int] = {}
        for total, count in ways.items():
            for even in range(2, 13, 2):
                new[total + even] = new.get(total + even, 0) + count
        ways = new
    return ways


def solvability_table(challenge: int = 1) -> dict[str, Fraction]:
    """:func:`solvability` for both modes at once (uncached; see :func:`solvability`)."""
    if type(challenge) is not int or not 1 <= challenge <= 12:
        raise ValueError("The Challenge Rating for the solvability table runs from 1 to 12.")
    ways = _target_ways(challenge)
    targets = sorted(ways)
    lut = np.zeros(max(targets) + 1, dtype=np.uint64)
    for bit, target in enumerate(targets):
        lut[target] = np.uint64(1) << np.uint64(bit)
    rows = np.array(list(itertools.product(range(2, 14), repeat=4)), dtype=np.int64)
    valid = np.ones(len(rows), dtype=bool)
    columns = [[(rows[:, j], valid)] for j in range(4)]
    masks = {mode: {s: np.zeros(len(rows), dtype=np.uint64) for s in PILOTS} for mode in _MODES}
    top = max(targets)
    for _, suits, sizes in _templates():
        bounds = list(itertools.accumulate(sizes, initial=0))
        groups = [
            (suit, columns[a:b]) for suit, a, b in zip(suits, bounds[:-1], bounds[1:], strict=True)
        ]
        hit = np.zeros(len(rows), dtype=np.uint64)
        for values, ok in resolve(groups, _numpy_fold):
            inside = ok & (values >= 0) & (values <= top)
            hit |= np.where(inside, lut[np.clip(values, 0, top)], np.uint64(0))
        for suit, size in zip(suits, sizes, strict=True):
            if size >= 2:
                masks["all"][suit] |= hit
                if len(suits) == 1:
                    masks["alone"][suit] |= hit
    hands, inverse = np.unique(np.sort(rows, axis=1), axis=0, return_inverse=True)
    weights = [
        math.prod(math.comb(4, list(hand).count(v)) for v in set(hand.tolist())) for hand in hands
    ]
    result: dict[str, Fraction] = {}
    for mode in _MODES:
        total = 0
        for suit in PILOTS:
            per_hand = np.zeros(len(hands), dtype=np.uint64)
            np.bitwise_or.at(per_hand, inverse.ravel(), masks[mode][suit])
            for bit, target in enumerate(targets):
                solved = (per_hand >> np.uint64(bit)) & np.uint64(1)
                total += ways[target] * sum(
                    w for w, s in zip(weights, solved.tolist(), strict=True) if s
                )
        deals = math.comb(48, 4) * len(PILOTS) * 6**challenge
        result[mode] = Fraction(total, deals)
    return result


_MODES = ("all", "alone")


@lru_cache(maxsize=16)
def _solvability_cached(challenge: int) -> dict[str, Fraction]:
    return solvability_table(challenge)


def solvability(ready: str = "all", challenge: int = 1) -> Fraction:
    """The exact fraction of situations that some equation solves.

    A situation is a 4-card hand dealt from the 48 value cards (weighted by how likely that deal
    is), a Starting Pilot (each of the four) and a target: every even 2..12 at Challenge Rating
    1; at rating n, the sum of n evens, weighted by how likely that sum is. ``ready="all"``:
    the other three pilots are Ready; ``"alone"``: the Starting Pilot flies alone.
    """
    if not isinstance(ready, str) or ready not in _MODES:
        raise ValueError("ready is 'all' (the other three pilots are Ready) or 'alone'.")
    if type(challenge) is not int or not 1 <= challenge <= 12:
        raise ValueError("The Challenge Rating for the solvability table runs from 1 to 12.")
    return _solvability_cached(challenge)[ready]

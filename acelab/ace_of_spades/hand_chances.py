"""How often poker hands turn up, for the counting and probability lessons.

Exact counts of the best 5-card hand among n cards, the exact chance of each best damage of an
opening hand, and seeded simulations of "a pair or better" (the same on every computer).
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import Final

import numpy as np
import numpy.typing as npt

from acelab.ace_of_spades.odds import damage_distribution
from acelab.engine.cards import Card, deck, shuffled
from acelab.engine.seeds import check_seed
from acelab.poker import CATEGORIES, best_hand_counts, classify_batch, random_hands

__all__ = [
    "HANDS_5",
    "at_least_damage",
    "category_counts",
    "damage_chances",
    "opening_hand",
    "pair_or_better_chance",
    "running_frequency",
    "simulated_pairs",
]

HANDS_5: Final = math.comb(52, 5)


@functools.cache
def category_counts(n_cards: int) -> dict[str, int]:
    """How many n-card hands have each poker category as their best 5 cards."""
    return best_hand_counts(n_cards)


@functools.cache
def damage_chances(jokers: int = 0) -> dict[int, Fraction]:
    """The exact chance of each best damage of a random opening hand."""
    return dict(damage_distribution(jokers))


def at_least_damage(damage: int, jokers: int = 0) -> Fraction:
    """The exact chance that a random opening hand can deal at least ``damage`` at once."""
    chances = damage_chances(jokers)
    return sum((p for d, p in chances.items() if d >= damage), start=Fraction(0))


def opening_hand(seed: int | str) -> tuple[Card, ...]:
    """The 8 cards a seeded shuffle deals first: the lesson's warm-up hand."""
    return shuffled(deck(), seed)[:8]


def _pair_or_better(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    return classify_batch(hands) >= CATEGORIES.index("pair")


def _numpy_seed(seed: int | str) -> int:
    text = str(check_seed(seed)).encode()
    return int.from_bytes(text[:8].ljust(8, b"\0"), "big") ^ len(text)


def simulated_pairs(seed: int | str, trials: int = 1000) -> int:
    """How many of ``trials`` seeded random 5-card hands hold a pair or better."""
    return int(_pair_or_better(random_hands(trials, 5, seed=_numpy_seed(seed))).sum())


def running_frequency(seed: int | str = 1, trials: int = 5000) -> tuple[list[int], list[float]]:
    """The relative frequency of "a pair or better" after each hand of a seeded simulation."""
    hits = np.cumsum(_pair_or_better(random_hands(trials, 5, seed=_numpy_seed(seed))))
    dealt = np.arange(1, trials + 1)
    return dealt.tolist(), (hits / dealt).tolist()


def pair_or_better_chance() -> Fraction:
    """The exact chance that 5 random cards hold a pair or better (1 − high card)."""
    return 1 - Fraction(category_counts(5)["high_card"], HANDS_5)

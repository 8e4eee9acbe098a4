"""All of acelab's seeded chance (STYLE.md §7): checking the seed a learner types, a fresh one
for a panel's "New game", generators derived from a seed, and shuffling.

Python promises the sequence of ``random.Random(seed).random()`` on every version, but not that
of ``randrange``, ``choice``, ``sample`` or ``shuffle``: every seeded choice in acelab goes
through :func:`random_index` or :func:`shuffle_in_place` here, so a saved game replays on any
Python. (:mod:`acelab.engine.cards` and :mod:`acelab.engine` re-export these for older imports.)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Final, TypeVar

from acelab.engine.terms import what_kind

__all__ = [
    "LONGEST_SEED",
    "MAX_SEED",
    "check_seed",
    "derive_rng",
    "fresh_seed",
    "random_index",
    "seed_or_fresh",
    "shuffle_in_place",
    "shuffled",
]

T = TypeVar("T")

MAX_SEED: Final = 10**18
"""The largest whole-number seed (and ``-MAX_SEED`` the smallest): a billion billion."""

LONGEST_SEED: Final = 100
"""The longest seed written as a word, in characters."""


def check_seed(seed: object) -> int | str:
    """``seed`` when it can deal a game: a whole number up to a billion billion either side of
    0, or a word of at most 100 characters. Anything else raises ``ValueError`` with a
    sentence ("A seed is a whole number or a word, not a float.")."""
    if isinstance(seed, bool):
        raise ValueError(f"A seed is a whole number or a word, not {seed}.")
    if isinstance(seed, int):
        if not -MAX_SEED <= seed <= MAX_SEED:
            raise ValueError(
                "A seed is a whole number or a word, not a number beyond a billion billion."
            )
        return seed
    if isinstance(seed, str):
        if len(seed) > LONGEST_SEED:
            raise ValueError(
                "A seed is a whole number or a word, "
                f"not a text longer than {LONGEST_SEED} characters."
            )
        return seed
    raise ValueError(f"A seed is a whole number or a word, not {what_kind(seed)}.")


def fresh_seed() -> int:
    """A new seed from 1 to 100,000, from the system's randomness (so two panels opened at the
    same moment still deal different games), short enough to read out and type again."""
    return random.SystemRandom().randint(1, 100_000)


def seed_or_fresh(seed: object = None) -> int | str:
    """``seed`` checked by :func:`check_seed`, or a :func:`fresh_seed` when it is ``None``
    (what a panel's or a simulation's ``seed=None`` means). A bad seed raises ``ValueError``."""
    return fresh_seed() if seed is None else check_seed(seed)


def derive_rng(*keys: object) -> random.Random:
    """A random generator seeded by ``keys`` alone: the same keys give the same numbers.

    Games keep a seed in their state and call ``derive_rng(seed, "reveal", turn)`` where they
    need fresh chance, so nothing depends on a global generator.
    """
    return random.Random("\x1f".join(repr(k) for k in keys))


def random_index(rng: random.Random, size: int) -> int:
    """A whole number from 0 to ``size - 1`` drawn from ``rng.random()`` alone.

    Python promises the sequence of ``random()`` for a seed on every version, but not that of
    ``randrange``, ``choice``, ``sample`` or ``shuffle``; every seeded choice in acelab goes
    through this function (or :func:`shuffle_in_place`) so a saved game replays on any Python.
    """
    if isinstance(size, bool) or not isinstance(size, int):
        raise ValueError(f"Choose among a whole number of things, not {size!r}.")
    if size < 1:
        raise ValueError("There is nothing to choose from.")
    return min(int(rng.random() * size), size - 1)


def shuffle_in_place(rng: random.Random, items: MutableSequence[T]) -> None:
    """Shuffle ``items`` by Fisher–Yates over ``rng.random()`` (the same on every Python)."""
    for last in range(len(items) - 1, 0, -1):
        other = random_index(rng, last + 1)
        items[last], items[other] = items[other], items[last]


def shuffled(cards: Sequence[T], seed: int | str) -> tuple[T, ...]:
    """``cards`` in a shuffled order decided by ``seed`` alone (the same on every machine).

    Uses its own ``random.Random(seed)`` and acelab's own Fisher–Yates
    (:func:`shuffle_in_place`); the global random generator is never touched.
    """
    check_seed(seed)
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise ValueError("Shuffle a list of cards, such as deck().")
    order = list(cards)
    shuffle_in_place(random.Random(seed), order)
    return tuple(order)

"""Seeds: checking the seed a learner types, and a fresh one for a panel's "New game"."""

from __future__ import annotations

import random
from typing import Final

from acelab.basics import what_kind

__all__ = ["LONGEST_SEED", "MAX_SEED", "check_seed", "fresh_seed"]

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

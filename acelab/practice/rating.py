"""The Elo-style rating of learners and items (the Math Garden model).

A learner of ability ``a`` answers an item of difficulty ``d`` right with chance
``logistic(a − d)`` (:func:`chance`); after each attempt both move towards what happened
(:func:`update`): the learner by ``K_learner × (score − chance)``, the item the other way by
``K_item × (score − chance)``. Both step sizes shrink as attempts accumulate, so a new learner
finds their level in a few items and an item rated by hundreds of attempts barely moves. A
learner with no history starts in the middle, :data:`MIDDLE` (0 logits).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

__all__ = ["MIDDLE", "TARGET", "Rating", "chance", "k_item", "k_learner", "update"]

MIDDLE: Final = 0.0
"""Where a learner with no history starts, in logits."""
TARGET: Final = 0.75
"""The chance of a right answer practice aims at (about three times in four)."""


@dataclass(frozen=True)
class Rating:
    """A rating in logits and the attempts behind it."""

    value: float = MIDDLE
    attempts: int = 0


def chance(ability: float, difficulty: float) -> float:
    """The chance that a learner of ``ability`` answers an item of ``difficulty`` right."""
    gap = ability - difficulty
    if gap >= 0:
        return 1.0 / (1.0 + math.exp(-gap))
    power = math.exp(gap)
    return power / (1.0 + power)


def k_learner(attempts: int) -> float:
    """How far a learner's rating moves after ``attempts`` earlier attempts."""
    return max(0.15, 1.2 / (1.0 + attempts / 3))


def k_item(attempts: int) -> float:
    """How far an item's rating moves after ``attempts`` earlier attempts."""
    return max(0.02, 0.4 / (1.0 + attempts / 10))


def update(learner: Rating, item: Rating, score: float) -> tuple[Rating, Rating]:
    """Both ratings after one attempt scored ``score`` (1 right, 0 wrong, or between)."""
    if isinstance(score, bool):
        score = float(score)
    if not isinstance(score, int | float) or not 0 <= score <= 1:
        raise ValueError(f"A score is a number from 0 to 1, not {score!r}.")
    surprise = score - chance(learner.value, item.value)
    return (
        Rating(learner.value + k_learner(learner.attempts) * surprise, learner.attempts + 1),
        Rating(item.value - k_item(item.attempts) * surprise, item.attempts + 1),
    )

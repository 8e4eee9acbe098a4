"""The second Absolutely Aces lesson (ages 14–16): the secret pick, mixing, fairness and the
value of seeing.

Its exercises, tables and figures are made in :mod:`.game_trees` (the first lesson's module),
so every exercise keeps the id it had when both were one lesson (``trees-mixing``,
``trees-fairness``…): answer files and class reports written before the split still read.
"""

from __future__ import annotations

from typing import Final

from acelab.absolutely_aces.lessons.game_trees import (
    fair_game,
    fairness,
    fairness_table,
    how_often_table,
    is_fair,
    mixed_deal,
    mixed_strategy,
    mixing,
    pick_table,
    plenary,
    seeing_table,
    seeing_worth,
    two_by_two,
    two_by_two_table,
)
from acelab.answers import Question
from acelab.exercises import Lesson

__all__ = [
    "LESSON",
    "exercises",
    "fair_game",
    "fairness",
    "fairness_table",
    "how_often_table",
    "is_fair",
    "mixed_deal",
    "mixed_strategy",
    "mixing",
    "pick_table",
    "plenary",
    "seeing_table",
    "seeing_worth",
    "two_by_two",
    "two_by_two_table",
]


def exercises(seed: int | str = 1) -> list[Question]:
    """Every exercise of the lesson, in order: the plenary, then the Stretch's 2 × 2 value."""
    return [
        mixing(seed),
        fairness(seed),
        is_fair(),
        seeing_worth(seed),
        plenary(),
        two_by_two(seed),
    ]


LESSON: Final = Lesson(
    "secret_pick",
    "Absolutely Aces: the secret pick, mixing and the value of seeing",
    "lessons/absolutely_aces/lesson_secret_pick.ipynb",
    exercises,
    plenary,
)

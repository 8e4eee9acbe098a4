"""The second Absolutely Aces lesson (ages 14–16): the secret pick, mixing, fairness and the
value of seeing.

Its exercises, tables and figures are made in :mod:`.game_trees` (the first lesson's module),
so every exercise keeps the id it had when both were one lesson (``trees-mixing``,
``trees-fairness``…): answer files and class reports written before the split still read.
"""

from __future__ import annotations

from typing import Final

from acelab.absolutely_aces.lessons.game_trees import (
    LESSON_SEED,
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
from acelab.engine.catalogue import lesson_notebook
from acelab.teaching.answers import Question
from acelab.teaching.exercises import Lesson
from acelab.teaching.skills import declare, exercise

__all__ = [
    "LESSON",
    "SKILLS",
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
        is_fair(seed),
        seeing_worth(seed),
        plenary(seed),
        two_by_two(seed),
    ]


def _mixed_shown(seed: int | str) -> object:
    return pick_table(mixed_deal(seed))


SKILLS: Final = declare(
    (
        "mixing your choices",
        "who moves first",
        "a fair game",
        "working backwards",
        "the value of information",
    ),
    exercise(
        "trees-mixing",
        mixing,
        "mixing your choices",
        "who moves first",
        kind="choice",
        shows=_mixed_shown,
    ),
    exercise("trees-fairness", fairness, "a fair game"),
    exercise("trees-is-fair", is_fair, "a fair game", kind="choice"),
    exercise("trees-plenary", plenary, "working backwards", "mixing your choices", kind="choice"),
    exercise("trees-two-by-two", two_by_two, "mixing your choices", shows=two_by_two_table),
    exercise("trees-seeing", seeing_worth, "the value of information", shows=seeing_table),
)
"""The lesson's skills, and the skills of each exercise (see :mod:`acelab.teaching.skills`)."""


LESSON: Final = Lesson(
    "secret_pick",
    "Absolutely Aces: the secret pick, mixing and the value of seeing",
    lesson_notebook("secret_pick"),
    exercises,
    plenary,
    LESSON_SEED,
)

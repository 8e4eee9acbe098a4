"""The exercise kit every lesson is built on.

- :class:`Lesson`: a lesson's id, title, source notebook, its exercises for a seed and its
  plenary; :func:`lesson` and :data:`LESSONS` find every lesson of every game.
- :func:`seeded`: a lesson's seeded random sources, its seed checked by
  :func:`acelab.engine.seeds.check_seed` (the same seed gives the same question on every computer).
- :func:`number`, :func:`choice` and :func:`function_check`: one builder for each kind of
  question; :func:`distinct` keeps only the named mistakes a learner can tell apart.
- :class:`Picture`: a Matplotlib figure a notebook shows as an image.

A game's lessons live in ``acelab/<game>/lessons/<name>.py`` and each defines ``LESSON``.
"""

from __future__ import annotations

import importlib
import io
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from acelab.engine import derive_rng
from acelab.engine.catalogue import lesson_modules
from acelab.engine.seeds import check_seed
from acelab.teaching.answers import (
    ChoiceQuestion,
    Mistake,
    NumberQuestion,
    Question,
    Verdict,
    value_of,
)
from acelab.teaching.cells import check_function

__all__ = [
    "LESSONS",
    "Lesson",
    "Picture",
    "Seed",
    "choice",
    "distinct",
    "function_check",
    "lesson",
    "number",
    "seeded",
]

Seed = int | str
LESSONS: Final = lesson_modules()
"""Every lesson's id and the module that holds it (from :data:`acelab.engine.catalogue.GAMES`)."""


@dataclass(frozen=True)
class Lesson:
    """One lesson: ``exercises(seed)`` lists its exercises in order, the plenary among them;
    ``seed`` is the seed its notebook uses, which gives every exercise the version the lesson
    first had (an answer file written before an exercise had versions names it without a
    seed, and is read as that version)."""

    id: str
    title: str
    notebook: str
    exercises: Callable[[Seed], Sequence[Question]]
    plenary: Callable[[], Question]
    seed: Seed = 1


def lesson(name: str) -> Lesson:
    """The lesson called ``name`` (one of :data:`LESSONS`)."""
    if name not in LESSONS:
        raise ValueError(f"There is no lesson {name!r}: the lessons are {', '.join(LESSONS)}.")
    found: Lesson = importlib.import_module(LESSONS[name]).LESSON
    return found


def seeded(seed: object, *keys: object) -> random.Random:
    """The random source named ``keys`` for a lesson's ``seed``: the same on every computer."""
    return derive_rng(check_seed(seed), *keys)


def _passes_for(question: NumberQuestion, value: Fraction, other: Fraction) -> bool:
    """Whether ``other``, typed as a fraction, passes for ``value`` at the question's precision."""
    probe = NumberQuestion(
        question.id,
        "",
        value,
        places=question.places,
        percent=question.percent,
        percentage_points=question.percentage_points,
    )
    return probe.check(f"{other.numerator}/{other.denominator}").correct


def distinct(question: NumberQuestion, mistakes: Iterable[Mistake]) -> tuple[Mistake, ...]:
    """The mistakes a learner can tell apart from the answer and from each other."""
    kept: list[Mistake] = []
    for mistake in mistakes:
        probes = [value_of(question), *(other.value for other in kept)]
        if not any(_passes_for(question, probe, mistake.value) for probe in probes):
            kept.append(mistake)
    return tuple(kept)


def number(
    id: str,
    text: str,
    value: Fraction | int,
    mistakes: Iterable[Mistake] = (),
    hints: tuple[str, ...] = (),
    *,
    places: int | None = None,
    percent: bool = False,
    percentage_points: bool = False,
    points: int = 1,
) -> NumberQuestion:
    """A number question whose named mistakes can all be told apart."""
    bare = NumberQuestion(
        id,
        text,
        Fraction(value),
        places=places,
        percent=percent,
        percentage_points=percentage_points,
    )
    return NumberQuestion(
        id,
        text,
        Fraction(value),
        places=places,
        percent=percent,
        mistakes=distinct(bare, mistakes),
        hints=hints,
        points=points,
        percentage_points=percentage_points,
    )


def choice(
    id: str, text: str, options: Sequence[tuple[str, str]], right: int, points: int = 1
) -> ChoiceQuestion:
    """A multiple-choice question: each option's text with the feedback for choosing it."""
    return ChoiceQuestion(id, text, tuple(options), right=right, points=points)


def function_check(
    name: str, cases: Iterable[tuple[tuple[object, ...], object]]
) -> Callable[[Callable[..., object]], Verdict]:
    """A checker for a learner's function ``name``: does it give each case's expected value?"""
    fixed = tuple(cases)

    def check(function: Callable[..., object]) -> Verdict:
        return check_function(name, function, fixed)

    return check


class Picture:
    """A Matplotlib figure that a notebook shows as an image (no pyplot, no backend needed)."""

    def __init__(self, figure: Any, description: str) -> None:
        self.figure = figure
        self.description = description

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", dpi=100)
        return buffer.getvalue()

    def __repr__(self) -> str:
        return self.description

"""The skills each lesson exercise uses, declared once beside the lesson's exercises.

Each lesson module defines ``SKILLS = skills.declare(WORDS, exercise(...), ...)``: ``WORDS`` is
the lesson's list of skills in a learner's words ("brackets first", "rounding up or down"…),
and each :func:`exercise` names an exercise by its id without the seed (``ace-pilot-carryover``
for ``ace-pilot-carryover-7``), the function that makes it for a seed (``None`` when it has
only one version) and the skills it uses. :func:`lesson_skills` finds a lesson's list;
:meth:`SkillList.find` the exercise of a question id; :meth:`SkillList.another` a fresh seed of
the same exercise ("Another like this").
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from acelab.engine.seeds import check_seed, random_index
from acelab.teaching.answers import Question
from acelab.teaching.exercises import LESSONS, lesson, seeded

__all__ = [
    "KINDS",
    "Exercise",
    "SkillList",
    "declare",
    "exercise",
    "lesson_skills",
    "seeded_order",
    "unseeded_id",
    "version",
]

KINDS: Final = ("number", "choice", "written")
"""An exercise's kind: a number typed, an option chosen, or something written (an equation, a
list, a counter-example) checked by its own checker."""


@dataclass(frozen=True)
class Exercise:
    """One exercise of a lesson: its id without the seed, its maker (``None``: one version
    only), the skills it uses, its kind (``number``, ``choice`` or ``written``) and what the
    notebook shows above it for its seed (``shows(seed)``: a table, a tree, the cards; ``None``
    when the question reads on its own), shown again with another seed."""

    id: str
    make: Callable[[Any], Question] | None
    skills: tuple[str, ...]
    kind: str
    shows: Callable[[Any], Any] | None = None

    @property
    def seeded(self) -> bool:
        """Whether a fresh seed gives another version of it."""
        return self.make is not None

    def question_id(self, seed: object) -> str:
        """The id of its question for ``seed``."""
        return f"{self.id}-{seed}" if self.seeded else self.id


def exercise(
    id: str,
    make: Callable[[Any], Question] | None,
    *skills: str,
    kind: str = "number",
    shows: Callable[[Any], Any] | None = None,
) -> Exercise:
    """An exercise ``id`` made by ``make(seed)`` (``None``: one version) using ``skills``;
    ``shows(seed)`` is what the notebook shows above it for that seed."""
    if kind not in KINDS:
        raise ValueError(f"An exercise's kind is number, choice or written, not {kind!r}.")
    if not skills:
        raise ValueError(f"The exercise {id} names no skill.")
    if shows is not None and make is None:
        raise ValueError(f"The exercise {id} has one version: it shows nothing per seed.")
    return Exercise(id, make, tuple(skills), kind, shows)


@dataclass(frozen=True)
class SkillList:
    """A lesson's skills (in a learner's words) and the skills of each of its exercises."""

    words: tuple[str, ...]
    exercises: tuple[Exercise, ...]

    def find(self, question_id: str) -> Exercise | None:
        """The exercise a question id belongs to (``ace-pilot-carryover-7``), or ``None``."""
        best: Exercise | None = None
        for item in self.exercises:
            fits = question_id == item.id or (item.seeded and question_id.startswith(item.id + "-"))
            if fits and (best is None or len(item.id) > len(best.id)):
                best = item
        return best

    def another(self, question_id: str, seed: object) -> Question:
        """A fresh version (for ``seed``) of the exercise of ``question_id``; ``ValueError``
        in a sentence when it has only one version or no such exercise exists."""
        item = self.find(question_id)
        if item is None:
            raise ValueError(f"No exercise of this lesson is called {question_id[:60]!r}.")
        if item.make is None:
            raise ValueError(
                "This exercise has only one version: read the feedback and try it again."
            )
        return item.make(seed)

    def context(self, question_id: str, seed: object) -> Any:
        """What the notebook shows above the exercise of ``question_id`` for ``seed`` (a table,
        a tree, the cards), or ``None`` when its question reads on its own."""
        item = self.find(question_id)
        return item.shows(seed) if item is not None and item.shows is not None else None


def declare(words: tuple[str, ...], *exercises: Exercise) -> SkillList:
    """A lesson's skill list; every skill an exercise names must be one of ``words``, and no
    id is declared twice."""
    ids = [item.id for item in exercises]
    if len(set(ids)) != len(ids):
        raise ValueError("An exercise is declared twice.")
    for item in exercises:
        unknown = [skill for skill in item.skills if skill not in words]
        if unknown:
            raise ValueError(f"The exercise {item.id} uses skills not listed: {unknown}.")
    return SkillList(tuple(words), tuple(exercises))


def lesson_skills(name: str) -> SkillList:
    """The skill list of the lesson ``name`` (one of :data:`acelab.teaching.exercises.LESSONS`)."""
    if name not in LESSONS:
        raise ValueError(f"There is no lesson {name!r}: the lessons are {', '.join(LESSONS)}.")
    found: SkillList = importlib.import_module(LESSONS[name]).SKILLS
    return found


def unseeded_id(question_id: str) -> str | None:
    """The id the notebook's version of an exercise had before the exercise had versions
    (``lex-plenary`` for ``lex-plenary-3``, the notebook's seed being 3): answer files written
    then hold their answers under it. ``None`` for any other id."""
    for name in LESSONS:
        item = lesson_skills(name).find(question_id)
        if item is not None and item.seeded and question_id == item.question_id(lesson(name).seed):
            return item.id
    return None


_T = TypeVar("_T")


def version(seed: object, default: object, count: int, *keys: object) -> int:
    """Which of an exercise's ``count`` versions ``seed`` gives: 0, the version the lesson's
    notebook shows, for the notebook's ``default`` seed; else one picked by the seed (``keys``
    name the exercise, so two exercises of one seed pick apart)."""
    if check_seed(seed) == default and type(seed) is type(default):
        return 0
    return random_index(seeded(seed, "version", *keys), count)


def seeded_order(
    seed: object, default: object, options: Sequence[_T], right: int, *keys: object
) -> tuple[tuple[_T, ...], int]:
    """A choice question's ``options`` in an order picked by ``seed`` and the place of the
    right one (``options[right]``) in it; the notebook's ``default`` seed keeps them as
    written."""
    order = list(range(len(options)))
    if not (check_seed(seed) == default and type(seed) is type(default)):
        rng = seeded(seed, "option order", *keys)
        for i in range(len(order) - 1, 0, -1):
            j = random_index(rng, i + 1)
            order[i], order[j] = order[j], order[i]
    return tuple(options[i] for i in order), order.index(right)

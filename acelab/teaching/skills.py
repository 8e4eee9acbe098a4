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
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from acelab.engine.seeds import check_seed, random_index, shuffle_in_place
from acelab.teaching.answers import Question
from acelab.teaching.exercises import LESSONS, lesson, seeded

__all__ = [
    "KINDS",
    "Exercise",
    "SkillList",
    "at_notebook_seed",
    "declare",
    "exercise",
    "in_order",
    "lesson_skills",
    "pick",
    "seeded_order",
    "unseeded_id",
    "version",
    "version_source",
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


def at_notebook_seed(seed: object, default: object) -> bool:
    """Whether ``seed`` is the lesson notebook's ``default`` seed, which gives every exercise
    the version the lesson first had (``ValueError`` with a sentence for a bad seed)."""
    return check_seed(seed) == default and type(seed) is type(default)


def version_source(seed: object, default: object, *keys: object) -> random.Random | None:
    """``None`` for the notebook's ``default`` seed (the lesson's own question), else the random
    source that picks another version of the exercise ``keys`` name for ``seed``."""
    return None if at_notebook_seed(seed, default) else seeded(seed, "version", *keys)


def version(seed: object, default: object, count: int, *keys: object) -> int:
    """Which of an exercise's ``count`` versions ``seed`` gives: 0, the version the lesson's
    notebook shows, for the notebook's ``default`` seed; else one picked by the seed (``keys``
    name the exercise, so two exercises of one seed pick apart)."""
    rng = version_source(seed, default, *keys)
    return 0 if rng is None else random_index(rng, count)


def pick(rng: random.Random, choices: Sequence[_T], *, unlike: _T | None = None) -> _T:
    """One of ``choices`` drawn by ``rng``, never ``unlike`` (the notebook's version)."""
    kept = [item for item in choices if item != unlike]
    return kept[random_index(rng, len(kept))]


def in_order(
    rng: random.Random | None, options: Sequence[_T], right: int
) -> tuple[tuple[_T, ...], int]:
    """A choice question's ``options`` in an order drawn by ``rng`` (as written for ``None``)
    and the place of the right one, ``options[right]``, among them."""
    order = list(range(len(options)))
    if rng is not None:
        shuffle_in_place(rng, order)
    return tuple(options[i] for i in order), order.index(right)


def seeded_order(
    seed: object, default: object, options: Sequence[_T], right: int, *keys: object
) -> tuple[tuple[_T, ...], int]:
    """A choice question's ``options`` in an order picked by ``seed`` and the place of the
    right one (``options[right]``) in it; the notebook's ``default`` seed keeps them as
    written."""
    notebook = at_notebook_seed(seed, default)
    return in_order(None if notebook else seeded(seed, "option order", *keys), options, right)

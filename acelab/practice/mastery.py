"""Which lesson exercises and skills a learner has mastered, from their attempts.

An exercise (every seed of it) is *mastered* when its first question was right first time, or,
after a wrong answer, when two of its questions running were right at their first try
("Another like this" gives fresh ones); a later wrong answer takes mastery away until it is
right twice running again. An exercise with only one version is mastered once it is answered
right. A skill of a lesson is mastered when an exercise using it is mastered and none using it
waits for another try. Lesson exercises are also rated (:func:`lesson_ratings`): each
question's first answer moves the learner and the exercise as in practice, every exercise
starting from :func:`starting_difficulty` of its kind and skills.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from acelab.practice.rating import Rating, update
from acelab.teaching.exercises import LESSONS
from acelab.teaching.skills import Exercise, lesson_skills

__all__ = [
    "ExerciseState",
    "LessonProgress",
    "exercise_states",
    "find",
    "lesson_progress",
    "lesson_ratings",
    "offers_another",
    "starting_difficulty",
]

_KIND_DIFFICULTY: Final = {"choice": -0.8, "number": 0.0, "written": 0.5}


def starting_difficulty(item: Exercise) -> float:
    """An exercise's difficulty (logits) before anybody answers it: by its kind (choosing an
    option is easiest, writing an equation or list hardest) and 0.3 more for each skill beyond
    the first."""
    return _KIND_DIFFICULTY[item.kind] + 0.3 * (len(item.skills) - 1)


def find(question_id: str) -> tuple[str, Exercise] | None:
    """The lesson and exercise of a question id, or ``None`` (the welcome's, or unknown)."""
    for name in LESSONS:
        item = lesson_skills(name).find(question_id)
        if item is not None:
            return name, item
    return None


@dataclass
class ExerciseState:
    """What a learner's attempts at one exercise (all its seeds) add up to."""

    lesson: str
    exercise: Exercise
    tried: int = 0
    right_first_time: bool = False
    mastered: bool = False
    waiting: bool = False
    """The last answer was wrong: "Another like this" (or another try) is offered."""
    streak: int = 0
    _questions: set[str] = field(default_factory=set, repr=False)


def exercise_states(attempts: Iterable[tuple[str, bool]]) -> dict[str, ExerciseState]:
    """Each exercise tried (by its id without the seed), from ``(question id, right)`` attempts
    oldest first; attempts at no lesson's exercise are left out."""
    states: dict[str, ExerciseState] = {}
    for question_id, right in attempts:
        found = find(question_id)
        if found is None:
            continue
        name, item = found
        state = states.setdefault(item.id, ExerciseState(name, item))
        first_try = question_id not in state._questions
        state._questions.add(question_id)
        if state.tried == 0:
            state.right_first_time = right
        state.tried += 1
        if not right:
            state.streak, state.mastered, state.waiting = 0, False, True
            continue
        state.waiting = False
        if first_try:
            state.streak += 1
        if state.streak >= 2 or (state.right_first_time and state.tried == 1):
            state.mastered = True
        if not item.seeded:
            state.mastered = True
    return states


@dataclass(frozen=True)
class LessonProgress:
    """One lesson for one learner: exercises tried (of all), right first time, mastered, the
    skills mastered (in the lesson's words and order), and the exercises waiting for another
    try."""

    lesson: str
    exercises: int
    tried: int
    right_first_time: int
    mastered: int
    skills: tuple[str, ...]
    waiting: tuple[str, ...]


def lesson_progress(attempts: Sequence[tuple[str, bool]]) -> dict[str, LessonProgress]:
    """Every lesson's progress (lessons never tried too), from the attempts oldest first."""
    states = exercise_states(attempts)
    found = {}
    for name in LESSONS:
        skills = lesson_skills(name)
        mine = [s for s in states.values() if s.lesson == name]
        waiting_skills = {skill for s in mine if s.waiting for skill in s.exercise.skills}
        mastered_skills = {skill for s in mine if s.mastered for skill in s.exercise.skills}
        found[name] = LessonProgress(
            name,
            len(skills.exercises),
            len(mine),
            sum(s.right_first_time for s in mine),
            sum(s.mastered for s in mine),
            tuple(w for w in skills.words if w in mastered_skills - waiting_skills),
            tuple(s.exercise.id for s in mine if s.waiting),
        )
    return found


def lesson_ratings(
    attempts: Iterable[tuple[str, bool]],
    learner: Rating | None = None,
    items: dict[str, tuple[float, int]] | None = None,
) -> tuple[Rating, dict[str, tuple[float, int]]]:
    """The learner's rating over lesson exercises and each exercise's rating (keyed
    ``lesson:exercise``), from the first answer to each question, oldest first; ``items``
    (say a class's calibration) start the exercises it names."""
    me = learner or Rating()
    rated = dict(items or {})
    seen: set[str] = set()
    for question_id, right in attempts:
        found = find(question_id)
        if found is None or question_id in seen:
            continue
        seen.add(question_id)
        name, item = found
        key = f"{name}:{item.id}"
        start = rated.get(key, (starting_difficulty(item), 0))
        me, after = update(me, Rating(*start), 1.0 if right else 0.0)
        rated[key] = (after.value, after.attempts)
    return me, rated


def offers_another(question_id: str, attempts: Iterable[tuple[str, bool]]) -> bool:
    """Whether "Another like this" is offered for ``question_id`` after ``attempts`` (oldest
    first): once its exercise has been answered wrong, until it is mastered, when it has
    another seed."""
    found = find(question_id)
    if found is None or not found[1].seeded:
        return False
    state = exercise_states(attempts).get(found[1].id)
    return state is not None and not state.mastered and not state.right_first_time

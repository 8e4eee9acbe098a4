"""The autograder that marks the answers travelling with the notebook.

The answers a learner checks are kept in the answer file ``acelab-answers.json`` beside the
notebook (:mod:`acelab.classroom.answer_file`, whose names are re-exported here).

Each exercise of a student edition is followed by a hidden autograder test cell,
``mark(question, points)``. Under nbgrader (``NBGRADER_EXECUTION`` set) it re-checks every answer
typed at ``question`` with acelab's checker — the stored scores and verdicts are never trusted —
turns the tries into a share of the points with the lesson's marking policy
(:mod:`acelab.classroom.policy`: first try, a penalty per wrong try — the default — or best try),
prints the feedback sentence and gives ``points × share``, which nbgrader takes as partial credit.
Elsewhere it does nothing, so learners see nothing. A damaged or tampered answer file never
stops the marking: one sentence names the pupil and the file, and the exercises it touches get 0.
A verdict or score changed by hand earns nothing (acelab's check of the typed answer counts, and
the sentence says the file said otherwise); a missing answer file is said in one sentence, and
every exercise gets 0, as nothing answered can be marked.

The policy is set by the student edition's locked cell ``marking_policy("penalty", 0.1)`` near
the top of the lesson (:func:`marking_policy`), which the teacher may change in nbgrader's
``source/`` before ``generate_assignment``; nbgrader puts locked cells back as the teacher
wrote them when it autogrades.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from acelab.classroom.answer_file import (
    ANSWER_FILE,
    FORMAT,
    LOCK_WAIT,
    MAX_ANSWER,
    MAX_BYTES,
    VERSION,
    Answers,
    answer_folder,
    keep_answer,
    read_answers,
)
from acelab.classroom.policy import DEFAULT, Kind, Policy, score
from acelab.teaching.answers import Question
from acelab.teaching.skills import unseeded_id

__all__ = [
    "ANSWER_FILE",
    "FORMAT",
    "LOCK_WAIT",
    "MAX_ANSWER",
    "MAX_BYTES",
    "VERSION",
    "Answers",
    "Mark",
    "PolicyShown",
    "answer_folder",
    "current_policy",
    "grade",
    "keep_answer",
    "mark",
    "marking_policy",
    "read_answers",
]

_POLICY: list[Policy] = [DEFAULT]
"""The policy :func:`mark` uses in this kernel: the last :func:`marking_policy` call's."""


class PolicyShown:
    """The policy cell's output: the policy in one sentence (Markdown in a notebook)."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def _repr_markdown_(self) -> str:
        return f"*{self.policy.sentence}*"

    def __repr__(self) -> str:
        return self.policy.sentence


def marking_policy(kind: Kind = "penalty", penalty: float = 0.1) -> PolicyShown:
    """Set how this lesson's exercises are marked (``first``, ``penalty`` with its share per
    wrong try, or ``best``; see :mod:`acelab.classroom.policy`) and show it in a sentence."""
    chosen = Policy(kind, penalty)
    _POLICY[0] = chosen
    return PolicyShown(chosen)


def current_policy() -> Policy:
    """The policy :func:`mark` uses now."""
    return _POLICY[0]


@dataclass(frozen=True)
class Mark:
    """The autograder's mark for one exercise: points awarded of ``points``, and why."""

    awarded: float
    points: float
    sentence: str


def _pupil(folder: Path, answers: Answers) -> str:
    """The pupil: nbgrader's student id (``autograded/<pupil>/<assignment>``), else the name in
    the file, else "this pupil"."""
    if folder.parent.parent.name in {"autograded", "submitted"}:
        return folder.parent.name
    return answers.learner or "this pupil"


def grade(question: Question, points: float, folder: Path, policy: Policy | None = None) -> Mark:
    """Mark ``question`` from the answer file in ``folder``: every answer re-checked, its tries
    counted with ``policy`` (default: :func:`current_policy`)."""
    policy = policy or current_policy()
    answers = read_answers(folder / ANSWER_FILE)
    pupil = _pupil(folder, answers)
    if answers.problem is not None:
        return Mark(
            0.0,
            points,
            f"The answer file {answers.path} of {pupil} cannot be read ({answers.problem}), "
            "so this exercise gets 0.",
        )
    key = _answered_as(question.id, answers.attempts)
    if key in answers.tampered:
        return Mark(
            0.0,
            points,
            f"The answer file {answers.path} of {pupil} holds an answer to this exercise that "
            f"acelab did not write ({answers.tampered[key]}), so it gets 0.",
        )
    tried = answers.attempts.get(key, ())
    if not tried and not os.path.lexists(answers.path):
        return Mark(
            0.0,
            points,
            f"The answer file {ANSWER_FILE} is missing from {pupil}'s folder (deleted, or "
            f"{pupil} did not check an answer), so this exercise has no answer to mark: 0 points.",
        )
    if not tried:
        return Mark(0.0, points, f"{pupil} did not check an answer to this exercise: 0 points.")
    verdicts = []
    for number, attempt in enumerate(tried, start=1):
        typed = str(attempt["answer"])
        try:
            verdicts.append(question.check(typed, number))
        except (ValueError, ArithmeticError, RecursionError) as error:
            return Mark(0.0, points, f"{pupil}'s answer {typed!r} cannot be checked ({error}): 0.")
    share = score(((v.score, v.correct) for v in verdicts), policy)
    awarded = round(points * share, 6)
    last = verdicts[-1]
    right = next((n for n, v in enumerate(verdicts, start=1) if v.correct), 0)
    tries = f"{len(tried)} tr{'y' if len(tried) == 1 else 'ies'}"
    when = f", right at try {right}" if right > 1 else ""
    sentence = (
        f"{pupil} answered {typed!r}: {last.message} ({tries}{when}; {policy.short}: "
        f"{awarded:g} of {points:g} points)"
    )
    if any(bool(a["correct"]) != v.correct for a, v in zip(tried, verdicts, strict=True)):
        sentence += " (the answer file said otherwise; acelab's check counts)"
    return Mark(awarded, points, sentence + ".")


def _answered_as(question_id: str, attempts: Mapping[str, object]) -> str:
    """The id the answer file holds this exercise's answers under: its own, or for a file
    written before the exercise had versions, the id it had then."""
    if question_id in attempts:
        return question_id
    former = unseeded_id(question_id)
    return former if former is not None and former in attempts else question_id


def mark(question: Question, points: float) -> float | None:
    """The hidden test of an exercise: under nbgrader, print the feedback and give the points
    earned (nbgrader's partial credit); elsewhere nothing."""
    if not os.environ.get("NBGRADER_EXECUTION"):
        return None
    marked = grade(question, points, Path.cwd())
    print(marked.sentence)
    return marked.awarded

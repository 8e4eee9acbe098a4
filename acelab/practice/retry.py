"""What "Another like this" reads and writes: the learner's attempts, in the store only.

A fresh seed of a lesson exercise is practice: its answers are kept in the progress store (so
mastery counts them) but not in the notebook's answer file, which the teacher marks and whose
seed must stay the one the notebook was given.
"""

from __future__ import annotations

from acelab.classroom.learners import learner
from acelab.classroom.marking import MAX_ANSWER
from acelab.practice.mastery import offers_another
from acelab.store import open_store
from acelab.teaching.answers import Verdict

__all__ = ["another_offered", "record_practice_attempt"]


def another_offered(question_id: str) -> bool:
    """Whether "Another like this" is offered for ``question_id`` after the learner's attempts
    in the store (False when the store cannot be read)."""
    with open_store() as store:
        tried = [(a.exercise, a.correct) for a in store.attempts()]
    return offers_another(question_id, tried)


def record_practice_attempt(exercise: str, answer: str, verdict: Verdict) -> bool:
    """Keep one answer to a fresh seed in the store only; False when the store cannot save."""
    with open_store() as store:
        if not store.writable:
            return False
        store.record_attempt(
            exercise, answer[:MAX_ANSWER], verdict.score, verdict.correct, learner()
        )
        return True

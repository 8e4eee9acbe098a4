"""Keeping a learner's attempts: in their progress store and in the answer file.

:func:`record_attempt` is what an answer box calls after each check; ``python -m
acelab.teaching.answers FILE.csv`` (:func:`main`) exports the learner's attempts. Checking lives in
:mod:`acelab.teaching.answers`, which writes nothing; the answer file in
:mod:`acelab.classroom.answer_file`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from acelab.classroom.answer_file import MAX_ANSWER, keep_answer
from acelab.classroom.learners import learner
from acelab.store import open_store

if TYPE_CHECKING:
    from acelab.teaching.answers import Verdict

__all__ = ["main", "record_attempt"]


def record_attempt(
    exercise: str, answer: str, verdict: Verdict, home: str | Path | None = None
) -> bool:
    """Keep one attempt, with the learner's name (:func:`acelab.classroom.learners.learner`), in the
    learner's progress store and in the answer file beside the notebook
    (:func:`acelab.classroom.answer_file.keep_answer`); False when the store cannot save it. An
    answer longer than any box takes is kept cut to :data:`acelab.classroom.answer_file.MAX_ANSWER`
    characters (it is checked the same), so the autograder does not take it for one acelab did not
    write."""
    name = learner(home)
    kept = answer[:MAX_ANSWER]
    keep_answer(exercise, kept, verdict, name)
    with open_store(home) as store:
        if not store.writable:
            return False
        store.record_attempt(exercise, kept, verdict.score, verdict.correct, name)
        return True


def main(argv: Sequence[str]) -> int:
    """``python -m acelab.teaching.answers FILE.csv``: export this learner's attempts as CSV."""
    if len(argv) != 1 or not argv[0].endswith(".csv"):
        print("Usage: python -m acelab.teaching.answers attempts.csv")
        return 2
    with open_store() as store:
        if not store.writable:
            print(f"The progress store cannot be read: {store.problem}")
            return 1
        rows = store.export_attempts_csv(argv[0])
    print(f"Wrote {rows} attempts to {argv[0]}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

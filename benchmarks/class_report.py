"""Class report speed: 30 pupils × every lesson (issue 17: under 2 s).

Writes nbgrader's ``submitted/<pupil>/<lesson>/acelab-answers.json`` for 30 pupils, each
answering every exercise of every lesson for the notebook's seed (1): a third right first time,
a third a named mistake then right, a third a named mistake only; then times
``python -m acelab.report`` in a fresh process (cold: it builds each lesson's questions to check
the answers again) and :func:`acelab.report.class_report` again in one process (warm: the
questions already built). Prints both, and the cold time of building the questions alone.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from acelab.answers import ChoiceQuestion, NumberQuestion, Question
from acelab.exercises import LESSONS, lesson
from acelab.marking import ANSWER_FILE, FORMAT, VERSION

PUPILS = 30


def wrong(question: Question) -> str:
    """A named mistake's answer where the question has one, else a plain wrong answer."""
    if isinstance(question, NumberQuestion) and question.mistakes:
        value = question.mistakes[0].value
        return f"{value.numerator}/{value.denominator}"
    if isinstance(question, ChoiceQuestion):
        return question.letters[(question.right + 1) % len(question.options)]
    return "0"


def write_class(root: Path) -> int:
    """The class's submissions under ``root``; returns the number of attempts written."""
    written = 0
    questions = {name: lesson(name).exercises(1) for name in LESSONS}
    for number in range(PUPILS):
        pupil = f"pupil{number + 1:02d}"
        for name, exercises in questions.items():
            attempts = []
            for question in exercises:
                typed = [question.answer] if number % 3 == 0 else [wrong(question)]
                if number % 3 == 1:
                    typed.append(question.answer)
                for n, text in enumerate(typed, start=1):
                    verdict = question.check(text, n)
                    attempts.append(
                        {
                            "exercise": question.id,
                            "answer": text,
                            "score": verdict.score,
                            "correct": verdict.correct,
                            "message": verdict.message,
                            "learner": pupil,
                        }
                    )
            folder = root / "submitted" / pupil / name
            folder.mkdir(parents=True)
            data = {"format": FORMAT, "version": VERSION, "attempts": attempts}
            (folder / ANSWER_FILE).write_text(json.dumps(data), encoding="utf-8")
            written += len(attempts)
    return written


def _children_cpu() -> float:
    """CPU seconds (user and system) used so far by finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        attempts = write_class(root)
        print(f"{PUPILS} pupils × {len(LESSONS)} lessons, {attempts} attempts.")
        env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
        start, used = time.perf_counter(), _children_cpu()
        subprocess.run(
            [sys.executable, "-m", "acelab.report", str(root / "submitted")],
            check=True,
            stdout=subprocess.DEVNULL,
            env=env,
        )
        cold, cpu = time.perf_counter() - start, _children_cpu() - used
        build = (
            "import time; from acelab.exercises import LESSONS, lesson; s = time.perf_counter(); "
            "[lesson(n).exercises(1) for n in LESSONS]; print(time.perf_counter() - s)"
        )
        questions = float(
            subprocess.run(
                [sys.executable, "-c", build], check=True, capture_output=True, text=True, env=env
            ).stdout
        )
        from acelab.report import class_report

        class_report(root / "submitted")
        start = time.perf_counter()
        report = class_report(root / "submitted")
        warm = time.perf_counter() - start
        assert len(report.pupils) == PUPILS and not report.problems, report.problems
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(
            f"cold (a fresh `python -m acelab.report`): {cold:.2f} s, of which {cpu:.2f} s of CPU"
        )
        print("  (goal: under 2 s; on a busy machine the CPU time is the figure to compare)")
        print(f"  of which building the lessons' questions for one seed: {questions:.2f} s")
        print(f"warm (questions built; reading, re-checking, counting): {warm:.2f} s")


if __name__ == "__main__":
    main()

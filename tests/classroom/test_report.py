"""The class at a glance (issue 17): 30 pupils' submissions with known answers, every figure
checked against the plan they were written from; bad files each reported in one sentence, and
never changing another pupil's figures."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acelab.classroom.marking import ANSWER_FILE, keep_answer
from acelab.classroom.report import WELCOME, ClassReport, class_report, main
from acelab.teaching.answers import (
    ChoiceQuestion,
    NumberQuestion,
    Question,
    answer_of,
    right_of,
    value_of,
)
from acelab.teaching.exercises import LESSONS, lesson

PUPILS = [f"pupil{n:02d}" for n in range(1, 31)]
LESSON = "counting"
QUESTIONS: list[Question] = list(lesson(LESSON).exercises(1))
RIGHT, LATE, WRONG, SKIP = "right first time", "right at try 2", "wrong", "skipped"


def plan(pupil: int, exercise: int) -> str:
    """What pupil number ``pupil`` does at exercise number ``exercise``."""
    return (RIGHT, LATE, WRONG, SKIP)[(pupil * 3 + exercise + pupil // 4) % 4]


def mistaken(question: Question) -> tuple[str, str]:
    """A wrong answer that makes the question's first named mistake, and its feedback."""
    if isinstance(question, NumberQuestion):
        value = question.mistakes[0].value
        return f"{value.numerator}/{value.denominator}", question.mistakes[0].feedback
    assert isinstance(question, ChoiceQuestion)
    wrong = next(i for i in range(len(question.options)) if i != right_of(question))
    return f"({question.letters[wrong].lower()})", question.options[wrong][1]


def unusual(question: Question) -> str:
    """The right answer as a pupil may type it."""
    if isinstance(question, ChoiceQuestion):
        return f"the answer is {answer_of(question).lower()}"
    assert isinstance(question, NumberQuestion)
    return f" {value_of(question).numerator}/{value_of(question).denominator} "


def answer(folder: Path, monkeypatch: pytest.MonkeyPatch, pupil: str, q: Question, typed: str):
    """Check ``typed`` and keep it as the answer widget does."""
    monkeypatch.setenv("ACELAB_ANSWERS", str(folder))
    attempt = 1 + sum(1 for _ in _tries(folder, q.id))
    assert keep_answer(q.id, typed, q.check(typed, attempt), pupil)


def _tries(folder: Path, exercise: str) -> list[dict[str, object]]:
    path = folder / ANSWER_FILE
    if not path.exists():
        return []
    return [a for a in json.loads(path.read_text())["attempts"] if a["exercise"] == exercise]


@pytest.fixture(scope="module")
def submitted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """nbgrader's submitted/<pupil>/<assignment>/ for 30 pupils, each following plan()."""
    root = tmp_path_factory.mktemp("course") / "submitted"
    with pytest.MonkeyPatch.context() as monkeypatch:
        for p, pupil in enumerate(PUPILS):
            folder = root / pupil / "lesson_counting"
            folder.mkdir(parents=True)
            (folder / "lesson_counting.ipynb").write_text("{}", encoding="utf-8")
            for e, question in enumerate(QUESTIONS):
                what = plan(p, e)
                if what in (LATE, WRONG):
                    answer(folder, monkeypatch, pupil, question, mistaken(question)[0])
                if what in (RIGHT, LATE):
                    answer(folder, monkeypatch, pupil, question, unusual(question))
    return root


@pytest.fixture(scope="module")
def report(submitted: Path) -> ClassReport:
    return class_report(submitted)


def test_the_plan_uses_every_kind_of_answer_and_only_checkable_questions():
    assert {plan(p, e) for p in range(30) for e in range(len(QUESTIONS))} == {
        RIGHT,
        LATE,
        WRONG,
        SKIP,
    }
    for question in QUESTIONS:
        assert question.check(unusual(question)).correct
        assert not question.check(mistaken(question)[0]).correct


def test_every_figure_of_every_exercise_is_what_the_pupils_did(report):
    assert report.pupils == tuple(PUPILS)
    assert report.problems == ()
    assert [row.key for row in report.exercises] == [q.id.removesuffix("-1") for q in QUESTIONS]
    for e, (row, question) in enumerate(zip(report.exercises, QUESTIONS, strict=True)):
        did = [plan(p, e) for p in range(30)]
        assert row.lesson == LESSON
        assert row.question == question.question
        assert row.answered == sum(d != SKIP for d in did)
        assert row.first_time == did.count(RIGHT)
        assert row.eventually == did.count(RIGHT) + did.count(LATE)
        feedback = mistaken(question)[1]
        made = did.count(LATE) + did.count(WRONG)
        assert [(m.feedback, m.pupils) for m in row.mistakes] == [(feedback, made)]


def test_the_grid_shows_each_pupil_at_each_exercise(report):
    shown = {RIGHT: "✔", LATE: "✔2", WRONG: "✖"}
    for p, pupil in enumerate(PUPILS):
        expected = {
            row.key: shown[plan(p, e)]
            for e, row in enumerate(report.exercises)
            if plan(p, e) != SKIP
        }
        assert dict(report.grid[pupil]) == expected


def test_the_csv_files_hold_the_same_figures(report, tmp_path):
    exercises, mistakes, grid = report.write_csv(tmp_path)
    rows = list(csv.DictReader(exercises.open(encoding="utf-8")))
    assert [
        (r["exercise"], int(r["answered"]), int(r["right first time"]), int(r["right eventually"]))
        for r in rows
    ] == [(x.key, x.answered, x.first_time, x.eventually) for x in report.exercises]
    assert {int(r["pupils"]) for r in rows} == {30}
    made = list(csv.DictReader(mistakes.open(encoding="utf-8")))
    assert [(m["exercise"], int(m["pupils"]), m["feedback"]) for m in made] == [
        (x.key, m.pupils, m.feedback) for x in report.exercises for m in x.mistakes
    ]
    table = list(csv.reader(grid.open(encoding="utf-8")))
    assert table[0] == ["pupil", *(x.key for x in report.exercises)]
    assert [row[0] for row in table[1:]] == PUPILS
    assert table[2][1:] == [report.grid[PUPILS[1]].get(x.key, "") for x in report.exercises]


def test_a_plot_per_lesson_and_the_command_line(report, submitted, tmp_path, capsys):
    picture = report.plot(LESSON)
    assert picture._repr_png_().startswith(b"\x89PNG")
    assert f"{report.exercises[0].key}: {report.exercises[0].answered} answered" in repr(picture)
    assert "<table" in report._repr_html_()
    assert main([str(submitted), "--csv", str(tmp_path), "--plots", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Class report for {submitted}: 30 pupils.")
    assert (tmp_path / "counting.png").exists() and (tmp_path / "class-grid.csv").exists()


def test_in_a_course_folder_only_the_submissions_count(submitted, report, tmp_path):
    course = tmp_path / "course"
    shutil.copytree(submitted, course / "submitted")
    shutil.copytree(submitted, course / "autograded")  # nbgrader's copies, marked
    (course / "source" / "lesson_counting").mkdir(parents=True)
    (course / "source" / "lesson_counting" / "lesson_counting.ipynb").write_text("{}")
    found = class_report(course)
    assert (found.pupils, found.grid, found.problems) == (report.pupils, report.grid, ())
    assert found.exercises == report.exercises


def test_an_exported_attempts_csv_is_read_as_its_learners_work(tmp_path):
    from acelab.store import open_store

    store = open_store(tmp_path / "home")
    question = QUESTIONS[1]
    store.record_attempt(question.id, "9", 0.0, False, "zoe")
    store.record_attempt(question.id, "10", 1.0, True, "zoe")
    (tmp_path / "class").mkdir()
    store.export_attempts_csv(tmp_path / "class" / "zoe.csv")
    store.close()
    found = class_report(tmp_path / "class")
    assert found.pupils == ("zoe",) and found.problems == ()
    assert found.grid["zoe"] == {question.id.removesuffix("-1"): "✔2"}


def test_the_welcome_notebook_s_question_is_no_problem(tmp_path, monkeypatch):
    """On a hub a pupil answers the welcome's question first: it is in no lesson, is left out,
    and is not reported as an answer to an exercise that does not exist."""
    from acelab.ace_of_spades.lessons.counting import at_least_one_ace

    welcome = at_least_one_ace()
    assert welcome.id.startswith(WELCOME)
    answer(tmp_path / "zoe" / "class", monkeypatch, "zoe", welcome, answer_of(welcome))
    answer(tmp_path / "zoe" / "class", monkeypatch, "zoe", QUESTIONS[1], answer_of(QUESTIONS[1]))
    found = class_report(tmp_path)
    assert found.pupils == ("zoe",) and found.problems == ()
    assert found.grid["zoe"] == {QUESTIONS[1].id.removesuffix("-1"): "✔"}


# -- bad input ----------------------------------------------------------------------------------


def _bad_files(root: Path) -> dict[str, Path]:
    """One bad submission of each kind, each in a folder of its own (beside the 30)."""

    def folder(pupil: str) -> Path:
        path = root / pupil / "lesson_counting"
        path.mkdir(parents=True)
        return path / ANSWER_FILE

    good = json.loads((root / PUPILS[0] / "lesson_counting" / ANSWER_FILE).read_text())
    files = {
        "missing": folder("mo"),
        "damaged": folder("dee"),
        "foreign": folder("fay"),
        "edited": folder("ed"),
        "unknown": folder("una"),
        "duplicate": root / "extra" / "pupil02.csv",
    }
    files["missing"].with_name("lesson_counting.ipynb").write_text("{}")
    files["damaged"].write_text('{"format": "acelab answers", "attempts": [')
    files["foreign"].write_text(json.dumps({"cells": [], "nbformat": 4}))
    q = QUESTIONS[2]
    files["edited"].write_text(
        json.dumps(
            {
                "format": "acelab answers",
                "version": 1,
                "attempts": [
                    {"exercise": q.id, "answer": "7", "score": 1.0, "correct": True},
                    {"exercise": "no-such-exercise", "answer": "1", "score": 0, "correct": False},
                ],
            }
        )
    )
    good["attempts"] = [dict(a, exercise="poker-flying-pigs") for a in good["attempts"]]
    files["unknown"].write_text(json.dumps(good))
    files["duplicate"].parent.mkdir()
    with files["duplicate"].open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["learner", "exercise", "answer", "score", "correct", "time"])
        for question in QUESTIONS:
            writer.writerow(["pupil02", question.id, answer_of(question), 1.0, True, "2026"])
    return files


def test_each_bad_file_gets_one_sentence_naming_the_pupil_and_the_file(submitted, tmp_path):
    root = tmp_path / "submitted"
    shutil.copytree(submitted, root)
    files = _bad_files(root)
    found = class_report(root)
    pupils = {"missing": "mo", "damaged": "dee", "foreign": "fay", "edited": "ed"}
    pupils |= {"unknown": "una", "duplicate": "pupil02"}
    for kind, path in files.items():
        where = str(path.parent if kind == "missing" else path)
        said = [p for p in found.problems if where in p and pupils[kind] in p]
        assert len(said) >= 1, (kind, found.problems)
        assert all(s.count(". ") == 0 and s.endswith(".") for s in said)
    # acelab's check counts, not the file's
    assert found.grid["ed"] == {QUESTIONS[2].id.removesuffix("-1"): "✖"}
    assert {"mo", "dee", "fay", "una"} <= set(found.pupils)
    clean = class_report(submitted)
    for pupil in PUPILS:
        assert found.grid[pupil] == clean.grid[pupil]
    # ed: the verdict and the exercise no lesson has; una: the exercises and the copied name
    assert len(found.problems) == 8


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(junk=st.binary(max_size=300), who=st.sampled_from(PUPILS))
def test_no_file_changes_another_pupils_figures(submitted, report, tmp_path_factory, junk, who):
    root = tmp_path_factory.mktemp("fuzz") / "submitted"
    shutil.copytree(submitted, root)
    (root / who / "lesson_counting" / ANSWER_FILE).write_bytes(junk)
    found = class_report(root)
    clean = report
    assert found.pupils == clean.pupils
    for pupil in PUPILS:
        if pupil != who:
            assert found.grid[pupil] == clean.grid[pupil]
    assert any(who in p and ANSWER_FILE in p for p in found.problems) or junk.strip() == b""


def test_a_folder_named_submitted_inside_a_submission_cannot_speak_for_another_pupil(
    submitted, report, tmp_path
):
    root = tmp_path / "submitted"
    shutil.copytree(submitted, root)
    # pupil03 hands in, inside their own assignment, a folder laid out like another submission
    fake = root / "pupil03" / "lesson_counting" / "submitted" / "pupil04" / "lesson_counting"
    fake.mkdir(parents=True)
    with pytest.MonkeyPatch.context() as monkeypatch:
        for question in QUESTIONS:
            answer(fake, monkeypatch, "pupil04", question, mistaken(question)[0])
    found = class_report(root)
    assert found.pupils == report.pupils
    assert found.grid["pupil04"] == report.grid["pupil04"]


def test_an_export_handed_in_by_one_pupil_counts_for_that_pupil_only(submitted, report, tmp_path):
    root = tmp_path / "submitted"
    shutil.copytree(submitted, root)
    export = root / PUPILS[0] / "lesson_counting" / "attempts.csv"
    with export.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["learner", "exercise", "answer", "score", "correct", "time"])
        for question in QUESTIONS:  # answers for a pupil who handed nothing in
            writer.writerow(["absent", question.id, answer_of(question), 1.0, True, "2026"])
    found = class_report(root)
    assert found.pupils == report.pupils and found.grid == report.grid
    said = [p for p in found.problems if str(export) in p]
    assert len(said) == 1 and "absent" in said[0] and PUPILS[0] in said[0]


def test_an_unknown_exercise_with_a_huge_id_is_named_short(tmp_path):
    folder = tmp_path / "class" / "zoe"
    folder.mkdir(parents=True)
    attempt = {"exercise": "x" * 100_000, "answer": "1", "score": 0.0, "correct": False}
    document = {"format": "acelab answers", "version": 1, "attempts": [attempt]}
    (folder / ANSWER_FILE).write_text(json.dumps(document), encoding="utf-8")
    found = class_report(tmp_path / "class")
    assert len(found.problems) == 1 and len(found.problems[0]) < 400, found.problems[0][:200]


def test_a_file_naming_thousands_of_seeds_is_bounded_and_reported(submitted, report, tmp_path):
    from acelab.classroom import report as module

    root = tmp_path / "submitted"
    shutil.copytree(submitted, root)
    seeded = next(q.id for q in QUESTIONS if q.id.endswith("-1"))[:-2]
    seeds = [*range(5_000, 7_000), 10**30, -(10**19), "w" * 150]
    attempts = [
        {"exercise": f"{seeded}-{seed}", "answer": "1", "score": 0.0, "correct": False}
        for seed in seeds
    ]
    path = root / "max" / "lesson_counting" / ANSWER_FILE
    path.parent.mkdir(parents=True)
    document = {"format": "acelab answers", "version": 1, "attempts": attempts}
    path.write_text(json.dumps(document), encoding="utf-8")
    built = module._questions.cache_info().misses
    found = class_report(root)
    # at most MAX_SEEDS deals of the lesson, and each lesson once for its layout
    assert module._questions.cache_info().misses - built <= module.MAX_SEEDS + len(LESSONS)
    for pupil in PUPILS:
        assert found.grid[pupil] == report.grid[pupil]
    said = [p for p in found.problems if str(path) in p and "max" in p]
    assert len(said) == 3, said  # no lesson's seed, too many seeds, and seeds 2 to 10
    assert any("another seed too" in s for s in said)
    assert all(s.count(". ") == 0 and s.endswith(".") and len(s) < 400 for s in said)
    assert any("billion billion" in s for s in said)  # the seeds no lesson deals
    assert any(f"{len(range(5_000, 7_000)):,} different seeds" in s for s in said)
    assert found.grid["max"] == {seeded: "✖"}  # the first seed's answer still counts

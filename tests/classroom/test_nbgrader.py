"""nbgrader end to end (issue 17): a course folder, ``generate_assignment`` on the counting
lesson of the pupils' folder, pupils answering through the answer box, ``autograde`` and
``generate_feedback``. The gradebook's scores must be acelab's own verdicts, exercise by
exercise, and the feedback must show acelab's sentences."""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from acelab.classroom.marking import ANSWER_FILE
from acelab.classroom.policy import DEFAULT, score
from acelab.classroom.pupils import write_class, write_nbgrader_sources
from acelab.teaching.exercises import lesson

ASSIGNMENT, NOTEBOOK = "counting", "lesson_counting"
PUPILS: dict[str, tuple[int, dict[str, list[str]]]] = {
    # right, wrong, and in unusual forms; one exercise right at the second try
    "amir": (
        1,
        {
            "poker-opening-damage": ["9"],
            "poker-spade-pairs": ["20"],
            "poker-ordered-three": ["132,600"],
            "poker-five-card-hands": ["52!/(5!47!)"],
            "poker-why-divide": ["(B)"],
            "poker-four-of-a-kind": ["48", "624"],
            "poker-one-suit": ["5 148"],
            "poker-flush-vs-straight": ["option C"],
            "poker-flush-chance": ["0.2%"],
            "poker-counting-plenary": ["A"],
        },
    ),
    # another seed, and most exercises skipped
    "bea": (7, {"poker-opening-damage": ["1"], "poker-why-divide": ["b)"]}),
    # edits locked cells: an answer box and the marking of exercises skipped or wrong
    "cal": (1, {"poker-spade-pairs": ["25"], "poker-ordered-three": ["132600"]}),
    # tampers with one attempt in the answer file
    "dee": (1, {"poker-opening-damage": ["9"], "poker-one-suit": ["5,148"]}),
    # a damaged answer file
    "eve": (1, {"poker-opening-damage": ["9"]}),
}


def _nbgrader(course: Path, *arguments: str) -> str:
    tools = Path(sys.executable).parent  # nbgrader runs alembic from the PATH
    command = [str(tools / "nbgrader"), *arguments]
    path = f"{tools}{os.pathsep}{os.environ.get('PATH', '')}"
    done = subprocess.run(
        command,
        cwd=course,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PATH": path},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def _cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def _answer(folder: Path, pupil: str, seed: int, typed: dict[str, list[str]], monkeypatch):
    """The pupil answers in their notebook's folder through the answer box; returns the
    verdicts the box showed at each exercise (by grade_id), oldest first."""
    from acelab.widgets.answer import AnswerBox

    monkeypatch.setenv("ACELAB_ANSWERS", str(folder))
    monkeypatch.setenv("ACELAB_LEARNER", pupil)
    questions = {q.id.removesuffix(f"-{seed}"): q for q in lesson(ASSIGNMENT).exercises(seed)}
    shown = {}
    for grade_id, texts in typed.items():
        box = AnswerBox(questions[grade_id])
        shown[grade_id] = []
        for text in texts:
            box.answer(text)
            shown[grade_id].append(box.verdict)
    return shown


def _edit(path: Path, change) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        cell["source"] = change("".join(cell["source"]), cell["metadata"])
    path.write_text(json.dumps(notebook), encoding="utf-8")


@pytest.mark.soak  # 50-90 s: nbgrader executes five notebooks
def test_nbgrader_marks_what_acelab_says(tmp_path, monkeypatch):
    # imported here, not at the top: importing nbgrader takes seconds, and make test, which
    # collects this file, does not run this test
    nbgrader_api = pytest.importorskip("nbgrader.api")
    course = tmp_path / "course"
    write_nbgrader_sources(course)  # the lessons with their hidden tests, one assignment each
    write_class(tmp_path / "class")  # what pupils get by nbgitpuller: no hidden tests
    handed = tmp_path / "class" / "ace_of_spades" / f"{NOTEBOOK}.ipynb"
    assert "mark(" not in handed.read_text(encoding="utf-8")
    (course / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        "c.CourseDirectory.course_id = 'acelab'\n"
        f"c.CourseDirectory.root = {str(course)!r}\n"
        "c.Execute.timeout = 300\n"
    )
    _nbgrader(course, "generate_assignment", ASSIGNMENT, "--force")
    release = course / "release" / ASSIGNMENT / f"{NOTEBOOK}.ipynb"
    assert "mark(" not in release.read_text(encoding="utf-8")  # hidden tests are hidden
    # nbgitpuller's class/ copy and nbgrader's release hold the same cells
    ids = [c.get("id") for c in _cells(release)]
    assert ids == [c.get("id") for c in _cells(handed)]
    points = {
        c["metadata"]["nbgrader"]["grade_id"]: c["metadata"]["nbgrader"]["points"]
        for c in _cells(release)
        if c["metadata"].get("nbgrader", {}).get("grade")
    }
    assert len(points) == 10

    verdicts = {}
    for pupil, (seed, typed) in PUPILS.items():
        folder = course / "submitted" / pupil / ASSIGNMENT
        folder.mkdir(parents=True)  # amir and bea from nbgrader's release, the others from class/
        shutil.copy(release if pupil in {"amir", "bea"} else handed, folder)
        notebook = folder / f"{NOTEBOOK}.ipynb"
        _edit(notebook, lambda s, m, seed=seed: f"SEED = {seed}" if s.startswith("SEED = ") else s)
        verdicts[pupil] = _answer(folder, pupil, seed, typed, monkeypatch)
    answers = course / "submitted" / "cal" / ASSIGNMENT
    _edit(
        answers / f"{NOTEBOOK}.ipynb",
        lambda s, m: (
            "ask(poker.ordered_three())"
            if s == "ask(poker.spade_pairs())"
            else 'from acelab.classroom.marking import marking_policy\nmarking_policy("best")'
            if "marking_policy(" in s
            else "2.0"
            if m.get("nbgrader", {}).get("grade_id") in {"poker-spade-pairs", "poker-one-suit"}
            else s
        ),
    )
    tampered = course / "submitted" / "dee" / ASSIGNMENT / ANSWER_FILE
    data = json.loads(tampered.read_text(encoding="utf-8"))
    data["attempts"][1]["score"] = "full marks"
    tampered.write_text(json.dumps(data), encoding="utf-8")
    damaged = course / "submitted" / "eve" / ASSIGNMENT / ANSWER_FILE
    damaged.write_text('{"format": "acelab answers", "attempts": [', encoding="utf-8")

    _nbgrader(course, "autograde", ASSIGNMENT, "--create", "--force")
    _nbgrader(course, "generate_feedback", ASSIGNMENT, "--force")

    # the default policy, a penalty of 0.1 of the points per wrong try (cal's edit to "best"
    # of the locked policy cell is put back by autograde)
    expected = {
        pupil: {
            g: round(points[g] * score(((v.score, v.correct) for v in tried), DEFAULT), 6)
            for g, tried in verdicts[pupil].items()
        }
        for pupil in PUPILS
    }
    expected["dee"]["poker-one-suit"] = 0  # the tampered attempt
    expected["eve"] = {}  # the damaged file
    with nbgrader_api.Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for pupil in PUPILS:
            got = {g: gradebook.find_grade(g, NOTEBOOK, ASSIGNMENT, pupil).score for g in points}
            assert got == {g: expected[pupil].get(g, 0) for g in points}, pupil
    print(
        "gradebook = acelab:",
        {p: sum(expected[p].values()) for p in PUPILS},
        "of",
        sum(points.values()),
    )
    assert (
        expected["amir"]["poker-ordered-three"] == 1 and expected["amir"]["poker-spade-pairs"] == 0
    )
    assert 0 < expected["amir"]["poker-flush-chance"] < 1  # rounded too much: half marks
    assert expected["amir"]["poker-four-of-a-kind"] == 0.9  # right at the second try

    # the class report gives the gradebook's numbers
    from acelab.classroom.report import class_report

    report = class_report(course)
    for pupil in ("amir", "bea", "cal"):
        for grade_id, awarded in expected[pupil].items():
            assert report.marks[pupil][grade_id] == pytest.approx(awarded), (pupil, grade_id)

    for pupil in ("amir", "bea", "cal", "dee"):
        page = (course / "feedback" / pupil / ASSIGNMENT / f"{NOTEBOOK}.html").read_text()
        for grade_id, tried in verdicts[pupil].items():
            if not (pupil == "dee" and grade_id == "poker-one-suit"):
                assert html.escape(tried[-1].message, quote=False) in page, (pupil, grade_id)
    page = (course / "feedback" / "dee" / ASSIGNMENT / f"{NOTEBOOK}.html").read_text()
    assert "acelab did not write" in page
    page = (course / "feedback" / "eve" / ASSIGNMENT / f"{NOTEBOOK}.html").read_text()
    assert "of eve cannot be read" in page and ANSWER_FILE in page

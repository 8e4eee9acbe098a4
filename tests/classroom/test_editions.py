"""Student and teacher editions: made from one source each, committed up to date, tested both."""

from __future__ import annotations

import ast
import importlib
import json
import re
from pathlib import Path

import pytest

from acelab.classroom.editions import ROOT, editions, main, stale, student_edition, teacher_edition
from acelab.teaching.answers import answer_of

SOURCES = sorted((ROOT / "lessons").rglob("*.ipynb"))
WORKED = re.compile(r"worked\((\w+)\.(\w+)\((SEED)?\)\)")


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _code(cell: dict) -> str:
    return "".join(cell["source"])


def _cell(kind: str, text: str, *tags: str, **acelab) -> dict:
    cell = {"cell_type": kind, "id": f"c{len(text)}{len(tags)}", "metadata": {}, "source": [text]}
    if tags:
        cell["metadata"]["tags"] = list(tags)
    if acelab:
        cell["metadata"]["acelab"] = acelab
    if kind == "code":
        cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": ["old\n"]}]
        cell["execution_count"] = 3
    return cell


def _notebook(*cells: dict) -> dict:
    return {"cells": list(cells), "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def test_there_are_lesson_sources():
    assert {p.relative_to(ROOT / "lessons").as_posix() for p in SOURCES} >= {
        "ace_pilot/lesson.ipynb"
    }


def test_the_committed_editions_are_what_their_sources_give():
    assert stale() == [], "run make editions"
    assert main(["--check"]) == 0


def test_a_student_edition_drops_teacher_cells_clears_outputs_and_marks_exercises():
    source = _notebook(
        _cell("markdown", "Intro"),
        _cell("markdown", "Notes", "teacher"),
        _cell("code", "ask(q)", "exercise", grade_id="q-1", points=2),
        _cell("code", "worked(q)", "solution"),
        _cell("markdown", "All the answers", "answers"),
    )
    student = student_edition(source, "lessons/x.ipynb")
    assert [_code(c) for c in student["cells"]][:2] == ["Intro", "ask(q)"]
    exercise, marking = student["cells"][1:]
    assert exercise["outputs"] == [] and exercise["execution_count"] is None
    assert exercise["metadata"]["nbgrader"] == {
        "grade": False,
        "grade_id": "q-1-box",
        "locked": True,
        "schema_version": 3,
        "solution": False,
        "task": False,
    }
    assert marking["metadata"]["nbgrader"] == {
        "grade": True,
        "grade_id": "q-1",
        "locked": True,
        "points": 2,
        "schema_version": 3,
        "solution": False,
        "task": False,
    }
    hidden = _code(marking).split("### BEGIN HIDDEN TESTS\n")[1]
    assert hidden == "from acelab.classroom.marking import mark\nmark(q, 2)\n### END HIDDEN TESTS"
    assert student["metadata"]["acelab"] == {"edition": "student", "source": "lessons/x.ipynb"}
    assert source["cells"][2]["outputs"]  # the source is left alone


def test_a_teacher_edition_keeps_everything_behind_a_banner():
    source = _notebook(
        _cell("markdown", "See [play](play.ipynb)."),
        _cell("code", "worked(q)", "solution"),
    )
    teacher = teacher_edition(source, "lessons/ace_pilot/lesson.ipynb")
    texts = [_code(c) for c in teacher["cells"]]
    assert (
        texts[0].startswith("> **Teacher edition**")
        and "notebooks/ace_pilot/lesson.ipynb" in texts[0]
    )
    assert texts[1] == "See [play](../../notebooks/ace_pilot/play.ipynb)."
    assert texts[2] == "worked(q)" and teacher["cells"][2]["outputs"] == []


def test_exercise_cells_need_one_grade_id_each():
    with pytest.raises(ValueError, match=r"no acelab\.grade_id"):
        student_edition(_notebook(_cell("code", "ask(q)", "exercise")), "lessons/x.ipynb")
    for code in ("show(q)", "ask(q)\nask(r)", "ask(q, 1)", "ask(", "x = ask(q)"):
        with pytest.raises(ValueError, match="not one ask"):
            student_edition(_notebook(_cell("code", code, "exercise", grade_id="e")), "x")
    twice = _notebook(
        _cell("code", "ask(a)", "exercise", grade_id="same"),
        _cell("code", "ask(bb)", "exercise", grade_id="same"),
    )
    with pytest.raises(ValueError, match="twice"):
        student_edition(twice, "lessons/x.ipynb")


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_student_edition_shows_no_answer(source):
    relative = source.relative_to(ROOT / "lessons")
    student = _load(ROOT / "notebooks" / relative)
    exercises = [c for c in student["cells"] if "exercise" in c["metadata"].get("tags", [])]
    assert exercises, "a lesson has exercises"
    for cell in student["cells"]:
        assert not set(cell["metadata"].get("tags", [])) & {"teacher", "solution", "answers"}
        assert "worked(" not in _code(cell) and "Teacher note" not in _code(cell)
        assert cell.get("outputs", []) == []
    graded = [c for c in student["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]
    ids = [c["metadata"]["nbgrader"]["grade_id"] for c in graded]
    assert len(ids) == len(set(ids)) == len(exercises)
    assert ids == [c["metadata"]["acelab"]["grade_id"] for c in exercises]


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_answer_in_the_teacher_edition_checks_correct(source):
    relative = source.relative_to(ROOT / "lessons")
    teacher = _load(ROOT / "teachers" / relative)
    student = _load(ROOT / "notebooks" / relative)
    imports = {}
    for cell in teacher["cells"]:
        found = re.findall(r"from ([\w.]+) import (\w+)(?: as (\w+))?$", _code(cell), re.M)
        for module, name, alias in found:
            imports[alias or name] = f"{module}.{name}"
        for module, alias in re.findall(r"^import ([\w.]+) as (\w+)$", _code(cell), re.M):
            imports[alias] = module
    seeds = re.findall(r"^SEED = (.+)$", "\n".join(map(_code, teacher["cells"])), re.M)
    seed = ast.literal_eval(seeds[0]) if seeds else None
    worked = 0
    for cell in teacher["cells"]:
        for alias, function, seeded in WORKED.findall(_code(cell)):
            module = importlib.import_module(imports[alias])
            question = getattr(module, function)(*([seed] if seeded else []))
            assert question.check(answer_of(question)).correct, (function, answer_of(question))
            worked += 1
    exercises = [c for c in student["cells"] if "exercise" in c["metadata"].get("tags", [])]
    assert worked >= len(exercises) > 0


def test_editions_are_made_for_every_source():
    made = editions()
    for source in SOURCES:
        relative = source.relative_to(ROOT / "lessons")
        assert Path("notebooks") / relative in made and Path("teachers") / relative in made

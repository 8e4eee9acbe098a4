"""The pupils' folder (``make class``): everything a class gets and no answer (issue 17)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

import tests.classroom.marking as reading
from acelab.classroom.editions import ROOT, editions
from acelab.classroom.pupils import (
    class_files,
    main,
    requirements,
    without_hidden_tests,
    write_class,
)
from acelab.teaching.exercises import LESSONS, lesson
from tests.classroom.marking import answer_forms, copied
from tests.classroom.test_marking import copyable

GAMES = ("ace_pilot", "ace_of_spades", "ace_of_spades_lex", "absolutely_aces")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = tmp_path_factory.mktemp("school") / "class"
    assert main([str(made)]) == 0
    return made


def _texts(folder: Path) -> dict[Path, str]:
    return {
        p.relative_to(folder): p.read_text(encoding="utf-8")
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_the_class_folder_holds_what_pupils_open_and_nothing_for_teachers(folder):
    files = set(_texts(folder))
    lessons = {Path(lesson(name).notebook).relative_to("lessons") for name in LESSONS}
    plays = {Path(game, "play.ipynb") for game in GAMES}
    assert lessons | plays | {Path("00_welcome.ipynb"), Path("requirements.txt")} <= files
    assert all(p.suffix in {".ipynb", ".html", ".txt"} for p in files), files
    assert not any("teacher" in str(p) or "key" in str(p) for p in files)
    made = editions()
    for relative in lessons:
        handed = without_hidden_tests(made[Path("notebooks", relative)])  # as nbgrader releases
        assert (folder / relative).read_text(encoding="utf-8") == handed
    for relative, text in _texts(folder).items():
        if relative.suffix != ".ipynb":
            continue
        notebook = json.loads(text)
        assert notebook["metadata"].get("acelab", {}).get("edition") != "teacher"
        for cell in notebook["cells"]:
            assert not set(cell["metadata"].get("tags", [])) & {"teacher", "solution", "answers"}
            assert "worked(" not in "".join(cell["source"]), relative
        assert "**Answer:**" not in text and "Teacher edition" not in text


def test_every_link_of_the_class_folder_stays_inside_it(folder):
    for relative, text in _texts(folder).items():
        for target in re.findall(r"\]\(([^)#\s]+)[^)]*\)", text):
            if "://" not in target and not target.startswith("mailto:"):
                assert (folder / relative.parent / target).resolve().is_relative_to(folder), target
                assert (folder / relative.parent / target).exists(), (relative, target)


def test_requirements_pin_acelab_by_version_and_binder_s_pins():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    lines = [x for x in requirements().splitlines() if x and not x.startswith("#")]
    binder = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    assert lines == [f"acelab=={version}", *(x for x in binder if x and x[0] not in "#-")]
    assert "-e" not in requirements() and "git+" not in requirements()


def test_make_class_writes_afresh_and_never_over_a_foreign_folder(tmp_path):
    target = tmp_path / "class"
    write_class(target)
    (target / "leftover.ipynb").write_text("{}")
    write_class(target)
    assert not (target / "leftover.ipynb").exists()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("my own notes")
    with pytest.raises(ValueError, match="did not write"):
        write_class(mine)
    assert (mine / "notes.txt").read_text() == "my own notes"


def test_a_teacher_cell_in_a_student_notebook_stops_the_build(tmp_path):
    for part in ("lessons", "notebooks/g", "binder"):
        (tmp_path / part).mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text('[project]\nversion = "1.2"\n')
    (tmp_path / "binder" / "requirements.txt").write_text("-e .\nnumpy\n")
    cell = {"cell_type": "markdown", "metadata": {"tags": ["teacher"]}, "source": ["note"]}
    (tmp_path / "notebooks" / "g" / "play.ipynb").write_text(
        json.dumps({"cells": [cell], "metadata": {}})
    )
    with pytest.raises(ValueError, match="teacher's cell"):
        class_files(tmp_path)


def _copyable_in_class(folder: Path, seeds, monkeypatch) -> list[object]:
    """The kit's copyability check, reading each lesson as the class folder holds it."""
    monkeypatch.setattr(
        reading,
        "student_edition",
        lambda name: folder / Path(lesson(name).notebook).relative_to("lessons"),
    )
    return [found for name in LESSONS for found in copyable(name, seeds)]


def _distinctive(form: str) -> bool:
    """Whether an answer found in another file gives it away: three digits or more, and not a
    whole number under 1,000 (a damage, a count of cards or an age is in every file)."""
    plain = form.replace(",", "").replace(" ", "")
    if plain.isdigit() and int(plain) < 1000:
        return False
    return sum(ch.isdigit() for ch in form) >= 3


def _elsewhere(folder: Path, seeds) -> list[tuple[object, str, str, list[str]]]:
    """Answers that a file other than the exercise's own lesson gives away."""
    texts = _texts(folder)
    found = []
    for name in LESSONS:
        own = Path(lesson(name).notebook).relative_to("lessons")
        others = {p: t for p, t in texts.items() if p != own}
        for seed in seeds:
            for question in lesson(name).exercises(seed):
                if not answer_forms(question):
                    continue
                for path, text in others.items():
                    if hits := [f for f in copied(question, text) if _distinctive(f)]:
                        found.append((seed, question.id, str(path), hits))
    return found


def test_an_answer_in_another_file_of_the_folder_is_found(tmp_path):
    write_class(tmp_path / "class")
    (tmp_path / "class" / "ace_of_spades" / "rules.html").write_text(
        "<p>29.8% of opening hands can take out the first Enemy</p>"
    )
    found = _elsewhere(tmp_path / "class", [2])  # the probability notebook's seed: 29.8%
    assert ("poker-beat-first-enemy-2", "ace_of_spades/rules.html") in [f[1:3] for f in found]


@pytest.mark.slow
def test_no_answer_of_seeds_1_to_4_is_in_the_class_folder(folder, monkeypatch):
    assert _copyable_in_class(folder, range(1, 5), monkeypatch) == []
    assert _elsewhere(folder, range(1, 5)) == []


@pytest.mark.soak  # about 10 minutes on a busy 2-core machine
def test_no_answer_of_seeds_1_to_200_is_in_the_class_folder(folder, monkeypatch):
    assert _copyable_in_class(folder, range(1, 201), monkeypatch) == []
    assert _elsewhere(folder, range(1, 201)) == []

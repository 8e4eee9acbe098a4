"""``python -m acelab.practice calibrate FOLDER`` pools a class's exercise ratings from the
folder acelab.classroom.report reads, checking every answer again; foreign and damaged files are
refused in a sentence (issue 26)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from acelab.classroom.marking import ANSWER_FILE, keep_answer
from acelab.practice.__main__ import main
from acelab.practice.calibrate import (
    RATINGS_FILE,
    calibrate,
    class_ratings,
    read_ratings,
    write_ratings,
)
from acelab.practice.mastery import find, starting_difficulty
from acelab.teaching.answers import answer_of
from acelab.teaching.exercises import lesson

QUESTIONS = lesson("counting").exercises(1)
EASY, HARD = QUESTIONS[1], QUESTIONS[3]  # spade pairs, five-card hands


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """12 pupils: all right at the easy exercise, all wrong at the hard one (a verdict edited
    into a lie by one pupil: answers are checked again)."""
    root = tmp_path / "submitted"
    for n in range(12):
        pupil = f"pupil{n:02d}"
        where = root / pupil / "lesson_counting"
        where.mkdir(parents=True)
        monkeypatch.setenv("ACELAB_ANSWERS", str(where))
        keep_answer(EASY.id, answer_of(EASY), EASY.check(answer_of(EASY)), pupil)
        keep_answer(HARD.id, "7", HARD.check("7"), pupil)
    return root


def test_the_class_rates_the_easy_exercise_below_the_hard_one(folder: Path) -> None:
    ratings, problems, pupils = calibrate(folder)
    assert pupils == 12 and problems == []
    easy, hard = ratings["counting:poker-spade-pairs"], ratings["counting:poker-five-card-hands"]
    assert easy[1] == hard[1] == 12
    assert easy[0] < hard[0]
    found = find(EASY.id)
    assert found is not None and easy[0] < starting_difficulty(found[1])


def test_the_command_writes_a_file_a_class_is_given(folder: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "notebooks" / RATINGS_FILE
    out.parent.mkdir()
    assert main(["calibrate", str(folder), "--out", str(out)]) == 0
    assert "2 exercises rated from 24 first answers of 12 pupils" in capsys.readouterr().out
    written, pooled = read_ratings(out), calibrate(folder)[0]
    assert written.keys() == pooled.keys()
    for key, (value, attempts) in pooled.items():
        assert written[key] == (pytest.approx(value, abs=1e-4), attempts)
    (out.parent / "ace_pilot").mkdir()
    ratings, problem = class_ratings(out.parent / "ace_pilot")  # found in the folder above
    assert problem is None and "counting:poker-spade-pairs" in ratings
    assert main(["calibrate", str(tmp_path / "empty")]) == 1


def test_foreign_and_damaged_files_are_refused_in_a_sentence(tmp_path: Path) -> None:
    foreign = tmp_path / "other.json"
    foreign.write_text(json.dumps({"items": {"a": [1, 2]}}))
    with pytest.raises(ValueError, match="not a ratings file written by acelab"):
        read_ratings(foreign)
    damaged = tmp_path / "damaged.json"
    damaged.write_bytes(b"\x00\xff{")
    with pytest.raises(ValueError, match="cannot be read"):
        read_ratings(damaged)
    edited = tmp_path / RATINGS_FILE
    write_ratings(edited, {"counting:poker-why-divide": (0.5, 3)}, "a test")
    text = edited.read_text().replace("0.5", '"lots"')
    edited.write_text(text)
    with pytest.raises(ValueError, match="not a number of logits"):
        read_ratings(edited)
    ratings, problem = class_ratings(tmp_path)
    assert ratings == {} and problem is not None and "acelab's own estimates" in problem
    assert class_ratings(tmp_path / "a" / "b") == ({}, None)


def test_a_file_that_is_not_acelabs_in_the_class_folder_is_named(tmp_path: Path) -> None:
    pupil = tmp_path / "submitted" / "ann" / "lesson_counting"
    pupil.mkdir(parents=True)
    (pupil / ANSWER_FILE).write_text("not json")
    ratings, problems, _ = calibrate(tmp_path)
    assert ratings == {} and len(problems) == 1 and "ann" in problems[0]


def test_ace_pilot_ratings_are_pooled_from_the_pupils_stores_untouched(
    tmp_path: Path, capsys
) -> None:
    from acelab.practice.scopes import ITEM_SCOPE
    from acelab.store import FILE_NAME, open_store

    homes = tmp_path / "homes"
    for pupil, rating, attempts in (("ann", 1.0, 3), ("bob", 2.0, 1)):
        with open_store(homes / pupil / ".acelab") as store:
            store.save_rating(ITEM_SCOPE, "2-6-10-12/10/D", rating, attempts)
            store.save_rating(ITEM_SCOPE, "1-1-1-1/99/Z", 9.0, 5)  # no such deal: left out
    foreign = homes / "cat" / ".acelab" / FILE_NAME
    foreign.parent.mkdir(parents=True)
    foreign.write_bytes(b"SQLite format 3\x00" + bytes(200))
    before = {p: p.read_bytes() for p in homes.rglob(FILE_NAME)}
    ratings, problems, pupils = calibrate(homes)
    assert ratings == {"2-6-10-12/10/D": (pytest.approx(1.25), 4)} and pupils == 2
    assert len(problems) == 1 and "cat" in problems[0] and "left out" in problems[0]
    assert {p: p.read_bytes() for p in homes.rglob(FILE_NAME)} == before
    out = tmp_path / RATINGS_FILE
    assert main(["calibrate", str(homes), "--out", str(out)]) == 0
    assert "1 Ace Pilot deals from 4 practice rounds" in capsys.readouterr().out
    assert read_ratings(out)["2-6-10-12/10/D"] == (1.25, 4)

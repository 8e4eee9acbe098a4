"""Marks out (issue 23): the class report's marks as the gradebooks Canvas, Moodle and Google
Classroom import, one golden file each, checked against the columns each platform documents,
and spreadsheet-safe."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from acelab.classroom.gradebooks import Pupil, gradebook_rows, read_roster, write_gradebook
from acelab.classroom.marking import keep_answer
from acelab.classroom.policy import DEFAULT, Policy
from acelab.classroom.report import class_report, main
from acelab.teaching.answers import answer_of
from acelab.teaching.exercises import lesson

GOLDEN = Path(__file__).parent / "gradebooks"
# The identifying columns each platform documents for a grades import:
DOCUMENTED = {
    # Canvas, "How do I import grades in the Gradebook?" (and its export): the student is
    # matched by name, ID, SIS User ID or SIS Login ID; Section; then the assignments, with an
    # optional "Points Possible" row
    "canvas": ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"],
    # Moodle, Grades > Import > CSV file: a column mapped by "Identify user by" (username or
    # email address), then grade items
    "moodle": ["Username", "Email address"],
    # Google Classroom's grade download: Last Name, First Name, Email Address, then assignments
    "google": ["Last Name", "First Name", "Email Address"],
}
FILES = {"canvas": "canvas.csv", "moodle": "moodle.csv", "google": "google_classroom.csv"}
ROSTER = "pupil,name,email\nana,Ana Lima,ana@school.example\nben,=HYPERLINK(1),ben@school.example\n"


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two lessons answered by three pupils, with right, late, half and wrong tries."""
    counting = list(lesson("counting").exercises(1))
    chance = list(lesson("probability").exercises(1))
    plan = {
        "ana": [(counting[0], ["9"]), (counting[3], ["100", "C(52, 5)"]), (counting[8], ["0.2%"])],
        "ben": [(counting[0], ["1", "9"]), (chance[1], [answer_of(chance[1])])],
        "cy": [(counting[9], ["B"])],
    }
    for pupil, tries in plan.items():
        folder = tmp_path / "submitted" / pupil / "lesson"
        folder.mkdir(parents=True)
        monkeypatch.setenv("ACELAB_ANSWERS", str(folder))
        for question, texts in tries:
            for n, text in enumerate(texts, start=1):
                assert keep_answer(question.id, text, question.check(text, n), pupil)
    return tmp_path


@pytest.mark.parametrize("layout", sorted(FILES))
def test_each_gradebook_is_its_golden_file_with_the_documented_columns(course, tmp_path, layout):
    roster_file = tmp_path / "roster.csv"
    roster_file.write_text(ROSTER, encoding="utf-8")
    report = class_report(course)
    out = write_gradebook(report, layout, tmp_path / f"{layout}.csv", read_roster(roster_file))
    golden = GOLDEN / FILES[layout]
    if os.environ.get("ACELAB_UPDATE_GOLDEN"):
        golden.write_bytes(out.read_bytes())
    assert out.read_text(encoding="utf-8") == golden.read_text(encoding="utf-8")
    rows = list(csv.reader(golden.open(encoding="utf-8", newline="")))
    identify = DOCUMENTED[layout]
    assert rows[0][: len(identify)] == identify
    assert rows[0][len(identify) :] == [f"{lesson(n).title} ({n})" for n in report.lessons()]
    assert report.lessons() == ["counting", "probability"]
    body = rows[2:] if layout == "canvas" else rows[1:]
    assert len(body) == 3 and all(len(r) == len(rows[0]) for r in rows)
    marks = {r[identify.index("SIS Login ID")] if layout == "canvas" else r[0]: r for r in body}
    if layout == "canvas":
        assert rows[1][0] == "Points Possible" and rows[1][5:] == ["11", "7"]
        assert marks["ana"][0] == "Ana Lima" and marks["ben"][0] == "'=HYPERLINK(1)"
        assert marks["ana"][5:] == ["3.3", "0"]  # 1 + 2 × 0.9 + ½ (penalty 0.1)
        assert marks["ben"][5:] == ["0.9", "1"]
    if layout == "moodle":
        assert marks["ana"][1:] == ["ana@school.example", "3.3", "0"]
        assert marks["cy"][1:] == ["", "1", "0"]
    if layout == "google":
        emails = [r[2] for r in body]
        assert emails == ["ana@school.example", "ben@school.example", "cy"]
        assert body[0][:2] == ["Lima", "Ana"]


def test_the_gradebook_has_the_report_s_numbers_under_the_policy(course):
    for policy in (DEFAULT, Policy("first"), Policy("best")):
        report = class_report(course, policy)
        _header, rows = gradebook_rows(report, "moodle")
        for row in rows:
            pupil = str(row[0])
            assert row[2:] == [f"{report.total(pupil, name):g}" for name in report.lessons()]
    assert gradebook_rows(class_report(course, Policy("best")), "moodle")[1][0][2] == "3.5"
    with pytest.raises(ValueError, match="no gradebook layout"):
        gradebook_rows(class_report(course), "blackboard")  # type: ignore[arg-type]


def test_a_roster_that_is_not_one_gets_a_sentence(tmp_path):
    bad = tmp_path / "roster.csv"
    bad.write_text("name,email\nAna,a@b\n", encoding="utf-8")
    with pytest.raises(ValueError, match="needs a header with a pupil column"):
        read_roster(bad)
    with pytest.raises(ValueError, match="There is no roster"):
        read_roster(tmp_path / "none.csv")
    (tmp_path / "link.csv").symlink_to(bad)
    with pytest.raises(ValueError, match="link"):
        read_roster(tmp_path / "link.csv")
    good = tmp_path / "good.csv"
    good.write_text("pupil,name\n ana ,Ana Lima\n", encoding="utf-8")
    assert read_roster(good) == {"ana": Pupil("ana", "Ana Lima", "")}


def test_the_command_line_writes_a_gradebook_and_refuses_a_layout_in_a_sentence(
    course, tmp_path, capsys
):
    out = tmp_path / "canvas.csv"
    assert main([str(course), "--gradebook", "canvas", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("Student,ID,SIS User ID,SIS Login ID")
    with pytest.raises(SystemExit) as stopped:
        main([str(course), "--gradebook", "blackboard", str(out)])
    assert stopped.value.code == 2
    assert "no gradebook layout 'blackboard'" in capsys.readouterr().err
    assert main([str(course), "--gradebook", "moodle", str(tmp_path / "no" / "x.csv")]) == 2
    assert "cannot be written" in capsys.readouterr().err
    assert main([str(course), "--roster", str(tmp_path / "none.csv")]) == 2
    assert "There is no roster" in capsys.readouterr().err

"""Marks out (issue 23): the class report's marks as the gradebooks Canvas, Moodle and Google
Classroom import, one golden file each, checked against the columns each platform documents,
and spreadsheet-safe."""

from __future__ import annotations

import csv
import os
import re
from pathlib import Path

import pytest

from acelab.classroom.gradebooks import Pupil, gradebook_rows, read_roster, write_gradebook
from acelab.classroom.marking import keep_answer
from acelab.classroom.policy import DEFAULT, Policy
from acelab.classroom.report import class_report, main
from acelab.teaching.answers import answer_of
from acelab.teaching.exercises import lesson

GOLDEN = Path(__file__).parent / "gradebooks"
# The identifying columns each platform documents for a grades import (the sources are in
# acelab/classroom/gradebooks.py's docstring):
DOCUMENTED = {
    # Canvas's importer (app/models/gradebook_importer.rb) and exporter (lib/gradebook_exporter.rb)
    # with SIS ids: Student, ID, SIS User ID, SIS Login ID, Section, then the assignments, and a
    # row whose first cell contains "Points Possible"
    "canvas": ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"],
    # Moodle, Grades > Import > CSV file (docs.moodle.org/en/Grade_import): any header, one column
    # mapped by "Identify user by" (username or email address), then grade items
    "moodle": ["Username", "Email address"],
    # Google Classroom documents no grade import from a file: the sheet a teacher types from,
    # by each pupil's email address (how Classroom lists them)
    "google": ["Email address", "Name"],
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
    body = rows[1:] if layout == "moodle" else rows[2:]
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
        assert rows[1] == ["", "Points Possible", "11", "7"]
        emails = [r[0] for r in body]
        assert emails == ["ana@school.example", "ben@school.example", ""]  # cy has none
        assert body[0] == ["ana@school.example", "Ana Lima", "3.3", "0"]
        assert body[2] == ["", "cy", "1", "0"]


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


def canvas_import(rows: list[list[str]]) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """What Canvas's importer (app/models/gradebook_importer.rb: header?, update_column_count,
    check_for_non_student_row, process_student, Assignment.title_and_id) reads from ``rows``:
    each assignment's points, and each student's grades under the key Canvas finds them by
    (its "ID", else "SIS User ID", else "SIS Login ID", else the name)."""
    header = rows[0]
    assert len(header) > 3 and "Student" in header[0] and "ID" in header[1]  # header?
    assert re.search(r"SIS\s+User\s+ID", header[2]) and re.search(r"SIS\s+Login\s+ID", header[3])
    columns = 3 + 2  # name, ID, Section + SIS User ID, SIS Login ID
    assert "Section" in header[columns - 1]  # the last student column
    assignments = header[columns:]
    # an "(id)" that is not a number names no existing assignment: the whole text is the title
    assert not any(re.fullmatch(r"(.*)\s\((\d+)\)", title) for title in assignments)
    points: dict[str, str] = {}
    students: dict[str, dict[str, str]] = {}
    for row in rows[1:]:
        if "Points Possible" in row[0]:
            points = dict(zip(assignments, row[columns:], strict=True))
            continue
        key = row[1] or row[2] or row[3] or row[0]
        assert key not in students
        students[key] = dict(zip(assignments, row[columns:], strict=True))
    return points, students


def test_canvas_s_importer_reads_the_golden_file_as_meant(course):
    rows = list(csv.reader((GOLDEN / FILES["canvas"]).open(encoding="utf-8", newline="")))
    points, students = canvas_import(rows)
    report = class_report(course)
    titles = [f"{lesson(n).title} ({n})" for n in report.lessons()]
    assert points == dict(zip(titles, ["11", "7"], strict=True))
    # each pupil found by their SIS Login ID (their login), with the report's marks
    assert set(students) == {"ana", "ben", "cy"}
    for pupil, marks in students.items():
        assert list(marks.values()) == [f"{report.total(pupil, n):g}" for n in report.lessons()]


def test_moodle_s_import_finds_every_pupil_by_username_and_each_lesson_as_a_column(course):
    rows = list(csv.reader((GOLDEN / FILES["moodle"]).open(encoding="utf-8", newline="")))
    usernames = [row[0] for row in rows[1:]]
    assert usernames == ["ana", "ben", "cy"]  # "Identify user by": Username → username
    assert all(re.fullmatch(r"\d+(\.\d+)?", cell) for row in rows[1:] for cell in row[2:])


def test_the_roster_s_username_is_the_login_canvas_and_moodle_find(course, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("pupil,name,username\nana,Ana Lima,alima\n", encoding="utf-8")
    report = class_report(course)
    pupils = read_roster(roster)
    assert pupils["ana"] == Pupil("ana", "Ana Lima", "", "alima")
    _header, rows = gradebook_rows(report, "canvas", pupils)
    assert rows[1][:5] == ["Ana Lima", "", "", "alima", ""]
    assert rows[2][3] == "ben"  # no roster row: the hub name
    _header, rows = gradebook_rows(report, "moodle", pupils)
    assert [row[0] for row in rows] == ["alima", "ben", "cy"]

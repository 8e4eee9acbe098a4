"""CSV files a teacher opens in a spreadsheet: a pupil's text never runs as a formula there, and
what acelab writes reads back exactly (acelab.store.sheets, the attempts export, the class
report)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from acelab.classroom.report import class_report
from acelab.store import open_store
from acelab.store.sheets import FORMULA_STARTS, read_cell, sheet_cell, write_rows
from acelab.teaching.exercises import lesson

ATTACKS = ['=HYPERLINK("http://x","y")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1"]


@given(st.text(max_size=30))
def test_every_text_reads_back_exactly_and_never_starts_like_a_formula(text: str) -> None:
    written = sheet_cell(text)
    assert isinstance(written, str) and read_cell(written) == text
    assert not written.startswith(FORMULA_STARTS) or written[0] == "'"


def test_numbers_and_plain_text_are_written_as_they_are() -> None:
    assert [sheet_cell(v) for v in (3, 0.5, True, "3/4", "C because", "")] == [
        3,
        0.5,
        True,
        "3/4",
        "C because",
        "",
    ]
    out = io.StringIO()
    write_rows(out, ["a", "b"], [["-3", 4]])
    assert list(csv.reader(io.StringIO(out.getvalue()))) == [["a", "b"], ["'-3", "4"]]


def test_the_attempts_export_quotes_formulas_and_the_report_reads_them_back(
    tmp_path: Path,
) -> None:
    question = next(iter(lesson("counting").exercises(1)))
    store = open_store(tmp_path / "home")
    for attack in ATTACKS:
        store.record_attempt(question.id, attack, 0.0, False, learner="=Amir")
    (tmp_path / "class").mkdir()
    path = tmp_path / "class" / "attempts.csv"
    assert store.export_attempts_csv(path) == len(ATTACKS)
    store.close()
    with open(path, encoding="utf-8", newline="") as file:
        rows = list(csv.reader(file))
    assert all(not cell.startswith(FORMULA_STARTS[:-1]) for row in rows for cell in row)
    assert [row[2] for row in rows[1:]] == ["'" + a for a in ATTACKS]
    report = class_report(tmp_path / "class")
    assert report.pupils == ("=Amir",) and report.problems == ()
    assert list(report.grid["=Amir"].values()) == ["✖"]  # five wrong tries, all counted

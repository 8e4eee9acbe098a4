"""Marks out: the class report's marks as a gradebook a learning platform imports.

``python -m acelab.classroom.report FOLDER --gradebook canvas OUT.csv`` (or ``moodle``, ``google``)
writes one row per pupil and one column per lesson, each cell the points the pupil earned under the
lesson's marking policy (the same numbers as nbgrader's gradebook and the class report). Each
layout is the one its platform's documentation or importer gives, checked against it by
``tests/classroom/test_gradebooks.py``:

- **Canvas** (Grades → Import). The steps: Canvas's guide "How do I import grades in the
  Gradebook?" (https://community.canvaslms.com/t5/Instructor-Guide/How-do-I-import-grades-in-the-Gradebook/ta-p/807).
  The columns: Canvas's importer,
  https://github.com/instructure/canvas-lms/blob/master/app/models/gradebook_importer.rb (its
  exporter, ``lib/gradebook_exporter.rb`` there, writes the same header): the first row is
  ``Student``, ``ID``, ``SIS User ID``, ``SIS Login ID``, ``Section``, then one column per
  assignment; a row whose first cell holds ``Points Possible``
  gives each assignment's points. Canvas finds each student by ``ID`` (Canvas's own number), else
  ``SIS User ID``, else ``SIS Login ID`` (the student's login), else the name in ``Student``; a
  column that names no assignment becomes a new assignment with those points. acelab leaves
  ``ID``, ``SIS User ID`` and ``Section`` empty and writes the pupil's platform login (the
  roster's ``username``, else their hub name) in ``SIS Login ID``.
- **Moodle** (Grades → Import → CSV file). Documented in https://docs.moodle.org/en/Grade_import
  (the importer: ``grade/import/csv/classes/load_data.php`` of https://github.com/moodle/moodle):
  any header; on import "Identify user by" maps one column (``Username`` to username, or
  ``Email address`` to email address) and each other column to a grade item or to a new one.
  A new grade item gets Moodle's default maximum grade (100), so create each lesson's grade
  item with the lesson's points as its maximum first, then map the column to it.
- **Google Classroom** documents no import of grades from a file (Classroom Help,
  https://support.google.com/edu/classroom): grades are typed in its Grades page or in an
  assignment's student work, or come from a Google Forms quiz. acelab writes the sheet a
  teacher types them from: ``Email address`` (how Classroom lists each pupil), ``Name``, one
  column per lesson, and a ``Points Possible`` row (each assignment's "Points" in Classroom).

A roster (``--roster roster.csv`` with the column ``pupil``, their hub name, and any of ``name``,
``email`` and ``username``, their login on the platform) gives each pupil's name, email address
and login; without one the pupil's hub name stands for name and login, and the email is empty.
Every text cell is spreadsheet-safe (:mod:`acelab.store.sheets`): a name like ``=HYPERLINK(…)``
stays text.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from acelab.classroom.answer_file import read_regular
from acelab.classroom.counts import ClassReport
from acelab.store.sheets import read_cell, write_rows
from acelab.teaching.exercises import lesson

__all__ = ["LAYOUTS", "Pupil", "gradebook_rows", "read_roster", "write_gradebook"]

Layout = Literal["canvas", "moodle", "google"]
LAYOUTS: Final[Mapping[Layout, tuple[str, ...]]] = {
    "canvas": ("Student", "ID", "SIS User ID", "SIS Login ID", "Section"),
    "moodle": ("Username", "Email address"),
    "google": ("Email address", "Name"),
}
"""Each platform's identifying columns, before one column per lesson."""
POINTS_POSSIBLE: Final = "Points Possible"
"""The first cell of the row of each lesson's points: Canvas's importer takes a row whose first
cell contains these words (case and all) as the assignments' points, not as a student."""
MAX_ROSTER: Final = 2_000_000


@dataclass(frozen=True)
class Pupil:
    """A pupil as a platform knows them: their hub name (``login``), name, email address and
    login on the platform (``username``; their hub name when empty)."""

    login: str
    name: str = ""
    email: str = ""
    username: str = ""


def read_roster(path: Path) -> dict[str, Pupil]:
    """The roster at ``path``: a CSV file with a ``pupil`` column (their hub name) and any of
    ``name``, ``email`` and ``username`` (their login on the platform); ``ValueError`` with a
    sentence when it is not one."""
    try:
        text = read_regular(path, MAX_ROSTER).decode("utf-8-sig")
    except FileNotFoundError:
        raise ValueError(f"There is no roster {path}.") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"The roster {path} cannot be read ({error}).") from None
    except ValueError as refused:
        raise ValueError(f"The roster {path} cannot be read ({refused}).") from None
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    if not rows or "pupil" not in rows[0]:
        raise ValueError(
            f"The roster {path} needs a header with a pupil column (and name, email, username if "
            "known)."
        )
    return {
        read_cell(row["pupil"]).strip(): Pupil(
            read_cell(row["pupil"]).strip(),
            read_cell(row.get("name") or "").strip(),
            read_cell(row.get("email") or "").strip(),
            read_cell(row.get("username") or "").strip(),
        )
        for row in rows
        if (row.get("pupil") or "").strip()
    }


def _title(name: str) -> str:
    """A lesson's column: its title and its id, so the column names one assignment."""
    return f"{lesson(name).title} ({name})"


def gradebook_rows(
    report: ClassReport, layout: Layout, roster: Mapping[str, Pupil] | None = None
) -> tuple[list[str], list[list[object]]]:
    """The header and rows of the gradebook in ``layout``: one row per pupil, one column per
    lesson answered; Canvas's and Google Classroom's second row gives each lesson's points."""
    if layout not in LAYOUTS:
        raise ValueError(
            f"There is no gradebook layout {layout!r}: choose canvas, moodle or google."
        )
    names = report.lessons()
    header = [*LAYOUTS[layout], *(_title(name) for name in names)]
    rows: list[list[object]] = []
    points = [f"{report.out_of(name):g}" for name in names]
    if layout == "canvas":
        rows.append([POINTS_POSSIBLE, "", "", "", "", *points])
    elif layout == "google":
        rows.append(["", POINTS_POSSIBLE, *points])
    known = roster or {}
    for login in report.pupils:
        pupil = known.get(login, Pupil(login))
        marks = [f"{report.total(login, name):g}" for name in names]
        username = pupil.username or login
        if layout == "canvas":
            rows.append([pupil.name or login, "", "", username, "", *marks])
        elif layout == "moodle":
            rows.append([username, pupil.email, *marks])
        else:
            rows.append([pupil.email, pupil.name or login, *marks])
    return header, rows


def write_gradebook(
    report: ClassReport, layout: Layout, path: Path, roster: Mapping[str, Pupil] | None = None
) -> Path:
    """Write the gradebook in ``layout`` to ``path`` (spreadsheet-safe CSV, UTF-8)."""
    header, rows = gradebook_rows(report, layout, roster)
    with path.open("w", newline="", encoding="utf-8") as file:
        write_rows(file, header, rows)
    return path


def layouts() -> Sequence[str]:
    """The layouts' names, for the command line."""
    return tuple(LAYOUTS)

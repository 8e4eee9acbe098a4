"""Marks out: the class report's marks as a gradebook a learning platform imports.

``python -m acelab.classroom.report FOLDER --gradebook canvas OUT.csv`` (or ``moodle``, ``google``)
writes one row per pupil and one column per lesson, each cell the points the pupil earned under the
lesson's marking policy (the same numbers as nbgrader's gradebook and the class report), in the
column layout each platform documents for importing grades:

- **Canvas** (Grades → Import; Canvas's own export has the same columns): ``Student``, ``ID``,
  ``SIS User ID``, ``SIS Login ID``, ``Section``, then one column per assignment; the second
  row, ``Points Possible``, gives each assignment's points. Canvas matches a row to a student
  by the ID, the SIS User ID, the SIS Login ID or the name; acelab fills the SIS Login ID with
  the pupil's login (their hub name) and the name when a roster gives one. A column whose name
  is not an existing assignment becomes a new assignment.
- **Moodle** (Grades → Import → CSV file): a column that identifies the user, mapped on import
  ("Identify user by": ``Username`` to username, or ``Email address`` to email address), then
  one column per grade item, mapped to an item or to a new one.
- **Google Classroom**: ``Last Name``, ``First Name``, ``Email Address``, then one column per
  assignment, as Classroom's own grade download lays them out; Classroom matches pupils by
  email address, so give a roster.

A roster (``--roster roster.csv`` with the columns ``pupil`` and any of ``name``, ``email``)
gives each pupil's name and email address; without one the pupil's login stands for both.
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
    "google": ("Last Name", "First Name", "Email Address"),
}
"""Each platform's identifying columns, before one column per lesson."""
MAX_ROSTER: Final = 2_000_000


@dataclass(frozen=True)
class Pupil:
    """A pupil as a platform knows them: their login (the hub's name), name and email."""

    login: str
    name: str = ""
    email: str = ""


def read_roster(path: Path) -> dict[str, Pupil]:
    """The roster at ``path``: a CSV file with a ``pupil`` column (their login) and any of
    ``name`` and ``email``; ``ValueError`` with a sentence when it is not one."""
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
            f"The roster {path} needs a header with a pupil column (and name, email if known)."
        )
    return {
        read_cell(row["pupil"]).strip(): Pupil(
            read_cell(row["pupil"]).strip(),
            read_cell(row.get("name") or "").strip(),
            read_cell(row.get("email") or "").strip(),
        )
        for row in rows
        if (row.get("pupil") or "").strip()
    }


def _title(name: str) -> str:
    """A lesson's column: its title and its id, so the column names one assignment."""
    return f"{lesson(name).title} ({name})"


def _split_name(full: str) -> tuple[str, str]:
    """(last name, first name) of a full name: the last word is the last name."""
    words = full.split()
    if len(words) < 2:
        return full, ""
    return words[-1], " ".join(words[:-1])


def gradebook_rows(
    report: ClassReport, layout: Layout, roster: Mapping[str, Pupil] | None = None
) -> tuple[list[str], list[list[object]]]:
    """The header and rows of the gradebook in ``layout``: one row per pupil, one column per
    lesson answered (Canvas's second row gives each lesson's points)."""
    if layout not in LAYOUTS:
        raise ValueError(
            f"There is no gradebook layout {layout!r}: choose canvas, moodle or google."
        )
    names = report.lessons()
    header = [*LAYOUTS[layout], *(_title(name) for name in names)]
    rows: list[list[object]] = []
    if layout == "canvas":
        rows.append(["Points Possible", "", "", "", "", *(f"{report.out_of(n):g}" for n in names)])
    known = roster or {}
    for login in report.pupils:
        pupil = known.get(login, Pupil(login))
        marks = [f"{report.total(login, name):g}" for name in names]
        if layout == "canvas":
            rows.append([pupil.name or login, "", "", login, "", *marks])
        elif layout == "moodle":
            rows.append([login, pupil.email, *marks])
        else:
            last, first = _split_name(pupil.name or login)
            rows.append([last, first, pupil.email or login, *marks])
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

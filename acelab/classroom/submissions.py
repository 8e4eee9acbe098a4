"""Reading a folder of pupils' work for the class report: each pupil's submissions.

:func:`read_folder` finds, under a folder,

- nbgrader's layout, ``submitted/<pupil>/<assignment>/acelab-answers.json`` (the folder may be
  the course folder, ``submitted/`` itself, or any folder of ``<pupil>/…/acelab-answers.json``);
- attempts exported as CSV (``python -m acelab.teaching.answers attempts.csv``: learner, exercise,
  answer, score, correct, time), the pupil being each row's learner, else the file's name (in
  nbgrader's ``submitted/<pupil>/``, the rows of that pupil only).

Only regular files inside the folder are read: a link (to a file or a folder), a FIFO, a device
or a socket is never followed or opened, and each one with a name the report would read gets one
sentence (a pupil's answer file linked to another pupil's would otherwise give them that pupil's
marks). A missing, damaged, foreign or tampered file gets one sentence naming the pupil and the
file. Counting is :mod:`acelab.classroom.counts`'s work.
"""

from __future__ import annotations

import csv
import io
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from acelab.classroom.answer_file import (
    ANSWER_FILE,
    MAX_ANSWER,
    MAX_BYTES,
    read_answers,
    read_regular,
)
from acelab.store.sheets import read_cell

__all__ = ["CSV_HEADER", "Submission", "read_folder", "regular_files"]

CSV_HEADER: Final = ("learner", "exercise", "answer", "score", "correct", "time")
"""The header of an attempts export (:meth:`acelab.store.Store.export_attempts_csv`)."""


def _wanted(name: str) -> bool:
    """Whether the report reads a file of this name."""
    return name == ANSWER_FILE or name.endswith((".csv", ".ipynb"))


def _what(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a link"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def regular_files(folder: Path, problems: list[str]) -> Iterator[Path]:
    """Every regular file under ``folder``, in order, never following a link; each link, FIFO,
    device or socket the report would have read (an answer file, a CSV file, a notebook, a
    folder) gets one sentence in ``problems``."""

    def unreadable(error: OSError) -> None:
        problems.append(
            f"The folder {error.filename} cannot be read ({error.strerror}), so it is left out."
        )

    for top, folders, files in os.walk(folder, onerror=unreadable, followlinks=False):
        here = Path(top)
        for name in sorted(folders):
            if (here / name).is_symlink():
                problems.append(
                    f"{here / name} is a link to another folder, so it is not followed: "
                    "only the files inside the folder are read."
                )
        folders[:] = sorted(f for f in folders if not (here / f).is_symlink())
        for name in sorted(files):
            path = here / name
            try:
                mode = os.lstat(path).st_mode
            except OSError:
                continue  # gone since it was listed
            if stat.S_ISREG(mode):
                yield path
            elif _wanted(name):
                problems.append(
                    f"{path} is {_what(mode)}, not a file, so it is not read: only regular files "
                    "inside the folder count."
                )


@dataclass(frozen=True)
class Submission:
    """One file of a pupil's answers: each attempt's exercise id, typed answer and the verdict the
    file claims (``None`` when it claims none), oldest first."""

    pupil: str
    path: Path
    attempts: tuple[tuple[str, str, bool | None], ...]
    own: bool = True
    """Whether the file is in the pupil's own folder (else an export or a file naming them)."""


def _pupil_of(path: Path, folder: Path) -> str:
    """nbgrader's student id: the folder after the first ``submitted`` (a folder of that name
    inside a pupil's own work names nobody), else the first folder under ``folder``; ``""``
    for a file right in ``folder``."""
    parts = (folder.name, *path.relative_to(folder).parts[:-1])
    if "submitted" in parts:
        after = parts.index("submitted") + 1
        return parts[after] if after < len(parts) else ""
    return parts[1] if len(parts) > 1 else ""


def _answer_file(path: Path, folder: Path, problems: list[str]) -> Submission | None:
    answers = read_answers(path)
    own = _pupil_of(path, folder)
    pupil = own or answers.learner
    if not pupil:
        problems.append(f"The answer file {path} names no pupil, so it is left out.")
        return None
    if answers.problem is not None:
        problems.append(
            f"The answer file {path} of {pupil} cannot be read ({answers.problem}), "
            "so none of it is counted."
        )
        return Submission(pupil, path, ())
    for exercise, why in sorted(answers.tampered.items()):
        problems.append(
            f"The answer file {path} of {pupil} holds an answer to {exercise} that acelab did "
            f"not write ({why}), so that exercise is not counted for {pupil}."
        )
    if own and answers.learner and answers.learner != pupil:
        problems.append(
            f"The answer file {path} in {pupil}'s folder was written by {answers.learner}; "
            f"it is counted for {pupil} only."
        )
    attempts = [
        (exercise, str(attempt["answer"]), bool(attempt["correct"]))
        for exercise, tried in answers.attempts.items()
        if exercise not in answers.tampered
        for attempt in tried
    ]
    return Submission(pupil, path, tuple(attempts), bool(own))


def _csv_files(path: Path, problems: list[str], own: str = "") -> list[Submission]:
    """The pupils' attempts in an attempts export, one submission per learner named in it; in
    pupil ``own``'s folder, that pupil's only (rows naming anybody else are left out)."""
    try:
        text = read_regular(path, MAX_BYTES).decode("utf-8")
        rows = [
            [read_cell(cell) for cell in row] for row in csv.reader(io.StringIO(text, newline=""))
        ]
    except (OSError, UnicodeDecodeError, ValueError, csv.Error) as error:
        problems.append(f"The file {path} cannot be read ({error}), so none of it is counted.")
        return []
    if not rows or tuple(rows[0]) != CSV_HEADER:
        problems.append(f"The file {path} is not an acelab attempts export, so it is left out.")
        return []
    found: dict[str, list[tuple[str, str, str, bool | None]]] = {}
    bad = 0
    others: set[str] = set()
    for row in rows[1:]:
        if len(row) != len(CSV_HEADER) or not row[1] or len(row[2]) > MAX_ANSWER:
            bad += 1
            continue
        learner, exercise, answer, _, correct, time = row
        claimed = {"True": True, "False": False}.get(correct)
        pupil = learner.strip() or own or path.stem
        if own and pupil != own:
            others.add(pupil)
            continue
        found.setdefault(pupil, []).append((time, exercise, answer, claimed))
    if bad:
        problems.append(f"{bad} rows of the file {path} cannot be read, so they are not counted.")
    if others:
        names = ", ".join(sorted(others)[:3]) + (", …" if len(others) > 3 else "")
        problems.append(
            f"The file {path} in {own}'s folder holds answers of {names}, so those are left "
            f"out: it counts for {own} only."
        )
    return [
        Submission(
            pupil, path, tuple((e, a, c) for _, e, a, c in sorted(tried, key=_first)), bool(own)
        )
        for pupil, tried in found.items()
    ]


def _first(row: tuple[str, str, str, bool | None]) -> str:
    return row[0]


def read_folder(folder: Path) -> tuple[list[Submission], list[str]]:
    """Every submission under ``folder`` and a sentence for each file that cannot be used.
    In an nbgrader course folder only ``submitted/`` is read (``autograded/`` holds copies)."""
    problems: list[str] = []
    if not folder.is_dir():
        return [], [f"There is no folder {folder}: nothing to report."]
    if (folder / "submitted").is_dir() and not (folder / "submitted").is_symlink():
        folder = folder / "submitted"
    submissions: list[Submission] = []
    with_answers: set[Path] = set()
    files = list(regular_files(folder, problems))
    for path in files:
        if path.name == ANSWER_FILE:
            with_answers.add(path.parent)
            found = _answer_file(path, folder, problems)
            if found is not None:
                submissions.append(found)
        elif path.suffix == ".csv":
            # in nbgrader's submitted/<pupil>/, an export counts for that pupil only
            nbgrader = "submitted" in (folder.name, *path.relative_to(folder).parts)
            own = _pupil_of(path, folder) if nbgrader else ""
            submissions.extend(_csv_files(path, problems, own))
    notebooks = {
        p.parent for p in files if p.suffix == ".ipynb" and ".ipynb_checkpoints" not in p.parts
    }
    for missing in sorted(notebooks - with_answers):
        pupil = _pupil_of(missing / ANSWER_FILE, folder)
        if pupil and "submitted" in (folder.name, *missing.relative_to(folder).parts):
            problems.append(
                f"{pupil}'s submission {missing} has no answer file ({ANSWER_FILE}), "
                "so no answer of it can be counted."
            )
            submissions.append(Submission(pupil, missing, ()))
    # a pupil's own folder counts before any export naming them
    submissions.sort(key=lambda sub: (not sub.own, str(sub.path)))
    return submissions, problems

"""Item ratings pooled from a class: ``python -m acelab.practice calibrate FOLDER``.

FOLDER is what ``python -m acelab.classroom.report`` reads (pupils' ``acelab-answers.json`` files in
nbgrader's layout or any ``<pupil>/…`` folders, and attempts exported as CSV). Every answer is
checked again with acelab's checker (the verdicts in the files are never trusted); each
question's first answer rates the pupil and the exercise (:func:`acelab.practice.mastery.
lesson_ratings`), pupil after pupil, so the exercises' ratings pool the whole class. The result
is written as ``acelab-ratings.json`` (:func:`write_ratings`), with the Ace Pilot deals'
ratings pooled from the pupils' progress stores found under FOLDER (a class hub's homes:
:func:`pool_stores`, read without changing them): put it beside the pupils'
notebooks and practice starts each exercise from the class's rating
(:func:`read_ratings`, :func:`class_ratings`). A file that is not acelab's, or damaged, is
refused in one sentence.
"""

from __future__ import annotations

import json
import math
import sqlite3
from pathlib import Path
from typing import Any, Final

from acelab.classroom.report import find_exercise, read_folder
from acelab.practice.deals import deal_keys
from acelab.practice.mastery import lesson_ratings
from acelab.practice.scopes import ITEM_SCOPE
from acelab.store import APPLICATION_ID, FILE_NAME

__all__ = [
    "RATINGS_FILE",
    "calibrate",
    "class_ratings",
    "pool_stores",
    "read_ratings",
    "write_ratings",
]

RATINGS_FILE: Final = "acelab-ratings.json"
_KIND: Final = "acelab practice ratings"
_MAX_BYTES: Final = 5_000_000


def _store_ratings(path: Path) -> dict[str, tuple[float, int]]:
    """The Ace Pilot deal ratings of one pupil's progress store, read without changing it;
    ``ValueError`` in a sentence when it is not an acelab store or cannot be read."""
    try:
        with open(path, "rb") as file:
            header = file.read(100)
        if len(header) < 100 or not header.startswith(b"SQLite format 3\x00"):
            raise ValueError("it is not an SQLite database")
        if int.from_bytes(header[68:72], "big") != APPLICATION_ID:
            raise ValueError("it belongs to another program")
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
            if "ratings" not in tables:
                return {}  # a store from before ratings: nothing practised
            rows = db.execute(
                "SELECT item, rating, attempts FROM ratings WHERE scope = ?", (ITEM_SCOPE,)
            ).fetchall()
        finally:
            db.close()
    except (OSError, sqlite3.Error, ValueError) as error:
        raise ValueError(
            f"The progress store {path} cannot be read ({error}), so its practice is left out."
        ) from None
    known = set(deal_keys())
    return {
        str(item): (float(rating), attempts)
        for item, rating, attempts in rows
        if item in known
        and isinstance(rating, int | float)
        and math.isfinite(rating)
        and isinstance(attempts, int)
        and attempts > 0
    }


def pool_stores(folder: Path) -> tuple[dict[str, tuple[float, int]], list[str], int]:
    """The Ace Pilot deal ratings of every pupil's progress store under ``folder`` (a class
    hub's homes: ``<pupil>/.acelab/acelab.sqlite3``), each deal's ratings averaged weighted by
    their attempts; the sentences about stores that cannot be read; how many stores were read."""
    sums: dict[str, tuple[float, int]] = {}
    problems: list[str] = []
    read = 0
    for path in sorted(folder.rglob(FILE_NAME)) if folder.is_dir() else []:
        try:
            found = _store_ratings(path)
        except ValueError as error:
            problems.append(str(error))
            continue
        read += 1
        for key, (rating, attempts) in found.items():
            total, count = sums.get(key, (0.0, 0))
            sums[key] = (total + rating * attempts, count + attempts)
    return {k: (total / count, count) for k, (total, count) in sums.items()}, problems, read


def calibrate(folder: str | Path) -> tuple[dict[str, tuple[float, int]], list[str], int]:
    """The pooled ratings of every exercise the class under ``folder`` answered (keyed
    ``lesson:exercise``) and of every Ace Pilot deal practised in the pupils' progress stores
    found there (keyed by the deal), the sentences about files that cannot be used, and how
    many pupils were read."""
    root = Path(folder).expanduser()
    submissions, problems = read_folder(root)
    by_pupil: dict[str, list[tuple[str, bool]]] = {}
    for sub in submissions:
        tried = by_pupil.setdefault(sub.pupil, [])
        for exercise, answer, _ in sub.attempts:
            found = find_exercise(exercise)
            if found is None:
                continue
            tried.append((exercise, found[1].check(answer).correct))
    pooled: dict[str, tuple[float, int]] = {}
    for pupil in sorted(by_pupil):
        _, pooled = lesson_ratings(by_pupil[pupil], items=pooled)
    deals, unread, stores = pool_stores(root)
    pooled.update(deals)
    return pooled, problems + unread, max(len(by_pupil), stores)


def write_ratings(path: str | Path, ratings: dict[str, tuple[float, int]], about: str) -> None:
    """Write item ratings as a class's ratings file."""
    data = {
        "kind": _KIND,
        "version": 1,
        "about": about,
        "items": {key: [round(value, 4), attempts] for key, (value, attempts) in ratings.items()},
    }
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")


def read_ratings(path: str | Path) -> dict[str, tuple[float, int]]:
    """The item ratings of a class's ratings file; ``ValueError`` in one sentence when it is
    not one (another program's file, damaged, or edited into nonsense)."""
    where = Path(path)
    try:
        if where.stat().st_size > _MAX_BYTES:
            raise ValueError("it is far too big")
        data: Any = json.loads(where.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise ValueError(f"The ratings file {where} cannot be read ({error}).") from None
    if not isinstance(data, dict) or data.get("kind") != _KIND:
        raise ValueError(f"The file {where} is not a ratings file written by acelab.")
    if data.get("version") != 1 or not isinstance(data.get("items"), dict):
        raise ValueError(f"The ratings file {where} is of a version this acelab cannot read.")
    ratings = {}
    for key, value in data["items"].items():
        if (
            not isinstance(value, list)
            or len(value) != 2
            or isinstance(value[0], bool)
            or not isinstance(value[0], int | float)
            or not math.isfinite(value[0])
            or abs(value[0]) > 20
            or isinstance(value[1], bool)
            or not isinstance(value[1], int)
            or value[1] < 0
        ):
            raise ValueError(
                f"The ratings file {where} holds a rating that is not a number of logits and "
                f"attempts ({str(key)[:40]!r}), so none of it is used."
            )
        ratings[str(key)] = (float(value[0]), int(value[1]))
    return ratings


def class_ratings(folder: str | Path = ".") -> tuple[dict[str, tuple[float, int]], str | None]:
    """The class's ratings file in ``folder`` or the folder above it (where a teacher puts it
    beside the pupils' notebooks): its ratings and ``None``, or no ratings and a sentence
    saying why the file found cannot be used (``None`` too when there is none)."""
    here = Path(folder)
    for place in (here, here.parent):
        path = place / RATINGS_FILE
        if path.is_file():
            try:
                return read_ratings(path), None
            except ValueError as error:
                return {}, f"{error} Practice starts from acelab's own estimates."
    return {}, None

"""The answer file: the answers that travel with the notebook.

When a learner checks an answer, acelab keeps it in their progress store and also in the
**answer file** ``acelab-answers.json`` beside the notebook (the kernel's working folder, or
``$ACELAB_ANSWERS``), which nbgrader collects with the assignment. The file is JSON::

    {"format": "acelab answers", "version": 1,
     "attempts": [{"exercise": "poker-opening-damage-1", "answer": "132,600",
                   "score": 1.0, "correct": true, "message": "Right! …",
                   "learner": "amir", "time": "2026-12-02T07:40:00+00:00"}, …]}

one attempt per check, oldest first; ``exercise`` is the question's id (seeded questions end in
their seed, so an answer given for seed 3 never counts for seed 4).

This module only reads and writes that file (:func:`keep_answer`, :func:`read_answers`); it
checks nothing. Only a regular file is read: a link, a FIFO or a device named
``acelab-answers.json`` is refused with a sentence, so a pupil cannot point the autograder or the
class report at another pupil's answers.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from acelab.teaching.answers import Verdict

__all__ = [
    "ANSWER_FILE",
    "FORMAT",
    "MAX_ANSWER",
    "MAX_BYTES",
    "Answers",
    "answer_folder",
    "keep_answer",
    "read_answers",
    "read_regular",
]

ANSWER_FILE: Final = "acelab-answers.json"
FORMAT: Final = "acelab answers"
VERSION: Final = 1
MAX_BYTES: Final = 5_000_000
"""An answer file larger than this is not read (a class period's answers take a few KB)."""
MAX_ANSWER: Final = 1_000
"""No answer box takes a longer answer than this."""
_FIELDS: Final = {"exercise": str, "answer": str, "score": float, "correct": bool}
LOCK_WAIT: Final = 10.0
"""How long (in seconds) :func:`keep_answer` waits for another kernel writing the same file."""

if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


@contextmanager
def _only_writer(folder: Path) -> Iterator[None]:
    """Hold the answer file's lock (``.acelab-answers.json.lock`` beside it) while the block
    runs, so two kernels answering in one folder at once take turns; ``OSError`` when another
    kernel holds it for longer than :data:`LOCK_WAIT`."""
    fd = os.open(folder / f".{ANSWER_FILE}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                _try_lock(fd)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.005)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)


def answer_folder() -> Path:
    """Where the answer file is written: ``$ACELAB_ANSWERS`` if set, else the working folder
    (in Jupyter, the notebook's folder)."""
    folder = os.environ.get("ACELAB_ANSWERS", "").strip()
    return Path(folder).expanduser() if folder else Path.cwd()


@dataclass(frozen=True)
class Answers:
    """What an answer file holds: each exercise's attempts (oldest first), the exercises whose
    attempts cannot be trusted, and a sentence for the whole file when it cannot be read."""

    path: Path
    attempts: Mapping[str, tuple[Mapping[str, Any], ...]]
    tampered: Mapping[str, str]
    problem: str | None = None
    learner: str = ""
    """The name the last attempt (in the file's order, oldest first) was recorded with, or
    ``""``."""


def _what(mode: int) -> str:
    """What a file that is not a regular file is, in a few words."""
    for test, words in (
        (stat.S_ISLNK, "a link to another file"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a pipe (FIFO)"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return words
    return "not a regular file"


def read_regular(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` when it is a regular file of at most ``limit`` bytes; never
    follows a link, never waits on a FIFO, never reads a device. ``FileNotFoundError`` when
    there is nothing there; ``ValueError`` with a few words ("it is a link to another file",
    "it is far too big to be acelab's") when it is something else; ``OSError`` when it cannot
    be read."""
    info = os.lstat(path)
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"it is {_what(info.st_mode)}, not a file")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags)  # a link put there since lstat fails here (O_NOFOLLOW)
    with os.fdopen(fd, "rb") as file:
        opened = os.fstat(file.fileno())
        if not stat.S_ISREG(opened.st_mode):
            raise ValueError(f"it is {_what(opened.st_mode)}, not a file")
        data = file.read(limit + 1)
    if len(data) > limit:
        raise ValueError("it is far too big to be acelab's")
    return data


def read_answers(path: Path) -> Answers:
    """The answer file at ``path``; never raises. A missing file holds no attempts; a link, a
    FIFO or a device in its place is not read (:func:`read_regular`) and gets a sentence."""
    try:
        raw = read_regular(path)
    except FileNotFoundError:
        return Answers(path, {}, {})
    except ValueError as refused:
        return Answers(path, {}, {}, str(refused))
    except OSError as error:
        return Answers(path, {}, {}, f"it cannot be read: {type(error).__name__}")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        return Answers(path, {}, {}, f"it is not an acelab answer file: {type(error).__name__}")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return Answers(path, {}, {}, "it is not an acelab answer file")
    if data.get("version") != VERSION or not isinstance(data.get("attempts"), list):
        return Answers(path, {}, {}, "its version or its list of attempts is not acelab's")
    attempts: dict[str, list[Mapping[str, Any]]] = {}
    tampered: dict[str, str] = {}
    learner = ""
    for attempt in data["attempts"]:
        exercise = attempt.get("exercise") if isinstance(attempt, dict) else None
        if not isinstance(exercise, str) or not exercise:
            continue  # belongs to no exercise, so it can change no mark
        why = _untrusted(attempt)
        if why:
            tampered.setdefault(exercise, why)
        attempts.setdefault(exercise, []).append(attempt)
        name = attempt.get("learner")
        learner = name if isinstance(name, str) and name else learner
    return Answers(path, {k: tuple(v) for k, v in attempts.items()}, tampered, None, learner)


def _untrusted(attempt: dict[str, Any]) -> str | None:
    """Why an attempt was not written by acelab, or ``None``."""
    for name, kind in _FIELDS.items():
        value = attempt.get(name)
        if kind is float:
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
                return f"its {name} is {value!r}"
        elif not isinstance(value, kind):
            return f"its {name} is {value!r}"
    if len(attempt["answer"]) > MAX_ANSWER:
        return f"its answer is {len(attempt['answer']):,} characters long"
    return None


def keep_answer(exercise: str, answer: str, verdict: Verdict, learner: str = "") -> bool:
    """Add one attempt to the answer file in :func:`answer_folder`; False when it cannot be
    written. A file acelab cannot read is kept aside as ``acelab-answers.json.damaged``.

    The update is atomic: under the folder's lock (:func:`_only_writer`) the file is read, and
    the new one written beside it and put in its place (``os.replace``), so two kernels
    answering at once lose no attempt and a reader never sees half a file."""
    attempt = {
        "exercise": exercise,
        "answer": answer,
        "score": float(verdict.score),
        "correct": bool(verdict.correct),
        "message": verdict.message,
        "learner": learner,
        "time": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    path = answer_folder() / ANSWER_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _only_writer(path.parent):
            _append(path, attempt)
    except (OSError, ValueError):
        return False
    return True


def _append(path: Path, attempt: dict[str, Any]) -> None:
    """Write the answer file at ``path`` again with ``attempt`` added (its lock held)."""
    found = read_answers(path)
    if found.problem is not None:
        aside = path.with_name(ANSWER_FILE + ".damaged")
        if not aside.exists():
            path.replace(aside)
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "attempts": []}
    elif path.exists():
        data = json.loads(read_regular(path).decode("utf-8"))
    else:
        data = {"format": FORMAT, "version": VERSION, "attempts": []}
    data["attempts"].append(attempt)
    partial = path.with_name(f".{ANSWER_FILE}.{os.getpid()}")  # the umask's mode, as before
    try:
        partial.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise

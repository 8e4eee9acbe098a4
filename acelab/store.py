"""The learner's progress store: saved games, exercise attempts, achievements and practice
ratings, in SQLite.

One file, ``$ACELAB_HOME/acelab.sqlite3`` (default ``~/.acelab/acelab.sqlite3``), in WAL mode so
two open notebooks write at once without losing anything (a write that waits longer than the
store's ``timeout`` for another notebook is kept and made with the next one: see
:attr:`Store.waiting`). Games are kept as seed, options and move log (with each move's
events), so any game replays exactly::

    from acelab.store import open_store
    store = open_store()
    for saved in store.games("ace_pilot"):
        print(saved.seed, len(saved.moves), saved.outcome, saved.replay().phase)

Practice ratings are kept by scope and item (:meth:`Store.save_rating`, :meth:`Store.ratings`).

A damaged file, a file of another program, a store written by a newer acelab or a read-only
file is never changed: the store opens but is not :attr:`~Store.writable`, :attr:`~Store.problem`
says why in one sentence, and every method does nothing (or returns nothing). No method raises
because of the file; bad arguments are refused with ``ValueError``.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, TypeVar

from acelab.engine import (
    Event,
    Game,
    Move,
    Outcome,
    check_seed,
    decode,
    encode,
    replay,
    what_kind,
)
from acelab.games import by_name
from acelab.sheets import write_rows

__all__ = [
    "APPLICATION_ID",
    "FILE_NAME",
    "MAX_DRAFT_CHARS",
    "SCHEMA_VERSION",
    "Achievement",
    "Attempt",
    "SavedGame",
    "Store",
    "default_home",
    "open_store",
]

FILE_NAME: Final = "acelab.sqlite3"
SCHEMA_VERSION: Final = 4
"""Version of the tables below; a store of a newer version is read by nobody and left alone.
Older versions are brought up to date when opened (:data:`_UPGRADES`): version 1 had no
``learner`` column in ``attempts``, version 2 no ``draft`` column in ``games``, version 3 no
``ratings`` table."""
APPLICATION_ID: Final = 0x41434C42
"""``PRAGMA application_id`` of an acelab store (the bytes ``ACLB``), at offset 68 of the file."""
BUSY_TIMEOUT: Final = 10.0
"""How long (in seconds) a write waits for another notebook's write to finish; a write that
waits longer is kept and made with the next one (:attr:`Store.waiting`)."""
MAX_DRAFT_CHARS: Final = 10_000
"""The longest draft (what is on the table besides the moves) a game keeps, as JSON text."""

_SQLITE_MAGIC: Final = b"SQLite format 3\x00"
_SCHEMA: Final = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    seed TEXT NOT NULL,
    options TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',
    outcome TEXT,
    started TEXT NOT NULL,
    updated TEXT NOT NULL,
    draft TEXT
);
CREATE INDEX games_by_name ON games (game, status, updated);
CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    events TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
CREATE TABLE attempts (
    id INTEGER PRIMARY KEY,
    exercise TEXT NOT NULL,
    answer TEXT NOT NULL,
    score REAL NOT NULL,
    correct INTEGER NOT NULL,
    time TEXT NOT NULL,
    learner TEXT NOT NULL DEFAULT ''
);
CREATE INDEX attempts_by_exercise ON attempts (exercise);
CREATE TABLE achievements (
    game TEXT NOT NULL,
    achievement TEXT NOT NULL,
    detail TEXT NOT NULL,
    time TEXT NOT NULL,
    PRIMARY KEY (game, achievement)
);
CREATE TABLE ratings (
    scope TEXT NOT NULL,
    item TEXT NOT NULL,
    rating REAL NOT NULL,
    attempts INTEGER NOT NULL,
    updated TEXT NOT NULL,
    PRIMARY KEY (scope, item)
);
"""
_TABLES: Final = frozenset({"meta", "games", "moves", "attempts", "achievements", "ratings"})
_OLD_TABLES: Final = frozenset({"meta", "games", "moves", "attempts", "achievements"})
"""The tables every version since 1 has."""
_RATINGS_TABLE: Final = _SCHEMA[_SCHEMA.index("CREATE TABLE ratings") :].strip().rstrip(";")
_UPGRADES: Final[dict[int, tuple[str, str, str]]] = {
    1: ("attempts", "learner", "ALTER TABLE attempts ADD COLUMN learner TEXT NOT NULL DEFAULT ''"),
    2: ("games", "draft", "ALTER TABLE games ADD COLUMN draft TEXT"),
    3: ("ratings", "", _RATINGS_TABLE),
}
"""What each older version lacks (a table, a column of it or the whole table, and the statement
adding it): a store of version ``n`` gains what ``n``, ``n + 1``… lack when it is opened."""
_PLAYING, _FINISHED, _ABANDONED = "playing", "finished", "abandoned"
T = TypeVar("T")


def default_home() -> Path:
    """The folder of the store: ``$ACELAB_HOME`` if set, else ``~/.acelab``."""
    home = os.environ.get("ACELAB_HOME")
    return Path(home).expanduser() if home else Path.home() / ".acelab"


@dataclass(frozen=True)
class SavedGame:
    """One game kept in the store: enough to replay it exactly.

    ``moves`` are the engine's move values and ``events`` the events of each move (one tuple
    per move). ``outcome`` is ``None`` while the game is in progress (or was abandoned);
    ``status`` is ``"playing"``, ``"finished"`` or ``"abandoned"``.

    ``draft`` is what was on the table besides the moves (:meth:`Store.save_draft`: an
    equation being built, cards chosen), as the JSON value saved, or ``None``; a draft that
    cannot be read is ``None`` with ``draft_problem`` saying so (the game itself still replays).

    A saved game that cannot be read back (its rows damaged or edited, or of a game this acelab
    does not know) is still listed: ``problem`` says why in one sentence, its ``moves`` are
    empty, and :meth:`replay` raises ``ValueError`` with that sentence.
    """

    id: int
    game: str
    seed: int | str
    options: dict[str, Any]
    moves: tuple[Any, ...]
    outcome: Outcome | None
    status: str
    started: datetime
    updated: datetime
    events: tuple[tuple[Event, ...], ...] = field(default=(), repr=False)
    problem: str | None = None
    draft: Any = field(default=None, repr=False)
    draft_problem: str | None = None

    @property
    def finished(self) -> bool:
        """True once the game has ended and its outcome is recorded."""
        return self.status == _FINISHED

    def replay(self) -> Any:
        """The state this game reached: its seed dealt again and its moves applied in order.

        Raises ``ValueError`` with a sentence when the moves no longer replay (a save edited
        by hand, or written under other rules).
        """
        if self.problem is not None:
            raise ValueError(self.problem)
        game = by_name(self.game)
        try:
            return replay(game, self.seed, self.moves, **self.options)
        except (TypeError, ValueError) as error:
            raise ValueError(f"This saved {self.game} game does not replay: {error}") from None


@dataclass(frozen=True)
class Attempt:
    """One answer a learner gave to an exercise, with its score (0 to 1), verdict and who gave
    it (``learner``, ``""`` when nobody said)."""

    exercise: str
    answer: str
    score: float
    correct: bool
    time: datetime
    learner: str = ""


@dataclass(frozen=True)
class Achievement:
    """An achievement earned in a game, with a detail (how it was earned) and when."""

    game: str
    achievement: str
    detail: str
    time: datetime


def open_store(home: str | os.PathLike[str] | None = None, timeout: float = BUSY_TIMEOUT) -> Store:
    """The progress store in ``home`` (default :func:`default_home`), created if missing;
    a write waits at most ``timeout`` seconds for another notebook's write.

    Never raises because of the file: a store that cannot save is returned with
    ``writable`` False and a ``problem`` sentence.
    """
    if home is not None and not isinstance(home, str | os.PathLike):
        raise ValueError(f"The store's home is a folder name, not {home!r}.")
    folder = Path(home).expanduser() if home is not None else default_home()
    return Store(folder / FILE_NAME, timeout)


class Store:
    """An open progress store; see the module docstring. Use :func:`open_store` to get one."""

    def __init__(self, path: Path, timeout: float = BUSY_TIMEOUT) -> None:
        if (
            isinstance(timeout, bool)
            or not isinstance(timeout, int | float)
            or not 0 < timeout <= 600
        ):
            raise ValueError("A store's timeout is a number of seconds above 0 and at most 600.")
        self.path = path
        self.timeout = float(timeout)
        self._lock = threading.RLock()
        self._connection: sqlite3.Connection | None = None
        self._encoded: dict[int, list[_Encoded]] = {}
        self._problem: str | None = None
        self._pending: list[tuple[tuple[Any, ...], Callable[[sqlite3.Connection], Any]]] = []
        self._locked_out = False
        try:
            self._connection = self._open()
        except _Refused as refusal:
            self._problem = str(refusal)
        except (sqlite3.Error, OSError) as error:
            self._problem = _damaged(path, error)

    # -- state ------------------------------------------------------------------------------

    @property
    def writable(self) -> bool:
        """True when the store saves; False when its file is damaged, foreign or read-only."""
        return self._connection is not None

    @property
    def problem(self) -> str | None:
        """One sentence saying why the store cannot save, or ``None`` when it can."""
        return self._problem

    @property
    def waiting(self) -> str | None:
        """One sentence saying that changes wait to be saved, or ``None`` when none wait.

        A write that finds the file locked by another notebook for longer than
        :attr:`timeout` is kept (a game started is not: :meth:`start_game` returns ``0`` and
        is asked again) and made, before anything else, by the next write or by
        :meth:`close`: nothing is lost while this store stays open."""
        with self._lock:
            if not self._locked_out:
                return None
            count = len(self._pending)
            what = f"{count} changes wait" if count > 1 else "your last change waits"
            return (
                "Another notebook has held the progress store for too long, so "
                f"{what} to be saved with the next one."
            )

    def close(self) -> None:
        """Close the file, after saving what waits (:attr:`waiting`) if the file is free; the
        store then saves nothing (its ``problem`` says it is closed)."""
        with self._lock:
            if self._pending:
                self._write(lambda db: None, None, keep=None)
            if self._connection is not None:
                self._connection.close()
                self._connection = None
                self._problem = "The progress store is closed, so nothing more is saved."

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "writable" if self.writable else f"not writable: {self._problem}"
        return f"<acelab Store {str(self.path)!r} ({state})>"

    # -- saved games ------------------------------------------------------------------------

    def start_game(self, game: str, seed: int | str, options: dict[str, Any] | None = None) -> int:
        """Record a new game in progress and return its id (``0`` when nothing is saved)."""
        _check_text(game, "A game's name")
        check_seed(seed)
        if options is not None and not isinstance(options, dict):
            raise ValueError(f"A game's options are a dict of names, not {options!r}.")
        texts = (_dump(seed), _dump(dict(options or {})))
        now = _now()

        def insert(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                "INSERT INTO games (game, seed, options, started, updated) VALUES (?, ?, ?, ?, ?)",
                (game, *texts, now, now),
            )
            return cursor.lastrowid or 0

        return self._write(insert, 0, keep=None)

    def save_progress(
        self,
        game_id: int,
        moves: Sequence[Any],
        events: Sequence[Sequence[Event]] | None = None,
    ) -> None:
        """Save the whole move log of game ``game_id`` so far, with each move's events.

        What the file holds is compared with ``moves`` inside the write: the moves it lacks
        are appended and the moves taken back (undo) removed, whatever other store objects or
        processes saved for this game meanwhile, so the file always holds exactly ``moves``.
        A game that is no longer in the store (discarded elsewhere) is not saved.
        """
        _check_id(game_id)
        if isinstance(moves, str) or not isinstance(moves, Sequence):
            raise ValueError("Save the move log as a list of moves.")
        if events is not None and (
            isinstance(events, str) or not isinstance(events, Sequence) or len(events) != len(moves)
        ):
            raise ValueError("Give one list of events per move, or no events at all.")
        texts = self._encode(game_id, moves, events)

        def write(db: sqlite3.Connection) -> None:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                return
            stored = db.execute(
                "SELECT number, move, events FROM moves WHERE game_id = ? ORDER BY number",
                (game_id,),
            ).fetchall()
            same = 0
            for (number, *row), text in zip(stored, texts, strict=False):
                if number != same or tuple(row) != text:
                    break
                same += 1
            if same == len(stored) == len(texts):
                return
            db.execute("DELETE FROM moves WHERE game_id = ? AND number >= ?", (game_id, same))
            db.executemany(
                "INSERT INTO moves (game_id, number, move, events) VALUES (?, ?, ?, ?)",
                [(game_id, n, *texts[n]) for n in range(same, len(texts))],
            )
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (_now(), game_id))

        self._write(write, None, keep=("moves", game_id))

    def _encode(
        self, game_id: int, moves: Sequence[Any], events: Sequence[Sequence[Event]] | None
    ) -> list[tuple[str, str]]:
        """The stored text of each move and of its events; raises ``ValueError`` for anything
        that is not a move or an event. Texts of the moves given last time are reused (the
        same move objects: encoding is the cost of saving after every move)."""
        before = self._encoded.get(game_id, [])
        encoded: list[_Encoded] = []
        for number, move in enumerate(moves):
            happened = _events(events[number]) if events is not None else ()
            old = before[number] if number < len(before) else None
            if old is not None and old.move is move and old.events == happened:
                encoded.append(old)
                continue
            if not isinstance(move, Move):
                raise ValueError(f"A move log holds moves, not {what_kind(move)}.")
            encoded.append(_Encoded(move, happened, _dump_checked(move), _dump_checked(happened)))
        with self._lock:
            self._encoded[game_id] = encoded
        return [(e.move_text, e.events_text) for e in encoded]

    def save_draft(self, game_id: int, draft: Any) -> None:
        """Keep what is on the table of game ``game_id`` besides its moves (an equation being
        built, cards chosen for a Hand) in place of the draft kept before; ``None`` keeps none.

        ``draft`` is plain JSON data (dicts of names, lists, texts, numbers, True, False,
        ``None``) of at most :data:`MAX_DRAFT_CHARS` characters as JSON; anything else is
        refused with ``ValueError``. Only a game in progress keeps a draft.
        """
        _check_id(game_id)
        text = None if draft is None else _draft_text(draft)
        self._execute(
            "UPDATE games SET draft = ?, updated = ? WHERE id = ? AND status = ?",
            (text, _now(), game_id, _PLAYING),
        )

    def finish_game(self, game_id: int, outcome: Outcome) -> None:
        """Record that game ``game_id`` ended with ``outcome`` (its draft is dropped)."""
        _check_id(game_id)
        if not isinstance(outcome, Outcome):
            raise ValueError(f"A game's outcome is an acelab Outcome, not {outcome!r}.")
        self._execute(
            "UPDATE games SET status = ?, outcome = ?, updated = ?, draft = NULL WHERE id = ?",
            (_FINISHED, _dump(outcome), _now(), game_id),
        )

    def abandon(self, game_id: int) -> None:
        """Keep game ``game_id`` but stop offering to resume it (a new game was started)."""
        _check_id(game_id)
        self._execute(
            "UPDATE games SET status = ?, updated = ? WHERE id = ? AND status = ?",
            (_ABANDONED, _now(), game_id, _PLAYING),
        )

    def discard(self, game_id: int) -> None:
        """Delete game ``game_id`` and its moves from the store."""
        _check_id(game_id)

        def delete(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM moves WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            self._encoded.pop(game_id, None)

        self._write(delete, None)

    def game(self, game_id: int) -> SavedGame | None:
        """The saved game with this id, or ``None`` (see :class:`SavedGame` for one that
        cannot be read)."""
        _check_id(game_id)
        found = self._load_games("WHERE id = ?", (game_id,))
        return found[0] if found else None

    def games(self, game: str | None = None) -> list[SavedGame]:
        """Every saved game (of ``game`` only, if named), oldest first, including those that
        cannot be read (their ``problem`` says why). Each game's rules are imported by its name,
        so a fresh Python lists every game without importing any game first."""
        if game is None:
            return self._load_games("", ())
        _check_text(game, "A game's name")
        return self._load_games("WHERE game = ?", (game,))

    def has_finished(self, game: str) -> bool:
        """Whether a game of this name was ever played to its end here (nothing is decoded)."""
        _check_text(game, "A game's name")
        found = self._read(
            "SELECT 1 FROM games WHERE game = ? AND status = ? LIMIT 1", (game, _FINISHED)
        )
        return bool(found)

    def in_progress(self, game: str) -> SavedGame | None:
        """The game of this name that was played last, is not over and can be read, or
        ``None``."""
        _check_text(game, "A game's name")
        found = self._load_games(
            "WHERE game = ? AND status = ? ORDER BY updated DESC, id DESC",
            (game, _PLAYING),
            readable_first=True,
        )
        return found[0] if found else None

    # -- exercise attempts ------------------------------------------------------------------

    def record_attempt(
        self, exercise: str, answer: str, score: float, correct: bool, learner: str = ""
    ) -> None:
        """Keep one answer to ``exercise`` with its score (0 to 1), whether it was right and
        who gave it (``learner``)."""
        _check_text(exercise, "An exercise's name")
        if not isinstance(learner, str):
            raise ValueError(f"A learner's name is text, not {type(learner).__name__}.")
        if not isinstance(answer, str):
            raise ValueError(f"An answer is kept as text, not {type(answer).__name__}.")
        if isinstance(score, bool) or not isinstance(score, int | float) or not 0 <= score <= 1:
            raise ValueError(f"A score is a number from 0 to 1, not {score!r}.")
        if not isinstance(correct, bool):
            raise ValueError(f"Whether an answer is correct is True or False, not {correct!r}.")
        self._execute(
            "INSERT INTO attempts (exercise, answer, score, correct, time, learner) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (exercise, answer, float(score), int(correct), _now(), learner),
        )

    def attempts(self, exercise: str | None = None) -> list[Attempt]:
        """Every recorded attempt (at ``exercise`` only, if named), oldest first."""
        where, arguments = "", tuple[str, ...]()
        if exercise is not None:
            _check_text(exercise, "An exercise's name")
            where, arguments = "WHERE exercise = ?", (exercise,)
        rows = self._read(
            f"SELECT exercise, answer, score, correct, time, learner FROM attempts {where} "
            "ORDER BY id",
            arguments,
        )
        found = []
        for name, answer, score, correct, time, learner in rows:
            try:
                found.append(
                    Attempt(name, answer, float(score), bool(correct), _time(time), str(learner))
                )
            except (TypeError, ValueError):
                continue
        return found

    def export_attempts_csv(self, path: str | os.PathLike[str]) -> int:
        """Write every attempt to a CSV file (learner, exercise, answer, score, correct, time);
        returns the number of rows written. Nothing is written when the store cannot save. An
        answer that begins like a spreadsheet formula is written behind an apostrophe
        (:mod:`acelab.sheets`)."""
        if not isinstance(path, str | os.PathLike):
            raise ValueError(f"Export to a file name, not {path!r}.")
        if not self.writable:
            return 0
        rows = self.attempts()
        try:
            with open(path, "w", newline="", encoding="utf-8") as out:
                write_rows(
                    out,
                    ["learner", "exercise", "answer", "score", "correct", "time"],
                    (
                        [a.learner, a.exercise, a.answer, a.score, a.correct, a.time.isoformat()]
                        for a in rows
                    ),
                )
        except OSError as error:
            raise ValueError(f"Cannot write {path}: {error.strerror or error}.") from None
        return len(rows)

    # -- the learner's name ------------------------------------------------------------------

    def learner(self) -> str:
        """The name the learner gave (:meth:`name_learner`), or ``""``."""
        rows = self._read("SELECT value FROM meta WHERE key = 'learner'", ())
        return str(rows[0][0]) if rows else ""

    def name_learner(self, name: str) -> None:
        """Keep the learner's ``name``: any printable text of at most 60 characters on one line,
        not blank, kept without the spaces around it."""
        if not isinstance(name, str):
            raise ValueError(f"A learner's name is text, not {what_kind(name)}.")
        kept = name.strip()
        if not kept:
            raise ValueError("A name cannot be blank: type at least one letter.")
        if len(kept) > 60 or not kept.isprintable():
            raise ValueError(
                "A name is one line of at most 60 characters (no tabs or line breaks)."
            )
        self._execute("INSERT OR REPLACE INTO meta VALUES ('learner', ?)", (kept,))

    # -- achievements -----------------------------------------------------------------------

    def earn(self, game: str, achievement: str, detail: str = "") -> bool:
        """Record ``achievement`` in ``game``; True when it is newly earned (False when it was
        earned before, or nothing is saved)."""
        _check_text(game, "A game's name")
        _check_text(achievement, "An achievement's name")
        if not isinstance(detail, str):
            raise ValueError(f"An achievement's detail is text, not {type(detail).__name__}.")
        changed = self._execute(
            "INSERT OR IGNORE INTO achievements (game, achievement, detail, time) "
            "VALUES (?, ?, ?, ?)",
            (game, achievement, detail, _now()),
        )
        return changed == 1

    def achievements(self, game: str | None = None) -> list[Achievement]:
        """Every achievement earned (in ``game`` only, if named), in the order earned."""
        where, arguments = "", tuple[str, ...]()
        if game is not None:
            _check_text(game, "A game's name")
            where, arguments = "WHERE game = ?", (game,)
        rows = self._read(
            f"SELECT game, achievement, detail, time FROM achievements {where} "
            "ORDER BY time, rowid",
            arguments,
        )
        found = []
        for name, achievement, detail, time in rows:
            try:
                found.append(Achievement(name, achievement, detail, _time(time)))
            except (TypeError, ValueError):
                continue
        return found

    # -- practice ratings -------------------------------------------------------------------

    def save_rating(self, scope: str, item: str, rating: float, attempts: int) -> None:
        """Keep the practice ``rating`` of ``item`` in ``scope`` (``"learner"``,
        ``"item:ace_pilot"``…) after ``attempts`` tries, in place of the one kept before.

        ``rating`` is a finite number and ``attempts`` a whole number from 0; anything else is
        refused with ``ValueError``."""
        _check_text(scope, "A rating's scope")
        _check_text(item, "A rated item's name")
        if (
            isinstance(rating, bool)
            or not isinstance(rating, int | float)
            or not math.isfinite(rating)
        ):
            raise ValueError(f"A rating is a finite number, not {rating!r}.")
        if isinstance(attempts, bool) or not isinstance(attempts, int) or attempts < 0:
            raise ValueError(f"A rating's attempts are a whole number from 0, not {attempts!r}.")
        if attempts >= 2**63:
            raise ValueError("A rating's attempts are a whole number of at most 18 digits.")
        self._execute(
            "INSERT OR REPLACE INTO ratings (scope, item, rating, attempts, updated) "
            "VALUES (?, ?, ?, ?, ?)",
            (scope, item, float(rating), attempts, _now()),
        )

    def ratings(self, scope: str) -> dict[str, tuple[float, int]]:
        """Every item rated in ``scope``: its rating and the attempts behind it (an empty dict
        when none are kept or the store cannot save; a row edited into nonsense is skipped)."""
        _check_text(scope, "A rating's scope")
        rows = self._read(
            "SELECT item, rating, attempts FROM ratings WHERE scope = ? ORDER BY item", (scope,)
        )
        found: dict[str, tuple[float, int]] = {}
        for item, rating, attempts in rows:
            if (
                isinstance(item, str)
                and isinstance(rating, int | float)
                and math.isfinite(rating)
                and isinstance(attempts, int)
                and attempts >= 0
            ):
                found[item] = (float(rating), attempts)
        return found

    # -- inside -----------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        """Connect, after checking that the file is an acelab store this acelab may change."""
        path = self.path
        existing = path.exists() and path.stat().st_size > 0
        if existing:
            _check_header(path)
            if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
                raise _Refused(f"The progress store {path} is read-only, so nothing is saved.")
        else:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise _Refused(
                    f"acelab cannot create its progress store in {path.parent} "
                    f"({error.strerror or error}), so nothing is saved."
                ) from None
            if not os.access(path.parent, os.W_OK):
                raise _Refused(
                    f"acelab cannot create its progress store in {path.parent} (the folder is "
                    "read-only), so nothing is saved."
                )
        db = sqlite3.connect(
            path, timeout=self.timeout, isolation_level=None, check_same_thread=False
        )
        try:
            db.execute(f"PRAGMA busy_timeout = {round(self.timeout * 1000)}")
            if existing:
                _check_schema(db, path)
            else:
                _create(db, path)
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            db.close()
            raise
        return db

    def _write(
        self,
        body: Callable[[sqlite3.Connection], T],
        default: T,
        keep: tuple[Any, ...] | None = (),
    ) -> T:
        """Run the writes that wait, then ``body``, in one write transaction and return what
        ``body`` returns; ``default`` when the store cannot save.

        When another notebook holds the file longer than :attr:`timeout`, ``body`` waits with
        the others (:attr:`waiting`), unless ``keep`` is ``None`` (its caller asks again); a
        waiting write with the same non-empty ``keep`` is replaced by it. Any other failure
        because of the file makes the store stop saving, with a sentence saying why."""
        with self._lock:
            db = self._connection
            if db is None:
                return default
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    for _, waiting in self._pending:
                        waiting(db)
                    result = body(db)
                    db.execute("COMMIT")
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as error:
                self._encoded.clear()
                if not _locked(error):
                    self._stop(error)
                    return default
                self._locked_out = True
                if keep is not None:
                    if keep:
                        self._pending = [w for w in self._pending if w[0] != keep]
                    self._pending.append((keep, body))
                return default
            self._pending.clear()
            self._locked_out = False
            return result

    def _execute(self, sql: str, arguments: tuple[Any, ...]) -> int:
        """Run one writing statement in its own transaction; the number of rows it changed."""
        return self._write(lambda db: db.execute(sql, arguments).rowcount, 0)

    def _read(self, sql: str, arguments: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self._lock:
            db = self._connection
            if db is None:
                return []
            try:
                return db.execute(sql, arguments).fetchall()
            except sqlite3.Error as error:
                self._stop(error)
                return []

    def _stop(self, error: sqlite3.Error) -> None:
        if _locked(error):
            return  # another notebook held the file too long: read again next time
        if self._connection is not None:
            self._connection.close()
        self._connection = None
        self._problem = _damaged(self.path, error)

    def _load_games(
        self, where: str, arguments: tuple[Any, ...], readable_first: bool = False
    ) -> list[SavedGame]:
        """The games the ``where`` clause selects; with ``readable_first`` only the first of
        them that can be read."""
        order = "" if "ORDER BY" in where else "ORDER BY id"
        rows = self._read(
            "SELECT id, game, seed, options, status, outcome, started, updated, draft FROM games "
            f"{where} {order}",
            arguments,
        )
        found = []
        rules: dict[object, Game[Any, Any] | str] = {}
        for *row, draft in rows:
            moves = self._read(
                "SELECT number, move, events FROM moves WHERE game_id = ? ORDER BY number",
                (row[0],),
            )
            saved = _saved_game(tuple(row), moves, rules)
            if saved.problem is None and draft is not None:
                saved = _with_draft(saved, draft)
            if readable_first and saved.problem is None:
                return [saved]
            if not readable_first:
                found.append(saved)
        return found


class _Refused(Exception):
    """The file is not one this acelab may write; the message is the store's problem."""


def _check_header(path: Path) -> None:
    """Refuse a file that is not an SQLite database marked as an acelab store."""
    try:
        with open(path, "rb") as file:
            header = file.read(100)
    except OSError as error:
        raise _Refused(
            f"acelab cannot read its progress store {path} ({error.strerror or error}), "
            "so nothing is saved."
        ) from None
    if not header.startswith(_SQLITE_MAGIC) or len(header) < 100:
        raise _Refused(
            f"The file {path} is not an acelab progress store (or is damaged), so acelab "
            "leaves it untouched and saves nothing."
        )
    if int.from_bytes(header[68:72], "big") != APPLICATION_ID:
        raise _Refused(
            f"The file {path} belongs to another program, so acelab leaves it untouched "
            "and saves nothing."
        )


def _check_schema(db: sqlite3.Connection, path: Path) -> None:
    """Refuse a store whose tables are damaged or of another version, without writing; bring
    a version-1 store up to date."""
    if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
        raise sqlite3.DatabaseError("the integrity check failed")
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    version = dict(db.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
    old = next((n for n in _UPGRADES if version.get("schema") == str(n)), None)
    if old is not None and _OLD_TABLES.issubset(tables):
        _upgrade(db, old)
        return
    if version.get("schema") != str(SCHEMA_VERSION):
        if str(version.get("schema", "")).isdigit() and int(version["schema"]) > SCHEMA_VERSION:
            raise _Refused(
                f"The progress store {path} was written by a newer acelab, so this one leaves "
                "it untouched and saves nothing."
            )
        raise sqlite3.DatabaseError(f"the schema version is {version.get('schema')!r}")
    if not _TABLES.issubset(tables):
        raise sqlite3.DatabaseError("tables are missing")


def _upgrade(db: sqlite3.Connection, version: int) -> None:
    """Bring a store of an older ``version`` up to date, in one transaction: it gains the
    columns of every version since (:data:`_UPGRADES`), the old rows keep their values."""
    db.execute("BEGIN IMMEDIATE")
    try:
        for old in range(version, SCHEMA_VERSION):
            table, column, statement = _UPGRADES[old]
            columns = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            missing = column not in columns if column else not columns
            if missing:
                db.execute(statement)
        db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _create(db: sqlite3.Connection, path: Path) -> None:
    """Create the tables, unless another notebook created them a moment ago."""
    db.execute("BEGIN IMMEDIATE")
    try:
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if tables:
            db.execute("ROLLBACK")
            _check_header(path)
            _check_schema(db, path)
            return
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("INSERT INTO meta VALUES ('application', 'acelab')")
        db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _locked(error: sqlite3.Error) -> bool:
    """Whether ``error`` says that another connection held the file too long."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return isinstance(error, sqlite3.OperationalError) and "locked" in str(error)


def _damaged(path: Path, error: BaseException) -> str:
    return (
        f"The progress store {path} is damaged ({error}), so acelab leaves it untouched "
        "and saves nothing."
    )


def _saved_game(
    row: tuple[Any, ...], moves: list[tuple[Any, ...]], rules: dict[object, Game[Any, Any] | str]
) -> SavedGame:
    """A game read back from the store; one with ``problem`` set when its rows cannot be read.

    ``rules`` remembers each game's rules (or why there are none) by name: looking them up
    imports the game's modules, which teaches :func:`~acelab.engine.decode` its moves."""
    game_id, game, seed, options, status, outcome, started, updated = row
    if game not in rules:
        try:
            rules[game] = by_name(game)
        except ValueError as error:
            rules[game] = str(error)
    try:
        known = rules[game]
        if isinstance(known, str):
            raise ValueError(known)
        seed_value = _load(seed)
        options_value = _load(options)
        outcome_value = _load(outcome) if outcome is not None else None
        if [number for number, _, _ in moves] != list(range(len(moves))):
            raise ValueError("some of its moves are missing.")
        move_values = tuple(_load(text) for _, text, _ in moves)
        events = tuple(_events(_load(text)) for _, _, text in moves)
        if isinstance(seed_value, bool) or not isinstance(seed_value, int | str):
            raise ValueError("its seed is not a whole number or a word.")
        if not isinstance(options_value, dict) or not all(
            isinstance(k, str) for k in options_value
        ):
            raise ValueError("its options are not a dict of names.")
        if not (outcome_value is None or isinstance(outcome_value, Outcome)):
            raise ValueError("its outcome is not an outcome.")
        if not all(isinstance(m, Move) for m in move_values):
            raise ValueError("its move log holds something that is not a move.")
        if status not in (_PLAYING, _FINISHED, _ABANDONED):
            raise ValueError(f"its status {status!r} is not one acelab writes.")
        return SavedGame(
            id=game_id,
            game=game,
            seed=seed_value,
            options=options_value,
            moves=move_values,
            outcome=outcome_value,
            status=status,
            started=_time(started),
            updated=_time(updated),
            events=events,
        )
    except (TypeError, ValueError, RecursionError) as error:
        return _unreadable(row, error)


def _unreadable(row: tuple[Any, ...], error: BaseException) -> SavedGame:
    """What can be shown of a saved game that cannot be read, with the sentence why."""
    game_id, game, _, _, status, _, started, updated = row
    name = game if isinstance(game, str) else "?"
    reason = str(error).strip().rstrip(".") or type(error).__name__
    reason = reason if len(reason) <= 200 else reason[:197] + "..."
    reason = reason[:1].lower() + reason[1:]
    shown = name if len(name) <= 40 else name[:37] + "..."
    return SavedGame(
        id=game_id,
        game=name,
        seed="",
        options={},
        moves=(),
        outcome=None,
        status=status if status in (_PLAYING, _FINISHED, _ABANDONED) else _ABANDONED,
        started=_time_or_epoch(started),
        updated=_time_or_epoch(updated),
        problem=f"Saved game {game_id} ({shown}) cannot be read: {reason}.",
    )


@dataclass(frozen=True)
class _Encoded:
    """A move as given to :meth:`Store.save_progress`, with its events, and both as stored."""

    move: Any
    events: tuple[Event, ...]
    move_text: str
    events_text: str


def _events(value: object) -> tuple[Event, ...]:
    """The events of one move, as a tuple; ``ValueError`` for anything else."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise ValueError(f"The events of a move are a list of events, not {what_kind(value)}.")
    happened = tuple(value)
    for event in happened:
        if not isinstance(event, Event):
            raise ValueError(f"The events of a move are events, not {what_kind(event)}.")
    return happened


def _draft_text(draft: Any) -> str:
    """A draft as the JSON text kept; ``ValueError`` with a sentence for anything else."""
    try:
        text = json.dumps(
            draft, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False
        )
    except (TypeError, ValueError, RecursionError):
        raise ValueError(
            "A draft is plain data: dicts of names, lists, texts, numbers, True, False or None."
        ) from None
    if len(text) > MAX_DRAFT_CHARS:
        raise ValueError(f"A draft holds at most {MAX_DRAFT_CHARS:,} characters as JSON.")
    return text


def _with_draft(saved: SavedGame, text: Any) -> SavedGame:
    """``saved`` with the draft read from ``text``, or with the sentence saying it cannot be."""
    try:
        if not isinstance(text, str) or len(text) > MAX_DRAFT_CHARS:
            raise ValueError
        return replace(saved, draft=json.loads(text, parse_constant=_no_constant))
    except (ValueError, RecursionError):
        return replace(saved, draft_problem="What was on the table cannot be read.")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a draft holds.")


def _dump_checked(value: Any) -> str:
    """:func:`_dump`, with ``ValueError`` and a sentence for a value that cannot be saved."""
    try:
        return _dump(value)
    except (TypeError, ValueError, RecursionError) as error:
        raise ValueError(f"This move cannot be saved: {str(error).rstrip('.')}.") from None


def _time_or_epoch(text: Any) -> datetime:
    try:
        return _time(text)
    except (TypeError, ValueError):
        return datetime.fromtimestamp(0, UTC)


def _dump(value: Any) -> str:
    return json.dumps(encode(value), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _load(text: Any) -> Any:
    try:
        if not isinstance(text, str):
            raise ValueError
        data = json.loads(text)
    except ValueError:
        raise ValueError("some of its rows are not JSON text.") from None
    return decode(data)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _time(text: Any) -> datetime:
    try:
        if not isinstance(text, str):
            raise ValueError
        return datetime.fromisoformat(text)
    except ValueError:
        raise ValueError("its dates are not dates acelab writes.") from None


def _check_text(value: object, what: str) -> None:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{what} is a non-empty text, not {value!r}.")


def _check_id(value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"A saved game's id is a whole number, not {what_kind(value)}.")
    if not -(2**63) <= value < 2**63:
        raise ValueError("A saved game's id is a whole number of at most 18 digits.")

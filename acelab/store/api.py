"""The :class:`Store` a notebook uses: saved games, exercise attempts, the learner's name,
achievements and practice ratings; every write waits for other notebooks and is kept for the
next one when they hold the file too long (see the package docstring)."""

from __future__ import annotations

import math
import os
import sqlite3
import threading
import time as clock
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from acelab.engine import Event, Game, Move, Outcome, check_seed, what_kind
from acelab.store.files import (
    BUSY_TIMEOUT,
    FILE_NAME,
    Busy,
    Refused,
    damaged,
    default_home,
    locked,
    open_file,
)
from acelab.store.records import (
    ABANDONED,
    FINISHED,
    PLAYING,
    Achievement,
    Attempt,
    Encoded,
    SavedGame,
    TableGame,
    as_events,
    check_id,
    check_text,
    draft_text,
    dump,
    dump_checked,
    now,
    read_time,
    saved_game,
    table_text,
    with_draft,
    with_table,
)
from acelab.store.sheets import write_rows

T = TypeVar("T")


def _bare(game_id: int, game: str) -> SavedGame:
    """A placeholder saved game, to read a kept table's text onto."""
    epoch = read_time("1970-01-01T00:00:00+00:00")
    return SavedGame(game_id, game, 0, {}, (), None, FINISHED, epoch, epoch)


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
    """An open progress store; see :mod:`acelab.store`. Use :func:`open_store` to get one."""

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
        self._encoded: dict[int, list[Encoded]] = {}
        self._problem: str | None = None
        self._pending: list[tuple[tuple[Any, ...], Callable[[sqlite3.Connection], Any]]] = []
        self._locked_out = False
        self._busy = True
        self._connect()

    def _connect(self) -> sqlite3.Connection | None:
        """The open connection; while the store is busy (another notebook held the file when
        it was opened), one more try to open it, waiting at most :attr:`timeout`."""
        if self._connection is not None or not self._busy:
            return self._connection
        try:
            self._connection = open_file(self.path, self.timeout)
        except Busy:
            return None
        except Refused as refusal:
            self._problem = str(refusal)
        except (sqlite3.Error, OSError) as error:
            self._problem = damaged(self.path, error)
        self._busy = False
        if self._connection is None:
            self._pending.clear()
            self._locked_out = False
        return self._connection

    # -- state ------------------------------------------------------------------------------

    @property
    def writable(self) -> bool:
        """True when the store saves (at once, or once another notebook lets go of the file:
        see :attr:`waiting`); False when its file is damaged, foreign or read-only."""
        return self._connection is not None or self._busy

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
        :meth:`close`: nothing is lost while this store stays open. A store whose file
        another notebook held when it was opened says it is busy here, and opens the file with
        the next write (a read finds nothing until then)."""
        with self._lock:
            count = len(self._pending)
            if self._busy:
                what = f"{count} changes wait" if count > 1 else "your changes wait"
                return (
                    "The progress store is busy (another notebook holds it), so "
                    f"{what} to be saved when it is free."
                )
            if not self._locked_out:
                return None
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
            if self._connection is not None or self._busy:
                if self._connection is not None:
                    self._connection.close()
                self._connection = None
                self._busy = False
                self._pending.clear()
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
        check_text(game, "A game's name")
        check_seed(seed)
        if options is not None and not isinstance(options, dict):
            raise ValueError(f"A game's options are a dict of names, not {options!r}.")
        texts = (dump(seed), dump(dict(options or {})))
        moment = now()

        def insert(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                "INSERT INTO games (game, seed, options, started, updated) VALUES (?, ?, ?, ?, ?)",
                (game, *texts, moment, moment),
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
        check_id(game_id)
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
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (now(), game_id))

        self._write(write, None, keep=("moves", game_id))

    def _encode(
        self, game_id: int, moves: Sequence[Any], events: Sequence[Sequence[Event]] | None
    ) -> list[tuple[str, str]]:
        """The stored text of each move and of its events; raises ``ValueError`` for anything
        that is not a move or an event. Texts of the moves given last time are reused (the
        same move objects: encoding is the cost of saving after every move)."""
        before = self._encoded.get(game_id, [])
        encoded: list[Encoded] = []
        for number, move in enumerate(moves):
            happened = as_events(events[number]) if events is not None else ()
            old = before[number] if number < len(before) else None
            if old is not None and old.move is move and old.events == happened:
                encoded.append(old)
                continue
            if not isinstance(move, Move):
                raise ValueError(f"A move log holds moves, not {what_kind(move)}.")
            encoded.append(Encoded(move, happened, dump_checked(move), dump_checked(happened)))
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
        check_id(game_id)
        text = None if draft is None else draft_text(draft)
        self._execute(
            "UPDATE games SET draft = ?, updated = ? WHERE id = ? AND status = ?",
            (text, now(), game_id, PLAYING),
        )

    def finish_game(self, game_id: int, outcome: Outcome) -> None:
        """Record that game ``game_id`` ended with ``outcome`` (its draft is dropped)."""
        check_id(game_id)
        if not isinstance(outcome, Outcome):
            raise ValueError(f"A game's outcome is an acelab Outcome, not {outcome!r}.")
        self._execute(
            "UPDATE games SET status = ?, outcome = ?, updated = ?, draft = NULL WHERE id = ?",
            (FINISHED, dump(outcome), now(), game_id),
        )

    def abandon(self, game_id: int) -> None:
        """Keep game ``game_id`` but stop offering to resume it (a new game was started)."""
        check_id(game_id)
        self._execute(
            "UPDATE games SET status = ?, updated = ? WHERE id = ? AND status = ?",
            (ABANDONED, now(), game_id, PLAYING),
        )

    def discard(self, game_id: int) -> None:
        """Delete game ``game_id`` and its moves from the store."""
        check_id(game_id)

        def delete(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM moves WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            self._encoded.pop(game_id, None)

        self._write(delete, None)

    def record_table_game(
        self,
        game: str,
        seed: int | str,
        options: dict[str, Any],
        moves: Sequence[Any],
        events: Sequence[Sequence[Event]],
        outcome: Outcome,
        table: TableGame,
    ) -> int:
        """Keep a finished game played at a class table (its seed, its ``options`` as the
        game's ``new_state`` takes them, every move with the events this learner heard, the
        outcome, and where: ``table``) in one write, as a finished game; its id (``0`` when
        nothing is saved). The same table kept again is not kept twice: the id of the one kept.
        """
        check_text(game, "A game's name")
        check_seed(seed)
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise ValueError(f"A game's options are a dict of names, not {options!r}.")
        if not isinstance(outcome, Outcome):
            raise ValueError(f"A game's outcome is an acelab Outcome, not {outcome!r}.")
        if not isinstance(table, TableGame):
            raise ValueError("Say where the game was played with a TableGame.")
        if isinstance(moves, str) or not isinstance(moves, Sequence):
            raise ValueError("Save the move log as a list of moves.")
        if isinstance(events, str) or not isinstance(events, Sequence) or len(events) != len(moves):
            raise ValueError("Give one list of events per move.")
        for move in moves:
            if not isinstance(move, Move):
                raise ValueError(f"A move log holds moves, not {what_kind(move)}.")
        texts = [
            (dump_checked(m), dump_checked(as_events(e)))
            for m, e in zip(moves, events, strict=True)
        ]
        kept = (dump(seed), dump(dict(options)), dump(outcome), table_text(table))
        moment = now()

        def insert(db: sqlite3.Connection) -> int:
            for found, text in db.execute(
                "SELECT id, at_table FROM games WHERE game = ? AND at_table IS NOT NULL", (game,)
            ):
                old = with_table(_bare(found, game), text).table
                if old is not None and (old.code, old.seat) == (table.code, table.seat):
                    return int(found)
            cursor = db.execute(
                "INSERT INTO games (game, seed, options, status, outcome, started, updated, "
                "at_table) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game, kept[0], kept[1], FINISHED, kept[2], moment, moment, kept[3]),
            )
            game_id = cursor.lastrowid or 0
            db.executemany(
                "INSERT INTO moves (game_id, number, move, events) VALUES (?, ?, ?, ?)",
                [(game_id, n, *text) for n, text in enumerate(texts)],
            )
            return game_id

        return self._write(insert, 0, keep=("table", game, table.code))

    def table_games(self, game: str | None = None) -> list[SavedGame]:
        """The games kept from class tables (of ``game`` only, if named), oldest first."""
        return [saved for saved in self.games(game) if saved.table is not None]

    def game(self, game_id: int) -> SavedGame | None:
        """The saved game with this id, or ``None`` (see :class:`SavedGame` for one that
        cannot be read)."""
        check_id(game_id)
        found = self._load_games("WHERE id = ?", (game_id,))
        return found[0] if found else None

    def games(self, game: str | None = None) -> list[SavedGame]:
        """Every saved game (of ``game`` only, if named), oldest first, including those that
        cannot be read (their ``problem`` says why). Each game's rules are imported by its name,
        so a fresh Python lists every game without importing any game first."""
        if game is None:
            return self._load_games("", ())
        check_text(game, "A game's name")
        return self._load_games("WHERE game = ?", (game,))

    def has_finished(self, game: str) -> bool:
        """Whether a game of this name was ever played to its end here (nothing is decoded)."""
        check_text(game, "A game's name")
        found = self._read(
            "SELECT 1 FROM games WHERE game = ? AND status = ? LIMIT 1", (game, FINISHED)
        )
        return bool(found)

    def in_progress(self, game: str) -> SavedGame | None:
        """The game of this name that was played last, is not over and can be read, or
        ``None``."""
        check_text(game, "A game's name")
        found = self._load_games(
            "WHERE game = ? AND status = ? ORDER BY updated DESC, id DESC",
            (game, PLAYING),
            readable_first=True,
        )
        return found[0] if found else None

    # -- exercise attempts ------------------------------------------------------------------

    def record_attempt(
        self, exercise: str, answer: str, score: float, correct: bool, learner: str = ""
    ) -> None:
        """Keep one answer to ``exercise`` with its score (0 to 1), whether it was right and
        who gave it (``learner``)."""
        check_text(exercise, "An exercise's name")
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
            (exercise, answer, float(score), int(correct), now(), learner),
        )

    def attempts(self, exercise: str | None = None) -> list[Attempt]:
        """Every recorded attempt (at ``exercise`` only, if named), oldest first."""
        where, arguments = "", tuple[str, ...]()
        if exercise is not None:
            check_text(exercise, "An exercise's name")
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
                    Attempt(
                        name, answer, float(score), bool(correct), read_time(time), str(learner)
                    )
                )
            except (TypeError, ValueError):
                continue
        return found

    def export_attempts_csv(self, path: str | os.PathLike[str]) -> int:
        """Write every attempt to a CSV file (learner, exercise, answer, score, correct, time);
        returns the number of rows written. Nothing is written when the store cannot save. An
        answer that begins like a spreadsheet formula is written behind an apostrophe
        (:mod:`acelab.store.sheets`)."""
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
        check_text(game, "A game's name")
        check_text(achievement, "An achievement's name")
        if not isinstance(detail, str):
            raise ValueError(f"An achievement's detail is text, not {type(detail).__name__}.")
        changed = self._execute(
            "INSERT OR IGNORE INTO achievements (game, achievement, detail, time) "
            "VALUES (?, ?, ?, ?)",
            (game, achievement, detail, now()),
        )
        return changed == 1

    def achievements(self, game: str | None = None) -> list[Achievement]:
        """Every achievement earned (in ``game`` only, if named), in the order earned."""
        where, arguments = "", tuple[str, ...]()
        if game is not None:
            check_text(game, "A game's name")
            where, arguments = "WHERE game = ?", (game,)
        rows = self._read(
            f"SELECT game, achievement, detail, time FROM achievements {where} "
            "ORDER BY time, rowid",
            arguments,
        )
        found = []
        for name, achievement, detail, time in rows:
            try:
                found.append(Achievement(name, achievement, detail, read_time(time)))
            except (TypeError, ValueError):
                continue
        return found

    # -- practice ratings -------------------------------------------------------------------

    def save_rating(self, scope: str, item: str, rating: float, attempts: int) -> None:
        """Keep the practice ``rating`` of ``item`` in ``scope`` (``"learner"``,
        ``"item:ace_pilot"``…) after ``attempts`` tries, in place of the one kept before.

        ``rating`` is a finite number and ``attempts`` a whole number from 0; anything else is
        refused with ``ValueError``."""
        check_text(scope, "A rating's scope")
        check_text(item, "A rated item's name")
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
            (scope, item, float(rating), attempts, now()),
        )

    def ratings(self, scope: str) -> dict[str, tuple[float, int]]:
        """Every item rated in ``scope``: its rating and the attempts behind it (an empty dict
        when none are kept or the store cannot save; a row edited into nonsense is skipped)."""
        check_text(scope, "A rating's scope")
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
            db = self._connect()
            if db is None:
                if self._busy and keep is not None:
                    self._keep(keep, body)
                return default
            deadline, pause = clock.monotonic() + self.timeout, 0.01
            while True:
                try:
                    result = self._transaction(db, body)
                except sqlite3.Error as error:
                    self._encoded.clear()
                    if not locked(error):
                        self._stop(error)
                        return default
                    # SQLite may say busy without waiting (another connection setting up the
                    # write-ahead log): try again until the store's timeout has passed
                    if clock.monotonic() + pause < deadline:
                        clock.sleep(pause)
                        pause = min(2 * pause, 0.5)
                        continue
                    self._locked_out = True
                    if keep is not None:
                        self._keep(keep, body)
                    return default
                break
            self._pending.clear()
            self._locked_out = False
            return result

    def _transaction(self, db: sqlite3.Connection, body: Callable[[sqlite3.Connection], T]) -> T:
        """The writes that wait, then ``body``, in one write transaction (rolled back on any
        error, which goes on to the caller)."""
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
        return result

    def _keep(self, keep: tuple[Any, ...], body: Callable[[sqlite3.Connection], Any]) -> None:
        """Keep ``body`` to be written with the next write, in place of the waiting write with
        the same non-empty ``keep``."""
        if keep:
            self._pending = [w for w in self._pending if w[0] != keep]
        self._pending.append((keep, body))

    def _execute(self, sql: str, arguments: tuple[Any, ...]) -> int:
        """Run one writing statement in its own transaction; the number of rows it changed."""
        return self._write(lambda db: db.execute(sql, arguments).rowcount, 0)

    def _read(self, sql: str, arguments: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self._lock:
            db = self._connect()
            if db is None:
                return []
            try:
                return db.execute(sql, arguments).fetchall()
            except sqlite3.Error as error:
                self._stop(error)
                return []

    def _stop(self, error: sqlite3.Error) -> None:
        if locked(error):
            return  # another notebook held the file too long: read again next time
        if self._connection is not None:
            self._connection.close()
        self._connection = None
        self._problem = damaged(self.path, error)

    def _load_games(
        self, where: str, arguments: tuple[Any, ...], readable_first: bool = False
    ) -> list[SavedGame]:
        """The games the ``where`` clause selects; with ``readable_first`` only the first of
        them that can be read."""
        order = "" if "ORDER BY" in where else "ORDER BY id"
        rows = self._read(
            "SELECT id, game, seed, options, status, outcome, started, updated, draft, at_table "
            f"FROM games {where} {order}",
            arguments,
        )
        found = []
        rules: dict[object, Game[Any, Any] | str] = {}
        for *row, draft, at_table in rows:
            moves = self._read(
                "SELECT number, move, events FROM moves WHERE game_id = ? ORDER BY number",
                (row[0],),
            )
            saved = saved_game(tuple(row), moves, rules)
            if saved.problem is None and draft is not None:
                saved = with_draft(saved, draft)
            saved = with_table(saved, at_table)
            if readable_first and saved.problem is None:
                return [saved]
            if not readable_first:
                found.append(saved)
        return found

"""The table service's own SQLite file: each table as its seed, options, seats and moves.

Nothing else is kept: a table comes back after a restart by replaying its moves through the
engine (:meth:`acelab.tables.room.TableRoom.restore`). One writer (the service) uses the file;
WAL mode lets a teacher's script read it at the same time.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from acelab.engine import decode, encode
from acelab.tables.kinds import SeatPlan, kind_of

__all__ = ["SavedTable", "TableStore"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seed TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    round TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL,
    bot_timeout REAL NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL REFERENCES tables(code),
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (code, version)
);
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS bot_moves (
    code TEXT NOT NULL REFERENCES tables(code),
    version INTEGER NOT NULL,
    PRIMARY KEY (code, version)
);
CREATE TABLE IF NOT EXISTS held (
    code TEXT NOT NULL REFERENCES tables(code),
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    sent INTEGER NOT NULL,
    PRIMARY KEY (code, seat)
);
"""


@dataclass(frozen=True)
class SavedTable:
    """A table as saved: enough to deal it again and replay it."""

    code: str
    game: str
    seed: int | str
    options: dict[str, Any]
    seats: tuple[tuple[SeatPlan, str | None, bool], ...]
    round: str
    status: str
    bot_timeout: float
    created: float
    updated: float
    moves: tuple[tuple[int, Any], ...]
    by_bot: frozenset[int] = frozenset()
    """The versions (1 for the first move) a bot made, at a person's seat too (the duplicate
    round's comparison marks them)."""


class TableStore:
    """The service's SQLite file at ``path`` (created when missing, mode 0600)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.touch(mode=0o600, exist_ok=True)
        self._db = sqlite3.connect(
            self.path, isolation_level=None, timeout=30, check_same_thread=False
        )  # one thread at a time: the service's
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def add(
        self,
        code: str,
        game: str,
        seed: int | str,
        options: dict[str, Any],
        seats: Sequence[tuple[SeatPlan, str | None, bool]],
        round_: str,
        status: str,
        bot_timeout: float,
        created: float,
    ) -> None:
        """Save a new table."""
        with self._write() as db:
            db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (code, game, json.dumps(seed), json.dumps(options), _seats(seats), round_,
                 status, bot_timeout, created, created),
            )  # fmt: skip

    def add_move(
        self, code: str, version: int, seat: int, move: Any, at: float, status: str
    ) -> None:
        """Save the move that made ``version`` (1 for the first) and the table's status."""
        with self._write() as db:
            db.execute(
                "INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                (code, version, seat, json.dumps(encode(move), sort_keys=True), at),
            )
            db.execute(
                "UPDATE tables SET status = ?, updated = ? WHERE code = ?", (status, at, code)
            )

    def add_bot_moves(self, code: str, versions: Sequence[int]) -> None:
        """Note that a bot made the moves of these ``versions`` of table ``code``."""
        with self._write() as db:
            db.executemany(
                "INSERT OR IGNORE INTO bot_moves VALUES (?, ?)", [(code, v) for v in versions]
            )

    def update(
        self,
        code: str,
        seats: Sequence[tuple[SeatPlan, str | None, bool]],
        status: str,
        bot_timeout: float,
        at: float,
    ) -> None:
        """Save who sits where, the status and the bot timeout of a table."""
        with self._write() as db:
            db.execute(
                "UPDATE tables SET seats = ?, status = ?, bot_timeout = ?, updated = ? "
                "WHERE code = ?",
                (_seats(seats), status, bot_timeout, at, code),
            )

    def set_held(self, code: str, held: dict[int, tuple[Any, int]]) -> None:
        """Save the moves table ``code`` holds for seats whose go has not come (a secret pick
        made early), each with the version it was sent at, in place of those saved before."""
        with self._write() as db:
            db.execute("DELETE FROM held WHERE code = ?", (code,))
            db.executemany(
                "INSERT INTO held VALUES (?, ?, ?, ?)",
                [
                    (code, seat, json.dumps(encode(move), sort_keys=True), sent)
                    for seat, (move, sent) in sorted(held.items())
                ],
            )

    def held(self) -> dict[str, dict[int, tuple[Any, int]]]:
        """The moves every table holds (:meth:`set_held`), by code and seat (call after
        :meth:`load`, which teaches the codec the games' moves)."""
        found: dict[str, dict[int, tuple[Any, int]]] = {}
        for code, seat, move, sent in self._db.execute("SELECT * FROM held ORDER BY code, seat"):
            found.setdefault(code, {})[seat] = (decode(json.loads(move)), sent)
        return found

    def set_setting(self, name: str, value: Any) -> None:
        """Save one of the service's settings (the default bot timeout)."""
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (name, json.dumps(value)))

    def settings(self) -> dict[str, Any]:
        """The saved settings."""
        rows = self._db.execute("SELECT name, value FROM settings").fetchall()
        return {name: json.loads(value) for name, value in rows}

    def load(self) -> list[SavedTable]:
        """Every saved table, oldest first, with its moves in order."""
        for (game,) in self._db.execute("SELECT DISTINCT game FROM tables"):
            kind_of(game).load_values()
        moves: dict[str, list[tuple[int, Any]]] = {}
        for code, seat, move in self._db.execute(
            "SELECT code, seat, move FROM moves ORDER BY code, version"
        ):
            moves.setdefault(code, []).append((seat, decode(json.loads(move))))
        bots: dict[str, set[int]] = {}
        for code, version in self._db.execute("SELECT code, version FROM bot_moves"):
            bots.setdefault(code, set()).add(version)
        saved = []
        for row in self._db.execute("SELECT * FROM tables ORDER BY created, code"):
            code, game, seed, options, seats, round_, status, timeout, created, updated = row
            saved.append(
                SavedTable(
                    code, game, json.loads(seed), json.loads(options), _read_seats(seats),
                    round_, status, timeout, created, updated, tuple(moves.get(code, ())),
                    frozenset(bots.get(code, ())),
                )
            )  # fmt: skip
        return saved


def _seats(seats: Sequence[tuple[SeatPlan, str | None, bool]]) -> str:
    return json.dumps(
        [{"person": p.person, "bot": p.bot, "user": user, "gone": gone} for p, user, gone in seats]
    )


def _read_seats(text: str) -> tuple[tuple[SeatPlan, str | None, bool], ...]:
    return tuple(
        (SeatPlan(bool(s["person"]), str(s["bot"])), s["user"], bool(s["gone"]))
        for s in json.loads(text)
    )

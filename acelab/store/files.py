"""The store's file: where it lives, its tables, and opening it safely with any number of
notebooks at once.

Any number of processes may create, upgrade and write one store at the same moment: a file is
only ever opened by SQLite (never by ``open()``: closing a descriptor of it would drop every
lock SQLite holds on it in this process); it is checked through a read-only connection first
(a file that is refused is never written); tables are created or upgraded in one write
transaction that looks at the file again; WAL mode is set with a bounded retry. A file another
notebook holds for longer than the store waits is *busy* (:class:`Busy`), never damaged.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from time import monotonic, sleep
from typing import Final

FILE_NAME: Final = "acelab.sqlite3"
SCHEMA_VERSION: Final = 5
"""Version of the tables below; a store of a newer version is read by nobody and left alone.
Older versions are brought up to date when opened (:data:`_UPGRADES`): version 1 had no
``learner`` column in ``attempts``, version 2 no ``draft`` column in ``games``, version 3 no
``ratings`` table, version 4 no ``at_table`` column in ``games`` (a game played at a class
table: its code, the seat and who sat where)."""
APPLICATION_ID: Final = 0x41434C42
"""``PRAGMA application_id`` of an acelab store (the bytes ``ACLB``), at offset 68 of the file."""
BUSY_TIMEOUT: Final = 10.0
"""How long (in seconds) a write waits for another notebook's write to finish; a write that
waits longer is kept and made with the next one (:attr:`Store.waiting`)."""

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
    draft TEXT,
    at_table TEXT
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
    4: ("games", "at_table", "ALTER TABLE games ADD COLUMN at_table TEXT"),
}
"""What each older version lacks (a table, a column of it or the whole table, and the statement
adding it): a store of version ``n`` gains what ``n``, ``n + 1``… lack when it is opened."""


def default_home() -> Path:
    """The folder of the store: ``$ACELAB_HOME`` if set, else ``~/.acelab``."""
    home = os.environ.get("ACELAB_HOME")
    return Path(home).expanduser() if home else Path.home() / ".acelab"


class Refused(Exception):
    """The file is not one this acelab may write; the message is the store's problem."""


class Busy(Exception):
    """Another notebook held the file for longer than the store waits."""


def open_file(path: Path, timeout: float) -> sqlite3.Connection:
    """A connection to the store file ``path``, created, brought up to date and in WAL mode,
    after checking that it is an acelab store this acelab may change.

    Waits at most about ``timeout`` seconds for other notebooks (which may be creating or
    upgrading the same file at the same moment) and then raises :class:`Busy`; raises
    :class:`Refused` with the store's problem for a file acelab must not change, and
    ``sqlite3.Error`` or ``OSError`` for a damaged one. Nothing is written to a file that is
    refused.

    The file is never opened by anything but SQLite: closing any other descriptor of it would
    drop every lock this process holds on it (POSIX advisory locks belong to the process), and
    another notebook could then take this one's locks, delete the write-ahead log under it and
    lose its moves silently, or write at the same moment and corrupt the file.
    """
    deadline = monotonic() + timeout
    pause = 0.002
    while True:
        try:
            return _open_file(path, deadline, timeout)
        except sqlite3.Error as error:
            if not locked(error):
                raise
        if monotonic() >= deadline:
            raise Busy
        sleep(pause)
        pause = min(2 * pause, 0.05)


def _open_file(path: Path, deadline: float, timeout: float) -> sqlite3.Connection:
    existing = _check_access(path)
    found = _probe(path, deadline) if existing else _EMPTY
    db = sqlite3.connect(
        path, timeout=_left(deadline), isolation_level=None, check_same_thread=False
    )
    try:
        _use_wal(db, deadline)
        if found != SCHEMA_VERSION:
            _set_up(db, path)
        db.execute("PRAGMA synchronous = NORMAL")
        db.execute("PRAGMA foreign_keys = ON")
        db.execute(f"PRAGMA busy_timeout = {round(timeout * 1000)}")  # each write waits this
    except BaseException:
        db.close()
        raise
    return db


_EMPTY: Final = 0
"""The version :func:`_inspect` finds in a file without tables (new, or being created)."""
_UNKNOWN: Final = -1
"""The version of a file that could only be inspected for writing (a crash left it half
written, and a read-only look cannot roll that back)."""


def _check_access(path: Path) -> bool:
    """Whether the file holds something; refuse a store acelab may not write or create."""
    existing = path.exists() and path.stat().st_size > 0
    if existing:
        if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
            raise Refused(f"The progress store {path} is read-only, so nothing is saved.")
        return True
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise Refused(
            f"acelab cannot create its progress store in {path.parent} "
            f"({error.strerror or error}), so nothing is saved."
        ) from None
    if not os.access(path.parent, os.W_OK):
        raise Refused(
            f"acelab cannot create its progress store in {path.parent} (the folder is "
            "read-only), so nothing is saved."
        )
    return False


def _probe(path: Path, deadline: float) -> int:
    """The version of the store in ``path`` (:func:`_inspect`).

    It is read through a read-only connection, so a file that is refused is never written (not
    even by a checkpoint), and in one read transaction, so every look sees the same file while
    another notebook creates or upgrades it."""
    uri = f"{path.absolute().as_uri()}?mode=ro"
    try:
        probe = sqlite3.connect(uri, uri=True, timeout=_left(deadline), isolation_level=None)
    except sqlite3.Error as error:
        raise Refused(
            f"acelab cannot read its progress store {path} ({error}), so nothing is saved."
        ) from None
    try:
        probe.execute("BEGIN")  # one snapshot: another notebook may create the tables meanwhile
        return _inspect(probe, path)
    except sqlite3.Error as error:
        if _code(error) == sqlite3.SQLITE_READONLY:
            return _UNKNOWN
        raise
    finally:
        probe.close()


def _inspect(db: sqlite3.Connection, path: Path) -> int:
    """The schema version of the store ``db`` holds (``_EMPTY`` when it has no tables yet),
    without writing. Refuses a file of another program or of a newer acelab; raises
    ``sqlite3.DatabaseError`` for one that fails the full integrity check (which, unlike the
    quick check, also finds broken indexes) or lacks tables."""
    try:
        application = db.execute("PRAGMA application_id").fetchone()[0]
    except sqlite3.DatabaseError as error:
        if _code(error) != sqlite3.SQLITE_NOTADB:
            raise
        raise Refused(
            f"The file {path} is not an acelab progress store (or is damaged), so acelab "
            "leaves it untouched and saves nothing."
        ) from None
    if application == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0:
        return _EMPTY
    if application != APPLICATION_ID:
        raise Refused(
            f"The file {path} belongs to another program, so acelab leaves it untouched "
            "and saves nothing."
        )
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    meta = dict(db.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
    schema = str(meta.get("schema", ""))
    if schema.isdigit() and int(schema) > SCHEMA_VERSION:
        raise Refused(
            f"The progress store {path} was written by a newer acelab, so this one leaves "
            "it untouched and saves nothing."
        )
    if db.execute("PRAGMA integrity_check(1)").fetchall() != [("ok",)]:
        raise sqlite3.DatabaseError("the integrity check failed")
    if schema == str(SCHEMA_VERSION) and _TABLES.issubset(tables):
        return SCHEMA_VERSION
    if schema in {str(n) for n in _UPGRADES} and _OLD_TABLES.issubset(tables):
        return int(schema)
    if schema not in {str(n) for n in (*_UPGRADES, SCHEMA_VERSION)}:
        raise sqlite3.DatabaseError(f"the schema version is {meta.get('schema')!r}")
    raise sqlite3.DatabaseError("tables are missing")


def _use_wal(db: sqlite3.Connection, deadline: float) -> None:
    """Put the file in WAL mode (it needs every other notebook to let go of it for a moment:
    retried until ``deadline``)."""
    pause = 0.002
    while True:
        try:
            if db.execute("PRAGMA journal_mode").fetchone()[0] == "wal":
                return
            if db.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal":
                return
        except sqlite3.Error as error:
            if not locked(error):
                raise
        if monotonic() >= deadline:
            raise Busy
        sleep(pause)
        pause = min(2 * pause, 0.05)


def _set_up(db: sqlite3.Connection, path: Path) -> None:
    """Create the tables of a new store, or bring an older one up to date, in one write
    transaction; the file is looked at again inside it, so of many notebooks doing this at
    once, one creates or upgrades and the others find it done."""
    db.execute("BEGIN IMMEDIATE")
    try:
        found = _inspect(db, path)
        if found == _EMPTY:
            _create(db)
        elif found < SCHEMA_VERSION:
            _upgrade(db, found)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _upgrade(db: sqlite3.Connection, version: int) -> None:
    """Bring a store of an older ``version`` up to date, inside the caller's transaction: it
    gains what every version since lacked (:data:`_UPGRADES`), the old rows keep their
    values."""
    for old in range(version, SCHEMA_VERSION):
        table, column, statement = _UPGRADES[old]
        columns = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        missing = column not in columns if column else not columns
        if missing:
            db.execute(statement)
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _create(db: sqlite3.Connection) -> None:
    """Create the tables of a new store, inside the caller's transaction."""
    for statement in _SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    db.execute("INSERT INTO meta VALUES ('application', 'acelab')")
    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))


def _left(deadline: float) -> float:
    """Seconds left until ``deadline`` (at least a millisecond)."""
    return max(deadline - monotonic(), 0.001)


def _code(error: sqlite3.Error) -> int | None:
    """The primary SQLite result code of ``error``, when it says."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def locked(error: sqlite3.Error) -> bool:
    """Whether ``error`` says that another connection held the file too long."""
    code = _code(error)
    if code is not None:
        return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_PROTOCOL)
    return isinstance(error, sqlite3.OperationalError) and "locked" in str(error)


def damaged(path: Path, error: BaseException) -> str:
    """The one sentence a store whose file is damaged (``error`` says how) says."""
    return (
        f"The progress store {path} is damaged ({error}), so acelab leaves it untouched "
        "and saves nothing."
    )

"""The progress store with many notebooks at once (issue 23): eight real processes creating,
upgrading and writing one store at the same moment lose nothing and corrupt nothing; a store
that is locked when it is opened is told as busy and saves once the lock goes; a file that only
the full integrity check finds damaged (a broken index) is refused and left byte for byte."""

from __future__ import annotations

import multiprocessing
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acelab.ace_pilot import ChoosePilot
from acelab.engine.cards import Suit
from acelab.store import APPLICATION_ID, FILE_NAME, SCHEMA_VERSION, open_store
from acelab.store.files import open_file
from tests.store.test_store import (
    VERSION_2_SCHEMA,
    assert_not_saving,
    held,
    played,
    valid_store,
    version_2_store,
)

KERNELS = 8


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("ACELAB_HOME", str(folder))
    return folder


WAIT = 300.0
"""How long a kernel's write may wait for the others: what is tested is that nothing is lost or
damaged, not how fast eight writers get through on a machine busy with other work (a write
that waits longer than the default 10 s is told as busy and kept for the next one; a game's
start is not kept, and a kernel whose start waited that long here failed the test)."""


@dataclass(frozen=True)
class Plan:
    """What one kernel does once every kernel is ready: play ``moves`` moves of the game dealt
    from ``seed``, saving after each, and record an attempt after each, in a second store
    object (``second``) or in a store opened and closed for each attempt (``each``), as
    :func:`acelab.teaching.answers.record_attempt` does; ``undo`` takes a move back half-way."""

    seed: int
    moves: int
    second: bool = False
    each: bool = False
    undo: bool = False


def _play(home: str, plan: Plan, barrier: Any) -> tuple[Any, ...]:
    moves = played(plan.seed, limit=plan.moves)[0]
    barrier.wait(120)
    time.sleep(plan.seed % 10 / 1000)  # near one moment, so some look while another creates
    store = open_store(home, WAIT)
    other = open_store(home, WAIT) if plan.second else None
    game_id = store.start_game("ace_pilot", plan.seed)
    for number in range(1, len(moves) + 1):
        store.save_progress(game_id, moves[:number])
        if plan.undo and number == len(moves) // 2 + 1:
            store.save_progress(game_id, moves[: number - 1])
            store.save_progress(game_id, moves[:number])
        if plan.each:
            with open_store(home, WAIT) as once:
                once.record_attempt(f"exercise {plan.seed}", str(number), 1.0, True)
        else:
            (other or store).record_attempt(f"exercise {plan.seed}", str(number), 1.0, True)
    store.save_rating("learner", f"kernel {plan.seed}", float(len(moves)), len(moves))
    said = [(s.writable, s.problem, s.waiting) for s in (store, other) if s is not None]
    store.close()
    if other is not None:
        other.close()
    return plan.seed, game_id, len(moves), said


def _kernel(inbox: Any, outbox: Any, barrier: Any) -> None:
    """One notebook's kernel: plays each plan it is sent, with the others, until ``None``."""
    while (job := inbox.get()) is not None:
        try:
            outbox.put(_play(*job, barrier))
        except BaseException as error:  # reported to the test, which fails with it
            outbox.put(("failed", repr(error)))


class Kernels:
    """Eight separate Python processes (spawned, as Jupyter starts kernels), kept for a whole
    module so each example only pays for the store, not for starting Python."""

    def __init__(self, count: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.barrier = context.Barrier(count)
        self.outbox = context.Queue()
        self.inboxes = [context.Queue() for _ in range(count)]
        self.processes = [
            context.Process(target=_kernel, args=(inbox, self.outbox, self.barrier), daemon=True)
            for inbox in self.inboxes
        ]
        for process in self.processes:
            process.start()

    def run(self, home: Path, plans: list[Plan]) -> list[tuple[Any, ...]]:
        """What each kernel reports after playing its plan, all starting at the same moment
        (in the order they finish)."""
        for inbox, plan in zip(self.inboxes, plans, strict=True):
            inbox.put((str(home), plan))
        results = [self.outbox.get(timeout=300) for _ in plans]
        failed = [r for r in results if r[0] == "failed"]
        assert not failed, failed
        return results

    def stop(self) -> None:
        for inbox in self.inboxes:
            inbox.put(None)
        for process in self.processes:
            process.join(30)
            if process.is_alive():
                process.kill()


@pytest.fixture(scope="module")
def kernels() -> Iterator[Kernels]:
    pool = Kernels(KERNELS)
    try:
        yield pool
    finally:
        pool.stop()


def assert_everything_kept(home: Path, plans: list[Plan], results: list[tuple[Any, ...]]) -> None:
    """Every kernel saved without a word of trouble, and the file holds every move, attempt and
    rating of every kernel, passes the full integrity check and is a current store in WAL."""
    for seed, game_id, _, said in results:
        assert game_id, f"kernel {seed} could not start its game: {said}"
        for writable, problem, waiting in said:
            assert writable and problem is None and waiting is None, (seed, problem, waiting)
    db = sqlite3.connect(home / FILE_NAME)
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    finally:
        db.close()
    store = open_store(home)
    assert store.writable, store.problem
    games = {saved.id: saved for saved in store.games("ace_pilot")}
    ratings = store.ratings("learner")
    by_seed = {plan.seed: plan for plan in plans}
    assert sorted(by_seed) == sorted(seed for seed, *_ in results)
    for seed, game_id, count, _ in results:
        plan = by_seed[seed]
        saved = games[game_id]
        assert saved.problem is None and saved.seed == seed
        assert list(saved.moves) == played(seed, limit=plan.moves)[0] and count == len(saved.moves)
        kept = [a.answer for a in store.attempts(f"exercise {seed}")]
        assert kept == [str(n) for n in range(1, count + 1)]
        assert ratings[f"kernel {seed}"] == (float(count), count)
    store.close()


plans = st.lists(
    st.builds(
        Plan,
        seed=st.integers(0, 10**6),
        moves=st.integers(1, 25),
        second=st.booleans(),
        each=st.booleans(),
        undo=st.booleans(),
    ),
    min_size=KERNELS,
    max_size=KERNELS,
    unique_by=lambda plan: plan.seed,
)


def check_creating_at_once(kernels: Kernels, tmp_path_factory: Any, chosen: list[Plan]) -> None:
    home = tmp_path_factory.mktemp("home")
    results = kernels.run(home, chosen)
    assert_everything_kept(home, chosen, results)


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chosen=plans)
def test_eight_kernels_creating_a_store_at_once_lose_nothing(
    kernels: Kernels, tmp_path_factory: Any, chosen: list[Plan]
) -> None:
    check_creating_at_once(kernels, tmp_path_factory, chosen)


@pytest.mark.soak
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chosen=plans)
def test_eight_kernels_creating_a_store_at_once_lose_nothing_100_times(
    kernels: Kernels, tmp_path_factory: Any, chosen: list[Plan]
) -> None:
    check_creating_at_once(kernels, tmp_path_factory, chosen)


VERSION_1_SCHEMA = VERSION_2_SCHEMA.replace(
    ", time TEXT NOT NULL,\n    learner TEXT NOT NULL DEFAULT '');", ", time TEXT NOT NULL);"
)
"""The tables of a version-1 store (no ``learner`` in ``attempts``, no ``draft``)."""


def version_1_store(path: Path, moves: list[object]) -> None:
    """A store written by an acelab of schema 1, holding one game in progress and an attempt."""
    assert VERSION_1_SCHEMA != VERSION_2_SCHEMA
    version_2_store(path, moves)
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE old (id INTEGER PRIMARY KEY, exercise TEXT NOT NULL, answer TEXT NOT NULL,"
        " score REAL NOT NULL, correct INTEGER NOT NULL, time TEXT NOT NULL);"
        "INSERT INTO old SELECT id, exercise, answer, score, correct, time FROM attempts;"
        "DROP TABLE attempts; ALTER TABLE old RENAME TO attempts;"
        "CREATE INDEX attempts_by_exercise ON attempts (exercise);"
        "UPDATE meta SET value = '1' WHERE key = 'schema'; PRAGMA user_version = 1;"
    )
    db.close()
    db = sqlite3.connect(path)
    columns = {row[1] for row in db.execute("PRAGMA table_info(attempts)")}
    assert "learner" not in columns and db.execute("PRAGMA user_version").fetchone()[0] == 1
    db.close()


@pytest.mark.parametrize("make", [version_1_store, version_2_store], ids=["version 1", "2"])
def test_eight_kernels_upgrading_an_old_store_at_once_keep_every_row(
    kernels: Kernels, tmp_path: Path, make: Any
) -> None:
    home = tmp_path / "home"
    old_moves = played(4, limit=3)[0]
    make(home / FILE_NAME, old_moves)
    chosen = [Plan(seed=100 + k, moves=12, second=k % 2 == 0, each=k % 3 == 0) for k in range(8)]
    results = kernels.run(home, chosen)
    assert_everything_kept(home, chosen, results)
    store = open_store(home)
    old = store.game(1)
    assert old is not None and old.seed == 4 and list(old.moves) == old_moves
    assert [(a.answer, a.learner) for a in store.attempts("poker 1")] == [("1/3", "")]
    store.close()
    db = sqlite3.connect(home / FILE_NAME)
    assert "draft" in {row[1] for row in db.execute("PRAGMA table_info(games)")}
    assert "learner" in {row[1] for row in db.execute("PRAGMA table_info(attempts)")}
    db.close()


# ---- a store locked when it is opened ------------------------------------------------------


def exclusively_held(path: Path) -> sqlite3.Connection:
    """Another program's connection holding the file so that nobody may even read it."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    return other


def test_a_new_store_locked_while_it_is_made_is_busy_and_saves_once_free(home: Path) -> None:
    home.mkdir(parents=True)
    other = exclusively_held(home / FILE_NAME)  # as a notebook creating it a moment before
    store = open_store(timeout=0.05)
    assert store.writable and store.problem is None
    assert store.waiting is not None and "busy" in store.waiting and "damaged" not in store.waiting
    assert store.waiting.endswith(".") and ". " not in store.waiting
    assert store.start_game("ace_pilot", 1) == 0  # asked again by the next save
    store.record_attempt("e", "1", 1.0, True)
    store.name_learner("Amir")
    assert store.attempts() == [] and store.learner() == ""
    other.execute("ROLLBACK")
    other.close()
    game_id = store.start_game("ace_pilot", 1)
    assert game_id and store.waiting is None and store.problem is None
    again = open_store()
    assert [a.answer for a in again.attempts()] == ["1"] and again.learner() == "Amir"
    assert [g.id for g in again.games()] == [game_id]


def test_an_old_store_locked_while_it_would_be_upgraded_is_busy_then_upgraded(
    home: Path,
) -> None:
    moves = played(4, limit=3)[0]
    version_2_store(home / FILE_NAME, moves)
    sqlite3.connect(home / FILE_NAME).execute("PRAGMA journal_mode = WAL").close()
    other = held(home / FILE_NAME)  # another notebook writing: readers go on, writers wait
    store = open_store(timeout=0.05)
    assert store.writable and store.problem is None and "busy" in (store.waiting or "")
    store.save_rating("learner", "ace_pilot", 1500.0, 2)
    store.save_rating("learner", "ace_pilot", 1510.0, 3)
    assert store.waiting is not None and "2 changes wait" in store.waiting
    other.execute("COMMIT")
    other.close()
    store.record_attempt("e", "1", 1.0, True)
    assert store.waiting is None
    assert store.ratings("learner") == {"ace_pilot": (1510.0, 3)}
    saved = store.game(1)
    assert saved is not None and list(saved.moves) == moves
    store.close()
    db = sqlite3.connect(home / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_a_busy_store_closed_before_the_lock_goes_says_it_is_closed(home: Path) -> None:
    valid_store(home)
    other = exclusively_held(home / FILE_NAME)
    store = open_store(timeout=0.05)
    assert "busy" in (store.waiting or "") and store.writable
    assert store.games() == []  # nothing is read while another holds the file
    store.record_attempt("e", "2", 1.0, True)
    store.close()  # the lock is still held: what waits cannot be saved
    assert_not_saving(store)
    assert "closed" in (store.problem or "") and store.waiting is None
    other.execute("ROLLBACK")
    other.close()
    assert [a.answer for a in open_store().attempts()] == ["1"]


# ---- damage only the full integrity check finds -------------------------------------------


def broken_index(path: Path) -> None:
    """A store whose index of attempts does not match its rows (as a torn write of an index
    page leaves it): ``PRAGMA quick_check`` passes it, ``integrity_check`` does not."""
    valid_store(path.parent)
    store = open_store(path.parent)
    for number in range(50):
        store.record_attempt(f"exercise {number}", str(number), 1.0, True)
    store.close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA writable_schema = ON")
    db.execute(
        "UPDATE sqlite_master SET sql = 'CREATE INDEX attempts_by_exercise ON attempts (answer)'"
        " WHERE name = 'attempts_by_exercise'"
    )
    db.commit()
    db.close()


def test_a_store_with_a_broken_index_is_refused_and_left_byte_for_byte(home: Path) -> None:
    path = home / FILE_NAME
    broken_index(path)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    assert db.execute("PRAGMA integrity_check").fetchall() != [("ok",)]
    db.close()
    for side in ("-wal", "-shm"):
        Path(f"{path}{side}").unlink(missing_ok=True)
    before = path.read_bytes()
    store = open_store()
    assert "damaged" in (store.problem or "") and "integrity" in (store.problem or "")
    assert store.waiting is None
    assert_not_saving(store)
    store.close()
    assert path.read_bytes() == before
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0


def test_opening_a_store_never_drops_another_store_s_locks(home: Path) -> None:
    """The cause of the lost moves: the store read its file's header with ``open()``, and
    closing that descriptor released every lock SQLite held on the file in this process, so
    another process closing the file took itself for the last one using it and removed the
    write-ahead log that this process went on writing into."""
    path = home / FILE_NAME
    first = open_store()
    game_id = first.start_game("ace_pilot", 1)
    open_store().close()  # another store opened and closed in the same kernel, as answers do
    code = (
        "import sqlite3, sys\n"
        "db = sqlite3.connect(sys.argv[1])\n"
        "db.execute('SELECT count(*) FROM games').fetchone()\n"
        "db.close()\n"
    )
    subprocess.run([sys.executable, "-c", code, str(path)], check=True)
    assert Path(f"{path}-wal").exists()  # the other process saw this one still holds the file
    first.save_progress(game_id, [ChoosePilot(Suit.HEARTS)])
    first.close()
    saved = open_store().game(game_id)
    assert saved is not None and saved.moves == (ChoosePilot(Suit.HEARTS),)


# ---- a store created by another notebook while this one looks at it -----------------------


def test_tables_created_between_two_looks_at_a_new_store_are_not_another_program_s(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What one kernel in about 75 saw when eight created a store at once: it read the new
    file's application id (none yet), another kernel committed the tables, and its next look
    found tables, so the file seemed another program's and the kernel saved nothing. The looks
    are now one read transaction; here the other kernel commits exactly between them."""
    path = home / FILE_NAME
    home.mkdir(parents=True)
    holder = sqlite3.connect(path, isolation_level=None)  # a notebook that has just begun
    assert holder.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"
    connect = sqlite3.connect
    raced: list[str] = []

    class LookingConnection(sqlite3.Connection):
        def execute(self, sql: str, *arguments: Any) -> sqlite3.Cursor:
            cursor = super().execute(sql, *arguments)
            if sql == "PRAGMA application_id" and not raced:
                raced.append(sql)
                other = open_file(path, 5.0)  # the other kernel creates the tables now
                other.close()
            return cursor

    def looking(database: str, *arguments: Any, **options: Any) -> sqlite3.Connection:
        if str(database).endswith("?mode=ro") and not raced:
            options["factory"] = LookingConnection
        return connect(database, *arguments, **options)

    monkeypatch.setattr(sqlite3, "connect", looking)
    store = open_store(home, 5.0)
    monkeypatch.setattr(sqlite3, "connect", connect)
    assert raced, "the other kernel never created the tables between the two looks"
    assert store.writable and store.problem is None, store.problem
    game_id = store.start_game("ace_pilot", 7)
    assert game_id
    store.close()
    holder.close()
    again = open_store(home)
    assert [g.id for g in again.games()] == [game_id]
    again.close()

"""The progress store: saved games replay, attempts and achievements, concurrent notebooks, and
files that are damaged, foreign or read-only are left byte for byte as they were."""

from __future__ import annotations

import csv
import json
import multiprocessing
import os
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from acelab.ace_pilot import AcePilot, ChoosePilot, strong_bot
from acelab.ace_pilot.events import RoundStarted
from acelab.engine import Move, Outcome, derive_rng, encode, replay
from acelab.engine.cards import Suit
from acelab.engine.games import by_name
from acelab.store import APPLICATION_ID, FILE_NAME, SCHEMA_VERSION, Store, open_store

GAME = AcePilot()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("ACELAB_HOME", str(folder))
    return folder


def played(seed: int, limit: int = 1000) -> tuple[list[object], object]:
    """The moves of a game the strong bot plays from ``seed`` (at most ``limit``)."""
    state, moves, rng = GAME.new_state(seed), [], derive_rng(seed, "test bot")
    while not GAME.is_over(state) and len(moves) < limit:
        move = strong_bot(GAME.observation(state, 0), GAME.legal_moves(state), rng)
        moves.append(move)
        state = GAME.apply(state, move)
    return moves, state


def assert_not_saving(store: Store) -> None:
    assert not store.writable
    assert store.problem is not None and store.problem.endswith(".")
    assert ". " not in store.problem.replace(str(store.path), "FILE")  # one sentence
    assert store.start_game("ace_pilot", 1) == 0
    store.save_progress(1, [ChoosePilot(Suit.HEARTS)])
    store.finish_game(1, Outcome((0,), "won"))
    store.record_attempt("exercise 1", "42", 1.0, True)
    assert store.earn("ace_pilot", "first win") is False
    assert store.games() == [] and store.attempts() == [] and store.achievements() == []
    assert store.in_progress("ace_pilot") is None and store.game(1) is None
    store.abandon(1)
    store.discard(1)
    store.save_rating("learner", "ace_pilot", 1500.0, 3)
    assert store.ratings("learner") == {}


def test_the_store_lives_in_acelab_home(home: Path) -> None:
    store = open_store()
    assert store.writable and store.problem is None
    assert store.path == home / FILE_NAME and store.path.exists()
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
    assert open_store(home / "other").path == home / "other" / FILE_NAME


def test_a_game_is_saved_move_by_move_and_replays(home: Path) -> None:
    moves, final = played(5)
    store = open_store()
    game_id = store.start_game("ace_pilot", 5, {"challenge": 1})
    for number in range(1, len(moves) + 1):
        store.save_progress(game_id, moves[:number], [()] * number)
        if number == 10:
            saved = open_store().in_progress("ace_pilot")  # another notebook sees it
            assert saved is not None and saved.id == game_id and len(saved.moves) == 10
            assert saved.outcome is None and saved.status == "playing"
    outcome = GAME.outcome(final)
    assert outcome is not None
    store.finish_game(game_id, outcome)
    (saved,) = open_store().games("ace_pilot")
    assert saved.game == "ace_pilot" and saved.seed == 5 and saved.options == {"challenge": 1}
    assert list(saved.moves) == moves and saved.outcome == outcome and saved.finished
    assert saved.replay() == final
    assert store.in_progress("ace_pilot") is None
    assert store.games("absolutely_aces") == []


def test_undo_shrinks_the_saved_log_and_events_are_kept() -> None:
    moves, _ = played(8, limit=12)
    store = open_store()
    game_id = store.start_game("ace_pilot", "class 7B")
    store.save_progress(game_id, moves[:12])
    store.save_progress(game_id, moves[:4])  # taken back
    steps = [GAME.step(GAME.new_state("class 7B"), moves[0])]
    store.save_progress(game_id, moves[:1], [steps[0].events])
    saved = open_store().game(game_id)
    assert saved is not None and list(saved.moves) == moves[:1]
    assert saved.events == (steps[0].events,)
    assert saved.seed == "class 7B"


def test_resume_offers_the_game_played_last_and_abandon_and_discard() -> None:
    store = open_store()
    first = store.start_game("ace_pilot", 1)
    second = store.start_game("ace_pilot", 2)
    store.save_progress(first, [ChoosePilot(Suit.HEARTS)])
    resumed = store.in_progress("ace_pilot")
    assert resumed is not None and resumed.id == first
    store.abandon(first)
    resumed = store.in_progress("ace_pilot")
    assert resumed is not None and resumed.id == second
    store.discard(second)
    assert store.in_progress("ace_pilot") is None
    assert [g.status for g in store.games()] == ["abandoned"]


def test_attempts_and_achievements(tmp_path: Path) -> None:
    store = open_store()
    store.record_attempt("poker 1", "1/3", 0.5, False)
    store.record_attempt("poker 1", "2/5", 1, True)
    store.record_attempt("pilot 2", "D(9,3)", 1.0, True, learner="Amir")
    assert [a.answer for a in store.attempts("poker 1")] == ["1/3", "2/5"]
    assert store.attempts()[1].correct and store.attempts()[0].score == 0.5
    assert store.attempts()[0].time.tzinfo is not None
    path = tmp_path / "attempts.csv"
    assert store.export_attempts_csv(path) == 3
    with open(path, encoding="utf-8") as file:
        rows = list(csv.reader(file))
    assert rows[0] == ["learner", "exercise", "answer", "score", "correct", "time"]
    assert rows[3][:5] == ["Amir", "pilot 2", "D(9,3)", "1.0", "True"]
    assert rows[1][0] == "" and store.attempts()[2].learner == "Amir"
    assert store.earn("ace_of_spades", "Overkill", "beat Lord Overkill") is True
    assert store.earn("ace_of_spades", "Overkill", "again") is False
    assert store.earn("ace_pilot", "Overkill") is True
    (earned,) = open_store().achievements("ace_of_spades")
    assert earned.detail == "beat Lord Overkill" and earned.achievement == "Overkill"
    assert len(store.achievements()) == 2


@pytest.mark.parametrize(
    ("call", "arguments"),
    [
        ("start_game", ("", 1)),
        ("start_game", ("ace_pilot", None)),
        ("start_game", ("ace_pilot", 1.5)),
        ("start_game", ("ace_pilot", True)),
        ("start_game", ("ace_pilot", 1, ["challenge"])),
        ("save_progress", ("1", [])),
        ("save_progress", (1, "AS")),
        ("save_progress", (1, [ChoosePilot(Suit.HEARTS)], [])),
        ("finish_game", (1, "won")),
        ("record_attempt", ("e", 42, 1.0, True)),
        ("record_attempt", ("e", "42", 2.0, True)),
        ("record_attempt", ("e", "42", float("nan"), True)),
        ("record_attempt", ("e", "42", 1.0, "yes")),
        ("record_attempt", ("e", "42", 1.0, True, None)),
        ("name_learner", ("",)),
        ("name_learner", ("a\nb",)),
        ("name_learner", ("x" * 61,)),
        ("name_learner", ("   ",)),
        ("name_learner", ("\t",)),
        ("name_learner", (None,)),
        ("earn", (None, "x")),
        ("earn", ("g", "x", 5)),
        ("games", (3,)),
        ("attempts", ([],)),
        ("in_progress", (None,)),
        ("game", (None,)),
        ("export_attempts_csv", (None,)),
    ],
)
def test_bad_arguments_are_refused_in_words(call: str, arguments: tuple[object, ...]) -> None:
    store = open_store()
    with pytest.raises(ValueError, match=r"\.$"):
        getattr(store, call)(*arguments)
    assert store.writable and store.games() == [] and store.attempts() == []


@dataclass(frozen=True)
class Unsaved(Move):
    """A move of no registered type: the JSON format cannot hold it."""


@pytest.mark.parametrize(
    ("moves", "events", "words"),
    [
        ([object()], None, "A move log holds moves, not an object."),
        ([ChoosePilot(Suit.HEARTS), None], None, "A move log holds moves, not None."),
        ([Unsaved()], None, "This move cannot be saved: "),
        ([ChoosePilot(Suit.HEARTS)], [5], "The events of a move are a list of events, not an int."),
        ([ChoosePilot(Suit.HEARTS)], [["x"]], "The events of a move are events, not a str."),
        ([ChoosePilot(Suit.HEARTS)], "x", "Give one list of events per move"),
    ],
)
def test_a_move_that_cannot_be_saved_is_refused_before_writing(
    moves: list[object], events: object, words: str
) -> None:
    store = open_store()
    game_id = store.start_game("ace_pilot", 1)
    store.save_progress(game_id, [ChoosePilot(Suit.CLUBS)])
    with pytest.raises(ValueError, match=r"\.$") as info:
        store.save_progress(game_id, moves, events)  # type: ignore[arg-type]
    assert str(info.value).startswith(words)
    saved = store.game(game_id)
    assert saved is not None and saved.moves == (ChoosePilot(Suit.CLUBS),)
    assert store.writable


@pytest.mark.parametrize("game_id", [10**30, -(10**30), 2**63])
def test_an_id_too_big_for_the_file_is_refused(game_id: int) -> None:
    store = open_store()
    for call, arguments in (
        (store.game, ()),
        (store.save_progress, ([],)),
        (store.abandon, ()),
        (store.discard, ()),
        (store.finish_game, (Outcome((0,), "won"),)),
    ):
        with pytest.raises(ValueError, match=r"^A saved game's id is a whole number of at most"):
            call(game_id, *arguments)  # type: ignore[operator]
    assert store.writable and store.game(2**63 - 1) is None


# ---- files acelab must not change -------------------------------------------------------


def valid_store(home: Path) -> bytes:
    store = open_store(home)
    game_id = store.start_game("ace_pilot", 3)
    store.save_progress(game_id, played(3, limit=20)[0])
    store.record_attempt("e", "1", 1.0, True)
    store.close()
    return (home / FILE_NAME).read_bytes()


def test_the_learner_s_name_is_kept(home: Path) -> None:
    store = open_store()
    assert store.learner() == ""
    store.name_learner("  Amir B ")
    assert open_store().learner() == "Amir B"


@pytest.mark.parametrize("name", ["Zoë O'Brien-Smith", "pupil_07 (3B)", "李明", "x" * 60])
def test_any_printable_name_up_to_60_characters_is_kept(home: Path, name: str) -> None:
    store = open_store()
    store.name_learner(name)
    assert store.learner() == name


@pytest.mark.parametrize("name", ["", "   ", "a\nb", "tab\there", "x" * 61])
def test_a_refused_name_is_told_what_a_name_may_be_and_keeps_nothing(home: Path, name: str) -> None:
    store = open_store()
    store.name_learner("Kept")
    with pytest.raises(ValueError, match=r"^A name .*\.$") as refusal:
        store.name_learner(name)
    said = str(refusal.value)
    assert "letters, digits" not in said and said.endswith(".")
    if name.strip():
        assert "60" in said and "printable" not in said
    else:
        assert "blank" in said or "empty" in said
    assert store.learner() == "Kept"


def test_a_version_1_store_gains_the_learner_column_and_keeps_its_attempts(home: Path) -> None:
    store = open_store()
    store.record_attempt("poker 1", "1/3", 0.5, False)
    store.close()
    db = sqlite3.connect(home / FILE_NAME)
    db.executescript(
        "CREATE TABLE old (id INTEGER PRIMARY KEY, exercise TEXT NOT NULL, answer TEXT NOT NULL,"
        " score REAL NOT NULL, correct INTEGER NOT NULL, time TEXT NOT NULL);"
        "INSERT INTO old SELECT id, exercise, answer, score, correct, time FROM attempts;"
        "DROP TABLE attempts; ALTER TABLE old RENAME TO attempts;"
        "UPDATE meta SET value = '1' WHERE key = 'schema'; PRAGMA user_version = 1;"
    )
    db.close()
    store = open_store()
    assert store.writable, store.problem
    store.record_attempt("poker 1", "2/5", 1.0, True, "Bea")
    assert [(a.answer, a.learner) for a in store.attempts()] == [("1/3", ""), ("2/5", "Bea")]
    db = sqlite3.connect(home / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def foreign_database(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.execute("INSERT INTO notes VALUES ('my own data')")
    db.commit()
    db.close()


def newer_store(path: Path) -> None:
    open_store(path.parent).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION + 1),))
    db.commit()
    db.close()


def damaged_store(path: Path) -> None:
    data = bytearray(valid_store(path.parent))
    page = int.from_bytes(data[16:18], "big")
    data[page : 2 * page] = bytes(range(256)) * (page // 256)  # scribble over the second page
    path.write_bytes(bytes(data))


def truncated_store(path: Path) -> None:
    data = valid_store(path.parent)
    path.write_bytes(data[: len(data) // 2 + 123])


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: p.write_bytes(os.urandom(5000)), "not an acelab progress store"),
        (lambda p: p.write_text("I am a text file\n" * 50), "not an acelab progress store"),
        (lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\x00" * 30), "not an acelab"),
        (foreign_database, "another program"),
        (newer_store, "newer acelab"),
        (damaged_store, "damaged"),
        (truncated_store, "damaged"),
    ],
    ids=["random bytes", "text", "short header", "foreign", "newer", "damaged", "truncated"],
)
def test_a_bad_file_is_left_byte_identical(home: Path, make, words: str) -> None:
    home.mkdir(parents=True, exist_ok=True)
    path = home / FILE_NAME
    make(path)
    for side in ("-wal", "-shm"):
        Path(f"{path}{side}").unlink(missing_ok=True)
    before = path.read_bytes()
    store = open_store()
    assert words in (store.problem or "")
    assert_not_saving(store)
    store.close()
    assert path.read_bytes() == before
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0


def test_a_read_only_store_is_not_changed(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = valid_store(home)
    path = home / FILE_NAME
    monkeypatch.setattr("acelab.store.files.os.access", lambda p, mode: False)  # root ignores chmod
    store = open_store()
    assert "read-only" in (store.problem or "")
    assert_not_saving(store)
    assert path.read_bytes() == before


def test_a_home_that_cannot_be_made_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    store = open_store(blocker / "acelab")
    assert "cannot create" in (store.problem or "")
    assert_not_saving(store)
    assert blocker.read_text() == "not a folder"


def test_an_empty_file_becomes_a_store(home: Path) -> None:
    home.mkdir(parents=True)
    (home / FILE_NAME).write_bytes(b"")
    assert open_store().writable


def edit(store: Store, sql: str, *arguments: object) -> None:
    """Change the file behind the store's back, as a hand edit or another program would."""
    db = sqlite3.connect(store.path)
    db.execute(sql, arguments)
    db.commit()
    db.close()


def test_a_damaged_game_is_listed_with_the_reason_not_raised() -> None:
    store = open_store()
    good = store.start_game("ace_pilot", 1)
    bad = store.start_game("ace_pilot", 2)
    store.save_progress(good, [ChoosePilot(Suit.HEARTS)])
    store.save_progress(bad, [ChoosePilot(Suit.CLUBS)])
    edit(store, "UPDATE moves SET move = '{\"$type\": 5}' WHERE game_id = ?", bad)
    listed = store.games()
    assert [(g.id, g.problem is None) for g in listed] == [(good, True), (bad, False)]
    problem = listed[1].problem
    assert (
        problem
        == f"Saved game {bad} (ace_pilot) cannot be read: this save names an unknown type 5."
    )
    assert listed[1].moves == () and listed[1].status == "playing"
    with pytest.raises(ValueError, match="cannot be read: this save names an unknown type"):
        listed[1].replay()
    assert store.in_progress("ace_pilot") == store.game(good)  # the readable one is offered


@pytest.mark.parametrize(
    ("sql", "words"),
    [
        ("UPDATE games SET game = 'chess'", "(chess) cannot be read: 'chess' is not the name"),
        ("UPDATE games SET seed = '[1]'", "its seed is not a whole number or a word"),
        ("UPDATE games SET options = '5'", "its options are not a dict of names"),
        ("UPDATE games SET status = 'won'", "its status 'won' is not one acelab writes"),
        ("UPDATE games SET outcome = '7'", "its outcome is not an outcome"),
        (
            "UPDATE games SET started = 'yesterday'",
            "cannot be read: its dates are not dates acelab writes",
        ),
        ("UPDATE moves SET number = 5", "some of its moves are missing"),
        ("UPDATE moves SET events = '3'", "the events of a move are a list of events, not an int"),
        ("UPDATE moves SET move = '\"AS\"'", "its move log holds something that is not a move"),
        (
            "UPDATE moves SET move = 'not json'",
            "cannot be read: some of its rows are not JSON text",
        ),
    ],
)
def test_every_kind_of_damage_is_named(sql: str, words: str) -> None:
    store = open_store()
    game_id = store.start_game("ace_pilot", 1)
    store.save_progress(game_id, [ChoosePilot(Suit.HEARTS)])
    edit(store, sql)
    (saved,) = store.games()
    assert saved.id == game_id and saved.problem is not None and words in saved.problem
    assert saved.problem.endswith(".") and saved.problem.count(". ") == 0
    assert store.game(game_id) == saved


# ---- two tabs or two processes on one game -----------------------------------------------


def test_two_store_objects_on_one_game_lose_nothing() -> None:
    """The issue's case: a second tab takes moves back, then the first saves again."""
    moves, _ = played(4, limit=8)
    first, second = open_store(), open_store()
    game_id = first.start_game("ace_pilot", 4)
    first.save_progress(game_id, moves[:6])
    second.save_progress(game_id, moves[:3])
    first.save_progress(game_id, moves[:8])
    saved = open_store().game(game_id)
    assert saved is not None and list(saved.moves) == moves[:8]
    assert saved.replay() == replay(GAME, 4, moves[:8])
    second.save_progress(game_id, moves[:5])  # and the other way round, with events
    events = [(RoundStarted(),)] * 2
    first.save_progress(game_id, moves[:2], events)
    saved = second.game(game_id)
    assert saved is not None and list(saved.moves) == moves[:2] and saved.events == tuple(events)


def test_a_save_after_an_edit_elsewhere_rewrites_what_differs() -> None:
    moves, _ = played(6, limit=6)
    store = open_store()
    game_id = store.start_game("ace_pilot", 6)
    store.save_progress(game_id, moves)
    edit(store, "UPDATE moves SET move = '{}' WHERE number = 2")
    edit(store, "DELETE FROM moves WHERE number = 4")
    store.save_progress(game_id, moves)  # the same log, but the file changed meanwhile
    saved = store.game(game_id)
    assert saved is not None and saved.problem is None and list(saved.moves) == moves


def test_a_game_discarded_elsewhere_is_not_saved_again() -> None:
    first, second = open_store(), open_store()
    game_id = first.start_game("ace_pilot", 1)
    second.discard(game_id)
    first.save_progress(game_id, [ChoosePilot(Suit.HEARTS)])
    assert first.writable and first.games() == []


def _save_prefix(home: str, seed: int, length: int) -> None:
    os.environ["ACELAB_HOME"] = home
    moves, _ = played(seed, limit=length)
    store = open_store()
    (saved,) = store.games("ace_pilot")
    store.save_progress(saved.id, moves[:length])
    assert store.writable, store.problem


def test_two_processes_on_one_game_lose_nothing(home: Path) -> None:
    moves, _ = played(9, limit=8)
    store = open_store()
    game_id = store.start_game("ace_pilot", 9)
    store.save_progress(game_id, moves[:6])
    worker = multiprocessing.get_context("spawn").Process(
        target=_save_prefix, args=(str(home), 9, 3)
    )
    worker.start()
    worker.join(120)
    assert worker.exitcode == 0
    assert len(open_store().games()[0].moves) == 3  # the other process took moves back
    store.save_progress(game_id, moves[:8])
    (saved,) = open_store().games()
    assert list(saved.moves) == moves[:8] and saved.replay() == replay(GAME, 9, moves[:8])


def test_a_fresh_python_lists_every_game_in_the_file(home: Path) -> None:
    store = open_store()
    pilot = store.start_game("ace_pilot", 3)
    store.save_progress(pilot, played(3, limit=5)[0])
    store.start_game("absolutely_aces", 1)
    damaged = store.start_game("ace_pilot", 4)
    store.save_progress(damaged, [ChoosePilot(Suit.HEARTS)])
    edit(store, "UPDATE moves SET move = 'null' WHERE game_id = ?", damaged)
    code = (
        "import sys\n"
        "from acelab.store import open_store\n"
        "assert 'acelab.ace_pilot' not in sys.modules\n"
        "for g in open_store().games():\n"
        "    print(g.id, g.game, len(g.moves), g.problem)\n"
    )
    env = {**os.environ, "ACELAB_HOME": str(home)}
    listed = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env
    ).stdout.splitlines()
    assert listed == [
        f"{pilot} ace_pilot 5 None",
        "2 absolutely_aces 0 None",
        f"{damaged} ace_pilot 0 Saved game {damaged} (ace_pilot) cannot be read: "
        "its move log holds something that is not a move.",
    ]


def test_a_store_closed_says_so_and_saves_nothing() -> None:
    store = open_store()
    store.close()
    assert_not_saving(store)
    with open_store() as again:
        assert again.writable


# ---- two notebooks at once ---------------------------------------------------------------


def _play_and_save(home: str, seed: int, start: multiprocessing.synchronize.Event) -> None:
    os.environ["ACELAB_HOME"] = home
    moves, _ = played(seed, limit=60)
    store = open_store()
    start.wait(20)
    game_id = store.start_game("ace_pilot", seed)
    for number in range(1, len(moves) + 1):
        store.save_progress(game_id, moves[:number])
        store.record_attempt(f"exercise {seed}", str(number), 1.0, True)
    store.earn("ace_pilot", f"played {seed}")
    assert store.writable, store.problem


@pytest.mark.slow
def test_two_processes_writing_at_once_both_save(home: Path) -> None:
    context = multiprocessing.get_context("spawn")
    start = context.Event()
    workers = [
        context.Process(target=_play_and_save, args=(str(home), seed, start)) for seed in (1, 2)
    ]
    for worker in workers:
        worker.start()
    start.set()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    store = open_store()
    games = {g.seed: g for g in store.games("ace_pilot")}
    assert set(games) == {1, 2}
    for seed, saved in games.items():
        moves, _ = played(seed, limit=60)
        assert list(saved.moves) == moves
        assert len(store.attempts(f"exercise {seed}")) == len(moves)
    assert len(store.achievements("ace_pilot")) == 2


def test_games_are_found_by_name_without_importing_widgets() -> None:
    assert isinstance(by_name("ace_pilot"), AcePilot)
    for bad in ("chess", "", None, "../x", "os"):
        with pytest.raises(ValueError, match="not the name of an acelab game"):
            by_name(bad)  # type: ignore[arg-type]
    code = (
        "import sys, acelab.store, acelab.engine.games; acelab.engine.games.by_name('ace_pilot'); "
        "assert 'ipywidgets' not in sys.modules and 'anywidget' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_read_only_folder_is_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home.mkdir(parents=True)
    monkeypatch.setattr("acelab.store.files.os.access", lambda p, mode: False)
    store = open_store()
    assert "read-only" in (store.problem or "")
    assert_not_saving(store)
    assert list(home.iterdir()) == []


VERSION_2_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, seed TEXT NOT NULL,
    options TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'playing', outcome TEXT,
    started TEXT NOT NULL, updated TEXT NOT NULL);
CREATE INDEX games_by_name ON games (game, status, updated);
CREATE TABLE moves (game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number INTEGER NOT NULL, move TEXT NOT NULL, events TEXT NOT NULL,
    PRIMARY KEY (game_id, number));
CREATE TABLE attempts (id INTEGER PRIMARY KEY, exercise TEXT NOT NULL, answer TEXT NOT NULL,
    score REAL NOT NULL, correct INTEGER NOT NULL, time TEXT NOT NULL,
    learner TEXT NOT NULL DEFAULT '');
CREATE INDEX attempts_by_exercise ON attempts (exercise);
CREATE TABLE achievements (game TEXT NOT NULL, achievement TEXT NOT NULL, detail TEXT NOT NULL,
    time TEXT NOT NULL, PRIMARY KEY (game, achievement));
"""
"""The tables of a version-2 store, as acelab 2 wrote them (no ``draft`` in ``games``)."""


def version_2_store(path: Path, moves: list[object]) -> None:
    """A store written by an acelab of schema 2, holding one Ace Pilot game in progress."""
    path.parent.mkdir(parents=True, exist_ok=True)
    texts = [json.dumps(encode(move)) for move in moves]
    db = sqlite3.connect(path)
    db.executescript(VERSION_2_SCHEMA)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 2")
    db.executemany("INSERT INTO meta VALUES (?, ?)", [("application", "acelab"), ("schema", "2")])
    now = "2026-01-05T10:00:00+00:00"
    db.execute(
        "INSERT INTO games (game, seed, options, started, updated) VALUES (?, ?, ?, ?, ?)",
        ("ace_pilot", "4", json.dumps(encode({})), now, now),
    )
    db.executemany(
        "INSERT INTO moves VALUES (1, ?, ?, ?)",
        [(n, text, json.dumps(encode(()))) for n, text in enumerate(texts)],
    )
    db.execute(
        "INSERT INTO attempts (exercise, answer, score, correct, time) VALUES "
        "('poker 1', '1/3', 1.0, 1, ?)",
        (now,),
    )
    db.commit()
    db.close()


def test_a_version_2_store_gains_the_draft_column_and_keeps_its_games(home: Path) -> None:
    moves, _ = played(4, limit=3)
    version_2_store(home / FILE_NAME, moves)
    store = open_store()
    assert store.writable, store.problem
    saved = store.in_progress("ace_pilot")
    assert saved is not None and list(saved.moves) == moves and saved.draft is None
    assert saved.replay() == replay(GAME, 4, moves)
    assert [a.answer for a in store.attempts()] == ["1/3"]
    store.save_draft(saved.id, {"row": [["D", ["KC"]]]})
    store.close()
    db = sqlite3.connect(home / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
    assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("5",)
    db.close()
    assert open_store().game(saved.id).draft == {"row": [["D", ["KC"]]]}


def test_two_notebooks_opening_a_version_2_store_at_once_both_save(home: Path) -> None:
    version_2_store(home / FILE_NAME, played(4, limit=2)[0])
    first, second = open_store(), open_store()
    assert first.writable and second.writable, (first.problem, second.problem)
    first.save_draft(1, [1])
    second.save_draft(1, [2])
    assert open_store().game(1).draft == [2]


def test_a_draft_is_kept_with_its_game_until_it_ends() -> None:
    store = open_store()
    moves, state = played(7)
    game_id = store.start_game("ace_pilot", 7)
    store.save_progress(game_id, moves[:2])
    assert store.game(game_id).draft is None
    draft = {"row": [["S", ["9H", "3C"]]], "ending": None, "roundings": ["up"], "n": 1.5}
    store.save_draft(game_id, draft)
    assert store.in_progress("ace_pilot").draft == draft
    store.save_draft(game_id, None)
    assert store.game(game_id).draft is None
    store.save_draft(game_id, "on the table")
    store.finish_game(game_id, GAME.outcome(state))
    assert store.game(game_id).draft is None
    store.save_draft(game_id, [1])  # a finished game keeps no draft
    assert store.game(game_id).draft is None


@pytest.mark.parametrize(
    "draft",
    [{1, 2}, float("nan"), {"a": object()}, b"bytes", "x" * 10_001, {("a", "b"): 1}],
    ids=["set", "nan", "object", "bytes", "too long", "tuple key"],
)
def test_a_draft_that_is_not_plain_data_is_refused_in_words(draft: object) -> None:
    store = open_store()
    game_id = store.start_game("ace_pilot", 7)
    with pytest.raises(ValueError, match=r"^A draft [^.]*\.$"):
        store.save_draft(game_id, draft)
    assert store.game(game_id).draft is None


@pytest.mark.parametrize(
    "text",
    ["{not json", "NaN", "x" * 20_000, "[" * 100_000 + "]" * 100_000],
    ids=["not json", "nan", "too long", "too deep"],
)
def test_a_damaged_draft_is_refused_with_a_sentence_and_the_game_still_replays(
    home: Path, text: str
) -> None:
    store = open_store()
    moves, _ = played(7, limit=4)
    game_id = store.start_game("ace_pilot", 7)
    store.save_progress(game_id, moves)
    store.close()
    db = sqlite3.connect(home / FILE_NAME)
    db.execute("UPDATE games SET draft = ? WHERE id = ?", (text, game_id))
    db.commit()
    db.close()
    saved = open_store().in_progress("ace_pilot")
    assert saved is not None and saved.problem is None and saved.draft is None
    assert saved.draft_problem == "What was on the table cannot be read."
    assert saved.replay() == replay(GAME, 7, moves)


def held(path: Path) -> sqlite3.Connection:
    """Another notebook's connection that holds the write lock until it commits."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_write_the_file_is_locked_for_waits_and_is_saved_with_the_next_one(home: Path) -> None:
    store = open_store(timeout=0.05)
    moves, state = played(5)
    game_id = store.start_game("ace_pilot", 5)
    store.save_progress(game_id, moves[:-1])
    other = held(store.path)
    store.save_progress(game_id, moves)
    store.finish_game(game_id, GAME.outcome(state))
    store.record_attempt("e", "1", 1.0, True)
    assert store.writable and store.problem is None
    assert store.waiting is not None and "3 changes" in store.waiting
    assert store.waiting.endswith(".") and ". " not in store.waiting
    assert open_store().game(game_id).status == "playing"  # nothing written yet
    other.execute("COMMIT")
    assert store.earn("ace_pilot", "first win")  # the next save writes what waited first
    assert store.waiting is None
    again = open_store()
    saved = again.game(game_id)
    assert saved.finished and saved.moves == tuple(moves)
    assert again.in_progress("ace_pilot") is None
    assert [a.answer for a in again.attempts()] == ["1"]


def test_what_waits_is_saved_when_the_store_closes(home: Path) -> None:
    store = open_store(timeout=0.05)
    moves, state = played(6)
    game_id = store.start_game("ace_pilot", 6)
    other = held(store.path)
    store.save_progress(game_id, moves)
    store.finish_game(game_id, GAME.outcome(state))
    other.execute("COMMIT")
    store.close()
    saved = open_store().game(game_id)
    assert saved.finished and saved.moves == tuple(moves)


def test_a_game_started_while_the_file_is_locked_is_started_again_by_the_next_save(
    home: Path,
) -> None:
    store = open_store(timeout=0.05)
    other = held(store.path)
    assert store.start_game("ace_pilot", 7) == 0
    assert store.waiting is not None
    other.execute("COMMIT")
    game_id = store.start_game("ace_pilot", 7)
    assert game_id and store.waiting is None
    assert [g.id for g in open_store().games()] == [game_id]


def test_a_timeout_must_be_a_short_positive_number(home: Path) -> None:
    for timeout in (-1, 0, float("nan"), "1", True, 10**9):
        with pytest.raises(ValueError, match=r"\.$"):
            open_store(timeout=timeout)  # type: ignore[arg-type]


# ---- practice ratings (schema 4) ---------------------------------------------------------


def test_ratings_are_kept_per_scope_and_replaced(home: Path) -> None:
    store = open_store()
    assert store.ratings("learner") == {}
    store.save_rating("learner", "ace_pilot", 1500.0, 0)
    store.save_rating("learner", "absolutely_aces", 1432.5, 7)
    store.save_rating("item:ace_pilot", "round 3", -12, 2)
    store.save_rating("learner", "ace_pilot", 1516.25, 1)  # replaces the first
    again = open_store()
    assert again.ratings("learner") == {"ace_pilot": (1516.25, 1), "absolutely_aces": (1432.5, 7)}
    assert again.ratings("item:ace_pilot") == {"round 3": (-12.0, 2)}
    assert isinstance(again.ratings("item:ace_pilot")["round 3"][0], float)
    assert again.ratings("item:lex") == {}
    db = sqlite3.connect(home / FILE_NAME)
    (updated,) = db.execute("SELECT updated FROM ratings WHERE item = 'ace_pilot'").fetchone()
    db.close()
    assert updated.endswith("+00:00")


@pytest.mark.parametrize(
    "arguments",
    [
        ("", "x", 1.0, 0),
        ("learner", "", 1.0, 0),
        (None, "x", 1.0, 0),
        ("learner", 5, 1.0, 0),
        ("learner", "x", float("nan"), 0),
        ("learner", "x", float("inf"), 0),
        ("learner", "x", -float("inf"), 0),
        ("learner", "x", "1500", 0),
        ("learner", "x", True, 0),
        ("learner", "x", 1.0, -1),
        ("learner", "x", 1.0, 1.5),
        ("learner", "x", 1.0, True),
        ("learner", "x", 1.0, 2**63),
    ],
)
def test_a_bad_rating_is_refused_in_a_sentence_and_keeps_nothing(
    arguments: tuple[object, ...],
) -> None:
    store = open_store()
    store.save_rating("learner", "x", 1400.0, 2)
    with pytest.raises(ValueError, match=r"^A .*\.$"):
        store.save_rating(*arguments)  # type: ignore[arg-type]
    assert store.writable and store.ratings("learner") == {"x": (1400.0, 2)}
    for scope in ("", None, 3):
        with pytest.raises(ValueError, match=r"\.$"):
            store.ratings(scope)  # type: ignore[arg-type]


def test_a_rating_row_edited_into_nonsense_is_skipped() -> None:
    store = open_store()
    store.save_rating("learner", "good", 1.0, 1)
    store.save_rating("learner", "bad", 2.0, 1)
    edit(store, "UPDATE ratings SET attempts = 'many' WHERE item = 'bad'")
    assert store.ratings("learner") == {"good": (1.0, 1)}


def test_a_version_3_store_gains_the_ratings_table_and_keeps_its_rows(home: Path) -> None:
    store = open_store()
    game_id = store.start_game("ace_pilot", 3)
    store.save_progress(game_id, played(3, limit=4)[0])
    store.save_draft(game_id, {"row": []})
    store.record_attempt("poker 1", "1/3", 0.5, False, "Bea")
    store.close()
    db = sqlite3.connect(home / FILE_NAME)
    db.executescript(
        "DROP TABLE ratings; UPDATE meta SET value = '3' WHERE key = 'schema';"
        "PRAGMA user_version = 3;"
    )
    db.close()
    store = open_store()
    assert store.writable, store.problem
    saved = store.game(game_id)
    assert saved is not None and len(saved.moves) == 4 and saved.draft == {"row": []}
    assert [(a.answer, a.learner) for a in store.attempts()] == [("1/3", "Bea")]
    assert store.ratings("learner") == {}
    store.save_rating("learner", "ace_pilot", 1500.0, 1)
    assert open_store().ratings("learner") == {"ace_pilot": (1500.0, 1)}
    db = sqlite3.connect(home / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("5",)
    db.close()


def test_version_1_and_2_stores_gain_the_ratings_table(home: Path) -> None:
    version_2_store(home / FILE_NAME, played(4, limit=2)[0])
    store = open_store()
    store.save_rating("learner", "ace_pilot", 1480.0, 4)
    assert open_store().ratings("learner") == {"ace_pilot": (1480.0, 4)}
    assert [a.answer for a in store.attempts()] == ["1/3"]


# ---- games played at class tables (schema 5) ---------------------------------------------


def test_a_version_4_store_gains_the_table_column_and_keeps_its_games(home: Path) -> None:
    store = open_store()
    game_id = store.start_game("ace_pilot", 3)
    moves = played(3, limit=4)[0]
    store.save_progress(game_id, moves)
    store.close()
    db = sqlite3.connect(home / FILE_NAME)
    db.executescript(
        "ALTER TABLE games DROP COLUMN at_table; UPDATE meta SET value = '4' WHERE key = 'schema';"
        "PRAGMA user_version = 4;"
    )
    db.close()
    store = open_store()
    assert store.writable, store.problem
    saved = store.game(game_id)
    assert saved is not None and list(saved.moves) == moves and saved.table is None
    assert saved.seat == 0 and store.table_games() == []
    store.close()
    db = sqlite3.connect(home / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
    assert "at_table" in {row[1] for row in db.execute("PRAGMA table_info(games)")}
    db.close()


def test_a_table_game_is_kept_once_finished_and_bad_arguments_change_nothing(home: Path) -> None:
    from acelab.store import TableGame

    moves, state = played(5)
    outcome = GAME.outcome(state)  # type: ignore[arg-type]
    assert outcome is not None
    events = [()] * len(moves)
    table = TableGame("KMPRTX", 1, ("ana", "ben", None))
    store = open_store()
    game_id = store.record_table_game("ace_pilot", 5, {}, moves, events, outcome, table)
    again = store.record_table_game("ace_pilot", 5, {}, moves, events, outcome, table)
    assert game_id and again == game_id
    saved = store.game(game_id)
    assert saved is not None and saved.finished and saved.table == table and saved.seat == 1
    assert saved.outcome == outcome and saved.replay() == state
    assert table.line() == "played at table KMPRTX with ana and a bot"
    for bad in (
        ("ace_pilot", 5, {}, moves, events[:-1], outcome, table),
        ("ace_pilot", 5, {}, [*moves[:-1], "draw"], events, outcome, table),
        ("ace_pilot", 5, {}, moves, events, None, table),
        ("ace_pilot", 5, {}, moves, events, outcome, {"code": "KMPRTX"}),
        ("ace_pilot", True, {}, moves, events, outcome, table),
    ):
        with pytest.raises(ValueError, match=r"\.$"):
            store.record_table_game(*bad)  # type: ignore[arg-type]
    assert [g.id for g in store.games()] == [game_id]

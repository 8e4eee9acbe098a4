"""A class table's game kept in each pupil's progress store (issue 25 item 5): once the game is
over, and never before, the service gives each seat its record (seed, options, moves, names);
the record replays to the service's own state, is kept in the real store as a finished game
played at that table, and replays exactly in the game's solitary panel (Lex, Absolutely Aces,
Devir's co-op). A damaged record is refused in one sentence and nothing is saved."""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acelab.absolutely_aces.panel import AbsolutelyAcesPanel
from acelab.ace_of_spades.panel import AceOfSpadesPanel
from acelab.ace_of_spades_lex.panel import LexPanel
from acelab.engine import encode
from acelab.practice.progress import my_progress
from acelab.practice.show import table_games
from acelab.store import open_store
from acelab.tables import TableRefused, Tables, words
from acelab.tables.client import TableClient, TableSeat
from acelab.tables.record import keep, read_record
from tests.tables.support import check_reply, serving
from tests.tables.test_service import Recording, _states
from tests.tables.test_together import seated, until

GAMES = [
    ("absolutely_aces", ["person", "bot"], {"target": 3}),
    ("absolutely_aces", ["person", "person"], {"target": 3}),
    ("ace_of_spades_lex", ["person", "bot", "person"], {}),
    ("ace_of_spades_lex", ["person", "person"], {}),
    ("ace_of_spades", ["person", "person"], {"difficulty": "easy"}),
    ("ace_of_spades", ["person", "bot"], {"difficulty": "normal"}),
]


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Tables]]:
    tables = Tables(tmp_path_factory.mktemp("saved") / "tables.sqlite3")
    with serving(tables) as url:
        yield url, tables
    tables.close()


def play_to_the_end(
    url: str, game: str, seats: list[str], options: dict[str, Any], rng: random.Random
) -> tuple[str, dict[int, TableSeat], dict[int, Recording]]:
    """A table played to its end through the protocol by its people, each choosing at random
    among its legal moves (bots play their seats); no reply before the end holds the seed, the
    record or another seat's moves, and the record is refused until the end."""
    tag = uuid.uuid4().hex[:6]
    people = [n for n, kind in enumerate(seats) if kind == "person"]
    clients = {n: Recording(url, f"{tag}{n}") for n in range(len(people))}
    first = clients[0].create(game, seats, options)
    at = {first.seat: first}
    by_seat = {first.seat: clients[0]}
    for n in range(1, len(people)):
        joined = clients[n].join(first.code)
        at[joined.seat], by_seat[joined.seat] = joined, clients[n]
    with pytest.raises(TableRefused, match="not over yet"):
        first.record()
    for _ in range(600):
        views = {seat: s.refresh() for seat, s in at.items()}
        mover = views[first.seat].to_move
        if mover is None:
            break
        if mover not in at:
            at[first.seat].wait(1)  # a bot's go: the service's tick plays it
            continue
        view = at[mover].every_legal() if views[mover].legal_count else views[mover]
        at[mover].move(view.legal[rng.randrange(len(view.legal))])
    assert views[first.seat].status == "finished"
    return first.code, at, by_seat


def check_no_early_record(client: Recording, tables: Tables, code: str, seat: int) -> None:
    """Every reply this seat had while the game went on: no seed, no record, no list of moves,
    no other seat's move as made, and no card it may not see."""
    room = tables.room(code)
    states, steps = _states(tables, code)
    moves = zip(room.movers, room.moves, strict=True)
    others = {json.dumps(encode(m), sort_keys=True) for s, m in moves if s != seat}
    for reply in client.replies:
        view = reply.get("view", reply)
        if "record" in reply or view.get("status") != "playing":
            continue
        text = json.dumps(reply, sort_keys=True)
        assert '"record"' not in text and '"moves"' not in text
        check_reply(reply, room.kind.name, states, steps, seat, room.seed)
        if room.kind.name == "absolutely_aces":  # a pick names its card: never shown early
            assert not [m for m in others if '"player"' in m and m in text]


def _kept(record: Any, home: Path) -> int:
    with open_store(home) as store:
        return keep(record, store)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(GAMES), choices=st.integers(0, 10**6))
def test_each_seat_s_record_replays_to_the_service_s_state(
    service: tuple[str, Tables], table: tuple[str, list[str], dict[str, Any]], choices: int
) -> None:
    url, tables = service
    game, seats, options = table
    code, at, clients = play_to_the_end(url, game, seats, options, random.Random(choices))
    room = tables.room(code)
    for seat, sitting in at.items():
        check_no_early_record(clients[seat], tables, code, seat)
        record = read_record(sitting.record(), sitting.view)
        assert record.final == room.state and record.moves == tuple(room.moves)
        assert record.seat == seat and record.names[seat] == room.seats[seat].user
        rules = room.kind.game()
        _, steps = _states(tables, code)
        assert record.events == tuple(rules.visible_events(e, seat) for e in steps)


def test_the_kept_game_replays_in_each_solitary_panel(
    service: tuple[str, Tables], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, tables = service
    panels = {
        "absolutely_aces": lambda: AbsolutelyAcesPanel(seed=1, target=3, pause=0),
        "ace_of_spades_lex": lambda: LexPanel(seed=1, players=3, pause=0),
        "ace_of_spades": lambda: AceOfSpadesPanel(seed=1, players=2, difficulty="easy", pause=0),
    }
    plays = [GAMES[1], GAMES[2], GAMES[4]]
    for number, (game, seats, options) in enumerate(plays):
        code, at, _ = play_to_the_end(url, game, seats, options, random.Random(number))
        room = tables.room(code)
        seat = max(at)  # not seat 0: the pupil who joined
        home = tmp_path / f"pupil{number}"
        record = read_record(at[seat].record(), at[seat].view)
        game_id = _kept(record, home)
        assert game_id and _kept(record, home) == game_id, "kept once"
        with open_store(home) as store:
            saved = store.game(game_id)
            assert saved is not None and saved.finished and saved.replay() == room.state
            assert saved.table is not None and (saved.table.code, saved.seat) == (code, seat)
            assert saved.table.line().startswith(f"played at table {code} with ")
            assert [g.id for g in store.table_games(game)] == [game_id]
            assert store.in_progress(game) is None, "a finished table is not offered to resume"
            shown = {g.game: g for g in my_progress(store).games}[game]
            won = saved.outcome is not None and saved.outcome.won(seat)
            assert (shown.played, shown.won) == (1, int(won)), "counted with the pupil's seat"
            assert shown.tables == (f"game {game_id}, {saved.table.line()}: "
                                    f"{'won' if won else 'not won'}",)  # fmt: skip
            assert shown.tables[0] in table_games(my_progress(store)).markdown
        monkeypatch.setenv("ACELAB_HOME", str(home))
        panel = panels[game]()
        try:
            assert panel.open_saved(game_id), panel.messages.text
            assert panel.state == room.state and panel.moves == list(room.moves)
            assert f"table {code}" in panel.messages.text
            assert not panel.open_saved(game_id + 99) and "no saved" in panel.messages.text
            assert panel.state == room.state, "a refused game changed nothing"
        finally:
            panel.close()


def test_a_damaged_record_is_refused_and_nothing_is_saved(
    service: tuple[str, Tables], tmp_path: Path
) -> None:
    url, tables = service
    code, at, _ = play_to_the_end(url, *GAMES[0], random.Random(3))
    good = at[0].record()
    assert read_record(good, at[0].view).final == tables.room(code).state

    def damaged(change: Any) -> dict[str, Any]:
        data = json.loads(json.dumps(good))
        change(data)
        return dict(data)

    bad = [
        damaged(lambda d: d.update(seed=d["seed"] + 1 if isinstance(d["seed"], int) else "x")),
        damaged(lambda d: d["moves"].pop()),
        damaged(lambda d: d["moves"].insert(0, d["moves"][0])),
        damaged(lambda d: d["moves"][0].update(seat=1)),
        damaged(lambda d: d.update(outcome=None)),
        damaged(lambda d: d.update(options={"target": 99})),
        damaged(lambda d: d.update(game="poker")),
        damaged(lambda d: d.update(seat=5)),
        damaged(lambda d: d.update(names="ana")),
        damaged(lambda d: d.pop("moves")),
        {"code": code},
        ["not", "a", "record"],
    ]
    for data in bad:
        with pytest.raises(TableRefused) as refusal:
            read_record(data, at[0].view)
        named = code if isinstance(data, dict) and data.get("code") else "?"
        assert str(refusal.value) == words.BAD_RECORD.format(code=named)
    other = TableClient(url, f"test-{uuid.uuid4().hex[:6]}").create(*GAMES[0][:2], GAMES[0][2])
    with pytest.raises(TableRefused, match="does not replay"):  # another table's end
        read_record(good, other.view)
    seen_elsewhere = replace(at[0].view, observation=other.view.observation)
    with pytest.raises(TableRefused, match="does not replay"):  # not the end this seat saw
        read_record(good, seen_elsewhere)
    with open_store(tmp_path) as store:
        assert store.games() == []


def test_a_round_s_records_wait_for_every_table_of_the_round(tmp_path: Path) -> None:
    # the service's own Tables, called in this thread only: not the served one, whose thread
    # ticks while this one would write (one SQLite connection, one thread at a time)
    tables = Tables(tmp_path / "tables.sqlite3")
    _, codes = tables.duplicate_round("absolutely_aces", ["person", "bot"], 2, {"target": 1})
    for n, code in enumerate(codes):
        tables.join(code, f"round{n}")
    play_as(tables, codes[0], "round0")
    with pytest.raises(TableRefused) as refusal:
        tables.record(codes[0], "round0")
    assert str(refusal.value) == words.NO_RECORD_ROUND.format(code=codes[0])
    play_as(tables, codes[1], "round1")
    assert tables.record(codes[0], "round0")["seed"] == tables.room(codes[0]).seed
    with pytest.raises(TableRefused, match="no seat"):
        tables.record(codes[0], "round1")
    tables.close()


def play_as(tables: Tables, code: str, user: str) -> None:
    """Table ``code`` played to its end: ``user`` makes its first legal move at each go, the
    service's tick plays the bot's."""
    room = tables.room(code)
    for _ in range(1000):
        if room.to_move() is None:
            return
        view = tables.view(code, user, room.version)
        if view["legal"]:
            tables.move(code, user, view["legal"][0], view["version"])
        else:
            tables.tick()
    raise AssertionError(f"table {code} did not end in 1,000 goes")


def test_the_control_keeps_the_game_and_a_pupil_who_left_gets_it_on_rejoining(
    service: tuple[str, Tables], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, tables = service
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "ana"))
    ana_panel = AbsolutelyAcesPanel(seed=8, target=1, pause=0)
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "ben"))
    ben_panel = AbsolutelyAcesPanel(seed=9, target=1, pause=0)
    tag = uuid.uuid4().hex[:4]
    ana, ben = seated(ana_panel, url, f"ana{tag}"), seated(ben_panel, url, f"ben{tag}")
    try:
        code = ana.start()
        assert ben.join(code)
        ben.leave()  # before the end: a bot plays ben's seat
        rng = random.Random(1)
        for _ in range(200):
            view = ana.view
            assert view is not None
            if view.status != "playing":
                break
            if view.my_go:
                ana.play(view.legal[rng.randrange(len(view.legal))])
            else:  # ben's bot: the service's tick plays it, and ana's watch hears it
                until(lambda v=view: ana.view is not v)
        until(lambda: code in ana.kept)
        assert ben.kept == {}
        with open_store(tmp_path / "ana") as store:
            assert [g.table.code for g in store.table_games()] == [code]  # type: ignore[union-attr]
            assert store.game(ana.kept[code]).replay() == tables.room(code).state  # type: ignore[union-attr]
        assert any("Saved in your progress" in line for line in ana.log.entries)
        assert ben.join(code), "a finished table can be joined again by who sat there"
        assert code in ben.kept
        with open_store(tmp_path / "ben") as store:
            saved = store.game(ben.kept[code])
            assert (
                saved is not None and saved.seat == 1 and saved.replay() == tables.room(code).state
            )
        ana.join(code)  # ana looks again: nothing kept twice
        with open_store(tmp_path / "ana") as store:
            assert len(store.games()) == 1, "kept once"
    finally:
        ana_panel.close()
        ben_panel.close()

"""The table service's core (no network): random games through :class:`Tables` equal the
engine's replay of their moves, each seat's views are the engine's ``observation`` and
``visible_events`` for that seat and name no card it may not see, and every refusal is one
sentence that changes nothing (issue 25)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acelab.engine import decode, encode, replay
from acelab.tables import TableRefused, Tables, words
from acelab.tables.codes import ALPHABET, read_code
from tests.tables.support import check_reply, encoded

TABLES = [
    ("absolutely_aces", 2, {"target": 5}),
    ("ace_of_spades", 2, {"difficulty": "normal"}),
    ("ace_of_spades", 2, {"difficulty": "easy"}),
    ("ace_of_spades", 2, {"difficulty": "nightmare"}),
    ("ace_of_spades_lex", 2, {}),
    ("ace_of_spades_lex", 3, {}),
    ("ace_of_spades_lex", 5, {}),
]


class Clock:
    """The time, set by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def play(
    tables: Tables,
    game: str,
    people: int,
    seats: list[str],
    options: dict[str, Any],
    seed: str,
    choices: random.Random,
    moves: int,
) -> tuple[str, dict[int, str]]:
    """A table of ``seats`` played for up to ``moves`` moves by its people, each choosing at
    random among the legal moves its view offers, with bad requests mixed in; checks every reply
    as it goes. Returns the code and who sits where."""
    code = tables.create("p0", game, seats, options, seed=seed)
    room = tables.room(code)
    users = {0: "p0"}
    for n in range(1, people):
        _, seat = tables.join(code, f"p{n}")
        users[seat] = f"p{n}"
    streams: dict[int, list[Any]] = {seat: [] for seat in users}
    seen: dict[int, int] = dict.fromkeys(users, 0)
    states = _states(room, options, len(seats), [])
    for _ in range(moves):
        mover = room.to_move()
        if mover is None:
            break
        states = _states(room, options, len(seats), states)
        for seat, user in users.items():
            view = tables.view(code, user, seen[seat])
            check_reply(view, game, states, room.steps, seat, seed)
            assert decode(view["observation"]) == room.kind.game().observation(
                states[view["version"]], seat
            )
            streams[seat] += view["events"]
            seen[seat] = view["version"]
        user = users[mover]
        view = tables.view(code, user, seen[mover], all_legal=True)
        assert view["legal_count"] == len(room.kind.game().legal_moves(room.state))
        streams[mover] += view["events"]
        seen[mover] = view["version"]
        assert view["legal"], "the seat to move is offered no move"
        choice = view["legal"][choices.randrange(len(view["legal"]))]
        other = next((u for s, u in users.items() if s != mover), None)
        version = view["version"]
        if other is not None:
            _refused(tables, code, words.NOT_YOUR_GO, other, choice, version)
        if version > 0 and (room.movers[-1], encoded(room.moves[-1])) != (mover, choice):
            _refused(tables, code, words.STALE, user, choice, version - 1)
        _refused(tables, code, words.AHEAD, user, choice, version + 1)
        assert tables.move(code, user, choice, version) is True
        assert tables.move(code, user, choice, version) is False, "a repeat applied twice"
    for seat, user in users.items():
        view = tables.view(code, user, seen[seat])
        streams[seat] += view["events"]
        states = _states(room, options, len(seats), states)
        check_reply(view, game, states, room.steps, seat, seed)
    _same_as_replay(tables, code, seed, options, streams)
    return code, users


def _states(room: Any, options: dict[str, Any], seats: int, states: list[Any]) -> list[Any]:
    """The engine's states of the table by version, replayed by the test (``states``: those
    replayed so far)."""
    rules = room.kind.game()
    if not states:
        states = [rules.new_state(room.seed, **room.kind.new_options(options, seats))]
    for move in room.moves[len(states) - 1 :]:
        states.append(rules.apply(states[-1], move))
    return states


def _refused(tables: Tables, code: str, sentence: str, user: str, move: Any, version: int) -> None:
    room = tables.room(code)
    before = (room.version, room.state, room.revision)
    with pytest.raises(TableRefused) as refusal:
        tables.move(code, user, move, version)
    assert str(refusal.value) == sentence
    assert (room.version, room.state, room.revision) == before, "a refused move changed the table"


def _same_as_replay(
    tables: Tables, code: str, seed: str, options: dict[str, Any], streams: dict[int, list[Any]]
) -> None:
    """The table's state is the engine's replay of its moves; each seat heard every move once,
    in order, as ``visible_events`` for that seat."""
    room = tables.room(code)
    rules = room.kind.game()
    seats = len(room.seats)
    assert room.state == replay(rules, seed, room.moves, **room.kind.new_options(options, seats))
    state = rules.new_state(seed, **room.kind.new_options(options, seats))
    for stream in streams.values():
        assert [e["version"] for e in stream] == list(range(1, room.version + 1))
    for version, move in enumerate(room.moves, start=1):
        step = rules.step(state, move)
        for seat, stream in streams.items():
            told = decode(stream[version - 1]["events"])
            assert told == rules.visible_events(step.events, seat)
            assert stream[version - 1]["seat"] == room.movers[version - 1]
        state = step.state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    bots=st.integers(0, 4),
    seed=st.integers(0, 10**6),
    choices=st.integers(0, 10**6),
)
def test_random_games_through_the_core(
    table: tuple[str, int, dict[str, Any]], bots: int, seed: int, choices: int
) -> None:
    game, count, options = table
    seats = ["person"] + ["bot" if n < bots else "person" for n in range(count - 1)]
    people = seats.count("person")
    tables = Tables(clock=Clock())
    play(tables, game, people, seats, options, f"seed-{seed:07d}", random.Random(choices), 40)


def test_a_restart_keeps_every_table(tmp_path: Path) -> None:
    """Tables saved in the service's SQLite file come back, state, seats and all, after the
    service restarts (a new :class:`Tables` on the same file)."""
    clock = Clock()
    first = Tables(tmp_path / "tables.sqlite3", clock=clock)
    rng = random.Random(5)
    kept = {}
    for game, count, options in TABLES:
        seats = ["person"] * count
        code, users = play(first, game, count, seats, options, f"seed-{game}", rng, moves=15)
        kept[code] = (first.room(code).state, first.room(code).version, users)
    round_, codes = first.duplicate_round("absolutely_aces", ["person", "bot"], 3)
    first.close()
    second = Tables(tmp_path / "tables.sqlite3", clock=clock)
    for code, (state, version, users) in kept.items():
        room = second.room(code)
        assert (room.state, room.version) == (state, version)
        assert {s: room.seats[s].user for s in users} == users
    assert {second.room(c).round for c in codes} == {round_}
    assert len({second.room(c).seed for c in codes}) == 1, "a duplicate round has one seed"
    second.close()
    # A fresh service process, which has imported no game yet, loads them too.
    read = (
        "import sys\nfrom acelab.tables import Tables\n"
        "tables = Tables(sys.argv[1])\n"
        "print(sorted((code, room.version) for code, room in tables.rooms.items()))"
    )
    done = subprocess.run([sys.executable, "-c", read, str(tmp_path / "tables.sqlite3")],
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    versions = sorted([(code, version) for code, (_, version, _) in kept.items()]
                      + [(code, 0) for code in codes])  # fmt: skip
    assert done.stdout.strip() == str(versions)


def test_bots_play_empty_and_silent_seats_until_the_pupil_rejoins() -> None:
    clock = Clock()
    tables = Tables(clock=clock)
    code = tables.create("amy", "absolutely_aces", ["person", "person"], {"target": 5}, seed=3)
    room = tables.room(code)
    first = tables.view(code, "amy")
    tables.move(code, "amy", first["legal"][0], first["version"])
    assert room.to_move() == 1 and room.version == 1, "an empty seat waits for its bot's time"
    clock.now += 61
    tables.view(code, "amy")  # amy is still here; seat 1, empty for 61 s, goes to its bot
    assert room.version > 1 and room.movers[1] == 1
    assert tables.view(code, "amy")["seats"][1]["bot_now"] is True
    _, seat = tables.join(code, "ben")
    assert seat == 1
    view = tables.view(code, "ben")
    assert view["seats"][1] == {"seat": 1, "name": "ben", "person": True, "bot": "strong",
                                "connected": True, "bot_now": False}  # fmt: skip
    clock.now += 61  # both silent: the bots play both seats until one comes back
    tables.tick()
    assert tables.view(code, "ben")["seats"][0]["bot_now"] is True


def test_a_table_whose_people_all_left_ends_abandoned() -> None:
    tables = Tables(clock=Clock())
    code = tables.create("amy", "ace_of_spades_lex", ["person", "person", "bot"])
    tables.join(code, "ben")
    tables.leave(code, "amy")
    assert tables.room(code).status == "playing"
    tables.leave(code, "ben")
    assert tables.room(code).status == "abandoned"
    with pytest.raises(TableRefused, match=words.ABANDONED.format(code=code)):
        tables.join(code, "cat")
    assert tables.overview()[0]["status"] == "abandoned", "it stays in the record"


def test_bad_input_gets_one_sentence_and_changes_nothing() -> None:
    clock = Clock()
    tables = Tables(clock=clock)
    code = tables.create("amy", "absolutely_aces", ["person", "person"], {"target": 1})
    tables.join(code, "ben")
    room = tables.room(code)

    def refused(call: Any, sentence: str | None) -> None:
        """Refused with ``sentence`` (``None``: the engine's own sentence), nothing changed."""
        before = (room.state, room.revision)
        with pytest.raises(TableRefused) as refusal:
            call()
        said = str(refusal.value)
        assert said == (sentence or said)
        assert said.count(". ") == 0 and said.endswith("."), said
        assert (room.state, room.revision) == before

    wrong = "".join(ALPHABET[(ALPHABET.index(c) + 1) % len(ALPHABET)] for c in code)
    refused(lambda: tables.join(wrong, "cat"), words.NO_TABLE.format(code=wrong))
    refused(lambda: tables.join("hello", "cat"), words.BAD_CODE.format(example="KMPRTX"))
    refused(lambda: tables.join(code, "cat"), words.FULL.format(code=code))
    refused(lambda: tables.view(code, "cat"), words.NOT_SEATED.format(code=code))
    legal = tables.view(code, "amy")["legal"]
    refused(lambda: tables.move(code, "ben", legal[0], 0), words.NOT_YOUR_GO)
    refused(lambda: tables.move(code, "cat", legal[0], 0), words.NOT_SEATED.format(code=code))
    refused(lambda: tables.move(code, "amy", {"$type": "nope", "fields": {}}, 0), words.NOT_A_MOVE)
    refused(lambda: tables.move(code, "amy", [1, 2], 0), None)
    refused(lambda: tables.move(code, "amy", legal[0], "0"), words.STALE)
    aces = room.kind.game()
    other = encode(aces.legal_moves(aces.apply(room.state, decode(legal[0])))[0])
    refused(lambda: tables.move(code, "amy", other, 0), None)  # the engine's sentence
    refused(lambda: tables.create("amy", "poker", ["person"]),
            words.UNKNOWN_GAME.format(game="'poker'"))  # fmt: skip
    refused(lambda: tables.create("amy", "absolutely_aces", ["person"] * 3),
            words.BAD_SEATS.format(title="Absolutely Aces", count="2 seats"))  # fmt: skip
    refused(lambda: tables.create("amy", "absolutely_aces", ["bot", "bot"]), words.NO_PERSON)
    ghost = words.BAD_SEAT.format(names="perfect, greedy, random, strong", seat="'ghost'")
    refused(lambda: tables.create("amy", "absolutely_aces", ["person", "ghost"]), ghost)
    refused(lambda: tables.create("amy", "absolutely_aces", ["person"] * 2, {"colour": 1}),
            words.BAD_OPTIONS)  # fmt: skip
    refused(lambda: tables.set_bot_timeout(1), words.BAD_TIMEOUT.format(value="1"))
    # A session taken over by a join from another window is refused there.
    old, _ = room.seats[0].session, None
    tables.join(code, "amy")
    refused(lambda: tables.view(code, "amy", 0, old), words.TAKEN_OVER.format(code=code))
    # A finished table and an expired one.
    while room.to_move() is not None:
        seat = room.to_move()
        user = "amy" if seat == 0 else "ben"
        tables.move(code, user, tables.view(code, user)["legal"][0], room.version)
    assert room.status == "finished"
    refused(lambda: tables.join(code, "cat"), words.FINISHED.format(code=code))
    for _ in range(10):
        tables.create("eve", "absolutely_aces", ["person", "bot"])
    refused(lambda: tables.create("eve", "absolutely_aces", ["person", "bot"]),
            words.TOO_MANY.format(count=10))  # fmt: skip
    eves = [t for t in tables.overview() if any(s["name"] == "eve" for s in t["seats"])]
    tables.leave(eves[0]["code"], "eve")  # the clock stands still: amy's may sort first
    tables.create("eve", "absolutely_aces", ["person", "bot"])
    late = tables.create("amy", "absolutely_aces", ["person", "person"])
    clock.now += 13 * 3600
    refused(lambda: tables.join(late, "cat"), words.EXPIRED.format(code=late))


def test_codes_are_read_forgivingly() -> None:
    assert read_code(" kmp-rtx ") == "KMPRTX"
    for bad in ("KMPRT", "KMPRTXX", "KMPRT0", None, 123456, "x" * 100):
        with pytest.raises(TableRefused):
            read_code(bad)


def test_the_out_of_turn_sentence_is_the_panels() -> None:
    from acelab.widgets.seated import SeatedPanel

    assert words.NOT_YOUR_GO == SeatedPanel.NOT_YOUR_GO


def test_coop_on_hard_tells_no_partner_the_other_s_discards() -> None:
    from acelab.engine.games import by_name
    from tests.conformance.games import ADAPTERS

    game, adapter = by_name("ace_of_spades"), ADAPTERS["ace_of_spades"]
    rng = random.Random(1)
    for seed in range(20):
        state = game.new_state(seed, difficulty="hard", players=2)
        for _ in range(60):
            if game.to_move(state) is None:
                break
            before = state
            step = game.step(state, rng.choice(list(game.legal_moves(state))))
            state = step.state
            for seat in (0, 1):
                secret = adapter.hidden(before, seat) & adapter.hidden(state, seat)
                secret -= adapter.face_up(step.events)
                told = {str(card) for e in game.visible_events(step.events, seat)
                        for card in getattr(e, "cards", ()) or ()}  # fmt: skip
                assert not secret & told, f"seat {seat} hears of {sorted(secret & told)}"

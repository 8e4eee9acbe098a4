"""Absolutely Aces' secret picks at a class table (issue 25): the second seat may pick before
the first; its pick is held (shown to nobody but "has picked"), applied the moment it is its go,
counted once when sent twice, and the first pick stands. Every seat's view stays the engine's
``observation`` and ``visible_events`` for that seat, and a restart keeps a held pick."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acelab.absolutely_aces.moves import Pick
from acelab.absolutely_aces.state import Phase
from acelab.engine import decode, replay
from acelab.tables import TableRefused, Tables, words
from tests.tables.support import check_reply, encoded
from tests.tables.test_tables_core import Clock, _same_as_replay, _states

OPTIONS = {"target": 5}


def _early(room: Any, seat: int) -> list[Any]:
    """Seat ``seat``'s picks while the other seat is to pick (none otherwise)."""
    state = room.state
    if state.phase is not Phase.PICK or room.to_move() == seat or state.picks[seat] is not None:
        return []
    return [encoded(Pick(seat, card)) for card in state.hands[seat]]


def _refused(tables: Tables, code: str, sentence: str, user: str, move: Any, version: int) -> None:
    room = tables.room(code)
    before = (room.version, room.state, room.revision, dict(room.held))
    with pytest.raises(TableRefused) as refusal:
        tables.move(code, user, move, version)
    assert str(refusal.value) == sentence
    assert (room.version, room.state, room.revision, dict(room.held)) == before


def play_with_early_picks(tables: Tables, seed: str, rng: random.Random, moves: int) -> str:
    """A duel of two people, where the seat not to move picks early whenever it may (or, at
    random, waits), with repeats and changed picks mixed in; every view checked."""
    code = tables.create("p0", "absolutely_aces", ["person", "person"], OPTIONS, seed=seed)
    tables.join(code, "p1")
    room = tables.room(code)
    users = {0: "p0", 1: "p1"}
    streams: dict[int, list[Any]] = {0: [], 1: []}
    seen = {0: 0, 1: 0}
    states: list[Any] = []
    held_seen = 0
    for _ in range(moves):
        if room.to_move() is None:
            break
        states = _states(room, OPTIONS, 2, states)
        for seat, user in users.items():
            view = tables.view(code, user, seen[seat])
            check_reply(view, "absolutely_aces", states, room.steps, seat, seed)
            rules = room.kind.game()
            assert decode(view["observation"]) == rules.observation(states[view["version"]], seat)
            held = room.held.get(seat)
            assert view["held"] == (None if held is None else encoded(held))
            assert view["held_seats"] == sorted(room.held)
            streams[seat] += view["events"]
            seen[seat] = view["version"]
        waiting = 1 - (room.to_move() or 0)
        early = _early(room, waiting)
        if early and waiting not in room.held and rng.random() < 0.7:
            pick = early[rng.randrange(len(early))]
            assert tables.move(code, users[waiting], pick, room.version) is True
            assert room.version == seen[waiting] and waiting in room.held, "applied, not held"
            assert tables.move(code, users[waiting], pick, room.version) is False, "twice"
            other = [m for m in early if m != pick]
            _refused(tables, code, words.HELD, users[waiting], other[0], room.version)
            held_seen += 1
            continue
        mover = room.to_move()
        assert mover is not None
        view = tables.view(code, users[mover], seen[mover], all_legal=True)
        streams[mover] += view["events"]
        seen[mover] = view["version"]
        choice = view["legal"][rng.randrange(len(view["legal"]))]
        held_before = 1 - mover in room.held
        version = view["version"]
        assert tables.move(code, users[mover], choice, version) is True
        if held_before:  # the held pick went in straight after
            assert room.version == version + 2 and room.movers[-1] == 1 - mover
            assert not room.held
    for seat, user in users.items():
        view = tables.view(code, user, seen[seat])
        streams[seat] += view["events"]
        states = _states(room, OPTIONS, 2, states)
        check_reply(view, "absolutely_aces", states, room.steps, seat, seed)
    _same_as_replay(tables, code, seed, OPTIONS, streams)
    return code


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), choices=st.integers(0, 10**6))
def test_early_picks_keep_every_view_the_engine_s(seed: int, choices: int) -> None:
    play_with_early_picks(Tables(clock=Clock()), f"seed-{seed:07d}", random.Random(choices), 40)


def test_the_first_seat_still_cannot_pick_for_the_other_or_out_of_turn() -> None:
    tables = Tables(clock=Clock())
    code = tables.create("amy", "absolutely_aces", ["person", "person"], OPTIONS, seed=3)
    tables.join(code, "ben")
    room = tables.room(code)
    hand0, hand1 = room.state.hands
    _refused(tables, code, words.NOT_YOUR_GO, "ben", encoded(Pick(0, hand0[0])), 0)
    _refused(tables, code, words.NOT_YOUR_GO, "ben", encoded(Pick(1, hand0[0])), 0)
    _refused(tables, code, words.AHEAD, "ben", encoded(Pick(1, hand1[0])), 1)
    assert tables.move(code, "ben", encoded(Pick(1, hand1[0])), 0)
    assert tables.view(code, "amy")["held_seats"] == [1]  # amy hears ben has picked…
    assert '"H' not in str(tables.view(code, "amy")["held"]), "…and nothing else"
    assert tables.move(code, "amy", encoded(Pick(0, hand0[0])), 0)
    assert room.state.phase is Phase.PLAY and room.state.picks == (hand0[0], hand1[0])
    # ben's pick sent again after it went in (a retried request) still counts once
    assert tables.move(code, "ben", encoded(Pick(1, hand1[0])), 0) is False
    assert room.version == 2


def test_a_bot_seat_picks_early_too() -> None:
    tables = Tables(clock=Clock(), bot_pause=1.0)
    code = tables.create("amy", "absolutely_aces", ["person", "bot"], OPTIONS, seed=11)
    room = tables.room(code)
    view = tables.view(code, "amy")
    assert view["held_seats"] == [1] and view["version"] == 0, "the bot's pick is held"
    tables.move(code, "amy", view["legal"][0], 0)
    assert room.version == 2 and room.movers == [0, 1]
    assert room.state == replay(room.kind.game(), 11, room.moves, **OPTIONS)
    # the comparison marks the bot's held pick as the bot's, and amy's as hers
    assert room.by_bot == {2}


def test_a_person_s_held_pick_applied_after_a_bot_s_go_is_the_person_s() -> None:
    clock = Clock()
    tables = Tables(clock=clock, bot_pause=1.0)
    code = tables.create("amy", "absolutely_aces", ["bot", "person"], OPTIONS, seed=11)
    room = tables.room(code)
    tables.join(code, "amy")
    pick = Pick(1, room.state.hands[1][0])
    tables.move(code, "amy", encoded(pick), 0)  # seat 1 picks before the bot's go
    assert room.held and room.version == 0
    clock.now += 2
    tables.tick()
    assert room.movers[:2] == [0, 1]
    assert 1 in room.by_bot and 2 not in room.by_bot


def test_a_restart_keeps_a_held_pick(tmp_path: Path) -> None:
    clock = Clock()
    first = Tables(tmp_path / "tables.sqlite3", clock=clock)
    code = first.create("amy", "absolutely_aces", ["person", "person"], OPTIONS, seed=5)
    first.join(code, "ben")
    pick = Pick(1, first.room(code).state.hands[1][2])
    first.move(code, "ben", encoded(pick), 0)
    first.close()
    second = Tables(tmp_path / "tables.sqlite3", clock=clock)
    room = second.room(code)
    assert room.held == {1: pick}
    assert second.move(code, "ben", encoded(pick), 0) is False, "still counts once"
    second.move(code, "amy", encoded(Pick(0, room.state.hands[0][0])), 0)
    assert room.moves[1] == pick and not room.held
    second.close()
    third = Tables(tmp_path / "tables.sqlite3", clock=clock)
    assert third.room(code).held == {} and third.room(code).version == 2
    third.close()

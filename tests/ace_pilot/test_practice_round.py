"""A Practice round of Ace Pilot (issue 26): one Assault dealt from a chosen deal, a real state
the rules, saves and replays accept, over once the Assault is played."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.ace_pilot import AcePilot, Concede, Phase, PilotState
from acelab.ace_pilot.deal_figures import parse_deal
from acelab.ace_pilot.pilots import PILOTS
from acelab.ace_pilot.practice_round import can_deal, practice_state
from acelab.engine import GameRecord, from_json, replay, to_json
from acelab.practice.deals import deal_keys, unplayable
from tests.support import refused

GAME = AcePilot()
KEYS = deal_keys()


def test_a_deal_is_laid_out_as_its_assault() -> None:
    state = GAME.new_state(17, deal="2-6-10-12/10/D")
    GAME.check_state(state)
    assert state.practice and state.phase is Phase.ASSAULT and state.challenge == 1
    assert state.hand_values == (2, 6, 10, 12) and state.target == 10
    assert state.assault is parse_deal("2-6-10-12/10/D").start
    assert state.ready == tuple(p for p in PILOTS if p is not state.assault)
    assert len(state.deck) == 50 - 5 and not state.discard and not state.odds
    assert state == practice_state(17, parse_deal("2-6-10-12/10/D"))  # the same seed, the same


def test_a_hand_holding_every_card_of_the_target_reveals_two_evens() -> None:
    state = GAME.new_state(1, deal="4-4-4-4/4/H")
    assert state.challenge == 2 and [c.value for c in state.evens] == [2, 2]
    GAME.check_state(state)
    assert not can_deal("2-2-2-2/2/H")
    error = refused(lambda: GAME.new_state(1, deal="2-2-2-2/2/H"))
    assert "cannot be laid out" in str(error)
    assert unplayable() == {f"2-2-2-2/2/{p.value}" for p in PILOTS} & set(KEYS)


def test_a_won_assault_ends_the_game_won_and_a_concession_lost() -> None:
    state = GAME.new_state(3, deal="2-6-10-12/10/D")
    winner = GAME.legal_moves(state)[0]
    won = GAME.step(state, winner).state
    assert won.phase is Phase.OVER and won.outcome is not None and won.outcome.won(0)
    GAME.check_state(won)
    lost = GAME.apply(state, Concede())
    assert lost.phase is Phase.OVER and lost.outcome is not None and not lost.outcome.won(0)
    GAME.check_state(lost)
    assert GAME.legal_moves(won) == [] and GAME.to_move(lost) is None


def test_bad_deals_are_refused_in_a_sentence() -> None:
    for options in (
        {"deal": "2-6-10-12/11/D"},
        {"deal": "nonsense"},
        {"deal": 12},
        {"deal": "2-6-10-12/10/D", "challenge": 3},
        {"deal": "2-6-10-12/10/D", "extended": True},
    ):
        refused(lambda: GAME.new_state(5, **options))  # type: ignore[arg-type]  # noqa: B023


def test_a_damaged_practice_save_is_refused() -> None:
    state = GAME.new_state(9, deal="3-5-7-9/8/S")
    text = to_json(state, GAME)
    assert from_json(GAME, text) == state
    for broken in (
        replace(state, practice="yes"),  # type: ignore[arg-type]
        replace(state, phase=Phase.DISCARD),
        replace(state, extended=True),
    ):
        refused(lambda: from_json(GAME, to_json(broken, GAME)))  # noqa: B023
    document = json.loads(text)
    document["value"]["fields"]["practice"] = "yes"
    with pytest.raises(ValueError, match="'practice' is True or False"):
        from_json(GAME, json.dumps(document))
    record = GameRecord("ace_pilot", 9, {"deal": "3-5-7-9/99/S"}, ())
    refused(lambda: record.replay(GAME))


def test_an_older_save_without_the_practice_field_still_loads() -> None:
    state = GAME.new_state(4)
    document = json.loads(to_json(state, GAME))
    del document["value"]["fields"]["practice"]
    loaded = from_json(GAME, json.dumps(document))
    assert isinstance(loaded, PilotState) and loaded == state and not loaded.practice


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(KEYS),
    st.one_of(st.integers(-(10**6), 10**6), st.text(min_size=1, max_size=8)),
    st.booleans(),
)
def test_practice_rounds_replay_and_round_trip_exactly(
    key: str, seed: int | str, win: bool
) -> None:
    if not can_deal(key):
        return
    state = GAME.new_state(seed, deal=key)
    GAME.check_state(state)
    assert from_json(GAME, to_json(state, GAME)) == state
    move = GAME.legal_moves(state)[0] if win else Concede()
    end = GAME.apply(state, move)
    assert end.phase is Phase.OVER and end.outcome is not None and end.outcome.won(0) is win
    GAME.check_state(end)
    record = GameRecord("ace_pilot", seed, {"deal": key}, (move,))
    loaded = from_json(GAME, to_json(record, GAME))
    assert loaded == record and loaded.replay(GAME) == end
    assert replay(GAME, seed, [move], deal=key) == end
    assert from_json(GAME, to_json(end, GAME)) == end

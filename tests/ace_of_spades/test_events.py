"""The events of a game: each is saved and read back, and the ones of a hand drawn never name
its cards."""

from __future__ import annotations

import random

from acelab.ace_of_spades.events import DiscardedAndDrew, Drew, HandPlayed
from acelab.engine import from_json, to_json
from tests.ace_of_spades.helpers import GAME


def _events(seed: int, players: int, difficulty: str = "normal") -> list[object]:
    state = GAME.new_state(seed, players=players, difficulty=difficulty)
    found, rng = [], random.Random(seed)
    while not GAME.is_over(state) and len(found) < 400:
        moves = GAME.legal_moves(state)
        step = GAME.step(state, moves[rng.randrange(len(moves))])
        found.extend(step.events)
        state = step.state
    return found


def test_every_event_is_saved_and_read_back() -> None:
    events = _events(4, 2) + _events(5, 1) + _events(4, 2, "hard")
    assert {type(e) for e in events} >= {HandPlayed, DiscardedAndDrew, Drew}
    for event in events:
        assert from_json(GAME, to_json(event, GAME)) == event


def test_a_draw_is_counted_not_named() -> None:
    for event in _events(6, 2):
        if isinstance(event, Drew):
            assert set(vars(event)) == {"player", "count"}


def test_a_face_down_discard_is_named_to_its_player_only() -> None:
    """Hard: the cards a partner discards face down are ``None`` to the other seat and to
    nobody's seat (-1, a hot seat's log), the count kept; their player hears them all."""
    discards = [e for e in _events(4, 2, "hard") if isinstance(e, DiscardedAndDrew)]
    assert any(e.face_down for e in discards)
    for event in discards:
        assert GAME.visible_events([event], event.player) == (event,)
        for seat in (1 - event.player, -1):
            (heard,) = GAME.visible_events([event], seat)
            assert isinstance(heard, DiscardedAndDrew)
            assert len(heard.cards) == len(event.cards)
            assert not set(heard.cards) & set(event.face_down)
            assert heard.face_down == (None,) * len(event.face_down)
            assert from_json(GAME, to_json(heard, GAME)) == heard
    for event in _events(4, 2, "normal"):
        assert GAME.visible_events([event], 1) == (event,)

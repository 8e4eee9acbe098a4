"""The events of a game: each is saved and read back, and the ones of a hand drawn never name
its cards."""

from __future__ import annotations

import random

from acelab.ace_of_spades.events import DiscardedAndDrew, Drew, HandPlayed
from acelab.engine import from_json, to_json
from tests.ace_of_spades.helpers import GAME


def _events(seed: int, players: int) -> list[object]:
    state, found, rng = GAME.new_state(seed, players=players), [], random.Random(seed)
    while not GAME.is_over(state) and len(found) < 400:
        moves = GAME.legal_moves(state)
        step = GAME.step(state, moves[rng.randrange(len(moves))])
        found.extend(step.events)
        state = step.state
    return found


def test_every_event_is_saved_and_read_back() -> None:
    events = _events(4, 2) + _events(5, 1)
    assert {type(e) for e in events} >= {HandPlayed, DiscardedAndDrew, Drew}
    for event in events:
        assert from_json(GAME, to_json(event, GAME)) == event


def test_a_draw_is_counted_not_named() -> None:
    for event in _events(6, 2):
        if isinstance(event, Drew):
            assert set(vars(event)) == {"player", "count"}

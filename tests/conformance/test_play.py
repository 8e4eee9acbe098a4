"""Every game through the same checks over random games: no card created or lost, old states
never change, every listed move applies and every refusal changes nothing, whose move it is
agrees with the end of the game, replays and JSON round trips give back what was played, and
the game's own check accepts every state it reaches."""

from __future__ import annotations

from typing import Any

import pytest

from acelab.engine import IllegalMove, from_json, replay, to_json
from acelab.engine.games import NAMES
from tests.conformance.games import ADAPTERS
from tests.conformance.play import random_games
from tests.support import one_sentence

GAMES = 12
"""Random games per game (``make soak`` plays :data:`SOAK_GAMES`)."""
SOAK_GAMES = 200
LISTED = 12
"""At most this many listed moves are applied from each state (spread over the list)."""


def test_every_game_has_an_adapter() -> None:
    assert set(ADAPTERS) == set(NAMES)


def spread(moves: Any, count: int) -> list[Any]:
    """Up to ``count`` moves from ``moves``, first and last included, evenly spaced."""
    total = len(moves)
    if total <= count:
        return list(moves)
    return [moves[round(i * (total - 1) / (count - 1))] for i in range(count)]


def check_state(name: str, state: Any, pool: list[Any]) -> None:
    """Every invariant of one reached state; ``pool`` holds moves met elsewhere."""
    adapter = ADAPTERS[name]
    game = adapter.game
    game.check_state(state)
    assert adapter.cards(state) == adapter.full(state), "a card was created or lost"
    over = game.is_over(state)
    seat = game.to_move(state)
    assert (seat is None) == over
    assert (game.outcome(state) is None) != over
    legal = game.legal_moves(state)
    if over:
        assert len(legal) == 0
        return
    assert type(seat) is int and 0 <= seat < adapter.seats(state)
    assert len(legal) > 0, "a game that is not over has a legal move"
    before = to_json(state, game)
    for move in spread(legal, LISTED):
        game.apply(state, move)  # every listed move applies
    listed = spread(legal, 200)
    for move in [*pool[-6:], None, "draw", 0]:
        if move in listed:
            continue
        try:
            game.step(state, move)
        except IllegalMove as error:
            one_sentence(error)
        else:  # listing is complete: a move that applies must be listed
            assert move in legal, f"{move!r} applies but is not listed"
    assert to_json(state, game) == before, "a step changed the state it started from"
    pool.extend(spread(legal, 2))


def play_checked(name: str, count: int) -> None:
    game = ADAPTERS[name].game
    for played in random_games(name, count):
        pool: list[Any] = []
        for state in played.states:
            check_state(name, state, pool)
        end = replay(game, played.seed, played.moves, **played.options)
        assert end == played.states[-1]
        assert to_json(end, game) == to_json(played.states[-1], game)


@pytest.mark.parametrize("name", NAMES)
def test_random_games_keep_every_invariant(name: str) -> None:
    play_checked(name, GAMES)


@pytest.mark.soak
@pytest.mark.parametrize("name", NAMES)
def test_many_random_games_keep_every_invariant(name: str) -> None:
    play_checked(name, SOAK_GAMES)


@pytest.mark.parametrize("name", NAMES)
def test_every_state_move_and_event_survives_json(name: str) -> None:
    game = ADAPTERS[name].game
    for played in random_games(name, GAMES):
        for value in (*played.states, *played.moves, *played.events):
            text = to_json(value, game)
            again = from_json(game, text)
            assert again == value and type(again) is type(value)
            assert to_json(again, game) == text

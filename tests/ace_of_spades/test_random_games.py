"""Invariants over 10,000 random games (every difficulty, solitaire and co-op), and a leak test."""

from __future__ import annotations

import pytest

from acelab.ace_of_spades import SpadesState
from acelab.engine import derive_rng, from_json, replay, to_json
from acelab.engine.cards import random_index
from tests.ace_of_spades.helpers import GAME
from tests.support import sized

CONFIGS = [
    ("easy", 1),
    ("normal", 1),
    ("hard", 1),
    ("nightmare", 1),
    ("normal", 2),
    ("hard", 2),
]
GAMES = 10_000 // len(CONFIGS) + 1  # per configuration under make soak; make test plays 200


def _count(state: SpadesState) -> int:
    return len(state.deck) + len(state.discard) + len(state.shared) + sum(map(len, state.hands))


def _check_step(before: SpadesState, after: SpadesState) -> None:
    assert _count(after) == 52 + after.joker_in_play
    assert 0 <= after.hands_dial <= 4 and 0 <= after.discards_dial <= 4
    if after.level == before.level:
        assert after.life <= before.life  # life never rises
    assert after.level >= before.level


@pytest.mark.slow
@sized("games", 200, GAMES)
@pytest.mark.parametrize(("difficulty", "players"), CONFIGS)
def test_random_games_keep_every_invariant(difficulty: str, players: int, games: int) -> None:
    for number in range(games):
        seed = f"{difficulty}/{players}/{number}"
        state = GAME.new_state(seed, difficulty=difficulty, players=players)
        rng = derive_rng(seed, "random bot")
        moves = []
        while not GAME.is_over(state):
            legal = GAME.legal_moves(state)
            move = legal[random_index(rng, len(legal))]
            after = GAME.apply(state, move)
            _check_step(state, after)
            moves.append(move)
            state = after
        assert state.outcome is not None
        if number % 50 == 0:
            GAME.check_state(state)
            assert replay(GAME, seed, moves, difficulty=difficulty, players=players) == state
            assert from_json(GAME, to_json(state, GAME)) == state


@pytest.mark.parametrize(("difficulty", "players"), CONFIGS)
def test_deep_games_keep_every_invariant(difficulty: str, players: int) -> None:
    """Mostly-greedy games reach the later scenes, the Joker and Lord Overkill."""
    from acelab.ace_of_spades import greedy_bot

    deepest = 0
    for number in range(60):
        seed = f"deep/{difficulty}/{players}/{number}"
        state = GAME.new_state(seed, difficulty=difficulty, players=players)
        rng = derive_rng(seed, "mixed bot")
        moves = []
        while not GAME.is_over(state):
            legal = GAME.legal_moves(state)
            view = GAME.observation(state, state.turn)
            if rng.random() < 0.15:
                move = legal[random_index(rng, len(legal))]
            else:
                move = greedy_bot(view, legal, rng)
            after = GAME.apply(state, move)
            _check_step(state, after)
            GAME.check_state(after)
            moves.append(move)
            state = after
        deepest = max(deepest, state.level)
        assert replay(GAME, seed, moves, difficulty=difficulty, players=players) == state
    assert deepest >= 4

"""Invariants over 10,000 random rounds (2,000 in make test): every card accounted for, at most
two Pairs, only legal moves, every round ends under the loop rule; the solver's move generator
agrees with the engine's."""

import pytest

from acelab.absolutely_aces import MAX_PAIRS, AbsolutelyAces, AcesState, Phase, Pick
from acelab.absolutely_aces.position import MOVER_BIT
from acelab.absolutely_aces.solver import solver_for
from acelab.engine import derive_rng
from acelab.engine.cards import random_index
from tests.support import sized

GAME = AbsolutelyAces()
ROUNDS = 10_000
CHECK_MOVES_EVERY = 10  # compare with the solver's move generator on every 10th round


def cards_of(state: AcesState) -> list[str]:
    return sorted(
        c for zone in (*state.hands, *state.reserves, state.out, state.discard) for c in zone
    )


@pytest.mark.slow
@sized("rounds", 2_000, ROUNDS)
def test_random_rounds_keep_the_invariants(rounds: int) -> None:
    everything = sorted(GAME.cards.codes)
    solver = solver_for()
    loops = pairs_seen = 0
    for number in range(rounds):
        rng = derive_rng("invariants", number)
        state = GAME.new_state(number, target=None)
        for player in (0, 1):
            state = GAME.apply(state, Pick(player, state.hands[player][random_index(rng, 5)]))
        goes = 0
        while not GAME.is_over(state):
            assert cards_of(state) == everything
            assert state.pairs <= MAX_PAIRS and state.phase is Phase.PLAY
            moves = GAME.legal_moves(state)
            assert moves, "a round in play always has a move (else it is over)"
            if number % CHECK_MOVES_EVERY == 0:
                key = GAME.position_key(state)
                engine_children = set()
                for move in moves:
                    after = GAME.apply(state, move)
                    if after.phase is Phase.PLAY:
                        engine_children.add(GAME.position_key(after))
                children = {child for _, child in solver.successors(key)}
                assert engine_children <= children and len(children) == len(moves)
                assert all(child & MOVER_BIT != key & MOVER_BIT for child in children)
            state = GAME.apply(state, moves[random_index(rng, len(moves))])
            goes += 1
            assert goes < 2_000
        assert cards_of(state) == everything
        result = GAME.round_result(state)
        assert result is not None
        loops += result == (None, 0)
        pairs_seen += state.pairs > 0
    assert 0 < loops < rounds and pairs_seen > 0

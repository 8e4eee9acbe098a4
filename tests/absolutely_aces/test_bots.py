"""Bots: the perfect bot scores at least a position's value; the others play legal moves."""

import pytest
from hypothesis import given, settings

from acelab.absolutely_aces import AbsolutelyAces, AcesState, Phase, Pick
from acelab.absolutely_aces.bots import (
    greedy_bot,
    perfect_bot,
    play_match,
    random_bot,
    simulate,
)
from acelab.absolutely_aces.pick import equilibrium
from acelab.absolutely_aces.solver import round_value
from acelab.engine import derive_rng
from acelab.engine.cards import random_index, shuffle_in_place
from tests.absolutely_aces.helpers import JUNK

GAME = AbsolutelyAces()


def random_position(number: int) -> AcesState:
    """A position in play a few random moves into a seeded random round."""
    rng = derive_rng("bot test", number)
    codes = list(GAME.cards.codes)
    shuffle_in_place(rng, codes)
    hands = (codes[:5], codes[5:10])
    state = GAME.round_from(hands, (hands[0][random_index(rng, 5)], hands[1][random_index(rng, 5)]))
    for _ in range(random_index(rng, 6)):
        moves = GAME.legal_moves(state)
        after = GAME.apply(state, moves[random_index(rng, len(moves))])
        if GAME.is_over(after):
            break
        state = after
    return state


def finish(state: AcesState, bots: dict[int, object], seed: int) -> int:
    """Play the round out; its result for player 0."""
    rngs = {p: derive_rng("finish", seed, p) for p in (0, 1)}
    while not GAME.is_over(state):
        player = state.mover
        move = bots[player](GAME.observation(state, player), GAME.legal_moves(state), rngs[player])  # type: ignore[operator]
        state = GAME.apply(state, move)
    result = GAME.round_result(state)
    assert result is not None
    return 0 if result[0] is None else result[1] * (1 if result[0] == 0 else -1)


@pytest.mark.parametrize("opponent", [random_bot, greedy_bot, perfect_bot])
def test_perfect_bot_scores_at_least_the_value_from_any_position(opponent: object) -> None:
    for number in range(25):
        state = random_position(number)
        value = round_value(state)
        side = number % 2
        bots = {side: perfect_bot, 1 - side: opponent}
        result = finish(state, bots, number)
        if side == 0:
            assert result >= value, number
        else:
            assert result <= value, number
        if opponent is perfect_bot:
            assert result == value


def test_perfect_pick_is_drawn_from_the_hidden_hands_equilibrium() -> None:
    state = GAME.new_state(11)
    for player in (0, 1):
        chances = equilibrium().strategy(state.hands[player])
        view = GAME.observation(state, player)
        if player == 1:
            state = GAME.apply(state, Pick(0, state.hands[0][0]))
        moves = GAME.legal_moves(state)
        counts: dict[str, int] = {}
        for n in range(40):
            move = perfect_bot(view, moves, derive_rng("pick", n))
            assert isinstance(move, Pick) and move in moves
            counts[move.card] = counts.get(move.card, 0) + 1
        assert set(counts) <= {c for c, p in chances.items() if p > 0}


def test_greedy_bot_takes_a_win_at_once() -> None:
    state = GAME.round_from(("S1 S5 H6 S7 S9", "H2 H4 H8 S11 H12"), ("S9", "H8"))
    move = greedy_bot(GAME.observation(state, 0), GAME.legal_moves(state), derive_rng(0))
    assert GAME.round_result(GAME.apply(state, move)) == (0, 7)


def test_bots_play_legal_moves_in_a_whole_match() -> None:
    played = play_match((greedy_bot, random_bot), "bots", target=5)
    assert played.outcome.winners in ((0,), (1,)) and played.moves > 4
    assert play_match((greedy_bot, random_bot), "bots", target=5) == played  # seeded


def test_simulate_reports_an_interval() -> None:
    rates = simulate(("greedy", "random"), games=3, target=3)
    assert 0 <= rates.low <= rates.rate <= rates.high <= 1 and rates.games == 3
    assert sum(rates.wins) == 3 and rates.won == rates.wins[0]
    assert (
        str(rates)
        == f"{rates.won}/3 won = {rates.rate:.1%} (95% CI {rates.low:.1%} to {rates.high:.1%})"
    )


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"bots": ("clever", "random")}, "A bot is one of perfect, greedy, random"),
        ({"bots": ("random", None)}, "A bot is one of"),
        ({"bots": ("random", ["random"])}, "A bot is one of"),
        ({"games": 0}, "Simulate a whole number of games from 1 to 100,000"),
        ({"games": 10**30}, "Simulate a whole number of games from 1 to 100,000"),
        ({"games": 2.5}, "Simulate a whole number of games"),
        ({"seed": 1.5}, "A seed is a whole number or a word"),
        ({"seed": 10**30}, "A seed is a whole number or a word"),
        ({"target": 0}, "The target is a whole number"),
    ],
)
def test_simulate_refuses_bad_arguments_at_once(kwargs: dict[str, object], words: str) -> None:
    arguments: dict[str, object] = {"bots": ("random", "random"), **kwargs}
    with pytest.raises(ValueError, match=words):
        simulate(**arguments)  # type: ignore[arg-type]


def test_the_legal_moves_at_the_pick_are_the_picks_of_the_player_to_move() -> None:
    state = GAME.apply(GAME.new_state(4), Pick(0, "S1"))
    assert state.phase is Phase.PICK and GAME.to_move(state) == 1
    assert all(isinstance(m, Pick) and m.player == 1 for m in GAME.legal_moves(state))


@pytest.mark.parametrize("bot", [perfect_bot, greedy_bot, random_bot])
@given(view=JUNK, moves=JUNK, rng=JUNK)
@settings(max_examples=40, deadline=None)
def test_a_bot_refuses_what_it_cannot_choose_from(bot, view, moves, rng) -> None:
    real = GAME.new_state(6)
    views = (view, GAME.observation(real, 0))
    for args in ((views[0], GAME.legal_moves(real), derive_rng(0)), (views[1], moves, rng)):
        with pytest.raises(ValueError, match=r"^A bot .*\.$"):
            bot(*args)

"""The solver: exact round values under the loop rule, best moves, and the pick's matrix game,
checked against the benchmark's plain search and value iteration."""

import importlib.util
import sys
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.absolutely_aces import AbsolutelyAces, AcesState, Phase, Play, PlayPair
from acelab.absolutely_aces.matrix_game import MatrixSolution, is_equilibrium, solve_matrix_game
from acelab.absolutely_aces.solver import (
    best_moves,
    deal_value,
    move_values,
    round_value,
    solver_for,
)
from acelab.engine import derive_rng
from acelab.engine.cards import random_index, shuffle_in_place
from tests.absolutely_aces.helpers import JUNK
from tests.support import sized

GAME = AbsolutelyAces()
LOOP = ("S1 S5 H6 H10 H12", "H2 H4 S7 S9 S11")


def _benchmark() -> ModuleType:
    path = Path(__file__).parents[2] / "benchmarks" / "absolutely_aces.py"
    spec = importlib.util.spec_from_file_location("absolutely_aces_benchmark", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


BENCH = _benchmark()


def random_round(number: int) -> AcesState:
    """A seeded random deal with random picks, at its first go."""
    rng = derive_rng("solver test", number)
    codes = list(GAME.cards.codes)
    shuffle_in_place(rng, codes)
    hands = (codes[:5], codes[5:10])
    picks = (hands[0][random_index(rng, 5)], hands[1][random_index(rng, 5)])
    return GAME.round_from(hands, picks)


def playout(state: AcesState, number: int) -> list[AcesState]:
    """The states of a random playout of the round, first to last (the last is over)."""
    rng = derive_rng("playout", number)
    states = [state]
    while not GAME.is_over(state):
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, moves[random_index(rng, len(moves))])
        states.append(state)
    return states


def test_worked_examples() -> None:
    # The Climb Pair wins 2 at once (player 1 cannot block Climb), but either Climb alone
    # wins 7 at once: 6♥ is 6 + 1 for a Heart, 7♠ is 7.
    state = GAME.round_from(("S1 S5 H6 S7 S9", "H2 H4 H8 S11 H12"), ("S9", "H8"))
    values = move_values(state)
    assert values[PlayPair("Climb")] == 2
    assert values[Play("H6")] == 7 == values[Play("S7")] == round_value(state)
    assert {Play("H6"), Play("S7")} <= set(best_moves(state))
    assert round_value(state) == BENCH.iterated_value(GAME, state)
    # The example round.
    example = GAME.round_from(("H4 H10 S1 S11 S7", "H8 H12 H6 H2 S9"), ("H4", "H8"))
    assert round_value(example) == BENCH.iterated_value(GAME, example)


def test_a_finished_round_is_worth_its_result() -> None:
    state = GAME.round_from(("S1 H4 H6 S9 H10", "H2 S3 S5 H8 H12"), ("S1", "H2"))
    over = GAME.apply(state, Play("H8"))
    assert round_value(over) == -9


def test_the_loop_example_has_history_dependent_values() -> None:
    """Half-way round the loop, moving back into a seen position is worth 0."""
    state = GAME.round_from(LOOP, ("H10", "H2"))
    later = state
    for move in ("S1", "S11", "H2", "S1", "S11", "H2"):
        later = GAME.apply(later, Play(move))
    values = move_values(later)
    assert values[Play("S1")] == 0  # S1 again repeats the position after the first go
    assert round_value(later) == BENCH.iterated_value(GAME, later)


@pytest.mark.slow
@sized("rounds", 50, 200)
def test_solver_matches_plain_search_with_history_on_200_random_rounds(rounds: int) -> None:
    """On 200 random rounds (50 in make test), every position of a random playout that the plain
    search (the engine's own states, history kept) can finish within its budget, from the end
    back."""
    compared = full_rounds = 0
    for number in range(rounds):
        states = playout(random_round(number), number)
        for position in reversed(states[:-1]):
            try:
                expected = BENCH.plain_value(GAME, position, budget=2_000)
            except BENCH.OverBudget:
                break
            assert round_value(position) == expected, (number, position)
            compared += 1
            full_rounds += position is states[0]
    assert compared >= rounds and full_rounds >= rounds // 10


@pytest.mark.slow
@sized("rounds", 50, 200)
def test_solver_matches_value_iteration_on_200_random_rounds(rounds: int) -> None:
    """Whole rounds from their first go, and a mid-round position with its history (200 rounds;
    50 in make test)."""
    for number in range(rounds):
        state = random_round(number)
        assert round_value(state) == BENCH.iterated_value(GAME, state), number
        if number % 4 == 0:
            states = playout(state, number)
            middle = states[len(states) // 2]
            if middle.phase is Phase.PLAY:
                assert round_value(middle) == BENCH.iterated_value(GAME, middle), number


def test_graph_value_equals_the_history_value_at_the_first_go() -> None:
    """At a round's first go the memoised graph value is the value with the loop rule."""
    for number in range(60):
        state = random_round(number)
        values = move_values(state).values()
        with_history = max(values) if state.mover == 0 else min(values)
        assert round_value(state) == with_history


def test_best_moves_keep_the_value_along_a_perfect_playout() -> None:
    for number in range(30):
        state = random_round(number)
        value = round_value(state)
        while not GAME.is_over(state):
            moves = best_moves(state)
            assert moves and all(m in GAME.legal_moves(state) for m in moves)
            state = GAME.apply(state, moves[number % len(moves)])
            assert round_value(state) == value
        result = GAME.round_result(state)
        assert result is not None
        assert value == (0 if result[0] is None else result[1] * (1 if result[0] == 0 else -1))


def test_solver_refuses_a_state_not_in_play() -> None:
    with pytest.raises(ValueError, match="after the picks"):
        round_value(GAME.new_state(1))
    with pytest.raises(ValueError, match="state of Absolutely Aces"):
        round_value("S1")  # type: ignore[arg-type]


def test_deal_value_is_the_matrix_game_of_the_round_values() -> None:
    hands = ("H4 H10 S1 S11 S7", "H8 H12 H6 H2 S9")
    solved = deal_value(hands)
    assert solved.certified
    for i, a in enumerate(solved.hands[0]):
        for j, b in enumerate(solved.hands[1]):
            assert solved.matrix[i][j] == round_value(GAME.round_from(hands, (a, b)))
    assert sum(solved.picks[0].values()) == 1 == sum(solved.picks[1].values())
    assert isinstance(solved.value, Fraction)
    expected = sum(
        solved.picks[0][a] * solved.matrix[i][j] * solved.picks[1][b]
        for i, a in enumerate(solved.hands[0])
        for j, b in enumerate(solved.hands[1])
    )
    assert expected == solved.value


def test_deal_values_are_certified_equilibria() -> None:
    mixed = 0
    for number in range(40):
        rng = derive_rng("deals", number)
        codes = list(GAME.cards.codes)
        shuffle_in_place(rng, codes)
        solved = deal_value((codes[:5], codes[5:10]))
        assert solved.certified
        mixed += any(0 < p < 1 for p in solved.picks[0].values())
        # Deviating to any pure pick gains nothing, for either player.
        p, q = solved.picks
        for i in range(5):
            row = sum(solved.matrix[i][j] * q[b] for j, b in enumerate(solved.hands[1]))
            assert row <= solved.value
        for j in range(5):
            column = sum(solved.matrix[i][j] * p[a] for i, a in enumerate(solved.hands[0]))
            assert column >= solved.value
    assert mixed > 0


def test_matrix_game_rock_paper_scissors_and_a_saddle() -> None:
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    solved = solve_matrix_game(rps)
    third = Fraction(1, 3)
    assert solved == MatrixSolution(Fraction(0), (third,) * 3, (third,) * 3)
    assert is_equilibrium(rps, solved)
    assert not is_equilibrium(rps, MatrixSolution(Fraction(0), (1, 0, 0), (third,) * 3))  # type: ignore[arg-type]
    saddle = solve_matrix_game([[3, 5], [1, 7]])
    assert saddle.value == 3 and saddle.rows == (1, 0) and saddle.columns == (1, 0)
    two = solve_matrix_game([[2, -1], [-1, 1]])
    assert two.value == Fraction(1, 5) and two.rows == (Fraction(2, 5), Fraction(3, 5))
    with pytest.raises(ValueError, match="rectangle"):
        solve_matrix_game([[1, 2], [3]])


def test_matrix_game_random_games_are_certified() -> None:
    rng = derive_rng("matrix")
    for _ in range(200):
        size = (1 + random_index(rng, 5), 1 + random_index(rng, 5))
        matrix = [[random_index(rng, 9) - 4 for _ in range(size[1])] for _ in range(size[0])]
        assert is_equilibrium(matrix, solve_matrix_game(matrix))


def test_the_solver_memo_is_shared() -> None:
    solver = solver_for()
    state = random_round(7)
    round_value(state)
    size = len(solver.values)
    round_value(state)
    assert len(solver.values) == size > 0


def test_picks_are_for_the_cards_in_hand() -> None:
    solved = deal_value(("S1 H2 S3 H4 S5", "H6 S7 H8 S9 H10"))
    assert set(solved.picks[0]) == {"S1", "H2", "S3", "H4", "S5"}
    assert set(solved.picks[1]) == {"H6", "S7", "H8", "S9", "H10"}


@pytest.mark.parametrize("ask", [round_value, move_values, best_moves, deal_value])
@given(junk=JUNK | st.builds(lambda: GAME.new_state(3)))
@settings(max_examples=40, deadline=None)
def test_the_solver_refuses_what_is_not_a_round_in_play(ask, junk) -> None:
    with pytest.raises(ValueError, match=r"^[A-Z'0-9].*\.$"):
        ask(junk)


@given(game=JUNK)
@settings(max_examples=40, deadline=None)
def test_the_solver_refuses_a_game_that_is_not_absolutely_aces(game) -> None:
    state = GAME.round_from(("H4 H10 S1 S11 S7", "H8 H12 H6 H2 S9"), ("H4", "H8"))
    if game is None:
        return
    with pytest.raises(ValueError, match="Give the game as an AbsolutelyAces"):
        round_value(state, game=game)

"""Solver, hints, solvability, bots, and property tests (hypothesis)."""

import multiprocessing
import os
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.ace_pilot import (
    AcePilot,
    Assault,
    ChoosePilot,
    Concede,
    DrawOdd,
    Equation,
    Phase,
    all_equations,
    reachable,
    solve,
    zero_divisions,
)
from acelab.ace_pilot.bots import random_bot, simulate, strong_bot
from acelab.ace_pilot.hints import hint
from acelab.ace_pilot.pilots import PILOTS
from acelab.ace_pilot.solvability import solvability
from acelab.engine import derive_rng, from_json, replay, to_json
from acelab.engine.cards import parse_card

GAME = AcePilot()
hands = st.lists(st.integers(2, 13), min_size=2, max_size=4)
pilots = st.sampled_from(PILOTS)
readies = st.sets(st.sampled_from(PILOTS))


def test_solve_finds_the_rulebook_solutions() -> None:
    assert Equation.parse("S(9,6,9) D(3)") in solve([9, 9, 6, 3], 2, "S")
    assert Equation.parse("H(2,6) D(3,9)") in solve("9S 3D 6H 2C", 8, "Duke")
    assert Equation.parse("D(12,11) C(4)") in solve([12, 11, 4, 2], 8, "D", "C")
    assert solve([6, 10, 12], 10, "D", "") == []  # Duke alone cannot make 10 ...
    assert Equation.parse("D(6,12) H(10)") in solve([6, 10, 12], 10, "D", "H")  # the 0 trick


def test_solve_accepts_ready_in_many_forms() -> None:
    a = solve([2, 3, 4, 5], 8, "H", "SC")
    assert a == solve([2, 3, 4, 5], 8, "Hailey", ["Sabina", "Cam"])
    assert a == solve([2, 3, 4, 5], 8, "♥", "♠ ♣")


@given(hands, st.sampled_from([2, 4, 6, 8, 10, 12, 0, 1, 7, 18]), pilots, readies)
def test_every_solution_reaches_the_target_and_is_legal(hand, target, start, ready) -> None:
    for eq in solve(hand, target, start, ready):
        assert target in eq.values()
        assert not Counter(eq.cards) - Counter(hand)
        group = eq.group(start)
        assert group is not None and len(group.values) >= 2
        assert set(eq.suits) <= set(ready) | {start}


@given(hands, pilots, readies)
def test_union_of_values_equals_what_solve_finds(hand, start, ready) -> None:
    equations = all_equations(hand, start, ready)
    union = set().union(*(eq.values() for eq in equations))
    assert union == reachable(hand, start, ready)
    for target in (2, 4, 6, 8, 10, 12):
        assert (target in union) == bool(solve(hand, target, start, ready))
        assert set(solve(hand, target, start, ready)) == {
            eq for eq in equations if target in eq.values()
        }
    assert set(zero_divisions(hand, start, ready)) == {e for e in equations if e.divides_by_zero}


@pytest.mark.slow
def test_solvability_alone_matches_the_solver_exactly() -> None:
    from itertools import combinations_with_replacement
    from math import comb, prod

    total = 0
    for hand in combinations_with_replacement(range(2, 14), 4):
        weight = prod(comb(4, hand.count(v)) for v in set(hand))
        for start in PILOTS:
            values = reachable(hand, start, "")
            total += weight * sum(1 for t in range(2, 13, 2) if t in values)
    assert solvability("alone") == Fraction(total, comb(48, 4) * 4 * 6)


def test_almost_every_situation_is_solvable_with_all_pilots() -> None:
    assert Fraction(98, 100) < solvability("all") < 1
    assert solvability("alone") < Fraction(1, 3)


def test_hint_levels() -> None:
    state = GAME.apply(GAME.new_state(0), ChoosePilot(parse_card("AS").suit))
    while state.phase is not Phase.ASSAULT:
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    texts = [hint(state, level) for level in (1, 2, 3, 4)]
    if texts[0].solutions:
        assert "can be done" in texts[0].text
        assert texts[3].equation is not None
        assert texts[3].equation.matches(state.target)
        assert (
            GAME.can_apply(state, Assault(texts[3].equation, None))
            or len(texts[3].equation.suits) > 2
        )


def test_hint_in_draw_step_names_a_card() -> None:
    state = GAME.apply(
        GAME.apply(
            GAME.new_state(0).__class__(
                seed=0,
                challenge=1,
                phase=Phase.CHOOSE_PILOT,
                deck=(parse_card("5C"), parse_card("3D"), parse_card("2S"), parse_card("4S")),
                hand=(parse_card("9S"), parse_card("9H"), parse_card("6C")),
            ),
            ChoosePilot(parse_card("AS").suit),
        ),
        DrawOdd(parse_card("3D")),
    )
    assert hint(state, 1).solutions > 0


@given(st.text(max_size=40))
def test_parse_fuzz_raises_only_value_error(text: str) -> None:
    try:
        Equation.parse(text)
    except ValueError as error:
        assert str(error)


near = st.lists(
    st.sampled_from([*"HSCD♠♥♣♦()(),, 0123456789JQKA", "10", "13", "Duke", "Cam"]),
    max_size=20,
).map("".join)


@given(near)
def test_parse_fuzz_near_misses(text: str) -> None:
    try:
        eq = Equation.parse(text)
    except ValueError as error:
        assert str(error)
    else:
        assert Equation.parse(str(eq)) == eq


def play(bot, seed: int):
    state = GAME.new_state(seed)
    rng = derive_rng("test", seed)
    moves = []
    while not GAME.is_over(state):
        move = bot(GAME.observation(state, 0), GAME.legal_moves(state), rng)
        state = GAME.apply(state, move)
        moves.append(move)
        zones = (state.deck, state.hand, state.discard, state.odds, state.evens, state.jokers)
        assert sum(len(z) for z in zones) == 50
        pilots_seen = [*state.ready, *state.defeated] + ([state.assault] if state.assault else [])
        assert sorted(pilots_seen, key=PILOTS.index) == list(PILOTS)
    return state, moves


def _play_random_games(seeds: range) -> int:
    """Play these seeds with the random bot, checking the invariants at every move; every
    25th game is also replayed from its seed and moves and round-tripped through JSON."""
    for seed in seeds:
        state, moves = play(random_bot, seed)
        if seed % 25 == 0:
            assert replay(GAME, seed, moves) == state
            assert from_json(GAME, to_json(state, GAME)) == state
    return len(seeds)


@pytest.mark.soak
def test_random_play_keeps_every_card_and_pilot_accounted_for() -> None:
    """10,000 random games (ACE_PILOT_RANDOM_GAMES to change it), spread over every core."""
    games = int(os.environ.get("ACE_PILOT_RANDOM_GAMES", "10000"))
    workers = max(1, min(os.cpu_count() or 1, 4))
    chunks = [range(start, games, workers) for start in range(workers)]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        assert sum(pool.map(_play_random_games, chunks)) == games


def test_strong_bot_wins_more_than_random() -> None:
    strong = simulate(strong_bot, 10, 3, challenge=1)
    weak = simulate("random", 10, 3, challenge=1)
    assert strong.won >= weak.won
    assert 0 <= strong.low <= strong.rate <= strong.high <= 1


def test_strong_bot_never_divides_by_zero() -> None:
    for seed in range(3):
        state, _ = play(strong_bot, seed)
        assert "zero" not in state.outcome.reason


def test_random_bot_is_seeded() -> None:
    view = AcePilot().observation(AcePilot().new_state(1), 0)
    moves = [ChoosePilot(p) for p in view.ready]
    assert random_bot(view, moves, random.Random(1)) == random_bot(view, moves, random.Random(1))


@given(st.lists(st.integers(2, 13), min_size=2, max_size=4), pilots, readies)
def test_fast_counts_agree_with_the_straightforward_ones(hand, start, ready) -> None:
    from acelab.ace_pilot.solver import count_solutions, pilot_index, pilot_mask, targets_reached

    cards = tuple(sorted(hand))
    mask = pilot_mask(set(ready) - {start})
    union = set().union(*(eq.values() for eq in all_equations(hand, start, ready)))
    for top in (12, 24):
        evens = sum(1 for t in range(2, top + 1, 2) if t in union)
        assert targets_reached(cards, pilot_index(start), mask, top) == evens
    for target in (2, 8, 12):
        count = count_solutions(cards, target, pilot_index(start), mask)
        assert count == len(solve(hand, target, start, ready))


@given(st.lists(st.integers(2, 13), min_size=2, max_size=4), st.integers(2, 24), pilots, readies)
def test_first_solution_per_ending_is_the_simplest_solution_each_pilot_ends(
    hand, target, start, ready
) -> None:
    from acelab.ace_pilot.moves import endings
    from acelab.ace_pilot.solver import first_solution_per_ending, pilot_index, pilot_mask

    expected: dict = {}
    for eq in solve(hand, target, start, ready):
        for ending in endings(eq, start):
            expected.setdefault(ending, eq)
    mask = pilot_mask(set(ready) - {start})
    found = first_solution_per_ending(tuple(sorted(hand)), target, pilot_index(start), mask)
    assert {PILOTS[p]: eq for p, eq in found} == expected


@given(hands, st.integers(2, 24), pilots, readies)
def test_assault_moves_list_every_solution_and_ending_then_conceding(
    hand, target, start, ready
) -> None:
    from acelab.ace_pilot.moves import endings
    from acelab.ace_pilot.rules import AssaultMoves

    expected = [
        Assault(eq, ending)
        for found in (solve(hand, target, start, ready), zero_divisions(hand, start, ready))
        for eq in found
        for ending in endings(eq, start)
    ] + [Concede()]
    ready_pilots = tuple(p for p in PILOTS if p in set(ready) - {start})
    moves = AssaultMoves(tuple(sorted(hand)), target, start, ready_pilots)
    assert len(moves) == len(expected)
    assert moves == expected and list(moves) == expected
    assert moves[-1] == Concede() and moves[len(expected) // 2] == expected[len(expected) // 2]
    assert moves[1:3] == expected[1:3]
    assert expected[0] in moves and all(move in moves for move in expected)
    for equation in all_equations(hand, start, ready)[:20]:
        assert (Assault(equation) in moves) is False  # no Ending Pilot named
        for ending in endings(equation, start):
            move = Assault(equation, ending)
            assert (move in moves) == (move in expected)
    with pytest.raises(IndexError):
        moves[len(expected)]

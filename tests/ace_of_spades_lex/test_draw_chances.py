"""The lesson's chances: exact answers by counting, checked against simulations."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.ace_of_spades_lex.draw_chances import (
    race_chance,
    red_aces_before_spade_ace,
    simplified_win_chances,
    simulate_red_aces_before_spade_ace,
    simulate_simplified,
    simulate_spade_ace_within,
    spade_ace_within,
)


@pytest.mark.parametrize("k", [0, 1, 5, 13, 26, 51, 52])
def test_the_spade_ace_within_k_cards_is_k_over_52(k: int) -> None:
    assert spade_ace_within(k) == Fraction(k, 52)


def test_the_spade_ace_within_k_cards_by_simulation() -> None:
    estimate = simulate_spade_ace_within(13, trials=20_000, seed="lesson")
    assert estimate.contains(Fraction(1, 4)) and estimate.trials == 20_000
    assert not estimate.contains(Fraction(1, 3))  # the simulation can tell a wrong answer
    assert simulate_spade_ace_within(13, trials=500, seed=1) == simulate_spade_ace_within(
        13, trials=500, seed=1
    )


def test_two_red_aces_before_the_spade_ace_is_one_third() -> None:
    assert red_aces_before_spade_ace() == Fraction(1, 3)
    # Counted again over every placement of the three aces among 52 positions.
    placements = itertools.permutations(range(52), 3)
    good = total = 0
    for spade, heart, diamond in placements:
        total += 1
        good += heart < spade and diamond < spade
    assert Fraction(good, total) == Fraction(1, 3)
    estimate = simulate_red_aces_before_spade_ace(trials=20_000, seed="lesson")
    assert estimate.contains(Fraction(1, 3)) and not estimate.contains(Fraction(1, 2))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_simplified_game_exactly_and_by_simulation(players: int) -> None:
    exact = simplified_win_chances(players)
    assert sum(exact) == 1 and len(exact) == players
    assert all(isinstance(p, Fraction) for p in exact)
    assert exact[0] > exact[-1]  # drawing first is an advantage
    simulated = simulate_simplified(players, games=20_000, seed="chance test")
    assert sum(simulated.wins) == 20_000
    assert simulated.agrees_with(exact)


def test_the_simulation_can_tell_a_wrong_exact_answer() -> None:
    simulated = simulate_simplified(5, games=20_000, seed="chance test")
    assert not simulated.agrees_with(tuple(Fraction(1, 5) for _ in range(5)))


def test_two_players_exactly() -> None:
    first, second = simplified_win_chances(2)
    assert float(first) == pytest.approx(0.50902, abs=1e-5) and first + second == 1


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: spade_ace_within(53), "from 0 to 52"),
        (lambda: spade_ace_within(True), "whole number"),
        (lambda: simulate_spade_ace_within(5, trials=0), "trials"),
        (lambda: simulate_spade_ace_within(5, seed=None), "seed"),
        (lambda: simplified_win_chances(7), "players"),
        (lambda: simulate_simplified(1), "players"),
        (lambda: simulate_red_aces_before_spade_ace(trials=2.5), "trials"),
    ],
)
def test_bad_arguments_are_refused(call: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        call()  # type: ignore[operator]


ANYTHING = (
    st.integers(-3, 60)
    | st.integers(10**5 + 1, 10**30)
    | st.none()
    | st.booleans()
    | st.floats()
    | st.text(max_size=4)
)
ARITY: dict[Callable[..., object], int] = {
    spade_ace_within: 1,
    simulate_spade_ace_within: 2,
    simulate_red_aces_before_spade_ace: 1,
    simplified_win_chances: 1,
    simulate_simplified: 2,
    race_chance: 1,
}


@given(st.sampled_from(list(ARITY)), st.data())
def test_the_chance_functions_answer_or_refuse_in_words(
    function: Callable[..., object], data: st.DataObject
) -> None:
    args = data.draw(st.lists(ANYTHING, min_size=ARITY[function], max_size=ARITY[function]))
    try:
        function(*args)
    except ValueError as error:
        assert str(error).endswith(".")


def test_a_simulation_beyond_100000_trials_is_refused_at_once() -> None:
    for call in (
        lambda: simulate_spade_ace_within(1, 10**30),
        lambda: simulate_red_aces_before_spade_ace(10**30),
        lambda: simulate_simplified(2, 10**30),
    ):
        with pytest.raises(ValueError, match="100,000"):
            call()

"""WinRate and Simulation: the record every game's simulate returns, and the cap on games."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.engine import MAX_GAMES, Simulation, WinRate, check_games
from acelab.engine.stats import wilson_interval


def test_a_win_rate_prints_as_every_game_printed_it() -> None:
    assert str(WinRate(45, 200)) == "45/200 won = 22.5% (95% CI 17.3% to 28.8%)"
    rate = WinRate(45, 200)
    assert rate.rate == 0.225 and (rate.low, rate.high) == wilson_interval(45, 200)


def test_a_one_seat_simulation_prints_one_line() -> None:
    run = Simulation(200, (45,), 3000)
    assert str(run) == "45/200 won = 22.5% (95% CI 17.3% to 28.8%)"
    assert (run.won, run.rate, run.low, run.high) == (45, 0.225, *wilson_interval(45, 200))
    assert run.mean_moves == 15.0 and run.seats == (WinRate(45, 200),)


def test_a_simulation_by_seat_prints_as_lex_did() -> None:
    run = Simulation(200, (45, 45, 55, 55), 3720, unit="turns", by_seat=True)
    assert str(run) == (
        "200 games, 18.6 turns on average\n"
        "seat 0: 45 wins = 22.5% (95% CI 17.3% to 28.8%)\n"
        "seat 1: 45 wins = 22.5% (95% CI 17.3% to 28.8%)\n"
        "seat 2: 55 wins = 27.5% (95% CI 21.8% to 34.1%)\n"
        "seat 3: 55 wins = 27.5% (95% CI 21.8% to 34.1%)"
    )
    assert run.seat(2) == WinRate(55, 200) and run.rate == 0.225


def test_two_seats_on_one_line_show_seat_zero() -> None:
    assert str(Simulation(100, (60, 40), 900)) == str(WinRate(60, 100))
    assert Simulation(10, [3, 4], 0).wins == (3, 4)


@given(st.integers(1, MAX_GAMES).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_the_interval_holds_the_rate(pair: tuple[int, int]) -> None:
    games, wins = pair
    rate = WinRate(wins, games)
    assert 0 <= rate.low <= rate.rate <= rate.high <= 1


@pytest.mark.parametrize("games", [0, -1, 10**30, MAX_GAMES + 1, 2.0, True, None, "100"])
def test_check_games_refuses_at_once(games: object) -> None:
    with pytest.raises(ValueError, match=r"^Simulate a whole number of games from 1 to 100,000\.$"):
        check_games(games)


def test_check_games_passes_the_range() -> None:
    assert check_games(1) == 1 and check_games(MAX_GAMES) == MAX_GAMES


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((0, (0,), 0), "Simulate a whole number of games"),
        ((10, (), 0), "wins of every seat"),
        ((10, 3, 0), "wins of every seat"),
        ((10, (11,), 0), "11 wins is more than the 10 games"),
        ((10, (-1,), 0), "wins is a whole number"),
        ((10, (1,), -5), "moves is a whole number"),
    ],
)
def test_a_simulation_refuses_impossible_counts(args: tuple[object, ...], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Simulation(*args)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seats are numbered 0 to 0"):
        Simulation(10, (1,), 0).seat(1)

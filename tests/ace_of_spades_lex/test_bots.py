"""The bots play sensibly and legally; simulate counts wins with intervals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.ace_of_spades_lex import (
    Accept,
    Counter,
    DealTo,
    DeuceExMachina,
    Draw,
    EndTurn,
    Foil,
    LexMove,
    LexState,
    Nuke,
    Pass,
    Steal,
    Stop,
    heuristic_bot,
    random_bot,
    simulate,
    threats,
)
from tests.ace_of_spades_lex.helpers import GAME, play, reached_states, stack

RNG = random.Random(0)


def choose(state: LexState) -> object:
    actor = GAME.to_move(state)
    assert actor is not None
    return heuristic_bot(GAME.observation(state, actor), GAME.legal_moves(state), RNG)


def test_random_bot_picks_any_legal_move() -> None:
    state = stack("3S", hands=["JS 10S", "KH"], players=3)
    moves = GAME.legal_moves(state)
    picks = {random_bot(GAME.observation(state, 0), moves, random.Random(s)) for s in range(60)}
    assert picks == set(moves)


def test_heuristic_answers_every_jack_and_nuke() -> None:
    jacked = play(stack("", hands=["JS", "10H KC"]), Steal(1))
    assert choose(jacked) == Foil()
    nuked = play(stack("", hands=["6S", "6H KC"]), Nuke(1))
    assert choose(nuked) == Counter()


def test_threats_need_a_view() -> None:
    with pytest.raises(ValueError, match="LexView"):
        threats(None)  # type: ignore[arg-type]


def test_threats_read_only_what_the_table_shows() -> None:
    state = stack("", hands=["KS KH", "2S 6S 10H JD", ""], players=3)
    scores = threats(GAME.observation(state, 0))
    assert scores[0] == pytest.approx(2 / 3)
    assert scores[1] > scores[2] == 0  # a bigger hand may hold the red aces; an empty one not
    other = stack("", hands=["KS KH", "AH AD 2C KD", ""], players=3)
    assert threats(GAME.observation(other, 0)) == scores  # same sizes, same judgement


def test_heuristic_steals_from_and_stops_the_leader() -> None:
    state = stack("3S", hands=["JS", "2H", "2S 6S 10H JD"], players=3)
    assert choose(state) == Steal(2)
    state = stack("3S", hands=["10S", "2H", "2S 6S 10H JD"], players=3)
    assert choose(state) == Stop(2)
    guarded = stack("3S", hands=["10S", "2H", "2S 6S 10H JD"], banked=["", "", "QH"], players=3)
    assert choose(guarded) == Stop(1)  # a banked queen would absorb the stop


def test_heuristic_nukes_a_threatening_hand_and_keeps_a_six_when_worth_it() -> None:
    state = stack("3S", hands=["6S 6H AH", "2S 6C 10H JD KC KD 2D JC JH 10D"])
    assert choose(state) == Nuke(1, 1)
    small = stack("3S", hands=["6S", "2S"])
    assert choose(small) == Draw()


def test_heuristic_deals_away_from_the_leader() -> None:
    state = play(
        stack("9S 3H 4H 5H 7H 8H", hands=["", "2S 6C 10H JD KC", "", ""], players=4), Draw()
    )
    targets = []
    for _ in range(5):
        move = choose(state)
        assert isinstance(move, DealTo) and move.player != 1
        targets.append(move.player)
        state = GAME.apply(state, move)
    assert len(set(targets)) == 2  # spread over the two players furthest from winning


def test_heuristic_restarts_the_round_only_when_behind() -> None:
    behind = play(stack("2C", hands=["2S 2H 2D", "6C 10H JD KC KD"]), Draw())
    assert choose(behind) == DeuceExMachina()
    ahead = play(stack("2C", hands=["2S 2H 2D KS KH", "6C"]), Draw())
    assert choose(ahead) == EndTurn()
    assert Accept() not in GAME.legal_moves(ahead)


def test_simulate_counts_every_game() -> None:
    result = simulate([heuristic_bot, random_bot, heuristic_bot], games=300, seed=1)
    assert sum(result.wins) + result.draws == 300 and len(result.rates) == 3
    for rate, (low, high) in zip(result.rates, result.intervals, strict=True):
        assert low <= rate <= high
    assert result.mean_moves > 3 and result.unit == "turns"
    assert [seat.wins for seat in result.seats] == list(result.wins)
    assert simulate([heuristic_bot, random_bot, heuristic_bot], games=300, seed=1) == result
    assert "seat 2" in str(result)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (([random_bot], 10, 0), "2 to 6 bots"),
        (([random_bot] * 7, 10, 0), "2 to 6 bots"),
        (([random_bot] * 2, 0, 0), "from 1 to 100,000"),
        (([random_bot] * 2, 10**30, 0), "from 1 to 100,000"),
        ((None, 10, 0), "2 to 6 bots"),
        ((random_bot, 10, 0), "players=2 to 6"),
        (([random_bot] * 2, 10, None), "seed"),
        (([random_bot, "x"], 10, 0), "2 to 6 bots"),
    ],
)
def test_simulate_refuses_bad_arguments(args: tuple[object, ...], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        simulate(*args)  # type: ignore[arg-type]


def test_simulate_names_a_huge_number_of_players_in_words() -> None:
    with pytest.raises(ValueError, match="2 bots for that many players"):
        simulate([random_bot] * 2, 10, 0, players=10**5000)


def test_simulate_one_bot_for_every_seat() -> None:
    assert simulate(heuristic_bot, games=50, seed=2, players=4) == simulate(
        [heuristic_bot] * 4, games=50, seed=2
    )
    for call in (lambda: simulate(players=None), lambda: simulate(bots=None)):  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="bot"):
            call()
    with pytest.raises(ValueError, match="one bot per seat"):
        simulate([random_bot] * 3, games=5, players=4)


ANYTHING = st.none() | st.booleans() | st.floats() | st.text(max_size=5) | st.lists(st.integers())
BOTS = st.lists(st.sampled_from([random_bot, heuristic_bot]), min_size=0, max_size=7)


@given(
    BOTS | st.sampled_from([random_bot, heuristic_bot]) | ANYTHING,
    st.integers(-2, 3) | st.integers(100_001, 10**40) | ANYTHING,
    st.integers(-3, 3) | ANYTHING,
    st.integers(-1, 6) | ANYTHING,
    st.integers(1, 6) | ANYTHING,
)
def test_simulate_plays_or_refuses_in_words(
    bots: object, games: object, seed: object, first: object, players: object
) -> None:
    try:
        result = simulate(bots, games, seed, first=first, players=players)  # type: ignore[arg-type]
    except ValueError as error:
        assert str(error).endswith(".")
    else:
        assert result.games == games and sum(result.wins) + result.draws == games


@given(reached_states(), st.integers(0, 5), st.data())
def test_bots_choose_among_the_moves_they_are_given(
    state: LexState, seat: int, data: st.DataObject
) -> None:
    seat %= state.players
    view = GAME.observation(state, seat)
    moves = data.draw(st.lists(st.sampled_from(table_moves(state.players)), min_size=1))
    for bot in (random_bot, heuristic_bot):
        assert bot(view, moves, random.Random(seat)) in moves
    assert len(threats(view)) == state.players


def table_moves(players: int) -> list[LexMove]:
    seats = range(players)
    return [
        Draw(),
        *(Steal(p) for p in seats),
        *(Stop(p) for p in seats),
        *(Nuke(p, k) for p in seats for k in (1, 2)),
        *(DealTo(p) for p in seats),
        *(Foil(), Counter(), Accept(), EndTurn(), DeuceExMachina(), Pass()),
    ]


@given(ANYTHING, st.lists(st.sampled_from([Draw(), Pass()]) | ANYTHING, max_size=3), ANYTHING)
def test_bots_and_threats_refuse_what_they_cannot_read(
    view: object, moves: list[object], rng: object
) -> None:
    for call in (
        lambda: threats(view),  # type: ignore[arg-type]
        lambda: random_bot(view, moves, rng),  # type: ignore[arg-type]
        lambda: heuristic_bot(view, moves, rng),  # type: ignore[arg-type]
    ):
        with pytest.raises(ValueError, match=r"LexView|moves|random"):
            call()

"""Bots make only legal moves, decide sensibly, and simulate() reports rates with intervals."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from acelab.ace_of_spades import (
    AceOfSpades,
    DiscardDraw,
    PlayHand,
    UseBenefit,
    greedy_bot,
    random_bot,
    simulate,
    strong_bot,
)
from acelab.ace_of_spades.redraws import (
    chance_to_improve,
    damage_after_discard,
    expected_damage,
    sampled_damage,
    unseen_cards,
)
from acelab.engine import derive_rng
from acelab.engine.cards import parse_cards
from tests.ace_of_spades.helpers import GAME, arrange
from tests.ace_of_spades.reference import slow_best


def test_simulate_reports_wins_interval_and_levels() -> None:
    result = simulate(greedy_bot, games=30, difficulty="normal", seed=1)
    assert result.games == 30 and 0 <= result.won <= 30 and result.wins == (result.won,)
    assert result.low <= result.rate <= result.high and result.rate == result.won / 30
    assert result.reached(0) == 1 and result.reached(12) == result.rate
    assert len(result.levels) == 30 and all(0 <= n <= 12 for n in result.levels)
    assert simulate("greedy", games=30, seed=1) == result  # seeded: the same games again
    assert "won" in str(result)


def test_coop_with_two_bots() -> None:
    result = simulate((greedy_bot, random_bot), games=10, players=2, seed=2)
    assert result.games == 10 and len(result.levels) == 10


def test_simulate_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="named bots"):
        simulate("clever", games=1)
    for games in (0, 10**30, 2.5, None):
        with pytest.raises(ValueError, match="whole number of games from 1 to 100,000"):
            simulate("greedy", games=games)  # type: ignore[arg-type]
    for players in (None, 3, "2"):
        with pytest.raises(ValueError, match="players=1"):
            simulate("greedy", games=1, players=players)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        simulate("greedy", games=1, seed=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="A bot is"):
        simulate(None, games=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="one per player"):
        simulate((greedy_bot, greedy_bot), games=1, players=1)


@pytest.mark.slow
def test_strong_bot_beats_greedy_on_a_small_sample() -> None:
    strong = simulate(strong_bot, games=12, seed=3)
    greedy = simulate(greedy_bot, games=12, seed=3)
    assert sum(strong.levels) > sum(greedy.levels)


def _choose(bot, state):  # type: ignore[no-untyped-def]
    return bot(GAME.observation(state, state.turn), GAME.legal_moves(state), random.Random(0))


def test_strong_bot_kills_when_it_can_and_discards_a_weak_hand() -> None:
    can_kill = arrange("2S 2H 2D KS KC 7C 9D 4H", life=8)
    move = _choose(strong_bot, can_kill)
    assert isinstance(move, PlayHand) and GAME.apply(can_kill, move).level == 1
    weak = arrange("2S 3H 5D 8C 9S JH 4C 7D", life=5, hands_dial=1)
    assert isinstance(_choose(strong_bot, weak), DiscardDraw)


def test_strong_bot_spends_a_benefit_to_survive() -> None:
    state = arrange(
        "2S 3H 5D 8C 9S JH 4C 7D",
        level=2,
        enemies={1: "dusty-pete"},
        benefits=("dusty-pete",),
        hands_dial=1,
        discards_dial=0,
    )
    assert _choose(strong_bot, state) == UseBenefit("dusty-pete")


def test_greedy_bot_plays_its_best_hand() -> None:
    state = arrange("AS AH 2D 5C 9S JH 4C 7D", life=20)
    move = _choose(greedy_bot, state)
    assert isinstance(move, PlayHand) and set(parse_cards("AS AH")) <= set(move.cards)


def test_exact_chance_of_improving_by_discarding() -> None:
    hand = parse_cards("AS AH 5C")
    unseen = parse_cards("AD KS 2C 3C")
    spread = damage_after_discard(hand, "5C", unseen)
    brute: dict[int, Fraction] = {}
    for card in unseen:
        total = slow_best([*hand[:2], card])
        brute[total] = brute.get(total, Fraction(0)) + Fraction(1, 4)
    assert spread == brute
    assert expected_damage(hand, "5C", unseen) == Fraction(7 * 3 + 12, 4)
    assert chance_to_improve(hand, "5C", unseen) == Fraction(1, 4)
    with pytest.raises(ValueError, match="from the hand"):
        damage_after_discard(hand, "KD", unseen)
    eight = parse_cards("2S 3H 5D 8C 9S JH 4C 7D")
    with pytest.raises(ValueError, match="too many"):
        damage_after_discard(eight, "2S 3H 5D 8C 9S 4C 7D", unseen_cards(eight))


def test_sampled_damage_is_close_to_exact() -> None:
    hand = parse_cards("AS AH 5C 9D KS")
    unseen = unseen_cards(hand)
    exact = float(expected_damage(hand, "5C 9D", unseen))
    sample = sampled_damage([hand[:2] + hand[4:]], [2], unseen, 4000, derive_rng(1))[0]
    assert abs(sample.mean() - exact) < 0.3


def test_bots_play_whole_games_with_legal_moves_only() -> None:
    game = AceOfSpades()
    for bot in (greedy_bot, strong_bot):
        for difficulty in ("easy", "hard"):
            state = game.new_state(f"{difficulty}-bot", difficulty=difficulty)
            rng = derive_rng("bots")
            while not game.is_over(state):
                move = bot(game.observation(state, 0), game.legal_moves(state), rng)
                assert move in game.legal_moves(state)
                state = game.apply(state, move)

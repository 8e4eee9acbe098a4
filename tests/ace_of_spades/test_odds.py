"""Exact opening-hand odds of Ace of Spades, checked hand by hand against best_play."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from acelab.ace_of_spades import best_play, odds
from acelab.engine.cards import JOKER, card_from_id


@pytest.mark.parametrize("jokers", [0, 1])
def test_every_hand_is_counted(jokers: int) -> None:
    counts = odds.best_damage_counts(jokers)
    assert sum(counts.values()) == odds.hands_counted(jokers) == math.comb(52, 8 - jokers)
    assert sum(odds.damage_distribution(jokers).values()) == 1


def _hand_score(ids: list[int], jokers: int) -> int:
    """The best damage of one hand, through the same pattern code the exact count uses."""
    counts = np.zeros((1, 13), dtype=np.int64)
    suits = np.zeros((4, 13), dtype=np.int64)
    for i in ids:
        counts[0, i // 4] += 1
        suits[i % 4, i // 4] = 1
    by_ranks = odds._rank_score_with_joker if jokers else odds._rank_score
    score = int(by_ranks(counts)[0])
    for suited in suits:
        if suited.sum() >= 5 - jokers:
            score = max(score, int(odds._flush_score(suited[None, :], jokers)[0]))
    return score // odds._CODE


@pytest.mark.parametrize("jokers", [0, 1])
def test_pattern_scores_agree_with_best_play(jokers: int) -> None:
    rng = np.random.default_rng(jokers)
    for _ in range(150 if jokers else 400):
        ids = rng.choice(52, 8 - jokers, replace=False).tolist()
        hand = [card_from_id(i) for i in ids] + [JOKER] * jokers
        assert _hand_score(ids, jokers) == best_play(hand).total, hand


def test_strong_hands_agree_with_best_play() -> None:
    for text in ["AS AH AD AC KS KH 2C 3D", "10S JS QS KS AS 2H 3H 4H", "2S 3S 4S 5S 6S 7S 8S 9S"]:
        hand = best_play(text)
        ids = [i for i in range(52) if str(card_from_id(i)) in text.split()]
        assert _hand_score(ids, 0) == hand.total


def test_headline_figures() -> None:
    assert odds.chance_to_deal(5) < Fraction(1, 3) < odds.chance_to_deal(5, jokers=1)
    assert odds.expected_damage(1) > 2 * odds.expected_damage(0)
    assert max(odds.damage_distribution(1)) == 27
    with pytest.raises(ValueError, match="jokers is 0 or 1"):
        odds.best_damage_counts(2)

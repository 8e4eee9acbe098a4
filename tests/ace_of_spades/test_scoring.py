"""Damage of Devir's Ace of Spades: every rulebook example, acelab's rulings, properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.ace_of_spades import COMBINATIONS, best_play, damage, poor_hand_allowed
from acelab.engine.cards import JOKER, deck, parse_cards

RULEBOOK = [
    # Details of a Hand: "three deuces and a pair of Kings ... 8 points of damage in total"
    ("2S 2H 2D KS KC", "full_house", 8),
    # the damage table, without face cards or Aces among the scoring cards
    ("2S 2H 5D 7C 9S", "pair", 1),
    ("2S 2H 5D 5C 9S", "two_pair", 2),
    ("2S 2H 2D 7C 9S", "three_of_a_kind", 3),
    ("2S 3H 4D 5C 6S", "straight", 4),
    ("2S 4S 6S 8S 10S", "flush", 5),
    ("2S 2H 2D 5C 5S", "full_house", 6),
    ("2S 2H 2D 2C 9S", "four_of_a_kind", 8),
    ("2S 3S 4S 5S 6S", "straight_flush", 10),
    ("2S 2H 2D 2C JK", "five_of_a_kind", 12),
    # straights begin or end with an Ace; no wrap-around
    ("AS 2H 3D 4C 5S", "straight", 4 + 3),
    ("10S JH QD KC AS", "straight", 4 + 1 + 1 + 1 + 3),
    ("KS AH 2D 3C 4S", "none", 0),
    ("10H JH QH KH AH", "straight_flush", 10 + 6),
    # only scoring cards earn bonuses: kickers A, K, Q add nothing to a pair of deuces
    ("2S 2H AD KC QS", "pair", 1),
    ("KS KH 3D 5C 9S", "pair", 1 + 2),
    ("AS AH 3D 5C 9S", "pair", 1 + 6),
    # FAQ: four Aces with their bonuses; Ace in the Hole (five Aces); two Aces of Spades
    ("AS AH AD AC 9S", "four_of_a_kind", 8 + 12),
    ("AS AH AD AC JK", "five_of_a_kind", 12 + 15),
    ("AS JK", "pair", 1 + 6),
    # Poor Hand
    ("2S 5H 9D JC KS", "none", 0),
]


@pytest.mark.parametrize(("hand", "combination", "total"), RULEBOOK)
def test_rulebook_examples(hand: str, combination: str, total: int) -> None:
    result = damage(hand)
    assert (result.combination, result.total) == (combination, total)
    assert result.base + result.bonus == result.total


def test_scoring_cards_and_breakdown() -> None:
    result = damage("2S 2H AD KC QS")
    assert result.scoring_cards == parse_cards("2S 2H")
    assert result.played == parse_cards("2S 2H AD KC QS")
    assert str(result) == "Pair (2S 2H): 1 + 0 bonus = 1 damage."
    assert str(damage("3S 5H 9D JC KS")) == "Poor Hand: 0 damage."


def test_joker_as_an_ace_earns_three() -> None:
    result = damage("10S JS QS KS JK")
    assert (result.combination, result.total) == ("straight_flush", 16)
    assert [str(c) for c in result.jokers_as] == ["AS"]


def test_lesser_declarations() -> None:
    assert damage("AS AH KD KC 5S").total == 2 + 8
    assert damage("AS AH KD KC 5S", declare="pair").total == 1 + 6
    assert damage("2S 2H 2D KS KC", declare="three_of_a_kind").total == 3
    assert damage("2S 2H 2D KS KC", declare="pair").total == 1 + 2
    assert damage("10H JH QH KH AH", declare="flush").total == 5 + 6
    assert damage("10H JH QH KH AH", declare="straight").total == 4 + 6


def test_declaring_what_is_not_there() -> None:
    with pytest.raises(ValueError, match="holds no flush"):
        damage("2S 2H 2D KS KC", declare="flush")
    with pytest.raises(ValueError, match="not a combination"):
        damage("2S 2H 2D KS KC", declare="royal")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("1X 2S", "not a card"),
        ("2S 2S 3H", "same card twice"),
        ("2S 3S 4S 5S 6S 7S", "1 to 5 cards, not 6"),
        ("", "1 to 5 cards, not 0"),
        ("JK JK JK JK", "at most one Joker"),
    ],
)
def test_bad_hands(cards: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        damage(cards)


def test_best_play_normal_and_easy() -> None:
    hand = "AS AH 3D 5C 9S KD 7H 2C"
    normal, easy = best_play(hand), best_play(hand, easy=True)
    assert normal.total == easy.total == 7
    assert len(normal.played) == 5 and set(normal.scoring_cards) <= set(normal.played)
    assert easy.played == parse_cards("AS AH")
    assert "KD" not in {str(c) for c in normal.played}


def test_best_play_finds_the_full_house() -> None:
    result = best_play("2S 2H 2D KS KC AH 9C 4D")
    assert (result.combination, result.total) == ("full_house", 8)


def test_best_play_poor_hand_and_short_hands() -> None:
    poor = best_play("2S 5H 9D JC KS 4C 7D 3H")
    assert poor.combination == "none" and len(poor.played) == 5
    assert "KS" not in {str(c) for c in poor.played}
    assert sorted(best_play("AS 2H 7C").played) == sorted(parse_cards("AS 2H 7C"))
    with pytest.raises(ValueError, match="1 to 8 cards, not 9"):
        best_play("2S 3S 4S 5S 6S 7S 8S 9S 10S")


def test_poor_hand_rule() -> None:
    poor = "2S 5H 9D JC KS 4C 7D 3H"
    assert poor_hand_allowed(poor, discards_left=0)
    assert not poor_hand_allowed(poor, discards_left=1)
    assert not poor_hand_allowed("2S 2H 9D JC KS 4C 7D 3H", discards_left=0)


CARDS = st.sampled_from(deck())
HANDS = st.lists(CARDS, min_size=1, max_size=5, unique=True)


@settings(max_examples=60, deadline=None)
@given(HANDS, st.randoms(use_true_random=False))
def test_order_does_not_matter(hand: list, rng) -> None:  # type: ignore[no-untyped-def]
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert damage(hand).total == damage(shuffled).total
    assert damage(hand).combination == damage(shuffled).combination


@settings(max_examples=40, deadline=None)
@given(HANDS, st.data())
def test_a_joker_never_lowers_damage(hand: list, data) -> None:  # type: ignore[no-untyped-def]
    swapped = list(hand)
    swapped[data.draw(st.integers(0, len(hand) - 1))] = JOKER
    assert damage(swapped).total >= damage(hand).total
    if len(hand) < 5:
        assert damage([*hand, JOKER]).total >= damage(hand).total


@settings(max_examples=25, deadline=None)
@given(st.lists(CARDS, min_size=5, max_size=8, unique=True))
def test_best_play_is_the_best_of_its_played_cards(hand: list) -> None:  # type: ignore[no-untyped-def]
    best = best_play(hand)
    assert damage(best.played).total == best.total
    assert best.combination in (*COMBINATIONS, "none")

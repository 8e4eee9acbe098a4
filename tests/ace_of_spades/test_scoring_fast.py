"""The fast scorer, the batch scorer and the brute-force reference agree; bad input is refused."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.ace_of_spades import best_play, damage
from acelab.ace_of_spades.batch import JOKER_ID, best_damage_batch
from acelab.ace_of_spades.scoring import Modifiers
from acelab.engine.cards import JOKER, card_from_id, card_id, deck
from acelab.poker import random_hands
from tests.ace_of_spades.reference import slow_best

CARDS = st.sampled_from(deck())
MODS = [
    Modifiers(),
    Modifiers(combination_bonus=(("pair", 2), ("straight", 3)), face_bonus=False),
    Modifiers(banned=("flush",), value_bonus=((7, 2),), ace_bonus=False, flat=1),
    Modifiers(combination_bonus=(("two_pair", -3),), suit_bonus=(("H", 1),)),
    Modifiers(value_as=((2, 1),)),
    Modifiers(suit_as=(("H", "D"), ("D", "H"))),
]


@settings(max_examples=60, deadline=None)
@given(st.lists(CARDS, min_size=2, max_size=6, unique=True), st.booleans(), st.integers(0, 5))
def test_fast_scorer_equals_brute_force(cards: list, joker: bool, which: int) -> None:  # type: ignore[no-untyped-def]
    hand = [*cards[:-1], JOKER] if joker else cards
    mods = MODS[which]
    assert best_play(hand, modifiers=mods).total == slow_best(hand, mods)


@pytest.mark.parametrize("declare", ["pair", "two_pair", "three_of_a_kind", "flush"])
def test_declared_lesser_combination_equals_brute_force(declare: str) -> None:
    for hand in ("AS AH KD KC 5S", "2S 2H 2D KS KC", "2H 5H 9H KH KS", "QS QH QD 4C 4S"):
        expected = slow_best(damage(hand).played, only=declare)
        if expected == 0 and declare not in ("pair",):
            continue
        try:
            assert damage(hand, declare=declare).total == expected
        except ValueError:
            assert expected == 0


def test_batch_equals_best_play_on_random_hands() -> None:
    hands = random_hands(3000, 8, seed=5)
    with_joker = hands[:1000].copy()
    with_joker[:, 0] = JOKER_ID
    with_joker = with_joker[(hands[:1000, 1:] != JOKER_ID).all(axis=1)]
    for rows in (hands, with_joker):
        for mods in MODS[:3]:
            fast = best_damage_batch(rows, mods)
            for row, total in zip(rows[:400], fast[:400], strict=True):
                cards = [JOKER if i == JOKER_ID else card_from_id(int(i)) for i in row]
                assert best_play(cards, modifiers=mods).total == total


def test_batch_refuses_bad_rows() -> None:
    with pytest.raises(ValueError, match="same card twice"):
        best_damage_batch(np.array([[1, 1, 2, 3, 4]]))
    with pytest.raises(ValueError, match="0 to 51"):
        best_damage_batch(np.array([[1, 99, 2, 3, 4]]))
    with pytest.raises(ValueError, match="2-D array"):
        best_damage_batch(np.array([1, 2, 3]))
    with pytest.raises(ValueError, match="best_play"):
        best_damage_batch(np.array([[1, 2, 3, 4, 5]]), Modifiers(value_as=((2, 1),)))


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("JK JK JK JK", "at most one Joker"),
        ("JK JK", "at most one Joker"),
        ("AS AS", "same card twice"),
        ("AS " * 5000, "far too long"),
    ],
)
def test_bad_hands_are_refused_at_once(cards: str, message: str) -> None:
    for score in (damage, best_play):
        with pytest.raises(ValueError, match=message):
            score(cards)


def test_refusal_does_not_search() -> None:
    # A hand with four Jokers used to be searched for 40 s; it is now refused before any search.
    with pytest.raises(ValueError, match="at most one Joker"):
        damage("JK JK JK JK")
    assert damage("JK AS").total == 7


def test_bad_modifiers_are_refused() -> None:
    with pytest.raises(ValueError, match="not a combination"):
        Modifiers(combination_bonus=(("royal", 1),))
    with pytest.raises(ValueError, match="card value"):
        Modifiers(value_as=((0, 1),))
    with pytest.raises(ValueError, match="suit"):
        Modifiers(suit_as=(("X", "H"),))
    with pytest.raises(ValueError, match="Modifiers value"):
        best_play("AS AH", modifiers="pair+2")  # type: ignore[arg-type]


def test_effects_change_the_score() -> None:
    # FAQ: "make my four of a kind Aces and have my Aces add extra points" — effects combine.
    twos_as_aces = Modifiers(value_as=((2, 1),))
    assert best_play("AS AH AD 2C 9S", modifiers=twos_as_aces).total == 8 + 12
    # FAQ: a pair bonus does not reach two pair or a full house.
    pair_bonus = Modifiers(combination_bonus=(("pair", 2),))
    assert damage("5S 5H 9D 9C 2S", declare="two_pair", modifiers=pair_bonus).total == 2
    assert damage("5S 5H 5D 9C 9S", declare="full_house", modifiers=pair_bonus).total == 6
    # ... though the player may declare the lesser pair, which then earns it.
    assert damage("5S 5H 9D 9C 2S", modifiers=pair_bonus).total == 3
    assert damage("5S 5H 4D 9C 2S", modifiers=pair_bonus).total == 3
    # ... and likewise a straight bonus does not reach a straight flush, nor three of a kind's
    # a full house.
    straight_bonus = Modifiers(combination_bonus=(("straight", 3),))
    flush = damage("2S 3S 4S 5S 6S", declare="straight_flush", modifiers=straight_bonus)
    assert flush.total == 10
    assert damage("2S 3S 4S 5S 6S", modifiers=straight_bonus).total == 10  # 4 + 3 < 10
    three_bonus = Modifiers(combination_bonus=(("three_of_a_kind", 2),))
    assert damage("5S 5H 5D 9C 9S", declare="full_house", modifiers=three_bonus).total == 6
    no_faces = Modifiers(face_bonus=False)
    assert damage("KS KH 4D 9C 2S", modifiers=no_faces).total == 1
    red = Modifiers(suit_as=(("H", "D"), ("D", "H")))
    assert damage("2H 5D 9H JD KH", modifiers=red).combination == "flush"


def test_card_ids_round_trip_for_the_batch() -> None:
    hand = ["AS", "KH", "KD", "KC", "2S", "7H", "9D", "QC"]
    rows = np.array([[card_id(card_from_id(i)) for i in [0, 49, 50, 51, 4, 25, 34, 47]]])
    assert best_damage_batch(rows)[0] == best_play(hand).total == 3 + 3

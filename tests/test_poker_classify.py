"""classify (readable) and classify_batch (vectorized): examples, agreement, bad input."""

from __future__ import annotations

import numpy as np
import pytest

from acelab.engine.cards import card_from_id, parse_cards
from acelab.poker import CATEGORIES, classify, classify_batch, hand_ids
from tests.support import sized

EXAMPLES = [
    ("2S 5H 9D JC KS", "high_card"),
    ("2S 2H 9D JC KS", "pair"),
    ("2S 2H 9D 9C KS", "two_pair"),
    ("2S 2H 2D 9C KS", "three_of_a_kind"),
    ("AS 2H 3D 4C 5S", "straight"),
    ("10S JH QD KC AS", "straight"),
    ("KS AH 2D 3C 4S", "high_card"),
    ("2S 5S 9S JS KS", "flush"),
    ("2S 2H 2D KC KS", "full_house"),
    ("2S 2H 2D 2C KS", "four_of_a_kind"),
    ("AS 2S 3S 4S 5S", "straight_flush"),
    ("10H JH QH KH AH", "straight_flush"),
    ("2S 3S 4S 5S 6H 7S 9S", "flush"),
    ("2S 3S 4S 5S 6H 6S 8C", "straight_flush"),
    ("9C 9D 9H 9S 2S 4S 6S 8S", "four_of_a_kind"),
    ("2S 2H 2D 3C 3S 3H 9D", "full_house"),
    ("2S 2H 3D 3C 4S 4H 9D", "two_pair"),
    ("5S 6H 7D 8C 9S 9H 9D", "straight"),
    ("QS KS AS 2S 3S 4H", "flush"),
]


@pytest.mark.parametrize(("hand", "expected"), EXAMPLES)
def test_examples(hand: str, expected: str) -> None:
    assert classify(hand) == expected
    assert CATEGORIES[classify_batch(hand_ids([hand]))[0]] == expected


def test_cards_or_strings() -> None:
    assert classify(parse_cards("2S 2H 9D 9C KS")) == classify(["2S", "2H", "9D", "9C", "KS"])


@pytest.mark.slow
@sized("hands", 20_000, 100_000)
@pytest.mark.parametrize("k", [5, 6, 7, 8])
def test_batch_agrees_with_classify(k: int, hands: int) -> None:
    rng = np.random.default_rng(k)
    ids = np.argsort(rng.random((hands, 52)), axis=1)[:, :k]
    batch = classify_batch(ids)
    for row, category in zip(ids.tolist(), batch.tolist(), strict=True):
        assert classify([card_from_id(i) for i in row]) == CATEGORIES[category], row


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("1X 2S 3S 4S 5S", "not a card"),
        ("2S 2S 3S 4S 5S", "same card twice"),
        ("2S 3S 4S 5S 6S 7S 8S 9S 10S", "5 to 8 cards, not 9"),
        ("2S 3S 4S 5S", "5 to 8 cards, not 4"),
        ("2S 3S 4S 5S JK", "Joker"),
    ],
)
def test_bad_hands(cards: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        classify(cards)


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        ([[0, 1, 2, 3]], "shape"),
        ([[0, 1, 2, 3, 52]], "0 to 51"),
        ([[0, 1, 2, 3, -1]], "0 to 51"),
        ([[0, 1, 2, 3, 4], [0, 1, 2, 3, 3]], "Hand 1 holds the same card twice"),
    ],
)
def test_bad_batches(ids: list[list[int]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        classify_batch(np.array(ids))


def test_hand_ids_needs_equal_sizes() -> None:
    with pytest.raises(ValueError, match="same number"):
        hand_ids(["2S 3S 4S 5S 7H", "2S 3S 4S 5S 7H 9C"])


def test_empty_batch() -> None:
    assert classify_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)

"""The shared cards: parsing, printing, ids, decks and seeded shuffles."""

import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.engine.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    card_from_id,
    card_id,
    deck,
    deck_without_aces,
    parse_card,
    parse_cards,
    random_index,
    shuffle_in_place,
    shuffled,
)
from tests.support import anything, one_sentence, refused


def test_the_issue_example_parses():
    cards = parse_cards("AS 10h T♥ kd JK")
    assert [str(c) for c in cards] == ["AS", "10H", "10H", "KD", "JK"]
    assert [c.symbol for c in cards] == ["A♠", "10♥", "10♥", "K♦", "🃏"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS", Card(Rank.ACE, Suit.SPADES)),
        ("10H", Card(Rank.TEN, Suit.HEARTS)),
        ("TH", Card(Rank.TEN, Suit.HEARTS)),
        ("kd", Card(Rank.KING, Suit.DIAMONDS)),
        ("A♠", Card(Rank.ACE, Suit.SPADES)),
        ("10♥", Card(Rank.TEN, Suit.HEARTS)),
        ("q♣", Card(Rank.QUEEN, Suit.CLUBS)),
        ("2♦️", Card(Rank.TWO, Suit.DIAMONDS)),
        ("JK", JOKER),
        ("jk", JOKER),
        ("🃏", JOKER),
        (" 7c ", Card(Rank.SEVEN, Suit.CLUBS)),
    ],
)
def test_parse_card_accepts_every_written_form(text, expected):
    assert parse_card(text) == expected


def test_cards_may_be_separated_by_commas_and_spaces():
    assert parse_cards("AS,2H , 3D;4C") == parse_cards("AS 2H 3D 4C")
    assert parse_cards("") == ()
    assert parse_cards(["AS", Card(Rank.TWO, Suit.HEARTS)]) == parse_cards("AS 2H")


@pytest.mark.parametrize("bad", ["1X", "1S", "11H", "AX", "Z", "", "10", "S", "AS2"])
def test_a_bad_card_names_the_token_and_what_is_accepted(bad):
    with pytest.raises(ValueError, match="is not a card") as error:
        parse_card(bad)
    assert repr(bad.strip()) in str(error.value)
    assert "JK for the Joker" in str(error.value)


def test_parse_cards_names_the_bad_token_in_a_list():
    with pytest.raises(ValueError, match="'1X'"):
        parse_cards("AS 1X KD")


def test_ascii_symbol_value_and_name():
    queen = parse_card("QH")
    assert (str(queen), queen.symbol, queen.value, queen.name) == (
        "QH",
        "Q♥",
        12,
        "queen of hearts",
    )
    assert queen.is_red and not parse_card("QS").is_red
    assert str(JOKER) == "JK" and JOKER.symbol == "🃏" and JOKER.name == "joker"
    with pytest.raises(ValueError, match="no value"):
        _ = JOKER.value


def test_card_ids_are_rank_major_in_suit_order_s_h_d_c():
    assert card_id(parse_card("AS")) == 0
    assert card_id(parse_card("AH")) == 1
    assert card_id(parse_card("AD")) == 2
    assert card_id(parse_card("AC")) == 3
    assert card_id(parse_card("2S")) == 4
    assert card_id(parse_card("KC")) == 51
    assert [card_id(card_from_id(i)) for i in range(52)] == list(range(52))
    with pytest.raises(ValueError, match="Joker has no card id"):
        card_id(JOKER)
    with pytest.raises(ValueError, match="0 to 51"):
        card_from_id(52)


def test_decks():
    full = deck()
    assert len(full) == 52 and len(set(full)) == 52
    assert deck(jokers=2).count(JOKER) == 2
    pilots_deck = deck_without_aces(jokers=2)
    assert len(pilots_deck) == 50
    assert all(c.is_joker or c.value != 1 for c in pilots_deck)
    with pytest.raises(ValueError, match="negative"):
        deck(jokers=-1)


def test_shuffled_is_decided_by_the_seed_alone():
    state_before = random.getstate()
    first = shuffled(deck(), 7)
    random.seed(12345)
    assert shuffled(deck(), 7) == first
    assert shuffled(deck(), 8) != first
    assert sorted(first) == sorted(deck())
    random.setstate(state_before)


def test_shuffle_in_place_is_fisher_yates_over_random():
    class Script(random.Random):
        def random(self):
            return 0.0

    items = list(range(5))
    shuffle_in_place(Script(), items)  # every swap picks index 0
    assert items == [1, 2, 3, 4, 0]
    assert random_index(random.Random(3), 1) == 0
    with pytest.raises(ValueError, match="nothing to choose"):
        random_index(random.Random(3), 0)


@pytest.mark.parametrize("seed", [None, 1.5, [1], True])
def test_shuffled_refuses_a_seed_that_is_not_a_number_or_word(seed):
    with pytest.raises(ValueError, match="seed"):
        shuffled(deck(), seed)


def test_cards_sort_by_value_then_suit():
    assert sorted(parse_cards("KS 2C 2S")) == list(parse_cards("2S 2C KS"))


@given(st.integers(0, 51))
def test_every_card_round_trips_through_both_printed_forms(index):
    card = card_from_id(index)
    assert parse_card(str(card)) == card
    assert parse_card(card.symbol) == card
    assert parse_card(str(card).lower()) == card


@given(st.text(max_size=6))
def test_parse_card_only_ever_raises_value_error(text):
    try:
        card = parse_card(text)
    except ValueError as error:
        assert str(error)
    else:
        assert isinstance(card, Card)


def test_core_modules_do_not_import_widgets():
    code = "import acelab.engine.cards, acelab.engine, sys; assert 'ipywidgets' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


# ---- bad input: a ValueError with a sentence, whatever is passed ------------------------------


@pytest.mark.parametrize(
    ("rank", "suit"), [("A", "S"), (1, Suit.SPADES), (Rank.ACE, "S"), (Rank.ACE, None), (None, 1)]
)
def test_a_card_refuses_wrong_types_when_built(rank, suit) -> None:
    refused(lambda: Card(rank, suit))


def test_card_helpers_refuse_wrong_types() -> None:
    for call in (
        lambda: card_from_id(3.5),
        lambda: card_from_id(True),
        lambda: deck(1.5),
        lambda: parse_cards(5),
        lambda: parse_cards(None),
    ):
        refused(call)


@given(anything)
def test_parse_card_only_raises_value_error(text) -> None:
    try:
        card = parse_card(text)
    except ValueError as error:
        one_sentence(error)
    else:
        assert isinstance(card, Card) and str(card) and card.symbol


@given(st.one_of(anything, st.lists(anything, max_size=5)))
def test_parse_cards_only_raises_value_error(value) -> None:
    try:
        cards = parse_cards(value)
    except ValueError as error:
        one_sentence(error)
    else:
        assert all(isinstance(c, Card) for c in cards)


@pytest.mark.parametrize("bad", [None, "x", -1, 1.5, True])
def test_random_index_and_shuffled_refuse_wrong_types_in_words(bad) -> None:
    refused(lambda: random_index(random.Random(1), bad))
    refused(lambda: shuffled(bad, 1))

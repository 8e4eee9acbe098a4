"""Moves read their cards from text, keep them in card order, and say themselves in words
whatever their fields hold."""

from __future__ import annotations

from typing import Any

from hypothesis import given

from acelab.ace_of_spades.moves import (
    DiscardDraw,
    PlayHand,
    Renew,
    TakeFromDiscard,
    UseBenefit,
    in_card_order,
)
from acelab.engine.cards import parse_card, parse_cards
from tests.ace_of_spades.helpers import FUZZ, JUNK


def test_cards_are_read_from_text_in_card_order() -> None:
    move = PlayHand("KD AS 10h")
    assert [str(c) for c in move.cards] == ["AS", "10H", "KD"]
    assert move == PlayHand(parse_cards("AS KD 10H")) and move == PlayHand("10H AS KD", at=3.0)
    assert in_card_order(parse_cards("JK KC AS")) == parse_cards("AS KC JK")


def test_moves_in_words() -> None:
    assert str(PlayHand("KS KH", declare="pair")) == "play K♠ K♥ as pair"
    assert str(DiscardDraw("2C")) == "discard 2♣ and draw"
    assert str(Renew()) == "renew the deck"
    assert str(UseBenefit("pickle-twins", "2C")) == "use the benefit of pickle-twins (discard 2♣)"
    assert str(TakeFromDiscard(parse_card("3D"))) == "take 3♦"


def test_malformed_moves_still_say_themselves() -> None:
    assert str(PlayHand(cards=2)) == "play those cards"  # type: ignore[arg-type]
    assert str(PlayHand(cards=("AC",), declare=5)) == "play A♣"  # type: ignore[arg-type]
    assert str(TakeFromDiscard("AS")) == "take that card"  # type: ignore[arg-type]


@FUZZ
@given(JUNK, JUNK, JUNK)
def test_a_move_in_words_never_fails(cards: Any, declare: Any, at: Any) -> None:
    for move in (
        PlayHand(cards, declare, at),
        DiscardDraw(cards),
        UseBenefit(declare, cards),
        TakeFromDiscard(cards),
    ):
        assert isinstance(str(move), str)


def test_moves_saved_when_they_lived_in_state_still_load() -> None:
    from acelab.engine import from_json, to_json
    from tests.ace_of_spades.helpers import GAME

    for move in (PlayHand("KS KH", declare="pair"), DiscardDraw("2C"), Renew(), UseBenefit("x")):
        old = to_json(move, GAME).replace("ace_of_spades.moves.", "ace_of_spades.state.")
        assert "ace_of_spades.state." in old and from_json(GAME, old) == move
    take = to_json(TakeFromDiscard(parse_card("3D")), GAME).replace(".moves.", ".state.")
    assert from_json(GAME, take) == TakeFromDiscard(parse_card("3D"))

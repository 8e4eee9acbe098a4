"""The legal moves of a duel, listed lazily: every listed move applies, what applies is listed,
and the list reads like any sequence."""

from __future__ import annotations

from dataclasses import replace

from acelab.ace_of_spades.legal import DuelMoves, stuck
from acelab.ace_of_spades.moves import DiscardDraw, PlayHand, Renew, TakeFromDiscard, UseBenefit
from acelab.ace_of_spades.state import Phase
from acelab.engine.cards import parse_card
from tests.ace_of_spades.helpers import EIGHT, GAME, arrange

""" + open("/tmp/devir_legal.py").read().rstrip() + """


def test_the_hands_come_first_in_card_order_then_the_rest() -> None:
    moves = GAME.legal_moves(arrange(EIGHT, discard="3C"))
    assert isinstance(moves, DuelMoves)
    hands = [m for m in moves if isinstance(m, PlayHand)]
    assert moves[: len(hands)] == hands and moves[len(hands)] == DiscardDraw("2S")
    assert moves[-1] == Renew() and moves[-1] == list(moves)[-1]
    assert hands[0] == PlayHand("2S 2H 2D 4H 7C")  # the first five in card order that score


def test_easy_lists_the_scoring_cards_alone_and_poor_hands_only_when_allowed() -> None:
    easy = GAME.legal_moves(arrange(EIGHT, difficulty="easy"))
    assert PlayHand("2S 2H") in easy and PlayHand("2S 2H 2D") in easy
    poor = arrange("2S 5H 9D JC KS 4C 7D 3H", discards_dial=0)
    hands = [m for m in GAME.legal_moves(poor) if isinstance(m, PlayHand)]
    assert len(hands) == 56 and PlayHand("2S 5H 9D JC 3H") in hands  # C(8, 5) Poor Hands


def test_benefits_are_listed_when_they_can_be_used() -> None:
    state = arrange(EIGHT, level=2, enemies={1: "pickle-twins"}, benefits=("pickle-twins",))
    assert UseBenefit("pickle-twins") not in list(GAME.legal_moves(state))  # nothing to search
    with_pile = arrange(
        EIGHT, discard="3C", level=2, enemies={1: "pickle-twins"}, benefits=("pickle-twins",)
    )
    assert UseBenefit("pickle-twins") in list(GAME.legal_moves(with_pile))


def test_a_search_lists_each_card_of_the_pile_once() -> None:
    state = arrange(EIGHT, discard="3C 4C", phase=Phase.SEARCH, searching=1)
    assert GAME.legal_moves(state) == [
        TakeFromDiscard(parse_card("3C")),
        TakeFromDiscard(parse_card("4C")),
    ]


def test_stuck_when_no_card_and_no_way_to_get_one() -> None:
    empty = arrange("", deck_size=0, discards_dial=0)
    assert stuck(empty)
    assert not stuck(replace(empty, discards_dial=1))  # Renew the pile
    assert not stuck(arrange(EIGHT))

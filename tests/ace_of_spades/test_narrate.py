"""Each event of a move told in one sentence; a card of a hand is named only once played."""

from __future__ import annotations

import pytest

from acelab.ace_of_spades import events as ev
from acelab.ace_of_spades.narrate import combination_name, narrate, symbols
from acelab.engine import Event
from acelab.engine.cards import parse_card, parse_cards

KS = parse_card("KS")
TOLD = [
    (
        ev.HandPlayed(0, parse_cards("KS KH"), "pair", 3, parse_cards("KS KH"), (), 5, 2, True),
        "You played K♠ K♥: Pair, 3 damage; life 5 → 2.",
    ),
    (
        ev.HandPlayed(1, (KS,), "pair", 9, (KS,), (), 5, -4, False, ("count-coyote", "boost")),
        "Partner played K♠: Pair, 9 damage (boosted by Count Coyote and a one-time boost);"
        " life 5 → 0.",
    ),
    (ev.DiscardedAndDrew(0, (KS,), 1), "You discarded K♠ and drew 1."),
    (ev.DiscardedAndDrew(0, (KS,), 1, face_down=(KS,)), "You discarded K♠ and drew 1."),
    (
        ev.DiscardedAndDrew(1, (None, KS), 1),
        "Partner discarded K♠ and 1 card face down and drew 1.",
    ),
    (ev.DiscardedAndDrew(1, (None, None), 2), "Partner discarded 2 cards face down and drew 2."),
    (ev.Renewed(0, 12), "You shuffled 12 cards back into the deck."),
    (
        ev.BenefitUsed(0, "pickle-twins", ("extra_hands",)),
        "You used the benefit of The Pickle Twins.",
    ),
    (ev.TookFromDiscard(0, KS), "You took K♠ from the discard pile."),
    (ev.Defeated(2, "x", False, True, False), "Level 2 is beaten exactly."),
    (ev.Defeated(2, "x", False, False, False), "Level 2 is beaten."),
    (
        ev.Revealed(1, "x", "Banjo Bart", 6, 2, 2),
        "Banjo Bart appears: 6 life, 2 Hands, 2 Discards.",
    ),
    (ev.SceneEnded(0), "Scene 1 ends: all cards are shuffled and dealt again."),
    (ev.JokerEntered(), "The Joker joins the deck."),
    (ev.TurnPassed(1), "Now it is Partner's turn."),
    (ev.GameWon(), "Lord Overkill falls: you win!"),
    (ev.GameLost("You lose."), "You lose."),
]


@pytest.mark.parametrize(("event", "sentence"), TOLD)
def test_each_event_in_one_sentence(event: Event, sentence: str) -> None:
    assert narrate([event], ["You", "Partner"]) == sentence


def test_cards_drawn_and_dealt_are_not_told() -> None:
    hidden = [ev.Drew(0, 3), ev.SharedDealt((KS,))]
    assert narrate(hidden, ["You"]) == ""
    assert narrate([ev.Drew(0, 3), ev.JokerEntered()], ["You"]) == "The Joker joins the deck."


def test_a_player_without_a_name_is_numbered() -> None:
    assert narrate([ev.TurnPassed(1)], ["You"]) == "Now it is Player 2's turn."


def test_words_of_combinations_and_cards() -> None:
    assert combination_name("two_pair") == "Two pair" and combination_name("none") == "Poor Hand"
    assert symbols("KS 10H") == "K♠ 10♥"
    with pytest.raises(ValueError, match="events"):
        narrate(None, ["You"])  # type: ignore[arg-type]

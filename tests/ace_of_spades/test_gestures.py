"""A click on the Ace of Spades table read into a call of the panel (pure: no widgets)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from acelab.ace_of_spades.gestures import Call, Refusal, interpret
from acelab.ace_of_spades.state import Phase
from acelab.engine import Outcome
from acelab.widgets.table import Gesture
from tests.ace_of_spades.helpers import EIGHT, GAME, arrange

VIEW = GAME.observation(arrange(EIGHT, discard="3C"), 0)


def behind_the_screen(gesture: Gesture) -> Call | Refusal:
    """What a co-op hot seat's panel answers while its pass-the-device screen is up (the seated
    panel answers before the game reads the gesture)."""
    from acelab.ace_of_spades.panel import AceOfSpadesPanel

    panel = AceOfSpadesPanel(seed=7, players=2, save=False)
    assert panel.hidden, "the hot seat deals behind the screen"
    return panel.interpret(gesture)


@pytest.mark.parametrize(
    ("key", "call"),
    [
        ("play", Call("play_hand")),
        ("discard", Call("discard")),
        ("renew", Call("renew")),
        ("clear", Call("clear")),
        ("undo", Call("undo")),
        ("new", Call("new_game")),
        ("reveal", Call("reveal")),
        ("declare:two_pair", Call("declare", ("two_pair",))),
        ("benefit:pickle-twins", Call("use_benefit", ("pickle-twins",))),
        ("difficulty:hard", Call("set_difficulty", ("hard",))),
        ("hint:2", Call("hint", (2,))),
    ],
)
def test_each_button_calls_its_method(key: str, call: Call) -> None:
    assert interpret(Gesture("control", zone=key), VIEW) == call


@pytest.mark.parametrize("key", ["nonsense", "hint:x", "declare:", "", None])
def test_other_buttons_are_refused(key: str | None) -> None:
    assert interpret(Gesture("control", zone=key), VIEW) == Refusal(
        "That button is not part of this game."
    )


def test_cards_of_the_hand_are_chosen_and_others_refused() -> None:
    assert interpret(Gesture("card", card="KC"), VIEW) == Call("choose", ("KC",))
    assert interpret(Gesture("card", card="AS"), VIEW) == Refusal(
        "Click cards of your hand to choose them."
    )
    assert interpret(Gesture("card", card="deck"), VIEW) == Refusal(
        "Discard and Draw draws for you: choose cards, then press it."
    )
    assert interpret(Gesture("card", card="pile:3C"), VIEW) == Refusal(
        "The discard pile is only looked at; choose cards from your hand."
    )
    assert interpret(Gesture("cancel", card="KC"), VIEW) == Call("clear")  # Escape puts back
    assert behind_the_screen(Gesture("cancel")) == Refusal("")


def test_the_pass_screen_and_the_end_of_the_game_refuse_cards() -> None:
    assert behind_the_screen(Gesture("card", card="KC")) == Refusal(
        "Press the button to show your hand first."
    )
    over = replace(VIEW, outcome=Outcome((), "lost"))
    assert interpret(Gesture("card", card="KC"), over) == Refusal(
        "The game is over: press New game to play again."
    )
    assert interpret(Gesture("control", zone="new"), over) == Call("new_game")


def test_while_searching_a_pile_card_is_taken_and_the_hand_waits() -> None:
    searching = replace(VIEW, phase=Phase.SEARCH, searching=1)
    assert interpret(Gesture("card", card="pile:3C"), searching) == Call("take", ("3C",))
    assert interpret(Gesture("card", card="KC"), searching) == Refusal(
        "First take a card from the discard pile."
    )


def test_what_is_not_a_gesture_is_refused_in_words() -> None:
    assert interpret("x", VIEW) == Refusal("That is not a gesture on the card table.")
    with pytest.raises(ValueError, match="view"):
        interpret(Gesture("card", card="KC"), "view")  # type: ignore[arg-type]

"""The events of a move told in the learner's sentences, one sentence maker per event type."""

from __future__ import annotations

import inspect

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.ace_of_spades_lex import (
    Absorbed,
    AceOfSpadesLex,
    Countered,
    Dealing,
    Drew,
    Freed,
    LexState,
    Nuked,
    Rebuilt,
    Skipped,
    Stole,
    Won,
    events,
    narrate,
    visible_events,
)
from acelab.ace_of_spades_lex.narrate import SENTENCES
from acelab.engine import Event
from acelab.engine.cards import parse_card, parse_cards
from acelab.widgets.wording import assert_good_wording
from tests.ace_of_spades_lex.helpers import named, reached_states

GAME = AceOfSpadesLex()
NAMES = ("You", "Bot 1", "Bot 2")


def test_every_event_type_has_its_sentence() -> None:
    kinds = {
        cls
        for _, cls in inspect.getmembers(events, inspect.isclass)
        if issubclass(cls, Event) and cls is not Event
    }
    assert set(SENTENCES) == kinds


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (Drew(0, None), "You drew a card."),
        (Drew(1, parse_card("KC")), "Bot 1 drew K♣."),
        (Stole(1, 0, None), "Bot 1 stole a card from you."),
        (Skipped(0), "You are stopped, so the turn is skipped."),
        (Skipped(2), "Bot 2 is stopped, so the turn is skipped."),
        (Freed((0,), 1), "You are freed."),
        (Freed((1, 2), None), "Bot 1 and Bot 2 are freed."),
        (Absorbed(0, parse_card("QH"), parse_card("10S")), "Your banked Q♥ absorbed the stop."),
        (Countered(2, 0, 1), "Bot 2 countered with 1 six."),
        (Won(0, parse_cards("KH KD KC")), "You win with K♥ K♦ K♣!"),
        (Nuked(0, 1, 1, 1), "Bot 1's hand (1 card) went back into the deck."),
        (Nuked(1, 0, 2, 3), "Your hand (3 cards) went back into the deck."),
        (Rebuilt(1), "The discard piles (1 card) were shuffled into the deck."),
        (Dealing(0, 1), "You must deal 1 card from a Nine."),
        (Dealing(1, 0), "Bot 1 drew a Nine, but there is no card left to deal."),
    ],
)
def test_sentences_speak_to_you_and_of_the_others(event: Event, sentence: str) -> None:
    assert narrate([event], NAMES) == sentence


@pytest.mark.parametrize(
    ("events_", "names", "words"),
    [
        ([Drew(0, None)], "You", "names"),
        ([Drew(0, None)], None, "names"),
        (3, NAMES, "events"),
        ("Drew", NAMES, "events"),
        ([object()], NAMES, "not an event"),
        ([Drew(7, None)], NAMES, "seat"),
    ],
)
def test_narrate_refuses_what_it_cannot_tell(events_: object, names: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        narrate(events_, names)  # type: ignore[arg-type]


@given(reached_states(), st.integers(0, 5))
def test_every_move_is_told_in_good_sentences(state: LexState, seat: int) -> None:
    state = named(state)
    for move in GAME.legal_moves(state):
        told = narrate(
            visible_events(GAME.step(state, move).events, seat % state.players), state.names
        )
        assert told
        assert_good_wording(told)

"""The events of a move of Lex's Ace of Spades told as the learner's sentences.

One sentence maker per event type, found in one table (:data:`SENTENCES`); pass the events
through :func:`~acelab.ace_of_spades_lex.events.visible_events` first, so a card the reader may
not see reads as "a card".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from acelab.ace_of_spades_lex.events import (
    Absorbed,
    Banked,
    Countered,
    Dealing,
    Dealt,
    Discarded,
    Drew,
    Foiled,
    Freed,
    Kept,
    Nuked,
    Passed,
    Played,
    Rebuilt,
    Restarted,
    Skipped,
    Stalemate,
    Stole,
    Stopped,
    Won,
)
from acelab.ace_of_spades_lex.words import cards, object_case, possessive, sixes, verb
from acelab.engine import Event
from acelab.engine.cards import Card

__all__ = ["SENTENCES", "narrate"]

Names = Sequence[str]


def _card(card: Card | None) -> str:
    return card.symbol if card is not None else "a card"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(card.symbol for card in cards)


def _is(name: str) -> str:
    return f"{name} {verb(name, 'is')}"


def _freed(e: Freed, names: Names) -> str:
    freed = " and ".join(names[p] for p in e.players)
    return f"{freed} {'are' if len(e.players) > 1 or freed == 'You' else 'is'} freed."


SENTENCES: Final[dict[type[Event], Callable[[Any, Names], str]]] = {
    Drew: lambda e, names: f"{names[e.player]} drew {_card(e.card)}.",
    Kept: lambda e, names: "",
    Discarded: lambda e, names: f"{e.card.symbol} went onto {possessive(names[e.player])} pile.",
    Banked: lambda e, names: f"{names[e.player]} banked {e.card.symbol}.",
    Stopped: lambda e, names: f"{_is(names[e.player])} stopped by {e.card.symbol}.",
    Absorbed: lambda e, names: (
        f"{possessive(names[e.player]).capitalize()} banked {e.queen.symbol} absorbed the stop."
    ),
    Freed: _freed,
    Dealing: lambda e, names: (
        f"{names[e.player]} must deal {cards(e.count)} from a Nine."
        if e.count
        else f"{names[e.player]} drew a Nine, but there is no card left to deal."
    ),
    Dealt: lambda e, names: f"{names[e.by]} dealt {_card(e.card)} to {object_case(names[e.to])}.",
    Played: lambda e, names: (
        f"{names[e.player]} played {_cards(e.cards)} on {object_case(names[e.target])}."
    ),
    Stole: lambda e, names: (
        f"{names[e.thief]} stole {_card(e.card)} from {object_case(names[e.victim])}."
    ),
    Foiled: lambda e, names: f"{names[e.victim]} showed {e.ten.symbol}: the Jack took nothing.",
    Nuked: lambda e, names: (
        f"{possessive(names[e.target]).capitalize()} hand ({cards(e.cards)}) "
        "went back into the deck."
    ),
    Countered: lambda e, names: f"{names[e.target]} countered with {sixes(e.sixes)}.",
    Rebuilt: lambda e, names: f"The discard piles ({cards(e.cards)}) were shuffled into the deck.",
    Restarted: lambda e, names: f"Deuce Ex Machina: {names[e.player]} restarted the round.",
    Skipped: lambda e, names: f"{_is(names[e.player])} stopped, so the turn is skipped.",
    Passed: lambda e, names: f"{names[e.player]} passed.",
    Won: lambda e, names: (
        f"{names[e.player]} {verb(names[e.player], 'wins')} with {_cards(e.cards)}!"
    ),
    Stalemate: lambda e, names: "Nobody can act: the match is a draw.",
}
"""The sentence of each event type, given the event and the seats' names ("" says nothing)."""


def narrate(events: Iterable[Event], names: Names) -> str:
    """The events of one move as sentences, in order; ``names`` are the seats' names."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ValueError("Give the seats' names as a list, one per seat.")
    if isinstance(events, str) or not isinstance(events, Iterable):
        raise ValueError("Give the events of a move as a list.")
    sentences = []
    for event in events:
        sentence = SENTENCES.get(type(event))
        if sentence is None:
            raise ValueError(f"{type(event).__name__} is not an event of Lex's Ace of Spades.")
        try:
            sentences.append(sentence(event, names))
        except (IndexError, TypeError):
            raise ValueError("This event names a seat that is not at the table.") from None
    return " ".join(s for s in sentences if s)

"""The events of a move of Lex's Ace of Spades told as the learner's sentences.

One sentence maker per event type, found in one table (:data:`SENTENCES`); pass the events
through :func:`~acelab.ace_of_spades_lex.events.visible_events` first, so a card the reader may
not see reads as "a card".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

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
from acelab.engine.narration import Narration, Sentence

__all__ = ["SENTENCES", "narrate"]


def _card(card: Card | None) -> str:
    return card.symbol if card is not None else "a card"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(card.symbol for card in cards)


def _is(name: str) -> str:
    return f"{name} {verb(name, 'is')}"


def _freed(e: Freed, n: Narration) -> str:
    freed = " and ".join(n.names[p] for p in e.players)
    return f"{freed} {'are' if len(e.players) > 1 or freed == 'You' else 'is'} freed."


SENTENCES: Final[dict[type[Event], Sentence]] = {
    Drew: lambda e, n: f"{n.names[e.player]} drew {_card(e.card)}.",
    Kept: lambda e, n: "",
    Discarded: lambda e, n: f"{e.card.symbol} went onto {possessive(n.names[e.player])} pile.",
    Banked: lambda e, n: f"{n.names[e.player]} banked {e.card.symbol}.",
    Stopped: lambda e, n: f"{_is(n.names[e.player])} stopped by {e.card.symbol}.",
    Absorbed: lambda e, n: (
        f"{possessive(n.names[e.player]).capitalize()} banked {e.queen.symbol} absorbed the stop."
    ),
    Freed: _freed,
    Dealing: lambda e, n: (
        f"{n.names[e.player]} must deal {cards(e.count)} from a Nine."
        if e.count
        else f"{n.names[e.player]} drew a Nine, but there is no card left to deal."
    ),
    Dealt: lambda e, n: f"{n.names[e.by]} dealt {_card(e.card)} to {object_case(n.names[e.to])}.",
    Played: lambda e, n: (
        f"{n.names[e.player]} played {_cards(e.cards)} on {object_case(n.names[e.target])}."
    ),
    Stole: lambda e, n: (
        f"{n.names[e.thief]} stole {_card(e.card)} from {object_case(n.names[e.victim])}."
    ),
    Foiled: lambda e, n: f"{n.names[e.victim]} showed {e.ten.symbol}: the Jack took nothing.",
    Nuked: lambda e, n: (
        f"{possessive(n.names[e.target]).capitalize()} hand ({cards(e.cards)}) "
        "went back into the deck."
    ),
    Countered: lambda e, n: f"{n.names[e.target]} countered with {sixes(e.sixes)}.",
    Rebuilt: lambda e, n: f"The discard piles ({cards(e.cards)}) were shuffled into the deck.",
    Restarted: lambda e, n: f"Deuce Ex Machina: {n.names[e.player]} restarted the round.",
    Skipped: lambda e, n: f"{_is(n.names[e.player])} stopped, so the turn is skipped.",
    Passed: lambda e, n: f"{n.names[e.player]} passed.",
    Won: lambda e, n: (
        f"{n.names[e.player]} {verb(n.names[e.player], 'wins')} with {_cards(e.cards)}!"
    ),
    Stalemate: lambda e, n: "Nobody can act: the match is a draw.",
}
"""The sentence of each event type, given the event and the seats' names (in a
:class:`~acelab.engine.narration.Narration`; "" says nothing)."""


def narrate(events: Iterable[Event], names: Sequence[str]) -> str:
    """The events of one move as sentences, in order; ``names`` are the seats' names."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ValueError("Give the seats' names as a list, one per seat.")
    if isinstance(events, str) or not isinstance(events, Iterable):
        raise ValueError("Give the events of a move as a list.")
    told = Narration(names=tuple(names))
    sentences = []
    for event in events:
        sentence = SENTENCES.get(type(event))
        if sentence is None:
            raise ValueError(f"{type(event).__name__} is not an event of Lex's Ace of Spades.")
        try:
            sentences.append(sentence(event, told))
        except (IndexError, TypeError):
            raise ValueError("This event names a seat that is not at the table.") from None
    return " ".join(s for s in sentences if s)

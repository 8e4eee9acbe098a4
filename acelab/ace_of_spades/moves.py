"""The moves of Devir's *Ace of Spades*: small frozen values a player (or a bot) makes.

A move's fields are only read into cards here ("AS KD" becomes two cards, in card order); the
rules check the rest and refuse a malformed move in words (:mod:`acelab.ace_of_spades.actions`),
so a move's ``str`` never fails, whatever its fields hold.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar, Final

from acelab.engine import Move, formerly, serializable, what_kind
from acelab.engine.cards import JOKER, Card, deck, parse_cards

__all__ = [
    "DiscardDraw",
    "PlayHand",
    "Renew",
    "SpadesMove",
    "TakeFromDiscard",
    "UseBenefit",
    "in_card_order",
]


_STATE: Final = "acelab.ace_of_spades.state"
"""Where the moves lived until issue 15: the games in a learner's store name them there."""


class SpadesMove(Move):
    """Base class of Ace of Spades' moves."""

    text: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.text or super().__str__()


_ORDER: Final = {card: i for i, card in enumerate((*deck(), JOKER))}


def in_card_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """These cards sorted as a new deck lies (spades A to K, hearts, ..., the Joker last)."""
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise ValueError(f"Give the cards to sort as a list, not {what_kind(cards)}.")
    listed = list(cards)
    if not all(isinstance(card, Card) for card in listed):
        raise ValueError("Give the cards to sort as Cards (parse_cards reads them from text).")
    return tuple(sorted(listed, key=_ORDER.__getitem__))


def _cards_field(value: object) -> object:
    """Moves accept "AS KD" or any cards; a value that is not cards is left for the rules
    to refuse in words."""
    try:
        if isinstance(value, str) or (
            isinstance(value, Iterable) and not isinstance(value, Card | bytes | dict)
        ):
            return in_card_order(parse_cards(value))
    except (ValueError, TypeError):
        return value
    return value


def _show(cards: object) -> str:
    """Cards in a move's words; "those cards" when the field holds something else."""
    if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
        return "those cards"
    return " ".join(c.symbol for c in cards) or "no cards"


@formerly(_STATE)
@serializable
@dataclass(frozen=True)
class PlayHand(SpadesMove):
    """Play these cards as a Hand; ``declare`` names a lesser combination they hold (None: the
    strongest). ``at`` is a clock reading in seconds, given by a panel, for the song
    achievement; it does not change the move."""

    cards: tuple[Card, ...]
    declare: str | None = None
    at: float | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards_field(self.cards))

    def __str__(self) -> str:
        declared = self.declare.replace("_", " ") if isinstance(self.declare, str) else ""
        return f"play {_show(self.cards)}" + (f" as {declared}" if declared else "")


@formerly(_STATE)
@serializable
@dataclass(frozen=True)
class DiscardDraw(SpadesMove):
    """Discard these cards and draw back up (one Discard)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards_field(self.cards))

    def __str__(self) -> str:
        return f"discard {_show(self.cards)} and draw"


@formerly(_STATE)
@serializable
@dataclass(frozen=True)
class Renew(SpadesMove):
    """Shuffle the discard pile back into the deck (one Discard)."""

    text: ClassVar[str] = "renew the deck"


@formerly(_STATE)
@serializable
@dataclass(frozen=True)
class UseBenefit(SpadesMove):
    """Use the one-time benefit of this beaten Henchman (its id); ``cards`` are the cards to
    throw away for a free Discard and Draw."""

    enemy: str
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards_field(self.cards))

    def __str__(self) -> str:
        extra = f" (discard {_show(self.cards)})" if self.cards else ""
        who = self.enemy if isinstance(self.enemy, str) else "an Enemy"
        return f"use the benefit of {who}{extra}"


@formerly(_STATE)
@serializable
@dataclass(frozen=True)
class TakeFromDiscard(SpadesMove):
    """While an effect searches the discard pile: take this card into the hand."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card.symbol if isinstance(self.card, Card) else 'that card'}"

"""What an Ace Pilot move made happen, in order: the events of :meth:`AcePilot.step`.

Panels narrate the log from these, the progress store keeps them with each move, and bots and
lessons count them; nobody compares two states to find out what happened.

Cards move between the zones of :class:`Zone`:

* :class:`Revealed` ``(card, to)``: the deck's top card turned up into the Revealed Odds, the
  Revealed Evens or the Joker pile (a joker met while drawing into the hand goes there too);
* :class:`Drew` ``(card, source)``: a card taken into the hand from the Revealed Odds, the
  discard pile or the deck;
* :class:`Discarded` ``(cards, source)``: cards put on the discard pile, in order, from the
  hand, the Revealed Odds not drawn, or the Revealed Evens of a lost round;
* :class:`EvensTaken` ``(cards)``: after a victory the Revealed Evens join the hand;
* :class:`JokerSpent` ``(card)``: a joker leaves the Joker pile for the discard pile;
* :class:`JokerReturned` ``(card)``: a spent joker left on top of the discard pile goes back to
  the Joker pile when the fourth card is drawn from that pile;
* :class:`Reshuffled` ``(cards)``: extended session, these cards are shuffled into the deck.

Pilots and the round: :class:`RoundStarted`, :class:`StartingPilotChosen` ``(pilot)``,
:class:`AssaultWon` ``(equation, target, ending)``, :class:`DivisionByZero` ``(equation)``,
:class:`Conceded` ``(pilot)``, :class:`PilotDefeated` ``(pilot)``, :class:`PilotsReturned`
``(pilots)`` (back to Ready), :class:`PilotsRestored` ``(pilots)`` (from Defeated to Ready by a
joker), :class:`JokerKept`, :class:`DeckCleared` ``(challenge)``, :class:`SessionContinued`
``(challenge)`` and :class:`GameOver` ``(outcome)``.

:func:`card_moves` lists every card movement of an event as ``(card, from, to)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from acelab.ace_pilot.equation import Equation
from acelab.engine import Event, Outcome, serializable
from acelab.engine.cards import Card, Suit

__all__ = [
    "AssaultWon",
    "Conceded",
    "DeckCleared",
    "Discarded",
    "DivisionByZero",
    "Drew",
    "EvensTaken",
    "GameOver",
    "JokerKept",
    "JokerReturned",
    "JokerSpent",
    "PilotDefeated",
    "PilotEvent",
    "PilotsRestored",
    "PilotsReturned",
    "Reshuffled",
    "Revealed",
    "RoundStarted",
    "SessionContinued",
    "StartingPilotChosen",
    "Zone",
    "card_moves",
]


@serializable
class Zone(Enum):
    """Where a card lies; the value is how a learner reads it."""

    DECK = "the deck"
    HAND = "the hand"
    DISCARD = "the discard pile"
    ODDS = "the Revealed Odds"
    EVENS = "the Revealed Evens"
    JOKERS = "the Joker pile"


class PilotEvent(Event):
    """Base class of Ace Pilot's events."""


@serializable
@dataclass(frozen=True)
class RoundStarted(PilotEvent):
    """A Reveal begins: the deck's cards are turned up until enough evens show."""


@serializable
@dataclass(frozen=True)
class Revealed(PilotEvent):
    """The deck's top card turned up and went ``to`` the odds, the evens or the Joker pile (a
    joker met while drawing into the hand goes to the Joker pile this way too)."""

    card: Card
    to: Zone


@serializable
@dataclass(frozen=True)
class StartingPilotChosen(PilotEvent):
    """A Ready pilot entered the Assault Zone as the Starting Pilot."""

    pilot: Suit


@serializable
@dataclass(frozen=True)
class Drew(PilotEvent):
    """A card was taken into the hand from ``source``."""

    card: Card
    source: Zone


@serializable
@dataclass(frozen=True)
class Discarded(PilotEvent):
    """Cards went onto the discard pile from ``source``, in this order (the last on top)."""

    cards: tuple[Card, ...]
    source: Zone


@serializable
@dataclass(frozen=True)
class AssaultWon(PilotEvent):
    """The equation reached the target; ``ending`` is the Ending Pilot (it stays in the
    Assault Zone)."""

    equation: Equation
    target: int
    ending: Suit


@serializable
@dataclass(frozen=True)
class EvensTaken(PilotEvent):
    """After a victory, the Revealed Evens joined the hand."""

    cards: tuple[Card, ...]


@serializable
@dataclass(frozen=True)
class PilotsReturned(PilotEvent):
    """These pilots went back to Ready (used pilots after a victory; the Starting Pilot of a
    lost round when a joker was spent)."""

    pilots: tuple[Suit, ...]


@serializable
@dataclass(frozen=True)
class DivisionByZero(PilotEvent):
    """The equation divided by zero: the game is lost for everyone."""

    equation: Equation


@serializable
@dataclass(frozen=True)
class Conceded(PilotEvent):
    """The round was given up; ``pilot`` was the Starting Pilot."""

    pilot: Suit


@serializable
@dataclass(frozen=True)
class JokerSpent(PilotEvent):
    """A joker left the Joker pile for the discard pile."""

    card: Card


@serializable
@dataclass(frozen=True)
class JokerReturned(PilotEvent):
    """A spent joker on top of the discard pile went back to the Joker pile (the Draw takes
    the card under it)."""

    card: Card


@serializable
@dataclass(frozen=True)
class PilotDefeated(PilotEvent):
    """The Starting Pilot of a lost round went to Defeated (no joker was held)."""

    pilot: Suit


@serializable
@dataclass(frozen=True)
class PilotsRestored(PilotEvent):
    """A joker returned every Defeated pilot to Ready."""

    pilots: tuple[Suit, ...]


@serializable
@dataclass(frozen=True)
class JokerKept(PilotEvent):
    """After a victory the joker was kept for later."""


@serializable
@dataclass(frozen=True)
class DeckCleared(PilotEvent):
    """The deck ran out during the Reveal at this Challenge Rating: the Evil Evens are beaten."""

    challenge: int


@serializable
@dataclass(frozen=True)
class Reshuffled(PilotEvent):
    """Extended session: these cards (discard pile, Revealed Odds and Evens) were shuffled into
    the deck for the next Challenge Rating."""

    cards: tuple[Card, ...]


@serializable
@dataclass(frozen=True)
class SessionContinued(PilotEvent):
    """Extended session: play goes on at this Challenge Rating."""

    challenge: int


@serializable
@dataclass(frozen=True)
class GameOver(PilotEvent):
    """The game ended with this outcome."""

    outcome: Outcome


CardMove = tuple[Card, Zone, Zone]
"""A card's movement: the card, where it was, where it went."""

_CARD_MOVES: Final[dict[type[Event], Callable[[Any], tuple[CardMove, ...]]]] = {
    Revealed: lambda e: ((e.card, Zone.DECK, e.to),),
    Drew: lambda e: ((e.card, e.source, Zone.HAND),),
    Discarded: lambda e: tuple((card, e.source, Zone.DISCARD) for card in e.cards),
    EvensTaken: lambda e: tuple((card, Zone.EVENS, Zone.HAND) for card in e.cards),
    JokerSpent: lambda e: ((e.card, Zone.JOKERS, Zone.DISCARD),),
    JokerReturned: lambda e: ((e.card, Zone.DISCARD, Zone.JOKERS),),
}


def card_moves(event: Event) -> tuple[CardMove, ...]:
    """Every card movement of ``event`` as ``(card, from, to)``; empty for the others.

    :class:`Reshuffled` is not listed: its cards come from the discard pile, the Revealed Odds
    and the Revealed Evens together, and all go into the deck.
    """
    moved = _CARD_MOVES.get(type(event))
    return moved(event) if moved is not None else ()

"""Ace Pilot's moves: small frozen records, checked when built, that read well in a move log.

A pilot may be given as ``"H"``, ``"♥"`` or ``"Hailey"`` and a card as ``"QC"``; anything else
raises :class:`~acelab.engine.IllegalMove` with a sentence, so a move that exists always prints.
Whether a move is legal in a state is :mod:`acelab.ace_pilot.rules`' to say.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from acelab.ace_pilot.equation import Equation
from acelab.ace_pilot.pilots import parse_pilot, pilot_name
from acelab.engine import IllegalMove, Move, expect, formerly, serializable
from acelab.engine.cards import Card, Suit, parse_card

__all__ = [
    "Assault",
    "ChoosePilot",
    "Concede",
    "ContinueSession",
    "Discard",
    "DrawDeck",
    "DrawDiscard",
    "DrawOdd",
    "EndSession",
    "KeepJoker",
    "PilotMove",
    "RestorePilots",
    "endings",
]


class PilotMove(Move):
    """Base class of Ace Pilot's moves; a move without fields reads as its ``text``.

    Moves check their fields when built: a pilot may be given as ``"H"`` or ``"Hailey"`` and a
    card as ``"QC"``; anything else raises :class:`IllegalMove` with a sentence, so a move that
    exists always prints.
    """

    text: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.text or super().__str__()


def _pilot_field(value: object) -> Suit:
    try:
        return parse_pilot(value)  # type: ignore[arg-type]
    except ValueError as error:
        raise IllegalMove(str(error)) from None


def _card_field(value: object) -> Card:
    if isinstance(value, Card):
        if value.is_joker:
            raise IllegalMove("A joker is never in the hand or among the Revealed Odds.")
        return value
    try:
        return parse_card(value)  # type: ignore[arg-type]
    except ValueError as error:
        raise IllegalMove(str(error)) from None


def _set(move: PilotMove, name: str, value: object) -> None:
    object.__setattr__(move, name, value)


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True)
class ChoosePilot(PilotMove):
    """Put a Ready pilot in the Assault Zone as the Starting Pilot."""

    pilot: Suit

    def __post_init__(self) -> None:
        _set(self, "pilot", _pilot_field(self.pilot))

    def __str__(self) -> str:
        return f"{pilot_name(self.pilot)} is the Starting Pilot"


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True)
class DrawOdd(PilotMove):
    """Take this Revealed Odd into the hand; the other Revealed Odds are discarded."""

    card: Card

    def __post_init__(self) -> None:
        _set(self, "card", _card_field(self.card))

    def __str__(self) -> str:
        return f"draw the revealed {self.card.symbol}"


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True)
class DrawDiscard(PilotMove):
    """Take the top card of the discard pile (when no odd was revealed)."""

    text: ClassVar[str] = "draw the top of the discard pile"


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True)
class DrawDeck(PilotMove):
    """Take the top card of the deck (no odd revealed and the discard pile empty)."""

    text: ClassVar[str] = "draw the top of the deck"


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True, eq=False)
class Assault(PilotMove):
    """Play an Assault Equation; ``ending`` is the Ending Pilot (``None``: the only choice).

    Two assaults are equal when their equations are equal up to :meth:`Equation.normalized`
    (``H(2,3)`` is ``H(3,2)``), so ``Assault(eq, e) in legal_moves(state)`` works as typed.
    """

    equation: Equation
    ending: Suit | None = None

    def __post_init__(self) -> None:
        equation = self.equation
        if isinstance(equation, str):
            try:
                equation = Equation.parse(equation)
            except ValueError as error:
                raise IllegalMove(str(error)) from None
        if not isinstance(equation, Equation):
            raise IllegalMove(
                "An assault needs an equation such as D(13,12) H(2), "
                f"not {type(equation).__name__}."
            )
        _set(self, "equation", equation)
        if self.ending is not None:
            _set(self, "ending", _pilot_field(self.ending))

    def _key(self) -> tuple[Equation, Suit | None]:
        return self.equation.normalized(), self.ending

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Assault) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        if self.ending is None:
            return f"assault with {self.equation.formula()}"
        return f"assault with {self.equation.formula()}, {pilot_name(self.ending)} ending"


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True)
class Concede(PilotMove):
    """Give up this round: the Defeat rules apply."""

    text: ClassVar[str] = "concede the round"


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True)
class RestorePilots(PilotMove):
    """After a victory, spend a joker to return every Defeated pilot to Ready."""

    text: ClassVar[str] = "spend a joker to restore the Defeated pilots"


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True)
class KeepJoker(PilotMove):
    """After a victory, keep the joker for later."""

    text: ClassVar[str] = "keep the joker"


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True)
class Discard(PilotMove):
    """Discard one card from the hand (the last one discarded stays on top)."""

    card: Card

    def __post_init__(self) -> None:
        _set(self, "card", _card_field(self.card))

    def __str__(self) -> str:
        return f"discard {self.card.symbol}"


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True)
class ContinueSession(PilotMove):
    """Extended session: the deck is cleared, play on at the next Challenge Rating."""

    text: ClassVar[str] = "continue at the next Challenge Rating"


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True)
class EndSession(PilotMove):
    """Extended session: stop here, victorious."""

    text: ClassVar[str] = "end the session"


def endings(equation: Equation, start: Suit) -> tuple[Suit, ...]:
    """The pilots that may be the Ending Pilot: the start alone, else any added pilot."""
    suits = expect(equation, Equation, "an Assault Equation").suits
    start = parse_pilot(start)
    if len(suits) == 1:  # the start alone, or (not a legal equation) one other pilot
        return suits
    added = tuple(s for s in suits if s is not start)
    return added or (start,)

"""The moves of Lex Productions' Ace of Spades: small named values, one per decision.

A turn is :class:`Draw` or one action card: :class:`Steal` (a Jack), :class:`Stop` (a black ten),
:class:`Nuke` (sixes), :class:`DeuceExMachina` (four twos). A Nine asks its drawer for one
:class:`DealTo` per card. A targeted player answers with :class:`Foil` (a red ten against a
Jack), :class:`Counter` (as many sixes against a nuke) or :class:`Accept`. After collecting the
fourth two on their own turn a player may play Deuce Ex Machina at once or :class:`EndTurn`.
:class:`Pass` exists only when the deck and every discard pile are empty and no action is left.

Players are seat numbers 0..n-1. The engine picks which of several equal cards an action uses
(the first in the hand), since they are alike in every way the rules care about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from acelab.engine import Move, serializable, shown

__all__ = [
    "Accept",
    "Counter",
    "DealTo",
    "DeuceExMachina",
    "Draw",
    "EndTurn",
    "Foil",
    "LexMove",
    "Nuke",
    "Pass",
    "Steal",
    "Stop",
]


class LexMove(Move):
    """Base class of the game's moves; a move without fields reads as its ``text``."""

    text: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.text or super().__str__()


@serializable
@dataclass(frozen=True)
class Draw(LexMove):
    """Draw the deck's top card; it acts as drawn (discarded, kept, or an instant)."""

    text: ClassVar[str] = "draw a card"


@serializable
@dataclass(frozen=True)
class Steal(LexMove):
    """Use a Jack: take a random card from ``target``'s hand (unless they show a red ten)."""

    target: int

    def __str__(self) -> str:
        return f"play a Jack on player {shown(self.target)}"


@serializable
@dataclass(frozen=True)
class Stop(LexMove):
    """Use a black ten: stop ``target`` (a banked queen of theirs absorbs it)."""

    target: int

    def __str__(self) -> str:
        return f"play a black ten on player {shown(self.target)}"


@serializable
@dataclass(frozen=True)
class Nuke(LexMove):
    """Use ``sixes`` sixes at once: ``target``'s whole hand goes into the deck, unless they
    answer with as many sixes."""

    target: int
    sixes: int = 1

    def __str__(self) -> str:
        count = "a six" if self.sixes == 1 else f"{shown(self.sixes)} sixes"
        return f"nuke player {shown(self.target)} with {count}"


@serializable
@dataclass(frozen=True)
class DeuceExMachina(LexMove):
    """Show all four twos: the round restarts and this player begins it."""

    text: ClassVar[str] = "play Deuce Ex Machina"


@serializable
@dataclass(frozen=True)
class DealTo(LexMove):
    """Deal the Nine's next card face down to ``player``."""

    player: int

    def __str__(self) -> str:
        return f"deal a card to player {shown(self.player)}"


@serializable
@dataclass(frozen=True)
class Foil(LexMove):
    """Show a red ten against the Jack: it steals nothing and both cards are discarded."""

    text: ClassVar[str] = "show a red ten"


@serializable
@dataclass(frozen=True)
class Counter(LexMove):
    """Answer the nuke with as many sixes: every six is discarded and no hand is touched."""

    text: ClassVar[str] = "counter with sixes"


@serializable
@dataclass(frozen=True)
class Accept(LexMove):
    """Do not answer the Jack or the nuke: it takes effect."""

    text: ClassVar[str] = "let it happen"


@serializable
@dataclass(frozen=True)
class EndTurn(LexMove):
    """End the turn without playing the four twos just collected (they stay usable later)."""

    text: ClassVar[str] = "end the turn"


@serializable
@dataclass(frozen=True)
class Pass(LexMove):
    """Nothing to draw and no action card to use: the turn passes."""

    text: ClassVar[str] = "pass"

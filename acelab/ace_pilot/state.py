"""The state of a game of Ace Pilot (a frozen record) and the view of it the player may see.

The deck's first card is its top; the discard pile's last card is its top. ``evens`` are the
Revealed Evens (the target is their sum). A state is changed only by :class:`AcePilot`'s moves,
each of which returns a new state.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from acelab.ace_pilot.equation import Equation
from acelab.ace_pilot.pilots import PILOTS
from acelab.engine import Outcome, expect, formerly, serializable
from acelab.engine.cards import Card, Suit

__all__ = ["HAND_SIZE", "MAX_CHALLENGE", "Phase", "PilotState", "PilotView", "view_of"]

HAND_SIZE: Final = 3
"""The cards kept in hand between rounds (a fourth is drawn each round)."""
MAX_CHALLENGE: Final = 24
"""The highest Challenge Rating: the deck holds 24 evens."""


@formerly("acelab.ace_pilot.rules")
@serializable
class Phase(Enum):
    """The step of the round that waits for a move."""

    CHOOSE_PILOT = "choose pilot"
    DRAW = "draw"
    ASSAULT = "assault"
    RESTORE = "restore"
    DISCARD = "discard"
    CLEARED = "cleared"
    OVER = "over"


class _Table:
    """What states and views share: the target and the hand's values."""

    evens: tuple[Card, ...]
    hand: tuple[Card, ...]

    @property
    def target(self) -> int:
        """The sum of the Revealed Evens (0 before the Reveal)."""
        return sum(card.value for card in self.evens)

    @property
    def hand_values(self) -> tuple[int, ...]:
        """The values in hand, sorted."""
        return tuple(sorted(card.value for card in self.hand))


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True)
class PilotState(_Table):
    """Everything about one game of Ace Pilot. The deck's first card is its top; the discard
    pile's last card is its top. ``evens`` are the Revealed Evens (the target is their sum).
    ``practice`` marks a Practice round (:mod:`acelab.ace_pilot.practice_round`): one Assault,
    and the game is over."""

    seed: int | str
    challenge: int
    phase: Phase
    deck: tuple[Card, ...]
    hand: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    odds: tuple[Card, ...] = ()
    evens: tuple[Card, ...] = ()
    jokers: tuple[Card, ...] = ()
    assault: Suit | None = None
    ready: tuple[Suit, ...] = PILOTS
    defeated: tuple[Suit, ...] = ()
    extended: bool = False
    session: int = 0
    outcome: Outcome | None = None
    last_equation: Equation | None = None
    practice: bool = False


@formerly("acelab.ace_pilot.rules")
@serializable
@dataclass(frozen=True)
class PilotView(_Table):
    """What the player sees: the state without the deck's order (only its size) or the seed."""

    challenge: int
    phase: Phase
    deck_count: int
    hand: tuple[Card, ...]
    discard: tuple[Card, ...]
    odds: tuple[Card, ...]
    evens: tuple[Card, ...]
    jokers: int
    assault: Suit | None
    ready: tuple[Suit, ...]
    defeated: tuple[Suit, ...]
    extended: bool
    session: int
    outcome: Outcome | None
    last_equation: Equation | None


def view_of(state: PilotState) -> PilotView:
    """What the player may see of ``state``: neither the deck's order nor the seed (either
    would reveal the deck)."""
    expect(state, PilotState, "an Ace Pilot state")
    return PilotView(
        challenge=state.challenge,
        phase=state.phase,
        deck_count=len(state.deck),
        hand=state.hand,
        discard=state.discard,
        odds=state.odds,
        evens=state.evens,
        jokers=len(state.jokers),
        assault=state.assault,
        ready=state.ready,
        defeated=state.defeated,
        extended=state.extended,
        session=state.session,
        outcome=state.outcome,
        last_equation=state.last_equation,
    )

"""What a move of Absolutely Aces made happen, reported by :meth:`AbsolutelyAces.step`.

Panels narrate from these (:mod:`~acelab.absolutely_aces.narrate`), the store keeps them, and
bots and lessons count them. A :class:`Picked` event names the secret card: whoever narrates
it names that card only to its owner until :class:`PicksRevealed` shows both:
``AbsolutelyAces.visible_events`` takes it out for the other seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from acelab.absolutely_aces.state import FORMER_HOME, RoundResult
from acelab.engine import Event, formerly, serializable

__all__ = [
    "Dealt",
    "MatchWon",
    "PairDiscarded",
    "Picked",
    "PicksRevealed",
    "Played",
    "RoundEnded",
    "TookReserve",
]


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class Dealt(Event):
    """Round ``round`` was dealt: five cards each, two sitting out."""

    round: int


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class Picked(Event):
    """``player`` made the secret pick ``card`` (secret from the other player until both have
    picked; ``None`` in events saved before the card was recorded)."""

    player: int
    card: str | None = None


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class PicksRevealed(Event):
    """Both picks shown: the higher is discarded and its owner, ``first``, goes first."""

    picks: tuple[str, str]
    first: int


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class Played(Event):
    """``player`` played ``cards`` (one card, or the two of a Pair) into the other's Reserve."""

    player: int
    cards: tuple[str, ...]


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class TookReserve(Event):
    """``player`` took ``card`` from their Reserve into hand."""

    player: int
    card: str


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class PairDiscarded(Event):
    """The Pair in ``player``'s Reserve was answered and discarded."""

    player: int
    cards: tuple[str, ...]


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class RoundEnded(Event):
    """The round is over (``result.winner`` None: a loop, no score)."""

    result: RoundResult


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class MatchWon(Event):
    """``winner`` reached the target."""

    winner: int
    scores: tuple[int, int]

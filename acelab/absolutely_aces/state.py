"""Absolutely Aces' state: a match (or a single round) as one frozen record, and a player's view.

A round deals five cards to each player (two sit out, hidden); both pick a card in secret; the
higher is discarded and its owner goes first, the lower goes to the first player's Reserve; from
then on both hands are open. :class:`AcesState` holds all of it; :class:`AcesView` is what one
player may see of it (:meth:`~acelab.absolutely_aces.rules.AbsolutelyAces.observation`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from acelab.engine import Outcome, formerly, serializable, shown

__all__ = [
    "HAND_SIZE",
    "MAX_PAIRS",
    "TARGET",
    "AcesState",
    "AcesView",
    "Hands",
    "Phase",
    "RoundResult",
    "player_name",
]

FORMER_HOME: Final = "acelab.absolutely_aces.rules"
"""Where the state, move and event classes lived before: saved games name them so."""

HAND_SIZE: Final = 5
MAX_PAIRS: Final = 2
TARGET: Final = 15

Hands = tuple[tuple[str, ...], tuple[str, ...]]
"""Two collections of card codes, indexed by player (hands, or Reserves)."""


def player_name(player: int) -> str:
    """How messages name a player: ``"Player 0"`` (the first hand dealt) or ``"Player 1"``."""
    return f"Player {shown(player)}"


@formerly(FORMER_HOME)
@serializable
class Phase(Enum):
    """What the state waits for: both secret picks, a go, or nothing (over)."""

    PICK = "pick"
    PLAY = "play"
    OVER = "over"


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class RoundResult:
    """How a round ended: ``winner`` 0 or 1 and the points scored, or ``None`` and 0 for a
    loop; ``by`` is the winning card's code, ``"Pair"`` or ``"loop"``."""

    winner: int | None
    points: int
    by: str


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class AcesState:
    """Everything about a match (or a single round) of Absolutely Aces.

    ``hands`` and ``reserves`` are indexed by player; a Reserve holds nothing, one card or a
    Pair. During the pick the hands hold all five cards and ``picks`` the secret choices made
    so far; afterwards ``picks`` records the round's two picks. ``mover`` has the go;
    ``opening`` is True on the round's first go (any card may be played). ``seen`` lists the
    round's positions so far (:mod:`~acelab.absolutely_aces.position` keys) for the loop rule.
    ``target`` is None for a single round (:meth:`AbsolutelyAces.round_from`).
    """

    seed: int | str
    phase: Phase
    hands: Hands
    out: tuple[str, ...] = ()
    reserves: Hands = ((), ())
    discard: tuple[str, ...] = ()
    picks: tuple[str | None, str | None] = (None, None)
    mover: int = 0
    opening: bool = False
    pairs: int = 0
    seen: tuple[int, ...] = ()
    scores: tuple[int, int] = (0, 0)
    round: int = 1
    results: tuple[RoundResult, ...] = ()
    loop_rule: bool = True
    target: int | None = TARGET
    outcome: Outcome | None = None


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class AcesView:
    """What ``player`` sees (RULINGS §4): during the secret pick only their own hand — the
    other hand is empty in ``hands``, ``hand_sizes`` says it holds five — and whether each
    pick is made, not the other's choice; once both picks are shown, both open hands. Always
    the Reserves and the discards; never the two cards sitting out (only ``out_count``) nor
    the seed."""

    player: int
    phase: Phase
    hands: Hands
    hand_sizes: tuple[int, int]
    out_count: int
    reserves: Hands
    discard: tuple[str, ...]
    picks: tuple[str | None, str | None]
    picked: tuple[bool, bool]
    mover: int
    opening: bool
    pairs: int
    seen: tuple[int, ...]
    scores: tuple[int, int]
    round: int
    results: tuple[RoundResult, ...]
    loop_rule: bool
    target: int | None
    outcome: Outcome | None

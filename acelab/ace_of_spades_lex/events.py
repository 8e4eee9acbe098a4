"""What happens in a game of Lex Productions' Ace of Spades, one small event at a time.

:meth:`AceOfSpadesLex.step` returns these in order, so a panel narrates the log, the store keeps
it and a lesson counts it, without comparing states. Some events carry a card only some players
may see (a drawn card that is kept, a card dealt face down, a stolen card): :func:`visible_events`
gives each player the log with those cards hidden (``None``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from acelab.engine import Event, serializable
from acelab.engine.cards import Card
from acelab.engine.terms import redacted

__all__ = [
    "Absorbed",
    "Banked",
    "Countered",
    "Dealing",
    "Dealt",
    "Discarded",
    "Drew",
    "Foiled",
    "Freed",
    "Kept",
    "Nuked",
    "Passed",
    "Played",
    "Rebuilt",
    "Restarted",
    "Skipped",
    "Stalemate",
    "Stole",
    "Stopped",
    "Won",
    "visible_events",
]


@serializable
@dataclass(frozen=True)
class Drew(Event):
    """``player`` drew ``card`` from the deck (others see that a card was drawn, not which)."""

    player: int
    card: Card | None


@serializable
@dataclass(frozen=True)
class Kept(Event):
    """``player`` keeps ``card`` in hand (a victory, action or reaction card; others do not see
    which)."""

    player: int
    card: Card | None


@serializable
@dataclass(frozen=True)
class Discarded(Event):
    """``card`` goes face up onto ``player``'s own discard pile."""

    player: int
    card: Card


@serializable
@dataclass(frozen=True)
class Banked(Event):
    """``player`` banks ``card``, a queen that will absorb the next stop aimed at them."""

    player: int
    card: Card


@serializable
@dataclass(frozen=True)
class Stopped(Event):
    """``player`` is stopped by ``card`` (the Q♠ they drew, or ``by``'s black ten)."""

    player: int
    by: int
    card: Card


@serializable
@dataclass(frozen=True)
class Absorbed(Event):
    """``player``'s banked ``queen`` absorbs the stop of ``card``; both are discarded."""

    player: int
    queen: Card
    card: Card


@serializable
@dataclass(frozen=True)
class Freed(Event):
    """The stopped ``players`` are freed: ``by`` drew a queen (``None``: everyone was stopped)."""

    players: tuple[int, ...]
    by: int | None


@serializable
@dataclass(frozen=True)
class Dealing(Event):
    """``player``'s Nine: they deal ``count`` cards face down to the other players."""

    player: int
    count: int


@serializable
@dataclass(frozen=True)
class Dealt(Event):
    """``by`` deals ``card`` face down to ``to`` (only ``to`` sees it)."""

    by: int
    to: int
    card: Card | None


@serializable
@dataclass(frozen=True)
class Played(Event):
    """``player`` uses the action ``cards`` (a Jack, a black ten, sixes) on ``target``."""

    player: int
    cards: tuple[Card, ...]
    target: int


@serializable
@dataclass(frozen=True)
class Stole(Event):
    """``thief``'s Jack takes ``card`` from ``victim``'s hand (only the two of them see it)."""

    thief: int
    victim: int
    card: Card | None


@serializable
@dataclass(frozen=True)
class Foiled(Event):
    """``victim`` shows the red ``ten``: ``thief``'s ``jack`` takes nothing; both are discarded."""

    thief: int
    victim: int
    jack: Card
    ten: Card


@serializable
@dataclass(frozen=True)
class Nuked(Event):
    """``by``'s ``sixes`` sixes send ``target``'s whole hand (``cards`` cards) into the deck."""

    by: int
    target: int
    sixes: int
    cards: int


@serializable
@dataclass(frozen=True)
class Countered(Event):
    """``target`` answers ``by``'s nuke with as many sixes (``sixes``); all are discarded."""

    target: int
    by: int
    sixes: int


@serializable
@dataclass(frozen=True)
class Rebuilt(Event):
    """The discard piles (``cards`` cards) were shuffled into a new deck under what was left."""

    cards: int


@serializable
@dataclass(frozen=True)
class Restarted(Event):
    """``player`` played Deuce Ex Machina: every card is reshuffled and round ``round`` begins."""

    player: int
    round: int


@serializable
@dataclass(frozen=True)
class Skipped(Event):
    """``player`` is stopped, so their turn is skipped."""

    player: int


@serializable
@dataclass(frozen=True)
class Passed(Event):
    """``player`` could neither draw nor use an action card, and passed."""

    player: int


@serializable
@dataclass(frozen=True)
class Won(Event):
    """``player`` wins with ``cards`` (the last of them decided the game); ``beaten`` also had a
    victory in the same deal, with more cards or claimed later."""

    player: int
    cards: tuple[Card, ...]
    beaten: tuple[int, ...] = ()


@serializable
@dataclass(frozen=True)
class Stalemate(Event):
    """A full round passed with nobody able to draw or act: the match is a draw."""


_SECRET_TO_OTHERS = {Drew: "player", Kept: "player", Dealt: "to"}


def visible_events(events: Iterable[Event], player: int) -> tuple[Event, ...]:
    """``events`` as ``player`` may see them: cards they may not see are replaced by ``None``
    (``player`` -1 is nobody at the table: every hidden card is hidden)."""
    return redacted(events, player, _hidden_from)


def _hidden_from(event: Event, player: int) -> Event:
    owner = _SECRET_TO_OTHERS.get(type(event))
    if owner is not None and getattr(event, owner) != player:
        return dataclasses.replace(event, card=None)  # type: ignore[call-arg]
    if isinstance(event, Stole) and player not in (event.thief, event.victim):
        return dataclasses.replace(event, card=None)
    return event

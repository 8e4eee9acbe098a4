"""What a move of Ace of Spades made happen, as small values (see :class:`acelab.engine.Event`).

Panels narrate from these and achievements are read off them. Cards drawn into a hand are
counted, not named; the cards a player discards face down on Hard and Nightmare are named in the
event, and :func:`visible_events` takes them out for everyone else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from acelab.engine import Event, serializable
from acelab.engine.cards import Card
from acelab.engine.terms import redacted

__all__ = [
    "BenefitUsed",
    "Defeated",
    "DiscardedAndDrew",
    "Drew",
    "GameLost",
    "GameWon",
    "HandPlayed",
    "JokerEntered",
    "Renewed",
    "Revealed",
    "SceneEnded",
    "SharedDealt",
    "TookFromDiscard",
    "TurnPassed",
    "visible_events",
]


@serializable
@dataclass(frozen=True)
class Revealed(Event):
    """A new Enemy faces you; the dials are set. ``at``: the clock of the move, if given.
    ``dial_bonuses`` are the beaten Villains whose ongoing bonus raised the dials."""

    level: int
    enemy: str
    name: str
    life: int
    hands: int
    discards: int
    at: float | None = None
    dial_bonuses: tuple[str, ...] = ()


@serializable
@dataclass(frozen=True)
class HandPlayed(Event):
    """A Hand hit the Enemy. ``bonuses``: the beaten Villains (ids) whose ongoing bonus, and
    ``"boost"`` when a next-Hand bonus, raised this Hand's damage."""

    player: int
    cards: tuple[Card, ...]
    combination: str
    damage: int
    scoring: tuple[Card, ...]
    jokers_as: tuple[Card, ...]
    life_before: int
    life_after: int
    natural: bool
    bonuses: tuple[str, ...] = ()
    at: float | None = None


@serializable
@dataclass(frozen=True)
class DiscardedAndDrew(Event):
    """Cards went to the discard pile and ``drawn`` cards came from the deck. ``face_down``:
    those of ``cards`` that came from the player's own hand onto a face-down pile (Hard and
    Nightmare), seen by nobody else; as another seat hears it, each is ``None`` in both."""

    player: int
    cards: tuple[Card | None, ...]
    drawn: int
    free: bool = False
    face_down: tuple[Card | None, ...] = ()


@serializable
@dataclass(frozen=True)
class Drew(Event):
    """``count`` cards came from the deck into a player's hand (not named: hands are secret)."""

    player: int
    count: int


@serializable
@dataclass(frozen=True)
class SharedDealt(Event):
    """Co-op: cards dealt face up to the shared cards."""

    cards: tuple[Card, ...]


@serializable
@dataclass(frozen=True)
class Renewed(Event):
    """The discard pile (``cards`` of them) was shuffled back into the deck."""

    player: int
    cards: int
    free: bool = False


@serializable
@dataclass(frozen=True)
class BenefitUsed(Event):
    """A beaten Henchman's one-time benefit was used."""

    player: int
    enemy: str
    kinds: tuple[str, ...]


@serializable
@dataclass(frozen=True)
class TookFromDiscard(Event):
    """An effect took this card from the discard pile into the hand."""

    player: int
    card: Card


@serializable
@dataclass(frozen=True)
class Defeated(Event):
    """An Enemy fell. ``exact``: its life went to exactly 0; ``one_blow``: by one Hand from
    full life (no earlier Hand of the duel took any life; one that dealt 0 is not counted)."""

    level: int
    enemy: str
    villain: bool
    exact: bool
    one_blow: bool


@serializable
@dataclass(frozen=True)
class SceneEnded(Event):
    """A Villain fell: every card was shuffled into a new deck and the hands dealt again.
    ``scene`` is the scene that ended, 0 to 3 (as :func:`~acelab.ace_of_spades.state.scene_of`
    numbers them; a learner reads them 1 to 4)."""

    scene: int


@serializable
@dataclass(frozen=True)
class JokerEntered(Event):
    """The Joker was shuffled into the poker deck."""


@serializable
@dataclass(frozen=True)
class TurnPassed(Event):
    """Co-op: it is now this player's turn."""

    player: int


@serializable
@dataclass(frozen=True)
class GameWon(Event):
    """Lord Overkill fell: you win."""

    at: float | None = None


@serializable
@dataclass(frozen=True)
class GameLost(Event):
    """The game is lost, for this reason."""

    reason: str


def visible_events(events: Iterable[Event], player: int) -> tuple[Event, ...]:
    """``events`` as ``player`` may hear them: the cards another player discarded face down
    are ``None`` (the count kept); ``player`` -1 is nobody at the table, from whom they are
    hidden too. Hands drawn are only counted in the events, so nothing else is hidden."""
    return redacted(events, player, _hidden_from)


def _hidden_from(event: Event, player: int) -> Event:
    if isinstance(event, DiscardedAndDrew) and event.face_down and event.player != player:
        unseen = set(event.face_down)
        return dataclasses.replace(
            event,
            cards=tuple(None if card in unseen else card for card in event.cards),
            face_down=(None,) * len(event.face_down),
        )
    return event

"""The state and the view of Devir's *Ace of Spades*.

:class:`SpadesState` is everything about one game; :class:`SpadesView` what one player may see
of it. The moves are in :mod:`acelab.ace_of_spades.moves`, the check of a state in
:mod:`acelab.ace_of_spades.validate`, and the rules that move from one state to the next in
:mod:`acelab.ace_of_spades.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from acelab.ace_of_spades.enemies import Enemy
from acelab.engine import Outcome, serializable
from acelab.engine.cards import Card

__all__ = [
    "COOP_HAND_SIZE",
    "HAND_CARDS",
    "HAND_SIZE",
    "LAST_LEVEL",
    "SCENES",
    "SHARED_SIZE",
    "SONG_SECONDS",
    "Phase",
    "SpadesState",
    "SpadesView",
    "scene_of",
]

HAND_SIZE: Final = 8
COOP_HAND_SIZE: Final = 5
SHARED_SIZE: Final = 3
HAND_CARDS: Final = 5
"""A Hand is 5 cards (fewer only on Easy, or when fewer are held)."""
LAST_LEVEL: Final = 11
SONG_SECONDS: Final = 169
SCENES: Final = ((0, 1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11))
"""The levels of each scene: a scene ends with a Villain (or Lord Overkill)."""
_SCENE_OF: Final = {level: i for i, levels in enumerate(SCENES) for level in levels}


def scene_of(level: int) -> int:
    """The scene (0..3) of a level: [0-3], [4-6], [7-9], [10-11]."""
    if type(level) is not int or level < 0:
        raise ValueError(f"A level is a whole number from 0 to {LAST_LEVEL}.")
    return _SCENE_OF[min(level, LAST_LEVEL)]


@serializable
class Phase(Enum):
    """What the game waits for."""

    DUEL = "duel"
    SEARCH = "search"
    OVER = "over"


@serializable
@dataclass(frozen=True)
class SpadesState:
    """Everything about one game. ``enemies`` are this game's twelve, level 0 first (those
    after ``level`` are face down); the deck's first card is its top. ``hands`` holds one hand
    per player; ``shared`` the co-op face-up cards; ``turn`` the player whose turn it is (ask
    ``AceOfSpades().to_move(state)``). ``benefits`` are the ids of beaten Henchmen whose
    one-time benefit is unused; ``boost`` a next-Hand bonus waiting."""

    seed: int | str
    difficulty: str
    players: int
    enemies: tuple[Enemy, ...]
    level: int
    life: int
    hands_dial: int
    discards_dial: int
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    scene_dials: tuple[tuple[int, int], ...]
    shared: tuple[Card, ...] = ()
    turn: int = 0
    benefits: tuple[str, ...] = ()
    joker_in_play: bool = False
    phase: Phase = Phase.DUEL
    searching: int = 0
    boost: int = 0
    shuffles: int = 0
    outcome: Outcome | None = None

    @property
    def enemy(self) -> Enemy:
        """The Enemy being dueled (the last one beaten once the game is over)."""
        return self.enemies[min(self.level, LAST_LEVEL)]

    @property
    def defeated(self) -> tuple[Enemy, ...]:
        """The Enemies beaten so far."""
        beaten = self.level + (1 if self.outcome is not None and self.outcome.won() else 0)
        return self.enemies[:beaten]

    @property
    def own(self) -> tuple[Card, ...]:
        """The hand of the player whose turn it is."""
        return self.hands[self.turn]

    @property
    def discard_hidden(self) -> bool:
        """Hard and Nightmare: the discard pile lies face down (no player sees it), except
        while an effect searches it (RULINGS.md §2)."""
        return self.difficulty in ("hard", "nightmare") and self.phase is not Phase.SEARCH

    @property
    def available(self) -> tuple[Card, ...]:
        """The cards the player whose turn it is may put in a Hand: their own and the shared."""
        return self.hands[self.turn] + self.shared


@serializable
@dataclass(frozen=True)
class SpadesView:
    """What one player may see: no deck order, no partner's hand, no discard pile on Hard and
    Nightmare (``discard`` is ``None`` then) except while an effect searches it."""

    player: int
    players: int
    difficulty: str
    level: int
    scene: int
    enemy: Enemy
    life: int
    hands_dial: int
    discards_dial: int
    hand: tuple[Card, ...]
    shared: tuple[Card, ...]
    partner_cards: int
    deck_size: int
    discard: tuple[Card, ...] | None
    discard_size: int
    defeated: tuple[Enemy, ...]
    benefits: tuple[Enemy, ...]
    joker_in_play: bool
    phase: Phase
    searching: int
    boost: int
    turn: int
    hand_limit: int
    outcome: Outcome | None

    @property
    def available(self) -> tuple[Card, ...]:
        """The cards this player may put in a Hand: their own and the shared ones."""
        return self.hand + self.shared

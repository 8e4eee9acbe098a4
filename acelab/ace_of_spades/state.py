"""The state, the view and the moves of Devir's *Ace of Spades*, and the check of a state.

:class:`SpadesState` is everything about one game; :class:`SpadesView` what one player may see
of it; the moves are small frozen values (:class:`PlayHand`, :class:`DiscardDraw`,
:class:`Renew`, :class:`UseBenefit`, :class:`TakeFromDiscard`). The rules that move from one
state to the next are in :mod:`acelab.ace_of_spades.rules`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Final

from acelab.ace_of_spades.enemies import DIFFICULTIES, MAX_DIAL, Enemy
from acelab.cards import JOKER, Card, deck, parse_cards
from acelab.engine import Move, Outcome, serializable

__all__ = [
    "COOP_HAND_SIZE",
    "HAND_CARDS",
    "HAND_SIZE",
    "LAST_LEVEL",
    "SHARED_SIZE",
    "SONG_SECONDS",
    "DiscardDraw",
    "Phase",
    "PlayHand",
    "Renew",
    "SpadesMove",
    "SpadesState",
    "SpadesView",
    "TakeFromDiscard",
    "UseBenefit",
    "check_state",
]

HAND_SIZE: Final = 8
COOP_HAND_SIZE: Final = 5
SHARED_SIZE: Final = 3
HAND_CARDS: Final = 5
"""A Hand is 5 cards (fewer only on Easy, or when fewer are held)."""
LAST_LEVEL: Final = 11
SONG_SECONDS: Final = 169


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
    per player; ``shared`` the co-op face-up cards. ``benefits`` are the ids of beaten
    Henchmen whose one-time benefit is unused; ``boost`` a next-Hand bonus waiting."""

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


class SpadesMove(Move):
    """Base class of Ace of Spades' moves."""

    text: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.text or super().__str__()


def _cards_field(value: object) -> object:
    """Moves accept "AS KD" or any cards; a value that is not cards is left for the rules
    to refuse in words."""
    try:
        if isinstance(value, str) or (
            isinstance(value, Iterable) and not isinstance(value, Card | bytes | dict)
        ):
            return _sorted(parse_cards(value))
    except (ValueError, TypeError):
        return value
    return value


def _quick(cls: type[Any], **fields: Any) -> Any:
    """A move built from fields already in the right form (no parsing, no sorting)."""
    move = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(move, name, value)
    return move


_ORDER: Final = {card: i for i, card in enumerate((*deck(), JOKER))}


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def _show(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards) or "no cards"


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
        declared = f" as {self.declare.replace('_', ' ')}" if self.declare else ""
        return f"play {_show(self.cards)}{declared}"


@serializable
@dataclass(frozen=True)
class DiscardDraw(SpadesMove):
    """Discard these cards and draw back up (one Discard)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards_field(self.cards))

    def __str__(self) -> str:
        return f"discard {_show(self.cards)} and draw"


@serializable
@dataclass(frozen=True)
class Renew(SpadesMove):
    """Shuffle the discard pile back into the deck (one Discard)."""

    text: ClassVar[str] = "renew the deck"


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
        return f"use the benefit of {self.enemy}{extra}"


@serializable
@dataclass(frozen=True)
class TakeFromDiscard(SpadesMove):
    """While an effect searches the discard pile: take this card into the hand."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card.symbol if isinstance(self.card, Card) else self.card}"


_PLAIN_DECK: Final = frozenset(deck())
_FULL_DECK: Final = frozenset((*deck(), JOKER))


def check_state(state: object) -> None:
    """Raise ``ValueError`` with a sentence unless ``state`` is a well-formed game state."""
    if not isinstance(state, SpadesState):
        raise ValueError(f"This is not an Ace of Spades state but a {type(state).__name__}.")
    if state.difficulty not in DIFFICULTIES or state.players not in (1, 2):
        raise ValueError("The state's difficulty or number of players is not one of the game's.")
    if len(state.enemies) != LAST_LEVEL + 1 or [e.level for e in state.enemies] != list(
        range(LAST_LEVEL + 1)
    ):
        raise ValueError("The state must hold twelve Enemies, one for each level 0 to 11.")
    if not 0 <= state.level <= LAST_LEVEL or len(state.hands) != state.players:
        raise ValueError("The state's level or its hands do not fit the game.")
    if not 0 <= state.turn < state.players or not isinstance(state.phase, Phase):
        raise ValueError("The state's turn or phase is not valid.")
    for dial in (state.hands_dial, state.discards_dial):
        if type(dial) is not int or not 0 <= dial <= MAX_DIAL:
            raise ValueError(f"A dial shows 0 to {MAX_DIAL}, not {dial!r}.")
    if state.hands_dial == 0 and state.phase is not Phase.OVER:
        raise ValueError("The Hands dial is at 0 but the game goes on.")
    if state.life > state.enemy.life:
        raise ValueError("The Enemy has more life than its card shows.")
    zones = [state.deck, state.discard, state.shared, *state.hands]
    cards = [c for zone in zones for c in zone]
    if not all(isinstance(c, Card) for c in cards):
        raise ValueError("Every zone of the state must hold cards only.")
    expected = _FULL_DECK if state.joker_in_play else _PLAIN_DECK
    if len(cards) != len(expected) or set(cards) != expected:
        extra = {c.symbol for c in cards if cards.count(c) > 1}
        detail = f" ({', '.join(sorted(extra))} twice)" if extra else ""
        joker = " and the Joker" if state.joker_in_play else ""
        raise ValueError(f"The state must hold each of the 52 cards{joker} exactly once{detail}.")
    if state.players == 2 and len(state.shared) > SHARED_SIZE:
        raise ValueError("Co-op has at most 3 shared cards.")
    ids = {e.id for e in state.enemies[: state.level]}
    if not set(state.benefits) <= ids:
        raise ValueError("A benefit belongs to an Enemy that is not beaten.")

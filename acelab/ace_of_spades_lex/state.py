"""The values of Lex Productions' Ace of Spades: the cards by number and what each does, the
phases, a state (:class:`LexState`), and what one player sees of it (:class:`LexView`).

Cards are numbered 0..51 as ``acelab.engine.cards.card_id`` numbers them (A♠ 0, A♥ 1, A♦ 2, A♣ 3,
2♠ 4 … K♣ 51); :data:`KIND` says what each number does in this game.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final, Protocol

from acelab.engine import Outcome, serializable, what_kind
from acelab.engine.cards import Card, card_from_id

__all__ = [
    "CARDS",
    "KIND",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Attack",
    "LexState",
    "LexView",
    "Phase",
    "deciding_seat",
]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
NINE_DEALS: Final = 5
CLUB_ACE_DRAWS: Final = 5

CARDS: Final[tuple[Card, ...]] = tuple(card_from_id(i) for i in range(52))
"""The 52 cards by id: ``CARDS[i]`` has ``card_id`` ``i`` (A♠ 0, A♥ 1, A♦ 2, A♣ 3, 2♠ 4 …)."""

# What a card does, by card id.
(PLAIN, SPADE_ACE, RED_ACE, CLUB_ACE, TWO, SIX, NINE) = range(7)
(BLACK_TEN, RED_TEN, JACK, SPADE_QUEEN, QUEEN, KING) = range(7, 13)


def _kind_of(card: Card) -> int:
    value, suit = card.value, card.suit.letter if card.suit else ""
    by_value = {2: TWO, 6: SIX, 9: NINE, 11: JACK, 13: KING}
    if value == 1:
        return {"S": SPADE_ACE, "C": CLUB_ACE}.get(suit, RED_ACE)
    if value == 10:
        return RED_TEN if card.is_red else BLACK_TEN
    if value == 12:
        return SPADE_QUEEN if suit == "S" else QUEEN
    return by_value.get(value, PLAIN)


KIND: Final[tuple[int, ...]] = tuple(_kind_of(card) for card in CARDS)
"""What each card does, by card id: one of the kind numbers above (``PLAIN`` … ``KING``)."""


@serializable
class Phase(Enum):
    """Whose decision the game waits for, and of what kind."""

    TURN = "turn"
    """The player whose turn it is draws or uses an action card."""
    DEALING = "dealing"
    """The drawer of a Nine names who receives its next card."""
    REACTION = "reaction"
    """The target of a Jack or a nuke answers it (a red ten, as many sixes) or accepts."""
    DEUCE = "deuce"
    """The player who just collected four twos plays Deuce Ex Machina now, or ends the turn."""
    OVER = "over"


@serializable
@dataclass(frozen=True)
class Attack:
    """An action waiting for its target's answer: a Jack (``sixes == 0``) or a nuke."""

    by: int
    target: int
    sixes: int = 0

    @property
    def is_nuke(self) -> bool:
        """True for sixes, False for a Jack."""
        return self.sixes > 0


@serializable
@dataclass(frozen=True)
class LexState:
    """Everything about one game. ``deck[0]`` is the top card; a discard pile's last card is
    its top. ``first`` began the match; ``round`` counts Deuce Ex Machina restarts; ``chance``
    counts the random choices made so far (each draws on ``derive_rng(seed, …, chance)``);
    ``fresh`` holds the cards the player whose turn it is acquired this turn; ``winning`` names
    the winning cards, the deciding card last; ``claims`` lists, during a Nine's deal, each
    receiver and the dealt card that completed a victory for them, in the order dealt."""

    seed: int | str
    names: tuple[str, ...]
    first: int
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    banked: tuple[tuple[Card, ...], ...]
    stopped: tuple[bool, ...]
    turn: int
    phase: Phase = Phase.TURN
    attack: Attack | None = None
    deal_left: int = 0
    draws_left: int = 0
    fresh: tuple[Card, ...] = ()
    passes: int = 0
    round: int = 0
    chance: int = 0
    turns: int = 0
    winning: tuple[Card, ...] = ()
    outcome: Outcome | None = None
    claims: tuple[tuple[int, Card], ...] = ()

    @property
    def players(self) -> int:
        """How many play (2 to 6)."""
        return len(self.names)


@serializable
@dataclass(frozen=True)
class LexView:
    """What ``player`` sees: their own hand, and of the others only what the table shows (hand
    sizes, discard piles, banked queens, stops), the deck's size, and any attack in the air.
    Once the match is over ``hands_shown`` holds every seat's hand, face up (else empty)."""

    player: int
    names: tuple[str, ...]
    phase: Phase
    to_act: int | None
    turn: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    piles: tuple[tuple[Card, ...], ...]
    banked: tuple[tuple[Card, ...], ...]
    stopped: tuple[bool, ...]
    deck_size: int
    attack: Attack | None
    deal_left: int
    draws_left: int
    fresh: tuple[Card, ...]
    round: int
    turns: int
    winning: tuple[Card, ...]
    outcome: Outcome | None
    hands_shown: tuple[tuple[Card, ...], ...] = ()

    @property
    def players(self) -> int:
        """How many play."""
        return len(self.names)


class _Seated(Protocol):
    @property
    def phase(self) -> Phase: ...
    @property
    def attack(self) -> Attack | None: ...
    @property
    def turn(self) -> int: ...


def deciding_seat(state: _Seated) -> int | None:
    """Whose decision ``state`` (a frozen or a working state) waits for: the target of an
    attack answers it, otherwise the player whose turn it is decides; ``None`` once the game
    is over."""
    if not isinstance(getattr(state, "phase", None), Phase):
        raise ValueError(f"Give a state of Lex's Ace of Spades, not {what_kind(state)}.")
    if state.phase is Phase.OVER:
        return None
    if state.phase is Phase.REACTION and state.attack is not None:
        return state.attack.target
    return state.turn

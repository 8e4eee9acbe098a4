"""Playing cards shared by every acelab game.

A :class:`Card` is a rank and a suit, or the Joker. Cards are parsed from what a learner
types (``"AS"``, ``"10H"``, ``"TH"``, ``"kd"``, ``"A♠"``, ``"10♥"``, ``"JK"``, ``"🃏"``) and
printed back in ASCII (``str(card)``) or with suit symbols (``card.symbol``).

Decks are plain tuples. Shuffling lives in :mod:`acelab.engine.seeds` with all of acelab's seeded
chance; :func:`shuffled`, :func:`shuffle_in_place` and :func:`random_index` are re-exported here
for the imports written before it moved.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Final

from acelab.engine.seeds import random_index, shuffle_in_place, shuffled

__all__ = [
    "JOKER",
    "RANKS",
    "SUITS",
    "SUIT_BY_TEXT",
    "Card",
    "Rank",
    "Suit",
    "card_from_id",
    "card_id",
    "deck",
    "deck_without_aces",
    "parse_card",
    "parse_cards",
    "random_index",
    "shuffle_in_place",
    "shuffled",
]


class Suit(Enum):
    """The four suits, in acelab's fixed order S, H, D, C (used by :func:`card_id`)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        """The one-letter ASCII name: ``S``, ``H``, ``D`` or ``C``."""
        return self.value

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def index(self) -> int:
        """Position in the order S, H, D, C (0..3)."""
        return _SUIT_ORDER.index(self)

    @property
    def noun(self) -> str:
        """The suit's name in words, e.g. ``"spades"``."""
        return self.name.lower()


_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUITS: Final[tuple[Suit, ...]] = _SUIT_ORDER


class Rank(Enum):
    """The thirteen ranks; the value is the card's number (A=1 .. K=13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """How the rank is printed on a card: ``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_LABELS.get(self.value, str(self.value))

    @property
    def noun(self) -> str:
        """The rank in words, e.g. ``"queen"`` or ``"7"``."""
        return _RANK_NOUNS.get(self.value, str(self.value))


_RANK_LABELS: Final = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_NOUNS: Final = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
RANKS: Final[tuple[Rank, ...]] = tuple(Rank)


@dataclass(frozen=True)
class Card:
    """One playing card: a rank and a suit, or the Joker (both ``None``).

    Cards are immutable, hashable and ordered (by value, then suit order; the Joker last).
    """

    rank: Rank | None
    suit: Suit | None

    def __post_init__(self) -> None:
        if not (self.rank is None or isinstance(self.rank, Rank)) or not (
            self.suit is None or isinstance(self.suit, Suit)
        ):
            raise ValueError(
                f"A card is made of a Rank and a Suit, not {self.rank!r:.30} and "
                f"{self.suit!r:.30}: write parse_card('AS') to read one from text."
            )
        if (self.rank is None) != (self.suit is None):
            raise ValueError("A card has both a rank and a suit, or neither (the Joker).")

    @property
    def sort_key(self) -> tuple[int, int]:
        """Orders cards by value, then suit (S, H, D, C); the Joker sorts last."""
        if self.rank is None or self.suit is None:
            return (14, 0)
        return (self.rank.value, self.suit.index)

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    @property
    def is_joker(self) -> bool:
        """True for the Joker."""
        return self.rank is None

    @property
    def value(self) -> int:
        """The card's number: A=1, 2..10, J=11, Q=12, K=13. The Joker has no value."""
        if self.rank is None:
            raise ValueError("The Joker has no value of its own.")
        return self.rank.value

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds (the Joker is neither red nor black here)."""
        return self.suit is not None and self.suit.is_red

    @property
    def symbol(self) -> str:
        """The card with a suit symbol: ``A♠``, ``10♥``, or ``🃏`` for the Joker."""
        if self.rank is None or self.suit is None:
            return "🃏"
        return f"{self.rank.label}{self.suit.symbol}"

    @property
    def name(self) -> str:
        """The card in words, for screen readers: ``"queen of hearts"``, ``"joker"``."""
        if self.rank is None or self.suit is None:
            return "joker"
        return f"{self.rank.noun} of {self.suit.noun}"

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return f"{self.rank.label}{self.suit.letter}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def of(cls, text: str) -> Card:
        """The card named by ``text`` (same as :func:`parse_card`)."""
        return parse_card(text)


JOKER: Final = Card(None, None)

_RANK_BY_TEXT: Final = {
    "A": 1,
    "1": None,  # not a rank: aces are "A"; kept here to give a helpful message
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    **{str(n): n for n in range(2, 11)},
}
SUIT_BY_TEXT: Final[dict[str, Suit]] = {
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "C": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}
"""Every way a suit may be written: a letter (upper case) or a symbol, filled or hollow."""
_JOKER_TEXTS: Final = {"JK", "JOKER", "🃏", "🂿", "🃟"}
_ACCEPTED: Final = (
    "a rank (A, 2-10 or T, J, Q, K) followed by a suit (S, H, D, C or ♠ ♥ ♦ ♣), "
    "like AS, 10H, TH, kd or A♠; or JK for the Joker"
)
_SEPARATORS: Final = re.compile(r"[\s,;]+")


def parse_card(text: str) -> Card:
    """Read one card from ``text`` such as ``"AS"``, ``"10h"``, ``"T♥"`` or ``"JK"``.

    Raises :class:`ValueError` naming the token and what is accepted.
    """
    if not isinstance(text, str):
        raise ValueError(f"A card is written as text, not {type(text).__name__}.")
    token = text.strip().replace("\ufe0f", "")
    upper = token.upper()
    if upper in _JOKER_TEXTS:
        return JOKER
    if len(token) >= 2:
        rank_text, suit_text = upper[:-1], upper[-1]
        rank_value = _RANK_BY_TEXT.get(rank_text)
        suit = SUIT_BY_TEXT.get(suit_text)
        if rank_value is not None and suit is not None:
            return Card(Rank(rank_value), suit)
    raise ValueError(f"{token!r:.40} is not a card: write {_ACCEPTED}.")


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards separated by spaces or commas: ``"AS 10h T♥ kd JK"``.

    Also accepts an iterable of card strings or :class:`Card` objects, so functions can take
    ``cards: str | Sequence[Card]`` and call this once.
    """
    if isinstance(text, str):
        tokens: Iterable[str | Card] = [t for t in _SEPARATORS.split(text.strip()) if t]
    elif isinstance(text, Iterable):
        tokens = text
    else:
        raise ValueError(f"Cards are written as text like 'AS 10H', not {type(text).__name__}.")
    return tuple(t if isinstance(t, Card) else parse_card(t) for t in tokens)


def card_id(card: Card) -> int:
    """The index 0..51 of a standard card, rank-major: ``(value - 1) * 4 + suit index``.

    Suits are ordered S, H, D, C, so ``AS`` is 0, ``AH`` 1, ``2S`` 4 and ``KC`` 51.
    """
    if card.rank is None or card.suit is None:
        raise ValueError("The Joker has no card id: ids 0..51 number the standard cards only.")
    return (card.rank.value - 1) * 4 + card.suit.index


def card_from_id(index: int) -> Card:
    """The standard card with :func:`card_id` ``index`` (0..51)."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 52:
        raise ValueError(f"Card ids are whole numbers from 0 to 51, not {index!r}.")
    return Card(Rank(index // 4 + 1), _SUIT_ORDER[index % 4])


def deck(jokers: int = 0) -> tuple[Card, ...]:
    """A fresh 52-card deck in card-id order, followed by ``jokers`` Jokers."""
    if isinstance(jokers, bool) or not isinstance(jokers, int):
        raise ValueError(f"A deck holds a whole number of jokers, not {jokers!r}.")
    if jokers < 0:
        raise ValueError("A deck cannot have a negative number of jokers.")
    return tuple(card_from_id(i) for i in range(52)) + (JOKER,) * jokers


def deck_without_aces(jokers: int = 0) -> tuple[Card, ...]:
    """The 48 cards 2..K in card-id order, followed by ``jokers`` Jokers (Ace Pilot's deck)."""
    return tuple(c for c in deck(jokers) if c.is_joker or c.value != 1)

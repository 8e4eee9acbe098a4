"""Absolutely Aces' card set as data: numbers, suits, types and the block table.

The table ships as ``cards.toml`` (RULINGS §4). A teacher may pass another table: it is read
with :func:`load_cards` (a path or TOML text) and checked, with a sentence for every mistake
(an unknown type, a card listed twice, a type blocked by an unknown type).

Cards are written by suit letter and number as on the card: ``S1`` (the Ace), ``H2``, … ``H12``
(the Joker). Messages for learners write them with a suit symbol: ``7♠ Climb``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any, Final

from acelab.engine.terms import shown

__all__ = ["CARDS", "PAIR_POINTS", "AcesCard", "CardSet", "load_cards"]

PAIR_POINTS: Final = 2
"""What a round won by a Pair scores."""

_SUITS: Final = {"Spades": ("S", "♠"), "Hearts": ("H", "♥")}
_MAX_CARDS: Final = 16  # the solver keeps a hand in a 16-bit mask


@dataclass(frozen=True)
class AcesCard:
    """One card: its number, suit (``"Spades"`` or ``"Hearts"``) and type (``"Climb"``)."""

    number: int
    suit: str
    type: str

    @property
    def code(self) -> str:
        """The card as written in moves and saves: ``"S7"``."""
        return f"{_SUITS[self.suit][0]}{self.number}"

    @property
    def symbol(self) -> str:
        """The card with its suit symbol: ``"7♠"``."""
        return f"{self.number}{_SUITS[self.suit][1]}"

    @property
    def label(self) -> str:
        """The card for learners: ``"7♠ Climb"``."""
        return f"{self.symbol} {self.type}"

    @property
    def spoken(self) -> str:
        """The card in words, for screen readers: ``"7 of spades, Climb"``."""
        return f"{self.number} of {self.suit.lower()}, {self.type}"

    @property
    def points(self) -> int:
        """What a round won by this card scores: its number, plus one for a Heart."""
        return self.number + (self.suit == "Hearts")


@dataclass(frozen=True)
class CardSet:
    """The cards of a game and its block table (``blocked_by[type]``: the types that block it).

    Build one with :func:`load_cards`; ``CARDS`` is the table of RULINGS §4.
    """

    cards: tuple[AcesCard, ...]
    blocked_by: tuple[tuple[str, tuple[str, ...]], ...]

    @cached_property
    def by_code(self) -> dict[str, AcesCard]:
        """Every card by its code."""
        return {card.code: card for card in self.cards}

    @cached_property
    def codes(self) -> tuple[str, ...]:
        """Every card code, in the order of the table (by number)."""
        return tuple(card.code for card in self.cards)

    @cached_property
    def types(self) -> tuple[str, ...]:
        """Every type, in the order of the block table."""
        return tuple(name for name, _ in self.blocked_by)

    @cached_property
    def blockers(self) -> dict[str, frozenset[str]]:
        """``blockers[t]``: the types that block a card (or a Pair) of type ``t``."""
        return {name: frozenset(by) for name, by in self.blocked_by}

    @cached_property
    def of_type(self) -> dict[str, tuple[str, ...]]:
        """The codes of the cards of each type (two of them make a Pair)."""
        return {t: tuple(c.code for c in self.cards if c.type == t) for t in self.types}

    @cached_property
    def pair_types(self) -> tuple[str, ...]:
        """The types that have two cards, so can be played as a Pair."""
        return tuple(t for t in self.types if len(self.of_type[t]) == 2)

    def card(self, code: str) -> AcesCard:
        """The card written ``code`` (``"S7"``, ``"s7"``, ``"7♠"``); ``ValueError`` otherwise."""
        found = self.find(code)
        if found is None:
            known = ", ".join(self.codes)
            written = shown(code)
            raise ValueError(
                f"{written[:1].upper()}{written[1:]} is not a card of this game: "
                f"the cards are {known}."
            )
        return found

    def find(self, code: object) -> AcesCard | None:
        """The card written ``code``, or ``None`` when it names none."""
        if not isinstance(code, str):
            return None
        text = code.strip().upper().replace("\ufe0f", "")
        if text in self.by_code:
            return self.by_code[text]
        for letter, symbol in _SUITS.values():
            if text.endswith(symbol):
                return self.by_code.get(letter + text[: -len(symbol)])
        return None

    def blocks(self, code: str, played_type: str) -> bool:
        """True when the card ``code`` may answer a card (or Pair) of ``played_type``."""
        return self.by_code[code].type in self.blockers[played_type]

    def blocked_types(self, blocker_type: str) -> tuple[str, ...]:
        """The types a card of ``blocker_type`` blocks ("Play to Block")."""
        return tuple(t for t, by in self.blocked_by if blocker_type in by)

    @cached_property
    def order(self) -> dict[str, int]:
        """The place of each card code in the table (by number)."""
        return {code: i for i, code in enumerate(self.codes)}

    def sort_codes(self, codes: Any) -> tuple[str, ...]:
        """``codes`` in table order (by number)."""
        return tuple(sorted(codes, key=self.order.__getitem__))


def load_cards(source: str | Path | Mapping[str, Any] | None = None) -> CardSet:
    """The card table from a TOML file (a :class:`~pathlib.Path`), TOML text, or the parsed
    mapping; ``None`` reads the shipped ``cards.toml``. Raises ``ValueError`` with a sentence
    for a table that cannot be played."""
    if source is None:
        text = resources.files("acelab.absolutely_aces").joinpath("cards.toml").read_text("utf-8")
        return _from_data(tomllib.loads(text))
    if isinstance(source, Path):
        try:
            text = source.read_text("utf-8")
        except OSError as error:
            raise ValueError(f"Cannot read the card table {source}: {error.strerror}.") from None
        source = text
    if isinstance(source, str):
        try:
            data: Mapping[str, Any] = tomllib.loads(source)
        except tomllib.TOMLDecodeError as error:
            raise ValueError(f"The card table is not valid TOML: {error}.") from None
        return _from_data(data)
    if isinstance(source, Mapping):
        return _from_data(source)
    raise ValueError("Give the card table as a path, TOML text or a mapping.")


def _from_data(data: Mapping[str, Any]) -> CardSet:
    table = data.get("blocked_by")
    if not isinstance(table, Mapping) or not table:
        raise ValueError("The card table needs a [blocked_by] table: type = [types that block it].")
    types = tuple(table)
    blocked_by = []
    for name, by in table.items():
        if not isinstance(by, list) or not all(isinstance(t, str) for t in by):
            raise ValueError(f"The blockers of {name} must be a list of type names.")
        for blocker in by:
            if blocker not in table:
                raise ValueError(f"{name} is blocked by {blocker!r}, which is not a known type.")
        if len(set(by)) != len(by):
            raise ValueError(f"{name}'s blockers list a type twice.")
        blocked_by.append((name, tuple(by)))
    cards = _read_cards(data.get("cards"), types)
    return CardSet(tuple(sorted(cards, key=lambda c: c.number)), tuple(blocked_by))


def _read_cards(entries: object, types: tuple[str, ...]) -> list[AcesCard]:
    if not isinstance(entries, list) or not entries:
        raise ValueError("The card table needs a list of cards: cards = [{number, suit, type}].")
    cards: list[AcesCard] = []
    numbers: set[int] = set()
    for entry in entries:
        if not isinstance(entry, Mapping) or set(entry) != {"number", "suit", "type"}:
            raise ValueError(
                'Each card is written { number = 7, suit = "Spades", type = "Climb" }.'
            )
        number, suit, kind = entry["number"], entry["suit"], entry["type"]
        if type(number) is not int or number < 1:
            raise ValueError(f"A card's number is a whole number, 1 or more, not {number!r}.")
        if suit not in _SUITS:
            raise ValueError(f"Card {number} has suit {suit!r}: the suits are Spades and Hearts.")
        if kind not in types:
            raise ValueError(f"Card {number} has the unknown type {kind!r}.")
        if number in numbers:
            raise ValueError(f"Card {number} is listed twice.")
        numbers.add(number)
        cards.append(AcesCard(number, suit, kind))
    for kind in types:
        count = sum(card.type == kind for card in cards)
        if count > 2:
            raise ValueError(f"There are {count} {kind} cards: a type has at most two (a Pair).")
    if not 10 <= len(cards) <= _MAX_CARDS:
        raise ValueError(
            f"The table has {len(cards)} cards: a deal needs 10 and acelab plays at most 16."
        )
    return cards


CARDS: Final[CardSet] = load_cards()
"""The twelve cards and the block table of RULINGS §4."""

"""The four ace pilots: their order, names, operations, and reading a pilot from text.

A pilot is the ace of a suit: Hailey ♥ adds, Sabina ♠ subtracts, Cam ♣ multiplies and Duke ♦
divides. Everything that names a pilot, prints an operation or reads a pilot typed by the
learner takes it from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from acelab.engine.cards import SUIT_BY_TEXT, Suit
from acelab.engine.terms import what_kind

__all__ = [
    "LATEX_OPERATION",
    "OPERATION",
    "PILOTS",
    "PILOT_BY_TEXT",
    "PILOT_NAMES",
    "SYMBOL",
    "VERB",
    "parse_pilot",
    "pilot_name",
    "pilot_names",
]

PILOTS: Final[tuple[Suit, ...]] = (Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS)
"""The four pilots in acelab's display order: Hailey, Sabina, Cam, Duke."""

PILOT_NAMES: Final[dict[Suit, str]] = {
    Suit.HEARTS: "Hailey",
    Suit.SPADES: "Sabina",
    Suit.CLUBS: "Cam",
    Suit.DIAMONDS: "Duke",
}
SYMBOL: Final[dict[Suit, str]] = {
    Suit.HEARTS: "+",
    Suit.SPADES: "−",
    Suit.CLUBS: "×",
    Suit.DIAMONDS: "/",
}
"""Each pilot's operation in a formula (``|9 − 9 − 6| / 3``)."""

OPERATION: Final[dict[Suit, str]] = {**SYMBOL, Suit.DIAMONDS: "÷"}
"""Each pilot's operation, as the panel labels the pilot (``Duke ÷``)."""

LATEX_OPERATION: Final[dict[Suit, str]] = {
    Suit.HEARTS: "+",
    Suit.SPADES: "-",
    Suit.CLUBS: "\\times",
    Suit.DIAMONDS: "/",
}
"""Each pilot's operation in LaTeX."""

VERB: Final[dict[Suit, str]] = {
    Suit.HEARTS: "adds",
    Suit.SPADES: "subtracts",
    Suit.CLUBS: "multiplies",
    Suit.DIAMONDS: "divides",
}
"""What each pilot does, in words."""

PILOT_BY_TEXT: Final[dict[str, Suit]] = {
    **SUIT_BY_TEXT,
    **{name.upper(): suit for suit, name in PILOT_NAMES.items()},
}
"""A pilot by a letter, a symbol or a name (upper case)."""


def pilot_name(suit: Suit) -> str:
    """The pilot of the ace of ``suit``: Hailey, Sabina, Cam or Duke."""
    if not isinstance(suit, Suit):
        raise ValueError(f"A pilot is the ace of a suit, not {what_kind(suit)}.")
    return PILOT_NAMES[suit]


def pilot_names(pilots: Sequence[Suit]) -> str:
    """The pilots by name in a sentence: "Duke", "Hailey and Cam", "Hailey, Sabina and Cam"."""
    names = [pilot_name(p) for p in pilots]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def parse_pilot(text: str | Suit) -> Suit:
    """The suit of a pilot named by a letter (``"H"``), a symbol (``"♥"``) or a name."""
    if isinstance(text, Suit):
        return text
    if not isinstance(text, str):
        raise ValueError(f"A pilot is named by text, not {type(text).__name__}.")
    suit = PILOT_BY_TEXT.get(text.strip().replace("\ufe0f", "").upper())
    if suit is None:
        shown = repr(text) if len(text) <= 20 else repr(text[:17] + "...")
        raise ValueError(
            f"{shown} is not a pilot: write H, S, C or D, ♥ ♠ ♣ ♦, or Hailey, Sabina, Cam, Duke."
        )
    return suit

"""The golden deals, in one table: acelab shuffles by its own Fisher–Yates over ``random()``
(the one sequence Python promises to keep, :mod:`acelab.engine.seeds`), so a shared seed (and a
saved game) deals the same cards on every Python, in every game.

Each row names what is dealt (``shuffled``: a whole deck; a game: its first deal, read as
:data:`DEALT` says), the seed, and the cards it must give. A change that moves any of them
changes every saved game and every seeded exercise: it is never made lightly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from acelab.engine.cards import deck, shuffled
from acelab.engine.games import NAMES, by_name


def _cards(cards: Any) -> str:
    return " ".join(str(card) for card in cards)


DEALT: dict[str, Callable[[Any], Any]] = {
    "shuffled": lambda seed: _cards(shuffled(deck(), seed)[:8]),
    "ace_pilot": lambda seed: _cards(by_name("ace_pilot").new_state(seed).hand),
    "ace_pilot deck": lambda seed: _cards(by_name("ace_pilot").new_state(seed).deck[:4]),
    "ace_of_spades": lambda seed: _cards(by_name("ace_of_spades").new_state(seed).hands[0]),
    "ace_of_spades enemy": lambda seed: by_name("ace_of_spades").new_state(seed).enemies[1].id,
    "ace_of_spades_lex": lambda seed: _cards(by_name("ace_of_spades_lex").new_state(seed).deck[:5]),
    "absolutely_aces": lambda seed: by_name("absolutely_aces").new_state(seed).hands,
}
"""What each row deals from its seed: the first 8 cards of a shuffled deck; Ace Pilot's hand
and the deck's top 4; Ace of Spades' first hand and its second Enemy; the top 5 cards of
Lex's deck; Absolutely Aces' two hands."""

ACES_SEED_0: tuple[tuple[str, ...], ...] = (
    ("S1", "H6", "H10", "S11", "H12"),
    ("H2", "S3", "H4", "S7", "S9"),
)
"""Absolutely Aces' hands from seed 0 (its rules tests deal from them too)."""

GOLDEN: list[tuple[str, int | str, Any]] = [
    ("shuffled", 1, "QC 9D 7C AC 4C 2C 5C JS"),
    ("shuffled", 2, "6S 6D 6C QC 10C KD 8C 6H"),
    ("shuffled", 7, "3C 3H AS JH 8H 4C 9C QD"),
    ("shuffled", 2026, "4H 10C AD 10S 8H 5D 9C 4D"),
    ("shuffled", "lesson-1", "AC 2H 8C 7H KH 4H JD 2D"),
    ("ace_pilot", 0, "2H 7C 4C"),
    ("ace_pilot", 1, "5C 2S 8S"),
    ("ace_pilot", "golden", "9H QC KS"),
    ("ace_pilot deck", 0, "9D JD JH KD"),
    ("ace_pilot deck", "golden", "JD 6D 10C 5C"),
    ("ace_of_spades", 0, "4S 5S 3H 5D 5H KD JD QS"),
    ("ace_of_spades", 1, "KC KH 9S 9H 10S 2C 4H 8D"),
    ("ace_of_spades", "golden", "8D 7C 4S 6H 3S 10S 6D 9C"),
    ("ace_of_spades enemy", 1, "banjo-bart"),
    ("ace_of_spades_lex", 0, "5D 8H 3C 2S 6C"),
    ("ace_of_spades_lex", 1, "6C 4C JC 7S 3C"),
    ("ace_of_spades_lex", "x", "4S 8D QS 3C 2D"),
    ("absolutely_aces", 0, ACES_SEED_0),
    ("absolutely_aces", 1, (("H2", "H4", "H6", "S7", "S9"), ("S5", "H8", "H10", "S11", "H12"))),
    (
        "absolutely_aces",
        "acelab",
        (("H2", "H4", "S5", "H8", "H12"), ("S3", "S7", "S9", "H10", "S11")),
    ),
]


@pytest.mark.parametrize(("dealt", "seed", "cards"), GOLDEN)
def test_a_seed_deals_the_same_cards_on_every_python(
    dealt: str, seed: int | str, cards: Any
) -> None:
    assert DEALT[dealt](seed) == cards


def test_every_game_has_golden_deals() -> None:
    assert {name for name, _, _ in GOLDEN} >= {"shuffled", *NAMES}

"""A slow, obviously-correct scorer to check the fast one: every subset, every stand-in."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from acelab.ace_of_spades.scoring import COMBINATIONS, Modifiers
from acelab.engine.cards import Card
from acelab.poker import straight_windows

WINDOWS = [frozenset(w) for w in straight_windows()]
SHAPES = {(2,): 0, (2, 2): 1, (3,): 2, (2, 3): 5, (4,): 6, (5,): 8}


def _names(values: Sequence[int], suits: Sequence[int]) -> list[int]:
    shape = tuple(sorted(Counter(values).values()))
    found = [SHAPES[shape]] if shape in SHAPES else []
    if len(values) == 5:
        straight = frozenset(values) in WINDOWS
        suited = len(set(suits)) == 1
        if straight and suited:
            found.append(7)
        if straight:
            found.append(3)
        if suited:
            found.append(4)
    return found


def _identities(card: Card, comp) -> list[tuple[int, int, int]]:  # type: ignore[no-untyped-def]
    """(value, suit for flushes, suit for bonuses) that the card may stand for."""
    if card.rank is None or card.suit is None:
        return [(v, s, s) for v in range(1, 14) for s in range(4)]
    s = card.suit.index
    suits = [t for t in range(4) if comp.suits_of[s] >> t & 1]
    return [(v, t, s) for v in comp.values_of[card.rank.value] for t in suits]


def slow_best(cards: Sequence[Card], mods: Modifiers | None = None, only: str | None = None) -> int:
    """The most damage of one Hand of at most 5 of these cards (0 for none)."""
    comp = (mods or Modifiers()).compiled
    best = None
    for size in range(2, min(5, len(cards)) + 1):
        for subset in itertools.combinations(cards, size):
            for chosen in itertools.product(*(_identities(c, comp) for c in subset)):
                values = [v for v, _, _ in chosen]
                extra = sum(comp.value_bonus[v] + comp.suit_bonus[b] for v, _, b in chosen)
                for rank in _names(values, [t for _, t, _ in chosen]):
                    base = comp.base[rank]
                    if base is None or (only is not None and COMBINATIONS[rank] != only):
                        continue
                    total = max(0, base + extra + comp.flat)
                    best = total if best is None else max(best, total)
    return 0 if best is None else best

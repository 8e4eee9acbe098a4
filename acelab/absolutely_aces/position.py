"""A round's position as one whole number, shared by the rules (the loop rule) and the solver.

A position is what the loop rule compares (RULINGS §4): both hands, the Reserve of the player
to move (the other Reserve is always empty when a go begins), the player to move, the number
of Pairs played, and whether this is the round's opening go (when any card may be played, so
it is never the same position as a later go that must block). The bits, low to high:

* 16 bits: the hand of the player to move; 16 bits: the other hand (bit ``i`` is the
  ``i``-th card of the table, by number);
* 8 bits: the mover's Reserve: ``1 + i`` for card ``i``, ``PAIR_BASE + t`` for a Pair of type
  ``t`` (the index of the type in the block table);
* 2 bits: Pairs played; 1 bit: the player to move; 1 bit: the opening go.

With the mover's hand first, a position and its mirror (the same cards, the players swapped)
differ only in the mover bit, so the solver can drop that bit and solve both at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from acelab.absolutely_aces.card_set import PAIR_POINTS, CardSet

__all__ = ["PAIR_BASE", "Encoding", "encoding"]

PAIR_BASE: Final = 17
HAND_BITS: Final = 0xFFFF
RESERVE_SHIFT: Final = 32
PAIRS_SHIFT: Final = 40
MOVER_SHIFT: Final = 42
MOVER_BIT: Final = 1 << MOVER_SHIFT
OPENING_SHIFT: Final = 43


@dataclass(frozen=True)
class Encoding:
    """The bit tables of one card set: what each card is, and which cards block each type."""

    cards: CardSet
    card_type: tuple[int, ...]
    """The type index of each card."""
    card_points: tuple[int, ...]
    blocker_mask: tuple[int, ...]
    """``blocker_mask[t]``: the cards whose type blocks type ``t``."""
    pair_mask: tuple[int, ...]
    """``pair_mask[t]``: both cards of type ``t`` (0 when the type has no Pair)."""

    def mask(self, codes: tuple[str, ...] | list[str]) -> int:
        """The bits of these cards."""
        order = self.cards.order
        return sum(1 << order[code] for code in codes)

    def reserve_code(self, reserve: tuple[str, ...]) -> int:
        """The 8-bit code of a Reserve holding one card or a Pair."""
        if len(reserve) == 1:
            return 1 + self.cards.order[reserve[0]]
        kind = self.cards.by_code[reserve[0]].type
        return PAIR_BASE + self.cards.types.index(kind)

    def key(
        self,
        hands: tuple[tuple[str, ...], tuple[str, ...]],
        reserve: tuple[str, ...],
        pairs: int,
        mover: int,
        opening: bool,
    ) -> int:
        """The position with these hands (by player), the mover's Reserve, Pairs played, the
        mover and whether it is the opening go."""
        return (
            self.mask(hands[mover])
            | self.mask(hands[1 - mover]) << 16
            | self.reserve_code(reserve) << RESERVE_SHIFT
            | pairs << PAIRS_SHIFT
            | mover << MOVER_SHIFT
            | int(opening) << OPENING_SHIFT
        )

    def reserve_points(self, reserve: int) -> int:
        """What the card (or Pair) of this Reserve code scores when it wins the round."""
        return PAIR_POINTS if reserve >= PAIR_BASE else self.card_points[reserve - 1]


@cache
def encoding(cards: CardSet) -> Encoding:
    """The bit tables of ``cards`` (computed once per card set)."""
    codes = cards.codes
    types = cards.types
    card_type = tuple(types.index(cards.by_code[c].type) for c in codes)
    blocker_mask = tuple(
        sum(1 << i for i, c in enumerate(codes) if cards.blocks(c, kind)) for kind in types
    )
    pair_mask = tuple(
        sum(1 << codes.index(c) for c in cards.of_type[kind]) if kind in cards.pair_types else 0
        for kind in types
    )
    points = tuple(cards.by_code[c].points for c in codes)
    return Encoding(cards, card_type, points, blocker_mask, pair_mask)

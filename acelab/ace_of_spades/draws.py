"""Two seeded discard decisions of Devir's Ace of Spades, worked out exactly.

- :func:`flush_draw`: four cards of one suit and four others, and a discard pile the player has
  seen; counting the unseen cards of the suit (the *outs*) gives exact chances.
- :func:`one_card_discard`: a real opening hand of the game, one card worth throwing, and the
  exact damage after drawing one of the 44 unseen cards.

The model: every unseen card is equally likely to be the next one drawn (a fair shuffle).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from acelab.ace_of_spades.redraws import damage_after_discard, unseen_cards
from acelab.ace_of_spades.rules import AceOfSpades
from acelab.ace_of_spades.scoring import best_play
from acelab.ace_of_spades.state import SpadesState
from acelab.engine.cards import Card, Suit, deck, random_index, shuffle_in_place
from acelab.engine.seeds import check_seed
from acelab.teaching.exercises import seeded

__all__ = [
    "GAME",
    "PILE",
    "FlushDraw",
    "OneCardDiscard",
    "at_least_one",
    "duel_state",
    "flush_draw",
    "one_card_discard",
]

PILE: Final = 6
"""Cards in the flush draw's discard pile."""
GAME: Final = AceOfSpades()


@dataclass(frozen=True)
class FlushDraw:
    """Four cards of ``suit`` and four others in ``hand``; ``pile``: the seen discard pile."""

    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    suit: Suit

    @property
    def unseen(self) -> int:
        """How many cards the player has not seen: 52 − hand − pile."""
        return 52 - len(self.hand) - len(self.pile)

    @property
    def outs(self) -> int:
        """How many unseen cards are of the suit (each one makes a flush)."""
        return 13 - sum(c.suit is self.suit for c in (*self.hand, *self.pile))

    @property
    def in_pile(self) -> int:
        """How many cards of the suit lie in the discard pile."""
        return sum(c.suit is self.suit for c in self.pile)

    @property
    def suit_name(self) -> str:
        """The suit's plural noun and symbol: ``hearts (♥)``."""
        return f"{self.suit.name.lower()} ({self.suit.symbol})"


def flush_draw(seed: int | str) -> FlushDraw:
    """The seeded flush draw: 1 to 3 cards of the suit in the pile, always some outs."""
    rng = seeded(seed, "flush draw", 0)
    cards = list(deck())
    shuffle_in_place(rng, cards)
    suit = cards[0].suit
    assert suit is not None
    same = [c for c in cards if c.suit is suit]
    other = [c for c in cards if c.suit is not suit]
    in_pile = 1 + random_index(rng, 3)
    hand = tuple(sorted(same[:4] + other[:4]))
    pile = tuple(same[4 : 4 + in_pile] + other[4 : 4 + PILE - in_pile])
    order = list(pile)
    shuffle_in_place(rng, order)
    return FlushDraw(hand, tuple(order), suit)


@dataclass(frozen=True)
class OneCardDiscard:
    """An opening hand, the card to throw, and the exact chance of each damage after one draw."""

    state: SpadesState
    throw: Card
    now: int
    counts: tuple[tuple[int, int], ...]  # (damage, unseen cards that give it), damage rising

    @property
    def hand(self) -> tuple[Card, ...]:
        """The 8 cards held."""
        return self.state.hands[0]

    @property
    def unseen(self) -> int:
        """How many cards could be drawn (the 44 not in the hand)."""
        return sum(n for _, n in self.counts)

    @property
    def expected(self) -> Fraction:
        """The expected (average) damage after the discard."""
        return Fraction(sum(d * n for d, n in self.counts), self.unseen)

    def at_least(self, damage: int) -> Fraction:
        """The chance the best Hand after the discard deals at least ``damage``."""
        return Fraction(sum(n for d, n in self.counts if d >= damage), self.unseen)


def _spread(hand: tuple[Card, ...], throw: Card) -> tuple[tuple[int, int], ...]:
    pool = unseen_cards(hand)
    spread = damage_after_discard(hand, (throw,), pool)
    return tuple((d, int(p * len(pool))) for d, p in sorted(spread.items()))


def _well_posed(found: OneCardDiscard) -> bool:
    values = [d for d, _ in found.counts]
    mean_of_values = Fraction(sum(values), len(values))
    mode = max(found.counts, key=lambda row: row[1])[0]
    life = found.state.life
    return (
        found.now < life
        and 2 <= len(values) <= 5
        and 0 < found.at_least(life) < 1
        and found.at_least(life) not in {Fraction(n, found.unseen) for _, n in found.counts}
        and found.expected not in (mean_of_values, Fraction(mode), Fraction(max(values)))
    )


def duel_state(seed: int | str) -> SpadesState:
    """The lesson's seeded opening of a Normal game: the first deal (of ``seed``,
    ``seed/1``, ``seed/2`` …) whose best Hand cannot knock out the first Enemy and where one
    discard makes a small, well-posed table."""
    return one_card_discard(seed).state


def one_card_discard(seed: int | str = 1) -> OneCardDiscard:
    """The seeded one-card discard: of the cards outside the best Hand, the one whose discard
    gives the most average damage."""
    return _one_card_discard(check_seed(seed))


@functools.cache
def _one_card_discard(seed: int | str) -> OneCardDiscard:
    for attempt in range(100):
        state = GAME.new_state(seed if attempt == 0 else f"{seed}/{attempt}")
        hand = state.hands[0]
        now = best_play(hand)
        spare = [c for c in hand if c not in now.scoring_cards]
        options = [OneCardDiscard(state, c, now.total, _spread(hand, c)) for c in spare]
        if not options:
            continue
        best = max(options, key=lambda o: o.expected)
        if _well_posed(best):
            return best
    raise ValueError(f"No well-posed one-card discard for the seed {seed!r}.")  # pragma: no cover


def at_least_one(outs: int, unseen: int, draws: int) -> Fraction:
    """The exact chance that ``draws`` cards from ``unseen`` hold at least one of ``outs``."""
    return 1 - Fraction(math.comb(unseen - outs, draws), math.comb(unseen, draws))

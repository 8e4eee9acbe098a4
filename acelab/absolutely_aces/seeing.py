"""The value of seeing the other hand at the secret pick of Absolutely Aces, in 2 by 2 cases
found in the shipped table of all 16,632 deals (:func:`acelab.absolutely_aces.deal_table`).

A case is a hand of yours with its perfect (pure) pick and another card, and two Bot hands,
equally likely, whose pure picks differ in what answers them best: blind, You take the better
row's average; seeing Bot's hand, each column's best. The lesson on game trees asks what seeing
is worth in one seeded case.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import pairwise

from acelab.absolutely_aces.deals import DealRow, deal_table
from acelab.absolutely_aces.pick import equilibrium

__all__ = ["SeeingCase", "seeing_cases"]


@dataclass(frozen=True)
class SeeingCase:
    """A 2 by 2 case of the value of seeing: You hold ``hand`` and choose between the two
    ``cards``; Bot holds one of two hands, equally likely, and picks its perfect (pure) pick
    in each: ``bots[k] = (hand, pick)``; ``values[i][k]`` is the round's value for You when
    You pick ``cards[i]`` and Bot holds ``bots[k]``."""

    hand: tuple[str, ...]
    cards: tuple[str, str]
    bots: tuple[tuple[tuple[str, ...], str], tuple[tuple[str, ...], str]]
    values: tuple[tuple[int, int], tuple[int, int]]

    @property
    def blind(self) -> Fraction:
        """The best average without seeing: the better row's average."""
        return max(Fraction(a + b, 2) for a, b in self.values)

    @property
    def seeing(self) -> Fraction:
        """The average when You see Bot's hand: each column's best, averaged."""
        (a, b), (c, d) = self.values
        return Fraction(max(a, c) + max(b, d), 2)

    @property
    def worth(self) -> Fraction:
        """What seeing Bot's hand is worth here, in points a round."""
        return self.seeing - self.blind


@cache
def seeing_cases() -> tuple[SeeingCase, ...]:
    """Cases from the real game where seeing helps: a hand's pure pick and another card, two
    Bot hands whose pure picks differ in what answers them best."""
    strategy = cache(equilibrium().strategy)  # a hand's pick, read once
    found: list[SeeingCase] = []
    by_hand: dict[tuple[str, ...], list[DealRow]] = {}
    for row in deal_table()[::7]:
        by_hand.setdefault(row.hands[0], []).append(row)
    for hand, rows in by_hand.items():
        if len(found) >= 120:
            break
        mine = strategy(hand)
        if max(mine.values()) < 1:
            continue
        first = max(mine, key=mine.__getitem__)
        pure = [r for r in rows if max(strategy(r.hands[1]).values()) == 1]
        for other in hand:
            if other == first:
                continue
            i, k = hand.index(first), hand.index(other)
            for one, two in pairwise(pure):
                bots = []
                for r in (one, two):
                    theirs = strategy(r.hands[1])
                    bots.append((r.hands[1], max(theirs, key=theirs.__getitem__)))
                j = [r.hands[1].index(p) for r, (_, p) in zip((one, two), bots, strict=True)]
                values = (
                    (one.matrix[i][j[0]], two.matrix[i][j[1]]),
                    (one.matrix[k][j[0]], two.matrix[k][j[1]]),
                )
                case = SeeingCase(hand, (first, other), (bots[0], bots[1]), values)
                if case.worth > 0 and case.blind != 0 and len(set(sum(values, ()))) == 4:
                    found.append(case)
                    break
    return tuple(found)

"""Damage scoring of Devir's *Ace of Spades*, as settled in acelab's RULINGS.md §2.

A Hand deals the damage of its combination plus +1 for each J, Q or K and +3 for each Ace
**among its scoring cards only**. Aces count 1 and also high in 10-J-Q-K-A; straights never wrap
around. The Joker may be any card (value and suit, even one already in the Hand), and then earns
that card's bonus. A player may declare a lesser combination than the best one.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from acelab.cards import Card, deck, parse_cards
from acelab.poker import straight_windows

__all__ = [
    "BASE_DAMAGE",
    "COMBINATIONS",
    "Damage",
    "best_play",
    "bonus",
    "damage",
    "poor_hand_allowed",
]

BASE_DAMAGE: Final[dict[str, int]] = {
    "pair": 1,
    "two_pair": 2,
    "three_of_a_kind": 3,
    "straight": 4,
    "flush": 5,
    "full_house": 6,
    "four_of_a_kind": 8,
    "straight_flush": 10,
    "five_of_a_kind": 12,
}
"""The printed damage of each combination, weakest first."""

COMBINATIONS: Final[tuple[str, ...]] = tuple(BASE_DAMAGE)
_RANK: Final = {name: i for i, name in enumerate(COMBINATIONS)}
_WINDOWS: Final = tuple(frozenset(w) for w in straight_windows())
_STANDARD: Final = deck()


def bonus(value: int) -> int:
    """Extra damage of one scoring card of this value: +3 for an Ace, +1 for J, Q, K."""
    return 3 if value == 1 else 1 if value >= 11 else 0


@dataclass(frozen=True)
class Damage:
    """What a Hand deals: ``total`` = ``base`` (the combination's) + ``bonus`` (its cards').

    ``combination`` is a name from :data:`COMBINATIONS`, or ``"none"`` for a Poor Hand.
    ``scoring_cards`` are the played cards that make the combination (a Joker stays a Joker
    there; ``jokers_as`` says which card each scoring Joker stood for); ``played`` is the whole
    Hand put down.
    """

    total: int
    combination: str
    scoring_cards: tuple[Card, ...]
    played: tuple[Card, ...]
    base: int = 0
    bonus: int = 0
    jokers_as: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.combination == "none":
            return "Poor Hand: 0 damage."
        name = self.combination.replace("_", " ").capitalize()
        cards = " ".join(str(c) for c in self.scoring_cards)
        return f"{name} ({cards}): {self.base} + {self.bonus} bonus = {self.total} damage."


Option = tuple[int, int, tuple[int, ...], tuple[Card, ...]]  # total, rank, indices, jokers as


def _combinations_of(cards: Sequence[Card]) -> Iterator[str]:
    """The combinations that exactly these cards (no spare card) may be declared as."""
    values = [c.value for c in cards]
    shape = sorted(Counter(values).values())
    if shape in ([2], [3], [2, 2], [4], [5], [2, 3]):
        yield {
            (2,): "pair",
            (3,): "three_of_a_kind",
            (2, 2): "two_pair",
            (4,): "four_of_a_kind",
            (5,): "five_of_a_kind",
            (2, 3): "full_house",
        }[tuple(shape)]
    if len(cards) != 5:
        return
    suited = len({c.suit for c in cards}) == 1
    straight = frozenset(values) in _WINDOWS
    if straight and suited:
        yield "straight_flush"
    if straight:
        yield "straight"
    if suited:
        yield "flush"


def _options(cards: Sequence[Card], sizes: Iterable[int]) -> Iterator[Option]:
    """Every (total, rank, scoring indices, jokers as) the cards can deal with one subset."""
    for size in sizes:
        for indices in itertools.combinations(range(len(cards)), size):
            chosen = [cards[i] for i in indices]
            jokers = sum(c.is_joker for c in chosen)
            naturals = [c for c in chosen if not c.is_joker]
            for stand_ins in itertools.product(_STANDARD, repeat=jokers):
                concrete = naturals + list(stand_ins)
                extra = sum(bonus(c.value) for c in concrete)
                for name in _combinations_of(concrete):
                    yield BASE_DAMAGE[name] + extra, _RANK[name], indices, stand_ins


def _best(cards: Sequence[Card], declare: str | None, sizes: Iterable[int]) -> Option | None:
    best: Option | None = None
    for option in _options(cards, sizes):
        if declare is not None and option[1] != _RANK[declare]:
            continue
        if best is None or option[:2] > best[:2]:
            best = option
    return best


def _as_damage(option: Option | None, cards: Sequence[Card], played: Sequence[Card]) -> Damage:
    if option is None:
        return Damage(0, "none", (), tuple(played))
    total, rank, indices, stand_ins = option
    name = COMBINATIONS[rank]
    return Damage(
        total=total,
        combination=name,
        scoring_cards=tuple(cards[i] for i in indices),
        played=tuple(played),
        base=BASE_DAMAGE[name],
        bonus=total - BASE_DAMAGE[name],
        jokers_as=tuple(stand_ins),
    )


def _checked(cards: str | Iterable[str | Card], most: int, what: str) -> tuple[Card, ...]:
    hand = parse_cards(cards)
    if not 1 <= len(hand) <= most:
        raise ValueError(f"{what} has 1 to {most} cards, not {len(hand)}.")
    naturals = [str(c) for c in hand if not c.is_joker]
    repeated = sorted({c for c in naturals if naturals.count(c) > 1})
    if repeated:
        raise ValueError(f"{what} cannot hold the same card twice: {', '.join(repeated)}.")
    return hand


def damage(cards: str | Iterable[str | Card], declare: str | None = None) -> Damage:
    """The damage of a played Hand of up to 5 cards (Jokers wild).

    Without ``declare`` the Hand is scored as the combination that deals the most; with it
    (a name from :data:`COMBINATIONS`, for a lesser declaration) as that combination, which
    the cards must hold. A Hand holding no combination is a Poor Hand: 0 damage.

    >>> damage("2S 2H 2D KS KC").total
    8
    """
    hand = _checked(cards, 5, "A played Hand")
    if declare is not None and declare not in _RANK:
        raise ValueError(
            f"{declare!r} is not a combination: choose one of {', '.join(COMBINATIONS)}."
        )
    option = _best(hand, declare, range(2, len(hand) + 1))
    if option is None and declare is not None:
        shown = " ".join(str(c) for c in hand)
        raise ValueError(f"{shown} holds no {declare.replace('_', ' ')} to declare.")
    return _as_damage(option, hand, hand)


def _keep_value(card: Card) -> tuple[int, int]:
    """How much a player wants to keep a card: the Joker most, then Aces, then high cards."""
    if card.is_joker:
        return (2, 0)
    return (1 if card.value == 1 else 0, card.value if card.value > 1 else 14)


def best_play(hand: str | Iterable[str | Card], easy: bool = False) -> Damage:
    """The Hand to play from a hand of up to 8 cards that deals the most damage.

    Normal: 5 cards (or all, if fewer are held): the scoring cards plus the cards least worth
    keeping. ``easy=True``: just the scoring cards. With no combination, the 5 cards least
    worth keeping are played as a Poor Hand. ``.played`` lists the cards put down.
    """
    cards = _checked(hand, 8, "A hand")
    option = _best(cards, None, range(2, min(5, len(cards)) + 1))
    chosen = [] if option is None else list(option[2])
    if not easy or option is None:
        spare = sorted(set(range(len(cards))) - set(chosen), key=lambda i: _keep_value(cards[i]))
        chosen += spare[: max(0, min(5, len(cards)) - len(chosen))]
    return _as_damage(option, cards, [cards[i] for i in chosen])


def poor_hand_allowed(hand: str | Iterable[str | Card], discards_left: int) -> bool:
    """Whether a Poor Hand (5 cards, 0 damage) may be played: no combination and no discards."""
    return discards_left == 0 and best_play(hand).combination == "none"

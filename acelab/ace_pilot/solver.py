"""Find every Assault Equation that reaches a target, and every value a hand can reach.

The search follows the structure of RULINGS §1.3 outside-in: an equation is either a *core
block* (one ace, or a core and its two-card partner), or a left carryover in front of an
equation without right carryovers, or an equation followed by a right carryover. Sub-results
are memoized on the multiset of cards, so the same three-card puzzles are solved only once.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache

from acelab.ace_pilot.equation import (
    Equation,
    Group,
    Value,
    check_structure,
    distinct_orders,
    fold_values,
    parse_pilot,
    step,
)
from acelab.cards import Card, Suit, parse_card

__all__ = [
    "PILOTS",
    "all_equations",
    "parse_hand",
    "parse_ready",
    "reachable",
    "solve",
    "zero_divisions",
]

PILOTS: tuple[Suit, ...] = (Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS)
"""The four pilots in acelab's display order: Hailey, Sabina, Cam, Duke."""

Cards = tuple[int, ...]
Groups = tuple[Group, ...]
_VALUE_WORDS = {"J": 11, "Q": 12, "K": 13}


def parse_hand(hand: Iterable[int | str | Card] | str) -> Cards:
    """Card values, sorted, from ints 2..13, card strings (``"9S"``, ``"Q♥"``) or ``J Q K``."""
    items: Iterable[int | str | Card] = (
        hand.replace(",", " ").split() if isinstance(hand, str) else hand
    )
    values: list[int] = []
    for item in items:
        if isinstance(item, Card):
            value = item.value
        elif isinstance(item, int) and not isinstance(item, bool):
            value = item
        elif isinstance(item, str) and (
            item.strip().upper() in _VALUE_WORDS or item.strip().isdigit()
        ):
            token = item.strip().upper()
            value = _VALUE_WORDS.get(token) or int(token)
        elif isinstance(item, str):
            value = parse_card(item).value
        else:
            raise ValueError(f"{item!r} is not a card: give a value 2..13 or a card like '9S'.")
        if not 2 <= value <= 13:
            raise ValueError(f"{value} is not a card value in Ace Pilot: values run from 2 to 13.")
        values.append(value)
    return tuple(sorted(values))


def parse_ready(ready: str | Iterable[str | Suit] | None, start: Suit) -> frozenset[Suit]:
    """The Ready pilots other than ``start``: ``None`` means the other three, ``""`` none."""
    if ready is None:
        return frozenset(PILOTS) - {start}
    if isinstance(ready, str):
        text = ready.replace(",", " ").split()
        if len(text) == 1 and text[0].upper() not in ("HAILEY", "SABINA", "CAM", "DUKE"):
            text = list(text[0])
        ready = text
    return frozenset(parse_pilot(p) for p in ready) - {start}


def _remove(cards: Cards, card: int) -> Cards:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


@cache
def _submultisets(cards: Cards) -> tuple[Cards, ...]:
    """The distinct sub-multisets of ``cards`` with two or more cards."""
    found = {
        combo for size in range(2, len(cards) + 1) for combo in itertools.combinations(cards, size)
    }
    return tuple(sorted(found))


@cache
def _splits(cards: Cards) -> tuple[tuple[Cards, Cards], ...]:
    """Ordered splits of ``cards`` into two parts of two or more cards each."""
    found: set[tuple[Cards, Cards]] = set()
    for size in range(2, len(cards) - 1):
        for left in itertools.combinations(cards, size):
            rest = cards
            for card in left:
                rest = _remove(rest, card)
            found.add((left, rest))
    return tuple(sorted(found))


@cache
def _group_table(suit: Suit, cards: Cards) -> dict[Value, tuple[Cards, ...]]:
    """Each value of one ace holding exactly ``cards``, with the card orders that give it."""
    table: dict[Value, list[Cards]] = {}
    for order in distinct_orders(suit, cards):
        for value in fold_values(suit, [(v,) for v in order]):
            table.setdefault(value, []).append(order)
    return {value: tuple(orders) for value, orders in table.items()}


@cache
def _core_table(
    cards: Cards, start: Suit, avail: frozenset[Suit]
) -> dict[Value, tuple[Groups, ...]]:
    """Every core block (one ace, or a core and its partner) using exactly ``cards``."""
    table: dict[Value, list[Groups]] = {}
    for value, orders in _group_table(start, cards).items():
        table.setdefault(value, []).extend((Group(start, order),) for order in orders)
    pairs = [(start, other) for other in avail] + [(other, start) for other in avail]
    for left, right in _splits(cards):
        for core, partner in pairs:
            for partner_value, partner_orders in _group_table(partner, right).items():
                for order in distinct_orders(core, left):
                    operands = [(v,) for v in order] + [(partner_value,)]
                    for value in fold_values(core, operands):
                        table.setdefault(value, []).extend(
                            (Group(core, order), Group(partner, p)) for p in partner_orders
                        )
    return {value: tuple(found) for value, found in table.items()}


def _carry(suit: Suit, left: Value, right: Value) -> tuple[Value, ...]:
    results = step(suit, left, right)
    if suit is Suit.SPADES:
        return tuple(None if r is None else abs(r) for r in results)
    return results


@cache
def _reach(cards: Cards, start: Suit, avail: frozenset[Suit], right_ok: bool) -> frozenset[Value]:
    """Every value of equations using some of ``cards`` (``right_ok``: right carryovers too)."""
    out: set[Value] = set()
    for sub in _submultisets(cards):
        out.update(_core_table(sub, start, avail))
    for suit in avail:
        rest_avail = avail - {suit}
        for card in set(cards):
            rest = _remove(cards, card)
            for value in _reach(rest, start, rest_avail, False):
                out.update(_carry(suit, card, value))
            if right_ok:
                for value in _reach(rest, start, rest_avail, True):
                    out.update(_carry(suit, value, card))
    return frozenset(out)


@lru_cache(maxsize=200_000)
def _solve(
    cards: Cards, target: Value, start: Suit, avail: frozenset[Suit], right_ok: bool
) -> tuple[Groups, ...]:
    out: list[Groups] = []
    for sub in _submultisets(cards):
        out.extend(_core_table(sub, start, avail).get(target, ()))
    for suit in avail:
        rest_avail = avail - {suit}
        for card in set(cards):
            rest = _remove(cards, card)
            carry = Group(suit, (card,))
            for value in _reach(rest, start, rest_avail, False):
                if target in _carry(suit, card, value):
                    inner = _solve(rest, value, start, rest_avail, False)
                    out.extend((carry, *groups) for groups in inner)
            if right_ok:
                for value in _reach(rest, start, rest_avail, True):
                    if target in _carry(suit, value, card):
                        inner = _solve(rest, value, start, rest_avail, True)
                        out.extend((*groups, carry) for groups in inner)
    return tuple(out)


def _situation(
    hand: Iterable[int | str | Card] | str,
    start: str | Suit,
    ready: str | Iterable[str | Suit] | None,
) -> tuple[Cards, Suit, frozenset[Suit]]:
    suit = parse_pilot(start)
    return parse_hand(hand), suit, parse_ready(ready, suit)


def _sorted(found: Iterable[Groups]) -> list[Equation]:
    equations = {Equation(groups) for groups in found}
    return sorted(equations, key=lambda e: (len(e.groups), len(e.cards), str(e)))


def solve(
    hand: Iterable[int | str | Card] | str,
    target: int,
    start: str | Suit,
    ready: str | Iterable[str | Suit] | None = None,
) -> list[Equation]:
    """Every distinct equation that reaches ``target``, simplest first.

    ``hand``: values 2..13 or card strings; ``start``: the Starting Pilot (``"D"`` or
    ``"Duke"``); ``ready``: the Ready pilots (``"HC"``, ``["Cam"]``, ``""`` for none, ``None``
    for the other three). Cards whose order cannot change the value are listed once (see
    :meth:`Equation.normalized`). No returned equation divides by zero.
    """
    cards, suit, avail = _situation(hand, start, ready)
    return _sorted(_solve(cards, target, suit, avail, True))


def zero_divisions(
    hand: Iterable[int | str | Card] | str,
    start: str | Suit,
    ready: str | Iterable[str | Suit] | None = None,
) -> list[Equation]:
    """Every distinct equation of this situation that divides by zero (and so loses the game)."""
    cards, suit, avail = _situation(hand, start, ready)
    return _sorted(_solve(cards, None, suit, avail, True))


def reachable(
    hand: Iterable[int | str | Card] | str,
    start: str | Suit,
    ready: str | Iterable[str | Suit] | None = None,
) -> frozenset[int]:
    """Every value some legal equation of this situation can make."""
    cards, suit, avail = _situation(hand, start, ready)
    return frozenset(v for v in _reach(cards, suit, avail, True) if v is not None)


def _compositions(total: int) -> Iterator[tuple[int, ...]]:
    if total == 0:
        yield ()
        return
    for first in range(1, total + 1):
        for rest in _compositions(total - first):
            yield (first, *rest)


def all_equations(
    hand: Iterable[int | str | Card] | str,
    start: str | Suit,
    ready: str | Iterable[str | Suit] | None = None,
) -> list[Equation]:
    """Every distinct legal equation of this situation, found by brute force (for checking)."""
    cards, suit, avail = _situation(hand, start, ready)
    pilots = sorted(avail | {suit}, key=PILOTS.index)
    found: set[Equation] = set()
    for size in range(2, len(cards) + 1):
        for order in set(itertools.permutations(cards, size)):
            for sizes in _compositions(size):
                for suits in itertools.permutations(pilots, len(sizes)):
                    if suit not in suits or sizes[suits.index(suit)] < 2:
                        continue
                    try:
                        check_structure(sizes, suits)
                    except ValueError:
                        continue
                    bounds = list(itertools.accumulate(sizes, initial=0))
                    groups = tuple(
                        Group(s, order[a:b])
                        for s, a, b in zip(suits, bounds[:-1], bounds[1:], strict=True)
                    )
                    found.add(Equation(groups).normalized())
    return sorted(found, key=lambda e: (len(e.groups), len(e.cards), str(e)))

"""Find every Assault Equation that reaches a target, and every value a hand can reach.

(How many deals can be solved at all is :mod:`acelab.ace_pilot.solvability`'s.)

The search follows the structure of RULINGS §1.3 outside-in: an equation is either a *core
block* (one ace, or a core and its two-card partner), or a left carryover in front of an
equation without right carryovers, or an equation followed by a right carryover. Sub-results
are memoized on the multiset of cards, so the same three-card puzzles are solved only once.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Collection, Iterable
from functools import cache, lru_cache

from acelab.ace_pilot.equation import Equation, Group
from acelab.ace_pilot.operations import distinct_orders
from acelab.ace_pilot.pilots import PILOT_NAMES, PILOTS, parse_pilot
from acelab.ace_pilot.structure import check_structure, compositions
from acelab.engine.cards import Card, Suit, parse_card
from acelab.engine.terms import shown

__all__ = [
    "all_equations",
    "parse_hand",
    "parse_ready",
    "reachable",
    "solve",
    "zero_divisions",
]

MAX_HAND = 4
"""The most cards the solver takes: a hand holds 3, plus the card drawn."""

Cards = tuple[int, ...]
_VALUE_WORDS = {"J": 11, "Q": 12, "K": 13}


def parse_hand(hand: Iterable[int | str | Card] | str) -> Cards:
    """Card values, sorted, from ints 2..13, card strings (``"9S"``, ``"Q♥"``) or ``J Q K``."""
    if not isinstance(hand, str | Iterable):
        raise ValueError(f"A hand is a list of cards or values, not {type(hand).__name__}.")
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
            item.strip().upper() in _VALUE_WORDS
            or (item.strip().isdecimal() and len(item.strip()) <= 4)
        ):
            token = item.strip().upper()
            value = _VALUE_WORDS.get(token) or int(token)
        elif isinstance(item, str):
            value = parse_card(item).value
        else:
            raise ValueError(
                f"{shown(item)} is not a card: give a value 2..13 or a card like '9S'."
            )
        if not 2 <= value <= 13:
            raise ValueError(
                f"{shown(value)} is not a card value in Ace Pilot: values run from 2 to 13."
            )
        values.append(value)
    return tuple(sorted(values))


def parse_ready(ready: str | Iterable[str | Suit] | None, start: Suit) -> frozenset[Suit]:
    """The Ready pilots other than ``start``: ``None`` means the other three, ``""`` none."""
    if ready is None:
        return frozenset(PILOTS) - {start}
    if isinstance(ready, str):
        text = ready.replace(",", " ").split()
        names = {name.upper() for name in PILOT_NAMES.values()}
        if len(text) == 1 and text[0].upper() not in names:
            text = list(text[0])
        ready = text
    if not isinstance(ready, Iterable):
        raise ValueError(f"The Ready pilots are a list of pilots, not {type(ready).__name__}.")
    return frozenset(parse_pilot(p) for p in ready) - {start}


def _remove(cards: Cards, card: int) -> Cards:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


# --------------------------------------------------------------------------------------------
# The search works on small ints, never on the Suit enum (whose hashing dominated): pilot ``i``
# is ``PILOTS[i]`` (0 Hailey +, 1 Sabina −, 2 Cam ×, 3 Duke /), a set of pilots is a 4-bit
# mask, and a division by zero is the value ``-1`` (every other value is 0 or more). An
# equation is a *code*: one ``(pilot, card order)`` pair per ace, left to right.

_PLUS, _MINUS, _TIMES, _DIVIDE = range(4)
_ZERO_DIVISION = -1
_INDEX: dict[Suit, int] = {suit: i for i, suit in enumerate(PILOTS)}
Code = tuple[tuple[int, Cards], ...]


def _mask(pilots: Iterable[Suit]) -> int:
    mask = 0
    for pilot in pilots:
        mask |= 1 << _INDEX[pilot]
    return mask


_MASK_PILOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in range(4) if mask >> p & 1) for mask in range(16)
)
"""The pilots of each mask, in display order."""


def _fold(pilot: int, operands: Cards) -> tuple[int, ...]:
    """Every value of one ace over these operands in this order (:func:`fold_values`)."""
    if min(operands) < 0:
        return (_ZERO_DIVISION,)
    if pilot == _PLUS:
        return (sum(operands),)
    if pilot == _TIMES:
        return (math.prod(operands),)
    first = operands[0]
    if pilot == _MINUS:
        return (abs(first - sum(operands[1:])),)
    acc = {first}
    for right in operands[1:]:
        if right == 0:
            return (_ZERO_DIVISION,)
        new: set[int] = set()
        for left in acc:
            quotient, remainder = divmod(left, right)
            new.add(quotient)
            if remainder:
                new.add(quotient + 1)
        acc = new
    return tuple(acc)


def _carry(pilot: int, card: int, values: Collection[int], card_first: bool) -> set[int]:
    """Every value of a carryover ``card`` on ``pilot`` with the rest's ``values`` (a left
    carryover, ``card_first``: ``card op v``; a right one: ``v op card``)."""
    found = [v for v in values if v >= 0]
    out: set[int] = {_ZERO_DIVISION} if _ZERO_DIVISION in values else set()
    if pilot == _PLUS:
        out.update(card + v for v in found)
    elif pilot == _TIMES:
        out.update(card * v for v in found)
    elif pilot == _MINUS:
        out.update(abs(card - v) for v in found)
    elif card_first:
        for v in found:
            if v == 0:
                out.add(_ZERO_DIVISION)
                continue
            quotient, remainder = divmod(card, v)
            out.add(quotient)
            if remainder:
                out.add(quotient + 1)
    else:
        for v in found:
            quotient, remainder = divmod(v, card)
            out.add(quotient)
            if remainder:
                out.add(quotient + 1)
    return out


def _carry_one(pilot: int, card: int, value: int, card_first: bool) -> set[int]:
    return {_ZERO_DIVISION} if value < 0 else _carry(pilot, card, (value,), card_first)


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
def _orders(pilot: int, cards: Cards) -> tuple[Cards, ...]:
    return tuple(distinct_orders(PILOTS[pilot], cards))


@cache
def _group_table(pilot: int, cards: Cards) -> dict[int, tuple[Code, ...]]:
    """Each value of one ace holding exactly ``cards``, with the one-ace codes that give it."""
    table: dict[int, list[Code]] = {}
    for order in _orders(pilot, cards):
        for value in _fold(pilot, order):
            table.setdefault(value, []).append(((pilot, order),))
    return {value: tuple(codes) for value, codes in table.items()}


@cache
def _extended(core: int, left: Cards, last: int) -> dict[int, tuple[Cards, ...]]:
    """Each value of ``core(left…)`` with one more, last operand (its partner's value), with
    the orders of ``left`` that give it."""
    table: dict[int, list[Cards]] = {}
    for order in _orders(core, left):
        for value in _fold(core, (*order, last)):
            table.setdefault(value, []).append(order)
    return {value: tuple(orders) for value, orders in table.items()}


@cache
def _pair_values(left: Cards, right: Cards, core: int, partner: int) -> frozenset[int]:
    """Every value of ``core(left…) partner(right…)``, a core with its two-card partner."""
    return frozenset().union(*(_extended(core, left, v) for v in _group_table(partner, right)))


def _pair_codes(left: Cards, right: Cards, core: int, partner: int, target: int) -> list[Code]:
    """The codes of ``core(left…) partner(right…)`` that can make ``target``."""
    if target not in _pair_values(left, right, core, partner):
        return []
    return [
        ((core, order), *code)
        for value, codes in _group_table(partner, right).items()
        for order in _extended(core, left, value).get(target, ())
        for code in codes
    ]


def _core_codes(cards: Cards, target: int, start: int, avail: int) -> list[Code]:
    """The core blocks (one ace, or a core and its partner) on some ``cards`` making ``target``."""
    out: list[Code] = []
    for sub in _submultisets(cards):
        out.extend(_group_table(start, sub).get(target, ()))
        for left, right in _splits(sub):
            for other in _MASK_PILOTS[avail]:
                out.extend(_pair_codes(left, right, start, other, target))
                out.extend(_pair_codes(left, right, other, start, target))
    return out


@lru_cache(maxsize=20_000)
def _reach_by_pilots(cards: Cards, start: int, right_ok: bool) -> dict[int, frozenset[int]]:
    """Every value of equations on some of ``cards``, keyed by the mask of the other pilots
    they deploy; one table serves every set of Ready pilots (see :func:`_reach`)."""
    found: dict[int, set[int]] = {0: set()}
    others = [p for p in range(4) if p != start]
    for sub in _submultisets(cards):
        found[0].update(_group_table(start, sub))
        for left, right in _splits(sub):
            for other in others:
                bucket = found.setdefault(1 << other, set())
                bucket.update(_pair_values(left, right, start, other))
                bucket.update(_pair_values(left, right, other, start))
    for pilot in others:
        bit = 1 << pilot
        for card in set(cards):
            rest = _remove(cards, card)
            if len(rest) < 2:
                continue
            for card_first in (True, False) if right_ok else (True,):
                inner = _reach_by_pilots(rest, start, not card_first)
                for used, values in inner.items():
                    if not used & bit:
                        bucket = found.setdefault(used | bit, set())
                        bucket.update(_carry(pilot, card, values, card_first))
    return {used: frozenset(values) for used, values in found.items()}


@lru_cache(maxsize=100_000)
def _reach(cards: Cards, start: int, avail: int, right_ok: bool) -> frozenset[int]:
    """Every value of equations using some of ``cards`` and of the pilots in ``avail``
    (``right_ok``: right carryovers too)."""
    found = [v for used, v in _reach_by_pilots(cards, start, right_ok).items() if not used & ~avail]
    return frozenset().union(*found)


def _operands(
    pilot: int, card: int, target: int, card_first: bool, reach: frozenset[int]
) -> list[int]:
    """The values ``v`` in ``reach`` for which a carryover ``card`` on ``pilot`` makes
    ``target`` (``card_first``: a left carryover, ``card op v``; else ``v op card``)."""
    if target >= 0 and (pilot != _DIVIDE or not card_first):
        # Here every candidate of 0 or more makes the target: no need to check each one.
        if pilot == _PLUS:
            exact: Iterable[int] = (target - card,)
        elif pilot == _TIMES:
            exact = (target // card,) if target % card == 0 else ()
        elif pilot == _MINUS:
            exact = {card + target, card - target}
        else:
            exact = range(max(0, (target - 1) * card + 1), (target + 1) * card)
        return [v for v in exact if v >= 0 and v in reach]
    candidates: Iterable[int]
    if target < 0:
        candidates = (_ZERO_DIVISION, 0) if pilot == _DIVIDE and card_first else (_ZERO_DIVISION,)
    elif target >= 2:
        candidates = range(card // (target + 1) + 1, -(-card // (target - 1)) + 1)
    else:
        candidates = reach
    return [
        v for v in candidates if v in reach and target in _carry_one(pilot, card, v, card_first)
    ]


@lru_cache(maxsize=200_000)
def _solve(cards: Cards, target: int, start: int, avail: int, right_ok: bool) -> tuple[Code, ...]:
    """Every code on some of ``cards`` that can make ``target`` (with duplicates)."""
    out = _core_codes(cards, target, start, avail)
    for pilot in _MASK_PILOTS[avail]:
        rest_avail = avail & ~(1 << pilot)
        for card in set(cards):
            rest = _remove(cards, card)
            if len(rest) < 2:
                continue
            carry = (pilot, (card,))
            for value in _operands(
                pilot, card, target, True, _reach(rest, start, rest_avail, False)
            ):
                out.extend((carry, *code) for code in _solve(rest, value, start, rest_avail, False))
            if right_ok:
                right_reach = _reach(rest, start, rest_avail, True)
                for value in _operands(pilot, card, target, False, right_reach):
                    out.extend(
                        (*code, carry) for code in _solve(rest, value, start, rest_avail, True)
                    )
    return tuple(out)


def _situation(
    hand: Iterable[int | str | Card] | str,
    start: str | Suit,
    ready: str | Iterable[str | Suit] | None,
) -> tuple[Cards, Suit, frozenset[Suit]]:
    suit = parse_pilot(start)
    cards = parse_hand(hand)
    if len(cards) > MAX_HAND:
        raise ValueError(
            f"The solver works on at most {MAX_HAND} cards (a hand holds {MAX_HAND}), "
            f"not {len(cards)}."
        )
    return cards, suit, parse_ready(ready, suit)


def _check_target(target: object) -> int:
    if isinstance(target, bool) or not isinstance(target, int):
        raise ValueError(f"A target is a whole number, not {shown(target)}.")
    return target


def _code_key(code: Code) -> tuple[int, int, Code]:
    return len(code), sum(len(order) for _, order in code), code


@cache
def _group(pilot: int, order: Cards) -> Group:
    return Group(PILOTS[pilot], order)


@lru_cache(maxsize=50_000)
def _codes(cards: Cards, target: int, start: int, avail: int) -> tuple[Code, ...]:
    """The distinct solutions' codes, simplest first (``target`` -1: dividing by zero)."""
    return tuple(sorted(set(_solve(cards, target, start, avail, True)), key=_code_key))


@lru_cache(maxsize=20_000)
def _solutions(cards: Cards, target: int, start: int, avail: int) -> tuple[Equation, ...]:
    """The distinct solutions as equations, simplest first."""
    return tuple(_equation(code) for code in _codes(cards, target, start, avail))


@lru_cache(maxsize=200_000)
def _equation(code: Code) -> Equation:
    """The equation of a code (shared by every situation it solves)."""
    return Equation._trusted(tuple(_group(pilot, order) for pilot, order in code))


def _int_situation(
    hand: Iterable[int | str | Card] | str,
    start: str | Suit,
    ready: str | Iterable[str | Suit] | None,
) -> tuple[Cards, int, int]:
    cards, suit, avail = _situation(hand, start, ready)
    return cards, _INDEX[suit], _mask(avail)


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
    cards, start_index, avail = _int_situation(hand, start, ready)
    if _check_target(target) < 0:
        return []
    return list(_solutions(cards, target, start_index, avail))


def zero_divisions(
    hand: Iterable[int | str | Card] | str,
    start: str | Suit,
    ready: str | Iterable[str | Suit] | None = None,
) -> list[Equation]:
    """Every distinct equation of this situation that divides by zero (and so loses the game)."""
    cards, start_index, avail = _int_situation(hand, start, ready)
    return list(_solutions(cards, _ZERO_DIVISION, start_index, avail))


def reachable(
    hand: Iterable[int | str | Card] | str,
    start: str | Suit,
    ready: str | Iterable[str | Suit] | None = None,
) -> frozenset[int]:
    """Every value some legal equation of this situation can make."""
    cards, start_index, avail = _int_situation(hand, start, ready)
    return frozenset(v for v in _reach(cards, start_index, avail, True) if v >= 0)


def count_solutions(cards: Cards, target: int, start: int, avail: int) -> int:
    """How many distinct solutions :func:`solve` lists, on the internal encoding (sorted card
    values, pilot index, mask of the other Ready pilots); for bots that only compare counts."""
    return len(_codes(cards, target, start, avail)) if target >= 0 else 0


def _code_endings(code: Code, start: int) -> tuple[int, ...]:
    """The pilots that may end a solution (as :func:`acelab.ace_pilot.rules.endings`): any
    added pilot, in the equation's order, or the Starting Pilot flying alone."""
    return tuple(pilot for pilot, _ in code if pilot != start) or (start,)


@lru_cache(maxsize=8192)
def _ended_rows(
    cards: Cards, target: int, start: int, avail: int
) -> tuple[tuple[tuple[Code, tuple[int, ...]], ...], tuple[int, ...]]:
    """Each solution's code with the pilots that may end it (winning ones, then those that
    divide by zero), and the running count of (solution, ending) pairs."""
    rows: list[tuple[Code, tuple[int, ...]]] = []
    for wanted in (target, _ZERO_DIVISION) if target >= 0 else (_ZERO_DIVISION,):
        rows.extend(
            (code, _code_endings(code, start)) for code in _codes(cards, wanted, start, avail)
        )
    return tuple(rows), tuple(itertools.accumulate(len(ends) for _, ends in rows))


def ended_solution(
    hand: Iterable[int | str | Card] | str,
    target: int,
    start: str | Suit,
    ready: str | Iterable[str | Suit] | None,
    index: int,
) -> tuple[Equation, Suit]:
    """The ``index``-th of :func:`count_ended_solutions` pairs (equation, Ending Pilot): every
    solution, simplest first, then every equation that divides by zero, each with each pilot
    that may end it; only that one equation is built."""
    rows, totals = _ended_rows(*_int_situation_for(hand, target, start, ready))
    row = bisect.bisect_right(totals, index)
    if not 0 <= index < (totals[-1] if totals else 0):
        raise IndexError("There is no solution with that number.")
    code, ends = rows[row]
    return _equation(code), PILOTS[ends[index - (totals[row - 1] if row else 0)]]


def count_ended_solutions(
    hand: Iterable[int | str | Card] | str,
    target: int,
    start: str | Suit,
    ready: str | Iterable[str | Suit] | None,
) -> int:
    """How many (equation, Ending Pilot) pairs win or divide by zero in this situation."""
    _, totals = _ended_rows(*_int_situation_for(hand, target, start, ready))
    return totals[-1] if totals else 0


def _int_situation_for(
    hand: Iterable[int | str | Card] | str,
    target: int,
    start: str | Suit,
    ready: str | Iterable[str | Suit] | None,
) -> tuple[Cards, int, int, int]:
    cards, start_index, avail = _int_situation(hand, start, ready)
    return cards, target, start_index, avail


@lru_cache(maxsize=50_000)
def first_solution_per_ending(
    cards: Cards, target: int, start: int, avail: int
) -> tuple[tuple[int, Equation], ...]:
    """For each pilot that could end a winning equation, the simplest solution it ends, as
    ``(pilot index, equation)`` pairs (internal encoding); builds no other equation."""
    if target < 0:
        return ()
    first: dict[int, Code] = {}
    for code in _codes(cards, target, start, avail):
        for pilot in _code_endings(code, start):
            first.setdefault(pilot, code)
        if len(first) == 1 + avail.bit_count():
            break
    return tuple((pilot, _equation(code)) for pilot, code in first.items())


@lru_cache(maxsize=100_000)
def targets_reached(cards: Cards, start: int, avail: int, top: int) -> int:
    """How many even targets 2..``top`` some equation reaches (internal encoding, cards sorted)."""
    values = _reach(cards, start, avail, True)
    return sum(1 for target in range(2, top + 1, 2) if target in values)


def pilot_index(pilot: Suit) -> int:
    """A pilot's index in :data:`PILOTS` (the internal encoding)."""
    return _INDEX[pilot]


def pilot_mask(pilots: Iterable[Suit]) -> int:
    """A set of pilots as a 4-bit mask, bit ``i`` for ``PILOTS[i]`` (the internal encoding)."""
    return _mask(pilots)


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
            for sizes in compositions(size):
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

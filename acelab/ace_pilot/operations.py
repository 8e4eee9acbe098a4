"""What each pilot's operation makes of its cards (RULINGS §1.2), with every rounding choice.

Inside one ace: Hearts adds, Clubs multiplies, Spades subtracts left to right and takes the
absolute value at the end, Diamonds divides left to right rounding **every** fractional step
down or up, as the player chooses. So one ace's value is a *set*; ``None`` in it stands for a
division by zero.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Literal

from acelab.engine.cards import Suit

__all__ = ["Rounding", "Value", "distinct_orders", "fold_values", "normal_values", "step"]

Rounding = Literal["down", "up"]
"""How one fractional division step is rounded."""

Value = int | None
"""A resolved value; ``None`` stands for a division by zero."""


def step(suit: Suit, left: Value, right: Value) -> tuple[Value, ...]:
    """One operation of an ace (before Spades' absolute value): every rounding's result."""
    if left is None or right is None:
        return (None,)
    if suit is Suit.HEARTS:
        return (left + right,)
    if suit is Suit.CLUBS:
        return (left * right,)
    if suit is Suit.SPADES:
        return (left - right,)
    if right == 0:
        return (None,)
    quotient, remainder = divmod(left, right)
    return (quotient,) if remainder == 0 else (quotient, quotient + 1)


def fold_values(suit: Suit, operands: Sequence[Iterable[Value]]) -> frozenset[Value]:
    """Every value one ace can take from these operand sets (``None``: division by zero)."""
    acc: set[Value] = set(operands[0])
    for operand in operands[1:]:
        right = tuple(operand)
        acc = {r for a in acc for b in right for r in step(suit, a, b)}
    if suit is Suit.SPADES:
        return frozenset(None if a is None else abs(a) for a in acc)
    return frozenset(acc)


def normal_values(suit: Suit, values: tuple[int, ...]) -> tuple[int, ...]:
    """``values`` on the ace of ``suit`` in a fixed order where their order cannot matter:
    Hearts and Clubs sorted, Spades' first card kept and the rest sorted, Diamonds as given."""
    if suit in (Suit.HEARTS, Suit.CLUBS):
        return tuple(sorted(values))
    if suit is Suit.SPADES and values:
        return (values[0], *sorted(values[1:]))
    return values


def distinct_orders(suit: Suit, cards: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every order of ``cards`` on the ace of ``suit`` that can differ (see
    :func:`normal_values`)."""
    seen: set[tuple[int, ...]] = set()
    for order in itertools.permutations(cards):
        normal = normal_values(suit, order)
        if normal not in seen:
            seen.add(normal)
            yield normal

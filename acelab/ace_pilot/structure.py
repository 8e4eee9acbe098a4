"""The shape of an Assault Equation and the order it resolves in (RULINGS §1.3), written once.

An equation is a row of aces, left to right, each holding an ordered list of cards. The
leftmost ace holding two or more cards is the *core*; if the ace right after it also holds two
or more cards, that ace's value is the core's last operand; carryovers (aces with one card)
left of the core nest towards it, right to left; carryovers right of the core take everything
to their left as their first operand, left to right.

:func:`resolve` is that order, for any kind of value: the evaluator, the tracer, the builder
and both solvers fold with it. :func:`check_structure` says in words why a row is no equation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Final, TypeVar

from acelab.ace_pilot.pilots import pilot_name
from acelab.engine.cards import Suit

__all__ = ["MAX_ACES", "MAX_CARDS", "check_structure", "compositions", "core_index", "resolve"]

MAX_CARDS: Final = 12
"""The most cards one equation may hold (a hand holds 4; this only bounds what parses)."""
MAX_ACES: Final = 3
"""The most aces one equation may deploy (RULINGS §1.1: the Starting Pilot holds two cards of a
hand of four, so at most two more aces can join)."""

T = TypeVar("T")


def core_index(sizes: Sequence[int]) -> int:
    """The index of the core ace (the leftmost holding 2+ cards); ``ValueError`` if none."""
    for index, size in enumerate(sizes):
        if size >= 2:
            return index
    raise ValueError("An equation needs an ace holding two or more cards: the Starting Pilot.")


def check_structure(sizes: Sequence[int], suits: Sequence[Suit]) -> None:
    """Raise ``ValueError`` (one learner sentence) unless these ace sizes form an equation."""
    if not sizes:
        raise ValueError("An equation needs at least one ace.")
    if len(sizes) > MAX_ACES:
        raise ValueError(
            f"An equation deploys at most {MAX_ACES} aces, not {len(sizes)}: the Starting "
            "Pilot holds two of the hand's four cards."
        )
    for size, suit in zip(sizes, suits, strict=True):
        if size < 1:
            raise ValueError(f"{pilot_name(suit)} needs at least one card.")
    seen: set[Suit] = set()
    for suit in suits:
        if suit in seen:
            raise ValueError(f"{pilot_name(suit)} can only be deployed once in an equation.")
        seen.add(suit)
    core = core_index(sizes)
    end = core + 2 if core + 1 < len(sizes) and sizes[core + 1] >= 2 else core + 1
    for size, suit in zip(sizes[end:], suits[end:], strict=True):
        if size != 1:
            raise ValueError(
                f"{pilot_name(suit)} must be a carryover (one card): only the ace right after "
                "the first ace with two or more cards may also hold two or more."
            )
    if sum(sizes) > MAX_CARDS:
        raise ValueError(f"An equation holds at most {MAX_CARDS} cards.")


def resolve(groups: Sequence[tuple[Suit, Sequence[T]]], fold: Callable[[Suit, list[T]], T]) -> T:
    """Resolve a row of aces with ``fold(suit, operands)`` for each ace, in the order of play.

    ``groups`` lists each ace's suit and its operands (already lifted into ``T``). This is the
    one place where RULINGS §1.3 (core, partner, left and right carryovers) is written down.
    """
    core = core_index([len(operands) for _, operands in groups])
    operands = list(groups[core][1])
    end = core + 1
    if end < len(groups) and len(groups[end][1]) >= 2:
        operands.append(fold(groups[end][0], list(groups[end][1])))
        end += 1
    value = fold(groups[core][0], operands)
    for suit, carried in reversed(groups[:core]):
        value = fold(suit, [carried[0], value])
    for suit, carried in groups[end:]:
        value = fold(suit, [value, carried[0]])
    return value


def compositions(total: int) -> Iterator[tuple[int, ...]]:
    """Every way to share ``total`` cards among aces in a row, each holding one or more."""
    if total == 0:
        yield ()
        return
    for first in range(1, total + 1):
        for rest in compositions(total - first):
            yield (first, *rest)

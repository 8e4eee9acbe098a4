"""Ace Pilot's Assault Equation: a row of aces, each with the card values played on it.

An :class:`Equation` is written ``S(9,9,6) D(3)``. Its meaning is fixed by acelab's RULINGS §1:
what each pilot's operation makes (:mod:`~acelab.ace_pilot.operations`) and the order the aces
resolve in (:mod:`~acelab.ace_pilot.structure`). Because of the rounding choices an equation's
value is a *set* (:meth:`Equation.values`); dividing by zero makes no value at all: the game is
lost. Printing and explaining it is :mod:`~acelab.ace_pilot.formula`'s, reading it from text
:mod:`~acelab.ace_pilot.equation_parser`'s.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from acelab.ace_pilot.equation_parser import EquationSyntaxError, parse_groups
from acelab.ace_pilot.formula import Node, Trace, as_latex, as_sympy, as_text, trace
from acelab.ace_pilot.operations import Rounding, Value, fold_values, normal_values
from acelab.ace_pilot.pilots import parse_pilot, pilot_name
from acelab.ace_pilot.structure import check_structure, resolve
from acelab.engine import serializable, shown
from acelab.engine.cards import Suit

__all__ = ["Equation", "EquationSyntaxError", "Group", "Rounding", "either"]


def either(values: Iterable[int]) -> str:
    """The values in words for a learner: ``"3 or 4"``, ``"3, 4 or 5"``."""
    try:
        words = [str(value) for value in values if isinstance(value, int)]
    except TypeError:
        raise ValueError("either() reads a list of whole numbers.") from None
    if not words:
        raise ValueError("either() reads a list of whole numbers.")
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


@serializable
@dataclass(frozen=True)
class Group:
    """One ace of an equation and the card values played on it, left to right."""

    suit: Suit
    values: tuple[int, ...]

    @property
    def pilot(self) -> str:
        """The pilot's name, e.g. ``"Duke"``."""
        return pilot_name(self.suit)

    def __str__(self) -> str:
        return f"{self.suit.letter}({','.join(str(v) for v in self.values)})"


@serializable
@dataclass(frozen=True)
class Equation:
    """An Assault Equation: a row of aces, each with its card values (see the module doc).

    Build one with :meth:`parse` (``Equation.parse("S(9,9,6) D(3)")``) or :meth:`of`
    (``Equation.of(("S", [9, 9, 6]), ("D", [3]))``). Equations are immutable and hashable;
    ``str(eq)`` is the canonical form that :meth:`parse` reads back.
    """

    groups: tuple[Group, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.groups, tuple) or not all(isinstance(g, Group) for g in self.groups):
            raise ValueError("An equation is a tuple of groups (an ace and its cards).")
        for group in self.groups:
            if not isinstance(group.suit, Suit) or not isinstance(group.values, tuple):
                raise ValueError("Each ace of an equation is a pilot with a tuple of card values.")
            for value in group.values:
                if type(value) is not int or not 1 <= value <= 13:
                    raise ValueError(
                        f"{shown(value)} is not a card value: values run from 2 to 13 "
                        "(J=11, Q=12, K=13)."
                    )
        check_structure([len(g.values) for g in self.groups], [g.suit for g in self.groups])

    @classmethod
    def of(cls, *groups: tuple[str | Suit, Iterable[int]]) -> Equation:
        """An equation from ``(pilot, values)`` pairs: ``Equation.of(("D", [6, 3]))``.

        Values 1..13 are accepted (the rulebook's own examples use 1); a hand holds 2..13.
        """
        return cls(tuple(Group(parse_pilot(p), tuple(values)) for p, values in groups))

    @classmethod
    def _trusted(cls, groups: tuple[Group, ...]) -> Equation:
        """An equation from groups already known to be valid (the solver's, skipping checks)."""
        equation = object.__new__(cls)
        object.__setattr__(equation, "groups", groups)
        return equation

    @classmethod
    def parse(cls, text: str) -> Equation:
        """Read ``S(9,9,6) D(3)``, ``♠(9 9 6) ♦(3)`` or ``Sabina(9, 9, 6) Duke(3)``.

        Raises :class:`EquationSyntaxError` (a ``ValueError``) naming the position and reason.
        """
        return cls(tuple(Group(suit, values) for suit, values in parse_groups(text)))

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)

    def __repr__(self) -> str:
        return f"Equation({str(self)!r})"

    @property
    def suits(self) -> tuple[Suit, ...]:
        """The aces, left to right."""
        return tuple(g.suit for g in self.groups)

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card value used, sorted (a multiset)."""
        return tuple(sorted(v for g in self.groups for v in g.values))

    def group(self, pilot: str | Suit) -> Group | None:
        """The group of ``pilot`` in this equation, or ``None``."""
        suit = parse_pilot(pilot)
        return next((g for g in self.groups if g.suit is suit), None)

    def normalized(self) -> Equation:
        """The same equation with cards in a fixed order where order cannot matter.

        Hearts and Clubs cards are sorted; Spades keeps its first card and sorts the rest;
        Diamonds keeps its order (it changes the roundings).
        """
        return Equation(tuple(Group(g.suit, normal_values(g.suit, g.values)) for g in self.groups))

    @cached_property
    def _value_set(self) -> frozenset[Value]:
        lifted = [(g.suit, [frozenset({v}) for v in g.values]) for g in self.groups]
        return resolve(lifted, fold_values)

    def values(self) -> frozenset[int]:
        """Every value the rounding choices can give (empty when it divides by zero)."""
        return frozenset(v for v in self._value_set if v is not None)

    @property
    def divides_by_zero(self) -> bool:
        """True when resolving this equation divides by zero (the game is lost)."""
        return None in self._value_set

    def matches(self, target: int) -> bool:
        """True when some choice of roundings makes ``target`` (False for anything but a
        whole number)."""
        if isinstance(target, bool) or not isinstance(target, int):
            return False
        return target in self._value_set

    def _trace(self, roundings: Sequence[Rounding] | None) -> Trace:
        return trace([(g.suit, g.values) for g in self.groups], roundings)

    @cached_property
    def rounding_steps(self) -> int:
        """How many division steps Duke makes (each may need a rounding choice)."""
        return self._trace(None).steps

    @cached_property
    def _outcomes(self) -> dict[tuple[Rounding, ...], Value]:
        outcomes: dict[tuple[Rounding, ...], Value] = {}
        choices: tuple[Rounding, Rounding] = ("down", "up")
        for roundings in itertools.product(choices, repeat=self.rounding_steps):
            traced = self._trace(roundings)
            outcomes[roundings] = None if traced.divided_by_zero else traced.value
        return outcomes

    def outcomes(self) -> dict[tuple[Rounding, ...], int | None]:
        """The value for every tuple of roundings (``None``: division by zero)."""
        return dict(self._outcomes)

    def value(self, roundings: Sequence[Rounding] = ()) -> int | None:
        """The value for these roundings, one per division step (``None``: division by zero)."""
        return self._outcomes.get(self._check_roundings(roundings))

    def roundings_for(self, target: int) -> tuple[Rounding, ...] | None:
        """The first roundings (down before up) that make ``target``, or ``None``."""
        return next((r for r, v in self._outcomes.items() if v == target), None)

    def _check_roundings(self, roundings: Sequence[Rounding]) -> tuple[Rounding, ...]:
        down: Rounding = "down"
        if isinstance(roundings, str) or not isinstance(roundings, Iterable):
            raise ValueError("Give the roundings as a list such as ['down', 'up'].")
        chosen = tuple(roundings)
        if len(chosen) < self.rounding_steps:
            chosen += (down,) * (self.rounding_steps - len(chosen))
        if len(chosen) != self.rounding_steps or any(r not in ("down", "up") for r in chosen):
            raise ValueError(
                f"This equation has {self.rounding_steps} division step(s); give one rounding, "
                "'down' or 'up', for each."
            )
        return chosen

    def _pick(
        self, roundings: Sequence[Rounding] | None, target: int | None
    ) -> tuple[Rounding, ...]:
        if roundings is not None:
            return self._check_roundings(roundings)
        if target is not None:
            found = self.roundings_for(target)
            if found is not None:
                return found
        down: Rounding = "down"
        return (down,) * self.rounding_steps

    def explain(
        self, target: int | None = None, roundings: Sequence[Rounding] | None = None
    ) -> str:
        """The resolution in words, ace by ace, like the rulebook.

        ``Sabina: 9 − 9 − 6 = −6, which becomes 6. Duke: 6 / 3 = 2.`` With a ``target``, the
        roundings that reach it are used and named; with ``roundings``, those.
        """
        chosen = self._pick(roundings, target)
        traced = self._trace(chosen)
        text = " ".join(traced.sentences)
        if traced.divided_by_zero:
            return text
        if target is not None:
            if traced.value == target:
                text += f" That makes {target}, the target!"
            else:
                others = sorted(self.values())
                text += f" That makes {traced.value}, not the target {target}"
                text += (
                    f" (rounding each division up or down, it can make {either(others)})."
                    if len(others) > 1
                    else "."
                )
        return text

    def _node(self, roundings: Sequence[Rounding] | None, target: int | None) -> Node:
        return self._trace(self._pick(roundings, target)).node

    def formula(
        self, roundings: Sequence[Rounding] | None = None, target: int | None = None
    ) -> str:
        """The equation as plain arithmetic in the learner's order: ``|9 − 9 − 6| / 3``."""
        return as_text(self._node(roundings, target))

    def latex(self, roundings: Sequence[Rounding] | None = None, target: int | None = None) -> str:
        """LaTeX in the learner's order and grouping: ``\\left|9 - 9 - 6\\right| / 3``."""
        return as_latex(self._node(roundings, target))

    def to_sympy(
        self, roundings: Sequence[Rounding] | None = None, target: int | None = None
    ) -> Any:
        """An unevaluated SymPy expression (``Abs``, ``floor``/``ceiling``) in the learner's order.

        ``eq.to_sympy(r).doit()`` equals ``eq.value(r)``. Rounding is written only at division
        steps that are fractional.
        """
        return as_sympy(self._node(roundings, target))

"""Ace Pilot's Assault Equation: parse, resolve, explain, and print it with SymPy and LaTeX.

An equation is a row of aces, left to right, each holding an ordered list of card values, written
``S(9,9,6) D(3)``. Its meaning is fixed by acelab's RULINGS §1:

* inside one ace: Hearts adds, Clubs multiplies, Spades subtracts left to right and takes the
  absolute value at the end, Diamonds divides left to right rounding **every** fractional step
  down or up, as the player chooses;
* between aces: the leftmost ace holding two or more cards is the *core*; if the ace right after
  it also holds two or more cards, that ace's value is the core's last operand; carryovers (aces
  with one card) left of the core nest towards it, right to left; carryovers right of the core
  take everything to their left as their first operand, left to right.

Because of the rounding choices an equation's value is a *set* (:meth:`Equation.values`).
Dividing by zero makes no value at all: the game is lost.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, Final, Literal, TypeVar

from acelab.cards import SUIT_BY_TEXT, Suit
from acelab.engine import serializable

__all__ = [
    "MAX_ACES",
    "PILOT_NAMES",
    "Equation",
    "EquationSyntaxError",
    "Group",
    "Rounding",
    "fold_values",
    "parse_pilot",
    "pilot_name",
    "resolve",
]

Rounding = Literal["down", "up"]
"""How one fractional division step is rounded."""

Value = int | None
"""A resolved value; ``None`` stands for a division by zero."""

PILOT_NAMES: Final[dict[Suit, str]] = {
    Suit.HEARTS: "Hailey",
    Suit.SPADES: "Sabina",
    Suit.CLUBS: "Cam",
    Suit.DIAMONDS: "Duke",
}
_OPERATION: Final[dict[Suit, str]] = {
    Suit.HEARTS: "+",
    Suit.SPADES: "−",
    Suit.CLUBS: "×",
    Suit.DIAMONDS: "/",
}
_PILOT_BY_TEXT: Final[dict[str, Suit]] = {
    **SUIT_BY_TEXT,
    **{name.upper(): suit for suit, name in PILOT_NAMES.items()},
}
_VALUE_BY_TEXT: Final[dict[str, int]] = {
    **{str(n): n for n in range(1, 14)},
    "J": 11,
    "Q": 12,
    "K": 13,
}
MAX_CARDS: Final = 12
"""The most cards one equation may hold (a hand holds 4; this only bounds what parses)."""
MAX_ACES: Final = 3
"""The most aces one equation may deploy (RULINGS §1.1: the Starting Pilot holds two cards of a
hand of four, so at most two more aces can join)."""


def pilot_name(suit: Suit) -> str:
    """The pilot of the ace of ``suit``: Hailey, Sabina, Cam or Duke."""
    return PILOT_NAMES[suit]


def parse_pilot(text: str | Suit) -> Suit:
    """The suit of a pilot named by a letter (``"H"``), a symbol (``"♥"``) or a name."""
    if isinstance(text, Suit):
        return text
    if not isinstance(text, str):
        raise ValueError(f"A pilot is named by text, not {type(text).__name__}.")
    suit = _PILOT_BY_TEXT.get(text.strip().replace("\ufe0f", "").upper())
    if suit is None:
        shown = repr(text) if len(text) <= 20 else repr(text[:17] + "...")
        raise ValueError(
            f"{shown} is not a pilot: write H, S, C or D, ♥ ♠ ♣ ♦, or Hailey, Sabina, Cam, Duke."
        )
    return suit


# --------------------------------------------------------------------------------------------
# The structure of RULINGS §1.3, written once and used by every evaluator.

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


# --------------------------------------------------------------------------------------------
# Expression trees: the learner's order and grouping, for LaTeX, plain text and SymPy.


@dataclass(frozen=True)
class _Num:
    value: int


@dataclass(frozen=True)
class _Chain:
    op: str
    items: tuple[_Node, ...]


@dataclass(frozen=True)
class _Abs:
    item: _Node


@dataclass(frozen=True)
class _Round:
    up: bool
    item: _Node


_Node = _Num | _Chain | _Abs | _Round
_LATEX_OPS: Final = {"+": "+", "−": "-", "×": "\\times", "/": "/"}


def _latex(node: _Node) -> str:
    if isinstance(node, _Num):
        return str(node.value)
    if isinstance(node, _Abs):
        return f"\\left|{_latex(node.item)}\\right|"
    if isinstance(node, _Round):
        left, right = ("\\lceil", "\\rceil") if node.up else ("\\lfloor", "\\rfloor")
        return f"\\left{left} {_latex(node.item)} \\right{right}"
    parts = [
        f"\\left({_latex(item)}\\right)" if isinstance(item, _Chain) else _latex(item)
        for item in node.items
    ]
    return f" {_LATEX_OPS[node.op]} ".join(parts)


def _text(node: _Node) -> str:
    if isinstance(node, _Num):
        return str(node.value)
    if isinstance(node, _Abs):
        return f"|{_text(node.item)}|"
    if isinstance(node, _Round):
        return f"⌈{_text(node.item)}⌉" if node.up else f"⌊{_text(node.item)}⌋"
    parts = [f"({_text(i)})" if isinstance(i, _Chain) else _text(i) for i in node.items]
    return f" {node.op} ".join(parts)


def _sympy(node: _Node) -> Any:
    import sympy

    if isinstance(node, _Num):
        return sympy.Integer(node.value)
    if isinstance(node, _Abs):
        return sympy.Abs(_sympy(node.item), evaluate=False)
    if isinstance(node, _Round):
        rounder = sympy.ceiling if node.up else sympy.floor
        return rounder(_sympy(node.item), evaluate=False)
    first, *rest = (_sympy(item) for item in node.items)
    if node.op == "+":
        return sympy.Add(first, *rest, evaluate=False)
    if node.op == "×":
        return sympy.Mul(first, *rest, evaluate=False)
    if node.op == "−":
        negated = [sympy.Mul(sympy.Integer(-1), r, evaluate=False) for r in rest]
        return sympy.Add(first, *negated, evaluate=False)
    inverses = [sympy.Pow(r, sympy.Integer(-1), evaluate=False) for r in rest]
    return sympy.Mul(first, *inverses, evaluate=False)


def _number(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator).replace("-", "−")
    denominator = value.denominator
    while denominator % 2 == 0:
        denominator //= 2
    while denominator % 5 == 0:
        denominator //= 5
    if denominator == 1:
        return str(float(value))
    return f"{float(value):.2f}…"


@dataclass
class _Traced:
    node: _Node
    value: int


class _Tracer:
    """A fold that follows one rounding choice per division step and writes the sentences."""

    def __init__(self, roundings: Sequence[Rounding] | None) -> None:
        self.roundings = list(roundings) if roundings is not None else None
        self.steps = 0
        self.sentences: list[str] = []
        self.divided_by_zero = False

    def _rounding(self) -> Rounding:
        index = self.steps
        self.steps += 1
        if self.roundings is None:
            return "down"
        if index >= len(self.roundings):
            raise ValueError(
                f"This equation has more division steps than the {len(self.roundings)} "
                "roundings given."
            )
        return self.roundings[index]

    def fold(self, suit: Suit, operands: list[_Traced]) -> _Traced:
        if self.divided_by_zero:
            return _Traced(_Chain(_OPERATION[suit], tuple(o.node for o in operands)), 0)
        symbol = _OPERATION[suit]
        shown = [f"{o.value}" for o in operands]
        name = pilot_name(suit)
        if suit is Suit.DIAMONDS:
            return self._divide(operands, name)
        if suit is Suit.HEARTS:
            value = sum(o.value for o in operands)
        elif suit is Suit.CLUBS:
            value = 1
            for o in operands:
                value *= o.value
        else:
            value = operands[0].value - sum(o.value for o in operands[1:])
        text = f"{name}: {f' {symbol} '.join(shown)} = {_number(Fraction(value))}"
        node: _Node = _Chain(symbol, tuple(o.node for o in operands))
        if suit is Suit.SPADES:
            node = _Abs(node)
            if value < 0:
                text += f", which becomes {-value}"
                value = -value
        self.sentences.append(text + ".")
        return _Traced(node, value)

    def _divide(self, operands: list[_Traced], name: str) -> _Traced:
        items: list[_Node] = [operands[0].node]
        value = operands[0].value
        parts: list[str] = []
        for operand in operands[1:]:
            rounding = self._rounding()
            items.append(operand.node)
            if operand.value == 0:
                if not self.divided_by_zero:
                    parts.append(f"{value} / 0 divides by zero, and everyone loses")
                self.divided_by_zero = True
                break
            exact = Fraction(value, operand.value)
            text = f"{value} / {operand.value} = {_number(exact)}"
            if exact.denominator == 1:
                value = exact.numerator
            else:
                up = rounding == "up"
                value = math.ceil(exact) if up else math.floor(exact)
                text += f", rounded {rounding} to {value}"
                items = [_Round(up, _Chain("/", tuple(items)))]
            parts.append(text)
        if parts:
            self.sentences.append(f"{name}: " + "; ".join(parts) + ".")
        node = items[0] if len(items) == 1 else _Chain("/", tuple(items))
        return _Traced(node, value)


# --------------------------------------------------------------------------------------------
# The equation itself.


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

    @property
    def is_carryover(self) -> bool:
        """True when the ace holds exactly one card."""
        return len(self.values) == 1

    def __str__(self) -> str:
        return f"{self.suit.letter}({','.join(str(v) for v in self.values)})"


def _normal_values(suit: Suit, values: tuple[int, ...]) -> tuple[int, ...]:
    if suit in (Suit.HEARTS, Suit.CLUBS):
        return tuple(sorted(values))
    if suit is Suit.SPADES and values:
        return (values[0], *sorted(values[1:]))
    return values


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
            for value in group.values:
                if type(value) is not int or not 1 <= value <= 13:
                    raise ValueError(
                        f"{value!r} is not a card value: values run from 2 to 13 "
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
        return _Parser(text).equation()

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

    @property
    def core(self) -> int:
        """Index of the core ace: the leftmost holding two or more cards."""
        return core_index([len(g.values) for g in self.groups])

    def group(self, pilot: str | Suit) -> Group | None:
        """The group of ``pilot`` in this equation, or ``None``."""
        suit = parse_pilot(pilot)
        return next((g for g in self.groups if g.suit is suit), None)

    def normalized(self) -> Equation:
        """The same equation with cards in a fixed order where order cannot matter.

        Hearts and Clubs cards are sorted; Spades keeps its first card and sorts the rest;
        Diamonds keeps its order (it changes the roundings).
        """
        return Equation(tuple(Group(g.suit, _normal_values(g.suit, g.values)) for g in self.groups))

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

    def _trace(self, roundings: Sequence[Rounding] | None) -> tuple[_Tracer, _Traced]:
        tracer = _Tracer(roundings)
        lifted = [(g.suit, [_Traced(_Num(v), v) for v in g.values]) for g in self.groups]
        return tracer, resolve(lifted, tracer.fold)

    @cached_property
    def rounding_steps(self) -> int:
        """How many division steps Duke makes (each may need a rounding choice)."""
        return self._trace(None)[0].steps

    @cached_property
    def _outcomes(self) -> dict[tuple[Rounding, ...], Value]:
        outcomes: dict[tuple[Rounding, ...], Value] = {}
        choices: tuple[Rounding, Rounding] = ("down", "up")
        for roundings in itertools.product(choices, repeat=self.rounding_steps):
            tracer, traced = self._trace(roundings)
            outcomes[roundings] = None if tracer.divided_by_zero else traced.value
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
        tracer, traced = self._trace(chosen)
        text = " ".join(tracer.sentences)
        if tracer.divided_by_zero:
            return text
        if target is not None:
            if traced.value == target:
                text += f" That makes {target}, the target!"
            else:
                others = sorted(self.values())
                text += f" That makes {traced.value}, not the target {target}"
                text += (
                    f" (the roundings can give {', '.join(map(str, others))})."
                    if len(others) > 1
                    else "."
                )
        return text

    def _node(self, roundings: Sequence[Rounding] | None, target: int | None) -> _Node:
        return self._trace(self._pick(roundings, target))[1].node

    def formula(
        self, roundings: Sequence[Rounding] | None = None, target: int | None = None
    ) -> str:
        """The equation as plain arithmetic in the learner's order: ``|9 − 9 − 6| / 3``."""
        return _text(self._node(roundings, target))

    def latex(self, roundings: Sequence[Rounding] | None = None, target: int | None = None) -> str:
        """LaTeX in the learner's order and grouping: ``\\left|9 - 9 - 6\\right| / 3``."""
        return _latex(self._node(roundings, target))

    def to_sympy(
        self, roundings: Sequence[Rounding] | None = None, target: int | None = None
    ) -> Any:
        """An unevaluated SymPy expression (``Abs``, ``floor``/``ceiling``) in the learner's order.

        ``eq.to_sympy(r).doit()`` equals ``eq.value(r)``. Rounding is written only at division
        steps that are fractional.
        """
        return _sympy(self._node(roundings, target))


# --------------------------------------------------------------------------------------------
# Parsing.


class EquationSyntaxError(ValueError):
    """An equation text that cannot be read; ``position`` is 0-based, ``reason`` in words."""

    def __init__(self, text: str, position: int, reason: str) -> None:
        shown = text if len(text) <= 40 else text[:37] + "..."
        super().__init__(f"At character {position + 1} of {shown!r}: {reason}")
        self.position = position
        self.reason = reason


_IGNORED: Final = frozenset(" \t\n\r\ufe0f")


class _Parser:
    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise EquationSyntaxError(repr(text), 0, "an equation is written as text.")
        self.text = text
        self.pos = 0

    def fail(self, reason: str, position: int | None = None) -> EquationSyntaxError:
        return EquationSyntaxError(self.text, self.pos if position is None else position, reason)

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in _IGNORED:
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def word(self) -> str:
        start = self.pos
        while self.peek().isascii() and self.peek().isalnum():
            self.pos += 1
        return self.text[start : self.pos]

    def equation(self) -> Equation:
        groups: list[Group] = []
        starts: list[int] = []
        self.skip()
        if not self.peek():
            raise self.fail(
                "the equation is empty; write aces with their cards, like S(9,9,6) D(3)."
            )
        while self.peek():
            if len(groups) == MAX_ACES:
                raise self.fail(f"an equation deploys at most {MAX_ACES} aces.")
            starts.append(self.pos)
            groups.append(self.group())
            self.skip()
        try:
            check_structure([len(g.values) for g in groups], [g.suit for g in groups])
        except ValueError as error:
            raise self.fail(str(error), self._blame(groups, starts, str(error))) from None
        return Equation(tuple(groups))

    @staticmethod
    def _blame(groups: list[Group], starts: list[int], reason: str) -> int:
        for group, start in reversed(list(zip(groups, starts, strict=True))):
            if group.pilot in reason:
                return start
        return starts[0]

    def pilot(self) -> Suit:
        start = self.pos
        char = self.peek()
        if char.isascii() and char.isalpha():
            text = self.word()
        elif char in _PILOT_BY_TEXT:
            self.pos += 1
            text = char
        else:
            raise self.fail(
                f"expected a pilot (H, S, C, D, ♥ ♠ ♣ ♦ or a pilot's name), not {char!r}."
            )
        suit = _PILOT_BY_TEXT.get(text.upper())
        if suit is None:
            raise self.fail(
                f"{text!r} is not a pilot: write H, S, C, D, ♥ ♠ ♣ ♦, or a pilot's name.",
                start,
            )
        return suit

    def group(self) -> Group:
        suit = self.pilot()
        self.skip()
        if self.peek() != "(":
            found = repr(self.peek()) if self.peek() else "the end"
            raise self.fail(f"expected '(' after {pilot_name(suit)}, found {found}.")
        self.pos += 1
        values: list[int] = []
        while True:
            self.skip()
            if not self.peek():
                raise self.fail(f"the text ends before the ')' closing {pilot_name(suit)}'s cards.")
            if self.peek() == ")" and not values:
                raise self.fail(f"{pilot_name(suit)} needs at least one card.")
            values.append(self.value())
            if len(values) > MAX_CARDS:
                raise self.fail(f"an equation holds at most {MAX_CARDS} cards.")
            self.skip()
            if self.peek() == ",":
                self.pos += 1
                self.skip()
                if self.peek() in (")", ""):
                    raise self.fail("expected a card value after ','.")
            elif self.peek() == ")":
                self.pos += 1
                return Group(suit, tuple(values))
            elif not self.peek():
                raise self.fail(f"the text ends before the ')' closing {pilot_name(suit)}'s cards.")
            elif not (self.peek().isascii() and self.peek().isalnum()):
                raise self.fail(f"expected ',' or ')' after a card value, found {self.peek()!r}.")

    def value(self) -> int:
        start = self.pos
        token = self.word()
        if not token:
            raise self.fail(f"expected a card value (2 to 13, J, Q or K), not {self.peek()!r}.")
        value = _VALUE_BY_TEXT.get(token.upper())
        if value is None:
            if token.upper() == "A":
                reason = "an ace is a pilot, not a card value; values run from 2 to 13."
            else:
                reason = f"{token!r} is not a card value: write 2 to 13, or J, Q, K."
            raise self.fail(reason, start)
        return value


def distinct_orders(suit: Suit, cards: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every order of ``cards`` on the ace of ``suit`` that can differ (see :meth:`normalized`)."""
    seen: set[tuple[int, ...]] = set()
    for order in itertools.permutations(cards):
        normal = _normal_values(suit, order)
        if normal not in seen:
            seen.add(normal)
            yield normal

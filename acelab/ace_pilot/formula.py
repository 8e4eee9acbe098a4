"""An equation printed and explained: the learner's order and grouping as plain text, LaTeX and
SymPy, and the resolution in words, ace by ace, like the rulebook.

:func:`trace` resolves a row of aces with one rounding choice per division step and keeps both
the expression tree (for :func:`as_text`, :func:`as_latex`, :func:`as_sympy`) and the sentences
("Sabina: 9 − 9 − 6 = −6, which becomes 6.").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from acelab.ace_pilot.operations import Rounding
from acelab.ace_pilot.pilots import LATEX_OPERATION, SYMBOL, pilot_name
from acelab.ace_pilot.structure import resolve
from acelab.engine.cards import Suit

__all__ = ["Node", "Trace", "as_latex", "as_sympy", "as_text", "trace"]


@dataclass(frozen=True)
class _Num:
    value: int


@dataclass(frozen=True)
class _Chain:
    suit: Suit
    items: tuple[Node, ...]


@dataclass(frozen=True)
class _Abs:
    item: Node


@dataclass(frozen=True)
class _Round:
    up: bool
    item: Node


Node = _Num | _Chain | _Abs | _Round
"""An expression tree in the learner's order: numbers, one ace's chain of operations, Sabina's
absolute value, and a rounded division."""


def as_latex(node: Node) -> str:
    """LaTeX of ``node``: ``\\left|9 - 9 - 6\\right| / 3``."""
    if isinstance(node, _Num):
        return str(node.value)
    if isinstance(node, _Abs):
        return f"\\left|{as_latex(node.item)}\\right|"
    if isinstance(node, _Round):
        left, right = ("\\lceil", "\\rceil") if node.up else ("\\lfloor", "\\rfloor")
        return f"\\left{left} {as_latex(node.item)} \\right{right}"
    parts = [
        f"\\left({as_latex(item)}\\right)" if isinstance(item, _Chain) else as_latex(item)
        for item in node.items
    ]
    return f" {LATEX_OPERATION[node.suit]} ".join(parts)


def as_text(node: Node) -> str:
    """Plain arithmetic of ``node``: ``|9 − 9 − 6| / 3``."""
    if isinstance(node, _Num):
        return str(node.value)
    if isinstance(node, _Abs):
        return f"|{as_text(node.item)}|"
    if isinstance(node, _Round):
        return f"⌈{as_text(node.item)}⌉" if node.up else f"⌊{as_text(node.item)}⌋"
    parts = [f"({as_text(i)})" if isinstance(i, _Chain) else as_text(i) for i in node.items]
    return f" {SYMBOL[node.suit]} ".join(parts)


def as_sympy(node: Node) -> Any:
    """An unevaluated SymPy expression of ``node`` (``Abs``, ``floor``/``ceiling``)."""
    import sympy

    if isinstance(node, _Num):
        return sympy.Integer(node.value)
    if isinstance(node, _Abs):
        return sympy.Abs(as_sympy(node.item), evaluate=False)
    if isinstance(node, _Round):
        rounder = sympy.ceiling if node.up else sympy.floor
        return rounder(as_sympy(node.item), evaluate=False)
    first, *rest = (as_sympy(item) for item in node.items)
    if node.suit is Suit.HEARTS:
        return sympy.Add(first, *rest, evaluate=False)
    if node.suit is Suit.CLUBS:
        return sympy.Mul(first, *rest, evaluate=False)
    if node.suit is Suit.SPADES:
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
    node: Node
    value: int


@dataclass
class Trace:
    """One resolution: the tree, the value, the sentences, how many division steps it made and
    whether it divided by zero (then ``value`` means nothing)."""

    node: Node
    value: int
    sentences: list[str]
    steps: int
    divided_by_zero: bool


@dataclass
class _Tracer:
    """A fold that follows one rounding choice per division step and writes the sentences."""

    roundings: list[Rounding] | None
    steps: int = 0
    sentences: list[str] = field(default_factory=list)
    divided_by_zero: bool = False

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
            return _Traced(_Chain(suit, tuple(o.node for o in operands)), 0)
        if suit is Suit.DIAMONDS:
            return self._divide(operands, pilot_name(suit))
        if suit is Suit.HEARTS:
            value = sum(o.value for o in operands)
        elif suit is Suit.CLUBS:
            value = math.prod(o.value for o in operands)
        else:
            value = operands[0].value - sum(o.value for o in operands[1:])
        shown = f" {SYMBOL[suit]} ".join(str(o.value) for o in operands)
        text = f"{pilot_name(suit)}: {shown} = {_number(Fraction(value))}"
        node: Node = _Chain(suit, tuple(o.node for o in operands))
        if suit is Suit.SPADES:
            node = _Abs(node)
            if value < 0:
                text += f", which becomes {-value}"
                value = -value
        self.sentences.append(text + ".")
        return _Traced(node, value)

    def _divide(self, operands: list[_Traced], name: str) -> _Traced:
        items: list[Node] = [operands[0].node]
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
                items = [_Round(up, _Chain(Suit.DIAMONDS, tuple(items)))]
            parts.append(text)
        if parts:
            self.sentences.append(f"{name}: " + "; ".join(parts) + ".")
        node = items[0] if len(items) == 1 else _Chain(Suit.DIAMONDS, tuple(items))
        return _Traced(node, value)


def trace(
    groups: Sequence[tuple[Suit, Sequence[int]]], roundings: Sequence[Rounding] | None
) -> Trace:
    """Resolve the aces ``groups`` (suit, card values) with these roundings, one per division
    step (``None``: every step down, and as many steps as it takes)."""
    tracer = _Tracer(list(roundings) if roundings is not None else None)
    lifted = [(suit, [_Traced(_Num(v), v) for v in values]) for suit, values in groups]
    traced = resolve(lifted, tracer.fold)
    return Trace(traced.node, traced.value, tracer.sentences, tracer.steps, tracer.divided_by_zero)

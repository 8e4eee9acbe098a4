"""Checking a learner's typed answer against the right one, without ever evaluating code.

Numbers are parsed, not evaluated: ``"3/4"``, ``"0.75"``, ``"75%"``, ``"-2"``, ``"1 1/2"``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

__all__ = ["Verdict", "check_number", "parse_number"]

_MIXED: Final = re.compile(r"^([+-]?\d+)\s+(\d+)\s*/\s*(\d+)$")
_FRACTION: Final = re.compile(r"^([+-]?\d+)\s*/\s*([+-]?\d+)$")
_DECIMAL: Final = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is right, and a sentence of feedback for the learner."""

    correct: bool
    feedback: str


def parse_number(text: str) -> Fraction:
    """The exact number written in ``text``: an integer, a fraction, a decimal or a percentage.

    Raises :class:`ValueError` with a sentence saying what can be typed.
    """
    cleaned = text.strip().replace(",", "").replace("−", "-").replace(" ", " ")
    percent = cleaned.endswith("%")
    if percent:
        cleaned = cleaned[:-1].strip()
    value: Fraction | None = None
    if match := _MIXED.match(cleaned):
        whole, num, den = (int(g) for g in match.groups())
        if den == 0:
            raise ValueError("A fraction cannot have 0 below the line.")
        value = whole + (Fraction(num, den) if whole >= 0 else -Fraction(num, den))
    elif match := _FRACTION.match(cleaned):
        num, den = int(match.group(1)), int(match.group(2))
        if den == 0:
            raise ValueError("A fraction cannot have 0 below the line.")
        value = Fraction(num, den)
    elif _DECIMAL.match(cleaned):
        value = Fraction(cleaned)
    if value is None:
        raise ValueError(
            f"{text.strip()!r} is not a number acelab can read: type a whole number (12), "
            "a fraction (3/4), a decimal (0.75) or a percentage (75%)."
        )
    return value / 100 if percent else value


def check_number(
    expected: Fraction | int,
    *,
    tolerance: Fraction | float = 0,
    hint: str = "",
) -> Callable[[str], Verdict]:
    """A checker for a numeric answer: exact, or within ``tolerance`` of ``expected``."""
    target = Fraction(expected)
    slack = Fraction(tolerance)

    def check(text: str) -> Verdict:
        try:
            given = parse_number(text)
        except ValueError as error:
            return Verdict(False, str(error))
        if abs(given - target) <= slack:
            return Verdict(True, f"Right: {_show(target)}.")
        direction = "too big" if given > target else "too small"
        return Verdict(False, f"Not quite: {_show(given)} is {direction}. {hint}".strip())

    return check


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value} ≈ {float(value):.6g}"

"""What lesson cells show: typeset mathematics, tables and worked answers, never a raw repr.

Each helper returns a :class:`Shown`, a small object that Jupyter renders as Markdown (with
``$…$`` mathematics typeset by MathJax) and that prints as the same text anywhere else.
"""

from __future__ import annotations

import importlib
import types
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

from acelab.teaching.answers import Question, Verdict, answer_of, show_number

__all__ = [
    "Shown",
    "ask",
    "chance",
    "check_function",
    "fraction_latex",
    "maths",
    "percent",
    "table",
    "unwritten",
    "worked",
]


class Shown:
    """Markdown for a notebook cell's output."""

    def __init__(self, markdown: str) -> None:
        self.markdown = markdown

    def _repr_markdown_(self) -> str:
        return self.markdown

    def __repr__(self) -> str:
        return self.markdown

    __str__ = __repr__


def fraction_latex(value: Fraction | int) -> str:
    """``\\frac{5}{52}`` for 5/52, ``624`` for a whole number, with a minus sign in front."""
    value = Fraction(value)
    if value.denominator == 1:
        return f"{value.numerator:,}".replace(",", "{,}")
    sign = "-" if value < 0 else ""
    return f"{sign}\\frac{{{abs(value.numerator):,}}}{{{value.denominator:,}}}".replace(",", "{,}")


def percent(value: Fraction | float, places: int = 1) -> str:
    """``29.8%``: a chance as a percentage, rounded to ``places`` decimal places."""
    return f"{float(value) * 100:.{places}f}%"


def chance(value: Fraction, places: int = 1) -> Shown:
    """A probability typeset as a fraction with its percentage: $\\frac{5}{52} \\approx 9.6\\%$."""
    shown = percent(value, places).replace("%", "\\%")
    return Shown(f"${fraction_latex(value)} \\approx {shown}$")


def maths(latex: str) -> Shown:
    """A line of typeset mathematics."""
    return Shown(f"$${latex}$$")


def table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> Shown:
    """A Markdown table; cells are shown with ``str``."""
    lines = [
        "| " + " | ".join(headers) + " |",
        "|" + "|".join("---" for _ in headers) + "|",
    ]
    lines.extend("| " + " | ".join(str(cell) for cell in row) + " |" for row in rows)
    return Shown("\n".join(lines))


def ask(question: Question) -> Any:
    """The answer box of ``question`` (an ipywidget), as an exercise cell shows it."""
    widgets = importlib.import_module("acelab.widgets.answer")  # the core stays widget-free
    return widgets.AnswerBox(question)


def worked(question: Question) -> Shown:
    """The teacher edition's worked answer: the answer and the checker's verdict on it.

    Raises ``AssertionError`` when the exercise's own checker refuses its answer, so a teacher
    edition whose answers do not check fails when it runs.
    """
    answer = answer_of(question)
    verdict = question.check(answer)
    if not verdict.correct:
        raise AssertionError(f"{question.id}: the answer {answer!r} does not check.")
    return Shown(f"**Answer:** `{answer}` — the checker says: *{verdict.message}*")


def check_function(
    name: str,
    function: Callable[..., object],
    cases: Iterable[tuple[tuple[object, ...], object]],
) -> Verdict:
    """Run a learner's ``function`` on ``cases`` (arguments, expected) and say how it did.

    Never raises: an exception from the learner's code is reported as feedback, and a function
    that still holds its template's ``...`` (or does nothing) is reported as not written yet.
    """
    tried = 0
    for arguments, expected in cases:
        tried += 1
        shown = ", ".join(map(repr, arguments))
        try:
            got = function(*arguments)
        except Exception as error:  # the learner's code: report, never crash the lesson
            if unwritten(function):
                return _not_written(name)
            return Verdict(0.0, False, f"{name}({shown}) stops with {type(error).__name__}.")
        if got != expected:
            if unwritten(function):
                return _not_written(name)
            told = show_number(got) if isinstance(got, int | Fraction) else repr(got)
            return Verdict(
                0.0, False, f"Not yet: {name}({shown}) gives {told}; it should give {expected}."
            )
    return Verdict(1.0, True, f"{name} agrees with acelab on all {tried:,} cases.")


def _not_written(name: str) -> Verdict:
    return Verdict(
        0.0,
        False,
        f"{name} is not written yet: replace the ... with your code, then run this check again.",
    )


_NOTHING = (lambda: None).__code__  # what a body of only ``...`` or ``pass`` compiles to


def unwritten(function: Callable[..., object]) -> bool:
    """Whether a learner's ``function`` still holds a ``...`` of its template, or does nothing."""
    code = getattr(function, "__code__", None)
    if not isinstance(code, types.CodeType):
        return False
    if code.co_code == _NOTHING.co_code and code.co_consts[:1] == (None,):
        return True
    stack = [code]
    while stack:
        for constant in stack.pop().co_consts:
            if constant is Ellipsis:
                return True
            if isinstance(constant, types.CodeType):
                stack.append(constant)
    return False

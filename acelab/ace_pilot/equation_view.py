"""The equation being built, as the play panel shows it beside the table: LaTeX for MathJax in
the learner's order and grouping with its value, and the resolution step by step (the engine's
words, and SymPy's reading of the same tree). Pure functions: a build in, HTML out.
"""

from __future__ import annotations

from html import escape

import sympy

from acelab.ace_pilot.builder import Build
from acelab.ace_pilot.equation import Equation, either

__all__ = ["equation_html", "explanation_html", "warm_up"]


def equation_html(build: Build, target: int) -> str:
    """The equation in the learner's order and grouping (LaTeX for MathJax), its value with the
    chosen roundings, the values the roundings can give, and a division-by-zero warning."""
    latex = build.latex()
    equation = build.equation()
    if equation is None:
        status = escape(build.missing())
        shown = f"$${latex}$$"
    elif build.divides_by_zero:
        shown = f"$${latex}$$"
        status = (
            '<b style="color:#c62828">⚠ This equation divides by zero. The rulebook says that '
            "loses the game for everyone: confirming it ends the game.</b>"
        )
    else:
        value = build.value()
        reached = value == target
        shown = f"$${latex} = {value}$$"
        others = sorted(build.values())
        choices = (
            f" Rounding each division up or down, it can make {either(others)}."
            if len(others) > 1
            else ""
        )
        if reached:
            status = f'<b style="color:#2e7d32">✔ It makes {target}, the target.</b>{choices}'
        else:
            status = f"It makes {value}; the target is {target}.{choices}"
    return (
        f'<div class="acelab-equation-text" style="font-size:1.25em">{shown}</div>'
        f'<div class="acelab-equation-status">{status}</div>'
    )


def explanation_html(build: Build, target: int) -> str:
    """The resolution step by step (the engine's words) and SymPy's reading of the same tree."""
    equation = build.equation()
    if equation is None:
        return f"<div>{escape(build.missing())}</div>"
    roundings = build.padded_roundings()
    words = escape(equation.explain(target=None, roundings=roundings))
    if build.divides_by_zero:
        return f"<div>{words}</div>"
    expression = equation.to_sympy(roundings)
    printed = sympy.latex(expression, order="none", mul_symbol="times")
    return (
        f"<div>{words}</div>"
        f'<div style="margin-top:4px">The same sum written as one line: \\({printed}\\) = '
        f"{expression.doit()} (worked out again by SymPy, a maths library).</div>"
    )


_warmed: list[bool] = []


def warm_up() -> None:
    """Pay SymPy's one-time set-up (about 40 ms) when a panel opens, not on a click."""
    if not _warmed:
        sympy.latex(Equation.parse("D(13,12) H(2)").to_sympy(("up",)).doit())
        _warmed.append(True)

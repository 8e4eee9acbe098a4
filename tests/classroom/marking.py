"""What a learner reads above each exercise of a student edition, for any seed, and the forms
an exercise's answer could be copied in.

:func:`read_with_seed` walks a student edition cell by cell with ``SEED`` set to a seed: the
Markdown as written, and what each code cell shows (tables, trees, worked examples, card
captions, the checks' messages), without panels or widgets. At each exercise cell it yields the
question and the text shown above it.
"""

from __future__ import annotations

import ast
import json
import math
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from acelab.classroom.editions import ROOT
from acelab.teaching.answers import (
    ChoiceQuestion,
    NumberQuestion,
    Question,
    Verdict,
    answer_of,
    right_of,
    value_of,
)
from acelab.teaching.cells import Shown
from acelab.teaching.exercises import LESSONS, Picture, lesson

_DROPPED = re.compile(
    r"Panel\(|import .*Panel|from acelab\.widgets import"
    r"|from acelab\.(?:lessons|teaching\.cells) import"
)


_UNSEEDED: dict[str, str] = {}


def student_edition(name: str) -> Path:
    """The student edition of the lesson ``name``."""
    return ROOT / "notebooks" / lesson(name).notebook.removeprefix("lessons/")


def _shown(value: Any) -> str:
    if value is None or isinstance(value, Picture):
        return ""  # a picture is an image: no text to copy
    if isinstance(value, Shown):
        return value.markdown
    if isinstance(value, Verdict):
        return value.message
    if isinstance(value, ChoiceQuestion):
        return "\n".join([value.question, *value.choices()])
    if hasattr(value, "question") and hasattr(value, "check"):
        return str(value.question)
    return str(value)


def _run(source: str, names: dict[str, Any]) -> Any:
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), names)  # the lesson's own cells, never learner text
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), names)


def read_with_seed(name: str, seed: int | str) -> Iterator[tuple[Question, str]]:
    """Each exercise of lesson ``name`` at ``seed``, with everything shown above its box."""
    cells = json.loads(student_edition(name).read_text(encoding="utf-8"))["cells"]
    names: dict[str, Any] = {
        "ask": lambda question: ("ask", question),
        "show_cards": lambda cards, caption="": " ".join(c.symbol for c in cards) + f" {caption}",
    }
    above: list[str] = []
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            above.append(source)
            continue
        lines = [line for line in source.splitlines() if not _DROPPED.search(line)]
        lines = [f"SEED = {seed!r}" if line.startswith("SEED = ") else line for line in lines]
        code = "\n".join(lines)
        if "SEED" not in code and code in _UNSEEDED:
            above.append(_UNSEEDED[code])  # the same table for every seed: made once
            continue
        shown = _run(code, names)
        if "SEED" not in code and shown is not None and not isinstance(shown, tuple):
            _UNSEEDED[code] = _shown(shown)
        if isinstance(shown, tuple) and shown[:1] == ("ask",):
            question = shown[1]
            own = "" if isinstance(question, ChoiceQuestion) else question.question
            yield question, "\n".join([*above, own])
            above.append(_shown(question))
        else:
            above.append(_shown(shown))


def _plain(text: str) -> str:
    return (
        text.replace("{,}", ",")
        .replace("\\%", "%")
        .replace("−", "-")
        .replace("\\,", "")
        .replace("**", "")
    )


def answer_forms(question: Question) -> list[str]:
    """The forms of ``question``'s answer that would give it away if printed above it: a
    choice's right option when it is a sentence (a card's name is in every table), a
    custom answer as written, a number as the question asks for it."""
    if isinstance(question, ChoiceQuestion):
        right = question.options[right_of(question)][0]
        return [right] if len(right.split()) >= 4 else []
    if not isinstance(question, NumberQuestion):
        return [answer_of(question)]
    value, places = value_of(question), question.places
    if places is None:
        if value.denominator != 1:
            return [
                f"{value.numerator}/{value.denominator}",
                f"\\frac{{{value.numerator}}}{{{value.denominator}}}",
            ]
        n = value.numerator
        return sorted({str(n), f"{n:,}"}) if abs(n) >= 10 else []  # a digit alone is everywhere
    if question.percent:
        forms = [f"{float(value * 100):.{places}f}", f"{float(value):.{places + 2}f}"]
    else:
        forms = [f"{float(value):.{places}f}", f"{float(value * 100):.{max(places - 2, 0)}f}%"]
    return [form for form in forms if not re.fullmatch(r"-?\d%?", form)]


def copied(question: Question, above: str) -> list[str]:
    """The forms of the answer that ``above`` shows (none, for a question that cannot be
    copied)."""
    text = " ".join(_plain(above).split())
    whole = isinstance(question, NumberQuestion) and value_of(question).denominator == 1
    found = []
    for form in answer_forms(question):
        form = " ".join(_plain(form).split())
        pattern = rf"(?<![\w.,/]){re.escape(form)}(?![\w/♠♥♦♣]|[.,]\d)"
        if whole and question.places is None:
            # a whole number is given away as a result or a table cell, not as a card or an age
            pattern = rf"(?:[=≈] ?\$?|\| ){re.escape(form)}(?: \||\$|[^\d.,]|$)"
        if re.search(pattern, text):
            found.append(form)
    return found


def correct_roundings(question: NumberQuestion) -> list[str]:
    """Answers that are right at the question's precision: the exact fraction and the value
    rounded to its places and up to three more (halves away from zero; 2.705 for 2.7045 asked
    to 2 places is a correct rounding, though it rounds again to 2.71)."""
    value = value_of(question)
    forms = [f"{value.numerator}/{value.denominator}"]
    if question.places is None:
        return forms
    scaled = value * 100 if question.percent else value
    for places in range(question.places, question.places + 4):
        rounded = math.floor(abs(scaled) * 10**places + Fraction(1, 2)) / Fraction(10**places)
        text = f"{'-' if scaled < 0 else ''}{float(rounded):.{places}f}"
        forms.append(text + ("%" if question.percent else ""))
    return forms


def is_half(question: NumberQuestion) -> bool:
    """Whether the exact answer is a half at the asked precision (0.505 to 2 places)."""
    if question.places is None:
        return False
    scaled = (
        value_of(question) * 100 if question.percent else value_of(question)
    ) * 10**question.places
    return scaled - math.floor(scaled) == Fraction(1, 2)


__all__ = ["LESSONS", "answer_forms", "copied", "correct_roundings", "is_half", "read_with_seed"]

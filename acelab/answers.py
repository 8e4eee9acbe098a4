"""Reading a learner's typed answer and checking it, without ever evaluating code.

:func:`parse_answer` reads numbers as a learner writes them — ``12``, ``3/4``, ``2 1/2``,
``0.75``, ``0,75``, ``75%``, ``2,598,960``, ``2 598 960`` — and small expressions with
``+ − × x ÷ * / ^ ( )``, ``n!``, ``C(n, k)`` and ``nCk``. A small recursive-descent parser reads
them into an exact :class:`~fractions.Fraction`; nothing is passed to ``eval``.

A question (:class:`NumberQuestion`, :class:`ChoiceQuestion`, :class:`CustomQuestion`) checks a
typed answer and returns a :class:`Verdict`: a score from 0 to 1, whether it is correct, and a
message that names the likely mistake, then climbs a hint ladder as attempts go on.
:func:`record_attempt` keeps every attempt in the learner's progress store.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Final, Protocol

__all__ = [
    "ChoiceQuestion",
    "CustomQuestion",
    "Mistake",
    "NumberQuestion",
    "Question",
    "Verdict",
    "check_number",
    "parse_answer",
    "parse_number",
    "record_attempt",
    "show_number",
]

MAX_LENGTH: Final = 120
MAX_DIGITS: Final = 400
MAX_FACTORIAL: Final = 200
MAX_EXPONENT: Final = 400
MAX_DEPTH: Final = 30

_CANONICAL: Final = {
    "−": "-",
    "–": "-",
    "—": "-",
    "×": "*",
    "·": "*",
    "⋅": "*",
    "÷": "/",
    "∕": "/",
    "\u00a0": " ",
    "\u202f": " ",
    "\u2009": " ",
    "\t": " ",
}
_HOW: Final = (
    "type a whole number (12), a fraction (3/4), a decimal (0.75), a percentage (75%) "
    "or a sum such as 13 × 48 or C(52, 5)"
)


@dataclass(frozen=True)
class Verdict:
    """How good an answer is: ``score`` from 0 to 1, whether it is ``correct``, and a message."""

    score: float
    correct: bool
    message: str

    @property
    def feedback(self) -> str:
        """The message (the name older code uses)."""
        return self.message

    def _repr_markdown_(self) -> str:
        return f"{'✔' if self.correct else '✖'} {self.message}"


class _Parser:
    """Recursive descent over the characters of one answer.

    expression := term (("+" | "-") term)*
    term       := unary (("*" | "/") unary)*
    unary      := ("+" | "-") unary | power
    power      := postfix ("^" unary)?
    postfix    := atom ("!" | "%" | "C" atom)*
    atom       := number | "(" expression ")" | "C" "(" expression "," expression ")"
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.depth = 0
        self.in_arguments = 0

    # -- characters ---------------------------------------------------------------------------
    def fail(self, reason: str) -> ValueError:
        return ValueError(reason)

    def skip(self) -> None:
        while self.at < len(self.text) and self.text[self.at] == " ":
            self.at += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.at] if self.at < len(self.text) else ""

    def take(self, char: str) -> bool:
        if self.peek() == char:
            self.at += 1
            return True
        return False

    # -- grammar ------------------------------------------------------------------------------
    def answer(self) -> Fraction:
        if not self.peek():
            raise self.fail(f"The answer is empty: {_HOW}.")
        value = self.expression()
        if self.peek():
            raise self.fail(self._unexpected())
        return value

    def _unexpected(self) -> str:
        rest = self.text[self.at :]
        if rest[:1].isdigit():
            return (
                f"Two numbers stand side by side in {self.text!r}: "
                "put an operation between them, such as 13 × 48."
            )
        if rest.startswith("*"):
            return "Write powers with ^, such as 2^5."
        return f"{self.text!r} is not a number acelab can read at {rest[:8]!r}: {_HOW}."

    def expression(self) -> Fraction:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail("That answer has too many brackets inside brackets.")
        value = self.term()
        while self.peek() in ("+", "-"):
            sign = self.text[self.at]
            self.at += 1
            right = self.term()
            value = _sized(value + right if sign == "+" else value - right)
        self.depth -= 1
        return value

    def term(self) -> Fraction:
        value = self.unary()
        while self.peek() in ("*", "/", "x", "X"):
            op = self.text[self.at]
            if op == "*" and self.text[self.at + 1 : self.at + 2] == "*":
                raise self.fail("Write powers with ^, such as 2^5.")
            self.at += 1
            right = self.unary()
            if op == "/":
                if right == 0:
                    raise self.fail("Dividing by 0 has no answer: check what is below the line.")
                value = _sized(value / right)
            else:
                value = _sized(value * right)
        return value

    def unary(self) -> Fraction:
        if self.take("-"):
            return -self.unary()
        if self.take("+"):
            return self.unary()
        return self.power()

    def power(self) -> Fraction:
        base = self.postfix()
        if not self.take("^"):
            return base
        exponent = self.unary()
        if exponent.denominator != 1:
            raise self.fail("A power must be a whole number, such as 2^5.")
        if abs(exponent) > MAX_EXPONENT:
            raise self.fail(f"That power is too large: keep powers to {MAX_EXPONENT} or less.")
        if base == 0 and exponent < 0:
            raise self.fail("Dividing by 0 has no answer: 0 to a negative power is 1/0.")
        size = max(base.numerator.bit_length(), base.denominator.bit_length())
        if size * abs(exponent) > MAX_DIGITS * 4:
            raise self.fail("That number is too large for an answer box.")
        return _sized(base ** int(exponent))

    def postfix(self) -> Fraction:
        value = self.atom()
        while True:
            if self.take("!"):
                value = _factorial(value)
            elif self.take("%"):
                value = value / 100
            elif self.peek() in ("C", "c") and not self._is_choose_call():
                self.at += 1
                value = _choose(value, self.atom())
            else:
                return value

    def _is_choose_call(self) -> bool:
        rest = self.text[self.at + 1 :].lstrip(" ")
        return rest.startswith("(")

    def atom(self) -> Fraction:
        char = self.peek()
        if char == "(":
            self.at += 1
            value = self.expression()
            if not self.take(")"):
                raise self.fail("A bracket is opened and never closed: add a ).")
            return value
        if char in ("C", "c") and self._is_choose_call():
            self.at += 1
            self.take("(")
            self.in_arguments += 1
            n = self.expression()
            if not self.take(","):
                raise self.fail("Write a choice as C(n, k), with a comma: C(52, 5).")
            k = self.expression()
            self.in_arguments -= 1
            if not self.take(")"):
                raise self.fail("Close C(n, k) with a bracket: C(52, 5).")
            return _choose(n, k)
        if char.isdigit() or char in (".", ","):
            return self.number()
        if not char:
            raise self.fail(f"{self.text!r} stops too soon: something is missing at the end.")
        raise self.fail(f"{self.text!r} is not a number acelab can read: {_HOW}.")

    # -- numbers ------------------------------------------------------------------------------
    def _digits(self) -> str:
        start = self.at
        while self.at < len(self.text) and self.text[self.at].isdigit():
            self.at += 1
        return self.text[start : self.at]

    def _group_follows(self, separator: str) -> bool:
        """Whether ``separator`` then exactly three digits (then no digit) come next."""
        chunk = self.text[self.at : self.at + 5]
        return (
            len(chunk) >= 4
            and chunk[0] == separator
            and chunk[1:4].isdigit()
            and not chunk[4:5].isdigit()
        )

    def number(self) -> Fraction:
        self.skip()
        start = self.at
        whole = self._digits()
        separator = self._grouping_separator() if 0 < len(whole) <= 3 else ""
        groups: list[str] = []
        while separator and self._group_follows(separator):
            groups.append(self.text[self.at + 1 : self.at + 4])
            self.at += 4
        digits = whole + "".join(groups)
        marks = "." if separator == "," or self.in_arguments else ".,"
        decimals = ""
        if self._mark_follows(marks):
            mark = self.text[self.at]
            if mark == "," and not digits:
                raise self.fail(f"{self.text!r} is not a number acelab can read: {_HOW}.")
            self.at += 1
            decimals = self._digits()
            if mark == "," and len(decimals) == 3 and digits.strip("0") and not groups:
                raise self.fail(
                    f"{self.text[start : self.at]!r} could mean {digits}{decimals} or "
                    f"{digits}.{decimals}: write {digits}{decimals} or {digits}.{decimals}."
                )
            if self._mark_follows("." if self.in_arguments else ".,"):
                raise self.fail(
                    f"{self.text[start : self.at + 4]!r} mixes separators: write 2598960, "
                    "2,598,960 or 2 598 960 for whole numbers and 0.341 or 0,341 for decimals."
                )
        if not digits and not decimals:
            raise self.fail(f"{self.text!r} is not a number acelab can read: {_HOW}.")
        if len(digits) + len(decimals) > MAX_DIGITS:
            raise self.fail("That number has too many digits for an answer box.")
        value = Fraction(int(digits or "0"))
        if decimals:
            value += Fraction(int(decimals), 10 ** len(decimals))
        elif not groups:
            value = self._maybe_mixed(value)
        return value

    def _mark_follows(self, marks: str) -> bool:
        return (
            self.text[self.at : self.at + 1] in tuple(marks)
            and self.text[self.at + 1 : self.at + 2].isdigit()
        )

    def _grouping_separator(self) -> str:
        """ "," or " " when the digits just read start a grouped whole number, else ""."""
        after = self.at + 4
        if self._group_follows(",") and not self.in_arguments:
            # One comma group is grouping only when a second group or a decimal point follows:
            # "1,234" alone could be 1234 or 1.234.
            rest = self.text[after : after + 2]
            if rest[:1] in (",", ".") and rest[1:2].isdigit():
                return ","
            return ""
        if self._group_follows(" ") and not self.text[after:].lstrip(" ").startswith("/"):
            return " "  # but "2 598/1000" is a mixed number
        return ""

    def _maybe_mixed(self, whole: Fraction) -> Fraction:
        """``2 1/2``: a whole number, a space, then a proper fraction of whole numbers."""
        save = self.at
        if self.at >= len(self.text) or self.text[self.at] != " ":
            return whole
        self.skip()
        top = self._digits()
        if not top:
            self.at = save
            return whole
        self.skip()
        if not self.take("/"):
            self.at = save
            return whole
        self.skip()
        bottom = self._digits()
        if not bottom:
            raise self.fail("A mixed number needs a fraction after the whole part, like 2 1/2.")
        if int(bottom) == 0:
            raise self.fail("A fraction cannot have 0 below the line.")
        if len(top) + len(bottom) > MAX_DIGITS:
            raise self.fail("That number has too many digits for an answer box.")
        fraction = Fraction(int(top), int(bottom))
        if fraction >= 1:
            raise self.fail(
                "In a mixed number like 2 1/2 the fraction part is less than 1: "
                "write 2 + 3/2 if you mean a sum."
            )
        return whole + fraction


def _sized(value: Fraction) -> Fraction:
    if max(value.numerator.bit_length(), value.denominator.bit_length()) > MAX_DIGITS * 4:
        raise ValueError("That number is too large for an answer box.")
    return value


def _whole(value: Fraction, what: str) -> int:
    if value.denominator != 1 or value < 0:
        raise ValueError(f"{what} is only for whole numbers 0, 1, 2 and so on.")
    return int(value)


def _factorial(value: Fraction) -> Fraction:
    n = _whole(value, "The factorial n!")
    if n > MAX_FACTORIAL:
        raise ValueError(
            f"The factorial {n}! is too large for an answer box: keep to {MAX_FACTORIAL}! or less."
        )
    return Fraction(math.factorial(n))


def _choose(n_value: Fraction, k_value: Fraction) -> Fraction:
    n = _whole(n_value, "C(n, k)")
    k = _whole(k_value, "C(n, k)")
    if n > 10 * MAX_FACTORIAL:
        raise ValueError(f"C({n}, {k}) is too large for an answer box.")
    return _sized(Fraction(math.comb(n, k)))


def parse_answer(text: str) -> Fraction:
    """The exact number a learner's ``text`` stands for.

    Raises :class:`ValueError` with a sentence saying what went wrong and what can be typed.
    """
    if not isinstance(text, str):
        raise ValueError(f"An answer is text, not {type(text).__name__}.")
    if len(text) > MAX_LENGTH:
        raise ValueError(f"That answer is too long: keep it under {MAX_LENGTH} characters.")
    cleaned = "".join(_CANONICAL.get(char, char) for char in text).strip()
    for char in cleaned:
        if not (char.isascii() and char.isprintable()) or (char.isdigit() and not char.isascii()):
            raise ValueError(f"{text.strip()!r} is not a number acelab can read: {_HOW}.")
    if any(char.isdigit() and not "0" <= char <= "9" for char in cleaned):
        raise ValueError(f"{text.strip()!r} is not a number acelab can read: {_HOW}.")
    return _Parser(cleaned).answer()


parse_number = parse_answer  # the name of acelab 0.1


def show_number(value: Fraction | int) -> str:
    """A number as a learner reads it: ``624``, ``5/52 ≈ 0.0962``, ``-3``."""
    value = Fraction(value)
    if value.denominator == 1:
        return f"{value.numerator:,}".replace(",", " ") if abs(value) >= 10_000 else str(value)
    return f"{value} ≈ {float(value):.4g}"


def _rounded(value: Fraction, places: int) -> Fraction:
    """``value`` rounded to ``places`` decimal places, halves away from zero."""
    scale = 10**places
    magnitude = math.floor(abs(value) * scale + Fraction(1, 2))
    return Fraction(magnitude if value >= 0 else -magnitude, scale)


def _decimal_text(value: Fraction, places: int) -> str:
    """A rounded value written with exactly ``places`` decimals: ``0.30``."""
    rounded = _rounded(value, places)
    sign = "-" if rounded < 0 else ""
    units = abs(rounded.numerator) * (10**places // rounded.denominator)
    whole, rest = divmod(units, 10**places)
    return f"{sign}{whole}.{rest:0{places}d}" if places else f"{sign}{whole}"


def _truncated(value: Fraction, places: int) -> Fraction:
    scale = 10**places
    return Fraction(math.trunc(value * scale), scale)


def _decimals_typed(text: str) -> int | None:
    """How many decimals a plain decimal answer shows ("0.30" → 2), or None for other forms."""
    body = text.strip().rstrip("%").strip()
    for mark in (".", ","):
        if body.count(mark) == 1 and body.replace(mark, "", 1).lstrip("-").isdigit():
            return len(body) - body.index(mark) - 1
    if body.lstrip("-").isdigit():
        return 0
    return None


# -- questions -------------------------------------------------------------------------------


class Question(Protocol):
    """What every exercise offers: an id, the question, one right answer, points and a check."""

    @property
    def id(self) -> str: ...
    @property
    def question(self) -> str: ...
    @property
    def answer(self) -> str: ...
    @property
    def points(self) -> int: ...
    def check(self, text: str, attempt: int = 1) -> Verdict: ...


@dataclass(frozen=True)
class Mistake:
    """A likely wrong answer and the feedback that names the mistake behind it."""

    value: Fraction
    feedback: str


def _ladder(hints: Sequence[str], attempt: int) -> str:
    if not hints:
        return ""
    return hints[min(max(attempt, 1), len(hints)) - 1]


@dataclass(frozen=True)
class NumberQuestion:
    """A question whose answer is a number, exact or at a stated precision.

    ``places`` (None: exact) counts decimal places of the value, or of the percentage when
    ``percent`` is set; every answer that rounds to the right value at that precision is
    correct. ``mistakes`` name likely wrong answers; ``hints`` climb with each attempt.
    """

    id: str
    question: str
    value: Fraction
    places: int | None = None
    percent: bool = False
    mistakes: tuple[Mistake, ...] = ()
    hints: tuple[str, ...] = ()
    points: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", Fraction(self.value))
        if self.places is not None and not 0 <= self.places <= 10:
            raise ValueError("A precision is 0 to 10 decimal places.")

    @property
    def precision(self) -> str:
        """The sentence telling the learner how precise the answer must be."""
        if self.places is None:
            return "Give the exact answer (a whole number, a fraction or a sum such as 13 × 48)."
        unit = "decimal place" if self.places == 1 else "decimal places"
        if self.percent:
            return f"Give it as a percentage to {self.places} {unit} (or as a fraction)."
        return f"Give it to {self.places} {unit} (or as a fraction)."

    @property
    def answer(self) -> str:
        """A correct answer as the teacher edition shows it."""
        if self.places is None:
            return str(self.value)
        if self.percent:
            return f"{_decimal_text(self.value * 100, self.places)}%"
        return _decimal_text(self.value, self.places)

    def _scaled(self, value: Fraction) -> Fraction:
        return value * 100 if self.percent else value

    def _same(self, given: Fraction, want: Fraction) -> bool:
        if given == want:
            return True
        if self.places is None:
            return False
        exact = self._scaled(want)
        typed = self._scaled(given)
        return _rounded(typed, self.places) == _rounded(exact, self.places)

    def check(self, text: str, attempt: int = 1) -> Verdict:
        """The verdict on ``text`` at the ``attempt``-th try (hints climb with attempts)."""
        try:
            given = parse_answer(text)
        except ValueError as error:
            return Verdict(0.0, False, str(error))
        if self._same(given, self.value):
            return Verdict(1.0, True, f"Right: {self._show(self.value)}.")
        for mistake in self.mistakes:
            if self._same(given, mistake.value):
                return Verdict(0.0, False, _join(mistake.feedback, _ladder(self.hints, attempt)))
        partial = self._precision_feedback(text, given)
        if partial:
            return Verdict(0.5, False, partial)
        if self.value != 0 and self._same(given / 100, self.value):
            return Verdict(
                0.5,
                False,
                f"Did you mean {show_number(given)}%? Without the % sign, "
                f"{show_number(given)} means {show_number(given)} whole ones.",
            )
        return Verdict(0.0, False, _join("Not this one.", _ladder(self.hints, attempt)))

    def _precision_feedback(self, text: str, given: Fraction) -> str:
        if self.places is None:
            if given != self.value and abs(given - self.value) <= abs(self.value) / 200:
                return (
                    f"{show_number(given)} is close, but this question wants the exact answer: "
                    "a whole number, a fraction or a sum such as 13 × 48."
                )
            return ""
        typed = _decimals_typed(text)
        exact = self._scaled(self.value)
        shown = self._scaled(given)
        if (
            typed is not None
            and typed < self.places
            and _rounded(exact, typed) == _rounded(shown, typed)
        ):
            unit = "decimal place" if self.places == 1 else "decimal places"
            return f"Right so far, but rounded too much: give {self.places} {unit}."
        if typed is not None and typed >= self.places and _truncated(exact, typed) == shown:
            return (
                "You cut the digits off: round instead. Look at the next digit; "
                "5 or more rounds up."
            )
        return ""

    def _show(self, value: Fraction) -> str:
        if self.percent:
            return f"{show_number(value)} = {_decimal_text(value * 100, self.places or 2)}%"
        return show_number(value)


def _join(*parts: str) -> str:
    return " ".join(part for part in parts if part)


@dataclass(frozen=True)
class ChoiceQuestion:
    """A multiple-choice question: type the letter (or the words) of an option.

    ``options`` maps each option's text to the feedback for choosing it; ``right`` is the
    index of the right option.
    """

    id: str
    question: str
    options: tuple[tuple[str, str], ...]
    right: int
    points: int = 1

    def __post_init__(self) -> None:
        if not 0 <= self.right < len(self.options) <= 6:
            raise ValueError("A choice question has 2 to 6 options and one right one.")

    @property
    def letters(self) -> str:
        return "ABCDEF"[: len(self.options)]

    @property
    def answer(self) -> str:
        return self.letters[self.right]

    def choices(self) -> list[str]:
        """The options as "A. text" lines."""
        return [
            f"{letter}. {text}"
            for letter, (text, _) in zip(self.letters, self.options, strict=True)
        ]

    def check(self, text: str, attempt: int = 1) -> Verdict:
        word = text.strip().rstrip(".)").strip().upper()
        index = self.letters.find(word) if len(word) == 1 else -1
        if index < 0:
            for i, (option, _) in enumerate(self.options):
                if word and word == option.strip().upper():
                    index = i
        if index < 0:
            return Verdict(0.0, False, f"Type one letter: {', '.join(self.letters)}.")
        feedback = self.options[index][1]
        if index == self.right:
            return Verdict(1.0, True, _join("Right.", feedback))
        return Verdict(0.0, False, _join("Not this one.", feedback))


@dataclass(frozen=True)
class CustomQuestion:
    """A question with its own checker (an equation to write, a set of values to list)."""

    id: str
    question: str
    answer: str
    checker: Callable[[str], Verdict] = field(repr=False)
    hints: tuple[str, ...] = ()
    points: int = 1

    def check(self, text: str, attempt: int = 1) -> Verdict:
        verdict = self.checker(text)
        if verdict.correct or not text.strip():
            return verdict
        return Verdict(verdict.score, False, _join(verdict.message, _ladder(self.hints, attempt)))


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
            given = parse_answer(text)
        except ValueError as error:
            return Verdict(0.0, False, str(error))
        if abs(given - target) <= slack:
            return Verdict(1.0, True, f"Right: {show_number(target)}.")
        return Verdict(0.0, False, _join(f"Not quite: {show_number(given)} is not it.", hint))

    return check


def record_attempt(
    exercise: str, answer: str, verdict: Verdict, home: str | Path | None = None
) -> bool:
    """Keep one attempt in the learner's progress store; False when it cannot be saved."""
    from acelab.store import open_store  # here, so checking an answer never opens SQLite

    store = open_store(home)
    if not store.writable:
        return False
    store.record_attempt(exercise, answer, verdict.score, verdict.correct)
    return True


def main(argv: Sequence[str]) -> int:
    """``python -m acelab.answers FILE.csv``: export this learner's attempts as CSV."""
    if len(argv) != 1 or not argv[0].endswith(".csv"):
        print("Usage: python -m acelab.answers attempts.csv")
        return 2
    from acelab.store import open_store

    store = open_store()
    if not store.writable:
        print(f"The progress store cannot be read: {store.problem}")
        return 1
    rows = store.export_attempts_csv(argv[0])
    print(f"Wrote {rows} attempts to {argv[0]}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Checking a learner's typed answer, with feedback that names the likely mistake.

Typed answers are read by :mod:`acelab.teaching.reading` (never evaluated): :func:`parse_answer`,
:func:`read_answer` and :func:`parse_list` are re-exported here.

A question (:class:`NumberQuestion`, :class:`ChoiceQuestion`, :class:`CustomQuestion`) checks a
typed answer and returns a :class:`Verdict`: a score from 0 to 1, whether it is correct, and a
message that names the likely mistake, then climbs a hint ladder as attempts go on.
Keeping attempts (the progress store, the answer file) is :mod:`acelab.classroom.attempts`'s work;
this module only checks, and writes nothing.

What a :class:`NumberQuestion` promises (issue 16):

- The question decides how a comma reads: a whole-number count reads ``132,600`` as 132600;
  any other question reads ``0,34`` and ``12,5`` as decimals, and ``1,234`` both ways, keeping
  the better verdict and saying which reading it took.
- A percentage question (``percent=True``) reads a bare ``29.8`` as 29.8% and says so; a
  percentage-points question (``percentage_points=True``) wants ``10.5`` (or ``10.5 points``)
  and accepts ``10.5%`` with a note. A decimal question answered ``34`` for 0.34 gets half
  marks and "Did you mean 34%?".
- Precision is judged on the value typed: "rounded too much" only when the typed number is a
  correct rounding of the answer at the places it shows (``15%`` is 0.15, so it is simply wrong
  for 0.423). At an exact half both roundings are correct (0.505 to 2 places: 0.50 or 0.51).
- A named mistake fires only when the typed value is not a correct rounding of the answer.
- An exact question answered with a decimal within 2% (or a correct rounding of the answer)
  says "close — give it exactly".
- An empty box and an unreadable answer each get one sentence.
"""

from __future__ import annotations

import contextlib
import math
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import InitVar, dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Protocol

from acelab.engine.terms import cut
from acelab.teaching.reading import (
    EMPTY,
    Comma,
    Reading,
    parse_answer,
    parse_list,
    parse_number,
    read_answer,
)

if TYPE_CHECKING:
    from acelab.classroom.attempts import main as main
    from acelab.classroom.attempts import record_attempt as record_attempt

__all__ = [
    "ChoiceQuestion",
    "CustomQuestion",
    "Mistake",
    "NumberQuestion",
    "Question",
    "Reading",
    "Verdict",
    "check_number",
    "check_values",
    "parse_answer",
    "parse_list",
    "parse_number",
    "question_words",
    "read_answer",
    "record_attempt",
    "show_number",
]


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


LONGEST_DIGITS: Final = 15
"""A whole number (or a fraction's top or bottom) of more digits than this is shown roughly in
feedback, so a sentence stays readable."""
LONGEST_TYPED: Final = 30
"""What the learner typed is quoted back cut to this many characters."""


def show_number(value: Fraction | int) -> str:
    """A number as a learner reads it: ``624``, ``5/52 ≈ 0.0962``, ``-3``; one of more than
    :data:`LONGEST_DIGITS` digits (top or bottom), or too large to be a float, roughly:
    ``about 2.703e+299``."""
    value = Fraction(value)
    long = max(abs(value.numerator), value.denominator) >= 10**LONGEST_DIGITS
    try:
        if long:
            return f"about {float(value):.4g}"
        if value.denominator == 1:
            return f"{value.numerator:,}".replace(",", " ") if abs(value) >= 10_000 else str(value)
        return f"{value} ≈ {float(value):.4g}"
    except (OverflowError, ValueError):  # beyond a float, or more digits than Python prints
        return f"about {Decimal(value.numerator) / Decimal(value.denominator):.4g}"


def _listed(value: Fraction) -> str:
    """A value in a list of values: as written (``1/2``, ``13``), or roughly when long."""
    text = str(value)
    return text if len(text) <= LONGEST_DIGITS else show_number(value)


def _rounded(value: Fraction, places: int) -> Fraction:
    """``value`` rounded to ``places`` decimal places, halves away from zero."""
    scale = 10**places
    magnitude = math.floor(abs(value) * scale + Fraction(1, 2))
    return Fraction(magnitude if value >= 0 else -magnitude, scale)


def _roundings(value: Fraction, places: int) -> frozenset[Fraction]:
    """Every correct rounding of ``value`` to ``places``: one, or both at an exact half."""
    scale = 10**places
    low = Fraction(math.floor(value * scale), scale)
    half = Fraction(1, 2 * scale)
    return frozenset(r for r in (low, low + Fraction(1, scale)) if abs(r - value) <= half)


def _agree(typed: Fraction, wanted: Fraction, places: int) -> bool:
    """Whether ``typed`` passes for ``wanted`` at ``places``: it rounds to a correct rounding
    of ``wanted`` and is no further from it than a correct rounding may be (so 0.495 does not
    pass for 0.505 to 2 places, though 0.50 and 0.51 both do)."""
    if abs(typed - wanted) > Fraction(1, 2 * 10**places):
        return False
    return bool(_roundings(typed, places) & _roundings(wanted, places))


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


def _join(*parts: str) -> str:
    return " ".join(part for part in parts if part)


def _places_words(places: int) -> str:
    return f"{places} decimal place" + ("" if places == 1 else "s")


# -- questions -------------------------------------------------------------------------------


class Question(Protocol):
    """What every exercise offers: an id, the question, points and a check; its right answer is
    private (``_answer``: read it with :func:`answer_of`, teacher-side), so nothing public on a
    question a pupil holds, and nothing tab completion offers, gives the answer away."""

    @property
    def id(self) -> str: ...
    @property
    def question(self) -> str: ...
    @property
    def _answer(self) -> str: ...
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
class _Candidate:
    """One way of reading a typed answer: its value, the places it pins, and a note to add."""

    value: Fraction
    places: int | None
    note: str = ""
    form: str = ""
    """How the learner wrote it, to quote back (``9.62%``, ``13 × 4``); "" to show the value."""


# How good a verdict is, to choose between readings: right, half right, named, plain wrong.
_RIGHT, _PARTIAL, _NAMED, _WRONG = 3, 2, 1, 0


@dataclass(frozen=True)
class NumberQuestion:
    """A question whose answer is a number, exact or at a stated precision.

    ``places`` (None: exact; else a whole number 0 to 10) counts decimal places of the value,
    or of the percentage when ``percent`` is set; every answer that rounds to the right value
    at that precision is correct, and at an exact half both roundings are. ``percentage_points``
    (which implies ``percent``) is for a difference of two percentages: it wants ``10.5`` or
    ``10.5 points`` and accepts ``10.5%`` with a note. ``mistakes`` name likely wrong answers;
    ``hints`` climb with each attempt. See the module's docstring for what the checks promise.
    """

    id: str
    question: str
    value: InitVar[Fraction | int]
    places: int | None = None
    percent: bool = False
    mistakes: tuple[Mistake, ...] = ()
    hints: tuple[str, ...] = ()
    points: int = 1
    percentage_points: bool = False
    _value: Fraction = field(init=False, repr=False)
    """The right value: private, read with :func:`value_of` (teacher-side)."""

    def __post_init__(self, value: Fraction | int) -> None:
        object.__setattr__(self, "_value", Fraction(value))
        if self.places is not None and (type(self.places) is not int or not 0 <= self.places <= 10):
            raise ValueError("A precision is a whole number of decimal places, 0 to 10.")
        if self.percentage_points:
            object.__setattr__(self, "percent", True)
        object.__setattr__(self, "mistakes", tuple(self.mistakes))
        object.__setattr__(self, "hints", tuple(self.hints))

    @property
    def whole(self) -> bool:
        """Whether the answer is an exact whole number (a count): commas group thousands."""
        return self.places is None and self._value.denominator == 1

    @property
    def comma(self) -> Comma:
        """How this question reads ``1,234``: thousands for a count, else a decimal comma."""
        return "thousands" if self.whole else "decimal"

    @property
    def precision(self) -> str:
        """The sentence telling the learner how precise the answer must be."""
        if self.places is None:
            return "Give the exact answer (a whole number, a fraction or a sum such as 13 × 48)."
        if self.percentage_points:
            return (
                f"Give it in percentage points to {_places_words(self.places)}: "
                "a plain number, without the % sign."
            )
        if self.percent:
            return f"Give it as a percentage to {_places_words(self.places)} (or as a fraction)."
        return f"Give it to {_places_words(self.places)} (or as a fraction)."

    @property
    def _answer(self) -> str:
        """A correct answer as the teacher edition shows it (read with :func:`answer_of`)."""
        if self.places is None:
            return str(self._value)
        if self.percentage_points:
            return _decimal_text(self._value * 100, self.places)
        if self.percent:
            return f"{_decimal_text(self._value * 100, self.places)}%"
        return _decimal_text(self._value, self.places)

    @property
    def _needed(self) -> int | None:
        """The decimal places of the value itself that the question asks for."""
        if self.places is None:
            return None
        return self.places + (2 if self.percent else 0)

    def _same(self, typed: Fraction, wanted: Fraction) -> bool:
        needed = self._needed
        if typed == wanted or needed is None:
            return typed == wanted
        return _agree(typed, wanted, needed)

    def check(self, text: str, attempt: int = 1) -> Verdict:
        """The verdict on ``text`` at the ``attempt``-th try (hints climb with attempts).

        Every reading of ``text`` the question allows is judged and the best verdict kept;
        a reading the learner may not have meant adds a note saying how it was read.
        """
        units = question_words(self.question)
        try:
            readings = [read_answer(text, comma=self.comma, units=units)]
        except ValueError as error:
            return Verdict(0.0, False, str(error))
        if readings[0].comma and not self.whole:
            with contextlib.suppress(ValueError):  # the other reading may be too large
                readings.append(read_answer(text, comma="thousands", units=units))
        best: tuple[int, Verdict] | None = None
        for reading in readings:
            for candidate in self._candidates(reading):
                rank, verdict = self._judge(candidate, attempt)
                if best is None or rank > best[0]:
                    best = rank, verdict
        assert best is not None
        rank, verdict = best
        if rank < _RIGHT:
            slip = self._slip(readings[0])
            if slip is not None:
                verdict = slip
        if readings[0].note:
            verdict = Verdict(
                verdict.score, verdict.correct, _join(verdict.message, readings[0].note)
            )
        if rank == _WRONG and readings[0].bare and readings[0].unit == "" and not self.percent:
            as_percent = _Candidate(readings[0].value / 100, (readings[0].places or 0) + 2)
            if self._judge(as_percent, attempt)[0] == _RIGHT:
                typed = _decimal_text(readings[0].value, readings[0].decimals or 0)
                return Verdict(
                    0.5,
                    False,
                    f"Did you mean {typed}%? Type the % sign: {typed} on its own is not {typed}%.",
                )
        return verdict

    def _slip(self, reading: Reading) -> Verdict | None:
        """A likely slip of form, named: the chance itself typed with a % sign (``0.00197%``
        for 0.197%), or ``1 in 509`` rounded before dividing."""
        if self.percent and not self.percentage_points and reading.unit == "%":
            as_chance = _Candidate(reading.value * 100, None)
            if self._judge(as_chance, 1)[0] == _RIGHT:
                number = _decimal_text(reading.value * 100, reading.decimals or 0)
                if reading.decimals is None:
                    number = show_number(reading.value * 100)
                return Verdict(
                    0.0,
                    False,
                    f"You put a % sign on the chance itself: {number} is the chance as a "
                    f"decimal, which is {_decimal_text(reading.value * 10000, self.places or 2)}%. "
                    "Multiply by 100 before writing %.",
                )
        one_in = _ONE_IN.match(reading.text.strip())
        if one_in is not None and self._value > 0:
            odds = 1 / self._value  # "1 in 509": the answer is 1 in 508.8…
            typed = Fraction(int(one_in.group(1)))
            if abs(typed - odds) < 1 and typed != odds:
                return Verdict(
                    0.0,
                    False,
                    f"1 in {typed} is rounded: the exact answer is 1 in {float(odds):.4g}, so "
                    "1 in a whole number is not precise enough here. Divide the two counts "
                    "instead.",
                )
        return None

    def _candidates(self, reading: Reading) -> Iterable[_Candidate]:
        """The values ``reading`` may stand for on this question, most likely first."""
        note = _comma_note(reading) if not self.whole else ""
        value, places = reading.value, reading.places
        point = _POINT_GROUP.search(reading.text) if self.whole and reading.bare else None
        if point is not None and reading.decimals == 3:  # 5.148 for a count: 5148
            number = point.group()
            yield _Candidate(
                value * 1000,
                0,
                f"{number} is read as {number.replace('.', '')}, the point grouping thousands.",
            )
        if not self.percent:
            yield _Candidate(value, places, note, _form(reading))
            return
        if reading.unit == "" and reading.decimals is None:  # a sum: 99.5 - 89, 20.63 + 9.19
            yield _Candidate(value, places, note, _form(reading))
            number = _decimal_text(value, 2).rstrip("0").rstrip(".")
            unit = "percentage points" if self.percentage_points else "%"
            typed = cut(reading.text, LONGEST_TYPED)
            read = f"{typed} is read as {number} {unit}."
            if not self.percentage_points:
                read = f"{typed} is read as {number}%, as the question asks for a percentage."
            yield _Candidate(value / 100, None, _join(note, read))
            return
        if reading.bare:  # 29.8 (or 29.8 points) on a percentage question
            number = _decimal_text(value, reading.decimals or 0)
            said = reading.text if reading.unit else number
            read = (
                ""
                if self.percentage_points
                else f"{said} is read as {number}%, as the question asks for a percentage."
            )
            yield _Candidate(value / 100, (places or 0) + 2, _join(note, read))
            if reading.unit == "":
                yield _Candidate(value, places, note)  # 0.298: the chance itself
            return
        if self.percentage_points and reading.unit == "%":
            note = _join(
                note,
                "The question asks for percentage points (a difference of two percentages): "
                f"{reading.text} is read as percentage points.",
            )
        elif not self.percentage_points and reading.unit == "percentage points":
            note = _join(
                note, f"The question asks for a percentage: {reading.text} is read as a percentage."
            )
        yield _Candidate(value, places, note)

    def _judge(self, typed: _Candidate, attempt: int) -> tuple[int, Verdict]:
        value, note = typed.value, typed.note
        hint = _ladder(self.hints, attempt)
        if self._same(value, self._value):
            return _RIGHT, Verdict(1.0, True, _join(f"Right: {self._show(self._value)}.", note))
        # Typed with fewer places than asked and a correct rounding at those places: "right so
        # far", unless it is exactly a named mistake's value (4 for the most likely damage).
        coarse = self._too_coarse(typed)
        for mistake in self.mistakes:
            if value == mistake.value or (not coarse and self._same(value, mistake.value)):
                return _NAMED, Verdict(0.0, False, _join(mistake.feedback, hint, note))
        if coarse:
            return _PARTIAL, Verdict(0.5, False, _join(coarse, note))
        needed, shown = self._needed, typed.places
        if (
            needed is not None
            and shown is not None
            and shown >= needed
            and value == _truncated(self._value, shown)
        ):
            return _NAMED, Verdict(
                0.0,
                False,
                _join(
                    "You cut the digits off: round instead. Look at the next digit; "
                    "5 or more rounds up.",
                    note,
                ),
            )
        close = self._close(typed)
        if close:
            return _NAMED, Verdict(close[0], False, _join(close[1], note))
        return _WRONG, Verdict(0.0, False, _join("Not this one.", hint, note))

    def _too_coarse(self, typed: _Candidate) -> str:
        """ "Right so far" when ``typed`` is a correct rounding of the answer, at fewer places."""
        needed, shown = self._needed, typed.places
        if needed is None or shown is None or shown >= needed or typed.value == 0:
            return ""
        if shown < 1 and abs(self._value) < 1:
            return ""  # "0" or "1" for a chance: no digit of it is right yet
        if typed.value not in _roundings(self._value, shown):
            return ""
        return f"Right so far, but rounded too much: give {_places_words(self.places or 0)}."

    def _close(self, typed: _Candidate) -> tuple[float, str] | None:
        """An exact question answered with a near decimal: "close — give it exactly"."""
        if self.places is not None or typed.value == self._value:
            return None
        rounding = typed.places is not None and typed.value in _roundings(self._value, typed.places)
        near = abs(typed.value - self._value) <= abs(self._value) / 50
        if not (rounding or near):
            return None
        shown = typed.form or show_number(typed.value)
        if not typed.form and typed.places is not None:  # a decimal: 0.16 not 4/25
            shown = _decimal_text(typed.value, typed.places)
        if self.whole:
            return 0.0, f"{shown} is close, but this question wants the exact answer."
        return (
            0.5 if rounding else 0.0,
            f"{shown} is close — give it exactly, as a fraction (like 3/4) or a sum "
            "(like 13 × 48), not a rounded decimal.",
        )

    def _show(self, value: Fraction) -> str:
        if self.percentage_points:
            points = _decimal_text(value * 100, self.places or 2)
            return f"{show_number(value)} = {points} percentage points"
        if self.percent:
            return f"{show_number(value)} = {_decimal_text(value * 100, self.places or 2)}%"
        return show_number(value)


def _form(reading: Reading) -> str:
    """The number as the learner wrote it, to quote back: a decimal with the places typed and
    its unit (``9.62%`` stays a percentage, ``0,5`` is ``0.5``), anything else as typed (cut
    when long)."""
    if reading.decimals is None:
        return cut(reading.text, LONGEST_TYPED)
    if reading.unit in ("%", "percentage points"):
        number = _decimal_text(reading.value * 100, reading.decimals)
        return f"{number}%" if reading.unit == "%" else f"{number} percentage points"
    return cut(_decimal_text(reading.value, reading.decimals), LONGEST_TYPED)


_ONE_IN: Final = re.compile(r"^(?:1|one)\s+(?:in|out\s+of)\s+(\d+)$", re.IGNORECASE)
_COMMON: Final = frozenset(
    {
        "the",
        "and",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "for",
        "from",
        "with",
        "what",
        "which",
        "when",
        "how",
        "many",
        "much",
        "does",
        "did",
        "this",
        "that",
        "these",
        "those",
        "there",
        "their",
        "then",
        "than",
        "you",
        "your",
        "its",
        "not",
        "but",
        "all",
        "any",
        "each",
        "every",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "use",
        "give",
        "type",
        "write",
        "more",
        "less",
        "most",
        "least",
        "about",
        "into",
        "out",
        "per",
        "can",
        "could",
        "would",
        "will",
    }
)


def question_words(question: str) -> frozenset[str]:
    """The words a question uses that may follow a number in an answer (``damage``,
    ``spades``, ``duels``): its words of three letters or more, but for the commonest."""
    words = re.findall(r"[a-z]+", question.lower())
    return frozenset(word for word in words if len(word) >= 3 and word not in _COMMON)


_POINT_GROUP: Final = re.compile(r"(?<![\d.,])[1-9]\d{0,2}\.\d{3}(?![\d.,])")


def _comma_note(reading: Reading) -> str:
    """Which reading of a ``1,234``-like comma was taken, in a sentence; "" when none."""
    if not reading.comma:
        return ""
    found = re.search(r"\d{1,3},\d{3}(?!\d)", reading.text)
    if found is None:  # pragma: no cover - a comma reading always comes from such digits
        return ""
    number = found.group()
    if reading.comma == "decimal":
        return f"{number} is read as {number.replace(',', '.')}, with a decimal comma."
    return f"{number} is read as {number.replace(',', '')}, the comma grouping thousands."


_CHOICE: Final = re.compile(
    r"^(?:(?:the\s+|my\s+)?(?:answer|option|choice)\s*(?:is\b)?\s*:?\s*|(?:i\s+think\s+)?"
    r"(?:it\s+is|it'?s)\s+|i\s+think\s+)?[(\[\"']?\s*([a-z])\s*[)\]\"']?\s*[.:!]?$",
    re.IGNORECASE,
)


_REASONED: Final = re.compile(
    r"^[(\[]?([a-f])(?:\s*[)\].:\-–,]\s+|\s+(?=(?:because|since|cos|coz)\b))\S", re.IGNORECASE
)


@dataclass(frozen=True)
class ChoiceQuestion:
    """A multiple-choice question: type the letter (or the words) of an option.

    ``options`` maps each option's text to the feedback for choosing it; ``right`` is the
    index of the right option. ``C``, ``c``, ``(C)``, ``c)``, ``C.``, ``option C``,
    ``the answer is C``, ``C - because …`` and ``C because …`` all choose option C.
    """

    id: str
    question: str
    options: tuple[tuple[str, str], ...]
    right: InitVar[int]
    points: int = 1
    _right: int = field(init=False, repr=False)
    """The index of the right option: private, read with :func:`right_of` (teacher-side)."""

    def __post_init__(self, right: int) -> None:
        object.__setattr__(self, "_right", right)
        if not 0 <= right < len(self.options) <= 6:
            raise ValueError("A choice question has 2 to 6 options and one right one.")

    @property
    def letters(self) -> str:
        """The letters of the options: ``ABC`` for three."""
        return "ABCDEF"[: len(self.options)]

    @property
    def _answer(self) -> str:
        """The letter of the right option (read with :func:`answer_of`)."""
        return self.letters[self._right]

    def choices(self) -> list[str]:
        """The options as "A. text" lines."""
        return [
            f"{letter}. {text}"
            for letter, (text, _) in zip(self.letters, self.options, strict=True)
        ]

    def check(self, text: str, attempt: int = 1) -> Verdict:
        """The verdict on the option ``text`` chooses, with that option's feedback."""
        listed = f"{', '.join(self.letters[:-1])} or {self.letters[-1]}"
        if not isinstance(text, str) or not text.strip():
            return Verdict(0.0, False, f"The box is empty: type one letter, {listed}.")
        found = _CHOICE.match(text.strip())
        if found is not None:
            letter = found.group(1).upper()
            index = self.letters.find(letter)
            if index < 0:
                return Verdict(
                    0.0, False, f"There is no option {letter}: type one letter, {listed}."
                )
        else:
            words = _words(text)
            index = next((i for i, (o, _) in enumerate(self.options) if _words(o) == words), -1)
            reason = _REASONED.match(text.strip())
            if index < 0 and reason is not None:  # "C - the deck is smaller"
                index = self.letters.find(reason.group(1).upper())
            if index < 0:
                return Verdict(0.0, False, f"Type one letter: {listed}.")
        feedback = self.options[index][1]
        if index == self._right:
            return Verdict(1.0, True, _join("Right.", feedback))
        return Verdict(0.0, False, _join("Not this one.", feedback))


def _words(text: str) -> str:
    return " ".join(text.strip().rstrip(".").split()).upper()


@dataclass(frozen=True)
class CustomQuestion:
    """A question with its own checker (an equation to write, a set of values to list).

    A checker may raise :class:`ValueError` with a sentence; it becomes the verdict's message.
    An empty box gets a sentence even when the checker gives none.
    """

    id: str
    question: str
    answer: InitVar[str]
    checker: Callable[[str], Verdict] = field(repr=False)
    hints: tuple[str, ...] = ()
    points: int = 1
    _answer: str = field(init=False, repr=False)
    """A right answer as the teacher edition shows it: private, read with :func:`answer_of`."""

    def __post_init__(self, answer: str) -> None:
        object.__setattr__(self, "_answer", answer)

    def check(self, text: str, attempt: int = 1) -> Verdict:
        """The checker's verdict on ``text``, with the hint for this attempt added."""
        try:
            verdict = self.checker(text)
        except ValueError as error:
            verdict = Verdict(0.0, False, str(error))
        if not text.strip():
            return verdict if verdict.message else Verdict(0.0, False, EMPTY)
        if verdict.correct:
            return verdict
        return Verdict(verdict.score, False, _join(verdict.message, _ladder(self.hints, attempt)))


def answer_of(question: Question) -> str:
    """The right answer of ``question`` as the teacher edition shows it. Teacher-side: answer
    keys, worked answers and tests read it here; no question offers it as a public attribute."""
    return question._answer


def value_of(question: NumberQuestion) -> Fraction:
    """The exact right value of a number question (teacher-side, as :func:`answer_of`)."""
    return question._value


def right_of(question: ChoiceQuestion) -> int:
    """The index of the right option of a choice question (teacher-side, as :func:`answer_of`)."""
    return question._right


def check_number(
    expected: Fraction | int,
    *,
    tolerance: Fraction | float = 0,
    hint: str = "",
) -> Callable[[str], Verdict]:
    """A checker for a numeric answer: exact, or within ``tolerance`` of ``expected``."""
    target = Fraction(expected)
    slack = Fraction(tolerance)
    comma: Comma = "thousands" if target.denominator == 1 and not slack else "decimal"

    def check(text: str) -> Verdict:
        try:
            given = parse_answer(text, comma=comma)
        except ValueError as error:
            return Verdict(0.0, False, str(error))
        if abs(given - target) <= slack:
            return Verdict(1.0, True, f"Right: {show_number(target)}.")
        return Verdict(0.0, False, _join(f"Not quite: {show_number(given)} is not it.", hint))

    return check


def check_values(
    expected: Iterable[Fraction | int],
    *,
    named: Mapping[frozenset[Fraction], str] | None = None,
    extra: str = "{} is not one of them",
    net: bool = False,
) -> Callable[[str], Verdict]:
    """A checker for "list every value": numbers in any order, as :func:`parse_list` reads them
    (``1, 2``, ``1 or 2``, ``1 and 2``, ``2 3``).

    ``named`` gives the feedback for a whole wrong list, such as ``{frozenset({1}): "That is
    rounding down every time."}``; ``extra`` says what the values that do not belong are
    (``"{} cannot be made"``). The score is the share of right values among all values named;
    with ``net`` it is the share of the wanted values found less one share for each wrong value
    (never below 0), and a named list scores the share of wanted values it holds.
    """
    want = frozenset(Fraction(value) for value in expected)
    sayings = dict(named or {})

    def check(text: str) -> Verdict:
        try:
            given = frozenset(parse_list(text))
        except ValueError as error:
            return Verdict(0.0, False, str(error))
        if given == want:
            return Verdict(1.0, True, f"Right: {', '.join(map(_listed, sorted(want)))}.")
        missing, wrong = sorted(want - given), sorted(given - want)
        found = len(given & want) / len(want)
        if given in sayings:
            return Verdict(found if net and not wrong else 0.0, False, sayings[given])
        parts = []
        if missing:
            parts.append(f"{len(missing)} value{'s are' if len(missing) > 1 else ' is'} missing")
        if wrong:
            parts.append(extra.format(", ".join(map(_listed, wrong))))
        score = len(given & want) / len(want | given)
        if net:
            score = max(0.0, (len(given & want) - len(wrong)) / len(want))
        return Verdict(score, False, "Not quite: " + " and ".join(parts) + ".")

    return check


def __getattr__(name: str) -> Any:
    """``record_attempt`` and ``main`` (keeping answers, which writes files) live in
    :mod:`acelab.classroom.attempts`; the old names still work from here."""
    if name in {"record_attempt", "main"}:
        import acelab.classroom.attempts

        return getattr(acelab.classroom.attempts, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":
    from acelab.classroom.attempts import main as _main

    raise SystemExit(_main(sys.argv[1:]))

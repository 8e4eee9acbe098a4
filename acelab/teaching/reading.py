"""Reading what a learner types into an answer box, without ever evaluating code.

:func:`read_answer` reads numbers as learners write them — ``12``, ``3/4``, ``2 1/2``, ``0.75``,
``0,75``, ``75%``, ``75 percent``, ``1/2%``, ``2,598,960``, ``2 598 960``, ``1.97e-3``, ``1 in 4``,
``3 out of 4``, ``a half`` — and small sums with ``+ − × x · * ÷ / : ^``, brackets ``( ) [ ] { }``,
bars ``|…|`` for the size of a number, ``n!`` (``52!/(5!47!)`` multiplies side by side),
``C(n, k)`` and ``nCk``. Words around the number are allowed (``about 0.4``, ``-3 points``,
``10.5 percentage points``, ``the answer is 5.``). A small recursive-descent parser reads them
into an exact :class:`~fractions.Fraction`; nothing is passed to ``eval``.

Whether a comma is a decimal comma or separates thousands depends on the question, so it is a
choice of the caller (``comma=``): ``"thousands"`` for a whole-number count (``132,600`` is
132600), ``"decimal"`` for a decimal answer (``1,234`` is 1.234, and the :class:`Reading` says it
chose), ``"ask"`` (the default) to refuse ``1,234`` with a sentence. ``0,34`` is always a decimal
and ``2,598,960`` always a whole number.

:func:`parse_answer` gives just the number; :func:`parse_list` reads several (``1, 2``,
``1 or 2``, ``1 and 2``). Every refusal is a :class:`ValueError` with one sentence a 12-year-old
can act on, and the work is bounded however long or deep the input.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from acelab.engine.terms import cut

__all__ = [
    "HOW",
    "RULE",
    "AmbiguousComma",
    "Comma",
    "Reading",
    "parse_answer",
    "parse_list",
    "parse_number",
    "read_answer",
]

Comma = Literal["ask", "thousands", "decimal"]
"""How to read one comma followed by exactly three digits, such as ``1,234``."""
Unit = Literal["", "%", "percentage points", "points"]
"""How a number was marked: ``%``, percentage points, game points, or nothing."""

MAX_LENGTH: Final = 120
MAX_DIGITS: Final = 400
MAX_FACTORIAL: Final = 200
MAX_EXPONENT: Final = 400
MAX_DEPTH: Final = 30

HOW: Final = (
    "type a whole number (12), a fraction (3/4), a decimal (0.75), a percentage (75%) "
    "or a sum such as 13 × 48 or C(52, 5)"
)
EMPTY: Final = "The box is empty: type your answer, then press Check."
RULE: Final = """\
One rule for every answer box (nothing you type is run as code):

- **A number as on paper:** `12`, `3/4`, `2 1/2`, `0.75` or `0,75`, `75%` or `75 percent`,
  `2,598,960` or `2 598 960`, `1 in 4`, `3 out of 4`; number words up to twenty, `half` and
  `zero` (`six`, `a half`, `two and a half`).
- **Working, wherever a number is asked:** `13 × 48`, `(2 + 5) × 2`, `52!/(5!47!)`, `C(52, 5)`,
  `2^5`; in a percentage question too, where `56.25 - 50` is read as 6.25 %. Working may end
  with `= value`: `13 × 48 = 624`, `1/16 = 6.25%` (the two sides must agree; the value after `=`
  may be rounded: `2/3 = 0.67`).
- **Words around the number:** `about 0.4`, `the answer is 5.`, and after the number a word the
  question uses: `9 damage` when the question asks about damage, `6 spades`, `5 cards`,
  `7.5 points`. Words never change the number: a wrong number stays wrong.
- **Lists:** `1, 2`, `1 2`, `1 and 2`, `1 or 2`. **Choices:** `C`, `c`, `(C)`,
  `the answer is C`.
- **Not read, with a sentence saying why:** a word the question does not use (`9 bananas`),
  `half of 10` (write `10/2`), two answers after `=` (`= 5 = 6`), a ratio on its own (`3:4`).
"""
"""The rule, as the README and the welcome notebook print it (``make editions`` copies it)."""

_CANONICAL: Final = {
    "−": "-",
    "–": "-",
    "—": "-",
    "‐": "-",
    "‒": "-",
    "﹣": "-",
    "－": "-",
    "＋": "+",
    "×": "*",
    "✕": "*",
    "·": "*",
    "⋅": "*",
    "•": "*",
    "÷": "/",
    "∕": "/",
    "⁄": "/",
    "\\": "/",  # a slip of the finger on many keyboards
    "％": "%",
    "’": "'",
    "≈": "=",
    "~": "=",
    "\u00a0": " ",
    "\u202f": " ",
    "\u2009": " ",
    "\t": " ",
    "\n": " ",
}
_OPENERS: Final = {"(": ")", "[": "]", "{": "}"}
_SEPARATORS: Final = (",", " ", "'", ".")

# Words, read case-blind and in this order; each pattern is replaced by the text after it.
_NUMBER_WORDS: Final = (
    "zero",
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
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
)
_WORDS: Final = (
    *((rf"\b{word}\b", f" {value} ") for value, word in enumerate(_NUMBER_WORDS)),
    (r"^\s*(?:minus|negative)\b", "-"),
    (r"(?<=\d)\s+and\s+a\s+half\b", " 1/2 "),
    (r"\b(?:a|one|1)\s+half\b|\bhalf\b|½", " 1/2 "),
    (r"\b(?:a|one|1)\s+quarter\b|\bquarter\b|¼", " 1/4 "),
    (r"\b(?:three|3)\s+quarters\b|¾", " 3/4 "),
    (r"(?:\bpercentage|\bper\s*cent(?:age)?|%)\s*points?\b|(?<![a-z])p\.?p\.?(?=\s*$)", " PP "),
    (r"\bper\s*cent\b|\bpct\b", "%"),
    (r"\bout\s+of\b", "/"),
    (r"(?<=\d)\s+in\s+(?=\d)", "/"),
)
_LEADING: Final = re.compile(
    r"^(?:(?:the\s+)?answer\s*(?:is\b|:)?|(?:i\s+think\s+)?it\s+is\b|it'?s\b|i\s+think\b|"
    r"about\b|approx(?:imately\b|\.)?|roughly\b|around\b|nearly\b|almost\b|ca\.)\s*",
    re.IGNORECASE,
)
_TRAILING: Final = re.compile(
    r"\s*(?:approx(?:imately\b|\.)?|roughly|or\s+so|ish|"
    r"\(?\s*(?:to\s+)?\d\d?\s*(?:d\.?\s*p\.?|decimal\s+places?|s\.?\s*f\.?)\s*\)?|"
    r"(?:cards?|hands?|ways?|deals?|games?|wins?|times|duels?|aces?|chips?|players?|turns?|"
    r"rounds?|draws?|orders?|outcomes?|places?|of\s+them))\s*$",
    re.IGNORECASE,
)
_POINTS: Final = re.compile(r"(?<=[\d)\]}|!])\s*(?:points?|pts?)$", re.IGNORECASE)
_RATIO: Final = re.compile(r"^[+-]?\d+(?:[.,]\d+)?\s*:\s*\d+(?:[.,]\d+)?$")
_LIST_SPLIT: Final = re.compile(
    r"\s*(?:;|&|\bor\b|\band\b|,(?=\s)|,(?!\d{3}(?!\d)))\s*", re.IGNORECASE
)


class AmbiguousComma(ValueError):
    """``1,234`` read with ``comma="ask"``: it could be 1234 or 1.234."""


@dataclass(frozen=True)
class Reading:
    """What a typed answer says, and how it was written.

    ``value`` is exact, with ``%`` and percentage points already divided by 100 (``29.8%`` and
    ``29.8 percentage points`` are both 149/500). ``unit`` is how it was marked: ``""``, ``"%"``,
    ``"percentage points"``, or ``"points"`` for a bare ``points`` that may be game points.
    ``decimals`` is how many decimal places a single plain number shows in the unit typed
    (``29.80%`` → 2), or None for fractions, mixed numbers and sums, whose value is exact.
    ``comma`` is ``"decimal"`` or ``"thousands"`` when a ``1,234``-like comma was read that way
    because the caller said so (the feedback can say which reading it took).
    """

    value: Fraction
    text: str
    unit: Unit = ""
    decimals: int | None = None
    comma: Literal["", "decimal", "thousands"] = ""
    note: str = ""
    """A sentence on how words were read (``'9 damages' is read as 9 damage.``), or ""."""

    @property
    def bare(self) -> bool:
        """A plain number with no ``%`` or percentage points, such as ``29.8`` or ``-3 points``."""
        return self.decimals is not None and self.unit in ("", "points")

    @property
    def places(self) -> int | None:
        """Decimal places the typed number pins the value to: ``29.8%`` is 0.298, so 3."""
        if self.decimals is None:
            return None
        return self.decimals + (2 if self.unit in ("%", "percentage points") else 0)


def _refuse(text: str) -> ValueError:
    return ValueError(f"{text!r} is not a number acelab can read: {HOW}.")


class _Parser:
    """Recursive descent over the characters of one cleaned answer.

    expression := term (("+" | "-") term)*
    term       := unary ((("*" | "/" | ":") | side by side after ! or before a bracket) unary
                  | "%")*
    unary      := ("+" | "-") unary | power
    power      := postfix ("^" unary)?
    postfix    := atom ("!" | "C" atom)*
    atom       := number | "(" expression ")" | "[" … "]" | "{" … "}" | "|" expression "|"
                | "C" "(" expression "," expression ")"
    """

    def __init__(self, text: str, comma: Comma, shown: str = "") -> None:
        self.text = text
        self.shown = shown or text  # the answer as typed, for messages
        self.comma = comma
        self.at = 0
        self.depth = 0
        self.in_arguments = 0
        self.bars = 0
        self.literals: list[int | None] = []  # decimals of each number read (None: not plain)
        self.operated = False  # anything but one number, a sign and %
        self.percent = False
        self.chose: Literal["", "decimal", "thousands"] = ""
        self.after_factorial = False

    # -- characters ---------------------------------------------------------------------------
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
        value = self.expression()
        if self.peek():
            raise ValueError(self._unexpected())
        return value

    def _unexpected(self) -> str:
        rest = self.text[self.at :]
        if rest[:1].isdigit():
            return (
                f"Two numbers stand side by side in {self.shown!r}: "
                "put an operation between them, such as 13 × 48."
            )
        if rest[:1] in (")", "]", "}"):
            return f"A bracket is closed that was never opened: take out the {rest[0]}."
        if rest.startswith("*"):
            return "Write powers with ^, such as 2^5."
        return f"{self.shown!r} is not a number acelab can read at {rest[:8]!r}: {HOW}."

    def expression(self) -> Fraction:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ValueError("That answer has too many brackets inside brackets.")
        value = self.term()
        while self.peek() in ("+", "-"):
            sign = self.text[self.at]
            self.at += 1
            self.operated = True
            right = self.term()
            value = _sized(value + right if sign == "+" else value - right)
        self.depth -= 1
        return value

    def term(self) -> Fraction:
        value = self.unary()
        while True:
            char = self.peek()
            if char == "%":
                self.at += 1
                self.percent = True
                value = value / 100  # applies to the product so far: 1/2% is half a percent
                continue
            side_by_side = char in _OPENERS or (self.after_factorial and char.isdigit())
            if not side_by_side and char not in ("*", "/", ":", "x", "X"):
                return value
            if char == "*" and self.text[self.at + 1 : self.at + 2] == "*":
                raise ValueError("Write powers with ^, such as 2^5.")
            if not side_by_side:
                self.at += 1
            self.operated = True
            right = self.unary()
            if char in ("/", ":"):
                if right == 0:
                    raise ValueError("Dividing by 0 has no answer: check what is below the line.")
                value = _sized(value / right)
            else:
                value = _sized(value * right)

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
        self.operated = True
        exponent = self.unary()
        return _power(base, exponent)

    def postfix(self) -> Fraction:
        value = self.atom()
        self.after_factorial = False
        while True:
            if self.take("!"):
                self.operated = True
                self.after_factorial = True
                value = _factorial(value)
            elif self.peek() in ("C", "c") and not self._is_choose_call():
                self.at += 1
                self.operated = True
                self.after_factorial = False
                value = _choose(value, self.atom())
            else:
                return value

    def _is_choose_call(self) -> bool:
        rest = self.text[self.at + 1 :].lstrip(" ")
        return rest.startswith("(")

    def atom(self) -> Fraction:
        char = self.peek()
        if char in _OPENERS:
            self.at += 1
            self.operated = True
            value = self.expression()
            closer = _OPENERS[char]
            if not self.take(closer):
                found = self.peek()
                if found in (")", "]", "}"):
                    raise ValueError(
                        f"A bracket opened with {char} closes with {closer}, not {found}."
                    )
                raise ValueError(f"A bracket is opened and never closed: add a {closer}.")
            return value
        if char == "|":
            self.at += 1
            self.operated = True
            self.bars += 1
            value = self.expression()
            self.bars -= 1
            if not self.take("|"):
                raise ValueError("A bar | is opened and never closed: add a | after the sum.")
            return abs(value)
        if char in ("C", "c") and self._is_choose_call():
            return self._choose_call()
        if char.isdigit() or char in (".", ","):
            return self.number()
        if not char:
            raise ValueError(f"{self.shown!r} stops too soon: something is missing at the end.")
        raise _refuse(self.shown)

    def _choose_call(self) -> Fraction:
        self.at += 1
        self.take("(")
        self.operated = True
        self.in_arguments += 1
        n = self.expression()
        if not self.take(","):
            raise ValueError("Write a choice as C(n, k), with a comma: C(52, 5).")
        k = self.expression()
        self.in_arguments -= 1
        if not self.take(")"):
            raise ValueError("Close C(n, k) with a bracket: C(52, 5).")
        return _choose(n, k)

    # -- numbers ------------------------------------------------------------------------------
    def _digits(self) -> str:
        start = self.at
        while self.at < len(self.text) and self.text[self.at].isdigit():
            self.at += 1
            if self.at - start > MAX_DIGITS:
                raise ValueError("That number has too many digits for an answer box.")
        return self.text[start : self.at]

    def _group_at(self, at: int, separator: str) -> bool:
        """Whether ``separator`` then exactly three digits (then no digit) stand at ``at``."""
        chunk = self.text[at : at + 5]
        return (
            len(chunk) >= 4
            and chunk[0] == separator
            and chunk[1:4].isdigit()
            and not chunk[4:5].isdigit()
        )

    def _grouping(self, whole: str) -> str:
        """The separator of a grouped whole number starting with ``whole``, or ""."""
        if not 0 < len(whole) <= 3 or whole.startswith("0") or self.in_arguments:
            return ""
        for separator in _SEPARATORS:
            if not self._group_at(self.at, separator):
                continue
            twice = self._group_at(self.at + 4, separator)
            if separator == "." and not twice:
                return ""  # "1.234" is a decimal; "2.598.960" is grouped
            if separator == "," and not twice:
                after = self.text[self.at + 4 : self.at + 6]
                if after[:1] == "." and after[1:].isdigit():
                    return ","  # "1,234.5"
                return self._one_comma_group()
            return separator
        return ""

    def _one_comma_group(self) -> str:
        """``1,234`` alone: the caller's ``comma`` decides, or the answer is refused."""
        if self.comma == "thousands":
            self.chose = self.chose or "thousands"
            return ","
        if self.comma == "decimal":
            self.chose = self.chose or "decimal"
            return ""
        number = self.text[self._start_of_number() : self.at + 4]
        whole, decimals = number.split(",")
        raise AmbiguousComma(
            f"{number!r} could mean {whole}{decimals} or {whole}.{decimals}: "
            f"write {whole}{decimals} or {whole}.{decimals}."
        )

    def _start_of_number(self) -> int:
        start = self.at
        while start > 0 and self.text[start - 1].isdigit():
            start -= 1
        return start

    def number(self) -> Fraction:
        self.skip()
        whole = self._digits()
        separator = self._grouping(whole)
        groups = 0
        digits = whole
        while separator and self._group_at(self.at, separator):
            digits += self.text[self.at + 1 : self.at + 4]
            self.at += 4
            groups += 1
        if separator == " " and self.text[self.at : self.at + 1] == "/":
            self.operated = True  # "10 000/3" is 10000/3, never a mixed number
        marks = "," if separator == "." else "." if separator == "," or self.in_arguments else ".,"
        decimals = ""
        if self._mark_follows(marks if digits else "."):
            self.at += 1
            decimals = self._digits()
            if self._mark_follows("." if self.in_arguments else ".,"):
                raise ValueError(
                    f"{self.shown!r} mixes separators: write 2598960, 2,598,960 or 2 598 960 "
                    "for whole numbers and 0.341 or 0,341 for decimals."
                )
        if not digits and not decimals:
            raise _refuse(self.shown)
        if len(digits) + len(decimals) > MAX_DIGITS:
            raise ValueError("That number has too many digits for an answer box.")
        value = Fraction(int(digits or "0"))
        if decimals:
            value += Fraction(int(decimals), 10 ** len(decimals))
        value = self._exponent(value)
        if not decimals and not groups and value.denominator == 1:
            value = self._maybe_mixed(value)
        self.literals.append(len(decimals))
        return value

    def _mark_follows(self, marks: str) -> bool:
        return (
            self.text[self.at : self.at + 1] in tuple(marks)
            and self.text[self.at + 1 : self.at + 2].isdigit()
        )

    def _exponent(self, value: Fraction) -> Fraction:
        """``1.97e-3``: calculator notation for 1.97 × 10^-3."""
        match = re.match(r"[eE]([+-]?\d+)", self.text[self.at : self.at + 8])
        if match is None:
            return value
        self.at += match.end()
        self.operated = True
        return _sized(value * _power(Fraction(10), Fraction(int(match.group(1)))))

    def _maybe_mixed(self, whole: Fraction) -> Fraction:
        """``2 1/2``: a whole number, a space, then a proper fraction of whole numbers."""
        save = self.at
        if self.at >= len(self.text) or self.text[self.at] != " ":
            return whole
        self.skip()
        top = self._digits()
        self.skip()
        if not top or not self.take("/"):
            self.at = save
            return whole
        self.skip()
        bottom = self._digits()
        if not bottom:
            raise ValueError("A mixed number needs a fraction after the whole part, like 2 1/2.")
        if int(bottom) == 0:
            raise ValueError("A fraction cannot have 0 below the line.")
        fraction = Fraction(int(top), int(bottom))
        if fraction >= 1:
            raise ValueError(
                "In a mixed number like 2 1/2 the fraction part is less than 1: "
                "write 2 + 3/2 if you mean a sum."
            )
        self.operated = True
        return whole + fraction


def _sized(value: Fraction) -> Fraction:
    if max(value.numerator.bit_length(), value.denominator.bit_length()) > MAX_DIGITS * 4:
        raise ValueError("That number is too large for an answer box.")
    return value


def _power(base: Fraction, exponent: Fraction) -> Fraction:
    if exponent.denominator != 1:
        raise ValueError("A power must be a whole number, such as 2^5.")
    if abs(exponent) > MAX_EXPONENT:
        raise ValueError(f"That power is too large: keep powers to {MAX_EXPONENT} or less.")
    if base == 0 and exponent < 0:
        raise ValueError("Dividing by 0 has no answer: 0 to a negative power is 1/0.")
    size = max(base.numerator.bit_length(), base.denominator.bit_length())
    if size * abs(exponent) > MAX_DIGITS * 4:
        raise ValueError("That number is too large for an answer box.")
    return _sized(base ** int(exponent))


def _whole(value: Fraction, what: str) -> int:
    if value.denominator != 1 or value < 0:
        raise ValueError(f"{what} is only for whole numbers 0, 1, 2 and so on.")
    return int(value)


def _factorial(value: Fraction) -> Fraction:
    n = _whole(value, "The factorial n!")
    if n > MAX_FACTORIAL:
        raise ValueError(
            f"The factorial {cut(str(n), 16)}! is too large for an answer box: keep to "
            f"{MAX_FACTORIAL}! or less."
        )
    return Fraction(math.factorial(n))


def _choose(n_value: Fraction, k_value: Fraction) -> Fraction:
    n = _whole(n_value, "C(n, k)")
    k = _whole(k_value, "C(n, k)")
    if n > 10 * MAX_FACTORIAL:
        raise ValueError(f"C({cut(str(n), 16)}, {cut(str(k), 16)}) is too large for an answer box.")
    return _sized(Fraction(math.comb(n, k)))


def _canonical(text: object) -> str:
    """The answer stripped, with its symbols made plain (``−`` → ``-``, ``×`` → ``*``)."""
    if not isinstance(text, str):
        raise ValueError(f"An answer is text, not {type(text).__name__}.")
    if len(text) > MAX_LENGTH:
        raise ValueError(f"That answer is too long: keep it under {MAX_LENGTH} characters.")
    shown = text.strip()
    cleaned = "".join(_CANONICAL.get(char, char) for char in shown)
    for char in cleaned:
        if not char.isprintable() or (char.isdigit() and not char.isascii()):
            raise _refuse(shown)
    if not cleaned.strip():
        raise ValueError(EMPTY)
    return cleaned


def _forms(word: str) -> frozenset[str]:
    """A word and its plain plural or singular: damage, damages; spades, spade."""
    forms = {word, f"{word}s", f"{word}es"}
    if word.endswith("s"):
        forms.add(word[:-1])
    if word.endswith("es"):
        forms.add(word[:-2])
    if word.endswith("y"):
        forms.add(f"{word[:-1]}ies")
    if word.endswith("ies"):
        forms.add(f"{word[:-3]}y")
    return frozenset(forms)


def _unit_words(cleaned: str, shown: str, units: frozenset[str] | None) -> tuple[str, str]:
    """The answer without the words after its number, and a note on how they were read.

    A word may follow the number when the question uses it (``9 damage`` when the question
    asks about damage); a plural or singular of such a word is read as that word, with a note.
    Any other word is refused with a sentence naming what was read.
    """
    found = re.search(
        r"(?<=[\d)\]}|!%])\s*([a-z][a-z' -]*[a-z]|[a-z]{2,})$", cleaned, re.IGNORECASE
    )
    if found is None or not re.search(r"\d", cleaned[: found.start()]):
        return cleaned, ""
    number, words = cleaned[: found.start()].strip(), found.group(1).strip()
    if any(not word.isalpha() for word in words.split()):
        return cleaned, ""
    named = units or frozenset()
    typed = words.lower().split()
    if all(word in named for word in typed):
        return number, ""
    near = [next((n for n in sorted(named) if n in _forms(word)), "") for word in typed]
    if all(near):
        said = " ".join(near)
        return number, f"{shown!r} is read as {number} {said}."
    question = ", as the question does not use it" if units is not None else ""
    raise ValueError(
        f"{shown!r} is not a number acelab can take: it read the number {number} and the "
        f"word {words!r}{question}. Type {number} alone, or with a word the question uses."
    )


def _cleaned(text: object, units: frozenset[str] | None = None) -> tuple[str, Unit, str]:
    """The answer with words, units and fillers read: (what the parser reads, the unit, a
    note on how words were read)."""
    cleaned = _canonical(text)
    shown = str(text).strip()
    for pattern, replacement in _WORDS:
        cleaned = re.sub(pattern, replacement, cleaned, flags=re.IGNORECASE)
    cleaned = cleaned.strip()
    unit: Unit = ""
    for _ in range(3):
        before = cleaned
        cleaned = _LEADING.sub("", cleaned).strip()
        cleaned = _TRAILING.sub("", cleaned).strip()
        cleaned = re.sub(r"(?<!\.)\.$", "", cleaned).strip()  # a full stop at the end
        if cleaned.endswith("PP"):
            unit, cleaned = "percentage points", cleaned[:-2].strip()
        elif _POINTS.search(cleaned):
            unit, cleaned = unit or "points", _POINTS.sub("", cleaned).strip()
        if cleaned == before:
            break
    if "PP" in cleaned:
        raise ValueError("Put the words percentage points after the number, like 10.5 points.")
    if not cleaned:
        raise ValueError(f"{shown!r} has no number in it: {HOW}.")
    if re.search(r"\bof\b", cleaned, re.IGNORECASE):
        raise ValueError(
            f"{shown!r}: acelab does not read “of” as times. Write the sum with ×, such as "
            "1/2 × 10, or type the number it makes."
        )
    cleaned, note = _unit_words(cleaned, shown, units)
    if any(char.isalpha() and char.isascii() and char not in "xXcCeE" for char in cleaned):
        raise _refuse(shown)
    if any(not char.isascii() for char in cleaned):
        raise _refuse(shown)
    return cleaned, unit, note


def _ratio(cleaned: str) -> str:
    """The sentence refusing ``3:4`` alone: a ratio, which may mean 3/4 or 3 in every 7."""
    left, right = (part.strip() for part in cleaned.split(":"))
    if left.isdigit() and right.isdigit():
        whole = int(left) + int(right)
        return (
            f"{left}:{right} is a ratio: write it as a fraction, {left}/{right} for "
            f"{left} divided by {right}, or {left}/{whole} for {left} in every {whole}."
        )
    return f"{left}:{right} is a ratio: write it as a fraction, such as {left}/{right}."


def read_answer(text: str, *, comma: Comma = "ask", units: Iterable[str] | None = None) -> Reading:
    """What ``text`` says: its exact value and how it was written (see :class:`Reading`).

    ``comma`` decides ``1,234`` (one comma, then exactly three digits): ``"thousands"`` reads
    1234, ``"decimal"`` reads 1.234, ``"ask"`` refuses it with :class:`AmbiguousComma`.
    ``units`` are the words a question uses (``damage``, ``spades``): one of them (or its
    plural) may follow the number, besides the counting words every question allows (cards,
    hands, ways…). A sum may end with ``= value`` (``13 × 48 = 624``, ``5108/2598960 ≈
    0.197%``): both sides must agree, the right at the places it shows, and the value read is
    the right side's. Raises :class:`ValueError` with a sentence saying what went wrong and
    what can be typed.
    """
    named = None if units is None else frozenset(word.lower() for word in units)
    canonical = _canonical(text)
    shown = text.strip()
    parts = [part for part in canonical.split("=") if part.strip()]
    if not parts:
        raise ValueError(f"{shown!r} has no number in it: {HOW}.")
    if len(parts) == 1:
        return _read_one(parts[0], shown, comma, named)
    last = _read_one(parts[-1], parts[-1].strip(), comma, named)
    for part in parts[:-1]:
        if not re.search(r"\d", part):
            continue  # a name before the sign: "x = 5", "answer = 5"
        side = _read_one(part, part.strip(), comma, named)
        if not _sides_agree(side, last):
            if side.decimals is not None:
                raise ValueError(
                    f"{shown!r} gives two different answers, {side.text} and {last.text}: "
                    "keep the one you mean."
                )
            raise ValueError(
                f"The two sides of = differ in {shown!r}: {side.text} makes "
                f"{_plain(side.value)}, not {last.text}. Keep the one you mean."
            )
    return Reading(
        value=last.value,
        text=shown,
        unit=last.unit,
        decimals=last.decimals,
        comma=last.comma,
        note=last.note,
    )


def _plain(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value} (about {float(value):.4g})"


def _sides_agree(side: Reading, last: Reading) -> bool:
    """Whether the two sides of ``=`` agree: equal, or the right rounds the left at its places;
    a plain left side may be the percentage the right side marks (``4126/16632 × 100 = 24.8%``).
    """
    lefts = [side.value]
    if last.unit in ("%", "percentage points") and side.unit in ("", "points"):
        lefts.append(side.value / 100)
    places = last.places
    for left in lefts:
        if left == last.value:
            return True
        if places is not None and abs(left - last.value) <= Fraction(1, 2 * 10**places):
            return True
    return False


def _read_one(text: str, shown: str, comma: Comma, units: frozenset[str] | None) -> Reading:
    cleaned, unit, note = _cleaned(text, units)
    if _RATIO.match(cleaned):
        raise ValueError(_ratio(cleaned))
    parser = _Parser(cleaned, comma, shown)
    value = parser.answer()
    if parser.percent and unit == "percentage points":
        raise ValueError("Write percentage points without the % sign, like 10.5 points.")
    if unit == "percentage points":
        value = value / 100
    if parser.percent:
        unit = "%"
    plain = len(parser.literals) == 1 and not parser.operated
    return Reading(
        value=value,
        text=shown,
        unit=unit,
        decimals=parser.literals[0] if plain else None,
        comma=parser.chose,
        note=note,
    )


def parse_answer(text: str, *, comma: Comma = "ask") -> Fraction:
    """The exact number a learner's ``text`` stands for (:func:`read_answer`'s value).

    Raises :class:`ValueError` with a sentence saying what went wrong and what can be typed.
    """
    return read_answer(text, comma=comma).value


parse_number = parse_answer  # the name of acelab 0.1


def parse_list(text: str, *, comma: Comma = "thousands") -> tuple[Fraction, ...]:
    """The numbers of a list as a learner types it: ``1, 2``, ``1 or 2``, ``1 and 2``, ``1; 2``.

    Brackets around the whole list (``{1, 2}``) are allowed. A comma followed by exactly three
    digits and no space groups thousands (``1,234`` is one number); any other comma separates.
    Whole numbers separated only by spaces (``2 3 5``) are a list too, but ``10 000`` is one
    number.
    Raises :class:`ValueError` naming the part that is not a number.
    """
    if not isinstance(text, str):
        raise ValueError(f"An answer is text, not {type(text).__name__}.")
    if len(text) > MAX_LENGTH:
        raise ValueError(f"That answer is too long: keep it under {MAX_LENGTH} characters.")
    body = text.strip().rstrip(".").strip()
    if body[:1] in ("{", "[", "(") and body[-1:] == _OPENERS[body[0]]:
        body = body[1:-1]
    parts = [part for part in _LIST_SPLIT.split(body) if part.strip()]
    if not parts:
        raise ValueError("The box is empty: type the numbers, separated by commas, like 2, 3.")
    values: list[Fraction] = []
    for part in parts:
        try:
            values.append(parse_answer(part, comma=comma))
        except ValueError as error:
            words = part.split()  # "2 3 5": numbers separated by spaces only
            if len(words) < 2 or not all(word.isdigit() for word in words):
                raise ValueError(
                    f"{part.strip()!r} is not a number: type numbers separated by commas, "
                    "like 2, 3."
                ) from error
            values.extend(Fraction(int(word)) for word in words)
    return tuple(values)

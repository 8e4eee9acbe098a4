"""Reading an Assault Equation typed by the learner: ``S(9,9,6) D(3)``, ``♠(9 9 6) ♦(3)`` or
``Sabina(9, 9, 6) Duke(3)``. A hand-written reader (never ``eval``) whose refusals name the
character and the reason.
"""

from __future__ import annotations

from typing import Final

from acelab.ace_pilot.pilots import PILOT_BY_TEXT, pilot_name
from acelab.ace_pilot.structure import MAX_ACES, MAX_CARDS, check_structure
from acelab.engine.cards import Suit
from acelab.engine.terms import shown

__all__ = ["EquationSyntaxError", "parse_groups"]

Row = list[tuple[Suit, tuple[int, ...]]]
"""Each ace's suit and its card values, left to right."""


class EquationSyntaxError(ValueError):
    """An equation text that cannot be read; ``position`` is 0-based, ``reason`` in words."""

    def __init__(self, text: str, position: int, reason: str) -> None:
        shown = text if len(text) <= 40 else text[:37] + "..."
        super().__init__(f"At character {position + 1} of {shown!r}: {reason}")
        self.position = position
        self.reason = reason


_IGNORED: Final = frozenset(" \t\n\r\ufe0f")
_VALUE_BY_TEXT: Final[dict[str, int]] = {
    **{str(n): n for n in range(1, 14)},
    "J": 11,
    "Q": 12,
    "K": 13,
}


def parse_groups(text: str) -> Row:
    """The aces of the equation ``text`` with their card values; the row has the shape of an
    equation. Raises :class:`EquationSyntaxError` naming the position and the reason."""
    return _Parser(text).equation()


class _Parser:
    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise EquationSyntaxError(shown(text), 0, "an equation is written as text.")
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

    def equation(self) -> Row:
        groups: Row = []
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
            check_structure([len(values) for _, values in groups], [suit for suit, _ in groups])
        except ValueError as error:
            raise self.fail(str(error), self._blame(groups, starts, str(error))) from None
        return groups

    @staticmethod
    def _blame(groups: Row, starts: list[int], reason: str) -> int:
        for (suit, _), start in reversed(list(zip(groups, starts, strict=True))):
            if pilot_name(suit) in reason:
                return start
        return starts[0]

    def pilot(self) -> Suit:
        start = self.pos
        char = self.peek()
        if char.isascii() and char.isalpha():
            text = self.word()
        elif char in PILOT_BY_TEXT:
            self.pos += 1
            text = char
        else:
            raise self.fail(
                f"expected a pilot (H, S, C, D, ♥ ♠ ♣ ♦ or a pilot's name), not {char!r}."
            )
        suit = PILOT_BY_TEXT.get(text.upper())
        if suit is None:
            raise self.fail(
                f"{shown(text)} is not a pilot: write H, S, C, D, ♥ ♠ ♣ ♦, or a pilot's name.",
                start,
            )
        return suit

    def group(self) -> tuple[Suit, tuple[int, ...]]:
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
                return suit, tuple(values)
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
                reason = f"{shown(token)} is not a card value: write 2 to 13, or J, Q, K."
            raise self.fail(reason, start)
        return value

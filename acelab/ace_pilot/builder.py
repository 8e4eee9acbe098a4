"""Building an Assault Equation click by click: an immutable value the play panel holds.

A :class:`Build` starts with the Starting Pilot alone in the row and no card on it. Each click
returns a new build: :meth:`Build.place` puts a hand card at the end of an ace's cards,
:meth:`Build.add_pilot` deploys a Ready pilot (left, right or between) with its first card,
:meth:`Build.with_rounding` chooses how one fractional division step is rounded and
:meth:`Build.with_ending` names the Ending Pilot. A click the rules forbid raises
:class:`~acelab.engine.IllegalMove` with a sentence for the learner, and the build is unchanged.

:meth:`Build.completions` answers "can this partial equation still reach the target?" from the
solver's list of solutions. Nothing here imports a widget library.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from acelab.ace_pilot.equation import Equation, Group
from acelab.ace_pilot.moves import Assault
from acelab.ace_pilot.operations import Rounding, fold_values, step
from acelab.ace_pilot.pilots import LATEX_OPERATION, parse_pilot, pilot_name
from acelab.ace_pilot.solver import solve
from acelab.ace_pilot.structure import check_structure, resolve
from acelab.engine import IllegalMove
from acelab.engine.cards import Card, Suit

__all__ = [
    "Ace",
    "Build",
    "Check",
    "DivisionStep",
    "Position",
    "extends",
]

Position = Literal["left", "right", "between"] | int
"""Where a new pilot joins the row: ``"left"``, ``"right"``, ``"between"`` or an index."""


@dataclass(frozen=True)
class Ace:
    """One ace in the row and the hand cards played on it, left to right."""

    suit: Suit
    cards: tuple[Card, ...] = ()

    @property
    def values(self) -> tuple[int, ...]:
        """The card values on this ace, in the order played."""
        return tuple(card.value for card in self.cards)

    @property
    def pilot(self) -> str:
        """The pilot's name."""
        return pilot_name(self.suit)


@dataclass(frozen=True)
class DivisionStep:
    """One division of Duke's: ``left / right``; ``exact`` is ``None`` when ``right`` is 0."""

    index: int
    left: int
    right: int
    exact: Fraction | None
    rounding: Rounding
    result: int | None

    @property
    def fractional(self) -> bool:
        """True when the quotient is not whole, so the rounding matters."""
        return self.exact is not None and self.exact.denominator != 1

    def choices(self) -> tuple[int, int]:
        """The results of rounding down and up (equal when the quotient is whole)."""
        if self.exact is None:
            raise ValueError("Dividing by zero has no result to round.")
        return math.floor(self.exact), math.ceil(self.exact)


@dataclass(frozen=True)
class Check:
    """The answer to "can this equation still reach the target?"."""

    possible: bool
    ways: int
    text: str


def _prefix_fits(suit: Suit, placed: tuple[int, ...], final: tuple[int, ...]) -> bool:
    """Can an ace holding ``placed`` end as ``final`` (a normalized order) by adding cards?"""
    if len(placed) > len(final):
        return False
    if suit is Suit.DIAMONDS:
        return final[: len(placed)] == placed
    if suit is Suit.SPADES:
        if placed and placed[0] != final[0]:
            return False
        placed, final = placed[1:], final[1:]
    return not Counter(placed) - Counter(final)


def extends(row: Sequence[tuple[Suit, tuple[int, ...]]], equation: Equation) -> bool:
    """True when ``equation`` can be reached from the partial ``row`` by adding cards at the
    end of aces and new aces anywhere (``equation`` normalized, as the solver lists them)."""
    suits = [g.suit for g in equation.groups]
    last = -1
    for suit, placed in row:
        if suit not in suits:
            return False
        index = suits.index(suit)
        if index <= last or not _prefix_fits(suit, placed, equation.groups[index].values):
            return False
        last = index
    return True


@dataclass(frozen=True)
class Build:
    """An Assault Equation being built from ``hand`` (see the module doc).

    ``aces`` is the row, left to right; ``deployed`` the added pilots in the order they joined;
    ``roundings`` one choice per division step (missing ones are ``"down"``).
    """

    hand: tuple[Card, ...]
    start: Suit
    ready: tuple[Suit, ...]
    aces: tuple[Ace, ...]
    deployed: tuple[Suit, ...] = ()
    roundings: tuple[Rounding, ...] = ()
    ending_choice: Suit | None = None

    @classmethod
    def begin(cls, hand: Sequence[Card], start: Suit, ready: Sequence[Suit]) -> Build:
        """The Starting Pilot alone in the row, holding no card yet."""
        if isinstance(hand, str) or not isinstance(hand, Iterable):
            raise ValueError("A build starts from the hand: a list of cards.")
        if not all(isinstance(card, Card) and not card.is_joker for card in hand):
            raise ValueError("A build's hand holds value cards such as parse_cards('2S QC').")
        start = parse_pilot(start)
        if isinstance(ready, str):
            ready = [parse_pilot(p) for p in ready]
        if not isinstance(ready, Iterable) or not all(isinstance(p, Suit) for p in ready):
            raise ValueError("The Ready pilots are a list of pilots such as 'HSC'.")
        others = tuple(p for p in ready if p is not start)
        return cls(tuple(hand), start, others, (Ace(start),))

    # ---- what the build holds -------------------------------------------------------------

    @property
    def used(self) -> tuple[Card, ...]:
        """The hand cards already in the equation."""
        return tuple(card for ace in self.aces for card in ace.cards)

    @property
    def unused(self) -> tuple[Card, ...]:
        """The hand cards not yet played."""
        used = set(self.used)
        return tuple(card for card in self.hand if card not in used)

    @property
    def start_ace(self) -> Ace:
        """The Starting Pilot's ace."""
        return next(ace for ace in self.aces if ace.suit is self.start)

    @property
    def is_empty(self) -> bool:
        """True while no card has been played."""
        return not self.used

    @property
    def complete(self) -> bool:
        """True once the row is an equation (the Starting Pilot holds two or more cards)."""
        return len(self.start_ace.cards) >= 2

    def missing(self) -> str:
        """Why the row is not an equation yet ("" when it is)."""
        need = 2 - len(self.start_ace.cards)
        if need <= 0:
            return ""
        cards = "two cards" if need == 2 else "one more card"
        return f"{pilot_name(self.start)}, the Starting Pilot, needs {cards}."

    def equation(self) -> Equation | None:
        """The equation built so far, or ``None`` while it is incomplete."""
        if not self.complete:
            return None
        return Equation(tuple(Group(ace.suit, ace.values) for ace in self.aces))

    @property
    def ending(self) -> Suit:
        """The Ending Pilot: the chosen one, else the pilot deployed last, else the start."""
        if self.ending_choice is not None:
            return self.ending_choice
        return self.deployed[-1] if self.deployed else self.start

    @property
    def available(self) -> tuple[Suit, ...]:
        """Ready pilots not yet in the row."""
        in_row = {ace.suit for ace in self.aces}
        return tuple(p for p in self.ready if p not in in_row)

    # ---- clicks ---------------------------------------------------------------------------

    def _check_card(self, card: Card) -> None:
        if card not in self.hand:
            raise IllegalMove(f"The {card.name} is not in your hand.")
        if card in self.used:
            raise IllegalMove(f"The {card.name} is already in the equation.")

    def _checked(self, aces: tuple[Ace, ...]) -> tuple[Ace, ...]:
        try:
            check_structure([len(a.cards) for a in aces], [a.suit for a in aces])
        except ValueError as error:
            raise IllegalMove(str(error)) from None
        return aces

    def place(self, card: Card, suit: Suit) -> Build:
        """Put ``card`` at the end of the cards on the ace of ``suit`` (already in the row)."""
        self._check_card(card)
        index = next((i for i, ace in enumerate(self.aces) if ace.suit is suit), None)
        if index is None:
            raise IllegalMove(
                f"{pilot_name(suit)} is not in the equation yet: add the pilot with this card."
            )
        ace = self.aces[index]
        aces = list(self.aces)
        aces[index] = Ace(suit, (*ace.cards, card))
        if self.complete:
            return replace(self, aces=self._checked(tuple(aces)))
        return replace(self, aces=tuple(aces))

    def _position(self, position: Position) -> int:
        size = len(self.aces)
        if position == "left":
            return 0
        if position == "right":
            return size
        if position == "between":
            if size != 2:
                raise IllegalMove("A pilot goes between two aces: add one left or right first.")
            return 1
        if isinstance(position, int) and 0 <= position <= size:
            return position
        raise IllegalMove("A new pilot goes to the left, to the right, or between two aces.")

    def add_pilot(self, suit: Suit, card: Card, position: Position = "right") -> Build:
        """Deploy the Ready pilot ``suit`` at ``position`` with ``card`` as its first card."""
        self._check_card(card)
        name = pilot_name(suit)
        if any(ace.suit is suit for ace in self.aces):
            raise IllegalMove(f"{name} is already in the equation: a pilot is deployed once.")
        if suit not in self.ready:
            raise IllegalMove(f"{name} is not Ready, so cannot join the equation.")
        if not self.complete:
            raise IllegalMove(
                f"{self.missing()} Another pilot may join only after that (the rulebook's rule)."
            )
        index = self._position(position)
        aces = (*self.aces[:index], Ace(suit, (card,)), *self.aces[index:])
        return replace(
            self,
            aces=self._checked(aces),
            deployed=(*self.deployed, suit),
            ending_choice=None,
        )

    def with_rounding(self, index: int, rounding: Rounding) -> Build:
        """Round division step ``index`` (0-based, as :meth:`division_steps` lists) this way."""
        if rounding not in ("down", "up"):
            raise IllegalMove("A rounding is 'down' or 'up'.")
        steps = len(self.division_steps())
        if not 0 <= index < steps:
            raise IllegalMove("There is no such division step to round.")
        # only as far as the learner has chosen: a step added later stays unchosen ("down"),
        # and a draft rebuilt card by card holds the very same roundings
        chosen = list(self.roundings[:steps])
        chosen += ["down"] * (index + 1 - len(chosen))
        chosen[index] = rounding
        return replace(self, roundings=tuple(chosen))

    def with_ending(self, suit: Suit) -> Build:
        """Name the Ending Pilot among the added pilots (RULINGS §1.6)."""
        if suit not in self.endings():
            names = " or ".join(pilot_name(p) for p in self.endings())
            raise IllegalMove(f"The Ending Pilot is a pilot deployed in this equation: {names}.")
        return replace(self, ending_choice=suit)

    def endings(self) -> tuple[Suit, ...]:
        """The pilots that may be named the Ending Pilot."""
        return self.deployed or (self.start,)

    def clear(self) -> Build:
        """Every card back in the hand; the Starting Pilot alone again."""
        return Build.begin(self.hand, self.start, self.ready)

    # ---- values ---------------------------------------------------------------------------

    def padded_roundings(self) -> tuple[Rounding, ...]:
        """One rounding per division step: the chosen ones, ``"down"`` for the rest."""
        equation = self.equation()
        steps = equation.rounding_steps if equation is not None else 0
        down: Rounding = "down"
        chosen = self.roundings[:steps]
        return chosen + (down,) * (steps - len(chosen))

    def division_steps(self) -> tuple[DivisionStep, ...]:
        """Duke's divisions in the order they resolve, with the chosen roundings."""
        equation = self.equation()
        if equation is None:
            return ()
        chosen = self.roundings
        steps: list[DivisionStep] = []
        stopped = False

        def fold(suit: Suit, operands: list[int | None]) -> int | None:
            nonlocal stopped
            if stopped or any(o is None for o in operands):
                return None
            values = [o for o in operands if o is not None]
            if suit is not Suit.DIAMONDS:
                return next(iter(fold_values(suit, [(v,) for v in values])))
            acc = values[0]
            for right in values[1:]:
                index = len(steps)
                rounding: Rounding = chosen[index] if index < len(chosen) else "down"
                if step(suit, acc, right) == (None,):
                    steps.append(DivisionStep(index, acc, right, None, rounding, None))
                    stopped = True
                    return None
                exact = Fraction(acc, right)
                result = math.ceil(exact) if rounding == "up" else math.floor(exact)
                steps.append(DivisionStep(index, acc, right, exact, rounding, result))
                acc = result
            return acc

        operands: list[tuple[Suit, list[int | None]]] = [
            (g.suit, list(g.values)) for g in equation.groups
        ]
        resolve(operands, fold)
        return tuple(steps)

    def value(self) -> int | None:
        """The value with the chosen roundings (``None``: incomplete, or divides by zero)."""
        equation = self.equation()
        if equation is None:
            return None
        return equation.value(self.padded_roundings())

    def values(self) -> frozenset[int]:
        """Every value the roundings can give (empty while incomplete)."""
        equation = self.equation()
        return equation.values() if equation is not None else frozenset()

    @property
    def divides_by_zero(self) -> bool:
        """True when the equation built so far divides by zero (confirming it loses the game)."""
        equation = self.equation()
        return equation is not None and equation.divides_by_zero

    def assault(self) -> Assault:
        """The engine move that plays this equation; ``IllegalMove`` while incomplete."""
        equation = self.equation()
        if equation is None:
            raise IllegalMove(self.missing())
        return Assault(equation, self.ending)

    def row(self) -> tuple[tuple[Suit, tuple[int, ...]], ...]:
        """The row as (suit, values) pairs."""
        return tuple((ace.suit, ace.values) for ace in self.aces)

    def completions(self, target: int) -> list[Equation]:
        """Every equation reaching ``target`` that this build can still become."""
        values = [card.value for card in self.hand]
        found = solve(values, target, self.start, self.ready)
        row = self.row()
        return [eq for eq in found if extends(row, eq)]

    def check(self, target: int) -> Check:
        """Can this equation still be completed (cards, pilots, roundings) to ``target``?"""
        ways = len(self.completions(target))
        if self.complete and self.value() == target:
            return Check(True, ways, f"Yes: it makes {target} now. Confirm it!")
        if self.complete and target in self.values():
            return Check(True, ways, f"Yes: round differently and it makes {target}.")
        if ways:
            more = "one way" if ways == 1 else f"{ways} ways"
            return Check(True, ways, f"Yes: it can still reach {target} ({more} to finish it).")
        if self.is_empty:
            return Check(False, 0, f"No equation with this hand reaches {target}: give up.")
        return Check(False, 0, f"No: this start cannot reach {target}. Undo or clear, and retry.")

    # ---- printing -------------------------------------------------------------------------

    def latex(self) -> str:
        """LaTeX of the row in the learner's order and grouping, with the chosen roundings;
        an incomplete start shows empty boxes for the cards still needed."""
        equation = self.equation()
        if equation is not None:
            return equation.latex(self.padded_roundings())
        shown = [str(v) for v in self.start_ace.values]
        shown += ["\\square"] * (2 - len(shown))
        return f" {LATEX_OPERATION[self.start]} ".join(shown)

    def text(self) -> str:
        """The row as text, e.g. ``Sabina(9, 9, 6) Duke(3)``."""
        parts = []
        for ace in self.aces:
            cards = ", ".join(str(v) for v in ace.values) or "…"
            parts.append(f"{ace.pilot}({cards})")
        return " ".join(parts)

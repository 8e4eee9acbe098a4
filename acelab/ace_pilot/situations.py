"""Seeded moments of the Assault step, for lessons: a hand, a target and the Ready pilots.

:func:`deal` finds the first seeded situation a test accepts; :func:`needs_zero_trick` says
whether a situation can be won only by rounding one of Duke's quotients down to 0.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from acelab.ace_pilot.equation import Equation
from acelab.ace_pilot.pilots import PILOTS, pilot_name
from acelab.ace_pilot.solver import solve
from acelab.engine import derive_rng
from acelab.engine.cards import Suit, random_index, shuffle_in_place
from acelab.engine.seeds import check_seed

__all__ = [
    "COUNT_SITUATIONS",
    "TRIES",
    "Situation",
    "cards",
    "deal",
    "lesson_rng",
    "needs_zero_trick",
    "right_to_left",
]

TRIES: Final = 5_000
"""Seeded draws tried before a search gives up."""


@dataclass(frozen=True)
class Situation:
    """A moment of the Assault step: a hand of card values, a target, the Starting Pilot and
    the other Ready pilots."""

    hand: tuple[int, ...]
    target: int
    start: Suit
    ready: tuple[Suit, ...]

    def __str__(self) -> str:
        others = ", ".join(pilot_name(p) for p in self.ready) or "nobody"
        hand = ", ".join(str(v) for v in self.hand)
        return (
            f"hand {hand}; target {self.target}; {pilot_name(self.start)} starts; Ready: {others}"
        )

    def solutions(self) -> list[Equation]:
        """Every equation of this situation that reaches the target."""
        return solve(self.hand, self.target, self.start, self.ready)


def lesson_rng(seed: int | str, what: str) -> random.Random:
    """The Ace Pilot lesson's random source ``what`` for ``seed``."""
    return derive_rng("acelab ace pilot lesson", what, check_seed(seed))


def cards(rng: random.Random, count: int) -> tuple[int, ...]:
    """``count`` values dealt from the 48 value cards (2 to 13, four of each)."""
    values = [v for v in range(2, 14) for _ in range(4)]
    shuffle_in_place(rng, values)
    return tuple(values[:count])


def deal(
    seed: int | str,
    *,
    start: Suit | None = None,
    alone: bool = False,
    ready: tuple[Suit, ...] | None = None,
    accept: Callable[[Situation], bool] = lambda s: bool(s.solutions()),
) -> Situation:
    """The first seeded situation that ``accept`` likes (by default: a solvable one).

    Hands are 4 values dealt from the 48 value cards; targets are evens 2..12. The other three
    pilots are Ready, unless ``alone`` (none) or ``ready`` names them.
    """
    rng = lesson_rng(seed, "deal")
    for _ in range(TRIES):
        hand = tuple(sorted(cards(rng, 4)))
        target = 2 * (1 + random_index(rng, 6))
        first = start if start is not None else PILOTS[random_index(rng, 4)]
        others = tuple(p for p in PILOTS if p is not first) if ready is None else ready
        situation = Situation(hand, target, first, () if alone else others)
        if accept(situation):
            return situation
    raise ValueError(f"No situation from seed {seed!r} passes the test.")  # pragma: no cover


def right_to_left(suit: Suit, values: tuple[int, ...]) -> Fraction | None:
    """What a pilot's cards make worked from the right (None when it divides by 0)."""
    value = Fraction(values[-1])
    for card in reversed(values[:-1]):
        if suit is Suit.SPADES:
            value = card - value
        else:
            if value == 0:
                return None
            value = card / value
    return abs(value) if suit is Suit.SPADES else value


def _duke_only(equation: Equation) -> Equation | None:
    group = equation.group(Suit.DIAMONDS)
    if group is None or len(group.values) < 2:
        return None
    return Equation.of((Suit.DIAMONDS, group.values))


def needs_zero_trick(situation: Situation) -> bool:
    """Whether the situation can be won, but only by rounding one of Duke's quotients to 0.

    Duke is the Starting Pilot (two or more cards) and the only pilot that divides, so every
    rounding choice of an equation is one of Duke's: an equation wins without the trick when
    some choice reaching the target leaves Duke's cards making more than 0.
    """
    if situation.start is not Suit.DIAMONDS:
        return False
    found = situation.solutions()
    if not found:
        return False
    for equation in found:
        duke = _duke_only(equation)
        if duke is None:
            return False
        for roundings, value in equation.outcomes().items():
            if value == situation.target and duke.value(roundings) != 0:
                return False
    return True


COUNT_SITUATIONS: Final = (
    Situation((2, 6, 10, 12), 10, Suit.DIAMONDS, (Suit.HEARTS, Suit.SPADES, Suit.CLUBS)),
    Situation((3, 5, 7, 9), 8, Suit.HEARTS, (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS)),
    Situation((3, 4, 8, 13), 6, Suit.SPADES, (Suit.HEARTS, Suit.CLUBS)),
)
"""The Stretch's situations whose winning equations are counted two ways."""

"""The order-of-operations lesson's exercises: seeded situations and answer checkers.

Each exercise is built from a seed (the same seed gives the same exercise on every computer) and
backed by the engine and the solver, so the checker knows the right answer without anybody
typing it in. Checkers take the learner's text and return a :class:`~acelab.answers.Verdict`;
they never evaluate code.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from acelab.ace_pilot.equation import Equation, pilot_name
from acelab.ace_pilot.solver import PILOTS, all_equations, solve
from acelab.answers import Verdict, check_number
from acelab.cards import Suit

__all__ = [
    "Exercise",
    "Situation",
    "carryover_exercise",
    "check_equation",
    "check_values",
    "check_yes_no",
    "count_exercise",
    "deal",
    "exercises",
    "left_to_right_exercise",
    "misprint_exercise",
    "rounding_exercise",
    "solvable_exercise",
    "tree",
    "zero_trick_exercise",
]

Checker = Callable[[str], Verdict]


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


@dataclass(frozen=True)
class Exercise:
    """A question, its checker, one right answer (for the teacher) and its situation."""

    question: str
    check: Checker
    answer: str
    situation: Situation | None = None


def deal(
    seed: int | str,
    *,
    start: Suit | None = None,
    alone: bool = False,
    accept: Callable[[Situation], bool] = lambda s: bool(s.solutions()),
) -> Situation:
    """The first seeded situation that ``accept`` likes (by default: a solvable one).

    Hands are 4 values dealt from the 48 value cards; targets are evens 2..12.
    """
    rng = random.Random(f"acelab ace pilot lesson {seed}")
    values = [v for v in range(2, 14) for _ in range(4)]
    for _ in range(10_000):
        hand = tuple(sorted(rng.sample(values, 4)))
        target = rng.choice(range(2, 13, 2))
        first = start if start is not None else rng.choice(PILOTS)
        ready = () if alone else tuple(p for p in PILOTS if p is not first)
        situation = Situation(hand, target, first, ready)
        if accept(situation):
            return situation
    raise ValueError(f"No situation from seed {seed!r} passes the test.")


def _read_ints(text: str) -> list[int]:
    words = text.replace(",", " ").replace(";", " ").replace("and", " ").split()
    return [int(word) for word in words]


def check_values(expected: frozenset[int] | set[int]) -> Checker:
    """A checker for "which values can it make?": numbers separated by commas, any order."""
    want = frozenset(expected)

    def check(text: str) -> Verdict:
        try:
            given = frozenset(_read_ints(text))
        except ValueError:
            return Verdict(0.0, False, "Type whole numbers separated by commas, like 2, 3.")
        if given == want:
            return Verdict(1.0, True, f"Right: {', '.join(map(str, sorted(want)))}.")
        missing, extra = sorted(want - given), sorted(given - want)
        parts = []
        if missing:
            parts.append(f"{len(missing)} value(s) are missing")
        if extra:
            parts.append(f"{', '.join(map(str, extra))} cannot be made")
        return Verdict(0.0, False, "Not quite: " + " and ".join(parts) + ".")

    return check


def check_yes_no(expected: bool, why: str = "") -> Checker:
    """A checker for a yes/no question; ``why`` is added to the feedback."""

    def check(text: str) -> Verdict:
        word = text.strip().lower()
        if word not in ("yes", "no", "y", "n"):
            return Verdict(0.0, False, "Answer yes or no.")
        right = word.startswith("y") == expected
        return Verdict(float(right), right, f"{'Right' if right else 'Not quite'}. {why}".strip())

    return check


def check_equation(situation: Situation) -> Checker:
    """A checker for "write an equation that reaches the target" in this situation.

    The learner writes ``D(6,12) H(10)`` (or with symbols or names); the checker tells which
    rule an answer breaks, or what it makes instead.
    """
    allowed = {situation.start, *situation.ready}

    def check(text: str) -> Verdict:
        try:
            equation = Equation.parse(text)
        except ValueError as error:
            return Verdict(0.0, False, str(error))
        missing = Counter(equation.cards) - Counter(situation.hand)
        if missing:
            cards = ", ".join(map(str, sorted(missing.elements())))
            return Verdict(0.0, False, f"Your hand does not hold {cards}.")
        for suit in equation.suits:
            if suit not in allowed:
                return Verdict(0.0, False, f"{pilot_name(suit)} is not Ready in this situation.")
        group = equation.group(situation.start)
        if group is None or len(group.values) < 2:
            name = pilot_name(situation.start)
            return Verdict(0.0, False, f"{name}, the Starting Pilot, must hold two or more cards.")
        if equation.divides_by_zero:
            return Verdict(0.0, False, "That divides by zero: everyone loses!")
        if equation.matches(situation.target):
            return Verdict(1.0, True, f"Right! {equation.explain(situation.target)}")
        made = ", ".join(map(str, sorted(equation.values())))
        return Verdict(0.0, False, f"{equation} makes {made}, not {situation.target}.")

    return check


def _pick(rng: random.Random, equations: Sequence[Equation]) -> Equation:
    return equations[rng.randrange(len(equations))]


def _equations(seed: int | str, accept: Callable[[Equation], bool]) -> Equation:
    """A seeded equation from a seeded hand that ``accept`` likes."""
    rng = random.Random(f"acelab ace pilot equation {seed}")
    for attempt in range(200):
        situation = deal(f"{seed}/{attempt}", accept=lambda s: True)
        found = [
            eq
            for eq in all_equations(situation.hand, situation.start, situation.ready)
            if accept(eq)
        ]
        if found:
            return _pick(rng, found)
    raise ValueError(f"No equation from seed {seed!r} passes the test.")


def left_to_right_exercise(seed: int | str = 1) -> Exercise:
    """The value of one ace holding three or four cards, Sabina's or Duke's (order matters)."""
    equation = _equations(
        seed,
        lambda e: (
            len(e.groups) == 1
            and len(e.cards) >= 3
            and e.suits[0] in (Suit.SPADES, Suit.DIAMONDS)
            and len(e.values()) == 1
        ),
    )
    value = equation.value()
    assert value is not None
    question = f"What does {equation} make? Work left to right."
    return Exercise(question, check_number(value, hint="Go left to right."), str(value))


def carryover_exercise(seed: int | str = 1) -> Exercise:
    """The value of an equation with carryovers on both sides of the core (no rounding)."""
    equation = _equations(
        seed,
        lambda e: (
            len(e.groups) == 3
            and e.core == 1
            and len(e.values()) == 1
            and Suit.DIAMONDS not in e.suits
        ),
    )
    value = equation.value()
    assert value is not None
    question = f"What does {equation} make? (Where do the parentheses go?)"
    hint = "The core first; then the left carryover; then the right one."
    return Exercise(question, check_number(value, hint=hint), str(value))


def rounding_exercise(seed: int | str = 1) -> Exercise:
    """Every value Duke's roundings allow, for an equation of three cards or more."""
    equation = _equations(
        seed,
        lambda e: Suit.DIAMONDS in e.suits and len(e.cards) >= 3 and len(e.values()) >= 2,
    )
    values = equation.values()
    question = f"Which values can {equation} make? Type them all, separated by commas."
    return Exercise(question, check_values(values), ", ".join(map(str, sorted(values))))


def zero_trick_exercise(seed: int | str = 1) -> Exercise:
    """Duke starts; the solutions all use a quotient rounded down to 0."""

    def needs_zero(situation: Situation) -> bool:
        found = situation.solutions()
        return bool(found) and all(
            eq.group(Suit.DIAMONDS) is not None and 0 in _duke_values(eq) for eq in found
        )

    situation = deal(seed, start=Suit.DIAMONDS, accept=needs_zero)
    hand = ", ".join(map(str, situation.hand))
    question = (
        f"Duke starts. Your hand is {hand} and the target is {situation.target}. "
        "Write an equation that wins, like D(6,12) H(10)."
    )
    return Exercise(question, check_equation(situation), str(situation.solutions()[0]), situation)


def _duke_values(equation: Equation) -> frozenset[int]:
    group = equation.group(Suit.DIAMONDS)
    if group is None or len(group.values) < 2:
        return frozenset()
    return Equation.of((Suit.DIAMONDS, group.values)).values()


def misprint_exercise() -> Exercise:
    """The rulebook's carryover example, computed with + for Clubs: what does it really make?"""
    equation = Equation.parse("C(2,4) S(3) H(7)")
    value = equation.value()
    assert value is not None
    question = (
        "The rulebook says Clubs(2, 4), Spades(3), Hearts(7) = ((2 + 4) − 3) + 7 = 10. "
        "What does it really make?"
    )
    hint = "Cam multiplies."
    return Exercise(question, check_number(value, hint=hint), str(value))


def count_exercise(seed: int | str = 1) -> Exercise:
    """How many distinct equations reach the target (a situation with a handful of them)."""
    situation = deal(seed, accept=lambda s: 2 <= len(s.solutions()) <= 6)
    count = len(situation.solutions())
    question = f"How many distinct equations win here? {situation}."
    hint = "Try the pilots one at a time, then carryovers left and right."
    return Exercise(question, check_number(count, hint=hint), str(count), situation)


def solvable_exercise(seed: int | str = 1) -> Exercise:
    """Yes or no: can the Starting Pilot, flying alone, reach the target?"""
    situation = deal(f"{seed} alone", alone=True, accept=lambda s: True)
    found = situation.solutions()
    why = f"For example {found[0]}." if found else "No order of these cards reaches it."
    question = f"{pilot_name(situation.start)} flies alone. Can it be done? {situation}."
    return Exercise(question, check_yes_no(bool(found), why), "yes" if found else "no", situation)


def exercises(seed: int | str = 1) -> list[Exercise]:
    """The lesson's seven exercises for ``seed``, in the lesson's order."""
    return [
        left_to_right_exercise(seed),
        carryover_exercise(seed),
        rounding_exercise(seed),
        zero_trick_exercise(seed),
        misprint_exercise(),
        count_exercise(seed),
        solvable_exercise(seed),
    ]


def tree(expression: Any, indent: str = "") -> str:
    """A SymPy expression drawn as an indented tree: operators above their operands."""
    name = type(expression).__name__
    if not expression.args:
        return f"{indent}{expression}"
    lines = [f"{indent}{name}"]
    lines.extend(tree(arg, indent + "    ") for arg in expression.args)
    return "\n".join(lines)

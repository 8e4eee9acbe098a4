"""The Ace Pilot lesson on the order of operations: seeded questions that name mistakes.

Every exercise is built from a seed (the same seed gives the same question on every computer),
and every seed gives a well-posed question: the left-to-right question has a different answer
right to left, the brackets question needs its brackets, the 0-trick question cannot be won
without rounding a quotient down to 0. ``tests/ace_pilot/lessons/test_order_of_operations.py``
proves it for the first 200 seeds of each. Checkers take the learner's text and never evaluate code.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Final

from acelab.ace_pilot import situations
from acelab.ace_pilot.equation import Equation, Rounding
from acelab.ace_pilot.pilots import pilot_name
from acelab.ace_pilot.situations import (
    COUNT_SITUATIONS,
    TRIES,
    Situation,
    deal,
    lesson_rng,
    needs_zero_trick,
    right_to_left,
)
from acelab.ace_pilot.solvability import solvability
from acelab.ace_pilot.solver import all_equations
from acelab.engine.cards import Suit, random_index, shuffle_in_place
from acelab.engine.catalogue import lesson_notebook
from acelab.teaching import answers
from acelab.teaching.answers import (
    ChoiceQuestion,
    CustomQuestion,
    Mistake,
    NumberQuestion,
    Question,
    Verdict,
    parse_answer,
)
from acelab.teaching.cells import Shown, check_function, percent, table
from acelab.teaching.exercises import Lesson, choice, number
from acelab.teaching.skills import at_notebook_seed, declare, exercise, in_order

__all__ = [
    "CARRYOVER_RULE",
    "COUNT_SITUATIONS",
    "DEFAULT_SEED",
    "DUKE_ORDERS",
    "LESSON",
    "SKILLS",
    "Situation",
    "brackets_exercise",
    "carryover_exercise",
    "check_duke_down",
    "check_equation",
    "check_sabina",
    "check_values",
    "count_table",
    "counterexample_exercise",
    "deal",
    "exercises",
    "left_to_right_exercise",
    "misprint_exercise",
    "needs_zero_trick",
    "order_exercise",
    "plenary_exercise",
    "right_first",
    "rounding_exercise",
    "show",
    "solvability_shown",
    "spot_the_misprint_exercise",
    "steps",
    "zero_trick_exercise",
    "zero_trick_situation",
]

Checker = Callable[[str], Verdict]
DEFAULT_SEED: Final = 1
"""The seed of the lesson's notebook. Exercises 2, 3, 8 and 10 were written for it (the rulebook's
misprint, Duke's 12, 6, 2); every other seed gives another version of each of them."""
SHOWN: Final = frozenset(
    str(Equation.parse(text))
    for text in (
        "S(9,9,6)",
        "S(10,4,3)",
        "H(2) C(3) S(4,2)",
        "C(2) H(3,4) S(5)",
        "H(2,4) C(3)",
        "C(2,4) S(3) H(7)",
        "D(12,5)",
    )
)
"""The lesson's worked examples: no exercise asks about them."""
ZERO_TRICK_EXAMPLE: Final = (2, 6, 10, 12)
WORKED_RESULTS: Final = frozenset({8, 12, 9, 4})
"""What the carryover examples make, read rightly (8, 9) and wrongly (12 flat, 4 right carryover
first): never a carryover answer."""
CARRYOVER_RULE: Final = (
    "Carryovers left of the core go first, nearest the core first; then those on the right, "
    "left to right, each taking everything to its left."
)
"""RULINGS §1.3 in a learner's words: the lesson teaches it before Exercise 4 marks it."""
_SYMBOL: Final = {Suit.HEARTS: "+", Suit.SPADES: "−", Suit.CLUBS: "×", Suit.DIAMONDS: "÷"}


def _equation(
    seed: int | str,
    what: str,
    shapes: Sequence[tuple[tuple[Suit, ...], tuple[int, ...]]],
    accept: Callable[[Equation], bool],
) -> Equation:
    """A seeded equation of one of ``shapes`` (pilots, cards per pilot) that ``accept`` likes."""
    rng = lesson_rng(seed, what)
    for _ in range(TRIES):
        pilots, sizes = shapes[random_index(rng, len(shapes))]
        order = list(pilots)
        shuffle_in_place(rng, order)
        dealt = situations.cards(rng, sum(sizes))
        groups, at = [], 0
        for suit, size in zip(order, sizes, strict=True):
            groups.append((suit, dealt[at : at + size]))
            at += size
        try:
            equation = Equation.of(*groups)
        except ValueError:
            continue
        if not equation.divides_by_zero and str(equation) not in SHOWN and accept(equation):
            return equation
    raise ValueError(f"No equation from seed {seed!r} passes the test.")  # pragma: no cover


def _flat(formula: str) -> str:
    """The formula with every bracket and bar taken out: ``2 + 3 × 4 − 2``."""
    return re.sub(r"[()|⌊⌋⌈⌉]", "", formula)


def _plain(formula: str) -> str:
    """The formula with its brackets but no absolute-value bars or rounding marks."""
    return re.sub(r"[|⌊⌋⌈⌉]", "", formula)


def _number_or_none(text: str) -> Fraction | None:
    try:
        return parse_answer(text)
    except ValueError:
        return None


def show(text: str, rounding: Rounding | None = None) -> Shown:
    """An equation typeset as ordinary arithmetic with its value: $2 + (3 × |4 − 2|) = 8$."""
    equation = Equation.parse(text)
    if rounding not in (None, "down", "up"):
        raise ValueError("Rounding is 'down' or 'up'.")
    roundings = None if rounding is None else [rounding] * equation.rounding_steps
    value = equation.value(roundings or ())
    latex = equation.latex(roundings)
    return Shown(f"{text}  means  ${latex} = {value}$")


def steps(text: str, target: int | None = None) -> Shown:
    """An equation worked out pilot by pilot, one line each, then typeset."""
    equation = Equation.parse(text)
    lines = [s.strip() for s in equation.explain(target).split(". ") if s.strip()]
    bullets = "\n".join(f"- {line}" if line[-1] in ".!" else f"- {line}." for line in lines)
    chosen = equation.roundings_for(target) if target is not None else None
    value = equation.value(chosen or ())
    return Shown(f"{bullets}\n\nSo {text} is ${equation.latex(chosen)} = {value}$.")


# -- 1. left to right -------------------------------------------------------------------------


def left_to_right_exercise(seed: int | str = 1) -> NumberQuestion:
    """Sabina or Duke holds three cards: what does she or he make, working left to right?"""

    def good(equation: Equation) -> bool:
        group = equation.groups[0]
        values = equation.values()
        if len(values) != 1 or equation.rounding_steps:  # Duke's quotients are whole here
            return False
        backwards = right_to_left(group.suit, group.values)
        return backwards is not None and backwards != next(iter(values))

    shapes = [((Suit.SPADES,), (3,)), ((Suit.DIAMONDS,), (3,))]
    equation = _equation(seed, "left to right", shapes, good)
    group = equation.groups[0]
    value = next(iter(equation.values()))
    cards = ", ".join(map(str, group.values))
    mistakes = []
    backwards = right_to_left(group.suit, group.values)
    if backwards is not None:
        mistakes.append(
            Mistake(
                backwards,
                "You worked from the right. Pilots work left to right: "
                "the first two cards first, then that result with the third card.",
            )
        )
    if group.suit is Suit.SPADES:
        raw = group.values[0] - sum(group.values[1:])
        if raw < 0:
            mistakes.append(
                Mistake(Fraction(raw), "Nearly: Sabina turns a negative result positive.")
            )
    verb = "subtracts" if group.suit is Suit.SPADES else "divides"
    return number(
        f"ace-pilot-left-to-right-{seed}",
        f"{group.pilot} holds {cards} and {verb}, left to right. What does "
        f"{'she' if group.suit is Suit.SPADES else 'he'} make?",
        Fraction(value),
        mistakes=tuple(mistakes),
        hints=(
            f"Start with the first two cards: {group.values[0]} {_SYMBOL[group.suit]} "
            f"{group.values[1]}.",
            f"Then take that answer {_SYMBOL[group.suit]} {group.values[2]}.",
        ),
    )


def _version(seed: int | str, what: str) -> random.Random | None:
    """``None`` for the notebook's seed (:data:`DEFAULT_SEED`: the lesson's own question), else
    the random source that picks another version of the exercise ``what`` for ``seed`` (Ace
    Pilot's lesson sources, :func:`~acelab.ace_pilot.situations.lesson_rng`)."""
    return None if at_notebook_seed(seed, DEFAULT_SEED) else lesson_rng(seed, f"version of {what}")


DUKE_ORDERS: Final = tuple(
    (a, b, c)
    for a in range(2, 14)
    for b in range(2, 14)
    for c in range(2, 14)
    if a % b == 0 and (a // b) % c == 0 and b % c == 0 and a % (b // c) == 0
    if a // b // c != a // (b // c)
)
"""Three cards Duke divides without rounding both left to right and from the right, with two
different answers: the versions of Exercise 2 (12, 6, 2 is the notebook's)."""


def order_exercise(seed: int | str = DEFAULT_SEED) -> ChoiceQuestion:
    """Explain in words: why does Duke make 1 from 12, 6, 2 (or another three cards)?"""
    rng = _version(seed, "order")
    a, b, c = 12, 6, 2
    if rng is not None:
        shown = left_to_right_exercise(seed).question  # never Exercise 1's cards again
        kept = [
            t for t in DUKE_ORDERS if t != (12, 6, 2) and f" {t[0]}, {t[1]}, {t[2]} " not in shown
        ]
        a, b, c = kept[random_index(rng, len(kept))]
    first, made, backwards = a // b, a // b // c, a // (b // c)
    options, right = in_order(
        rng,
        (
            (
                "He divides by the biggest card first.",
                "He takes the cards in the order they lie, not by size.",
            ),
            (
                "Dividing always gives the smallest answer.",
                f"It is not about size: {a} ÷ ({b} ÷ {c}) = {backwards} works from the right.",
            ),
            (
                f"He works left to right: {a} ÷ {b} = {first}, then {first} ÷ {c} = {made}.",
                f"{backwards} would be {a} ÷ ({b} ÷ {c}): working from the right.",
            ),
        ),
        2,
    )
    return choice(
        f"ace-pilot-order-{seed}",
        f"Duke holds {a}, {b}, {c} and makes {made}. Why not {backwards}?",
        options,
        right=right,
    )


def _sabina(cards: Sequence[int]) -> int:
    return abs(cards[0] - sum(cards[1:]))


_COUNT_WORDS: Final = {3: "three", 4: "four"}


def _orders_text(cards: Sequence[int]) -> str:
    return ", ".join(map(str, cards))


def counterexample_exercise(seed: int | str = DEFAULT_SEED) -> CustomQuestion:
    """Find a counter-example: two orders of the same cards (three, or four) that Sabina turns
    into different answers (only a new first card can do it)."""
    shown = {(10, 4, 3), (9, 9, 6)}
    rng = _version(seed, "counterexample")
    example: tuple[int, ...] = (8, 2, 5)
    answer: tuple[tuple[int, ...], tuple[int, ...]] = ((12, 2, 3), (3, 2, 12))
    if rng is not None:
        size = 3 + random_index(rng, 2)
        while True:
            example = tuple(situations.cards(rng, size))
            if example not in shown and example != (8, 2, 5) and len(set(example)) == size:
                break
        ordered = sorted(example)
        answer = (
            (ordered[-1], *ordered[:-1]),
            (ordered[0], *ordered[1:]),
        )
    size = len(example)
    other = (example[0], *reversed(example[1:]))
    word = _COUNT_WORDS[size]
    like = f"{_orders_text(example)} and {_orders_text(other)}"
    same_first = (
        "Swapping the last two cards never changes her answer: change the first card."
        if size == 3
        else "Changing the order of the cards after the first never changes her answer: change "
        "the first card."
    )

    def check(text: str) -> Verdict:
        parts = [part for part in re.split(r"\band\b|;|\|", text) if part.strip()]
        orders = [_numbers(part) for part in parts]
        every = _numbers(text)
        if len(orders) != 2 and len(every) == 2 * size:  # "12 2 3, 3 2 12": two orders
            orders = [every[:size], every[size:]]
        if len(orders) != 2 or any(len(order) != size for order in orders):
            return Verdict(0.0, False, f"Type two orders of {word} cards, like {like}.")
        first, second = orders
        if any(not 2 <= card <= 13 for card in first + second):
            return Verdict(0.0, False, "Card values run from 2 to 13.")
        if sorted(first) != sorted(second):
            return Verdict(0.0, False, f"Use the same {word} cards twice, in two different orders.")
        if first == second:
            return Verdict(0.0, False, "Those are the same order: change it.")
        a, b = _sabina(first), _sabina(second)
        if a == b:
            hint = f" {same_first}" if first[0] == second[0] else ""
            return Verdict(0.0, False, f"Both orders make {a}, so the claim survives.{hint}")
        if tuple(first) in shown or tuple(second) in shown:
            return Verdict(0.5, False, "That uses the cards of the example above: find your own.")
        return Verdict(1.0, True, f"Right: one order makes {a}, the other {b}. The claim is false.")

    return CustomQuestion(
        f"ace-pilot-counterexample-{seed}",
        "Claim: “the order of Sabina's cards never changes her answer.” Find a counter-example: "
        f"type {word} cards in one order, then the same cards in another order, "
        f"like {like} (which is not a counter-example: both make {_sabina(example)}).",
        f"{_orders_text(answer[0])} and {_orders_text(answer[1])}",
        check,
        hints=(
            "Work out both orders: the first card minus the others, then made positive.",
            "Only the first card is special: put a big card first, then a small one first.",
        ),
    )


# -- 2. carryovers are brackets ---------------------------------------------------------------


def _apply(suit: Suit, left: int, right: int) -> int:
    """One step of a pilot without rounding: + × or − made positive."""
    if suit is Suit.HEARTS:
        return left + right
    if suit is Suit.CLUBS:
        return left * right
    if suit is Suit.SPADES:
        return abs(left - right)
    raise ValueError("Duke's rounding is not part of the carryover exercises.")


def right_first(equation: Equation) -> int | None:
    """What a carryover equation without Duke makes if the carryovers on the right of the core
    are worked before those on its left (the slip of Exercise 4); None when it has no
    carryovers on both sides, or Duke plays."""
    groups = equation.groups
    if any(group.suit is Suit.DIAMONDS for group in groups):
        return None
    core = next(i for i, group in enumerate(groups) if len(group.values) >= 2)
    after = core + 1
    value = groups[core].values[0]
    for card in groups[core].values[1:]:
        value = _apply(groups[core].suit, value, card)
    if after < len(groups) and len(groups[after].values) >= 2:
        inner = groups[after].values[0]
        for card in groups[after].values[1:]:
            inner = _apply(groups[after].suit, inner, card)
        value = _apply(groups[core].suit, value, inner)
        after += 1
    if core == 0 or after >= len(groups):
        return None
    for group in groups[after:]:
        value = _apply(group.suit, value, group.values[0])
    for group in reversed(groups[:core]):
        value = _apply(group.suit, group.values[0], value)
    return value


def _needs_brackets(equation: Equation) -> bool:
    """Whether reading the formula without brackets, × before + −, gives a different value."""
    formula = equation.formula()
    plain, flat = _number_or_none(_plain(formula)), _number_or_none(_flat(formula))
    value = next(iter(equation.values()))
    return plain == value and flat is not None and flat != value


_CARRY_SHAPES: Final[list[tuple[tuple[Suit, ...], tuple[int, ...]]]] = [
    ((Suit.HEARTS, Suit.CLUBS, Suit.SPADES), (1, 2, 1)),
    ((Suit.HEARTS, Suit.CLUBS, Suit.SPADES), (1, 1, 2)),
    ((Suit.HEARTS, Suit.CLUBS, Suit.SPADES), (2, 1, 1)),
]


def carryover_exercise(seed: int | str = 1) -> NumberQuestion:
    """The value of an equation with carryovers (no rounding), where the brackets matter."""

    def good(equation: Equation) -> bool:
        values = equation.values()
        return len(values) == 1 and not values & WORKED_RESULTS and _needs_brackets(equation)

    equation = _equation(seed, "carryover", _CARRY_SHAPES, good)
    flat = _number_or_none(_flat(equation.formula()))
    assert flat is not None
    mistakes = [
        Mistake(
            flat,
            "You used × before + and − across the pilots. A carryover works on the whole "
            "value next to it: put brackets around that value first.",
        )
    ]
    backwards = right_first(equation)
    if backwards is not None and backwards == flat:  # both slips give this number
        mistakes[0] = Mistake(
            flat,
            "Either you used × before + and − across the pilots (on paper that needs "
            "brackets), or you worked the carryover on the right of the core first. "
            f"{CARRYOVER_RULE}",
        )
    elif backwards is not None:
        mistakes.append(
            Mistake(
                Fraction(backwards),
                "You worked the carryover on the right of the core first. " + CARRYOVER_RULE,
            )
        )
    return number(
        f"ace-pilot-carryover-{seed}",
        f"What does {equation} make?",
        Fraction(next(iter(equation.values()))),
        mistakes=tuple(mistakes),
        hints=(
            "Find the core: the first pilot holding two or more cards. Work it out first.",
            CARRYOVER_RULE,
        ),
    )


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def brackets_exercise(seed: int | str = 1) -> CustomQuestion:
    """Write a carryover equation as ordinary arithmetic with brackets."""

    def good(equation: Equation) -> bool:
        return len(equation.values()) == 1 and _needs_brackets(equation)

    equation = _equation(seed, "brackets", _CARRY_SHAPES, good)
    formula = _plain(equation.formula())
    value = Fraction(next(iter(equation.values())))
    flat = _number_or_none(_flat(formula))
    order = _numbers(formula)

    backwards = right_first(equation)

    def check(text: str) -> Verdict:
        if not text.strip():
            return Verdict(0.0, False, "Type the sum with brackets, such as 2 + (3 × 4).")
        sides = re.split(r"[=≈]", text)
        if len(sides) > 2 or (len(sides) == 2 and not sides[0].strip()):
            return Verdict(
                0.0, False, "Type the sum with brackets, then = and its value if you like."
            )
        if len(sides) == 2:  # "((2 + 5) × 2) − 9 = 5": the sum, then what it makes
            stated = _number_or_none(sides[1])
            made = _number_or_none(sides[0])
            if stated is None:
                return Verdict(
                    0.0, False, f"After = comes one number: {sides[1].strip()!r} is not."
                )
            if made is not None and made != stated:
                return Verdict(
                    0.0, False, f"Your brackets make {made}, but you wrote = {stated}: check both."
                )
            text = sides[0]
        if _numbers(text) != order:
            cards = ", ".join(map(str, order))
            return Verdict(0.0, False, f"Use the cards in the order they lie: {cards}.")
        given = _number_or_none(text)
        if given is None:
            return Verdict(0.0, False, "Write it with + − × and brackets, such as 2 + (3 × 4).")
        if given == value:
            return Verdict(1.0, True, f"Right: {formula} = {value}.")
        if given == flat:
            return Verdict(
                0.0,
                False,
                "Without brackets, × comes before + and −, so this makes "
                f"{given}, not {value}. Put brackets around what each carryover works on.",
            )
        if backwards is not None and given == backwards != value:
            return Verdict(
                0.0,
                False,
                f"Your brackets make {given}: they work the carryover on the right of the core "
                f"first. {CARRYOVER_RULE}",
            )
        return Verdict(0.0, False, f"Your brackets make {given}; the equation makes {value}.")

    return CustomQuestion(
        f"ace-pilot-brackets-{seed}",
        f"Write {equation} as a sum with brackets, using + − × ( ).",
        formula,
        check,
        hints=(
            "The core goes in brackets first.",
            CARRYOVER_RULE,
        ),
    )


# -- 3. rounding and the 0 trick ---------------------------------------------------------------


def check_values(expected: frozenset[int] | set[int], always_down: int | None = None) -> Checker:
    """A checker for "which values can it make?": the values in any order (``1, 2``, ``1 or 2``,
    ``1 and 2``), with the mistake of rounding down every time named when it gives
    ``always_down``. Part marks: the share of the values found, less a share for each value
    that cannot be made (``2`` and ``1`` each half of ``1, 2``; ``1, 2, 3`` half too)."""
    named = {}
    if always_down is not None:
        named[frozenset({Fraction(always_down)})] = (
            "That is rounding down every time. Duke may round up at each step too."
        )
    return answers.check_values(expected, named=named, extra="{} cannot be made", net=True)


def rounding_exercise(seed: int | str = 1) -> CustomQuestion:
    """Every value Duke's roundings allow, for three cards."""

    def good(equation: Equation) -> bool:
        values = equation.values()
        return len(values) >= 2 and max(values) >= 2

    shapes = [((Suit.DIAMONDS,), (2,)), ((Suit.DIAMONDS,), (3,)), ((Suit.DIAMONDS,), (3,))]
    equation = _equation(seed, "rounding", shapes, good)
    values = equation.values()
    down = equation.value(["down"] * equation.rounding_steps)
    return CustomQuestion(
        f"ace-pilot-rounding-{seed}",
        f"Duke holds {', '.join(map(str, equation.groups[0].values))}, in this order. "
        "Which values can he make? Type them all, separated by commas.",
        ", ".join(map(str, sorted(values))),
        check_values(values, always_down=down),
        hints=(
            "Divide the first two cards. Is it whole? If not, try both: rounded down and up.",
            "With a third card, divide each of those results by it, and round both ways again.",
        ),
    )


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
            return Verdict(0.0, False, _not_in_hand(missing, Counter(situation.hand)))
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
        return Verdict(
            0.0,
            False,
            _join(f"{equation} makes {made}, not {situation.target}.", _last_operand(equation)),
        )

    return check


_COUNTS: Final = ("no", "one", "two", "three", "four")


def _not_in_hand(missing: Counter[int], hand: Counter[int]) -> str:
    """Which cards an equation uses that the hand lacks, saying how many it holds of each."""
    parts = []
    for card in sorted(missing):
        held = hand[card]
        if held == 0:
            parts.append(f"Your hand does not hold {card}.")
        else:
            used = held + missing[card]
            parts.append(
                f"Your hand holds {_COUNTS[held]} {card}{'s' if held > 1 else ''}, and this "
                f"equation uses {_COUNTS[min(used, 4)]}."
            )
    return " ".join(parts)


def _last_operand(equation: Equation) -> str:
    """Why a pilot after the core did not work on its own: holding two or more cards, its
    value became the core's last card (RULINGS §1.3)."""
    groups = equation.groups
    core = next((i for i, g in enumerate(groups) if len(g.values) >= 2), None)
    if core is None or core + 1 >= len(groups) or len(groups[core + 1].values) < 2:
        return ""
    first, second = groups[core], groups[core + 1]
    verb = {
        Suit.HEARTS: "adds it",
        Suit.CLUBS: "multiplies by it",
        Suit.SPADES: "takes it away",
        Suit.DIAMONDS: "divides by it",
    }[first.suit]
    return (
        f"{second.pilot} holds two or more cards after the core, {first.pilot}, so "
        f"{second.pilot}'s value is {first.pilot}'s last card: {first.pilot} {verb}."
    )


def _join(*parts: str) -> str:
    return " ".join(part for part in parts if part)


def zero_trick_situation(seed: int | str = 1) -> Situation:
    """The seeded situation of the 0-trick exercise: Duke starts, only Hailey is Ready."""
    return deal(
        seed,
        start=Suit.DIAMONDS,
        ready=(Suit.HEARTS,),
        accept=lambda s: s.hand != ZERO_TRICK_EXAMPLE and needs_zero_trick(s),
    )


def zero_trick_exercise(seed: int | str = 1) -> CustomQuestion:
    """Duke starts, and the only way to win rounds a quotient of his down to 0."""
    situation = zero_trick_situation(seed)
    hand = ", ".join(map(str, situation.hand))
    return CustomQuestion(
        f"ace-pilot-zero-trick-{seed}",
        f"Duke starts; only Hailey is Ready (Sabina and Cam are Defeated). Your hand is {hand} "
        f"and the target is "
        f"{situation.target}. You will need the 0 trick. Write a winning equation, "
        "like D(6,12) H(10).",
        str(situation.solutions()[0]),
        check_equation(situation),
        hints=(
            "Give Duke a small card, then a bigger one: rounded down, that makes 0.",
            "0 + a card is that card; 0 × anything is 0. Which cards are left for the target?",
        ),
    )


# -- 4. misprints -----------------------------------------------------------------------------


_MISPRINT_SHAPES: Final = (
    "Clubs(2, 4), Spades(3), Hearts(7)",
    "Hearts(1, 2), Clubs(3), Spades(4)",
    "Hearts(2), Clubs(3, 2), Spades(4)",
)
"""The rulebook's worked carryover lines (the first is its misprint) whose shapes the misprint
exercise's versions take, each with Cam adding as in the misprint."""


def _slip(shape: int, cards: tuple[int, int, int, int]) -> tuple[str, str, str, int, int]:
    """One misprint version: the equation, how the notes write it with pilot names, the notes'
    working with Cam adding (the rulebook's slip), what the notes make and what the equation
    really makes (worked by hand here; tests check it against the engine). Negative steps are
    left out by the caller."""
    a, b, c, d = cards
    if shape == 0:
        equation = f"C({a},{b}) S({c}) H({d})"
        named = f"Cam({a}, {b}), Sabina({c}), Hailey({d})"
        return equation, named, f"(({a} + {b}) − {c}) + {d}", a + b - c + d, a * b - c + d
    if shape == 1:
        equation = f"H({a},{b}) C({c}) S({d})"
        named = f"Hailey({a}, {b}), Cam({c}), Sabina({d})"
        return equation, named, f"(({a} + {b}) + {c}) − {d}", a + b + c - d, (a + b) * c - d
    equation = f"H({a}) C({b},{c}) S({d})"
    named = f"Hailey({a}), Cam({b}, {c}), Sabina({d})"
    return equation, named, f"({a} + ({b} + {c})) − {d}", a + b + c - d, a + b * c - d


def misprint_exercise(seed: int | str = DEFAULT_SEED) -> NumberQuestion:
    """The rulebook's carryover example, computed with + for Clubs: what does it really make?
    Other seeds give a classmate's notes with the same slip in an equation of the rulebook's
    shapes (Cam adding)."""
    rng = _version(seed, "misprint")
    shape, cards = 0, (2, 4, 3, 7)
    if rng is not None:
        while True:
            shape = random_index(rng, len(_MISPRINT_SHAPES))
            a, b, c, d = situations.cards(rng, 4)
            equation, _, _, slipped, really = _slip(shape, (a, b, c, d))
            inner = (a * b - c, a + b - c) if shape == 0 else (slipped, really)
            fine = min(inner) >= 0 and slipped != really and 14 <= really <= 60
            if fine and str(Equation.parse(equation)) not in SHOWN:
                cards = (a, b, c, d)
                break
    equation, named, working, slipped, really = _slip(shape, cards)
    assert Equation.parse(equation).values() == {really}
    a, b, c, d = cards
    if rng is None:
        text = f"The rulebook says {named} makes {working} = {slipped}. What does it really make?"
        told = "That is the rulebook's number. Which pilot is Cam?"
    else:
        text = (
            f"A classmate's notes say {named} makes {working} = {slipped}. "
            "What does it really make?"
        )
        told = "That is the number in the notes. Which pilot is Cam?"
    mistakes = [Mistake(Fraction(slipped), told)]
    hints = (
        f"Cam multiplies: {a} × {b} first.",
        f"Then Sabina takes away {c}, then Hailey adds {d}.",
    )
    if shape == 1:
        hints = (
            f"Hailey is the core: {a} + {b} first. Then Cam multiplies all of it by {c}.",
            f"Then Sabina takes away {d}.",
        )
        mistakes.append(
            Mistake(
                Fraction(a + b * c - d),
                "You used × before + and − across the pilots. A carryover works on the whole "
                "value next to it: put brackets around that value first.",
            )
        )
    elif shape == 2:
        hints = (
            f"Cam is the core: {b} × {c} first.",
            f"Then Hailey, on Cam's left, adds {a}; then Sabina takes away {d}.",
        )
    return number(
        f"ace-pilot-misprint-{seed}",
        text,
        Fraction(really),
        mistakes=tuple(mistakes),
        hints=hints,
    )


def spot_the_misprint_exercise(seed: int | str = 1) -> ChoiceQuestion:
    """A worked equation with one wrong line: which line is it?"""

    def good(equation: Equation) -> bool:
        return len(equation.values()) == 1

    equation = _equation(seed, "misprint", _CARRY_SHAPES, good)
    lines = [s.strip() + "." for s in equation.explain().split(".") if s.strip()]
    rng = lesson_rng(seed, "misprint line")
    wrong = random_index(rng, len(lines))
    shown = []
    for index, line in enumerate(lines):
        if index == wrong:
            last = list(re.finditer(r"\d+", line))[-1]
            changed = int(last.group()) + 1 + random_index(rng, 3)
            line = f"{line[: last.start()]}{changed}{line[last.end() :]}"
        shown.append(line)
    options = tuple(
        (
            text,
            "Yes: work it out again and the result is different."
            if index == wrong
            else "Work it out: this line is right.",
        )
        for index, text in enumerate(shown)
    )
    return choice(
        f"ace-pilot-spot-{seed}",
        f"A classmate worked out {equation} like this. Check each line on its own: "
        "which line has a wrong answer?",
        options,
        right=wrong,
    )


_PLENARY_STEMS: Final = (
    "On the table the cards have no brackets. What decides the order the pilots work in?",
    "Written on paper, an Ace Pilot equation needs brackets to show the order the pilots work "
    "in. What decides that order?",
)


def plenary_exercise(seed: int | str = DEFAULT_SEED) -> ChoiceQuestion:
    """The question that pulls the lesson together."""
    rng = _version(seed, "plenary")
    stem, (a, b, c) = _PLENARY_STEMS[0], (2, 4, 3)
    if rng is not None:
        stem = _PLENARY_STEMS[random_index(rng, len(_PLENARY_STEMS))]
        while (a, b, c) == (2, 4, 3):
            a, b, c = situations.cards(rng, 3)
    options, right = in_order(
        rng,
        (
            (
                "× before + and −, as in ordinary arithmetic.",
                f"Not in Ace Pilot: H({a},{b}) C({c}) makes ({a} + {b}) × {c} = {(a + b) * c}, "
                f"where {a} + {b} × {c} is {a + b * c}.",
            ),
            (
                "The core first, then the carryovers on its left (nearest first), then those "
                "on its right.",
                "So a carryover acts like a pair of brackets.",
            ),
            ("The biggest card first.", "The size of a card never decides the order."),
            ("Every pilot left to right, all in a row.", "Inside one pilot, yes; not across."),
        ),
        1,
    )
    return choice(f"ace-pilot-plenary-{seed}", stem, options, right=right)


def exercises(seed: int | str = 1) -> list[Question]:
    """The lesson's exercises for ``seed``, in the lesson's order."""
    return [
        left_to_right_exercise(seed),
        order_exercise(seed),
        counterexample_exercise(seed),
        carryover_exercise(seed),
        brackets_exercise(seed),
        rounding_exercise(seed),
        zero_trick_exercise(seed),
        misprint_exercise(seed),
        spot_the_misprint_exercise(seed),
        plenary_exercise(seed),
    ]


# -- Stretch ---------------------------------------------------------------------------------


def _hands() -> list[tuple[int, ...]]:
    values = range(2, 14)
    return [(a, b) for a in values for b in values] + [
        (a, b, c) for a in values for b in values for c in values
    ]


def check_sabina(function: Callable[[list[int]], object]) -> Verdict:
    """Does the learner's ``sabina(cards)`` agree with the engine on every 2- and 3-card hand?"""
    cases = [((list(hand),), Equation.of((Suit.SPADES, hand)).value()) for hand in _hands()]
    return check_function("sabina", function, cases)


def check_duke_down(function: Callable[[list[int]], object]) -> Verdict:
    """Does the learner's ``duke_down(cards)`` (always rounding down) agree with the engine?"""
    cases = []
    for hand in _hands():
        equation = Equation.of((Suit.DIAMONDS, hand))
        cases.append(((list(hand),), equation.value(["down"] * equation.rounding_steps)))
    return check_function("duke_down", function, cases)


def count_table() -> Shown:
    """Winning equations counted two ways, by trying every equation and by the solver."""
    rows = []
    for situation in COUNT_SITUATIONS:
        every = all_equations(situation.hand, situation.start, situation.ready)
        by_force = sum(1 for equation in every if equation.matches(situation.target))
        rows.append(
            (
                ", ".join(map(str, situation.hand)),
                situation.target,
                pilot_name(situation.start),
                f"{len(every):,}",
                by_force,
                len(situation.solutions()),
            )
        )
    headers = ("hand", "target", "starts", "equations", "winning (try all)", "winning (solver)")
    return table(headers, rows)


def solvability_shown(ratings: tuple[int, ...] = (1, 2, 3)) -> Shown:
    """The share of situations some equation solves, all pilots Ready or one alone."""
    rows = [
        (rating, percent(solvability("all", rating)), percent(solvability("alone", rating)))
        for rating in ratings
    ]
    return table(("Challenge Rating", "all four pilots Ready", "Starting Pilot alone"), rows)


SKILLS: Final = declare(
    (
        "left to right",
        "carryovers in order",
        "brackets first",
        "rounding up or down",
        "absolute value",
        "the 0 trick",
        "checking a worked answer",
    ),
    exercise("ace-pilot-left-to-right", left_to_right_exercise, "left to right", "absolute value"),
    exercise("ace-pilot-order", order_exercise, "left to right", kind="choice"),
    exercise(
        "ace-pilot-counterexample",
        counterexample_exercise,
        "left to right",
        "absolute value",
        kind="written",
    ),
    exercise("ace-pilot-carryover", carryover_exercise, "carryovers in order", "brackets first"),
    exercise(
        "ace-pilot-brackets",
        brackets_exercise,
        "brackets first",
        "carryovers in order",
        kind="written",
    ),
    exercise("ace-pilot-rounding", rounding_exercise, "rounding up or down", kind="written"),
    exercise(
        "ace-pilot-zero-trick",
        zero_trick_exercise,
        "the 0 trick",
        "rounding up or down",
        "carryovers in order",
        kind="written",
    ),
    exercise(
        "ace-pilot-misprint", misprint_exercise, "carryovers in order", "checking a worked answer"
    ),
    exercise(
        "ace-pilot-spot",
        spot_the_misprint_exercise,
        "checking a worked answer",
        "carryovers in order",
        kind="choice",
    ),
    exercise(
        "ace-pilot-plenary",
        plenary_exercise,
        "carryovers in order",
        "brackets first",
        kind="choice",
    ),
)
"""The lesson's skills, and the skills of each exercise (see :mod:`acelab.teaching.skills`)."""


LESSON: Final = Lesson(
    "order_of_operations",
    "Ace Pilot: the order of operations",
    lesson_notebook("order_of_operations"),
    exercises,
    plenary_exercise,
)

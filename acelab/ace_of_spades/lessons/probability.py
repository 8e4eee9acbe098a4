"""The probability lesson (Devir's Ace of Spades): relative frequency, exact chance, simulation.

Every answer is computed by acelab (counts, exact odds, seeded simulations), every question
states its precision, and each names the likely wrong answers with the feedback that fits them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final

from acelab.ace_of_spades.hand_chances import (
    at_least_damage,
    category_counts,
    damage_chances,
    opening_hand,
    pair_or_better_chance,
    running_frequency,
    simulated_pairs,
)
from acelab.ace_of_spades.lessons.counting import CATEGORY_NAMES
from acelab.answers import ChoiceQuestion, Mistake, NumberQuestion, Question, Verdict
from acelab.catalogue import lesson_notebook
from acelab.exercises import Lesson, choice, number
from acelab.lessons import Shown, check_function, percent, table
from acelab.poker import CATEGORIES
from acelab.skills import declare, exercise
from acelab.stats import wilson_interval

__all__ = [
    "LESSON",
    "SKILLS",
    "beat_first_enemy",
    "category_table",
    "check_relative_frequency",
    "damage_table",
    "flush_ratio",
    "frequency_run",
    "interval_table",
    "joker_table",
    "opening_hand",
    "pair_or_better_frequency",
    "probability_exercises",
    "probability_plenary",
    "running_frequency_plot",
    "settling",
    "why_more_cards",
]


def frequency_run(seed: int | str) -> int:
    """How many of the seeded run's 1,000 hands held a pair or better: the first run (of
    ``seed``, ``seed/1``, ``seed/2`` …) whose relative frequency is not an exact half at 2
    decimal places (0.505 could be rounded to 0.50 or 0.51) and is not the worked example's."""
    for attempt in range(100):
        hits = simulated_pairs(seed if attempt == 0 else f"{seed}/{attempt}")
        if hits % 10 != 5 and Fraction(hits, 1000) != Fraction(13, 40):
            return hits
    raise ValueError(f"No simulation from seed {seed!r} fits the question.")  # pragma: no cover


def pair_or_better_frequency(seed: int | str = 1) -> NumberQuestion:
    """Relative frequency of a pair or better, from a seeded simulation's count of no pairs."""
    hits = frequency_run(seed)
    none = 1000 - hits
    return number(
        f"poker-pair-frequency-{seed}",
        f"The simulation dealt 1,000 hands, and {none} of them held no pair at all (high card "
        "only). What is the relative frequency of a pair or better?",
        Fraction(hits, 1000),
        places=2,
        mistakes=(
            Mistake(
                Fraction(none, 1000),
                "That is the share with no pair: take the hands that held a pair or better.",
            ),
            Mistake(
                Fraction(hits),
                "That is how many hands held a pair or better: divide by the hands dealt.",
            ),
        ),
        hints=(
            "First: how many of the 1,000 hands did hold a pair or better?",
            f"1,000 − {none} hands held a pair or better. Relative frequency = that ÷ 1,000.",
        ),
    )


def settling() -> ChoiceQuestion:
    """Predict: what happens to the relative frequency as more hands are dealt?"""
    exact = percent(pair_or_better_chance(), 1)
    return choice(
        "poker-settling",
        "Predict before you run the plot: as more and more hands are dealt, the relative "
        "frequency of a pair or better…",
        (
            (f"becomes exactly {exact} after 100 hands.", "Chance never promises an exact count."),
            ("keeps jumping about as much as at the start.", "Look at the right of the plot."),
            (f"settles closer and closer to the exact chance, {exact}.", "It wobbles less."),
        ),
        right=2,
    )


def category_table(sizes: tuple[int, ...] = (5, 7, 8)) -> Shown:
    """How often each poker category is the best of 5, 7 or 8 random cards (3 decimals)."""
    counts = {n: category_counts(n) for n in sizes}
    rows = [
        (CATEGORY_NAMES[c], *(percent(Fraction(counts[n][c], math.comb(52, n)), 3) for n in sizes))
        for c in reversed(CATEGORIES)
    ]
    return table(("best hand", *(f"{n} cards" for n in sizes)), rows)


def flush_ratio() -> NumberQuestion:
    """From the table: how many times more likely a flush is with 7 cards than with 5."""
    five = Fraction(category_counts(5)["flush"], math.comb(52, 5))
    seven = Fraction(category_counts(7)["flush"], math.comb(52, 7))
    return number(
        "poker-flush-ratio",
        "Use the table: how many times more likely is a flush with 7 cards than with 5?",
        seven / five,
        places=1,
        mistakes=(
            Mistake(five / seven, "Upside down: divide the 7-card chance by the 5-card one."),
            Mistake(
                (seven - five) * 100, "That is the difference; the question asks how many times."
            ),
        ),
        hints=("Divide: the 7-card percentage ÷ the 5-card percentage.",),
    )


def why_more_cards() -> ChoiceQuestion:
    """Explain: why does holding more cards make a pair more common than nothing?"""
    return choice(
        "poker-why-more-cards",
        "With 7 cards a pair is more common than high card (nothing). Why?",
        (
            ("The deck has more pairs in it when you hold more cards.", "The deck never changes."),
            (
                "More cards give more chances that two of them share a rank.",
                "With 7 cards from 13 ranks, avoiding every repeat gets hard.",
            ),
            (
                "High card gets more valuable with more cards.",
                "The value of a hand is not its chance.",
            ),
        ),
        right=1,
    )


def damage_table() -> Shown:
    """The exact chance of each best damage of a random 8-card opening hand (2 decimals)."""
    rows = [(d, percent(p, 2)) for d, p in damage_chances(0).items()]
    return table(("most damage in one Hand", "chance"), rows)


def beat_first_enemy() -> NumberQuestion:
    """From the damage table: the chance of at least 5 damage."""
    distribution = damage_chances(0)
    exactly_five = distribution.get(5, Fraction(0))
    return number(
        "poker-beat-first-enemy",
        "The first Enemy has 5 life. Use the table: what is the chance that a random 8-card "
        "hand can deal at least 5 damage in one Hand?",
        at_least_damage(5),
        places=1,
        percent=True,
        mistakes=(
            Mistake(exactly_five, "That is exactly 5. Add every row from 5 up."),
            Mistake(at_least_damage(6), "5 damage is enough: include the row for 5."),
            Mistake(1 - at_least_damage(5), "That is the chance of less than 5."),
        ),
        hints=("At least 5 means 5, 6, 7, …: add those rows.",),
    )


def probability_plenary() -> ChoiceQuestion:
    """The probability lesson's plenary."""
    return choice(
        "poker-probability-plenary",
        "You deal 20 opening hands and 9 can beat the first Enemy. The exact chance is 29.8%. "
        "What do you conclude?",
        (
            ("The exact chance must be wrong.", "Every hand was counted: it is exact."),
            ("The deck was not shuffled.", "Too few hands to tell."),
            (
                "Nothing is wrong: 20 hands are too few for the frequency to settle.",
                "Deal 2,000 and it will be close to 29.8%.",
            ),
        ),
        right=2,
    )


def probability_exercises(seed: int | str = 1) -> list[Question]:
    """The lesson's exercises, in order."""
    return [
        pair_or_better_frequency(seed),
        settling(),
        flush_ratio(),
        why_more_cards(),
        beat_first_enemy(),
        probability_plenary(),
    ]


def check_relative_frequency(function: Callable[[int, int], object]) -> Verdict:
    """Does the learner's ``relative_frequency(hits, trials)`` give hits ÷ trials?"""
    cases = [((hits, n), Fraction(hits, n)) for n in (1, 4, 10, 1000) for hits in range(0, n + 1)]
    return check_function(
        "relative_frequency",
        lambda hits, n: Fraction(str(function(hits, n))).limit_denominator(10**6),
        cases,
    )


def running_frequency_plot(seed: int | str = 1, trials: int = 5000) -> Any:
    """A line: the relative frequency of a pair or better after each hand, and the exact chance."""
    from matplotlib.figure import Figure

    dealt, frequency = running_frequency(seed, trials)
    figure = Figure(figsize=(8, 3.2))
    axes = figure.subplots()
    axes.plot(dealt, frequency, label="relative frequency so far")
    axes.axhline(float(pair_or_better_chance()), color="k", ls="--", label="exact chance")
    axes.set_ylim(0.3, 0.7)
    axes.set_xlabel("hands dealt")
    axes.set_ylabel("share with a pair or better")
    axes.legend(loc="upper right")
    figure.tight_layout()
    return figure


def interval_table(seed: int | str = 1, sizes: tuple[int, ...] = (100, 1000, 10_000)) -> Shown:
    """Simulated shares of "pair or better" with 95% Wilson intervals, for growing runs."""
    rows = []
    for trials in sizes:
        hits = simulated_pairs(seed, trials)
        low, high = wilson_interval(hits, trials)
        rows.append((f"{trials:,}", percent(hits / trials, 1), f"{percent(low, 1)} to "
                     f"{percent(high, 1)}"))  # fmt: skip
    return table(("hands dealt", "share", "95% interval"), rows)


def joker_table() -> Shown:
    """The chance to deal 5 damage at once: without the Joker, holding it, and once unlocked."""
    without, holding = at_least_damage(5, 0), at_least_damage(5, 1)
    in_hand = Fraction(8, 53)
    unlocked = in_hand * holding + (1 - in_hand) * without
    rows = [
        ("before the Joker is unlocked (52 cards)", percent(without, 1)),
        ("holding the Joker (7 cards + Joker)", percent(holding, 1)),
        ("after an Enemy unlocks it (53 cards, 8 dealt)", percent(unlocked, 1)),
    ]
    return table(("opening hand", "chance to deal 5 or more"), rows)


SKILLS: Final = declare(
    (
        "relative frequency",
        "reading a table of chances",
        "more trials, steadier answers",
        "the complement",
    ),
    exercise(
        "poker-pair-frequency", pair_or_better_frequency, "relative frequency", "the complement"
    ),
    exercise("poker-settling", None, "more trials, steadier answers", kind="choice"),
    exercise("poker-flush-ratio", None, "reading a table of chances"),
    exercise("poker-why-more-cards", None, "reading a table of chances", kind="choice"),
    exercise("poker-beat-first-enemy", None, "reading a table of chances"),
    exercise(
        "poker-probability-plenary",
        None,
        "relative frequency",
        "more trials, steadier answers",
        kind="choice",
    ),
)
"""The lesson's skills, and the skills of each exercise (see :mod:`acelab.skills`)."""


LESSON: Final = Lesson(
    "probability",
    "Ace of Spades: probability and simulation",
    lesson_notebook("probability"),
    probability_exercises,
    probability_plenary,
)

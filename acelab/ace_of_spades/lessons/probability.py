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
from acelab.engine.catalogue import lesson_notebook
from acelab.engine.stats import wilson_interval
from acelab.poker import CATEGORIES
from acelab.teaching.answers import ChoiceQuestion, Mistake, NumberQuestion, Question, Verdict
from acelab.teaching.cells import Shown, check_function, percent, table
from acelab.teaching.exercises import Lesson, choice, number
from acelab.teaching.skills import declare, exercise, in_order, pick, version_source

__all__ = [
    "DEFAULT_SEED",
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
    "more_cards_claim",
    "opening_hand",
    "pair_or_better_frequency",
    "plenary_chance",
    "probability_exercises",
    "probability_plenary",
    "running_frequency_plot",
    "settling",
    "why_more_cards",
]

DEFAULT_SEED: Final = 2
"""The seed of the lesson's notebook: it gives the questions the notebook and its teacher notes
were written for; every other seed gives another version of each exercise."""


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


def settling(seed: int | str = DEFAULT_SEED) -> ChoiceQuestion:
    """Predict: what happens to the relative frequency as more hands are dealt?"""
    rng = version_source(seed, DEFAULT_SEED, "settling")
    exact = percent(pair_or_better_chance(), 1)
    hands, wrong = 100, 0
    if rng is not None:  # a share of 50, 100, 200 or 500 hands is never 49.9% exactly
        hands, wrong = pick(
            rng, [(h, w) for h in (50, 100, 200, 500) for w in range(3)], unlike=(100, 0)
        )
    other = (
        ("keeps jumping about as much as at the start.", "Look at the right of the plot."),
        (
            f"moves further and further away from {exact}.",
            "Look at the right of the plot: it comes closer.",
        ),
        (
            "stops changing once 50 hands are dealt.",
            "It still moves a little with every hand, by less and less.",
        ),
    )[wrong]
    options, right = in_order(
        rng,
        (
            (
                f"becomes exactly {exact} after {hands:,} hands.",
                "Chance never promises an exact count.",
            ),
            other,
            (f"settles closer and closer to the exact chance, {exact}.", "It wobbles less."),
        ),
        2,
    )
    return choice(
        f"poker-settling-{seed}",
        "Predict before you run the plot: as more and more hands are dealt, the relative "
        "frequency of a pair or better…",
        options,
        right=right,
    )


def category_table(sizes: tuple[int, ...] = (5, 7, 8)) -> Shown:
    """How often each poker category is the best of 5, 7 or 8 random cards (3 decimals)."""
    counts = {n: category_counts(n) for n in sizes}
    rows = [
        (CATEGORY_NAMES[c], *(percent(Fraction(counts[n][c], math.comb(52, n)), 3) for n in sizes))
        for c in reversed(CATEGORIES)
    ]
    return table(("best hand", *(f"{n} cards" for n in sizes)), rows)


_RATIOS: Final = (
    ("flush", 7),
    ("four_of_a_kind", 8),
    ("full_house", 7),
    ("full_house", 8),
    ("straight", 7),
    ("straight", 8),
    ("three_of_a_kind", 7),
    ("two_pair", 7),
    ("two_pair", 8),
)
"""The hands and sizes the ratio question may ask about: a learner dividing the table's rounded
percentages gets the exact ratio to 1 decimal place, and both named mistakes stay apart from it
and from each other (tested: four of a kind with 7 cards is left out, its difference 0.144 and
its upside-down ratio 0.143 being the same 0.1)."""
_A_HAND: Final = {
    "flush": "a flush",
    "four_of_a_kind": "four of a kind",
    "full_house": "a full house",
    "straight": "a straight",
    "three_of_a_kind": "three of a kind",
    "two_pair": "two pair",
}


def flush_ratio(seed: int | str = DEFAULT_SEED) -> NumberQuestion:
    """From the table: how many times more likely a flush (or another hand) is with 7 (or 8)
    cards than with 5."""
    rng = version_source(seed, DEFAULT_SEED, "flush ratio")
    category, size = _RATIOS[0] if rng is None else pick(rng, _RATIOS, unlike=_RATIOS[0])
    five = Fraction(category_counts(5)[category], math.comb(52, 5))
    more = Fraction(category_counts(size)[category], math.comb(52, size))
    return number(
        f"poker-flush-ratio-{seed}",
        f"Use the table: how many times more likely is {_A_HAND[category]} with {size} cards "
        "than with 5?",
        more / five,
        places=1,
        mistakes=(
            Mistake(five / more, f"Upside down: divide the {size}-card chance by the 5-card one."),
            Mistake(
                (more - five) * 100, "That is the difference; the question asks how many times."
            ),
        ),
        hints=(f"Divide: the {size}-card percentage ÷ the 5-card percentage.",),
    )


_Option = tuple[str, str]
_MORE_CARDS: Final[
    tuple[tuple[str, tuple[str, str | int, int], _Option, _Option, _Option], ...]
] = (
    (
        "With 7 cards a pair is more common than high card (nothing). Why?",
        ("pair", "high_card", 7),
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
    (
        "With 8 cards two pair is more common than one pair. Why?",
        ("two_pair", "pair", 8),
        ("The deck has more pairs in it when you hold more cards.", "The deck never changes."),
        (
            "More cards give more chances that two of them share a rank, and then two others.",
            "With 8 cards from 13 ranks, a second repeat is likely too.",
        ),
        ("One pair gets less valuable with more cards.", "The value of a hand is not its chance."),
    ),
    (
        "A flush is far more common with 7 cards than with 5. Why?",
        ("flush", 7, 5),
        (
            "The deck has more cards of each suit when you hold more cards.",
            "The deck never changes: 13 cards of each suit.",
        ),
        (
            "More cards give more chances that five of them share a suit.",
            "With 7 cards from 4 suits, five of one suit gets much more likely.",
        ),
        ("A flush gets more valuable with more cards.", "The value of a hand is not its chance."),
    ),
)
"""The versions of "why do more cards change it?": the question, what it claims (two hands
with one number of cards, or one hand with two; checked against the counts), and the options,
the right one second."""


def more_cards_claim(claim: tuple[str, str | int, int]) -> bool:
    """Whether a claim of :data:`_MORE_CARDS` is true by the exact counts: two hands and a
    number of cards (the first hand more common), or a hand and two numbers of cards (more than
    twice as likely with the first)."""
    first, second, size = claim
    if isinstance(second, str):
        counts = category_counts(size)
        return counts[first] > counts[second]
    category, more, fewer = first, second, size
    chance = {n: Fraction(category_counts(n)[category], math.comb(52, n)) for n in (more, fewer)}
    return chance[more] > 2 * chance[fewer]


def why_more_cards(seed: int | str = DEFAULT_SEED) -> ChoiceQuestion:
    """Explain: why does holding more cards make a pair more common than nothing (or two pair
    than one, or a flush than with 5 cards)?"""
    rng = version_source(seed, DEFAULT_SEED, "why more cards")
    text, claim, *written = _MORE_CARDS[0] if rng is None else pick(rng, _MORE_CARDS)
    assert more_cards_claim(claim)
    options, right = in_order(rng, tuple(written), 1)
    return choice(f"poker-why-more-cards-{seed}", text, options, right=right)


def damage_table() -> Shown:
    """The exact chance of each best damage of a random 8-card opening hand (2 decimals)."""
    rows = [(d, percent(p, 2)) for d, p in damage_chances(0).items()]
    return table(("most damage in one Hand", "chance"), rows)


def beat_first_enemy(seed: int | str = DEFAULT_SEED) -> NumberQuestion:
    """From the damage table: the chance of at least 5 damage (or another Enemy's life)."""
    rng = version_source(seed, DEFAULT_SEED, "beat first enemy")
    life = 5 if rng is None else pick(rng, (3, 4, 6, 7, 8, 9))
    distribution = damage_chances(0)
    exactly = distribution.get(life, Fraction(0))
    who = "The first Enemy has 5 life" if life == 5 else f"An Enemy has {life} life"
    return number(
        f"poker-beat-first-enemy-{seed}",
        f"{who}. Use the table: what is the chance that a random 8-card hand can deal at least "
        f"{life} damage in one Hand?",
        at_least_damage(life),
        places=1,
        percent=True,
        mistakes=(
            Mistake(exactly, f"That is exactly {life}. Add every row from {life} up."),
            Mistake(
                at_least_damage(life + 1), f"{life} damage is enough: include the row for {life}."
            ),
            Mistake(1 - at_least_damage(life), f"That is the chance of less than {life}."),
        ),
        hints=(f"At least {life} means {life}, {life + 1}, {life + 2}, …: add those rows.",),
    )


_PLENARY: Final = (
    ("enemy", 20, 9),
    ("enemy", 10, 5),
    ("enemy", 20, 3),
    ("enemy", 25, 11),
    ("enemy", 30, 13),
    ("enemy", 40, 17),
    ("pair", 10, 8),
    ("pair", 20, 6),
    ("pair", 20, 14),
    ("pair", 30, 11),
    ("pair", 30, 19),
)
"""The plenary's tallies: what was counted, hands dealt, hands where it happened. Each share is
far from the exact chance (12 percentage points or more), yet the exact chance lies inside the
share's 95% interval (tested): too few hands to tell."""


def plenary_chance(what: str) -> Fraction:
    """The exact chance a plenary tally of :data:`_PLENARY` is about."""
    return at_least_damage(5) if what == "enemy" else pair_or_better_chance()


def probability_plenary(seed: int | str = DEFAULT_SEED) -> ChoiceQuestion:
    """The probability lesson's plenary."""
    rng = version_source(seed, DEFAULT_SEED, "probability plenary")
    what, hands, hits = _PLENARY[0] if rng is None else pick(rng, _PLENARY[1:])
    exact = percent(plenary_chance(what), 1)
    dealt = (
        f"You deal {hands} opening hands and {hits} can beat the first Enemy."
        if what == "enemy"
        else f"You deal {hands} hands of 5 cards and {hits} hold a pair or better."
    )
    options, right = in_order(
        rng,
        (
            ("The exact chance must be wrong.", "Every hand was counted: it is exact."),
            ("The deck was not shuffled.", "Too few hands to tell."),
            (
                f"Nothing is wrong: {hands} hands are too few for the frequency to settle.",
                f"Deal 2,000 and it will be close to {exact}.",
            ),
        ),
        2,
    )
    return choice(
        f"poker-probability-plenary-{seed}",
        f"{dealt} The exact chance is {exact}. What do you conclude?",
        options,
        right=right,
    )


def probability_exercises(seed: int | str = 1) -> list[Question]:
    """The lesson's exercises for ``seed``, in order."""
    return [
        pair_or_better_frequency(seed),
        settling(seed),
        flush_ratio(seed),
        why_more_cards(seed),
        beat_first_enemy(seed),
        probability_plenary(seed),
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
    exercise("poker-settling", settling, "more trials, steadier answers", kind="choice"),
    exercise("poker-flush-ratio", flush_ratio, "reading a table of chances"),
    exercise("poker-why-more-cards", why_more_cards, "reading a table of chances", kind="choice"),
    exercise("poker-beat-first-enemy", beat_first_enemy, "reading a table of chances"),
    exercise(
        "poker-probability-plenary",
        probability_plenary,
        "relative frequency",
        "more trials, steadier answers",
        kind="choice",
    ),
)
"""The lesson's skills, and the skills of each exercise (see :mod:`acelab.teaching.skills`)."""


LESSON: Final = Lesson(
    "probability",
    "Ace of Spades: probability and simulation",
    lesson_notebook("probability"),
    probability_exercises,
    probability_plenary,
    seed=DEFAULT_SEED,
)

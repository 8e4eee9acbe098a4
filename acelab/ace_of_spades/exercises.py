"""Exercises of the two poker lessons (counting hands; probability and simulation).

Every answer is computed by acelab (counts, exact odds, seeded deals and simulations), every
question states its precision, and each names the likely wrong answers with the feedback that
fits them. Checkers parse what the learner types (``13 × 48``, ``C(52, 5)``, ``0,197 %``);
nothing is evaluated.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from acelab.ace_of_spades.odds import damage_distribution
from acelab.ace_of_spades.scoring import best_play, bonus
from acelab.answers import ChoiceQuestion, Mistake, NumberQuestion, Verdict
from acelab.cards import Card, deck, shuffled
from acelab.lessons import Shown, check_function, percent, table
from acelab.poker import CATEGORIES, best_hand_counts, classify_batch, random_hands
from acelab.stats import wilson_interval

__all__ = [
    "CATEGORY_NAMES",
    "at_least_one_ace",
    "beat_first_enemy",
    "category_table",
    "check_choose",
    "check_relative_frequency",
    "counting_exercises",
    "counting_plenary",
    "damage_table",
    "five_card_hands",
    "flush_chance",
    "flush_ratio",
    "flush_vs_straight",
    "formula_table",
    "four_of_a_kind",
    "interval_table",
    "joker_table",
    "one_suit",
    "opening_damage",
    "opening_hand",
    "ordered_three",
    "pair_or_better_chance",
    "pair_or_better_frequency",
    "probability_exercises",
    "probability_plenary",
    "running_frequency",
    "running_frequency_plot",
    "settling",
    "simulated_pairs",
    "spade_pairs",
    "why_divide",
    "why_more_cards",
]

HANDS_5: Final = math.comb(52, 5)


@functools.cache
def _counts(n_cards: int) -> dict[str, int]:
    return best_hand_counts(n_cards)


@functools.cache
def _damage(jokers: int = 0) -> dict[int, Fraction]:
    return dict(damage_distribution(jokers))


def _at_least(damage: int, jokers: int = 0) -> Fraction:
    return sum((p for d, p in _damage(jokers).items() if d >= damage), start=Fraction(0))


CATEGORY_NAMES: Final = {category: category.replace("_", " ") for category in CATEGORIES}
_ORDERS_5: Final = "divide by 5 × 4 × 3 × 2 × 1 = 120, the orders of one hand"


# -- lesson (a): counting hands ----------------------------------------------------------------


def opening_hand(seed: int | str) -> tuple[Card, ...]:
    """The 8 cards a seeded shuffle deals first: the lesson's warm-up hand."""
    return shuffled(deck(), seed)[:8]


def opening_damage(seed: int | str = 1) -> NumberQuestion:
    """The most damage the seeded 8-card hand can deal in one Hand."""
    hand = opening_hand(seed)
    best = best_play(hand)
    mistakes = []
    if best.bonus:
        mistakes.append(
            Mistake(
                Fraction(best.base),
                "That is the combination alone: add the bonuses of the scoring cards "
                "(+1 for each J, Q, K and +3 for each Ace).",
            )
        )
    every_bonus = best.base + sum(bonus(card.value) for card in hand if not card.is_joker)
    if every_bonus != best.total:
        mistakes.append(
            Mistake(
                Fraction(every_bonus),
                "Only the scoring cards earn a bonus: the other cards add nothing.",
            )
        )
    return NumberQuestion(
        f"poker-opening-damage-{seed}",
        "What is the most damage these 8 cards can deal in one Hand of 5?",
        Fraction(best.total),
        mistakes=tuple(mistakes),
        hints=(
            "Look for pairs, three of a kind, five cards in a row, five of one suit.",
            "Damage: pair 1, two pair 2, three of a kind 3, straight 4, flush 5, full house 6, "
            "four of a kind 8. Then add the bonuses of the scoring cards.",
        ),
    )


def spade_pairs() -> NumberQuestion:
    """How many 2-card hands from five spades (listing)."""
    return NumberQuestion(
        "poker-spade-pairs",
        "How many different 2-card hands can you make from 10♠ J♠ Q♠ K♠ A♠?",
        Fraction(10),
        mistakes=(
            Mistake(
                Fraction(20),
                "You counted 10♠ J♠ and J♠ 10♠ as two hands. They are the same hand: divide by 2.",
            ),
            Mistake(Fraction(25), "A card cannot be in a hand twice: 10♠ 10♠ is not a hand."),
            Mistake(Fraction(15), "10♠ 10♠ is not a hand: each card is in the deck once."),
        ),
        hints=(
            "List them: start with every hand that holds 10♠.",
            "10♠ goes with 4 others, J♠ with 3 new ones, Q♠ with 2, K♠ with 1.",
        ),
    )


def ordered_three() -> NumberQuestion:
    """The product rule: ordered 3-card deals."""
    return NumberQuestion(
        "poker-ordered-three",
        "Three cards are dealt one after another from 52, and the order counts "
        "(first, second, third). How many different deals are there?",
        Fraction(52 * 51 * 50),
        mistakes=(
            Mistake(
                Fraction(52**3),
                "You let a card be dealt twice: after the first card, 51 are left.",
            ),
            Mistake(
                Fraction(math.comb(52, 3)),
                "That is the number of hands, where order does not matter. Here it does.",
            ),
            Mistake(Fraction(52 + 51 + 50), "Multiply the choices, do not add them."),
        ),
        hints=(
            "52 choices for the first card. How many for the second?",
            "Multiply: 52 × 51 × …",
        ),
    )


def five_card_hands() -> NumberQuestion:
    """How many 5-card hands: ordered deals divided by the orders of one hand."""
    return NumberQuestion(
        "poker-five-card-hands",
        "How many different 5-card hands can be dealt from 52 cards? "
        "(You may type a sum, such as 52 × 51 × 50 × 49 × 48 / 120.)",
        Fraction(HANDS_5),
        mistakes=(
            Mistake(
                Fraction(52 * 51 * 50 * 49 * 48),
                f"You counted ordered hands: {_ORDERS_5}.",
            ),
            Mistake(Fraction(52**5), "A card cannot be dealt twice; and then divide by 120."),
            Mistake(
                Fraction(52 * 51 * 50 * 49 * 48, 5),
                "Divide by all the orders of 5 cards: 5 × 4 × 3 × 2 × 1, not 5.",
            ),
        ),
        hints=(
            "First count ordered deals: 52 × 51 × 50 × 49 × 48.",
            "Each hand was counted once for every order of its 5 cards.",
        ),
    )


def why_divide() -> ChoiceQuestion:
    """Explain in words why we divide by 120."""
    return ChoiceQuestion(
        "poker-why-divide",
        "Why do we divide 52 × 51 × 50 × 49 × 48 by 120 to count 5-card hands?",
        (
            ("To turn the count into a probability.", "A probability divides by all the hands."),
            (
                "Each hand can be dealt in 120 different orders, and we counted every order.",
                "5 × 4 × 3 × 2 × 1 = 120 orders of the same five cards.",
            ),
            (
                "Because 120 cards are left in the deck.",
                "Only 47 cards are left after dealing 5.",
            ),
        ),
        right=1,
    )


def four_of_a_kind() -> NumberQuestion:
    """Count four of a kind with the product rule."""
    return NumberQuestion(
        "poker-four-of-a-kind",
        "How many 5-card hands hold four of a kind (four cards of one rank, any rank)?",
        Fraction(13 * 48),
        mistakes=(
            Mistake(Fraction(48), "That is four Aces only: there are 13 ranks to choose from."),
            Mistake(Fraction(13), "Choose the fifth card too: any of the 48 others."),
            Mistake(Fraction(13 * 52), "The fifth card cannot be one of the four: 48 are left."),
        ),
        hints=("How many ranks could the four be?", "Then how many choices for the fifth card?"),
    )


def one_suit() -> NumberQuestion:
    """Count the hands of one suit (flushes with straight flushes)."""
    return NumberQuestion(
        "poker-one-suit",
        "How many 5-card hands are all of one suit (count the straight flushes too)?",
        Fraction(4 * math.comb(13, 5)),
        mistakes=(
            Mistake(Fraction(math.comb(13, 5)), "That is one suit: there are 4 suits."),
            Mistake(
                Fraction(4 * 13 * 12 * 11 * 10 * 9),
                f"You counted the cards of the suit in order: {_ORDERS_5}.",
            ),
            Mistake(Fraction(13 * 12 * 11 * 10 * 9), "Ordered, and only one suit."),
        ),
        hints=(
            "Choose a suit (4 ways), then 5 of its 13 cards.",
            "5 of 13 cards: 13 × 12 × 11 × 10 × 9 in order, divided by 120.",
        ),
    )


def flush_vs_straight() -> ChoiceQuestion:
    """Why is a flush rarer than a straight? Answered by counting."""
    return ChoiceQuestion(
        "poker-flush-vs-straight",
        "There are 5,108 flushes and 10,200 straights. Why is a flush rarer?",
        (
            (
                "There are fewer ways to choose the ranks of a flush.",
                "No: 1,287 rank choices for a flush, only 10 for a straight.",
            ),
            (
                "Flushes deal more damage, so the game makes them rarer.",
                "The damage follows how rare a hand is, not the other way round.",
            ),
            (
                "A flush allows only 4 suit choices for the whole hand; a straight lets "
                "every card be any of 4 suits.",
                "1,287 × 4 against 10 × 4 × 4 × 4 × 4 × 4: a few rank choices with many suit "
                "choices beat many rank choices with one suit each.",
            ),
        ),
        right=2,
    )


def flush_chance() -> NumberQuestion:
    """An exact probability from counts, as a percentage at a stated precision."""
    return NumberQuestion(
        "poker-flush-chance",
        "Every 5-card hand is equally likely. What is the chance of a flush that is not a "
        "straight flush (5,108 hands)?",
        Fraction(5108, HANDS_5),
        places=3,
        percent=True,
        mistakes=(
            Mistake(
                Fraction(5148, HANDS_5),
                "That includes the 40 straight flushes: a flush here is not a straight flush.",
            ),
            Mistake(
                Fraction(5108, 52 * 51 * 50 * 49 * 48),
                "Divide by the number of hands (order does not matter), 2,598,960.",
            ),
        ),
        hints=("Chance = hands that are a flush ÷ all hands.", "5,108 ÷ 2,598,960, then × 100%."),
    )


def counting_plenary() -> ChoiceQuestion:
    """The counting lesson's plenary."""
    return ChoiceQuestion(
        "poker-counting-plenary",
        "From rarest to most common, which order is right for 5-card hands?",
        (
            ("straight, flush, four of a kind", "Compare the counts: 10,200, 5,108, 624."),
            (
                "four of a kind, flush, straight",
                "624, then 5,108, then 10,200 hands.",
            ),
            ("flush, straight, four of a kind", "Four of a kind has only 624 hands."),
        ),
        right=1,
    )


def counting_exercises(seed: int | str = 1) -> list[NumberQuestion | ChoiceQuestion]:
    """Lesson (a)'s exercises, in order."""
    return [
        opening_damage(seed),
        spade_pairs(),
        ordered_three(),
        five_card_hands(),
        why_divide(),
        four_of_a_kind(),
        one_suit(),
        flush_vs_straight(),
        flush_chance(),
        counting_plenary(),
    ]


def check_choose(function: Callable[[int, int], object]) -> Verdict:
    """Does the learner's ``choose(n, k)`` agree with the exact count for n up to 52?"""
    cases = [((n, k), math.comb(n, k)) for n in range(0, 53) for k in range(0, n + 1)]
    return check_function("choose", function, cases)


# -- lesson (b): probability and simulation -----------------------------------------------------


def _pair_or_better(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    return classify_batch(hands) >= CATEGORIES.index("pair")


def simulated_pairs(seed: int | str, trials: int = 1000) -> int:
    """How many of ``trials`` seeded random 5-card hands hold a pair or better."""
    return int(_pair_or_better(random_hands(trials, 5, seed=_numpy_seed(seed))).sum())


def _numpy_seed(seed: int | str) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError("A seed is a whole number or a word, such as 7 or 'class 7B'.")
    text = str(seed).encode()
    return int.from_bytes(text[:8].ljust(8, b"\0"), "big") ^ len(text)


def pair_or_better_frequency(seed: int | str = 1) -> NumberQuestion:
    """Relative frequency from a seeded simulation's count."""
    hits = simulated_pairs(seed)
    return NumberQuestion(
        f"poker-pair-frequency-{seed}",
        f"The simulation dealt 1,000 hands and {hits} of them held a pair or better. "
        "What is the relative frequency?",
        Fraction(hits, 1000),
        places=2,
        mistakes=(
            Mistake(
                Fraction(1000 - hits, 1000),
                "That is the share with no pair: take the hands that held a pair or better.",
            ),
        ),
        hints=("Relative frequency = hits ÷ hands dealt.", f"{hits} ÷ 1,000."),
    )


def running_frequency(seed: int | str = 1, trials: int = 5000) -> tuple[list[int], list[float]]:
    """The relative frequency of "a pair or better" after each hand of a seeded simulation."""
    hits = np.cumsum(_pair_or_better(random_hands(trials, 5, seed=_numpy_seed(seed))))
    dealt = np.arange(1, trials + 1)
    return dealt.tolist(), (hits / dealt).tolist()


def pair_or_better_chance() -> Fraction:
    """The exact chance that 5 random cards hold a pair or better (1 − high card)."""
    return 1 - Fraction(_counts(5)["high_card"], HANDS_5)


def settling() -> ChoiceQuestion:
    """Predict: what happens to the relative frequency as more hands are dealt?"""
    exact = percent(pair_or_better_chance(), 1)
    return ChoiceQuestion(
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
    counts = {n: _counts(n) for n in sizes}
    rows = [
        (CATEGORY_NAMES[c], *(percent(Fraction(counts[n][c], math.comb(52, n)), 3) for n in sizes))
        for c in reversed(CATEGORIES)
    ]
    return table(("best hand", *(f"{n} cards" for n in sizes)), rows)


def flush_ratio() -> NumberQuestion:
    """From the table: how many times more likely a flush is with 7 cards than with 5."""
    five = Fraction(_counts(5)["flush"], math.comb(52, 5))
    seven = Fraction(_counts(7)["flush"], math.comb(52, 7))
    return NumberQuestion(
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
    return ChoiceQuestion(
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
    rows = [(d, percent(p, 2)) for d, p in _damage(0).items()]
    return table(("most damage in one Hand", "chance"), rows)


def beat_first_enemy() -> NumberQuestion:
    """From the damage table: the chance of at least 5 damage."""
    distribution = _damage(0)
    exactly_five = distribution.get(5, Fraction(0))
    return NumberQuestion(
        "poker-beat-first-enemy",
        "The first Enemy has 5 life. Use the table: what is the chance that a random 8-card "
        "hand can deal at least 5 damage in one Hand?",
        _at_least(5),
        places=1,
        percent=True,
        mistakes=(
            Mistake(exactly_five, "That is exactly 5. Add every row from 5 up."),
            Mistake(_at_least(6), "5 damage is enough: include the row for 5."),
            Mistake(1 - _at_least(5), "That is the chance of less than 5."),
        ),
        hints=("At least 5 means 5, 6, 7, …: add those rows.",),
    )


def probability_plenary() -> ChoiceQuestion:
    """The probability lesson's plenary."""
    return ChoiceQuestion(
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


def probability_exercises(seed: int | str = 1) -> list[NumberQuestion | ChoiceQuestion]:
    """Lesson (b)'s exercises, in order."""
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


# -- pictures and Stretch tables -----------------------------------------------------------------


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


def formula_table() -> Shown:
    """Each 5-card category: its counting formula (typeset), its value, and the computer's count."""
    import sympy

    from acelab.poker import formula

    rows = []
    for category in reversed(CATEGORIES):
        expression = formula(category)
        latex = sympy.latex(expression, order="none")
        rows.append(
            (
                CATEGORY_NAMES[category],
                f"${latex}$",
                f"{int(expression.doit()):,}",
                f"{_counts(5)[category]:,}",
            )
        )
    return table(("best hand", "formula", "formula gives", "computer's count"), rows)


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
    without, holding = _at_least(5, 0), _at_least(5, 1)
    in_hand = Fraction(8, 53)
    unlocked = in_hand * holding + (1 - in_hand) * without
    rows = [
        ("before the Joker is unlocked (52 cards)", percent(without, 1)),
        ("holding the Joker (7 cards + Joker)", percent(holding, 1)),
        ("after an Enemy unlocks it (53 cards, 8 dealt)", percent(unlocked, 1)),
    ]
    return table(("opening hand", "chance to deal 5 or more"), rows)


def at_least_one_ace() -> NumberQuestion:
    """The welcome notebook's exercise: at least one ace among 5 cards."""
    none = Fraction(math.comb(48, 5), HANDS_5)
    return NumberQuestion(
        "welcome-at-least-one-ace",
        "What is the chance that 5 cards dealt from a shuffled deck hold at least one ace?",
        1 - none,
        places=3,
        mistakes=(
            Mistake(
                Fraction(4 * 5, 52),
                "You added a chance for each ace, but one hand can hold two aces and then it is "
                "counted twice. Work out the chance of no ace at all instead.",
            ),
            Mistake(none, "That is the chance of no ace at all: take it away from 1."),
            Mistake(Fraction(5, 52), "That is the chance of one particular ace, such as the A♠."),
        ),
        hints=(
            "First find the chance of no ace: the first card is not an ace with chance 48/52.",
            "No ace at all: 48/52 × 47/51 × 46/50 × 45/49 × 44/48. Then take that from 1.",
        ),
    )

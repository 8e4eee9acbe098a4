"""The counting lesson (Devir's Ace of Spades): how many poker hands of each kind.

Every answer is computed by acelab (counts and exact odds), every question states its
precision, and each names the likely wrong answers with the feedback that fits them. Checkers
parse what the learner types (``13 × 48``, ``C(52, 5)``, ``0,197 %``); nothing is evaluated.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Final

from acelab.ace_of_spades.hand_chances import HANDS_5, category_counts, opening_hand
from acelab.ace_of_spades.scoring import best_play, bonus
from acelab.answers import ChoiceQuestion, Mistake, NumberQuestion, Question
from acelab.catalogue import lesson_notebook
from acelab.exercises import Lesson, choice, function_check, number
from acelab.lessons import Shown, table
from acelab.poker import CATEGORIES
from acelab.skills import declare, exercise

__all__ = [
    "CATEGORY_NAMES",
    "LESSON",
    "SKILLS",
    "at_least_one_ace",
    "check_choose",
    "counting_exercises",
    "counting_plenary",
    "five_card_hands",
    "flush_chance",
    "flush_vs_straight",
    "formula_table",
    "four_of_a_kind",
    "one_suit",
    "opening_damage",
    "opening_hand",
    "ordered_three",
    "spade_pairs",
    "why_divide",
]

CATEGORY_NAMES: Final = {category: category.replace("_", " ") for category in CATEGORIES}
_ORDERS_5: Final = "divide by 5 × 4 × 3 × 2 × 1 = 120, the orders of one hand"


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
    return number(
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
    return number(
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
    return number(
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
    return number(
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
    return choice(
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
    return number(
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
    return number(
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
            Mistake(
                Fraction(4 * math.comb(13, 5) - 40),
                "You took away the 40 straight flushes: this question counts them too.",
            ),
        ),
        hints=(
            "Choose a suit (4 ways), then 5 of its 13 cards.",
            "5 of 13 cards: 13 × 12 × 11 × 10 × 9 in order, divided by 120.",
        ),
    )


def flush_vs_straight() -> ChoiceQuestion:
    """Why is a flush rarer than a straight? Answered by counting."""
    return choice(
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
    return number(
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
    return choice(
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


def counting_exercises(seed: int | str = 1) -> list[Question]:
    """The lesson's exercises, in order."""
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


check_choose: Final = function_check(
    "choose", [((n, k), math.comb(n, k)) for n in range(0, 53) for k in range(0, n + 1)]
)
"""Does the learner's ``choose(n, k)`` agree with the exact count for n up to 52?"""


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
                f"{category_counts(5)[category]:,}",
            )
        )
    return table(("best hand", "formula", "formula gives", "computer's count"), rows)


def at_least_one_ace() -> NumberQuestion:
    """The welcome notebook's exercise: at least one ace among 5 cards."""
    none = Fraction(math.comb(48, 5), HANDS_5)
    return number(
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


SKILLS: Final = declare(
    (
        "listing every case",
        "ordered or unordered counting",
        "the product rule",
        "dividing out the orders",
        "chance as a fraction",
        "poker hands and damage",
    ),
    exercise("poker-opening-damage", opening_damage, "poker hands and damage"),
    exercise("poker-spade-pairs", None, "listing every case", "ordered or unordered counting"),
    exercise("poker-ordered-three", None, "the product rule", "ordered or unordered counting"),
    exercise("poker-five-card-hands", None, "the product rule", "dividing out the orders"),
    exercise("poker-why-divide", None, "dividing out the orders", kind="choice"),
    exercise("poker-four-of-a-kind", None, "the product rule", "poker hands and damage"),
    exercise("poker-one-suit", None, "dividing out the orders", "the product rule"),
    exercise("poker-flush-vs-straight", None, "the product rule", kind="choice"),
    exercise("poker-flush-chance", None, "chance as a fraction", "dividing out the orders"),
    exercise(
        "poker-counting-plenary",
        None,
        "ordered or unordered counting",
        "poker hands and damage",
        kind="choice",
    ),
)
"""The lesson's skills, and the skills of each exercise (see :mod:`acelab.skills`)."""


LESSON: Final = Lesson(
    "counting",
    "Ace of Spades: counting hands",
    lesson_notebook("counting"),
    counting_exercises,
    counting_plenary,
)

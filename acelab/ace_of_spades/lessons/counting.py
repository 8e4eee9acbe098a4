"""The counting lesson (Devir's Ace of Spades): how many poker hands of each kind.

Every answer is computed by acelab (counts and exact odds), every question states its
precision, and each names the likely wrong answers with the feedback that fits them. Checkers
parse what the learner types (``13 × 48``, ``C(52, 5)``, ``0,197 %``); nothing is evaluated.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Final, TypeVar

from acelab.ace_of_spades.hand_chances import HANDS_5, category_counts, opening_hand
from acelab.ace_of_spades.scoring import best_play, bonus
from acelab.engine.catalogue import lesson_notebook
from acelab.engine.seeds import shuffle_in_place
from acelab.poker import CATEGORIES
from acelab.teaching.answers import ChoiceQuestion, Mistake, NumberQuestion, Question
from acelab.teaching.cells import Shown, table
from acelab.teaching.exercises import Lesson, choice, function_check, number
from acelab.teaching.skills import declare, exercise, in_order, pick, version_source

__all__ = [
    "CATEGORY_NAMES",
    "DECKS",
    "DEFAULT_SEED",
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

T = TypeVar("T")
CATEGORY_NAMES: Final = {category: category.replace("_", " ") for category in CATEGORIES}
_ORDERS_5: Final = "divide by 5 × 4 × 3 × 2 × 1 = 120, the orders of one hand"
DEFAULT_SEED: Final = 1
"""The seed of the lesson's notebook: it gives the questions the notebook, its teacher notes and
its worked answers were written for; every other seed gives another version of each exercise."""
_SUIT_NAMES: Final = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
_RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_WORDS: Final = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
DECKS: Final = {
    52: ("52 cards", "the whole deck of 52 cards"),
    40: (
        "the 40 cards A, 2, 3, 4, 5, 6, 7, 8, 9, 10 of each suit (no J, Q or K)",
        "a deck of 40 cards: A, 2, 3, 4, 5, 6, 7, 8, 9, 10 of each suit (no J, Q or K)",
    ),
    36: (
        "the 36 cards 6, 7, 8, 9, 10, J, Q, K, A of each suit",
        "a deck of 36 cards: 6, 7, 8, 9, 10, J, Q, K, A of each suit",
    ),
    32: (
        "the 32 cards 7, 8, 9, 10, J, Q, K, A of each suit",
        "a deck of 32 cards: 7, 8, 9, 10, J, Q, K, A of each suit",
    ),
    26: ("the 26 red cards (hearts and diamonds)", "the 26 red cards"),
    20: (
        "the 20 cards 10, J, Q, K, A of each suit",
        "a deck of 20 cards: 10, J, Q, K, A of each suit",
    ),
    13: ("the 13 spades", "the 13 spades"),
    12: ("the 12 picture cards (J, Q and K of each suit)", "the 12 picture cards"),
}
"""Decks a version of an exercise may count from: its size, then how a question names it (after
"from") and how it names it on its own."""


def _orders(k: int) -> str:
    """``divide by 5 × 4 × 3 × 2 × 1 = 120, the orders of one hand`` for ``k`` cards."""
    steps = " × ".join(str(n) for n in range(k, 0, -1))
    return f"divide by {steps} = {math.factorial(k)}, the orders of one hand"


def _falling(n: int, k: int) -> str:
    """``52 × 51 × 50``: the first ``k`` factors of ``n!``."""
    return " × ".join(str(n - i) for i in range(k))


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


def spade_pairs(seed: int | str = DEFAULT_SEED) -> NumberQuestion:
    """How many 2-card hands from five (or six) cards of one suit (listing)."""
    rng = version_source(seed, DEFAULT_SEED, "spade pairs")
    suit, ranks = "♠", tuple[str, ...](_RANKS[8:])
    if rng is not None:
        while (suit, ranks) == ("♠", _RANKS[8:]):
            suit = pick(rng, tuple(_SUIT_NAMES))
            size = pick(rng, (5, 6))
            order = list(range(13))
            shuffle_in_place(rng, order)
            ranks = tuple(_RANKS[i] for i in sorted(order[:size]))
    cards = [f"{rank}{suit}" for rank in ranks]
    n = len(cards)
    first, second = cards[0], cards[1]
    ladder = ", ".join(f"{card} with {n - 1 - i}" for i, card in enumerate(cards[2:-1], start=2))
    return number(
        f"poker-spade-pairs-{seed}",
        f"How many different 2-card hands can you make from {' '.join(cards)}?",
        Fraction(math.comb(n, 2)),
        mistakes=(
            Mistake(
                Fraction(n * (n - 1)),
                f"You counted {first} {second} and {second} {first} as two hands. They are the "
                "same hand: divide by 2.",
            ),
            Mistake(
                Fraction(n * n), f"A card cannot be in a hand twice: {first} {first} is not a hand."
            ),
            Mistake(
                Fraction(math.comb(n, 2) + n),
                f"{first} {first} is not a hand: each card is in the deck once.",
            ),
        ),
        hints=(
            f"List them: start with every hand that holds {first}.",
            f"{first} goes with {n - 1} others, {second} with {n - 2} new ones, {ladder}.",
        ),
    )


def ordered_three(seed: int | str = DEFAULT_SEED) -> NumberQuestion:
    """The product rule: ordered 3-card deals."""
    rng = version_source(seed, DEFAULT_SEED, "ordered three")
    n = 52 if rng is None else pick(rng, (40, 32, 26, 20, 13, 12))
    deals = n * (n - 1) * (n - 2)
    return number(
        f"poker-ordered-three-{seed}",
        f"Three cards are dealt one after another from {DECKS[n][0]}, and the order counts "
        "(first, second, third). How many different deals are there?",
        Fraction(deals),
        mistakes=(
            Mistake(
                Fraction(n**3),
                f"You let a card be dealt twice: after the first card, {n - 1} are left.",
            ),
            Mistake(
                Fraction(math.comb(n, 3)),
                "That is the number of hands, where order does not matter. Here it does.",
            ),
            Mistake(Fraction(3 * n - 3), "Multiply the choices, do not add them."),
        ),
        hints=(
            f"{n} choices for the first card. How many for the second?",
            f"Multiply: {n} × {n - 1} × …",
        ),
    )


def five_card_hands(seed: int | str = DEFAULT_SEED) -> NumberQuestion:
    """How many 5-card hands: ordered deals divided by the orders of one hand."""
    rng = version_source(seed, DEFAULT_SEED, "five card hands")
    n = 52 if rng is None else pick(rng, (40, 36, 32, 26, 20))
    ordered = math.perm(n, 5)
    return number(
        f"poker-five-card-hands-{seed}",
        f"How many different 5-card hands can be dealt from {DECKS[n][0]}? "
        f"(You may type a sum, such as {_falling(n, 5)} / 120.)",
        Fraction(math.comb(n, 5)),
        mistakes=(
            Mistake(Fraction(ordered), f"You counted ordered hands: {_ORDERS_5}."),
            Mistake(Fraction(n**5), "A card cannot be dealt twice; and then divide by 120."),
            Mistake(
                Fraction(ordered, 5),
                "Divide by all the orders of 5 cards: 5 × 4 × 3 × 2 × 1, not 5.",
            ),
        ),
        hints=(
            f"First count ordered deals: {_falling(n, 5)}.",
            "Each hand was counted once for every order of its 5 cards.",
        ),
    )


def why_divide(seed: int | str = DEFAULT_SEED) -> ChoiceQuestion:
    """Explain in words why we divide by the orders of one hand (120 for 5 cards)."""
    rng = version_source(seed, DEFAULT_SEED, "why divide")
    k = 5 if rng is None else pick(rng, (3, 4, 5, 6))
    orders = math.factorial(k)
    steps = " × ".join(str(n) for n in range(k, 0, -1))
    options, right = in_order(
        rng,
        (
            ("To turn the count into a probability.", "A probability divides by all the hands."),
            (
                f"Each hand can be dealt in {orders} different orders, and we counted every order.",
                f"{steps} = {orders} orders of the same {_WORDS[k]} cards.",
            ),
            (
                f"Because {orders} cards are left in the deck.",
                f"Only {52 - k} cards are left after dealing {k}.",
            ),
        ),
        1,
    )
    return choice(
        f"poker-why-divide-{seed}",
        f"Why do we divide {_falling(52, k)} by {orders} to count {k}-card hands?",
        options,
        right=right,
    )


def four_of_a_kind(seed: int | str = DEFAULT_SEED) -> NumberQuestion:
    """Count four of a kind with the product rule (in the whole deck, or a smaller one)."""
    rng = version_source(seed, DEFAULT_SEED, "four of a kind")
    n = 52 if rng is None else pick(rng, (40, 36, 32, 20))
    ranks, others = n // 4, n - 4
    question = "How many 5-card hands hold four of a kind (four cards of one rank, any rank)?"
    if n != 52:
        question = (
            f"Some card games use {DECKS[n][1]}. How many 5-card hands from these {n} cards "
            "hold four of a kind (four cards of one rank, any rank)?"
        )
    return number(
        f"poker-four-of-a-kind-{seed}",
        question,
        Fraction(ranks * others),
        mistakes=(
            Mistake(
                Fraction(others),
                f"That is four Aces only: there are {ranks} ranks to choose from.",
            ),
            Mistake(Fraction(ranks), f"Choose the fifth card too: any of the {others} others."),
            Mistake(
                Fraction(ranks * n), f"The fifth card cannot be one of the four: {others} are left."
            ),
        ),
        hints=("How many ranks could the four be?", "Then how many choices for the fifth card?"),
    )


def one_suit(seed: int | str = DEFAULT_SEED) -> NumberQuestion:
    """Count the hands of one suit (flushes with straight flushes), or of one named suit."""
    rng = version_source(seed, DEFAULT_SEED, "one suit")
    size, suit = 5, ""
    if rng is not None:
        size, suit = pick(
            rng,
            [(k, s) for k in (4, 5, 6) for s in ("", *_SUIT_NAMES.values())],
            unlike=(5, ""),
        )
    one = math.comb(13, size)
    ordered = math.perm(13, size)
    straight = " (count the straight flushes too)" if size == 5 else ""
    orders = _orders(size)
    if suit:
        count, text = one, f"How many {size}-card hands are all {suit}{straight}?"
        mistakes = [
            Mistake(
                Fraction(4 * one), f"That counts all 4 suits: this question asks for {suit} only."
            ),
            Mistake(Fraction(ordered), f"You counted the {suit} in order: {orders}."),
        ]
        if size == 5:
            mistakes.append(
                Mistake(
                    Fraction(one - 10),
                    f"You took away the 10 straight flushes of {suit}: this question counts "
                    "them too.",
                )
            )
        first = f"Choose {size} of the 13 {suit}."
    else:
        count, text = 4 * one, f"How many {size}-card hands are all of one suit{straight}?"
        mistakes = [
            Mistake(Fraction(one), "That is one suit: there are 4 suits."),
            Mistake(
                Fraction(4 * ordered), f"You counted the cards of the suit in order: {orders}."
            ),
            Mistake(Fraction(ordered), "Ordered, and only one suit."),
        ]
        if size == 5:
            mistakes.append(
                Mistake(
                    Fraction(4 * one - 40),
                    "You took away the 40 straight flushes: this question counts them too.",
                )
            )
        first = f"Choose a suit (4 ways), then {size} of its 13 cards."
    return number(
        f"poker-one-suit-{seed}",
        text,
        Fraction(count),
        mistakes=tuple(mistakes),
        hints=(
            first,
            f"{size} of 13 cards: {_falling(13, size)} in order, divided by "
            f"{math.factorial(size)}.",
        ),
    )


def _counted(category: str) -> str:
    return f"{category_counts(5)[category]:,}"


_RARER: Final = (
    ("flush", "straight", "a flush", "flushes", "straights"),
    ("four_of_a_kind", "full_house", "four of a kind", "hands with four of a kind", "full houses"),
    (
        "three_of_a_kind",
        "two_pair",
        "three of a kind",
        "hands with three of a kind",
        "hands with two pair",
    ),
)
"""Pairs of hands the flush-or-straight question compares: the rarer, the more common, the
rarer's name in a sentence and both in the plural."""


def _why_rarer(rarer: str) -> tuple[tuple[str, str], ...]:
    """The options of "why is it rarer?", each counted: ranks chosen, then suits."""
    if rarer == "flush":
        return (
            (
                "There are fewer ways to choose the ranks of a flush.",
                f"No: {math.comb(13, 5):,} rank choices for a flush, only 10 for a straight.",
            ),
            (
                "Flushes deal more damage, so the game makes them rarer.",
                "The damage follows how rare a hand is, not the other way round.",
            ),
            (
                "A flush allows only 4 suit choices for the whole hand; a straight lets "
                "every card be any of 4 suits.",
                f"{math.comb(13, 5):,} × 4 against 10 × 4 × 4 × 4 × 4 × 4: a few rank choices "
                "with many suit choices beat many rank choices with one suit each.",
            ),
        )
    if rarer == "four_of_a_kind":
        ranks = 13 * 12  # the rank of the four (or the three), then the fifth card's (the pair's)
        assert ranks * 4 == category_counts(5)["four_of_a_kind"]
        assert ranks * math.comb(4, 3) * math.comb(4, 2) == category_counts(5)["full_house"]
        return (
            (
                "There are fewer ways to choose the ranks of four of a kind.",
                f"No: both choose one rank and then another, 13 × 12 = {ranks} ways each.",
            ),
            (
                "Four of a kind deals more damage, so the game makes it rarer.",
                "The damage follows how rare a hand is, not the other way round.",
            ),
            (
                "Both choose their ranks in the same number of ways, but four of a kind has "
                "fewer ways to choose the suits.",
                f"{ranks} × 4 against {ranks} × 4 × 6: four of a kind takes all 4 suits of its "
                "rank, so only the fifth card's suit is chosen (4 ways); a full house chooses 3 "
                "suits of 4 (4 ways) and 2 suits of 4 (6 ways).",
            ),
        )
    ranks = 13 * math.comb(12, 2)
    assert ranks == math.comb(13, 2) * 11
    assert ranks * 4**3 == category_counts(5)["three_of_a_kind"]
    assert ranks * 6 * 6 * 4 == category_counts(5)["two_pair"]
    return (
        (
            "There are fewer ways to choose the ranks of three of a kind.",
            f"No: both have {ranks} ways to choose their ranks.",
        ),
        (
            "Three of a kind deals more damage, so the game makes it rarer.",
            "The damage follows how rare a hand is, not the other way round.",
        ),
        (
            "Both choose their ranks in the same number of ways, but three of a kind has "
            "fewer ways to choose the suits.",
            f"{ranks} × 4 × 4 × 4 against {ranks} × 6 × 6 × 4: three cards of one rank take 3 "
            "of its 4 suits (4 ways), a pair takes 2 of 4 (6 ways).",
        ),
    )


def flush_vs_straight(seed: int | str = DEFAULT_SEED) -> ChoiceQuestion:
    """Why is a flush rarer than a straight (or four of a kind than a full house…)? Answered by
    counting."""
    rng = version_source(seed, DEFAULT_SEED, "flush vs straight")
    rarer, common, name, many, others = _RARER[0] if rng is None else pick(rng, _RARER)
    assert category_counts(5)[rarer] < category_counts(5)[common]
    options, right = in_order(rng, _why_rarer(rarer), 2)
    return choice(
        f"poker-flush-vs-straight-{seed}",
        f"There are {_counted(rarer)} {many} and {_counted(common)} {others}. Why is {name} rarer?",
        options,
        right=right,
    )


_CHANCES: Final = {
    "flush": ("a flush that is not a straight flush", "a flush"),
    "straight": ("a straight that is not a straight flush", "a straight"),
    "full_house": ("a full house", "a full house"),
    "four_of_a_kind": ("four of a kind", "four of a kind"),
    "three_of_a_kind": ("three of a kind and nothing better", "three of a kind"),
    "two_pair": ("two pair and nothing better", "two pair"),
}
"""The hands the chance question may ask about: in the question, and in its hint."""


def flush_chance(seed: int | str = DEFAULT_SEED) -> NumberQuestion:
    """An exact probability from counts, as a percentage at a stated precision."""
    rng = version_source(seed, DEFAULT_SEED, "flush chance")
    category = "flush" if rng is None else pick(rng, tuple(_CHANCES), unlike="flush")
    count = category_counts(5)[category]
    what, short = _CHANCES[category]
    mistakes = []
    if category in ("flush", "straight"):
        mistakes.append(
            Mistake(
                Fraction(count + 40, HANDS_5),
                f"That includes the 40 straight flushes: {short} here is not a straight flush.",
            )
        )
    mistakes.append(
        Mistake(
            Fraction(count, 52 * 51 * 50 * 49 * 48),
            "Divide by the number of hands (order does not matter), 2,598,960.",
        )
    )
    return number(
        f"poker-flush-chance-{seed}",
        f"Every 5-card hand is equally likely. What is the chance of {what} ({count:,} hands)?",
        Fraction(count, HANDS_5),
        places=3,
        percent=True,
        mistakes=tuple(mistakes),
        hints=(
            f"Chance = hands that are {short} ÷ all hands.",
            f"{count:,} ÷ 2,598,960, then × 100%.",
        ),
    )


_PLENARY: Final = (
    ("four_of_a_kind", "flush", "straight"),
    ("straight_flush", "four_of_a_kind", "flush"),
    ("straight_flush", "four_of_a_kind", "straight"),
    ("straight_flush", "flush", "straight"),
)
"""Three hands, rarest first, that the plenary may ask to put in order: hands the lesson counts
(straight flushes 40, four of a kind 624, flushes 5,108, straights 10,200)."""


def counting_plenary(seed: int | str = DEFAULT_SEED) -> ChoiceQuestion:
    """The counting lesson's plenary: three kinds of hand from rarest to most common."""
    rng = version_source(seed, DEFAULT_SEED, "counting plenary")
    rare, middle, common = _PLENARY[0] if rng is None else pick(rng, _PLENARY[1:])
    counts = category_counts(5)
    assert counts[rare] < counts[middle] < counts[common]
    names = {c: CATEGORY_NAMES[c] for c in (rare, middle, common)}
    options, right = in_order(
        rng,
        (
            (
                f"{names[common]}, {names[middle]}, {names[rare]}",
                f"Compare the counts: {_counted(common)}, {_counted(middle)}, {_counted(rare)}.",
            ),
            (
                f"{names[rare]}, {names[middle]}, {names[common]}",
                f"{_counted(rare)}, then {_counted(middle)}, then {_counted(common)} hands.",
            ),
            (
                f"{names[middle]}, {names[common]}, {names[rare]}",
                f"{names[rare].capitalize()} has only {_counted(rare)} hands.",
            ),
        ),
        1,
    )
    return choice(
        f"poker-counting-plenary-{seed}",
        "From rarest to most common, which order is right for 5-card hands?",
        options,
        right=right,
    )


def counting_exercises(seed: int | str = DEFAULT_SEED) -> list[Question]:
    """The lesson's exercises for ``seed``, in order."""
    return [
        opening_damage(seed),
        spade_pairs(seed),
        ordered_three(seed),
        five_card_hands(seed),
        why_divide(seed),
        four_of_a_kind(seed),
        one_suit(seed),
        flush_vs_straight(seed),
        flush_chance(seed),
        counting_plenary(seed),
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
    exercise(
        "poker-spade-pairs", spade_pairs, "listing every case", "ordered or unordered counting"
    ),
    exercise(
        "poker-ordered-three", ordered_three, "the product rule", "ordered or unordered counting"
    ),
    exercise(
        "poker-five-card-hands", five_card_hands, "the product rule", "dividing out the orders"
    ),
    exercise("poker-why-divide", why_divide, "dividing out the orders", kind="choice"),
    exercise("poker-four-of-a-kind", four_of_a_kind, "the product rule", "poker hands and damage"),
    exercise("poker-one-suit", one_suit, "dividing out the orders", "the product rule"),
    exercise("poker-flush-vs-straight", flush_vs_straight, "the product rule", kind="choice"),
    exercise("poker-flush-chance", flush_chance, "chance as a fraction", "dividing out the orders"),
    exercise(
        "poker-counting-plenary",
        counting_plenary,
        "ordered or unordered counting",
        "poker hands and damage",
        kind="choice",
    ),
)
"""The lesson's skills, and the skills of each exercise (see :mod:`acelab.teaching.skills`)."""


LESSON: Final = Lesson(
    "counting",
    "Ace of Spades: counting hands",
    lesson_notebook("counting"),
    counting_exercises,
    counting_plenary,
)

"""Exercises of the poker-odds lesson: each a question and a checker backed by acelab's counts.

``exercise(name)`` gives ``(question, checker)``, ready for ``AnswerBox(*exercise(name))``.
Answers are parsed (``"3744"``, ``"6/4165"``, ``"0.144%"``), never evaluated.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from acelab.ace_of_spades.odds import chance_to_deal
from acelab.ace_of_spades.scoring import best_play, damage
from acelab.answers import Verdict, check_number
from acelab.poker import best_hand_counts, probability

__all__ = ["EXERCISES", "Exercise", "exercise"]


@dataclass(frozen=True)
class Exercise:
    """A question, how to work out its answer, how close an answer must be, and a hint."""

    question: str
    answer: Callable[[], Fraction | int]
    tolerance: Fraction = Fraction(0)
    hint: str = ""


EXERCISES: Final[dict[str, Exercise]] = {
    "five_card_hands": Exercise(
        "How many different 5-card hands can be dealt from 52 cards?",
        lambda: math.comb(52, 5),
        hint="Order does not matter: C(52, 5).",
    ),
    "four_of_a_kind": Exercise(
        "How many 5-card hands are four of a kind?",
        lambda: best_hand_counts(5)["four_of_a_kind"],
        hint="Choose the rank of the four, then the fifth card from the 48 others.",
    ),
    "flush_chance": Exercise(
        "What is the exact chance that 5 cards are a flush (not a straight flush)? "
        "Give a fraction.",
        lambda: probability("flush", 5),
        hint="4 suits × (C(13, 5) − 10 straights), over C(52, 5).",
    ),
    "seven_card_flushes": Exercise(
        "Of all 7-card hands, how many have a flush as their best category?",
        lambda: best_hand_counts(7)["flush"],
        hint="Read it off best_hand_counts(7).",
    ),
    "two_pair_damage": Exercise(
        "How much damage does the best play of AS AH KD KC 5S deal?",
        lambda: damage("AS AH KD KC 5S").total,
        hint="Two pair is 2; each Ace among the scoring cards adds 3 and each King 1.",
    ),
    "joker_damage": Exercise(
        "What is the most damage 10S JS QS KS JK can deal?",
        lambda: damage("10S JS QS KS JK").total,
        hint="The Joker can be any card, bonus included.",
    ),
    "opening_best": Exercise(
        "What does the best play of the hand AS 2H 3D 4C 5S KD KH 9C deal?",
        lambda: best_play("AS 2H 3D 4C 5S KD KH 9C").total,
        hint="An Ace may be low (A-2-3-4-5), and each scoring Ace or face card adds a bonus.",
    ),
    "beat_first_enemy": Exercise(
        "To within 0.5 percentage points: what is the chance that an 8-card opening hand "
        "can deal 5 damage (the first Enemy's life) in one Hand?",
        lambda: chance_to_deal(5),
        tolerance=Fraction(1, 200),
        hint="Add up the damage distribution from 5 upwards.",
    ),
}


def exercise(name: str) -> tuple[str, Callable[[str], Verdict]]:
    """The question and the checker of exercise ``name`` (a key of :data:`EXERCISES`)."""
    if name not in EXERCISES:
        raise ValueError(f"No exercise {name!r}: choose one of {', '.join(EXERCISES)}.")
    item = EXERCISES[name]
    return item.question, check_number(item.answer(), tolerance=item.tolerance, hint=item.hint)

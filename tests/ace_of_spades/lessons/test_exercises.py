"""The poker lessons' exercises: right answers, correctly rounded ones, named mistakes, nonsense."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from acelab.ace_of_spades import hand_chances
from acelab.ace_of_spades.lessons import counting, probability
from acelab.ace_of_spades.odds import damage_distribution
from acelab.teaching.answers import ChoiceQuestion, NumberQuestion, answer_of, value_of

QUESTIONS = [  # the notebooks' seeds (1 and 2) and other seeds' versions of every exercise
    question
    for seed in range(1, 7)
    for question in counting.counting_exercises(seed) + probability.probability_exercises(seed)
]


def _fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.id)
def test_each_exercise_kind(question):
    assert question.check(answer_of(question)).correct
    nonsense = question.check("a lot")
    assert not nonsense.correct and nonsense.score == 0 and nonsense.message
    if isinstance(question, NumberQuestion):
        assert question.check(_fraction_text(value_of(question))).correct
        for mistake in question.mistakes:
            verdict = question.check(_fraction_text(mistake.value))
            assert not verdict.correct and mistake.feedback in verdict.message, mistake
    else:
        assert isinstance(question, ChoiceQuestion)
        for letter, (_, feedback) in zip(question.letters, question.options, strict=True):
            assert feedback in question.check(letter).message


def test_what_learners_type_for_counts():
    hands = counting.five_card_hands()
    for typed in ("2598960", "2,598,960", "2 598 960", "C(52, 5)", "52C5", "52×51×50×49×48/120"):
        assert hands.check(typed).correct, typed
    assert "ordered hands: divide by 5 × 4 × 3 × 2 × 1" in hands.check("52*51*50*49*48").message
    assert counting.four_of_a_kind().check("13 × 48").correct
    assert counting.four_of_a_kind().check("13*48").correct
    assert "13 ranks" in counting.four_of_a_kind().check("48").message
    assert counting.one_suit().check("4 × C(13, 5)").correct
    assert (
        counting.spade_pairs().check("C(5,2)").correct
        and "same hand" in counting.spade_pairs().check("20").message
    )


def test_correctly_rounded_chances_are_right():
    flush = counting.flush_chance()  # 5108 / 2598960 = 0.19654…%
    for typed in ("0.197%", "0,197%", "0.1965%", "0.00197", "0.001965", "5108/2598960"):
        assert flush.check(typed).correct, typed
    assert "rounded too much" in flush.check("0.2%").message
    assert "cut the digits off" in flush.check("0.196%").message
    assert "40 straight flushes" in flush.check("0.198%").message
    beat = probability.beat_first_enemy()
    assert answer_of(beat) == "29.8%"
    assert (
        beat.check("29.8%").correct
        and beat.check("0.298").correct
        and beat.check("29.82 %").correct
    )
    assert "Add every row from 5 up" in beat.check("1.4%").message
    ratio = probability.flush_ratio()
    assert (
        answer_of(ratio) == "15.4" and ratio.check("15.39").correct and ratio.check("15,4").correct
    )


def test_the_table_a_learner_adds_up_gives_the_right_rounded_answer():
    rows = [round(float(p) * 100, 2) for d, p in damage_distribution(0).items() if d >= 5]
    assert probability.beat_first_enemy().check(f"{sum(rows):.2f}%").correct


def test_flush_vs_straight_numbers_are_counted():
    assert 4 * (math.comb(13, 5) - 10) == 5108
    assert 10 * (4**5 - 4) == 10200
    assert counting.flush_vs_straight().check("C").correct


def test_the_opening_hand_and_its_damage_are_seeded():
    assert (
        hand_chances.opening_hand(1) == hand_chances.opening_hand(1) != hand_chances.opening_hand(2)
    )
    question = counting.opening_damage(1)
    assert (
        answer_of(question) == "9"
    )  # Q♣ 7♣ A♣ 4♣ 2♣ (5♣): a flush, 5 + 3 for the Ace + 1 for the Q
    assert "add the bonuses" in question.check("5").message
    for seed in range(1, 40):
        assert counting.opening_damage(seed).check(answer_of(counting.opening_damage(seed))).correct


def test_the_simulation_is_seeded_and_its_frequency_checks():
    assert hand_chances.simulated_pairs(1) == hand_chances.simulated_pairs(1)
    question = probability.pair_or_better_frequency(1)
    hits = hand_chances.simulated_pairs(1)
    assert question.check(f"{hits}/1000").correct and question.check(f"{hits / 10}%").correct
    dealt, frequency = hand_chances.running_frequency(1, trials=200)
    assert dealt[-1] == 200 and 0 <= frequency[-1] <= 1
    assert abs(frequency[-1] - float(hand_chances.pair_or_better_chance())) < 0.2


def test_learner_functions_are_checked_without_crashing():
    assert counting.check_choose(math.comb).correct
    assert not counting.check_choose(lambda n, k: ...).correct
    assert "stops with ZeroDivisionError" in counting.check_choose(lambda n, k: 1 // 0).message
    assert probability.check_relative_frequency(lambda hits, n: hits / n).correct
    assert not probability.check_relative_frequency(lambda hits, n: ...).correct
    assert not probability.check_relative_frequency(lambda hits, n: n / (hits + 1)).correct


def test_tables_are_typeset_not_raw():
    assert probability.category_table()._repr_markdown_().startswith("| best hand | 5 cards")
    assert "| 5 | 1.41% |" in probability.damage_table()._repr_markdown_()

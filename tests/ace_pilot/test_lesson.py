"""The lesson's seeded exercises and answer checkers."""

from __future__ import annotations

import sympy

from acelab.ace_pilot import Equation
from acelab.ace_pilot.lesson import (
    Situation,
    check_equation,
    check_values,
    check_yes_no,
    deal,
    exercises,
    misprint_exercise,
    tree,
    zero_trick_exercise,
)
from acelab.cards import Suit


def test_every_exercise_accepts_its_answer_and_refuses_a_wrong_one():
    for seed in (1, 2, "class 7B"):
        found = exercises(seed)
        assert len(found) >= 6
        for exercise in found:
            assert exercise.check(exercise.answer).correct, exercise.question
            assert not exercise.check("1000").correct
            assert exercise.check("").feedback  # always a sentence, never an exception


def test_exercises_are_seeded():
    assert [e.question for e in exercises(3)] == [e.question for e in exercises(3)]
    assert [e.question for e in exercises(3)] != [e.question for e in exercises(4)]


def test_the_misprint_exercise_is_the_rulebooks_carryover_example():
    exercise = misprint_exercise()
    assert exercise.answer == "12"
    assert not exercise.check("10").correct
    assert "Cam multiplies" in exercise.check("10").feedback


def test_zero_trick_needs_a_zero():
    exercise = zero_trick_exercise(1)
    situation = exercise.situation
    assert situation is not None and situation.start is Suit.DIAMONDS
    for equation in situation.solutions():
        duke = equation.group(Suit.DIAMONDS)
        assert duke is not None
        assert 0 in Equation.of((Suit.DIAMONDS, duke.values)).values()


def test_check_equation_names_the_broken_rule():
    situation = Situation((2, 6, 10, 12), 10, Suit.DIAMONDS, (Suit.HEARTS, Suit.CLUBS))
    check = check_equation(situation)
    assert check("D(6,12) H(10)").correct
    assert "Right!" in check("D(6,12) H(10)").feedback
    assert "does not hold 13" in check("D(6,13) H(10)").feedback
    assert "Sabina is not Ready" in check("D(6,12) S(10)").feedback
    assert "two or more cards" in check("H(10,2) D(6)").feedback
    hearts = check_equation(Situation((2, 10), 10, Suit.HEARTS, ()))
    assert hearts("H(10,2)").feedback == "H(10,2) makes 12, not 10."
    assert "At character" in check("D(6,").feedback
    zero = Situation((2, 6, 10, 10), 10, Suit.SPADES, (Suit.DIAMONDS,))
    assert "divides by zero" in check_equation(zero)("D(6) S(10,10)").feedback


def test_check_values_and_yes_no():
    check = check_values({2, 3})
    assert check("3, 2").correct and check("2 and 3").correct
    assert "missing" in check("2").feedback
    assert "4 cannot be made" in check("2, 3, 4").feedback
    assert "whole numbers" in check("two").feedback
    yes = check_yes_no(True, "Because.")
    assert yes("Yes").correct and not yes("no").correct and "yes or no" in yes("maybe").feedback


def test_deal_is_seeded_and_respects_its_test():
    assert deal(5) == deal(5)
    alone = deal(5, alone=True, accept=lambda s: True)
    assert alone.ready == ()
    assert deal(6, start=Suit.CLUBS).start is Suit.CLUBS


def test_tree_draws_operators_above_operands():
    drawn = tree(Equation.parse("H(2) C(3) S(4,2)").to_sympy())
    assert drawn.splitlines()[:3] == ["Add", "    2", "    Mul"]
    assert tree(sympy.Integer(7)) == "7"

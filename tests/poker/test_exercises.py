"""The lesson's exercises: each checker accepts its answer and explains a wrong one."""

from __future__ import annotations

from fractions import Fraction

import pytest

from acelab.ace_of_spades.exercises import EXERCISES, exercise


@pytest.mark.parametrize("name", list(EXERCISES))
def test_right_and_wrong_answers(name: str) -> None:
    question, check = exercise(name)
    answer = Fraction(EXERCISES[name].answer())
    assert question.endswith("?") or "?" in question
    assert check(f"{answer.numerator}/{answer.denominator}").correct
    wrong = check(str(answer + 1))
    assert not wrong.correct and wrong.feedback
    assert not check("2 + 2").correct


def test_known_answers() -> None:
    assert exercise("four_of_a_kind")[1]("624").correct
    assert exercise("two_pair_damage")[1]("10").correct
    assert exercise("joker_damage")[1]("16").correct
    assert exercise("opening_best")[1]("7").correct
    assert exercise("beat_first_enemy")[1]("29.8%").correct


def test_unknown_exercise() -> None:
    with pytest.raises(ValueError, match="No exercise"):
        exercise("nope")

"""Marking a teacher can trust, over every seed a lesson can use: no exercise's answer is printed
above it in the student edition, no seeded answer sits on a rounding edge, and every named
mistake fires on its own value and never on a correct rounding of the answer."""

from __future__ import annotations

import pytest

from acelab.teaching.answers import NumberQuestion
from acelab.teaching.exercises import LESSONS, lesson
from tests.classroom.marking import copied, correct_roundings, is_half, read_with_seed

ALL_SEEDS = range(1, 201)
FEW_SEEDS = (1, 2, 3, 7)
COINCIDENCES = {
    ("ace-pilot-misprint", "12"): "the 12 above is 2 + 3 × 4 − 2, the flat reading of another sum",
    ("poker-spade-pairs", "10"): "the 10 above is a straight flush's damage in the scoring table",
    (
        "poker-opening-damage",
        "10",
    ): "the 10 above is a straight flush's damage in the scoring table",
    (
        "trees-order",
        "*",
    ): "the answer is the cell of the table above that the question asks to find",
    ("trees-value", "*"): "the answer is one of the tree's ends, the one working backwards finds",
    (
        "ace-pilot-rounding",
        "3, 4",
    ): "the 3, 4 above is Hailey's two cards in the worked example with carryovers on both sides",
}
"""Exercises (by id, without the seed) whose answer is also an unrelated number above them."""


def _kind(question_id: str, seed: object) -> str:
    return question_id.removesuffix(f"-{seed}")


def copyable(name: str, seeds) -> list[tuple[object, str, list[str]]]:
    found = []
    for seed in seeds:
        for question, above in read_with_seed(name, seed):
            kind = _kind(question.id, seed)
            forms = [
                f
                for f in copied(question, above)
                if (kind, f) not in COINCIDENCES and (kind, "*") not in COINCIDENCES
            ]
            if forms:
                found.append((seed, question.id, forms))
    return found


def misjudged(name: str, seeds) -> list[tuple[object, str, str]]:
    """Every way a lesson's number questions mark wrongly over ``seeds``."""
    wrong = []
    for seed in seeds:
        for question in lesson(name).exercises(seed):
            if not isinstance(question, NumberQuestion):
                continue
            if is_half(question):
                wrong.append((seed, question.id, "the answer is a half at the asked precision"))
            for typed in correct_roundings(question):
                if not question.check(typed).correct:
                    wrong.append((seed, question.id, f"a correct {typed!r} is marked wrong"))
            for mistake in question.mistakes:
                value = mistake.value
                said = question.check(f"{value.numerator}/{value.denominator}").message
                if mistake.feedback not in said:
                    wrong.append((seed, question.id, f"{mistake.feedback[:40]!r} does not fire"))
    return wrong


@pytest.mark.parametrize("name", LESSONS)
def test_no_answer_is_printed_above_its_exercise(name):
    assert copyable(name, FEW_SEEDS) == []


@pytest.mark.parametrize("name", LESSONS)
def test_every_named_mistake_fires_on_its_value_and_never_on_a_correct_rounding(name):
    assert misjudged(name, FEW_SEEDS) == []


@pytest.mark.soak  # a minute in all: make test checks FEW_SEEDS above
@pytest.mark.parametrize("name", LESSONS)
def test_no_answer_is_printed_above_its_exercise_for_seeds_1_to_200(name):
    assert copyable(name, ALL_SEEDS) == []


@pytest.mark.soak
@pytest.mark.parametrize("name", LESSONS)
def test_marking_is_right_for_seeds_1_to_200(name):
    assert misjudged(name, ALL_SEEDS) == []


def test_the_checks_can_fail():
    from fractions import Fraction

    from acelab.teaching.answers import Mistake

    half = NumberQuestion("q", "?", Fraction(505, 1000), places=2)
    assert is_half(half) and not is_half(NumberQuestion("q", "?", Fraction(1, 3), places=2))
    printed = NumberQuestion("q", "What is 13 ÷ 40?", Fraction(13, 40), places=3)
    assert copied(printed, "The worked example: 13 ÷ 40 = 0.325.") == ["0.325"]
    assert copied(printed, "Nothing to copy here.") == []
    shadowed = NumberQuestion(
        "q", "?", Fraction(1, 2), places=1,
        mistakes=(Mistake(Fraction(49, 100), "rounded"), Mistake(Fraction(1, 4), "a quarter")),
    )  # fmt: skip
    said = shadowed.check("49/100").message
    assert "rounded" not in said  # 0.49 rounds to the answer, so its mistake can never fire


def test_an_answer_file_written_before_an_exercise_had_versions_is_still_marked(
    tmp_path, monkeypatch
):
    from acelab.ace_of_spades_lex.lessons import chance
    from acelab.classroom.answer_file import keep_answer
    from acelab.classroom.marking import grade

    monkeypatch.setenv("ACELAB_ANSWERS", str(tmp_path))
    question = chance.plenary(lesson("chance").seed)
    right = next(o for o in "ABCD" if question.check(o).correct)
    wrong = next(o for o in "ABCD" if not question.check(o).correct)
    old_id = question.id.rpartition("-")[0]  # lex-plenary, as files of before the versions say
    keep_answer(old_id, wrong, question.check(wrong))
    keep_answer(old_id, right, question.check(right))
    marked = grade(question, 1, tmp_path)
    assert marked.awarded == pytest.approx(0.9), marked.sentence
    other = chance.plenary(lesson("chance").seed + 1)
    assert other.id != question.id
    assert grade(other, 1, tmp_path).awarded == 0  # another version: the old answers are not its

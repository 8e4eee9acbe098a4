"""Every form the answer-box rule promises, typed into every kind of exercise of every lesson
(issue 27): words the question uses after the number, number words, sums, a trailing
``= value``, lists with spaces, commas, "and" or "or"; and the near-misses, each a sentence.

The rule is written in the README ("What an answer box accepts") and the welcome notebook.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from acelab.teaching.answers import (
    ChoiceQuestion,
    CustomQuestion,
    NumberQuestion,
    answer_of,
    question_words,
    value_of,
)
from acelab.teaching.exercises import LESSONS, lesson
from acelab.teaching.reading import _NUMBER_WORDS

NOUNS = ("damage", "points", "cards", "spades", "ways", "hands", "deals", "duels", "outs")
SEEDS = (1, 2, 3)
ROOT = Path(__file__).resolve().parents[2]


def _numbers() -> list[NumberQuestion]:
    found = {}
    for name in LESSONS:
        for seed in SEEDS:
            for question in lesson(name).exercises(seed):
                if isinstance(question, NumberQuestion):
                    found[question.id] = question
    return list(found.values())


def _decimal(value: Fraction, places: int) -> str:
    scaled = round(value * 10**places)
    sign = "-" if scaled < 0 else ""
    whole, rest = divmod(abs(scaled), 10**places)
    return f"{sign}{whole}.{rest:0{places}d}" if places else f"{sign}{whole}"


def _number_of(question: NumberQuestion) -> str:
    """The answer's number without its % sign: 29.8 for 29.8%."""
    return answer_of(question).rstrip("%")


def _right_forms(question: NumberQuestion) -> list[str]:
    value, number = value_of(question), _number_of(question)
    forms = [
        answer_of(question),
        f"about {answer_of(question)}",
        f"the answer is {answer_of(question)}.",
    ]
    nouns = [noun for noun in NOUNS if noun in question_words(question.question)]
    forms += [f"{answer_of(question)} {noun}" for noun in nouns]
    if question.percent:
        shown = Fraction(number)
        forms.append(f"{_decimal(shown - 1, question.places or 0)} + 1")  # a sum, read as %
        forms.append(f"{value.numerator}/{value.denominator} × 100 = {answer_of(question)}")
        if not question.percentage_points:
            forms.append(f"{value.numerator}/{value.denominator} = {answer_of(question)}")
    else:
        forms.append(f"{value - 1} + 1")
        forms.append(f"{value.numerator}/{value.denominator} = {answer_of(question)}")
        if value.denominator == 1 and 0 <= value <= 20:
            forms.append(_NUMBER_WORDS[int(value)])
            forms.append(f"{_NUMBER_WORDS[int(value)]} {nouns[0]}" if nouns else "")
    return [form for form in forms if form]


def _wrong_number(question: NumberQuestion) -> str:
    if question.percent:
        return f"{Fraction(_number_of(question)) + 7}"
    return str(value_of(question) + 7)


@pytest.mark.parametrize("question", _numbers(), ids=lambda q: q.id)
def test_every_promised_form_of_the_right_number_is_right(question):
    for form in _right_forms(question):
        verdict = question.check(form)
        assert verdict.correct, (form, verdict.message)


@pytest.mark.parametrize("question", _numbers(), ids=lambda q: q.id)
def test_near_misses_get_a_sentence_and_a_wrong_number_stays_wrong(question):
    answer = answer_of(question)
    nouns = [noun for noun in NOUNS if noun in question_words(question.question)] or ["cards"]
    wrong = _wrong_number(question)
    for typed in (wrong, f"{wrong} {nouns[0]}", f"about {wrong} {nouns[0]}", f"{answer} = {wrong}"):
        verdict = question.check(typed)
        assert not verdict.correct and verdict.message.endswith((".", "!", "?")), typed
    unnamed = question.check(f"{answer} bananas")
    assert not unnamed.correct and "'bananas'" in unnamed.message
    assert "does not use it" in unnamed.message
    half = question.check("half of 10")
    assert not half.correct and "“of”" in half.message
    twice = question.check("= 5 = 6")
    assert not twice.correct and "two different answers, 5 and 6" in twice.message


def test_a_plural_of_a_word_the_question_uses_is_read_with_a_sentence():
    question = lesson("deciding").exercises(1)[4]
    assert "damage" in question.question and answer_of(question) == "4.41"
    verdict = question.check("4.41 damages")
    assert verdict.correct and "is read as 4.41 damage" in verdict.message
    assert question.check("4.41 damage").correct
    assert not question.check("9 damages").correct
    assert "'spades'" in question.check("4.41 spades").message


def _customs() -> list[CustomQuestion]:
    return [q for q in lesson("order_of_operations").exercises(1) if isinstance(q, CustomQuestion)]


def test_lists_take_spaces_commas_and_or_and_number_words():
    rounding = next(q for q in _customs() if q.id.startswith("ace-pilot-rounding"))
    assert answer_of(rounding) == "1, 2"
    for typed in ("1, 2", "1 2", "1 and 2", "1 or 2", "2, 1", "one and two", "{1, 2}"):
        assert rounding.check(typed).correct, typed
    counter = next(q for q in _customs() if q.id.startswith("ace-pilot-counterexample"))
    for typed in ("12, 2, 3 and 3, 2, 12", "12 2 3, 3 2 12", "12 2 3 or 3 2 12", "12,2,3; 3,2,12"):
        assert counter.check(typed).correct, typed


def test_an_equation_question_takes_its_answer_with_a_trailing_value():
    brackets = next(q for q in _customs() if q.id.startswith("ace-pilot-brackets"))
    assert brackets.check(f"{answer_of(brackets)} = 5").correct
    assert not brackets.check(f"{answer_of(brackets)} = 6").correct
    zero = next(q for q in _customs() if q.id.startswith("ace-pilot-zero-trick"))
    assert zero.check(answer_of(zero)).correct and zero.check(answer_of(zero).lower()).correct


def test_choices_take_the_letter_as_written_on_paper():
    for name in LESSONS:
        for question in lesson(name).exercises(1):
            if isinstance(question, ChoiceQuestion):
                letter = answer_of(question)
                for typed in (letter, letter.lower(), f"({letter})", f"the answer is {letter}"):
                    assert question.check(typed).correct, (question.id, typed)


def test_every_example_of_the_written_rule_reads_as_the_rule_says():
    from acelab.teaching.answers import ChoiceQuestion as Choice
    from acelab.teaching.reading import RULE, parse_list, read_answer

    accepted, refused = RULE.split("**Not read")
    choice = Choice("rule", "Which?", (("a", ""), ("b", ""), ("c", "")), right=2)
    for example in re.findall(r"`([^`]+)`", accepted):
        if example in ("= value", "="):
            continue  # the form itself, shown by the examples after it
        if "C" in example.upper() and not any(char.isdigit() for char in example):
            assert choice.check(example).correct, example
        elif example in ("1 2", "1 and 2", "1 or 2", "1, 2"):
            assert parse_list(example) == (1, 2), example
        else:
            read_answer(example, comma="decimal", units={"damage", "spades"})
    for example in re.findall(r"`([^`]+)`", refused):
        if example in ("10/2", "="):
            continue
        with pytest.raises(ValueError, match=r"\."):  # a sentence
            read_answer(example, comma="decimal", units={"damage", "spades"})
    for path in ("README.md", "notebooks/00_welcome.ipynb"):
        text = (ROOT / path).read_text(encoding="utf-8")
        first = RULE.splitlines()[0]
        assert first in text, path

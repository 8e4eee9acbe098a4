"""Typed answers are parsed by a grammar (never evaluated) and checked with named feedback."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.teaching.answers import (
    ChoiceQuestion,
    CustomQuestion,
    Mistake,
    NumberQuestion,
    Verdict,
    answer_of,
    check_number,
    parse_answer,
    parse_list,
    parse_number,
    record_attempt,
    show_number,
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("12", 12),
        (" -3 ", -3),
        ("−3", -3),
        ("3/4", Fraction(3, 4)),
        ("3 / 4", Fraction(3, 4)),
        ("0.75", Fraction(3, 4)),
        (".5", Fraction(1, 2)),
        ("0,341", Fraction(341, 1000)),
        ("2,5", Fraction(5, 2)),
        ("75%", Fraction(3, 4)),
        ("0.197%", Fraction(197, 100000)),
        ("34 %", Fraction(34, 100)),
        ("1 1/2", Fraction(3, 2)),
        ("2 1/2", Fraction(5, 2)),
        ("-1 1/2", Fraction(-3, 2)),
        ("2,598,960", 2598960),
        ("2 598 960", 2598960),
        ("2\u00a0598\u00a0960", 2598960),
        ("1,234.5", Fraction(2469, 2)),
        ("13*48", 624),
        ("13 × 48", 624),
        ("13x48", 624),
        ("13 X 48", 624),
        ("4 ÷ 52", Fraction(1, 13)),
        ("(1 + 2) × 3", 9),
        ("1 + 2 × 3", 7),
        ("10 − 4 − 3", 3),
        ("2^10", 1024),
        ("-2^2", -4),
        ("2^-1", Fraction(1, 2)),
        ("5!", 120),
        ("52!/(47! × 5!)", 2598960),
        ("C(52, 5)", 2598960),
        ("C(52,5)", 2598960),
        ("c(4,2)", 6),
        ("52C5", 2598960),
        ("4 × C(13, 5) − 40", 5108),
        ("13 × 48 / C(52,5)", Fraction(624, 2598960)),
        ("1/2/3", Fraction(1, 6)),
        ("50% × 2", 1),
    ],
)
def test_what_a_learner_types(text, value):
    assert parse_answer(text) == value
    assert parse_number(text) == value  # the old name still works


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("abc", "not a number"),
        ("__import__('os')", "not a number"),
        ("1/0", "Dividing by 0"),
        ("0^-1", "Dividing by 0"),
        ("3 1/0", "0 below the line"),
        ("2 3/2", "less than 1"),
        ("2**3", r"powers with \^"),
        ("10^10^10", "too large"),
        ("2^0.5", "whole number"),
        ("1000!", "too large"),
        ("2.5!", "whole numbers"),
        ("C(2000, 1000)", "too large"),
        ("C(5)", "comma"),
        ("(1+2", "never closed"),
        ("1,234", "could mean 1234 or 1.234"),
        ("1.2.3", "mixes separators"),
        ("2 3", "side by side"),
        ("1 +", "stops too soon"),
        ("9" * 500, "too long"),
        ("((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))", "brackets"),
    ],
)
def test_anything_else_is_a_value_error_with_a_sentence(text, says):
    with pytest.raises(ValueError, match=says) as caught:
        parse_answer(text)
    message = str(caught.value)
    assert message[0].isupper() or message[0] in "'\""
    assert message.rstrip().endswith((".", "!", "?"))


ALPHABET = "0123456789 .,/%!^()+-−×x÷*Cc^e[]{}|:'·½"


WORDS = st.sampled_from(
    ["percent", "points", "pp", "about", "half", "in", "out of", "or", "and", "minus", "."]
)


@settings(max_examples=400)
@given(
    st.text(alphabet=ALPHABET, max_size=40)
    | st.text(max_size=30)
    | st.lists(st.text(alphabet=ALPHABET, max_size=6) | WORDS, max_size=8).map(" ".join)
)
def test_fuzz_only_a_fraction_or_a_value_error(text):
    for read in (parse_answer, parse_list):
        try:
            value = read(text)
        except ValueError as error:
            assert str(error)
        else:
            assert isinstance(value, Fraction | tuple)
    for question in (HANDS, CHANCE, SHARE):  # a question never raises: it says why
        assert question.check(text).message


@settings(max_examples=200)
@given(st.fractions(max_denominator=10**6))
def test_every_fraction_written_as_a_fraction_reads_back(value):
    assert parse_answer(f"{value.numerator}/{value.denominator}") == value


# -- one test per exercise kind: right, correctly rounded, named mistakes, nonsense -----------

HANDS = NumberQuestion(
    "hands",
    "How many 5-card hands?",
    Fraction(2598960),
    mistakes=(
        Mistake(Fraction(311875200), "You counted ordered hands: divide by 5 × 4 × 3 × 2 × 1."),
    ),
    hints=("Start with 52 × 51 × 50 × 49 × 48.", "Then divide by 5!, the orders of one hand."),
)
CHANCE = NumberQuestion(
    "chance",
    "What is the chance?",
    Fraction(5108, 2598960),
    places=3,
    percent=True,
    mistakes=(Mistake(Fraction(5148, 2598960), "Straight flushes are not flushes here."),),
)
SHARE = NumberQuestion("share", "What share?", Fraction(17, 50), places=2)


def test_a_number_question_exact():
    assert HANDS.check("2598960") == Verdict(1.0, True, "Right: 2 598 960.")
    assert HANDS.check("C(52, 5)").correct and HANDS.check("2,598,960").correct
    ordered = HANDS.check("52 × 51 × 50 × 49 × 48")
    assert not ordered.correct and ordered.score == 0
    assert "ordered hands" in ordered.message and "52 × 51" in ordered.message
    assert "divide by 5!" in HANDS.check("311875200", attempt=2).message
    assert "divide by 5!" in HANDS.check("311875200", attempt=9).message  # the ladder's top
    assert HANDS.check("2000").message == "Not this one. Start with 52 × 51 × 50 × 49 × 48."
    assert "wants the exact answer" in HANDS.check("2598961").message
    assert "not a number" in HANDS.check("lots").message
    assert "exact" in HANDS.precision and answer_of(HANDS) == "2598960"


def test_a_number_question_accepts_every_correctly_rounded_answer():
    assert answer_of(CHANCE) == "0.197%"  # 5108 / 2598960 = 0.19654…%
    for typed in ("0.197%", "0.1965%", "0.19654%", "0.00197", "5108/2598960", "0,197 %"):
        assert CHANCE.check(typed).correct, typed
    too_coarse = CHANCE.check("0.2%")
    assert (
        not too_coarse.correct
        and too_coarse.score == 0.5
        and "3 decimal places" in too_coarse.message
    )
    cut = CHANCE.check("0.196%")
    assert not cut.correct and "cut the digits off" in cut.message
    assert "Straight flushes" in CHANCE.check("0.198%").message
    assert "percentage to 3 decimal places" in CHANCE.precision
    assert (
        SHARE.check("34%").correct and SHARE.check("0.34").correct and SHARE.check("0,34").correct
    )
    assert "Did you mean 34%" in SHARE.check("34").message
    assert not SHARE.check("0.35").correct and "too" not in SHARE.check("0.35").message


def test_a_choice_question():
    question = ChoiceQuestion(
        "why",
        "Why is a flush rarer than a straight?",
        (
            ("Fewer ways to make it", "Count them: 5,108 against 10,200."),
            ("Luck", "Chance is not luck here."),
        ),
        right=0,
    )
    assert question.check("a").correct and question.check("A.").correct
    assert question.check("Fewer ways to make it").correct
    wrong = question.check("B")
    assert not wrong.correct and "not luck" in wrong.message
    assert "one letter" in question.check("banana").message
    assert answer_of(question) == "A" and question.choices()[1] == "B. Luck"


def test_a_custom_question_adds_hints_to_its_checkers_message():
    question = CustomQuestion(
        "even",
        "An even number?",
        "2",
        lambda text: Verdict(1.0, True, "Yes.") if text == "2" else Verdict(0.0, False, "Odd."),
        hints=("Try 2.",),
    )
    assert question.check("2").correct
    assert question.check("3").message == "Odd. Try 2."


def test_check_number_is_kept_for_old_code():
    check = check_number(Fraction(1, 3))
    assert check("1/3").correct and "1/3" in check("1/3").feedback
    assert not check("0.333").correct
    assert check_number(Fraction(1, 3), tolerance=0.001)("0.333").correct
    assert "Count again." in check_number(2, hint="Count again.")("3").feedback


def test_attempts_are_recorded_in_the_progress_store(tmp_path, monkeypatch):
    store_module = pytest.importorskip("acelab.store")
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path))
    assert record_attempt("hands", "624", HANDS.check("624"))
    assert record_attempt("hands", "2598960", HANDS.check("2598960"))
    attempts = store_module.open_store(tmp_path).attempts("hands")
    assert [(a.answer, a.correct) for a in attempts] == [("624", False), ("2598960", True)]
    assert attempts[1].score == 1.0
    exported = tmp_path / "attempts.csv"
    assert store_module.open_store(tmp_path).export_attempts_csv(exported) == 2
    assert "2598960" in exported.read_text()


def test_an_answer_box_counts_attempts_climbs_hints_and_records_once(tmp_path, monkeypatch):
    from acelab.store import open_store
    from acelab.widgets.answer import AnswerBox

    monkeypatch.setenv("ACELAB_HOME", str(tmp_path))
    box = AnswerBox(HANDS)
    assert "Give the exact answer" in box.children[0].value  # the box states its precision
    assert "Start with 52" in box.answer("2000").message
    box._check("2000")  # Check pressed again on the same text: not a second attempt
    assert "Then divide by 5!" in box.answer("3000").message  # the second hint
    assert box.answer("C(52, 5)").correct and box.saved is True
    recorded = [(a.answer, a.correct) for a in open_store(tmp_path).attempts("hands")]
    assert recorded == [("2000", False), ("3000", False), ("C(52, 5)", True)]
    choice = AnswerBox(
        ChoiceQuestion("c", "Pick one", (("yes", "good"), ("no", "bad")), right=0), record=False
    )
    assert "A. yes" in choice.children[0].value and choice.answer("A").correct
    assert open_store(tmp_path).attempts("c") == []


def test_export_attempts_from_the_command_line(tmp_path, monkeypatch, capsys):
    from acelab.teaching.answers import main

    monkeypatch.setenv("ACELAB_HOME", str(tmp_path))
    record_attempt("hands", "624", HANDS.check("624"))
    assert main([str(tmp_path / "out.csv")]) == 0
    assert "Wrote 1 attempts" in capsys.readouterr().out
    assert "624" in (tmp_path / "out.csv").read_text()
    assert main(["out.txt"]) == 2


# -- issue 16: precision, named mistakes and percentages judged on the value typed ------------


@pytest.mark.parametrize("places", ["2", 2.5, True, -1, 11])
def test_a_precision_is_a_whole_number_of_places(places):
    with pytest.raises(ValueError, match="whole number of decimal places"):
        NumberQuestion("q", "?", Fraction(1, 3), places=places)


def test_a_percentage_points_question_says_what_it_wants():
    gap = NumberQuestion("gap", "?", Fraction(523, 5000), places=1, percentage_points=True)
    assert gap.percent and answer_of(gap) == "10.5" and "percentage points" in gap.precision
    assert "10.5 percentage points" in gap.check("10.5").message
    with_sign = gap.check("10.5%")
    assert with_sign.correct and "asks for percentage points" in with_sign.message
    on_percent = NumberQuestion("p", "?", Fraction(523, 5000), places=1, percent=True)
    assert "asks for a percentage" in on_percent.check("10.5 percentage points").message
    assert "10.5 is read as 10.5%" in on_percent.check("10.5").message


def _decimal(value: Fraction, places: int) -> str:
    scaled = value * 10**places
    digits = str(abs(scaled.numerator // scaled.denominator)).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}" if places else f"{sign}{digits}"


PROBABILITIES = st.fractions(min_value=0, max_value=1, max_denominator=5000)


@settings(max_examples=300)
@given(PROBABILITIES, PROBABILITIES, st.integers(1, 4), st.booleans())
def test_a_correct_rounding_is_always_right_and_never_a_named_mistake(value, wrong, places, pc):
    question = NumberQuestion(
        "q", "?", value, places=places, percent=pc, mistakes=(Mistake(wrong, "Named."),)
    )
    scale = 10 ** (places + (2 if pc else 0))
    low = Fraction(math.floor(value * scale), scale)
    for rounding in (low, low + Fraction(1, scale)):
        if abs(rounding - value) <= Fraction(1, 2 * scale):  # a correct rounding
            typed = f"{_decimal(rounding * 100, places)}%" if pc else _decimal(rounding, places)
            verdict = question.check(typed)
            assert verdict.correct, (typed, verdict)


@settings(max_examples=300)
@given(PROBABILITIES, st.integers(0, 99), st.integers(1, 3))
def test_rounded_too_much_only_when_the_typed_value_is_a_correct_rounding(value, percent, places):
    question = NumberQuestion("q", "?", value, places=places + 2)
    verdict = question.check(f"{percent}%")  # a whole percentage: 2 decimal places of the value
    if "rounded too much" in verdict.message:
        assert abs(Fraction(percent, 100) - value) <= Fraction(1, 200)


def test_an_exact_half_at_the_asked_precision_accepts_both_roundings():
    pair = NumberQuestion(
        "p", "?", Fraction(505, 1000), places=2, mistakes=(Mistake(Fraction(495, 1000), "No."),)
    )
    for typed in ("0.50", "0,5", "1/2", "0.51", "50%"):
        assert pair.check(typed).correct, typed
    assert pair.check("0.495").message == "No."  # more places, and they are the mistake's


def test_an_unwritten_code_exercise_says_so():
    from acelab.teaching.cells import check_function

    def sabina(cards):
        result = cards[0]
        for _card in cards[1:]:
            result = ...
        return abs(result)

    def empty(cards): ...

    for function in (sabina, empty):
        message = check_function("sabina", function, [(([2, 2],), 0)]).message
        assert message.startswith("sabina is not written yet"), message

    def wrong(cards):
        return 1 / 0

    assert "stops with ZeroDivisionError" in check_function("w", wrong, [((1,), 0)]).message


def test_check_on_an_empty_box_shows_a_sentence_and_is_no_attempt(tmp_path, monkeypatch):
    from acelab.widgets.answer import AnswerBox

    monkeypatch.setenv("ACELAB_HOME", str(tmp_path))
    for question in (HANDS, ChoiceQuestion("c", "?", (("a", ""), ("b", "")), right=0)):
        box = AnswerBox(question, record=False)
        box.button.click()
        assert "empty" in box.feedback.text and box.attempts == 0
        box.answer("2598960")
        box.field.value = ""  # emptying the field clears the message
        assert box.feedback.text == ""
        assert "empty" in box.answer("   ").message and box.attempts == 1


def test_a_decimal_comma_whose_thousands_reading_is_too_large_is_still_a_verdict():
    question = NumberQuestion("x", "?", Fraction(34, 100), places=2)
    for typed in ("1,234^150", "2,000^150"):
        verdict = question.check(typed)  # 1.234^150 is readable, 1234^150 too large
        assert not verdict.correct and verdict.message.endswith("with a decimal comma.")


def test_a_number_too_large_to_print_or_to_be_a_float_is_still_shown():
    from acelab.teaching.cells import check_function

    assert show_number(math.factorial(2000)) == "about 3.316e+5735"
    assert show_number(Fraction(10**400 + 1, 2)) == "about 5.000e+399"
    assert show_number(Fraction(5, 52)) == "5/52 ≈ 0.09615"  # as before
    said = check_function("f", lambda n: math.factorial(2000), [((1,), 1)]).message
    assert "about 3.316e+5735" in said
    assert "about 1.000e+400" in check_number(1)("10^400 + 1/2").message


def test_feedback_cuts_numbers_hundreds_of_digits_long() -> None:
    from math import comb

    from acelab.teaching.answers import check_number, show_number

    huge = comb(1000, 500)
    assert show_number(huge) == "about 2.703e+299"
    assert show_number(Fraction(10**20 + 1, 3)) == "about 3.333e+19"
    assert show_number(123_456_789_012_345) == "123 456 789 012 345"  # 15 digits: written out
    for message in (
        check_number(5)("C(1000,500)").message,
        check_number(huge)("C(1000,500)").message,
        check_number(5)("C(C(1000,500),2)").message,
    ):
        assert len(message) < 80, message

"""Typed answers are parsed exactly, never evaluated."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.answers import check_number, parse_number


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("12", Fraction(12)),
        (" -3 ", Fraction(-3)),
        ("−3", Fraction(-3)),
        ("3/4", Fraction(3, 4)),
        ("3 / 4", Fraction(3, 4)),
        ("0.75", Fraction(3, 4)),
        (".5", Fraction(1, 2)),
        ("75%", Fraction(3, 4)),
        ("1 1/2", Fraction(3, 2)),
        ("-1 1/2", Fraction(-3, 2)),
        ("2,598,960", Fraction(2598960)),
        ("1e-3", Fraction(1, 1000)),
    ],
)
def test_numbers_in_every_usual_form(text, value):
    assert parse_number(text) == value


@pytest.mark.parametrize("text", ["", "abc", "1/0", "2**3", "__import__('os')", "1/2/3", "3 1/0"])
def test_anything_else_is_a_clear_value_error(text):
    with pytest.raises(ValueError, match=r"not a number|cannot have 0"):
        parse_number(text)


def test_check_number_is_exact_unless_given_a_tolerance():
    check = check_number(Fraction(1, 3))
    assert check("1/3").correct and "1/3" in check("1/3").feedback
    assert not check("0.333").correct and "too small" in check("0.333").feedback
    assert check_number(Fraction(1, 3), tolerance=0.001)("0.333").correct
    assert "too big" in check_number(2, hint="Count again.")("3").feedback
    assert "Count again." in check_number(2, hint="Count again.")("3").feedback
    assert not check("seven").correct


@given(st.text(max_size=12))
def test_parse_number_only_ever_raises_value_error(text):
    try:
        parse_number(text)
    except ValueError as error:
        assert str(error)

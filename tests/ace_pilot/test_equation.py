"""The Assault Equation: every worked example of the rulebook, RULINGS §1 and the errata."""

import pytest
import sympy

from acelab.ace_pilot import Equation, EquationSyntaxError
from acelab.engine import from_json, to_json


def values(text: str) -> set[int]:
    return set(Equation.parse(text).values())


# "Resolving Values": within an ace.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("H(1,2,5)", {8}),  # 1 + 2 + 5 = 8
        ("S(9,9,6)", {6}),  # 9 - 9 - 6 = -6, which becomes 6
        ("C(4,3)", {12}),  # 4 x 3 = 12
        ("D(12,5)", {2, 3}),  # 12 / 5 = 2.4: 2 or 3, the player's choice
    ],
)
def test_within_an_ace(text: str, expected: set[int]) -> None:
    assert values(text) == expected


# "Resolving Values": between aces.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("H(1,2) C(3,3)", {12}),  # 1 + 2 + (3 x 3)
        ("H(1,2) C(2)", {6}),  # (1 + 2) x 2
        ("H(1,2) C(3) S(4)", {5}),  # ((1 + 2) x 3) - 4
        ("H(2) C(3,2)", {8}),  # 2 + (3 x 2)
        ("H(2) C(3) S(4,2)", {8}),  # 2 + (3 x (4 - 2))
        ("H(2) C(3,2) S(4)", {4}),  # (2 + (3 x 2)) - 4
        ("S(4,1,11) D(2)", {4}),  # |4 - 1 - 11| / 2 = 8 / 2
        ("S(13,3) D(5)", {2}),  # (13 - 3) / 5
    ],
)
def test_between_aces(text: str, expected: set[int]) -> None:
    assert values(text) == expected


def test_erratum_carryover_example_uses_times_for_clubs() -> None:
    """The rulebook computes Clubs(2, 4), Spades(3), Hearts(7) with + and prints 10."""
    eq = Equation.parse("C(2,4) S(3) H(7)")
    assert 10 not in eq.values()
    assert eq.values() == {12}  # ((2 x 4) - 3) + 7


# The extended example, rounds 1 to 11.
@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("S(9,9,6) D(3)", 2),  # round 1 (the rulebook misprints 3)
        ("D(6,3)", 2),  # round 2
        ("H(6,2) D(3,9)", 8),  # round 3: 6 + 2 + (3 / 9 rounded down)
        ("H(8,3) D(2)", 6),  # round 4: (8 + 3) / 2 rounded up
        ("C(3,2) D(8,6)", 12),  # round 5 as the rulebook says it should be laid out
        ("C(2,13) D(6)", 4),  # round 6: (2 x 13) / 6 rounded down
        ("D(6,13) S(13)", 12),  # round 7: 6 / 13 rounded up = 1, |1 - 13|
        ("D(4) S(13,6) H(12)", 12),  # round 8: 4 / (13 - 6) rounded down, + 12
        ("D(12,11) C(4)", 8),  # round 10: 12 / 11 rounded up, x 4
    ],
)
def test_extended_example_rounds(text: str, target: int) -> None:
    eq = Equation.parse(text)
    assert eq.matches(target)
    assert target in eq.values()


def test_erratum_round_1_prints_6_over_3_as_3() -> None:
    eq = Equation.parse("S(9,9,6) D(3)")
    assert eq.values() == {2}
    assert 3 not in eq.values()
    assert eq.explain() == "Sabina: 9 − 9 − 6 = −6, which becomes 6. Duke: 6 / 3 = 2."


def test_erratum_round_5_picture_is_ordered_wrongly() -> None:
    pictured = Equation.parse("D(8,6) C(3,2)")  # 8 / 6 / (3 x 2), as the rulebook notes
    assert 12 not in pictured.values()
    assert Equation.parse("C(3,2) D(8,6)").values() == {6, 12}


def test_round_3_rounding_is_named() -> None:
    eq = Equation.parse("H(6,2) D(3,9)")
    assert eq.values() == {8, 9}
    assert eq.roundings_for(8) == ("down",)
    assert "rounded down to 0" in eq.explain(target=8)
    assert "rounded up to 1" in eq.explain(target=9)
    assert eq.explain(target=8).endswith("That makes 8, the target!")


def test_round_11_can_be_solved() -> None:
    # "Let's say this equation can't be solved (though it can)": the hand 12, 4, 2 and the 8.
    from acelab.ace_pilot import solve

    assert solve([12, 4, 2, 8], 10, "C")


def test_every_fractional_step_of_duke_is_rounded() -> None:
    eq = Equation.parse("D(12,5,2)")  # 2.4 -> 2 or 3, then / 2 -> 1, or 1.5 -> 1 or 2
    assert eq.rounding_steps == 2
    assert eq.values() == {1, 2}
    assert eq.value(("down", "down")) == 1
    assert eq.value(("up", "up")) == 2


def test_spades_carryover_takes_the_absolute_value() -> None:
    assert values("H(2,3) S(9)") == {4}  # |5 - 9|
    assert values("S(2) H(3,4)") == {5}  # |2 - 7|


def test_diamonds_carryover_rounds_by_choice() -> None:
    assert values("H(3,4) D(2)") == {3, 4}  # 7 / 2
    assert values("D(9) H(2,3)") == {1, 2}  # 9 / 5


def test_left_carryovers_nest_right_to_left() -> None:
    assert values("S(13) C(2) H(2,3)") == {3}  # |13 - (2 x (2 + 3))|


def test_division_by_zero_has_no_value() -> None:
    eq = Equation.parse("D(3) S(4,4)")
    assert eq.values() == frozenset()
    assert eq.divides_by_zero
    assert "divides by zero" in eq.explain()
    assert Equation.parse("D(5,2) S(9,9)").divides_by_zero  # partner of a core Duke
    assert not Equation.parse("S(9,9) D(5)").divides_by_zero  # 0 / 5 = 0 is fine
    assert Equation.parse("S(9,9) D(5)").values() == {0}


@pytest.mark.parametrize(
    "text",
    ["S(9,9,6) D(3)", "♠(9 9 6) ♦(3)", "Sabina(9, 9, 6) Duke(3)", "s(9,9,6)d(3)", "♠️(9,9,6) ♦️(3)"],
)
def test_parse_forms(text: str) -> None:
    assert str(Equation.parse(text)) == "S(9,9,6) D(3)"


def test_canonical_form_prints_numbers() -> None:
    assert str(Equation.parse("D(K,6) H(Q)")) == "D(13,6) H(12)"
    assert str(Equation.parse("Duke(k 6) hailey(q)")) == "D(13,6) H(12)"


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        ("", 0, "empty"),
        ("X(2,3)", 0, "not a pilot"),
        ("H 2,3)", 2, "expected '('"),
        ("H(2,3", 5, "ends before"),
        ("H(2,,3)", 4, "card value"),
        ("H(2,3,)", 6, "after ','"),
        ("H(A,3)", 2, "ace is a pilot"),
        ("H(14,3)", 2, "not a card value"),
        ("H()", 2, "at least one card"),
        ("H(2)", 0, "two or more cards"),
        ("H(2,3) H(4)", 7, "only be deployed once"),
        ("H(2,3) C(4,5) S(6,7)", 14, "carryover"),
        ("H(2;3)", 3, "expected ','"),
    ],
)
def test_parse_errors_name_position_and_reason(text: str, position: int, words: str) -> None:
    with pytest.raises(EquationSyntaxError) as info:
        Equation.parse(text)
    assert info.value.position == position
    assert words in str(info.value)
    assert f"character {position + 1}" in str(info.value)


def test_latex_keeps_the_learners_order() -> None:
    eq = Equation.parse("S(9,9,6) D(3)")
    assert eq.latex() == "\\left|9 - 9 - 6\\right| / 3"
    assert eq.formula() == "|9 − 9 − 6| / 3"
    assert Equation.parse("H(6,2) D(3,9)").latex(target=8) == (
        "6 + 2 + \\left\\lfloor 3 / 9 \\right\\rfloor"
    )
    assert Equation.parse("H(1,2) C(3) S(4)").formula() == "|((1 + 2) × 3) − 4|"
    assert Equation.parse("C(2,13) D(6)").formula(("up",)) == "⌈(2 × 13) / 6⌉"


@pytest.mark.parametrize(
    "text",
    [
        "S(9,9,6) D(3)",
        "H(6,2) D(3,9)",
        "D(12,5,2)",
        "D(4) S(13,6) H(12)",
        "C(3,2) D(8,6)",
        "D(6,13) S(13)",
        "H(2) C(3) S(4,2)",
        "S(13) C(2) H(2,3)",
        "D(9,2) S(7)",
    ],
)
def test_sympy_expression_evaluates_to_each_rounding(text: str) -> None:
    eq = Equation.parse(text)
    for roundings, value in eq.outcomes().items():
        expr = eq.to_sympy(roundings)
        assert expr.doit() == sympy.Integer(value)


def test_sympy_expression_is_unevaluated() -> None:
    expr = Equation.parse("S(9,9,6) D(3)").to_sympy()
    assert expr.has(sympy.Abs)
    assert expr != sympy.Integer(2)
    assert Equation.parse("D(12,5)").to_sympy(("up",)).has(sympy.ceiling)


def test_equation_json_round_trip() -> None:
    eq = Equation.parse("D(4) S(13,6) H(12)")
    assert from_json(None, to_json(eq)) == eq
    assert Equation.parse(str(eq)) == eq


def test_normalized_sorts_only_where_order_cannot_matter() -> None:
    eq = Equation.parse("H(5,2) S(9,6,3) D(7)")
    assert str(eq.normalized()) == "H(2,5) S(9,3,6) D(7)"
    assert str(Equation.parse("D(8,6)").normalized()) == "D(8,6)"

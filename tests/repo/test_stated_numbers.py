"""Every number the lessons state in their text is computed here and found in the source."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

from acelab.ace_pilot import Equation, solvability
from acelab.ace_pilot.lessons.order_of_operations import check_sabina, right_first
from acelab.poker import best_hand_counts

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def _text(name: str) -> str:
    cells = json.loads((LESSONS / name).read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells)


def _grouped(n: int) -> str:
    return f"{n:,}"


def test_the_counting_lesson_numbers():
    text = _text("ace_of_spades/lesson_counting.ipynb")
    five = best_hand_counts(5)
    assert "$3 + 2 + 1 = 6$" in text and math.comb(4, 2) == 6
    assert "$4 \\times 3 = 12$" in text and "$12 \\div 2 = 6$" in text
    assert (
        f"$52 \\times 51 = {52 * 51}$" in text and f"{52 * 51} \\div 2 = {math.comb(52, 2)}" in text
    )
    assert f"{math.factorial(5)}$ ways" in text
    assert "**48 hands**" in text and five["four_of_a_kind"] == 13 * 48
    straights = 10 * 4**5
    assert "10{,}240" in text and straights == 10240
    assert "**10,200 straights**" in text and five["straight"] == straights - 40
    assert "$10 \\times (4^5 - 4) = 10{,}200$" in text
    assert "1,287 rank patterns" in text and math.comb(13, 5) == 1287
    assert "$4 \\times (1287 - 10) = 5{,}108$" in text and five["flush"] == 5108
    chance = Fraction(48, math.comb(52, 5))
    assert f"{float(chance) * 100:.4f}%".rstrip("0") in text.replace("\\%", "%")
    assert f"about 1 in {int(round(float(1 / chance), -3)):,}" in text
    assert _grouped(math.comb(52, 5)) in text


def test_the_probability_lesson_numbers():
    text = _text("ace_of_spades/lesson_probability.ipynb")
    assert "$13 \\div 40 = 0.325$, or 32.5%" in text
    assert _grouped(math.comb(52, 8)) in text
    assert "\\frac{8}{53}" in text and "\\frac{45}{53}" in text


def test_the_ace_pilot_lesson_numbers():
    text = _text("ace_pilot/lesson.ipynb")
    both_sides = Equation.parse("C(2) H(3,4) S(5)")  # issue 27: carryovers on both sides
    assert "$|(2 \\times (3 + 4)) - 5| = 9$" in text and both_sides.value() == 9
    assert "$2 \\times |7 - 5| = 4$" in text and right_first(both_sides) == 4
    assert "$9 - 9 = 0$, then $0 - 6 = -6$" in text and Equation.parse("S(9,9,6)").value() == 6
    assert "$9 - (9 - 6) = 6$" in text
    assert "$10 - (4 - 3) = 9$" in text and Equation.parse("S(10,4,3)").value() == 3
    assert (
        "$2 + (3 \\times (4 - 2)) = 8$" in text and Equation.parse("H(2) C(3) S(4,2)").value() == 8
    )
    assert "$2 + 3 \\times 4 - 2 = 12$" in text
    assert "12 ÷ 5 = 2.4 can make 2 or 3" in text and Equation.parse("D(12,5)").values() == {2, 3}
    assert "It is **2**, not 3." in text and Equation.parse("S(9,9,6) D(3)").value() == 2
    assert (
        "all 1,872 hands" in text
        and "1,872 cases" in check_sabina(lambda c: abs(c[0] - sum(c[1:]))).message
    )
    assert "about 99% at rating 1" in text and round(float(solvability("all", 1)) * 100) == 99
    assert "fewer than a third" in text and solvability("alone", 1) < Fraction(1, 3)

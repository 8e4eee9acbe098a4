"""The value of seeing the other hand, in 2 by 2 cases found in the table of all deals
(acelab.absolutely_aces.seeing, which the lesson on game trees asks from)."""

from __future__ import annotations

from fractions import Fraction

from acelab.absolutely_aces.pick import equilibrium
from acelab.absolutely_aces.seeing import SeeingCase, seeing_cases


def test_a_case_is_worth_the_columns_best_less_the_better_row() -> None:
    case = SeeingCase(("A",), ("A", "B"), ((("1",), "x"), (("2",), "x")), ((12, -6), (2, 8)))
    assert (case.blind, case.seeing, case.worth) == (Fraction(5), Fraction(10), Fraction(5))


def test_every_case_found_is_a_real_one_where_seeing_helps() -> None:
    cases = seeing_cases()
    assert 0 < len(cases) <= 120
    strategy = equilibrium().strategy
    for case in cases:
        assert case.worth > 0 and case.blind != 0 and len({*case.values[0], *case.values[1]}) == 4
        assert case.cards[0] in case.hand and case.cards[1] in case.hand
        assert strategy(case.hand)[case.cards[0]] == 1  # your pure pick, and another card
        for bot_hand, bot_pick in case.bots:
            assert strategy(bot_hand)[bot_pick] == 1

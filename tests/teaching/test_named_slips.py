"""The slips a teacher and a learner made in issue 27, each given feedback that names the
mistake actually made (never another mistake's name, never a bare "Not this one")."""

from __future__ import annotations

from acelab.absolutely_aces.lessons import game_trees
from acelab.ace_of_spades.lessons import counting, deciding
from acelab.teaching.answers import answer_of


def test_leaving_out_the_straight_flushes_is_named_on_all_of_one_suit():
    verdict = counting.one_suit().check("4 × C(13,5) − 40")
    assert not verdict.correct and "40 straight flushes" in verdict.message
    assert "exact answer" not in verdict.message


def test_a_decimal_taken_for_a_percentage_and_a_rounded_one_in_are_named():
    question = counting.flush_chance()
    slip = question.check("0.00197%")
    assert "% sign on the chance itself" in slip.message and "0.197%" in slip.message
    assert "number of hands" not in slip.message
    rounded = question.check("1 in 509")
    assert "1 in 509 is rounded" in rounded.message and not rounded.correct
    assert question.check("5108/2598960").correct and question.check("0.197%").correct


def test_a_count_typed_where_a_percentage_is_asked_is_named():
    question = game_trees.fairness(2)
    assert "favour Bot" in question.question
    for typed in ("2063+2919", "4982", "4982 deals"):
        verdict = question.check(typed)
        assert not verdict.correct and "That is the number of deals, 4,982" in verdict.message
    assert question.check("(2063+2919)/16632").correct


def test_a_difference_in_duels_typed_for_percentage_points_is_named():
    question = deciding.strategy_gap(1)
    assert answer_of(question) == "10.5"
    verdict = question.check("21")
    assert not verdict.correct and "difference in duels won, 21" in verdict.message
    assert question.check("99.5-89").correct and question.check("21 duels").score == 0

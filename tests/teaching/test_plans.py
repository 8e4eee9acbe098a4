"""The printable one-page lesson plans (issue 27): made from each lesson's source and exercises,
committed beside the answer keys, linked from each teacher's page. Printing them on A4 and
Letter, one page each, is tests/browser/test_plans.py."""

from __future__ import annotations

import pytest

from acelab.teaching.answers import ChoiceQuestion, answer_of
from acelab.teaching.exercises import LESSONS, lesson
from acelab.teaching.plans import PLANS, main, plan_html, timings, worked_examples, write_plan


@pytest.mark.parametrize("name", LESSONS)
def test_the_committed_plan_is_what_the_lesson_gives(name, tmp_path):
    made = write_plan(name, tmp_path).read_text(encoding="utf-8")
    assert (PLANS / f"{name}.html").read_text(encoding="utf-8") == made, "run make plans"


@pytest.mark.parametrize("name", LESSONS)
def test_a_plan_holds_timings_goals_a_worked_example_the_key_and_the_plenary(name):
    found = lesson(name)
    page = plan_html(found)
    total, parts = timings(found)
    assert sum(minutes for _, minutes in parts) == total and len(parts) >= 4
    assert f"Timings ({total} minutes)" in page
    assert "Learning goals" in page and page.count("<li>") >= 3
    assert worked_examples(found) and "Worked example" in page
    assert "Answer key, seeds 1–8" in page and page.count('<td class="n">') == 8 + len(parts)
    plenary = found.plenary()
    assert plenary.question.split(":")[0] in page.replace("&#x27;", "'")
    if isinstance(plenary, ChoiceQuestion):
        assert f"Answer: <b>{answer_of(plenary)}</b>" in page
    assert "$" not in page and "\\frac" not in page and "**" not in page  # typeset for print


def test_the_ace_pilot_plan_puts_the_carryover_example_on_the_board():
    page = plan_html(lesson("order_of_operations"))
    assert "carryovers on both sides" in page and "C(2) H(3, 4) S(5)" in page
    assert "2 × 7 = 14" in page


def test_every_teachers_page_links_its_plan():
    guide = PLANS.parent
    for name in LESSONS:
        assert any(f"](plans/{name}.html)" in p.read_text("utf-8") for p in guide.glob("*.md")), (
            name
        )


def test_the_command_writes_plans_and_refuses_an_unknown_lesson(tmp_path, capsys):
    assert main(["chance", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "chance.html").exists()
    assert main(["algebra", "--out", str(tmp_path)]) == 2
    assert "There is no lesson 'algebra'" in capsys.readouterr().err

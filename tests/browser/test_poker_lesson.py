"""The poker-odds lesson in a real JupyterLab: progress bars, plots and answer boxes render."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import assert_no_broken_widgets, open_notebook_and_run_all, screenshot

pytestmark = pytest.mark.browser


def test_the_poker_lesson_runs_and_its_exercises_check_answers(page, jupyter_lab):
    open_notebook_and_run_all(page, jupyter_lab, "ace_of_spades/lesson_poker_odds.ipynb")
    bars = page.locator(".widget-hprogress .progress-bar")
    expect(bars).to_have_count(2)
    widths = bars.evaluate_all("bars => bars.map(b => b.style.width)")
    assert widths == ["100%", "100%"], f"the progress bars did not finish: {widths}"
    # matplotlib figures: the three plots of the lesson
    expect(page.locator(".jp-RenderedImage img")).to_have_count(3)
    boxes = page.locator(".acelab-answer")
    expect(boxes).to_have_count(8)
    first = boxes.first
    first.scroll_into_view_if_needed()
    first.locator("input").fill("52 choose 5")
    first.get_by_role("button", name="Check").click()
    first.locator(".acelab-message-error", has_text="not a number").wait_for()
    first.locator("input").fill("2598960")
    first.get_by_role("button", name="Check").click()
    first.locator(".acelab-message-success").wait_for()
    assert page.locator("mjx-container").count() > 0
    assert_no_broken_widgets(page)
    screenshot(page, "poker_lesson_exercises")
    page.locator(".jp-RenderedImage img").nth(1).scroll_into_view_if_needed()
    screenshot(page, "poker_lesson_convergence")

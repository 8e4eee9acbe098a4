"""The welcome notebook in a real JupyterLab, in Debian's Chromium."""

import pytest

from acelab.ace_of_spades.lessons.counting import at_least_one_ace
from acelab.engine.cards import deck, shuffled
from acelab.widgets import spoken_name
from tests.browser.conftest import (
    assert_no_broken_widgets,
    open_notebook_and_run_all,
    screenshot,
    update_readme_screenshot,
)

pytestmark = pytest.mark.browser


def test_welcome_notebook_renders_its_card_faces(page, jupyter_lab):
    open_notebook_and_run_all(page, jupyter_lab, "00_welcome.ipynb")
    hand = page.locator(".acelab-hand").first
    hand.wait_for(state="visible")
    assert hand.locator("svg.acelab-card").count() == 5
    labels = hand.locator("svg.acelab-card").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    dealt = shuffled(deck(), seed=2026)[:5]  # the notebook's deal
    assert labels == [spoken_name(card) for card in dealt]
    assert len(set(labels)) == 5 and all(" of " in label for label in labels)
    assert page.locator(".acelab-hand").nth(1).locator("svg.acelab-card").count() == 5

    answer = page.locator(".acelab-answer").first
    answer.scroll_into_view_if_needed()
    answer.locator("input").fill("18472/54145")
    answer.get_by_role("button", name="Check").click()
    answer.locator(".acelab-message-success").wait_for()
    # issue 27: the field is named by the question's words, shown once (above the field) ...
    question = " ".join(at_least_one_ace().question.split())
    assert page.get_by_role("textbox", name=question).count() == 1
    label = answer.locator("label.widget-label[for]").bounding_box()
    assert label is not None and label["width"] <= 1 and label["height"] <= 1
    # ... and a right answer checked again in another form says it is still right
    answer.locator("input").fill("0.341")
    answer.get_by_role("button", name="Check").click()
    answer.get_by_text("Still right: 0.341 is").wait_for()

    assert_no_broken_widgets(page)
    hand.scroll_into_view_if_needed()
    shot = screenshot(page, "welcome")
    assert shot.stat().st_size > 10_000
    update_readme_screenshot(shot, "welcome.png")

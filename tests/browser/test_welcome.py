"""The welcome notebook in a real JupyterLab, in Debian's Chromium."""

import pytest

from acelab.cards import deck, shuffled
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

    assert_no_broken_widgets(page)
    hand.scroll_into_view_if_needed()
    shot = screenshot(page, "welcome")
    assert shot.stat().st_size > 10_000
    update_readme_screenshot(shot, "welcome.png")

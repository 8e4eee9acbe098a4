"""Ace Pilot Practice as a Voila app and My progress in JupyterLab, in Debian's Chromium
(issue 26)."""

import pytest

from tests.browser.conftest import assert_no_broken_widgets, open_notebook_and_run_all, screenshot

pytestmark = pytest.mark.browser


def test_practice_deals_checks_and_shows_a_way_in_voila(page, voila_server):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(voila_server("ace_pilot/practice.ipynb"))
    panel = page.locator(".acelab-practice").first
    panel.wait_for(state="visible", timeout=90_000)
    deal = panel.locator(".acelab-practice-deal")
    first = deal.inner_text()
    assert "target" in first and "starts" in first and "times in 100" in first
    field = panel.locator("input").first
    field.fill("H(99)")
    field.press("Enter")
    panel.locator(".acelab-message-error").wait_for()
    panel.get_by_role("button", name="Show me a way").click()
    panel.locator(".acelab-message-info", has_text="One way:").wait_for()
    panel.get_by_role("button", name="Next deal").click()
    page.wait_for_function(
        "([el, before]) => el.innerText !== before", arg=[deal.element_handle(), first]
    )
    assert "rating" in panel.inner_text()
    assert_no_broken_widgets(page)
    screenshot(page, "practice_voila_1024")


def test_my_progress_runs_in_jupyterlab(page, jupyter_lab):
    open_notebook_and_run_all(page, jupyter_lab, "my_progress.ipynb")
    page.get_by_text("Next:").first.wait_for()
    assert page.locator(".jp-OutputArea-output img").count() == 2  # both plots
    assert_no_broken_widgets(page)
    screenshot(page, "my_progress")

"""The Ace Pilot play notebook in a real JupyterLab and in Voila, in Debian's Chromium.

Seed 12 (the notebook's deal): choose Duke, draw K♣, play K♣ and Q♣ on Duke, add Hailey on the
right with 2♠, round 13 / 12 up: ⌈13 / 12⌉ + 2 = 4, the target.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    assert_no_broken_widgets,
    open_notebook_and_run_all,
    screenshot,
    update_readme_screenshot,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "ace_pilot/play.ipynb"


def _click(panel, css: str, text: str | None = None) -> None:
    target = panel.locator(css, has_text=text) if text else panel.locator(css)
    target.first.click()


def _pick(panel, card: str) -> None:
    _click(panel, ".acelab-hand-card", card)
    panel.locator(".acelab-message-bar", has_text="picked up").wait_for()


def test_win_a_seeded_round_by_clicking_in_jupyterlab(page, jupyter_lab):
    page.set_viewport_size({"width": 1280, "height": 1700})
    open_notebook_and_run_all(page, jupyter_lab, NOTEBOOK)
    page.keyboard.press("Control+b")  # hide the file browser: more room for the panel
    panel = page.locator(".acelab-ace-pilot").first
    panel.wait_for(state="visible")
    assert panel.locator(".acelab-table svg.acelab-card").count() >= 1

    _click(panel, ".acelab-pilot-button", "Duke")
    panel.locator(".acelab-draw-card", has_text="K♣").wait_for()
    _click(panel, ".acelab-draw-card", "K♣")
    panel.locator(".acelab-assault").wait_for(state="visible")
    row = panel.locator(".acelab-row-view")
    for count, card in enumerate(("K♣", "Q♣"), start=1):
        _pick(panel, card)
        _click(panel, ".acelab-place", "Duke")
        row.locator("svg.acelab-card").nth(count).wait_for()
    _pick(panel, "2♠")
    _click(panel, ".acelab-add-right")
    row.get_by_text("carryover").wait_for()
    rounding = panel.locator(".acelab-rounding button", has_text="round up")
    rounding.wait_for()
    rounding.click()
    equation = panel.locator(".acelab-equation")
    equation.locator("mjx-container").first.wait_for()
    equation.get_by_text("It makes 4, the target").wait_for()
    panel.locator(".acelab-explanation").get_by_text("Step by step").click()
    panel.get_by_text("SymPy reads the same tree").wait_for()
    assert_no_broken_widgets(page)
    page.locator(".jp-Cell", has=panel).first.scroll_into_view_if_needed()
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    shot = screenshot(page, "ace_pilot_panel")
    assert shot.stat().st_size > 20_000
    update_readme_screenshot(shot, "ace_pilot_panel.png")

    _click(panel, ".acelab-confirm")
    log = panel.locator(".acelab-move-log")
    log.get_by_text("Victory!").wait_for()
    assert "⌈13 / 12⌉ + 2 = 4" in log.inner_text()
    panel.locator(".acelab-message-success").wait_for()
    # The panel has settled into the discard step: the target joined the hand (5 cards).
    panel.get_by_text("Discard 2 cards down to 3").wait_for()
    hand = panel.locator(".acelab-hand-card")
    expect(hand).to_have_count(5)
    expect(hand.filter(has_text="4♥")).to_have_count(1)
    _click(panel, ".acelab-hand-card", "2♠")
    panel.get_by_text("Discard 1 card down to 3").wait_for()
    expect(hand).to_have_count(4)
    expect(hand.filter(has_text="2♠")).to_have_count(0)
    assert_no_broken_widgets(page)
    screenshot(page, "ace_pilot_victory")


def test_voila_shows_the_panel_and_hides_the_code(page, voila_server):
    base = voila_server(NOTEBOOK)
    page.goto(base)
    panel = page.locator(".acelab-ace-pilot").first
    panel.wait_for(state="visible", timeout=90_000)
    panel.locator(".acelab-pilot-button", has_text="Hailey").wait_for()
    text = page.locator("body").inner_text()
    assert "Ace Pilot" in text and "Hailey" in text
    assert "AcePilotPanel(" not in text and "import" not in text
    assert page.locator(".jp-InputArea-editor, .CodeMirror, .cm-editor").count() == 0
    _click(panel, ".acelab-pilot-button", "Duke")
    panel.locator(".acelab-draw-card", has_text="K♣").wait_for()
    assert_no_broken_widgets(page)
    screenshot(page, "ace_pilot_voila", full_page=True)

"""The Absolutely Aces play notebook in a real JupyterLab and in Voila, in Debian's Chromium.

Seed 85 (the notebook's deal), against the perfect bot: pick 7♠ in secret, then play 1♠, 5♠
and 10♥ — the bot cannot answer the Roll, and you win the round for 11 points.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import (
    assert_no_broken_widgets,
    open_notebook_and_run_all,
    screenshot,
    update_readme_screenshot,
    wait_settled,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "absolutely_aces/play.ipynb"
WINNING_CLICKS = ("S7", "S1", "S5", "H10")


def click(table, selector: str) -> None:  # type: ignore[no-untyped-def]
    table.locator(selector).first.click()
    wait_settled(table)


def fresh_start(table) -> None:  # type: ignore[no-untyped-def]
    fresh = table.locator("[data-control='resume:no']")
    if fresh.count():
        click(table, "[data-control='resume:no']")


def win_the_round(panel, table) -> None:  # type: ignore[no-untyped-def]
    click(table, f"[data-zone='hand'] [data-card='{WINNING_CLICKS[0]}']")
    log = panel.locator(".acelab-move-log")
    log.get_by_text("picks shown").wait_for()
    for card in WINNING_CLICKS[1:]:
        assert (
            table.locator(f"[data-zone='hand'] [data-card='{card}'].acelab-t-highlighted").count()
            == 1
        )
        click(table, f"[data-zone='hand'] [data-card='{card}']")
    log.get_by_text("You won the round: 11 points").wait_for()
    assert "You 11" in table.locator("[data-zone='hand']").inner_text()


def test_win_a_seeded_round_by_clicks_against_the_perfect_bot(page, jupyter_lab):
    page.set_viewport_size({"width": 1280, "height": 1000})
    open_notebook_and_run_all(page, jupyter_lab, NOTEBOOK)
    page.keyboard.press("Control+b")
    panel = page.locator(".acelab-absolutely-aces").first
    table = panel.locator(".acelab-table-widget")
    table.wait_for(state="visible")
    fresh_start(table)
    assert table.locator("[data-zone='out'] .acelab-t-card").count() == 2
    labels = table.locator("[data-zone='hand'] .acelab-t-card").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert any(label.startswith("7 of spades, Climb; blocks") for label in labels)
    click(table, "[data-control='tree']")
    win_the_round(panel, table)
    assert_no_broken_widgets(page)
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    shot = screenshot(page, "absolutely_aces_panel")
    assert shot.stat().st_size > 10_000
    update_readme_screenshot(shot, "absolutely_aces_panel.png")


def test_voila_plays_the_round_by_clicks(page, voila_server):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(voila_server(NOTEBOOK))
    panel = page.locator(".acelab-absolutely-aces").first
    panel.wait_for(state="visible", timeout=90_000)
    table = panel.locator(".acelab-table-widget")
    text = page.locator("body").inner_text()
    assert "Absolutely Aces" in text and "AbsolutelyAcesPanel(" not in text
    fresh_start(table)
    win_the_round(panel, table)
    assert_no_broken_widgets(page)
    screenshot(page, "absolutely_aces_voila_1024x768")

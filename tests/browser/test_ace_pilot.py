"""The Ace Pilot play notebook in a real JupyterLab and in Voila, in Debian's Chromium.

Seed 4726170 (the notebook's deal): choose Duke, draw K♣, play K♣ and Q♣ on Duke, add Hailey on
the right with 2♠, round 13 / 12 up: ⌈13 / 12⌉ + 2 = 4, the target. The same round is won by
clicks on the cards and pilots, by drag and drop, and by the keyboard alone.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    assert_no_broken_widgets,
    focused_key,
    in_viewport,
    key_to,
    open_notebook_and_run_all,
    screenshot,
    target_number,
    update_readme_screenshot,
    wait_settled,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "ace_pilot/play.ipynb"


def open_panel(page, base_url: str):  # type: ignore[no-untyped-def]
    """Run the play notebook; start its deal afresh if an earlier test left a game to resume."""
    open_notebook_and_run_all(page, base_url, NOTEBOOK)
    page.keyboard.press("Control+b")  # hide the file browser: more room for the panel
    panel = page.locator(".acelab-ace-pilot").first
    table = panel.locator(".acelab-table-widget")
    table.wait_for(state="visible")
    fresh = table.locator("[data-control='resume:no']")
    if fresh.count():
        fresh.click()
        wait_settled(table)
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    return panel, table


def click(table, selector: str) -> None:  # type: ignore[no-untyped-def]
    table.locator(selector).first.click()
    wait_settled(table)


def drag(table, card: str, zone: str) -> None:  # type: ignore[no-untyped-def]
    table.locator(f"[data-card='{card}']").first.drag_to(table.locator(f"[data-zone='{zone}']"))
    wait_settled(table)


def status(table) -> str:  # type: ignore[no-untyped-def]
    return table.locator(".acelab-t-status").inner_text()


def check_won(panel, table) -> None:  # type: ignore[no-untyped-def]
    """The round is won and the panel settles into the discard step (target in the hand)."""
    log = panel.locator(".acelab-move-log")
    log.get_by_text("Victory!").wait_for()
    assert "⌈13 / 12⌉ + 2 = 4" in log.inner_text()
    assert "Victory!" in status(table)
    table.locator(".acelab-t-prompt", has_text="Discard 2 cards down to 3").wait_for()
    expect(table.locator("[data-zone='hand'] .acelab-t-card")).to_have_count(5)


def test_win_a_seeded_round_by_clicking_cards_and_pilots(page, jupyter_lab):
    page.set_viewport_size({"width": 1280, "height": 1000})
    panel, table = open_panel(page, jupyter_lab)
    assert table.locator("[data-zone='deck'] .acelab-t-card").count() == 1
    labels = table.locator("[data-zone='hand'] .acelab-t-card").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert labels == ["two of spades", "queen of clubs", "queen of spades"]
    click(table, "[data-card='AD']")  # Duke, from the Ready pilots
    click(table, "[data-zone='odds'] [data-card='KC']")
    for card in ("KC", "QC"):
        click(table, f"[data-zone='hand'] [data-card='{card}']")
        assert table.locator(f"[data-card='{card}'].acelab-t-highlighted").count() == 1
        click(table, "[data-zone='ace:D'] [data-card='AD']")  # the ace in the row
    click(table, "[data-zone='hand'] [data-card='2S']")
    click(table, "[data-zone='ready'] [data-card='AH']")  # Hailey joins on the right
    assert "carryover" in table.locator("[data-zone='ace:H']").inner_text().lower()
    click(table, "[data-control='round:0:up']")
    expect(table.locator("[data-control='round:0:up']")).to_have_attribute("aria-pressed", "true")
    equation = panel.locator(".acelab-equation")
    equation.locator("mjx-container").first.wait_for()
    equation.get_by_text("It makes 4, the target").wait_for()
    panel.locator(".acelab-explanation").get_by_text("Step by step").click()
    panel.get_by_text("worked out again by SymPy").wait_for()
    assert_no_broken_widgets(page)
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    shot = screenshot(page, "ace_pilot_panel")
    assert shot.stat().st_size > 20_000
    update_readme_screenshot(shot, "ace_pilot_panel.png")

    click(table, "[data-control='confirm']")
    check_won(panel, table)
    click(table, "[data-zone='hand'] [data-card='2S']")  # discarded by a click
    table.locator(".acelab-t-prompt", has_text="Discard 1 card down to 3").wait_for()
    expect(table.locator("[data-zone='hand'] [data-card='2S']")).to_have_count(0)
    assert_no_broken_widgets(page)
    screenshot(page, "ace_pilot_victory")


def test_the_same_round_by_drag_and_drop(page, jupyter_lab):
    panel, table = open_panel(page, jupyter_lab)
    drag(table, "AD", "assault")
    drag(table, "KC", "hand")
    drag(table, "KC", "ace:D")
    drag(table, "QC", "ace:D")
    drag(table, "AH", "slot:1")  # Hailey waits right of the row for her card
    table.locator("[data-zone='slot:1'] [data-card='AH']").wait_for()
    drag(table, "2S", "slot:1")
    click(table, "[data-control='round:0:up']")
    click(table, "[data-control='confirm']")
    check_won(panel, table)
    drag(table, "QS", "discard")
    expect(table.locator("[data-zone='discard'] [data-card='QS']")).to_have_count(1)
    assert_no_broken_widgets(page)


def test_the_same_round_by_keyboard_only(page, jupyter_lab):
    panel, table = open_panel(page, jupyter_lab)
    table.locator(".acelab-t-prompt").click()  # a click on plain text, to start tabbing here

    def press(key: str, button: str = "Enter") -> int:
        presses = key_to(page, key)
        page.keyboard.press(button)
        wait_settled(table)
        assert focused_key(page) is not None  # focus stays inside the panel after the redraw
        return presses + 1

    press("card:AD", " ")
    press("card:KC")
    for card in ("KC", "QC"):
        press(f"card:{card}")
        assert focused_key(page) == f"card:{card}"  # focus stays on the card after the redraw
        # the held card's places are numbered: a digit, then Enter puts it down
        page.keyboard.press(target_number(table, "zone:ace:D"))
        assert focused_key(page) == "zone:ace:D"
        page.keyboard.press("Enter")
        wait_settled(table)
        assert focused_key(page) == "zone:ace:D"
    press("card:2S")
    page.keyboard.press(target_number(table, "zone:slot:1"))
    page.keyboard.press("Enter")
    wait_settled(table)
    assert "Which pilot joins" in status(table)
    page.keyboard.press("Escape")
    wait_settled(table)
    press("card:2S")
    press("card:AH")
    # Hailey left the Ready pilots for the row: focus stays with the Ready pilots
    page.wait_for_function(
        "() => document.activeElement?.dataset?.key === 'card:AS'", timeout=5_000
    )
    press("control:round:0:up")
    assert focused_key(page) == "control:round:0:up"
    press("control:confirm")
    check_won(panel, table)


def test_a_double_click_on_confirm_of_a_division_by_zero_warns_at_1024x768(page, jupyter_lab):
    page.set_viewport_size({"width": 1024, "height": 768})
    panel, table = open_panel(page, jupyter_lab)
    # a refused Confirm says why, next to the button, inside the viewport
    click(table, "[data-card='AD']")
    click(table, "[data-card='KC']")
    for card in ("KC", "QC"):
        click(table, f"[data-zone='hand'] [data-card='{card}']")
        click(table, "[data-zone-button='ace:D']")
    confirm = table.locator("[data-control='confirm']")
    confirm.scroll_into_view_if_needed()
    click(table, "[data-control='confirm']")
    reason = table.locator(".acelab-t-status-error", has_text="not the target 4")
    reason.wait_for()
    reason.scroll_into_view_if_needed()  # the How to play box above may push it under the fold
    assert in_viewport(page, reason) and in_viewport(page, confirm)  # side by side
    screenshot(page, "ace_pilot_refused_1024x768")
    # New game asks once; Yes deals the same seed again
    table.locator("[data-control='new']").click()
    table.locator(".acelab-t-asking", has_text="Start a new game?").wait_for()
    click(table, "[data-answer='yes']")
    table.locator(".acelab-t-prompt", has_text="Choose the Starting Pilot").wait_for()
    # Sabina: |12 − 12| = 0, then Duke on the left with K♣: 13 / 0
    click(table, "[data-card='AS']")
    click(table, "[data-card='KC']")
    for card in ("QC", "QS"):
        click(table, f"[data-zone='hand'] [data-card='{card}']")
        click(table, "[data-zone-button='ace:S']")
    drag(table, "AD", "slot:0")
    click(table, "[data-zone='hand'] [data-card='KC']")
    panel.locator(".acelab-equation").get_by_text("divides by zero").wait_for()
    confirm.dblclick()
    wait_settled(table)
    warning = table.locator(".acelab-t-status-warning", has_text="divides by zero")
    warning.wait_for()
    assert in_viewport(page, warning)
    assert "Game over" not in table.locator(".acelab-t-prompt").inner_text()
    expect(table.locator("[data-control='confirm']")).to_have_count(1)
    screenshot(page, "ace_pilot_zero_warning_1024x768")
    assert_no_broken_widgets(page)


def test_voila_plays_a_round_by_clicks(page, voila_server):
    page.set_viewport_size({"width": 1024, "height": 768})
    base = voila_server(NOTEBOOK)
    page.goto(base)
    panel = page.locator(".acelab-ace-pilot").first
    panel.wait_for(state="visible", timeout=90_000)
    table = panel.locator(".acelab-table-widget")
    text = page.locator("body").inner_text()
    assert "Ace Pilot" in text and "AcePilotPanel(" not in text and "import" not in text
    assert page.locator(".jp-InputArea-editor, .CodeMirror, .cm-editor").count() == 0
    fresh = table.locator("[data-control='resume:no']")
    if fresh.count():
        click(table, "[data-control='resume:no']")
    click(table, "[data-card='AD']")
    click(table, "[data-card='KC']")
    for card in ("KC", "QC"):
        click(table, f"[data-zone='hand'] [data-card='{card}']")
        click(table, "[data-zone-button='ace:D']")
    click(table, "[data-zone='hand'] [data-card='2S']")
    click(table, "[data-card='AH']")
    click(table, "[data-control='round:0:up']")
    click(table, "[data-control='confirm']")
    check_won(panel, table)
    assert_no_broken_widgets(page)
    screenshot(page, "ace_pilot_voila_1024x768")


def test_negative_control_a_panel_that_does_not_render_fails_the_checks(
    page, jupyter_lab, notebooks_copy
):
    """The checks above can fail: a panel shown as its raw repr is caught."""
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook.cells = [
        nbformat.v4.new_code_cell(
            "from acelab.ace_pilot.panel import AcePilotPanel\n"
            "print(repr(AcePilotPanel(seed=4726170, save=False).widget))"
        )
    ]
    nbformat.write(notebook, notebooks_copy / "negative_control.ipynb")
    open_notebook_and_run_all(page, jupyter_lab, "negative_control.ipynb")
    page.get_by_text("VBox(children=").first.wait_for()
    assert page.locator(".acelab-table-widget").count() == 0
    with pytest.raises(AssertionError, match="VBox"):
        assert_no_broken_widgets(page)

"""Absolutely Aces at 1024×768 (issue 27): once a round starts, the learner's own hand, the
buttons and the message bar are all on screen without scrolling, the panel's top at the top of
the notebook's view, in JupyterLab."""

from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot, wait_settled
from tests.browser.test_table_keys import open_game

pytestmark = pytest.mark.browser


def _box_bottom(page, locator) -> float:  # type: ignore[no-untyped-def]
    box = locator.bounding_box()
    assert box, "not drawn"
    return float(box["y"] + box["height"])


def test_own_hand_buttons_and_message_fit_at_1024x768(page, jupyter_lab):
    panel, table = open_game(
        page, jupyter_lab, "absolutely_aces/play.ipynb", "acelab-absolutely-aces"
    )
    table.locator("[data-zone='hand'] .acelab-t-movable").first.click()  # a round starts
    wait_settled(table)
    table.locator(".acelab-t-controls [data-key='control:bots:skip']").wait_for(state="detached")
    wait_settled(table)  # the bot has answered: a card in its Reserve, face up
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    shot = screenshot(page, "aces_fits_1024")
    notebook = page.locator(".jp-WindowedPanel-outer, .jp-Notebook").first.bounding_box()
    bottom = notebook["y"] + notebook["height"] if notebook else 768
    for part in ("[data-zone='hand']", ".acelab-t-controls", ".acelab-t-status"):
        seen = _box_bottom(page, table.locator(part).first)
        assert seen <= bottom, (
            f"{part} ends at {seen:.0f} px, below the view ({bottom:.0f}): {shot}"
        )

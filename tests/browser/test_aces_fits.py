"""Absolutely Aces at 1024×768 (issue 27): once a round starts, the learner's own hand, the
buttons and the message bar are all on screen without scrolling, the panel's top at the top of
the view, in JupyterLab and in Voila."""

from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot, wait_settled
from tests.browser.test_table_keys import open_game, open_in_voila

pytestmark = pytest.mark.browser

NOTEBOOK = "absolutely_aces/play.ipynb"
CSS = "acelab-absolutely-aces"
PARTS = ("[data-zone='hand']", ".acelab-t-controls", ".acelab-t-status")


def _box(locator) -> dict[str, float]:  # type: ignore[no-untyped-def]
    box = locator.bounding_box()
    assert box, "not drawn"
    return box  # type: ignore[no-any-return]


def _start_a_round(page, panel, table) -> None:  # type: ignore[no-untyped-def]
    """A card chosen (a round starts), the bot's answer in, the panel's top at the top."""
    table.locator("[data-zone='hand'] .acelab-t-movable").first.click()
    wait_settled(table)
    table.locator(".acelab-t-controls [data-key='control:bots:skip']").wait_for(state="detached")
    wait_settled(table)  # the bot has answered: a card in its Reserve, face up
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)


def _check_fits(page, panel, table, top: float, bottom: float, shot_name: str) -> None:  # type: ignore[no-untyped-def]
    shot = screenshot(page, shot_name)
    assert _box(panel)["y"] <= top + 1, f"the panel does not start at the top of the view: {shot}"
    for part in PARTS:
        box = _box(table.locator(part).first)
        seen = box["y"] + box["height"]
        assert box["y"] >= top and seen <= bottom, (
            f"{part} spans {box['y']:.0f}–{seen:.0f} px, outside the view "
            f"({top:.0f}–{bottom:.0f}): {shot}"
        )


def test_own_hand_buttons_and_message_fit_at_1024x768(page, jupyter_lab):
    panel, table = open_game(page, jupyter_lab, NOTEBOOK, CSS)
    _start_a_round(page, panel, table)
    notebook = _box(page.locator(".jp-WindowedPanel-outer, .jp-Notebook").first)
    _check_fits(
        page, panel, table, notebook["y"], notebook["y"] + notebook["height"], "aces_fits_1024"
    )


def test_own_hand_buttons_and_message_fit_at_1024x768_in_voila(page, voila_server):
    panel, table = open_in_voila(page, voila_server, NOTEBOOK, CSS)
    _start_a_round(page, panel, table)
    _check_fits(page, panel, table, 0, page.viewport_size["height"], "aces_fits_1024_voila")

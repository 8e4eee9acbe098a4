"""Absolutely Aces at 1024×768 (issue 27): once a round starts, the learner's own hand, the
buttons and the message bar are all on screen without scrolling, the panel's top at the top of
the view, in JupyterLab and in Voila (measured by conftest's :func:`assert_fits`, as the other
panels are in test_panels_fit.py)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import assert_fits, lab_view, wait_settled, window_view
from tests.browser.test_table_keys import open_game, open_in_voila

pytestmark = pytest.mark.browser

NOTEBOOK = "absolutely_aces/play.ipynb"
CSS = "acelab-absolutely-aces"
PARTS = ("[data-zone='hand']", ".acelab-t-controls", ".acelab-t-status")


def _start_a_round(page, panel, table) -> None:  # type: ignore[no-untyped-def]
    """A card chosen (a round starts), the bot's answer in, the panel's top at the top."""
    table.locator("[data-zone='hand'] .acelab-t-movable").first.click()
    wait_settled(table)
    table.locator(".acelab-t-controls [data-key='control:bots:skip']").wait_for(state="detached")
    wait_settled(table)  # the bot has answered: a card in its Reserve, face up
    panel.evaluate(
        """node => new Promise(resolve => {
            node.scrollIntoView({block: 'start'});
            requestAnimationFrame(() => requestAnimationFrame(resolve));
        })"""
    )


def _check_fits(page, panel, table, view: tuple[float, float], name: str) -> None:  # type: ignore[no-untyped-def]
    shot = assert_fits(page, {part: table.locator(part).first for part in PARTS}, view, name)
    box = panel.bounding_box()
    assert box and box["y"] <= view[0] + 1, f"the panel does not start at the top: {shot}"


def test_own_hand_buttons_and_message_fit_at_1024x768(page, jupyter_lab):
    panel, table = open_game(page, jupyter_lab, NOTEBOOK, CSS)
    _start_a_round(page, panel, table)
    _check_fits(page, panel, table, lab_view(page), "aces_fits_1024")


def test_own_hand_buttons_and_message_fit_at_1024x768_in_voila(page, voila_server):
    panel, table = open_in_voila(page, voila_server, NOTEBOOK, CSS)
    _start_a_round(page, panel, table)
    _check_fits(page, panel, table, window_view(page), "aces_fits_1024_voila")

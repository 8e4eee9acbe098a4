"""Ace Pilot (ordinary play and Practice), Devir's Ace of Spades and Lex's at 1024×768 in
JupyterLab and in Voila (issue 27): once a round has started, what the learner plays with is on
screen without scrolling, measured as Chromium lays it out (the bounding box of each part).

Ace Pilot: the target, the hand, the aces the learner put cards on, Confirm, Hint and New game
(Next deal in Practice) and the message bar; Devir: the Enemy, the hand, Play Hand, Discard and
Draw and the message bar; Lex: the deck, the other players, the hand, Draw and the message bar.
Each notebook's panel is scrolled to the top of the view once (its intro text above it), as a
learner would; Practice in Voila, an app of its own, needs no scrolling at all, its reason for
the deal included. Screenshots: ``ACELAB_BROWSER_ARTIFACTS`` (else tests/browser/artifacts/).
"""

from __future__ import annotations

import pytest

from tests.browser import test_ace_pilot as pilot
from tests.browser.conftest import assert_fits, lab_view, wait_settled, window_view
from tests.browser.test_table_keys import SKIP, open_game, open_in_voila

pytestmark = pytest.mark.browser

PRACTICE = "ace_pilot/practice.ipynb"
DEVIR = "ace_of_spades/play.ipynb"
LEX = "ace_of_spades_lex/play.ipynb"


def click(table, selector: str) -> None:  # type: ignore[no-untyped-def]
    table.locator(selector).first.click()
    wait_settled(table)


def to_the_top(page, panel) -> None:  # type: ignore[no-untyped-def]
    """Scroll the panel's top to the top of the view, once the page has laid it out."""
    panel.evaluate(
        """node => new Promise(resolve => {
            node.scrollIntoView({block: 'start'});
            requestAnimationFrame(() => requestAnimationFrame(resolve));
        })"""
    )


def as_opened(page) -> None:  # type: ignore[no-untyped-def]
    """Scroll the page, and every part of it that scrolls, back to the top."""
    page.evaluate(
        """() => new Promise(resolve => {
            window.scrollTo(0, 0);
            for (const node of document.querySelectorAll('*')) {
                if (node.scrollTop) node.scrollTop = 0;
            }
            requestAnimationFrame(() => requestAnimationFrame(resolve));
        })"""
    )


def pilot_round(table, practice: bool) -> None:  # type: ignore[no-untyped-def]
    """A round under way: (ordinary play, the notebook's seed) Duke chosen and K♣ drawn; then
    two hand cards put on the Starting Pilot (in play K♣ and Q♣: Duke's 13 / 12 asks for a
    rounding, a second group of buttons)."""
    if not practice:
        click(table, "[data-zone='ready'] [data-card='AD']")
        click(table, "[data-zone='odds'] [data-card='KC']")
    for card in ("KC", "QC") if not practice else ("", ""):
        click(table, f"[data-zone='hand'] {f'[data-card={card}]' if card else '.acelab-t-movable'}")
        click(table, "[data-zone-button^='ace:']")
    assert table.locator("[data-zone^='ace:'] .acelab-t-card").count() == 3  # the ace, 2 cards
    if not practice:
        assert table.locator("[data-control='round:0:up']").count() == 1


def pilot_parts(panel, table, practice: bool) -> dict[str, object]:  # type: ignore[no-untyped-def]
    parts = {
        "the target": table.locator("[data-zone='evens']"),
        "the hand": table.locator("[data-zone='hand']"),
        "the aces": table.locator("[data-zone^='ace:']"),
        "Confirm": table.locator("[data-control='confirm']"),
        "Hint": table.locator("[data-control='hint']"),
        "Next deal": table.locator(f"[data-control='{'practice:next' if practice else 'new'}']"),
        "the message bar": table.locator(".acelab-t-status"),
    }
    if practice:
        parts["why this deal"] = panel.locator(".acelab-practice-deal")
    return parts


@pytest.mark.parametrize("practice", [False, True], ids=["play", "practice"])
def test_ace_pilot_fits_in_jupyterlab(page, jupyter_lab, practice):
    notebook = PRACTICE if practice else pilot.NOTEBOOK
    panel, table = open_game(page, jupyter_lab, notebook, "acelab-ace-pilot")
    pilot_round(table, practice)
    to_the_top(page, panel)
    name = f"fit_ace_pilot_{'practice' if practice else 'play'}_lab_1024"
    assert_fits(page, pilot_parts(panel, table, practice), lab_view(page), name)


@pytest.mark.parametrize("practice", [False, True], ids=["play", "practice"])
def test_ace_pilot_fits_in_voila(page, voila_server, practice):
    notebook = PRACTICE if practice else pilot.NOTEBOOK
    panel, table = open_in_voila(page, voila_server, notebook, "acelab-ace-pilot")
    pilot_round(table, practice)
    if not practice:  # the rules above it: scrolled to once
        to_the_top(page, panel)
    else:  # Practice's app: as it opened (a click may have scrolled the page to its card)
        as_opened(page)
    name = f"fit_ace_pilot_{'practice' if practice else 'play'}_voila_1024"
    assert_fits(page, pilot_parts(panel, table, practice), window_view(page), name)


def test_devir_fits_in_voila(page, voila_server):
    panel, table = open_in_voila(page, voila_server, DEVIR, "acelab-ace-of-spades")
    for card in table.locator("[data-zone='hand'] .acelab-t-movable").all()[:5]:
        card.click()
        wait_settled(table)
    assert table.locator("[data-control='play']:not([disabled])").count() == 1  # a Hand chosen
    to_the_top(page, panel)
    parts = {
        "the Enemy": table.locator("[data-zone='enemy']"),
        "the hand": table.locator("[data-zone='hand']"),
        "Play Hand": table.locator("[data-control='play']"),
        "Discard and Draw": table.locator("[data-control='discard']"),
        "the message bar": table.locator(".acelab-t-status"),
    }
    assert_fits(page, parts, window_view(page), "fit_devir_voila_1024")


def test_lex_fits_in_voila(page, voila_server):
    panel, table = open_in_voila(page, voila_server, LEX, "acelab-lex")
    click(table, "[data-control='draw']")
    table.locator(SKIP).wait_for(state="detached", timeout=90_000)  # the bots have played
    table.locator("[data-control='draw']").wait_for()  # the learner's turn again
    wait_settled(table)
    to_the_top(page, panel)
    parts = {
        "the deck": table.locator("[data-zone='deck']"),
        "the other players": table.locator("[data-zone^='seat:']"),
        "the hand": table.locator("[data-zone='hand']"),
        "Draw": table.locator("[data-control='draw']"),
        "the message bar": table.locator(".acelab-t-status"),
    }
    assert_fits(page, parts, window_view(page), "fit_lex_voila_1024")

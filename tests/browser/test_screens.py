"""The README's screenshots: each panel at the start, in the middle and at the end of a seeded
game, in JupyterLab at 1024×768, cropped to the panel.

The start is the notebook's own deal; the middle is reached by clicks (Ace Pilot: an equation
built and rounded; Devir: a Full house chosen, its damage previewed; Lex: four turns, each the
first button and the bots' moves; Absolutely Aces: the secret pick made, the tree shown); the
end by the panel's Python API run in the notebook's kernel (the path a click takes): the game's
own bot plays the learner's seat to the end (Absolutely Aces: the solver's winning line against
the perfect bot).
At each point the test checks the panel (no broken widget, the prompt and status line say
something, the end sentence). With ACELAB_UPDATE_SCREENSHOTS=1 the shots are written to
docs/screens/<game>_{start,middle,end}.png; ordinary runs leave the committed images alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.browser import test_absolutely_aces as aces
from tests.browser import test_ace_of_spades_lex as lex
from tests.browser.conftest import (
    assert_no_broken_widgets,
    open_notebook_and_run_all,
    run_in_kernel,
    screenshot,
    update_readme_screenshot,
    wait_settled,
)

pytestmark = pytest.mark.browser

FINISH = """
import random
from {module} import {bot} as bot
panel.pause = 0  # the bots (if any) answer at once
rng = random.Random(0)
for _ in range(3000):
    if panel.game.is_over(panel.state):
        break
    seat = panel.game.to_move(panel.state)
    move = bot(panel.game.observation(panel.state, seat), panel.game.legal_moves(panel.state), rng)
    assert getattr(panel, "play_mine", panel.play)(move), panel.table.status_text
assert panel.game.is_over(panel.state)
"""


def click(table, key: str) -> None:  # type: ignore[no-untyped-def]
    table.locator(f'[data-key="{key}"]').first.click()
    wait_settled(table)


def pilot_middle(panel, table) -> None:  # type: ignore[no-untyped-def]
    """Duke divides K♣ by Q♣, Hailey adds 2♠, rounded up: the equation makes the target 4."""
    for zone, card in [("ready", "AD"), ("odds", "KC"), ("hand", "KC"), ("ace:D", "AD")]:
        table.locator(f"[data-zone='{zone}'] [data-card='{card}']").click()
        wait_settled(table)
    for zone, card in [("hand", "QC"), ("ace:D", "AD"), ("hand", "2S"), ("ready", "AH")]:
        table.locator(f"[data-zone='{zone}'] [data-card='{card}']").click()
        wait_settled(table)
    click(table, "control:round:0:up")
    panel.locator(".acelab-equation").get_by_text("It makes 4, the target").wait_for()


def pilot_after(panel, table) -> None:  # type: ignore[no-untyped-def]
    click(table, "control:confirm")
    panel.locator(".acelab-move-log").get_by_text("Victory!").wait_for()


def devir_middle(panel, table) -> None:  # type: ignore[no-untyped-def]
    for card in ("2S", "2H", "2C", "KS", "KH"):
        click(table, f"card:{card}")
    table.get_by_text("Full house: 6 + 2 for K♠ K♥ = 8 damage").wait_for()


def devir_after(panel, table) -> None:  # type: ignore[no-untyped-def]
    click(table, "control:play")
    panel.locator(".acelab-move-log").get_by_text("Level 0 is beaten").wait_for()


def lex_middle(panel, table) -> None:  # type: ignore[no-untyped-def]
    """Four turns, each the first button (draw, or answer) and the bots' moves after it."""
    table.locator(".acelab-t-prompt").get_by_text("Your turn").wait_for()
    for _ in range(4):
        click(table, table.locator(lex.FIRST_BUTTON).first.get_attribute("data-key") or "")
        table.locator(lex.SKIP).wait_for(state="detached", timeout=60_000)
    assert "You drew" in panel.locator(".acelab-move-log").inner_text()


def aces_middle(panel, table) -> None:  # type: ignore[no-untyped-def]
    first = aces.winning_line(85)[0]
    click(table, f"card:{first.card}")  # the secret pick
    panel.locator(".acelab-move-log").get_by_text("picks shown").wait_for()
    table.locator('[data-key="control:bots:skip"]').wait_for(state="detached", timeout=60_000)
    click(table, "control:tree")
    ringed = table.locator("[data-zone='hand'] .acelab-t-highlighted .acelab-t-badge")
    assert ringed.count() >= 1  # the answers are ringed and carry their exact values


def aces_finish() -> str:
    moves = ", ".join(repr(move) for move in aces.winning_line(85)[1:])
    return (
        "from acelab.absolutely_aces.moves import Pick, Play, PlayPair\n"
        "panel.show_tree(False)\npanel.pause = 0\n"
        f"for move in [{moves}]:\n    assert panel.play_mine(move), panel.table.status_text\n"
        "assert panel.game.is_over(panel.state)\n"
    )


Step = Callable[[object, object], None]
GAMES: dict[str, tuple[str, str, Step, Step | None, Callable[[], str], str | re.Pattern[str]]] = {
    "ace_pilot": (
        "ace_pilot/play.ipynb",
        "acelab-ace-pilot",
        pilot_middle,
        pilot_after,
        lambda: FINISH.format(module="acelab.ace_pilot.bots", bot="strong_bot"),
        "You win: the deck is cleared",
    ),
    "ace_of_spades": (
        "ace_of_spades/play.ipynb",
        "acelab-ace-of-spades",
        devir_middle,
        devir_after,
        lambda: FINISH.format(module="acelab.ace_of_spades.bots", bot="strong_bot"),
        re.compile(r"You win: all 12 levels beaten|You lose at level \d+"),  # the bot decides
    ),
    "ace_of_spades_lex": (
        "ace_of_spades_lex/play.ipynb",
        "acelab-lex",
        lex_middle,
        None,
        lambda: FINISH.format(module="acelab.ace_of_spades_lex.bots", bot="heuristic_bot"),
        "wins with the A♠",
    ),
    "absolutely_aces": (
        "absolutely_aces/play.ipynb",
        "acelab-absolutely-aces",
        aces_middle,
        None,
        aces_finish,
        "You win 18 to 7",
    ),
}


def shoot(page, panel, table, name: str) -> None:  # type: ignore[no-untyped-def]
    """Check the panel, then take it for docs/screens/``name``.png: cropped to the panel, from
    its top to the foot of the table (Ace Pilot: of the equation and its steps), the move log
    left out. The page grows taller for the shot when the panel does not fit (the width, and
    so the layout, stays 1024 px)."""
    assert_no_broken_widgets(page)
    assert table.locator(".acelab-t-prompt").inner_text().strip(), "no prompt"
    assert table.locator(".acelab-t-status").inner_text().strip(), "a blank status line"
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    feet = [table, panel.locator(".acelab-equation"), panel.locator(".acelab-explanation")]
    boxes = [foot.bounding_box() for foot in feet if foot.count() and foot.is_visible()]
    top = panel.bounding_box()
    assert top and boxes[0] and boxes[0]["height"] > 200, (top, boxes)
    height = max(box["y"] + box["height"] for box in boxes if box) - top["y"]
    page.set_viewport_size({"width": 1024, "height": max(768, int(top["y"] + height) + 60)})
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    box = panel.bounding_box()
    assert box
    shot = screenshot(page, f"screen_{name}", clip={**box, "height": height})
    page.set_viewport_size({"width": 1024, "height": 768})
    assert shot.stat().st_size > 10_000
    update_readme_screenshot(shot, f"screens/{name}.png")


@pytest.mark.parametrize("game", list(GAMES))
def test_start_middle_and_end_of_a_seeded_game(page, jupyter_lab, game):
    notebook, css, middle, after, finish, end = GAMES[game]
    page.set_viewport_size({"width": 1024, "height": 768})
    open_notebook_and_run_all(page, jupyter_lab, notebook)
    page.keyboard.press("Control+b")  # hide the file browser: the panel as a learner sees it
    panel = page.locator(f".{css}").first
    table = panel.locator(".acelab-table-widget")
    table.wait_for(state="visible")
    if table.locator("[data-control='resume:no']").count():  # an earlier test's saved game
        click(table, "control:resume:no")
    shoot(page, panel, table, f"{game}_start")
    middle(panel, table)
    shoot(page, panel, table, f"{game}_middle")
    if after is not None:
        after(panel, table)
    run_in_kernel(page, notebook, finish())
    table.locator(".acelab-t-prompt").get_by_text(end).wait_for()
    shoot(page, panel, table, f"{game}_end")

"""The Absolutely Aces play notebook in a real JupyterLab and in Voila, in Debian's Chromium.

Seed 85 (the notebook's deal), against the perfect bot: the bot's hand is face down until the
picks are shown; "Show me the tree" at the pick gives each card of your hand its equilibrium
chance and average value (7♠: always, +3.9); pick 7♠ in secret (the bot picks its Joker, from
its own hand only, and goes first with 9♠), answer with the Scissors Pair, then 10♥ on the
bot's 7♠ — the bot cannot answer the Roll, and you win the round for 11 points.
The notebook's second panel is a hot seat (seed 4), in JupyterLab and in Voila: Player 1 picks
9♠, and until Player 2 has picked the page holds neither pick (no rendered card, label or text
of it); then both are shown together.
"""

from __future__ import annotations

import functools

import pytest

from acelab.absolutely_aces.moves import AcesMove, Pick
from acelab.absolutely_aces.panel import AbsolutelyAcesPanel
from acelab.absolutely_aces.solver import move_values
from acelab.absolutely_aces.state import Phase
from tests.browser.conftest import (
    assert_no_broken_widgets,
    open_notebook_and_run_all,
    screenshot,
    wait_settled,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "absolutely_aces/play.ipynb"
WINNING_CLICKS = ("S7", "control:pair:Scissors", "H10")
HOT_SEAT_PICKS = (("S9", "9 of spades", "9♠"), ("H6", "6 of hearts", "6♥"))
BOT_HAND = (
    ("S5", "5 of spades"),
    ("H6", "6 of hearts"),
    ("H8", "8 of hearts"),
    ("S9", "9 of spades"),
    ("H12", "12 of hearts"),
)  # seed 85


def _replay(seed: int, line: list[AcesMove]) -> AbsolutelyAcesPanel:
    """The match of ``seed`` against the perfect bot after your moves ``line`` (the bot's
    choices are seeded, so the notebook's panel makes the same ones)."""
    panel = AbsolutelyAcesPanel(seed, save=False, pause=0)
    for move in line:
        assert panel.play_mine(move), (move, panel.table.status_text)
    return panel


def _round_on(seed: int, line: list[AcesMove]) -> tuple[int, int, list[AcesMove]]:
    """After ``line``, the round played on with the solver's best moves for you: your lead
    in points, minus the moves it takes, and those moves."""
    panel = _replay(seed, line)
    rounds, more = len(panel.view.results), []
    while panel.view.phase is Phase.PLAY and len(panel.view.results) == rounds:
        values = move_values(panel.view, panel.game)
        more.append(max(values, key=values.__getitem__))
        assert panel.play_mine(more[-1])
    you, bot = panel.view.scores
    return you - bot, -len(more), more


@functools.cache
def winning_line(seed: int) -> tuple[AcesMove, ...]:
    """Your moves in a match won against the perfect bot: in play the solver's best move; at
    each secret pick the card whose round (so played) leaves you furthest ahead."""
    line: list[AcesMove] = []
    for _ in range(50):
        view = _replay(seed, line).view
        if view.phase is Phase.OVER:
            assert view.scores[0] > view.scores[1], f"seed {seed} is lost: {view.scores}"
            return tuple(line)
        picks = [Pick(0, card) for card in view.hands[0]]
        pick = max(picks, key=lambda p: _round_on(seed, [*line, p])[:2])
        line += [pick, *_round_on(seed, [*line, pick])[2]]
    raise AssertionError(f"seed {seed}: no end after 50 rounds")


def click(table, selector: str) -> None:  # type: ignore[no-untyped-def]
    table.locator(selector).first.click()
    wait_settled(table)


def fresh_start(table) -> None:  # type: ignore[no-untyped-def]
    fresh = table.locator("[data-control='resume:no']")
    if fresh.count():
        click(table, "[data-control='resume:no']")


def assert_the_bots_hand_is_face_down(panel, table) -> None:  # type: ignore[no-untyped-def]
    """Before the picks are shown the page holds no card of the bot's hand (RULINGS §4)."""
    them = table.locator("[data-zone='them'] .acelab-t-card")
    keys = them.evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert len(keys) == 5 and all(key.startswith("them") for key in keys), keys
    for code, spoken in BOT_HAND:
        assert f'data-card="{code}"' not in panel.inner_html()
        assert not any(spoken in label for label in shown_cards(panel))


def win_the_round(panel, table) -> None:  # type: ignore[no-untyped-def]
    assert_the_bots_hand_is_face_down(panel, table)
    click(table, f"[data-zone='hand'] [data-card='{WINNING_CLICKS[0]}']")
    log = panel.locator(".acelab-move-log")
    log.get_by_text("picks shown").wait_for()
    for card in WINNING_CLICKS[1:]:
        if card.startswith("control:"):
            click(table, f"[data-control='{card.removeprefix('control:')}']")
            continue
        # the bot answers at a pace the learner can follow: wait for its move, then the ring
        ringed = table.locator(f"[data-zone='hand'] [data-card='{card}'].acelab-t-highlighted")
        ringed.wait_for()
        assert ringed.count() == 1
        click(table, f"[data-zone='hand'] [data-card='{card}']")
    log.get_by_text("You won the round and 11 points: Bot could not block 10♥ Roll").wait_for()
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
    # The tree at the pick: each card of your hand, its equilibrium chance and average value.
    badge = table.locator("[data-zone='hand'] [data-card='S7'] .acelab-t-badge")
    assert badge.inner_text() == "always · +3.9"
    assert "how often a perfect player picks each card" in table.inner_text()
    assert (
        table.locator(".acelab-t-status").inner_text().endswith("A new game: nothing played yet.")
    )
    page.set_viewport_size({"width": 1024, "height": 768})
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    screenshot(page, "absolutely_aces_pick_1024x768")
    win_the_round(panel, table)
    status = table.locator(".acelab-t-status").inner_text()
    assert "You played 10♥ Roll; You won the round and 11 points" in status, status
    assert_no_broken_widgets(page)
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    screenshot(page, "absolutely_aces_round_won_1024x768")
    page.set_viewport_size({"width": 1280, "height": 1000})
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    shot = screenshot(page, "absolutely_aces_panel")
    assert shot.stat().st_size > 10_000
    check_a_hot_seat_pick_shows_neither_choice_before_both_are_made(page)


def shown_cards(panel) -> list[str]:  # type: ignore[no-untyped-def]
    return panel.locator(".acelab-t-card").evaluate_all(  # type: ignore[no-any-return]
        "cards => cards.map(c => `${c.dataset.card} ${c.getAttribute('aria-label')}`)"
    )


def assert_not_on_the_page(panel, pick: tuple[str, str, str]) -> None:  # type: ignore[no-untyped-def]
    code, spoken, symbol = pick
    cards = shown_cards(panel)
    assert not any(c.startswith(f"{code} ") or f" {spoken}" in c for c in cards), cards
    assert symbol not in panel.inner_text() and f'data-card="{code}"' not in panel.inner_html()


def check_a_hot_seat_pick_shows_neither_choice_before_both_are_made(page) -> None:  # type: ignore[no-untyped-def]
    """The notebook's hot-seat panel, in the same page (one notebook start saved)."""
    (one, spoken_one, _), (two, spoken_two, _) = HOT_SEAT_PICKS
    panel = page.locator(".acelab-absolutely-aces-hot-seat").first
    panel.scroll_into_view_if_needed()
    table = panel.locator(".acelab-table-widget")
    fresh_start(table)
    assert (
        table.locator("[data-zone='them'] .acelab-t-card[data-card]").evaluate_all(
            "cards => cards.map(c => c.dataset.card).filter(k => !k.startsWith('them'))"
        )
        == []
    )  # Player 2's hand is face down while Player 1 picks
    click(table, f"[data-zone='hand'] [data-card='{one}']")
    assert "Pass the device to Player 2" in table.inner_text()
    assert table.locator("[data-zone='hand'] .acelab-t-card").count() == 0
    for pick in HOT_SEAT_PICKS:
        assert_not_on_the_page(panel, pick)
    click(table, "[data-control='reveal']")
    assert table.locator(f"[data-zone='hand'] [data-card='{two}']").count() == 1
    assert_not_on_the_page(panel, HOT_SEAT_PICKS[0])
    click(table, f"[data-zone='hand'] [data-card='{two}']")
    panel.locator(".acelab-move-log").get_by_text("picks shown: 9♠ Swoop and 6♥ Climb").wait_for()
    cards = shown_cards(panel)
    assert f"{one} {spoken_one}" in " | ".join(cards) and f"{two} {spoken_two}" in " | ".join(cards)
    assert table.locator(f"[data-zone='discard'] [data-card='{one}']").count() == 1
    assert_no_broken_widgets(page)


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
    check_a_hot_seat_pick_shows_neither_choice_before_both_are_made(page)

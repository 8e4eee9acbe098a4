"""Devir's cards chosen for a Hand survive a kernel restart (two panels over one temporary
ACELAB_HOME), or the resumed panel says they were dropped."""

from __future__ import annotations

import sqlite3

import pytest

from acelab.ace_of_spades.panel import AceOfSpadesPanel
from acelab.store import FILE_NAME, open_store
from acelab.widgets.wording import assert_good_wording

SEED = 7


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def chosen(players: int = 1) -> tuple[AceOfSpadesPanel, list[str]]:
    """One Discard played, then two cards chosen for the next Hand."""
    panel = AceOfSpadesPanel(seed=SEED, players=players)
    if panel.hidden:
        assert panel.reveal()
    assert panel.choose(str(panel.view.hand[0])) and panel.discard()
    if panel.hidden:
        assert panel.reveal()
    cards = [str(card) for card in panel.view.hand[:2]]
    assert all(panel.choose(card) for card in cards)
    return panel, cards


def after_restart(players: int = 1) -> AceOfSpadesPanel:
    panel = AceOfSpadesPanel(seed=SEED, players=players)
    assert panel.offer is not None and panel.resume(), panel.messages.text
    assert_good_wording(panel.messages.text)
    return panel


def test_the_cards_chosen_are_chosen_again_after_a_restart() -> None:
    before, cards = chosen()
    assert before.declare("pair")
    again = after_restart()
    assert again.chosen == cards and again.declared == "pair"
    assert again.table_view() == before.table_view()
    assert again.messages.text == (
        "Welcome back: your game goes on after 1 move, with your chosen cards "
        "2♣ 6♠ still on the table."
    )
    assert again.choose(cards[0]) and again.chosen == cards[1:]  # choosing goes on


def test_in_a_hot_seat_the_cards_come_back_behind_the_screen() -> None:
    before, cards = chosen(players=2)
    again = after_restart(players=2)
    assert again.hidden and again.viewer == before.viewer and again.chosen == cards
    assert again.reveal() and again.table_view() == before.table_view()


def test_cards_no_longer_in_the_hand_are_dropped_in_one_sentence(home) -> None:
    chosen()
    db = sqlite3.connect(home / FILE_NAME)
    db.execute(
        """UPDATE games SET draft = '{"version": 1, "draft": {"seat": 0, "chosen": ["AS", "2C"],
        "declared": null}}'"""
    )
    db.commit()
    db.close()
    again = after_restart()
    assert again.chosen == [] and again.messages.kind == "warning"
    assert again.messages.text == (
        "Welcome back: your game goes on after 1 move. "
        "The cards you had chosen (A♠ 2♣) were not kept: choose them again."
    )
    assert open_store().in_progress("ace_of_spades").draft is None

"""Ace Pilot's half-built equation survives a kernel restart (two panels over one temporary
ACELAB_HOME): the resumed panel has it on the table and says so, or says it was dropped."""

from __future__ import annotations

import pytest

from acelab.ace_pilot.panel import AcePilotPanel
from acelab.store import open_store
from acelab.widgets.wording import assert_good_wording

SEED = 4726170  # Duke starts; the hand is 2♠ Q♣ Q♠ K♣ once K♣ is drawn


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))


def started() -> AcePilotPanel:
    panel = AcePilotPanel(seed=SEED)
    assert panel.choose_pilot("D") and panel.draw("KC")
    return panel


def after_restart() -> AcePilotPanel:
    panel = AcePilotPanel(seed=SEED)
    assert panel.offer is not None and panel.resume(), panel.messages.text
    assert_good_wording(panel.messages.text)
    return panel


def test_a_half_built_equation_is_on_the_table_after_a_restart() -> None:
    before = started()
    assert before.select("KC") and before.place("D")
    again = after_restart()
    assert again.build == before.build and again.build.text() == "Duke(13)"
    assert again.messages.text == (
        "Welcome back: your game goes on after 2 moves, with your equation 13 / … still on "
        "the table."
    )
    assert again.equation.value == before.equation.value  # the typeset equation too
    assert again.place("D", "2S") and again.build.value() == 6  # and building goes on
    assert again.undo() and again.undo() and again.build.is_empty  # undo takes it back


def test_pilots_roundings_and_the_ending_pilot_are_kept() -> None:
    before = started()
    assert before.place("D", "KC") and before.place("D", "2S")
    assert before.add_pilot("H", "right", "QC") and before.set_rounding(0, "up")
    assert before.choose_ending("H")
    again = after_restart()
    assert again.build == before.build and again.build.value() == 7 + 12
    assert "with your equation ⌈13 / 2⌉ + 12 still on the table" in again.messages.text


def test_an_empty_equation_is_not_mentioned() -> None:
    started()
    again = after_restart()
    assert again.messages.text == "Welcome back: your game goes on after 2 moves."
    assert again.build is not None and again.build.is_empty


def test_a_played_equation_leaves_nothing_on_the_table() -> None:
    before = started()
    assert before.give_up()
    assert open_store().in_progress("ace_pilot").draft is None
    again = after_restart()
    assert "still on the table" not in again.messages.text


def test_a_new_deal_is_not_given_the_old_equation() -> None:
    before = started()
    assert before.place("D", "KC")
    assert before.new_game(5) and before.choose_pilot("H")
    games = open_store().games("ace_pilot")
    assert [g.draft is not None for g in games] == [True, False]

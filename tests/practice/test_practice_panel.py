"""The Ace Pilot Practice panel (issue 26): ``PracticePanel`` is now the Ace Pilot panel in
Practice mode (the deal played with the game's own cards); driven from Python as its buttons
drive it. More of the mode: tests/ace_pilot/test_panel_practice.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from acelab.practice.calibrate import RATINGS_FILE
from acelab.store import open_store
from acelab.widgets.practice import PracticePanel
from tests.ace_pilot.test_panel_practice import win


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The games the panel saves go to a home of this test's own (not the run's shared one)."""
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "games"))


def test_a_deal_its_reason_an_answer_and_the_next(tmp_path: Path) -> None:
    panel = PracticePanel(open_store(tmp_path), seed=11)
    assert panel.practice is not None
    offer = panel.practice.offer
    assert offer is not None
    box = panel.practice_box.value.replace("&#x27;", "'")
    assert f"target {offer.deal.target};" in box
    assert offer.reason in box
    assert "you start in the middle" in box
    win(panel)
    assert panel.messages.kind == "success" and "rating: +" in panel.practice_box.value
    panel.next_deal()
    assert panel.practice.offer is not offer and not panel.history
    start = panel.state.assault
    assert start is not None
    assert panel.select(str(panel.state.hand[0])) and panel.place(start)
    assert not panel.confirm()  # one card on the Starting Pilot: refused in a sentence
    assert panel.messages.kind == "error"
    panel.show_a_way()
    assert panel.messages.text.startswith("One way:")


def test_a_foreign_class_ratings_file_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / RATINGS_FILE).write_text("{}")
    monkeypatch.chdir(tmp_path)
    panel = PracticePanel(open_store(tmp_path / "home"), seed=12)
    assert "not a ratings file written by acelab" in panel.practice_box.value

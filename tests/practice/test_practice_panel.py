"""The Ace Pilot Practice panel (issue 26): a thin view of the practice session, driven from
Python as its buttons drive it."""

from __future__ import annotations

from pathlib import Path

import pytest

from acelab.ace_pilot.solver import solve
from acelab.practice.calibrate import RATINGS_FILE
from acelab.store import open_store
from acelab.widgets.practice import PracticePanel


def test_a_deal_its_reason_an_answer_and_the_next(tmp_path: Path) -> None:
    panel = PracticePanel(open_store(tmp_path), seed=11)
    offer = panel.practice.offer
    assert offer is not None
    assert f"target <b>{offer.deal.target}</b>" in panel.deal.value
    assert offer.reason in panel.deal.value.replace("&#x27;", "'")
    assert "you start in the middle" in panel.notes.value
    right = str(solve(offer.deal.hand, offer.deal.target, offer.deal.start)[0])
    panel.field.value = right
    assert panel.feedback.kind == "success" and "+" in panel.rating.value
    panel.next_deal()
    assert panel.field.value == "" and panel.practice.offer is not offer
    panel.answer("H(99)")
    assert panel.feedback.kind == "error"
    panel.show_a_way()
    assert panel.feedback.text.startswith("One way:")


def test_a_foreign_class_ratings_file_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / RATINGS_FILE).write_text("{}")
    monkeypatch.chdir(tmp_path)
    panel = PracticePanel(open_store(tmp_path / "home"), seed=12)
    assert "not a ratings file written by acelab" in panel.notes.value

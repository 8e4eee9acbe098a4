"""Lex's action card picked up survives a kernel restart (two panels over one temporary
ACELAB_HOME), or the resumed panel says it was put back."""

from __future__ import annotations

import pytest

from acelab.ace_of_spades_lex.panel import LexPanel
from acelab.widgets.wording import assert_good_wording

SEED = 0  # three players: after three draws You can play the 6♠


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))


def picked() -> LexPanel:
    panel = LexPanel(seed=SEED, players=3, pause=0)
    assert panel.draw() and panel.draw() and panel.draw()
    assert panel.pick("6S"), panel.messages.text
    return panel


def test_the_card_picked_up_is_still_held_after_a_restart() -> None:
    before = picked()
    again = LexPanel(seed=SEED, players=3, pause=0)
    assert again.resume(), again.messages.text
    assert again.picked == ("6S",) and again.table_view() == before.table_view()
    assert again.messages.text.endswith(", with the 6♠ still picked up.")
    assert_good_wording(again.messages.text)


def test_a_card_that_can_no_longer_be_played_is_put_back_in_words() -> None:
    before = picked()
    assert before.restore_draft({"picked": ["6S"]}) == "the 6♠ still picked up"
    for data in ({"picked": ["QH"]}, {"picked": "6S"}, ["6S"], {"picked": ["deal"]}):
        with pytest.raises(ValueError, match=r"^What you had picked up was put back"):
            before.restore_draft(data)
    assert before.picked == ("6S",)


def test_a_nine_s_card_to_deal_is_still_picked_up_after_a_restart() -> None:
    before = LexPanel(seed=2, players=3, pause=0)
    assert before.draw() and before.draw()  # the second draw is a Nine: cards to deal
    assert before.pick("deal"), before.messages.text
    again = LexPanel(seed=2, players=3, pause=0)
    assert again.resume(), again.messages.text
    assert again.picked == ("deal",) and again.table_view() == before.table_view()
    assert again.messages.text.endswith(", with the card to deal still picked up.")
    assert_good_wording(again.messages.text)

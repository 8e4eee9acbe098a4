"""The status line always describes the table as it is (issue 27): a message said before the
table changed is cleared by the next change, and what the last move did is shown only while the
table is as that move left it."""

from __future__ import annotations

from acelab.ace_pilot.panel import AcePilotPanel

SEED = 4726170


def test_a_stale_message_is_cleared_by_the_next_change():
    panel = AcePilotPanel(seed=SEED, save=False)
    assert panel.choose_pilot("D") and panel.draw("KC")
    drew = panel.table.status_text
    assert "K♣" in drew  # what the move did, while the table shows just that
    assert panel.select("KC") and panel.place("D")  # an edit of the equation, not a move
    now = panel.table.status_text
    assert now != drew and "K♣" not in now.split("is")[0], now
    assert now.startswith("Your equation so far is"), now


def test_a_refusal_stays_until_the_table_changes():
    panel = AcePilotPanel(seed=SEED, save=False)
    assert panel.choose_pilot("D") and panel.draw("KC")
    assert not panel.place("D")  # nothing picked up: refused, in words
    refusal = panel.table.status_text
    assert refusal and panel.table.status["kind"] == "error"
    panel.refresh()  # a redraw of the same table keeps it
    assert panel.table.status_text == refusal
    assert panel.select("KC")  # the table changes: the refusal is no longer news
    assert panel.table.status_text != refusal and panel.table.status["kind"] != "error"

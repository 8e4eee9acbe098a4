"""What one click sends the browser (issue 27, clicks under 100 ms): the card table's answer is
one message and goes first, with the settled mark the browser waits for; the widgets around the
table (the move log, Ace Pilot's equation and its list of points) follow, one message each."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import pytest

from acelab.absolutely_aces.panel import AbsolutelyAcesPanel
from acelab.ace_of_spades.panel import AceOfSpadesPanel
from acelab.ace_of_spades_lex.panel import LexPanel
from acelab.ace_pilot.panel import AcePilotPanel
from acelab.widgets.table import CardTable
from acelab.widgets.view_model import CardSpot, TableView, Zone


class Recorder:
    """Stands in for every widget's comm: keeps (widget, state sent), in the order sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[Any, dict[str, Any]]] = []

    def attach(self, *roots: Any) -> None:
        waiting = list(roots)
        while waiting:
            widget = waiting.pop()
            widget.comm = _Comm(self, widget)
            waiting.extend(getattr(widget, "children", ()))
            layout = getattr(widget, "layout", None)
            if isinstance(layout, widgets.Widget):
                waiting.append(layout)


class _Comm:
    comm_id = "recorder"

    def __init__(self, recorder: Recorder, widget: Any) -> None:
        self.recorder, self.widget = recorder, widget

    def send(self, data: dict[str, Any], buffers: object = None) -> None:
        self.recorder.sent.append((self.widget, dict(data.get("state", {}))))

    def on_msg(self, callback: object) -> None:
        pass


def _view(*zones: str) -> TableView:
    return TableView(zones=tuple(Zone(z, z, (CardSpot(f"{z}9", "9S", "nine"),)) for z in zones))


def test_a_zone_seen_first_in_a_click_travels_in_the_click_s_one_message():
    table = CardTable(lambda gesture: table.show(_view("hand", "pile", "row")), _view("hand"))
    recorder = Recorder()
    recorder.attach(table)
    assert table.gesture({"kind": "card", "card": "hand9", "seq": 1})
    [(widget, state)] = recorder.sent
    assert widget is table and state["settled"] == 1
    assert state["zone_slots"] == ["zone_0", "zone_1", "zone_2"]
    assert (state["zone_1"]["key"], state["zone_2"]["key"]) == ("pile", "row")


def test_the_companions_changes_follow_the_table_s_answer():
    log = widgets.HTML("")

    def answer(gesture: Any) -> None:
        log.value = "<b>first</b>"  # changed before the table: still sent after it
        table.show(_view("pile"))
        log.value = "<b>second</b>"

    table = CardTable(answer, _view("hand"))
    table.companions = lambda: [log]
    recorder = Recorder()
    recorder.attach(table, log)
    assert table.gesture({"kind": "card", "card": "hand9", "seq": 1})
    assert [widget for widget, _ in recorder.sent] == [table, log]
    assert recorder.sent[0][1]["settled"] == 1
    assert recorder.sent[1][1] == {"value": "<b>second</b>"}


def _ace_pilot() -> tuple[Any, list[dict[str, Any]]]:
    panel = AcePilotPanel(seed=4726170, save=False)
    return panel, [
        {"kind": "card", "card": "AD"},
        {"kind": "card", "card": "KC"},
        {"kind": "card", "card": "KC"},
        {"kind": "zone", "zone": "ace:D"},
    ]


def _devir() -> tuple[Any, list[dict[str, Any]]]:
    panel = AceOfSpadesPanel(seed=7, difficulty="easy", players=2, save=False)
    assert panel.reveal()  # the pass screen first
    cards = [c["key"] for z in panel.table.zones if z["key"] == "hand" for c in z["cards"]]
    chosen = [{"kind": "card", "card": card} for card in cards[:2]]
    return panel, [*chosen, {"kind": "control", "zone": "discard"}]


def _lex() -> tuple[Any, list[dict[str, Any]]]:
    panel = LexPanel(seed=5, players=3, hot_seat=True, save=False)
    return panel, [
        {"kind": "control", "zone": "draw"},
        {"kind": "control", "zone": "reveal"},
        {"kind": "control", "zone": "draw"},
    ]


def _aces() -> tuple[Any, list[dict[str, Any]]]:
    panel = AbsolutelyAcesPanel(seed=85, hot_seat=True, save=False)
    cards = [c["key"] for z in panel.table.zones if z["key"] == "hand" for c in z["cards"]]
    return panel, [{"kind": "card", "card": cards[0]}]


@pytest.mark.parametrize("make", [_ace_pilot, _devir, _lex, _aces])
def test_every_panel_answers_a_click_first_in_one_table_message(make):
    panel, clicks = make()
    recorder = Recorder()
    recorder.attach(panel.widget, panel.table)
    moved = 0
    for seq, click in enumerate(clicks, start=1):
        recorder.sent.clear()
        before = len(panel.history)
        assert panel.table.gesture({"card": None, "zone": None, **click, "seq": seq})
        assert not panel.table.errors, panel.table.errors
        table_messages = [state for widget, state in recorder.sent if widget is panel.table]
        assert len(table_messages) == 1, recorder.sent
        first_widget, first = recorder.sent[0]
        assert first_widget is panel.table and first["settled"] == seq, recorder.sent
        per_widget = [id(widget) for widget, _ in recorder.sent]
        assert len(per_widget) == len(set(per_widget)), "a widget sent twice in one click"
        moved += len(panel.history) > before
    assert moved, "no click was a move"

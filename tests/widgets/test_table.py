"""The shared card table from Python: view model JSON, gestures, guard rails, partial updates."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from acelab.engine.cards import parse_card
from acelab.widgets import card_svg, spoken_name
from acelab.widgets.table import CardTable, Gesture, table_faces
from acelab.widgets.view_model import BACK, CardSpot, Control, Status, TableView, Zone


def _view(status: str = "Pick a card.", hand: tuple[str, ...] = ("9S", "6H")) -> TableView:
    cards = tuple(CardSpot(c, c, spoken_name(parse_card(c))) for c in hand)
    return TableView(
        zones=(
            Zone("hand", "Your hand", cards, line=1),
            Zone("pile", "Discard", droppable=True, count=3, note="the top card is drawn next"),
            Zone("deck", "Deck", (CardSpot("deck", BACK, "deck, 20 cards", movable=False),)),
        ),
        controls=(
            Control("new", "New game", confirm="Start a new game? This one will be saved."),
            Control("up", "round up", group="Duke's division", pressed=True),
        ),
        status=Status(status),
    )


def test_spoken_names_say_numbers_in_words_and_6_and_9_are_underlined():
    assert spoken_name(parse_card("9S")) == "nine of spades"
    assert spoken_name(parse_card("10H")) == "ten of hearts"
    assert spoken_name(parse_card("QD")) == "queen of diamonds"
    assert spoken_name(parse_card("JK")) == "joker" and spoken_name(None) == "face-down card"
    assert 'aria-label="six of clubs"' in card_svg(parse_card("6C"))
    for code in ("6C", "9D"):
        assert card_svg(parse_card(code)).count("acelab-underline") == 2  # both corners
    for code in ("8C", "QD", "JK"):
        assert "acelab-underline" not in card_svg(parse_card(code))


def test_the_view_model_is_plain_json_and_finds_its_parts():
    view = _view()
    zone = view.zone("pile").to_json()
    assert zone["droppable"] and zone["count"] == 3 and zone["spoken"] == "Discard"
    assert view.card("9S").label == "nine of spades"
    assert view.control("new").confirm.startswith("Start a new game?")
    assert "nine of spades" in view.texts() and "Pick a card." in view.texts()
    with pytest.raises(KeyError):
        view.zone("nowhere")


def test_faces_are_sent_once_for_the_whole_deck_and_a_back():
    faces = table_faces()
    assert len(faces) == 54 and BACK in faces and "JK" in faces
    assert "#1257b8" in table_faces(four_colour=True)["5D"]
    table = CardTable(view=_view())
    sent = table.faces
    table.show(_view(status="Another message."))
    assert table.faces is sent
    table.four_colour = True
    assert table.faces["5D"] == table_faces(True)["5D"]


def test_a_new_message_does_not_resend_cards_or_controls():
    table = CardTable(view=_view())
    changed: list[str] = []
    table.observe(
        lambda change: changed.append(change["name"]), names=["zones", "controls", "status"]
    )
    table.show(_view(status="Something else."))
    assert changed == ["status"]
    table.show(_view(status="Something else.", hand=("9S",)))
    assert changed == ["status", "zones"]
    assert table.status_text == "Something else."


def test_gestures_reach_the_handler_and_settle():
    seen: list[Gesture] = []
    table = CardTable(seen.append, _view())
    assert table.gesture({"kind": "card", "card": "9S", "zone": None, "seq": 1})
    assert table.gesture({"kind": "drop", "card": "9S", "zone": "pile", "seq": 2})
    assert table.gesture({"kind": "control", "zone": "new", "seq": 3, "confirmed": True})
    assert [g.kind for g in seen] == ["card", "drop", "control"]
    assert seen[2].confirmed and seen[1].zone == "pile"
    assert table.settled == 3 and not table.busy


@pytest.mark.parametrize(
    "content",
    [
        {"kind": "teleport", "seq": 1},
        {"kind": "card", "card": 9, "seq": 1},
        {"kind": "card", "card": "9S", "seq": "1"},
        {"kind": "card", "card": "9S", "seq": True},
    ],
)
def test_what_is_not_a_gesture_is_dropped(content):
    seen: list[Gesture] = []
    table = CardTable(seen.append, _view())
    assert not table.gesture(content)
    assert seen == [] and table.dropped == 1


def test_a_gesture_while_the_previous_one_is_applied_is_dropped():
    table = CardTable(view=_view())
    applied: list[Gesture] = []

    def slow(gesture: Gesture) -> None:
        applied.append(gesture)
        # the learner clicks again while this one is still being applied
        assert not table.gesture({"kind": "card", "card": "6H", "seq": gesture.seq + 1})

    table.on_gesture = slow
    assert table.gesture({"kind": "card", "card": "9S", "seq": 1})
    assert [g.card for g in applied] == ["9S"] and table.dropped == 1
    assert not table.gesture({"kind": "card", "card": "9S", "seq": 1})  # a repeat of seq 1
    assert table.dropped == 2


def test_an_exception_in_the_handler_becomes_a_status_line():
    def broken(gesture: Gesture) -> None:
        raise KeyError("QC")

    table = CardTable(broken, _view())
    assert table.gesture({"kind": "card", "card": "9S", "seq": 1})
    assert table.status["kind"] == "error"
    assert table.status_text.startswith("Something went wrong inside acelab")
    assert "Traceback" in table.errors[0] and not table.busy and table.settled == 1


def test_the_browser_module_and_its_style_ship_in_the_package():
    from acelab import widgets

    folder = Path(widgets.__file__).parent
    script = (folder / "table.js").read_text()
    assert "export default { render }" in script and "model.send" in script
    assert "event.detail > 1" in script  # the second click of a double click is ignored
    assert (folder / "table.css").exists()
    assert CardTable._esm and "acelab-t-card" in str(CardTable._css)


class _FakeComm:
    """Stands in for the kernel's comm: keeps every message the widget sends."""

    comm_id = "fake"

    def __init__(self) -> None:
        self.sent: list[dict[str, object]] = []

    def send(self, data: dict[str, object], buffers: object = None) -> None:
        self.sent.append(data)

    def on_msg(self, callback: object) -> None:
        pass


def _wire(table: CardTable) -> _FakeComm:
    comm = _FakeComm()
    table.comm = comm
    return comm


def test_a_click_that_changes_one_zone_sends_that_zone_alone():
    def answer(gesture: Gesture) -> None:  # the 9 of spades goes onto the discard pile
        table.show(_view(hand=("6H",)))

    table = CardTable(answer, _view())
    comm = _wire(table)
    assert table.gesture({"kind": "card", "card": "9S", "seq": 1})
    [message] = comm.sent  # the redraw and the settled mark in one message
    state = message["state"]
    assert isinstance(state, dict)
    zones = {name: value for name, value in state.items() if name.startswith("zone_")}
    assert [zone["key"] for zone in zones.values()] == ["hand"]
    assert "zone_slots" not in state and "controls" not in state and "faces" not in state
    assert state["settled"] == 1
    # a zone shown for the first time gets a trait of its own; one gone is emptied
    comm.sent.clear()
    table.show(replace(_view(), zones=(*_view().zones[1:], Zone("row", "Row"))))
    sent = {name for message in comm.sent for name in message["state"]}  # type: ignore[attr-defined]
    assert {"zone_3", "zone_0", "zone_slots"} <= sent and "zone_1" not in sent
    assert table.zone_0 is None and table.zone_3["key"] == "row"
    assert [z["key"] for z in table.zones] == ["pile", "deck", "row"]


def test_a_zone_s_art_and_the_status_line_s_button_travel_to_the_browser():
    view = TableView(
        zones=(Zone("enemy", "Enemy", art="<svg></svg>", spoken="Enemy: Rusty, 5 life."),),
        controls=(Control("use", "Use it"),),
        status=Status("Rusty's benefit would help: use it?", action="use"),
    )
    table = CardTable(None, view)
    assert table.zones[0]["art"] == "<svg></svg>"
    assert table.status == {
        "text": "Rusty's benefit would help: use it?",
        "kind": "info",
        "action": "use",
    }
    table.say("Done.")
    assert table.status == {"text": "Done.", "kind": "info"}  # no button unless asked
    script = (Path(__file__).resolve().parents[2] / "acelab/widgets/table.js").read_text()
    assert "zone.art" in script and 'data-key="status:' in script

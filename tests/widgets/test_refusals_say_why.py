"""Every refused gesture, in every panel, says why (issue 27; the README's promise): every kind
of gesture is sent to every zone, card and button of the table, at several moments of a game
of each panel; each one either changes something (a move, a choice, a card picked up) or puts
a sentence on the status line."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from acelab.widgets.table import GESTURE_KINDS


def _pilot() -> Any:
    from acelab.ace_pilot.panel import AcePilotPanel

    return AcePilotPanel(seed=4726170, save=False)


def _devir() -> Any:
    from acelab.ace_of_spades.panel import AceOfSpadesPanel

    return AceOfSpadesPanel(seed=7, save=False, pause=0)


def _lex() -> Any:
    from acelab.ace_of_spades_lex.panel import LexPanel

    return LexPanel(seed=9, players=3, save=False, pause=0)


def _aces() -> Any:
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

    return AbsolutelyAcesPanel(seed=85, save=False, pause=0)


PANELS: dict[str, Callable[[], Any]] = {
    "Ace Pilot": _pilot,
    "Devir's Ace of Spades": _devir,
    "Lex's Ace of Spades": _lex,
    "Absolutely Aces": _aces,
}


def _looks(panel: Any) -> Any:
    table = panel.table
    return (panel.state, table.zones, table.controls, table.prompt)


def _at(make: Callable[[], Any], moves: list[Any]) -> Any:
    panel = make()
    for move in moves:
        assert panel.play(move) if not hasattr(panel, "play_mine") else panel.play_mine(move)
    return panel


def _gestures(panel: Any) -> list[dict[str, Any]]:
    zones = [zone["key"] for zone in panel.table.zones]
    cards = [card["key"] for zone in panel.table.zones for card in zone["cards"]]
    controls = [c["key"] for c in panel.table.controls if not c["disabled"] and not c["confirm"]]
    found = [{"kind": "card", "card": card} for card in cards]
    found += [{"kind": "zone", "zone": zone} for zone in zones]
    found += [{"kind": "drop", "card": card, "zone": zone} for card in cards for zone in zones]
    found += [{"kind": "control", "zone": key} for key in controls]
    assert {g["kind"] for g in found} | {"cancel"} == set(GESTURE_KINDS)
    return found


def _put_back(panel: Any) -> None:
    """Escape on a card picked up (the only time the browser sends "cancel"): it goes back."""
    for zone in panel.table.zones:
        for card in zone["cards"]:
            if card["movable"] and not card["highlighted"]:
                before = _looks(panel)
                panel.table.gesture({"kind": "card", "card": card["key"], "seq": 0})
                held = [c for z in panel.table.zones for c in z["cards"] if c["highlighted"]]
                if panel.state != before[0] or card["key"] not in [c["key"] for c in held]:
                    return  # a move, or not picked up (it said why): nothing to put back
                panel.table.gesture({"kind": "cancel", "card": card["key"], "seq": 0})
                assert _looks(panel)[1] == before[1] or panel.messages.text, card["key"]
                return


@pytest.mark.parametrize("name", PANELS)
def test_every_gesture_moves_or_says_why(name):
    make, rng = PANELS[name], random.Random(name)
    moves: list[Any] = []
    silent: list[str] = []
    for _ in range(3):  # three moments of one game
        panel = _at(make, moves)
        gestures = _gestures(panel)
        for gesture in rng.sample(gestures, min(len(gestures), 60)):
            panel.messages.clear()
            before = _looks(panel)
            assert panel.table.gesture({**gesture, "seq": panel.table.settled + 1})
            if _looks(panel) != before:
                panel = _at(make, moves)  # it did something: back to the moment
                continue
            if not panel.messages.text.strip():
                silent.append(f"{gesture} at move {len(moves)}")
        _put_back(_at(make, moves))
        game = panel.game
        if game.is_over(panel.state):
            break
        actor = game.to_move(panel.state)
        legal = list(game.legal_moves(panel.state))
        if actor is None or not legal:
            break
        moves += [rng.choice(legal) for _ in range(1)]
        try:
            _at(make, moves)
        except AssertionError:
            moves.pop()
            break
    assert not silent, f"{len(silent)} gestures refused without a word: {silent[:8]}"


def test_the_issues_silent_refusals_in_ace_pilot_now_say_why():
    """Issue 27: a hand card or the deck clicked before a Starting Pilot, and Q♣ dragged onto
    the deck, said nothing."""
    panel = _pilot()
    for gesture in (
        {"kind": "card", "card": "KC"},
        {"kind": "zone", "zone": "deck"},
        {"kind": "drop", "card": "QC", "zone": "deck"},
    ):
        panel.messages.clear()
        before = _looks(panel)
        panel.table.gesture({**gesture, "seq": 0})
        assert _looks(panel) != before or panel.messages.text.strip(), gesture

"""What a gesture on the Lex table means: a call of the panel's Python API, or a refusal."""

from __future__ import annotations

import inspect
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.ace_of_spades_lex import AceOfSpadesLex, LexState
from acelab.ace_of_spades_lex.gestures import Call, Refusal, interpret
from acelab.ace_of_spades_lex.panel import LexPanel
from acelab.ace_of_spades_lex.table_view import TableOptions, lex_table
from acelab.widgets.table import GESTURE_KINDS, Gesture
from acelab.widgets.view_model import TableContext
from acelab.widgets.wording import assert_good_wording
from tests.ace_of_spades_lex.helpers import named, reached_states, stack

GAME = AceOfSpadesLex()
PANEL_CALLS = {name for name, _ in inspect.getmembers(LexPanel, inspect.isfunction)}


def test_gestures_read_drops_and_clicks() -> None:
    state = replace(stack("3S", hands=["JS 10C 10H 6S", "KC"], players=2), names=("You", "Bot 1"))
    view = GAME.observation(state, 0)
    moves = GAME.legal_moves(state)
    assert interpret(Gesture("drop", "JS", "seat:1"), view, TableContext(moves=moves)) == Call(
        "steal", (1,)
    )
    assert interpret(Gesture("drop", "10C", "seat:1"), view, TableContext(moves=moves)) == Call(
        "stop", (1,)
    )
    assert interpret(Gesture("drop", "6S", "seat:1"), view, TableContext(moves=moves)) == Call(
        "nuke", (1, 1)
    )
    assert interpret(Gesture("zone", None, "deck"), view, TableContext(moves=moves)) == Call("draw")
    refusal = interpret(Gesture("drop", "10H", "seat:1"), view, TableContext(moves=moves))
    assert isinstance(refusal, Refusal) and "answer a Jack" in refusal.text
    assert interpret(Gesture("card", "JS"), view, TableContext(moves=moves)) == Call(
        "pick", ("JS",)
    )
    explained = interpret(
        Gesture("card", "JS"), view, TableContext(moves=[])
    )  # not playable now: what it does
    assert isinstance(explained, Refusal) and explained.text.startswith("J♠ is a Jack")
    assert interpret(Gesture("control", None, "nuke:1:2"), view, TableContext(moves=moves)) == Call(
        "nuke", (1, 2)
    )
    assert isinstance(
        interpret(Gesture("control", None, "nuke:x"), view, TableContext(moves=moves)), Refusal
    )
    for text in (refusal.text, explained.text):
        assert_good_wording(text)


KEYS = (
    st.sampled_from(
        [
            "deck",
            "deal",
            "hand",
            "seat:1",
            "seat:9",
            "seat:x",
            "pile:0",
            "JS",
            "10H",
            "6S",
            "KC",
            "draw",
            "steal:1",
            "stop:2",
            "nuke:1:2",
            "nuke:x",
            "deal:3",
            "foil",
            "counter",
            "accept",
            "end",
            "pass",
            "bots:step",
            "bots:all",
            "reveal",
            "new",
            "",
            "a:b:c:d",
        ]
    )
    | st.none()
    | st.text(max_size=12)
)


@given(
    reached_states(),
    st.sampled_from(sorted(GESTURE_KINDS)),
    KEYS,
    KEYS,
    st.integers(0, 5),
)
def test_every_gesture_is_a_panel_call_or_a_refusal_in_words(
    state: LexState, kind: str, card: str | None, zone: str | None, seat: int
) -> None:
    state = named(state)
    seat = seat % state.players
    moves = GAME.legal_moves(state) if GAME.to_move(state) == seat else []
    meant = interpret(
        Gesture(kind, card, zone), GAME.observation(state, seat), TableContext(moves=moves)
    )  # type: ignore[arg-type]
    if isinstance(meant, Call):
        assert meant.method in PANEL_CALLS
    else:
        assert isinstance(meant, Refusal)
        if meant.text:
            assert_good_wording(meant.text)


def test_moves_or_picked_cards_of_the_wrong_kind_are_refused_in_a_sentence() -> None:
    view = GAME.observation(GAME.new_state(1), 0)
    for moves, picked in ((None, ()), ([], None), ([], "AS"), ([], [3])):
        with pytest.raises(ValueError, match=r"must be a list of .*\.$"):
            interpret(Gesture("card", "AS"), view, TableContext(moves=moves, picked=picked))  # type: ignore[arg-type]


def test_a_drop_beside_every_player_is_refused() -> None:
    state = named(stack("3S", hands=["JS", "KC"]))
    for zone in ("seat:9", "seat:²", "seat:-1"):
        meant = interpret(
            Gesture("drop", "JS", zone), GAME.observation(state, 0), TableContext(moves=[])
        )
        assert meant == Refusal("Drop the card on a player.")
    assert isinstance(
        interpret(
            Gesture("control", None, "steal:²"), GAME.observation(state, 0), TableContext(moves=[])
        ),
        Refusal,
    )


def test_an_action_card_is_picked_up_then_put_on_a_player_or_back() -> None:
    state = named(stack("3S", hands=["6S JS KD", "KC", "QD"], players=3))
    view, moves = GAME.observation(state, 0), GAME.legal_moves(state)
    assert interpret(Gesture("card", "6S"), view, TableContext(moves=moves)) == Call(
        "pick", ("6S",)
    )
    assert isinstance(
        interpret(Gesture("card", "KD"), view, TableContext(moves=moves)), Refusal
    )  # not an action
    held = lex_table(view, moves, TableOptions(picked=("6S",)))
    assert [c.key for c in held.zone("hand").cards if c.highlighted] == ["6S"]
    assert all(held.zone(f"seat:{seat}").highlighted for seat in (1, 2))
    # Enter on a player sends a drop (or a zone, read the same way): the move of nuke:2:1
    nuke = Call("nuke", (2, 1))
    assert (
        interpret(Gesture("drop", "6S", "seat:2"), view, TableContext(moves=moves, picked=("6S",)))
        == nuke
    )
    assert (
        interpret(Gesture("zone", None, "seat:2"), view, TableContext(moves=moves, picked=("6S",)))
        == nuke
    )
    assert interpret(Gesture("control", None, "nuke:2:1"), view, TableContext(moves=moves)) == nuke
    assert interpret(Gesture("cancel"), view, TableContext(moves=moves, picked=("6S",))) == Call(
        "put_back"
    )
    assert interpret(
        Gesture("card", "6S"), view, TableContext(moves=moves, picked=("6S",))
    ) == Call("put_back")
    assert interpret(Gesture("cancel"), view, TableContext(moves=moves)) == Refusal("")


def test_the_panel_picks_up_plays_and_puts_back() -> None:
    panel = LexPanel(seed=3, players=3, auto=False, save=False)
    panel.restart(named(stack("3S", hands=["6S JS KD", "KC", "QD"], players=3)))
    assert not panel.pick("KD") and panel.picked == ()
    panel.handle(Gesture("card", "JS"))
    assert panel.picked == ("JS",) and panel.table_view().zone("seat:1").highlighted
    panel.handle(Gesture("cancel"))
    assert panel.picked == () and not panel.table_view().zone("hand").cards[1].highlighted
    panel.handle(Gesture("card", "JS"))
    panel.handle(Gesture("zone", None, "seat:1"))
    assert panel.picked == () and len(panel.state.hands[1]) == 0  # stolen from Bot 1

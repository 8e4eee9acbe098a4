"""Gestures, pure: a click, drag or button means a call of the panel's API, or a refusal."""

from dataclasses import dataclass
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.absolutely_aces import AbsolutelyAces
from acelab.absolutely_aces.gestures import interpret
from acelab.absolutely_aces.table_view import REVEAL
from acelab.widgets.view_model import Call, Refusal

GAME = AbsolutelyAces()


@dataclass(frozen=True)
class G:
    kind: str
    card: str | None = None
    zone: str | None = None


def test_gestures_mean_calls_or_refusals() -> None:
    view = GAME.observation(GAME.new_state(0), 0)
    assert interpret(G("card", "S1", "hand"), view) == Call("pick", ("S1",))
    assert isinstance(interpret(G("card", "H2", "them"), view), Refusal)
    assert interpret(G("control", None, "tree"), view) == Call("show_tree")
    assert interpret(G("control", None, "pair:Roll"), view) == Call("play_pair", ("Roll",))
    assert isinstance(interpret(G("drop", "S1", "hand"), view), Refusal)
    playing = GAME.round_from(("H4 H10 S1 S11 S7", "H8 H12 H6 H2 S9"), ("H4", "H8"))
    assert interpret(G("drop", "H6", "their_reserve"), GAME.observation(playing, 1)) == Call(
        "play_card", ("H6",)
    )
    assert interpret(G("card", "S1", "hand"), GAME.observation(playing, 0)) == Refusal(
        "It is not your go yet."
    )


def screened(seed: int = 0) -> Any:
    """A hot seat's panel after player 1's secret pick: the pass-the-device screen is up for
    player 2 (the seated panel answers behind it before the game reads a gesture)."""
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

    panel = AbsolutelyAcesPanel(seed=seed, hot_seat=True, save=False)
    panel.pick(panel.state.hands[0][0])
    assert panel.hidden and panel.viewer == 1
    return panel


def test_the_pass_screen_answers_only_its_button_and_new_game() -> None:
    panel = screened()
    state = panel.state
    view = GAME.observation(state, 1)
    assert panel.interpret(G("control", None, REVEAL)) == Call("reveal")
    assert panel.interpret(G("control", None, "new")) == Call("new_game")
    assert isinstance(panel.interpret(G("card", state.hands[1][0], "hand")), Refusal)
    assert isinstance(panel.interpret(G("control", None, "tree")), Refusal)
    assert isinstance(interpret(G("control", None, REVEAL), view), Refusal)


TEXT = st.none() | st.text(max_size=12) | st.sampled_from(["S1", "H6", "hand", "pair:", "tree"])


@cache
def one_screened() -> Any:
    """One panel behind its pass-the-device screen (what a gesture means there does not depend
    on the deal; the seated panel answers before the game reads it)."""
    return screened()


@given(
    kind=st.sampled_from(["card", "drop", "control", "cancel", "zone", "key", ""]) | st.text(),
    card=TEXT,
    zone=TEXT,
    hidden=st.booleans(),
    seed=st.integers(0, 100),
)
@settings(max_examples=300, deadline=None)
def test_any_gesture_means_a_known_call_or_a_refusal_in_words(kind, card, zone, hidden, seed):
    view = GAME.observation(GAME.new_state(seed), 0)
    gesture = G(kind, card, zone)
    meant = one_screened().interpret(gesture) if hidden else interpret(gesture, view)
    if isinstance(meant, Refusal):
        assert meant.text.endswith(".")
    else:
        methods = {"pick", "play_card", "play_pair", "show_tree", "new_game", "reveal"}
        assert meant.method in methods

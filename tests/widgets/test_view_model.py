"""The reading every game's ``gestures.interpret`` shares (:func:`interpreter`): one signature,
the view and the context checked, and what is not a gesture refused before a game reads it."""

from __future__ import annotations

import inspect

import pytest

from acelab.absolutely_aces import gestures as aces
from acelab.ace_of_spades import gestures as spades
from acelab.ace_of_spades_lex import gestures as lex
from acelab.ace_pilot import gestures as pilot
from acelab.widgets.table import Gesture
from acelab.widgets.view_model import (
    NO_CONTEXT,
    NOT_A_GESTURE,
    Call,
    ReadGesture,
    Refusal,
    TableContext,
    interpreter,
)

read: list[tuple[ReadGesture, str]] = []


@interpreter(str)
def meaning(gesture: ReadGesture, view: str) -> Call | Refusal:
    """What a gesture means on a table shown as words."""
    read.append((gesture, view))
    return Call("say", (gesture.card,))


def test_the_game_reads_the_gesture_and_the_context_it_was_given() -> None:
    read.clear()
    context = TableContext(picked=("AS",))
    assert meaning(Gesture("card", "AS", "hand"), "a table", context) == Call("say", ("AS",))
    assert read == [(ReadGesture("card", "AS", "hand", context), "a table")]
    assert meaning(Gesture("cancel"), "a table") == Call("say", (None,))
    assert read[-1][0].context is NO_CONTEXT


def test_what_is_not_a_gesture_is_refused_before_the_game_reads_it() -> None:
    read.clear()
    for bad in ("x", None, Gesture(3, "AS", "hand")):  # type: ignore[arg-type]
        assert meaning(bad, "a table") == NOT_A_GESTURE  # type: ignore[arg-type]
    assert read == []


def test_a_wrong_view_or_context_is_refused_in_a_sentence() -> None:
    with pytest.raises(ValueError, match=r"^Give the view of the player at the table, not"):
        meaning(Gesture("card", "AS"), 7)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="TableContext"):
        meaning(Gesture("card", "AS"), "a table", {"picked": ()})  # type: ignore[arg-type]
    assert isinstance(NOT_A_GESTURE, Refusal)


@pytest.mark.parametrize("module", [pilot, spades, lex, aces])
def test_every_game_interprets_with_one_signature(module: object) -> None:
    interpret = module.interpret  # type: ignore[attr-defined]
    assert interpret.__name__ == "interpret" and interpret.__module__ == module.__name__  # type: ignore[attr-defined]
    assert interpret.__doc__
    assert list(inspect.signature(interpret).parameters) == ["gesture", "view", "context"]
    assert inspect.signature(interpret).parameters["context"].default is NO_CONTEXT

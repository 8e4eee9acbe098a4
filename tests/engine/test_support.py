"""The shared test check illegal() passes a good refusal and fails every bad one."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from acelab.engine import IllegalMove, Move, Step
from tests.engine.toy import Phase, Pile, PileState, Take
from tests.support import illegal

STATE = PileState(1, 0, Phase.TAKE)


def test_a_refusal_in_one_sentence_that_changes_nothing_passes() -> None:
    reason = illegal(Pile(), STATE, Take(2), "Take 1 or 2", "at most the 1 left")
    assert reason == "Take 1 or 2 counters, at most the 1 left."


@dataclass(frozen=True)
class Say(Move):
    reason: str


class Talker(Pile):
    """Refuses every Say with its reason; accepts everything else without a change."""

    def step(self, state: PileState, move: Move) -> Step[PileState]:
        if isinstance(move, Say):
            raise IllegalMove(move.reason)
        return Step(state, ())


@pytest.mark.parametrize(
    ("move", "words"),
    [
        (Say("Two sentences. Here."), ()),
        (Say("No full stop"), ()),
        (Say("Wrong! Twice."), ()),
        (Say("Take one."), ("two",)),
        (Take(1), ()),  # not refused at all
    ],
)
def test_every_bad_refusal_fails(move: Move, words: tuple[str, ...]) -> None:
    with pytest.raises((AssertionError, pytest.fail.Exception)):
        illegal(Talker(), STATE, move, *words)


def test_a_refusal_that_changed_the_state_fails() -> None:
    class Changer(Pile):
        def step(self, state: PileState, move: Move) -> Step[PileState]:
            object.__setattr__(state, "pile", 0)
            raise IllegalMove("No.")

    with pytest.raises(AssertionError):
        illegal(Changer(), PileState(1, 0, Phase.TAKE), Take(1))

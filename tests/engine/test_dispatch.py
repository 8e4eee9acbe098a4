"""MoveTable dispatches by phase and refuses in one sentence; describe never fails."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.engine import IllegalMove, Move, MoveTable, describe
from tests.engine.toy import TABLE, Phase, Pile, PileState, Resign, Take, Taken

GAME = Pile()


def test_a_listed_move_runs_its_handler_and_reports_its_events() -> None:
    state = PileState(5, 0, Phase.TAKE)
    step = GAME.step(state, Take(2))
    assert step.state == PileState(3, 1, Phase.TAKE)
    assert step.events == (Taken(0, 2),)
    assert state == PileState(5, 0, Phase.TAKE)


def test_a_move_of_another_game_is_refused_by_the_game_title() -> None:
    @dataclass(frozen=True)
    class Jump(Move):
        height: int

    with pytest.raises(IllegalMove) as info:
        GAME.step(PileState(5, 0, Phase.TAKE), Jump(3))
    assert info.value.reason == "Jump(3) is not a Pile move."


def test_the_article_fits_the_title() -> None:
    table: MoveTable[PileState, Phase] = MoveTable(
        "Ace Pilot", {Phase.TAKE: {Take: lambda s, m, e: s}}, {Phase.TAKE: "a", Phase.OVER: "b"}
    )
    assert table.refusal(PileState(5, 0, Phase.TAKE), None) == "None is not an Ace Pilot move."


def test_a_move_at_the_wrong_time_says_what_to_do() -> None:
    over = GAME.apply(PileState(2, 0, Phase.TAKE), Take(2))
    with pytest.raises(IllegalMove) as info:
        GAME.step(over, Take(1))
    assert info.value.reason == "You cannot Take(1) now: it is time to nothing: the game is over."


def test_a_game_may_word_its_own_refusals() -> None:
    table: MoveTable[PileState, Phase] = MoveTable(
        "Pile",
        {Phase.TAKE: {Take: lambda s, m, e: s}},
        {Phase.TAKE: "take", Phase.OVER: "rest"},
        unknown_move=lambda move: "Only take counters.",
        wrong_phase=lambda state, move: "The game is over.",
    )
    with pytest.raises(IllegalMove, match="Only take counters"):
        table.step(PileState(5, 0, Phase.TAKE), Resign())
    with pytest.raises(IllegalMove, match="The game is over"):
        table.step(PileState(5, 0, Phase.OVER), Take(1))
    assert table.move_types == {Take}
    assert table.allows(Phase.TAKE, Take) and not table.allows(Phase.OVER, Take)


def test_every_phase_needs_its_words() -> None:
    class Two(Enum):
        A = 1
        B = 2

    with pytest.raises(ValueError, match=r"Two\.B is missing"):
        MoveTable("X", {Two.A: {}}, {Two.A: "a"})


def test_a_state_of_another_kind_is_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match=r"^This is not a Pile state but None\.$"):
        TABLE.step(None, Take(1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^This is not a Pile state but an int\.$"):
        TABLE.step(3, Take(1))  # type: ignore[arg-type]


def test_the_handler_refusal_changes_nothing() -> None:
    state = PileState(1, 0, Phase.TAKE)
    with pytest.raises(IllegalMove, match="at most the 1 left"):
        GAME.step(state, Take(2))
    assert state == PileState(1, 0, Phase.TAKE)


@dataclass(frozen=True)
class Broken(Move):
    cards: object

    def __str__(self) -> str:
        return "play " + " ".join(self.cards)  # type: ignore[call-overload]


def test_describe_never_fails() -> None:
    assert describe(Take(1)) == "Take(1)"
    assert describe(Broken(2)) == "Broken"
    assert describe(Broken(("AS", "KH"))) == "play AS KH"
    assert describe(None) == "None"
    assert describe(3) == "An int"
    assert describe([1]) == "A list"
    assert describe("x" * 100) == repr("x" * 27 + "...")
    assert len(describe(Broken(("AS",) * 100))) == 60


@given(
    st.none()
    | st.integers()
    | st.floats()
    | st.text()
    | st.binary()
    | st.lists(st.integers())
    | st.builds(Take, st.integers())
    | st.builds(Broken, st.integers() | st.lists(st.text()))
)
def test_describe_is_a_short_text_for_anything(value: object) -> None:
    text = describe(value)
    assert isinstance(text, str) and 0 < len(text) <= 60

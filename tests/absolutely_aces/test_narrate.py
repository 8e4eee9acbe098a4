"""Narration: one move's events in the learner's words, a secret pick named only to its owner."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.absolutely_aces import (
    AbsolutelyAces,
    Dealt,
    MatchWon,
    Pick,
    Picked,
    PicksRevealed,
    Play,
    Played,
    RoundEnded,
    RoundResult,
    TookReserve,
)
from acelab.absolutely_aces.narrate import SENTENCES, Narrator, narrate
from acelab.engine import Event
from tests.absolutely_aces.helpers import JUNK

GAME = AbsolutelyAces()
HOT_SEAT = Narrator(("Player 1", "Player 2"), None)


def test_a_pick_is_named_to_its_owner_only() -> None:
    assert narrate([Picked(0, "S7")]) == "You picked 7♠ Climb"
    assert narrate([Picked(1, "S9")]) == "Bot picked"
    assert narrate([Picked(0, "S7")], HOT_SEAT) == "Player 1 picked a card in secret"
    assert narrate([Picked(0)]) == "You picked"  # an old save: the card was not kept


def test_the_picks_shown_and_who_goes_first() -> None:
    events = [Picked(1, "S9"), PicksRevealed(("S7", "S9"), 1)]
    assert narrate(events) == "Bot picked; picks shown: 7♠ Climb and 9♠ Swoop, Bot goes first"
    mine = [PicksRevealed(("H10", "S9"), 0)]
    assert narrate(mine) == "picks shown: 10♥ Roll and 9♠ Swoop, You go first"


def test_plays_pairs_and_the_end_of_a_round() -> None:
    assert narrate([Played(0, ("S7",)), TookReserve(0, "H4")]) == "You played 7♠ Climb"
    assert narrate([Played(1, ("H8", "H10"))]) == "Bot played the Roll Pair"
    won = [Played(0, ("H10",)), RoundEnded(RoundResult(0, 11, "H10")), Dealt(2)]
    assert narrate(won) == (
        "You played 10♥ Roll; You won the round and 11 points: Bot could not block 10♥ Roll"
    )
    pair = [Played(1, ("H8", "H10")), RoundEnded(RoundResult(1, 5, "Pair"))]
    assert narrate(pair).endswith("Bot won the round and 5 points: you could not answer the Pair")
    ace = [Played(0, ("S1",)), RoundEnded(RoundResult(0, 1, "S1"))]
    assert narrate(ace).endswith("You won the round and 1 point: Bot could not block 1♠ Ace")
    loop = [Played(1, ("S1",)), RoundEnded(RoundResult(None, 0, "loop"))]
    assert narrate(loop, HOT_SEAT) == "Player 2 played 1♠ Ace; the position repeated: no score"
    assert narrate([MatchWon(0, (15, 3))]) == ""


def test_every_event_of_the_game_has_a_phrase() -> None:
    from acelab.absolutely_aces import events

    kinds = {getattr(events, name) for name in events.__all__}
    assert kinds == set(SENTENCES) and all(issubclass(k, Event) for k in kinds)


@pytest.mark.parametrize("seed", range(5))
def test_every_step_of_a_match_narrates(seed: int) -> None:
    state = GAME.new_state(seed, target=5)
    while (player := GAME.to_move(state)) is not None:
        move = GAME.legal_moves(state)[-1]
        step = GAME.step(state, move)
        line = narrate(step.events, Narrator(viewer=player))
        assert line and line[0].isupper()
        if isinstance(move, Pick | Play):
            assert GAME.label(move.card) in line
        state = step.state


@given(events=JUNK | st.lists(JUNK | st.builds(Picked, JUNK, JUNK) | st.builds(Played, JUNK, JUNK)))
@settings(max_examples=200, deadline=None)
def test_narrate_refuses_what_are_not_events_of_a_move(events) -> None:
    try:
        line = narrate(events)
    except ValueError as error:
        assert str(error).endswith(".")
        return
    assert isinstance(line, str)


@given(names=JUNK, viewer=JUNK)
@settings(max_examples=100, deadline=None)
def test_a_narrator_refuses_bad_names_or_viewers(names, viewer) -> None:
    try:
        Narrator(names, viewer)
    except ValueError as error:
        assert str(error).endswith(").")

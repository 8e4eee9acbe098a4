"""The engine protocol of Lex's Ace of Spades: a new game, whose move it is, refusals in words,
JSON and replay, the events of a step."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.ace_of_spades_lex import (
    Accept,
    Counter,
    DealTo,
    DeuceExMachina,
    Discarded,
    Draw,
    EndTurn,
    Foil,
    LexState,
    Nuke,
    Pass,
    Phase,
    Steal,
    Stop,
    next_match,
)
from acelab.ace_pilot import Concede
from acelab.engine import IllegalMove, to_json
from acelab.engine.cards import deck, parse_card
from tests.ace_of_spades_lex.helpers import (
    GAME,
    cards,
    illegal,
    play,
    reached_states,
    stack,
)
from tests.ace_of_spades_lex.test_turns import exhausted

C = parse_card


# ------------------------------------------------------------------ setting up


def test_no_cards_are_dealt_and_the_first_player_begins() -> None:
    state = GAME.new_state(5, players=3, first=2)
    assert sorted(state.deck) == sorted(deck()) and len(state.deck) == 52
    assert state.hands == ((), (), ()) and state.piles == ((), (), ())
    assert GAME.to_move(state) == 2 and state.phase is Phase.TURN
    assert GAME.new_state(5, players=3, first=2) == state
    assert GAME.new_state(6, players=3, first=2).deck != state.deck


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 1}, "2 to 6 players"),
        ({"players": 7}, "2 to 6 players"),
        ({"players": True}, "2 to 6 players"),
        ({"first": 4}, "first player"),
        ({"names": ["a", "a", "b", "c"]}, "own name"),
        ({"colour": "red"}, "no option"),
        ({"names": 0}, "names as a list"),
        ({"names": ["You", ""]}, "non-empty word"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        GAME.new_state(0, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [None, 1.5, True, [1]])
def test_bad_seeds_are_refused(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        GAME.new_state(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        lambda: GAME.legal_moves("state"),
        lambda: GAME.step(None, Draw()),
        lambda: GAME.is_over(3),
        lambda: GAME.observation([], 0),
        lambda: GAME.to_move("x"),
        lambda: next_match("x", 1),
        lambda: GAME.new_state(0, players=2, names="ab"),
    ],
)
def test_public_functions_refuse_what_is_not_a_state(call: object) -> None:
    with pytest.raises(ValueError, match=r"not a state|names as a list"):
        call()  # type: ignore[operator]


def test_the_winner_of_a_match_begins_the_next() -> None:
    won = play(stack("AS", players=3, turn=1), Draw())
    assert won.outcome is not None and won.outcome.winners == (1,)
    following = next_match(won, seed=9)
    assert following.first == 1 and GAME.to_move(following) == 1 and following.players == 3
    with pytest.raises(ValueError, match="not over"):
        next_match(following, seed=10)


# ------------------------------------------------------------------ bad moves


def test_a_stopped_player_is_never_to_move() -> None:
    state = stack("3S", players=3, stopped=[1])
    assert GAME.to_move(state) == 0
    assert GAME.to_move(GAME.apply(state, Draw())) == 2


def test_a_reaction_out_of_turn_is_refused() -> None:
    state = stack("3S", hands=["", "10H"])
    illegal(state, Foil(), "nothing to answer")
    illegal(state, Accept(), "nothing to answer")


@pytest.mark.parametrize(
    "move",
    [None, "draw", 3, Concede(), Steal("1"), Steal(True), Stop(9), DealTo(-1), Steal(10**5000)],  # type: ignore[arg-type]
)
def test_anything_that_is_not_a_legal_move_is_refused_in_words(move: object) -> None:
    state = stack("3S", hands=["JS 10S", "KH"])
    illegal(state, move, " ")


# ------------------------------------------------------------------ saving and seeing


def test_events_tell_each_step_in_order() -> None:
    from acelab.ace_of_spades_lex import Dealt, Drew, Kept, Passed, Played

    assert GAME.step(stack("JS"), Draw()).events == (Drew(0, C("JS")), Kept(0, C("JS")))
    dealing = play(stack("9S 3H", players=3), Draw())
    assert GAME.step(dealing, DealTo(2)).events == (Dealt(0, 2, C("3H")),)
    played = GAME.step(stack("", hands=["10S"]), Stop(1)).events
    assert played[:2] == (Played(0, cards("10S"), 1), Discarded(0, C("10S")))
    assert Passed(0) in GAME.step(exhausted("3S", stopped=(1,)), Pass()).events


ANYTHING = (
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats()
    | st.text(max_size=200)
    | st.lists(st.text(max_size=3), max_size=7)
    | st.tuples(st.integers(), st.text())
)
MOVES = st.one_of(
    st.builds(Draw),
    st.builds(Steal, ANYTHING),
    st.builds(Stop, ANYTHING),
    st.builds(Nuke, ANYTHING, ANYTHING),
    st.builds(DealTo, ANYTHING),
    st.sampled_from([Foil(), Counter(), Accept(), EndTurn(), Pass(), DeuceExMachina()]),
    ANYTHING,
)


@given(ANYTHING, ANYTHING, ANYTHING, ANYTHING)
def test_new_state_deals_or_refuses_in_words(
    seed: object, players: object, first: object, names: object
) -> None:
    try:
        state = GAME.new_state(seed, players=players, first=first, names=names)  # type: ignore[arg-type]
    except ValueError as error:
        assert str(error).endswith(".")
        return
    GAME.check_state(state)


@given(reached_states(), MOVES)
def test_any_move_is_played_or_refused_in_words_changing_nothing(
    state: LexState, move: object
) -> None:
    before = to_json(state, GAME)
    try:
        step = GAME.step(state, move)  # type: ignore[arg-type]
    except IllegalMove as error:
        reason = error.reason.replace("...", "")  # a malformed move's long text, shortened
        assert reason.endswith(".") and reason.count(". ") == 0, error.reason
    else:
        assert move in GAME.legal_moves(state)
        GAME.check_state(step.state)
    assert to_json(state, GAME) == before


@given(reached_states(), ANYTHING, ANYTHING)
def test_the_protocol_answers_or_refuses_in_words(
    state: LexState, player: object, seed: object
) -> None:
    for call in (GAME.to_move, GAME.legal_moves, GAME.outcome, GAME.is_over, GAME.check_state):
        call(state)
        with pytest.raises(ValueError, match="not a state"):
            call(player)  # type: ignore[arg-type]
    try:
        GAME.observation(state, player)  # type: ignore[arg-type]
    except ValueError as error:
        assert "no player" in str(error)
    try:
        following = next_match(state, seed)  # type: ignore[arg-type]
    except ValueError as error:
        assert str(error).endswith(".")
    else:
        assert following.players == state.players

"""Absolutely Aces' rules (the rulebook and RULINGS §4), one test per rule or ruling."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.absolutely_aces import (
    AbsolutelyAces,
    AcesState,
    Dealt,
    MatchWon,
    PairDiscarded,
    Phase,
    Pick,
    Picked,
    PicksRevealed,
    Play,
    Played,
    PlayPair,
    RoundEnded,
    RoundResult,
    TookReserve,
)
from acelab.ace_pilot import DrawDeck
from acelab.engine import IllegalMove, derive_rng, to_json
from acelab.engine.cards import random_index
from tests.absolutely_aces.helpers import JUNK, reached
from tests.conformance.test_golden_deals import ACES_SEED_0 as GOLDEN_0
from tests.support import illegal

GAME = AbsolutelyAces()
EXAMPLE = ("H4 H10 S1 S11 S7", "H8 H12 H6 H2 S9")
LOOP = ("S1 S5 H6 H10 H12", "H2 H4 S7 S9 S11")
LOOP_MOVES = ["S1", "S11", "H2", "S1", "S11", "H2", "S1"]
THIRD_PAIR = ("S1 S3 S9 H10 S11", "H2 H4 H6 S7 H12")


def play(state: AcesState, *moves: str) -> AcesState:
    """Play cards by code, or Pairs by type name."""
    for move in moves:
        state = GAME.apply(
            state, PlayPair(move) if move[0].isalpha() and len(move) > 3 else Play(move)
        )
    return state


def test_deal_five_each_and_two_sit_out_from_the_seed() -> None:
    state = GAME.new_state(7)
    assert [len(h) for h in state.hands] == [5, 5] and len(state.out) == 2
    assert sorted([*state.hands[0], *state.hands[1], *state.out]) == sorted(GAME.cards.codes)
    assert state.phase is Phase.PICK and state.round == 1 and state.scores == (0, 0)
    assert GAME.new_state(7) == state and GAME.new_state(8) != state


@pytest.mark.parametrize("seed", [None, 1.5, True, [1]])
def test_seed_is_a_number_or_text(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        GAME.new_state(seed)  # type: ignore[arg-type]


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="no option named colour"):
        GAME.new_state(1, colour="red")
    with pytest.raises(ValueError, match="target"):
        GAME.new_state(1, target=0)


def test_secret_picks_in_seat_order_then_revealed() -> None:
    state = GAME.new_state(0)  # hands GOLDEN_0
    assert GAME.to_move(state) == 0
    assert GAME.legal_moves(state) == [Pick(0, c) for c in GOLDEN_0[0]]
    illegal(GAME, state, Pick(1, "S9"), "Player 0 picks first")
    step = GAME.step(state, Pick(0, "H10"))
    assert step.events == (Picked(0, "H10"),)
    assert GAME.to_move(step.state) == 1
    assert GAME.legal_moves(step.state) == [Pick(1, c) for c in GOLDEN_0[1]]
    step = GAME.step(step.state, Pick(1, "S9"))
    assert step.events == (Picked(1, "S9"), PicksRevealed(("H10", "S9"), 0))
    after = step.state
    assert GAME.to_move(after) == 0
    # The higher (H10) is discarded and its owner goes first; the lower goes to their Reserve.
    assert after.discard == ("H10",) and after.mover == 0 and after.opening
    assert after.reserves == (("S9",), ())
    assert after.hands == (("S1", "H6", "S11", "H12"), ("H2", "S3", "H4", "S7"))


def test_to_move_is_the_mover_on_a_go_and_nobody_once_over() -> None:
    state = GAME.round_from(EXAMPLE, ("H4", "H8"))
    assert GAME.to_move(state) == state.mover == 1
    assert GAME.to_move(GAME.apply(state, Play("H6"))) == 0
    over = play(GAME.round_from(("S1 S5 H6 S7 S9", "H2 H4 H8 S11 H12"), ("S9", "H8")), "H6")
    assert GAME.is_over(over) and GAME.to_move(over) is None and GAME.legal_moves(over) == []


def test_observation_hides_the_other_pick_and_the_cards_sitting_out() -> None:
    state = GAME.apply(GAME.new_state(0), Pick(0, "H10"))
    view = GAME.observation(state, 1)
    assert view.picks == (None, None) and view.picked == (True, False)
    assert view.hands == ((), GOLDEN_0[1]) and view.hand_sizes == (5, 5)
    assert GAME.observation(state, 0).hands == (GOLDEN_0[0], ())
    assert GAME.observation(state, 0).picks == ("H10", None)
    other = GAME.apply(GAME.new_state(0), Pick(0, "H12"))
    assert GAME.observation(other, 1) == view
    text = to_json(view)
    assert "seed" not in text and '"out"' not in text
    assert all(f'"{c}"' not in text for c in state.out)
    swapped = replace(state, out=state.out[::-1], seed=99)
    assert GAME.observation(swapped, 1) == view and view.out_count == 2


def test_during_the_pick_each_player_sees_only_their_own_hand() -> None:
    """RULINGS §4: the rulebook shows the hands only after the picks."""
    state = GAME.new_state(1)
    for player in (0, 1):
        view = GAME.observation(state, player)
        assert view.hands[player] == state.hands[player] and view.hands[1 - player] == ()
        assert view.hand_sizes == (5, 5) and view.out_count == 2
    assert GAME.observation(GAME.new_state(1), 0).hands[1] == ()  # the issue's example


@given(seed=st.integers(0, 10**6), rounds=st.integers(0, 3), picked=st.booleans())
@settings(max_examples=150, deadline=None)
def test_nothing_in_a_pick_view_names_a_card_of_the_other_hand(seed, rounds, picked) -> None:
    state = GAME.new_state(seed, target=None if rounds == 0 else 50)
    rng = derive_rng("leak", seed)
    while state.round <= rounds and not GAME.is_over(state):
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, moves[random_index(rng, len(moves))])
    if GAME.is_over(state):
        return
    if picked:
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert state.phase is Phase.PICK
    for player in (0, 1):  # (the results name the winning cards of earlier rounds)
        text = to_json(replace(GAME.observation(state, player), results=()))
        hidden = (*state.hands[1 - player], *state.out)
        assert not [code for code in hidden if f'"{code}"' in text]


def test_hands_are_open_after_the_picks() -> None:
    state = GAME.round_from(EXAMPLE, ("H4", "H8"))
    assert GAME.observation(state, 0).hands == GAME.observation(state, 1).hands == state.hands
    assert GAME.observation(state, 0).picks == ("H4", "H8")


def test_round_from_the_issue_example() -> None:
    state = GAME.round_from(EXAMPLE, ("H4", "H8"))
    assert state.mover == 1 and state.opening and state.reserves == ((), ("H4",))
    assert state.discard == ("H8",) and set(state.out) == {"S3", "S5"}
    assert GAME.round_result(state) is None and not GAME.is_over(state)


def test_opening_go_any_card_then_take_the_reserve() -> None:
    state = GAME.round_from(EXAMPLE, ("H4", "H8"))
    assert GAME.legal_moves(state) == [Play(c) for c in ("H2", "H6", "S9", "H12")]
    step = GAME.step(state, Play("H6"))
    assert step.events == (Played(1, ("H6",)), TookReserve(1, "H4"))
    after = step.state
    assert after.reserves == (("H6",), ()) and "H4" in after.hands[1] and after.mover == 0
    # Climb is blocked by Ace, Climb and Roll.
    assert GAME.legal_moves(after) == [Play("S1"), Play("S7"), Play("H10")]


def test_a_card_must_block_the_card_just_played() -> None:
    state = play(GAME.round_from(EXAMPLE, ("H4", "H8")), "H6")
    illegal(
        GAME, state, Play("S11"), "11♠ Swoop does not block 6♥ Climb: play Ace or Climb or Roll"
    )


def test_the_reserve_card_is_played_from_the_next_go_on() -> None:
    state = play(GAME.round_from(EXAMPLE, ("H4", "H8")), "H6")
    illegal(GAME, state, Play("H6"), "6♥ Climb is still in your Reserve")
    after = play(state, "S7")  # player 0 answers and takes H6 into hand
    assert "H6" in after.hands[0]


def test_a_card_you_do_not_hold_or_out_of_turn() -> None:
    state = GAME.round_from(EXAMPLE, ("H4", "H8"))
    illegal(GAME, state, Play("S1"), "1♠ Ace is in Player 0's hand: it is Player 1's go")
    illegal(GAME, state, Play("S3"), "Player 1 does not hold 3♠ Scissors")
    illegal(GAME, state, Pick(0, "S1"), "The picks are made")
    illegal(GAME, GAME.new_state(0), Play("S1"), "First both players pick")
    picked = GAME.apply(GAME.new_state(0), Pick(0, "H10"))
    illegal(GAME, picked, Pick(0, "H6"), "Player 0 has already picked")
    illegal(GAME, picked, Pick(1, "H10"), "Player 1 does not hold 10♥ Roll")
    illegal(GAME, picked, Pick(1, 7), "Player 1 does not hold 7")
    illegal(GAME, picked, Pick(1, "x" * 1000), "Player 1 does not hold that")
    illegal(GAME, picked, Pick(2, "S1"), "two players, 0 and 1")


@pytest.mark.parametrize(
    "move",
    [None, "S7", DrawDeck(), Play(5), Play("Z9"), PlayPair(None), PlayPair("Dragon")],  # type: ignore[arg-type]
)
def test_anything_else_is_an_illegal_move(move: object) -> None:
    state = GAME.round_from(EXAMPLE, ("H4", "H8"))
    before = to_json(state)
    with pytest.raises(IllegalMove):
        GAME.apply(state, move)  # type: ignore[arg-type]
    assert to_json(state) == before


def test_a_pair_answers_anything_and_wins_two_points() -> None:
    state = GAME.round_from(("S1 S5 H6 S7 S9", "H2 H4 H8 S11 H12"), ("S9", "H8"))
    assert PlayPair("Climb") in GAME.legal_moves(state)
    step = GAME.step(state, PlayPair("Climb"))
    # Player 1 holds no Ace, Climb or Roll and no Pair: the round is lost to a Pair.
    assert step.events[0] == Played(0, ("H6", "S7"))
    assert step.events[-1] == RoundEnded(RoundResult(0, 2, "Pair"))
    assert GAME.round_result(step.state) == (0, 2) and GAME.is_over(step.state)


def test_a_pair_sits_in_the_reserve_until_blocked_then_is_discarded() -> None:
    state = GAME.round_from(THIRD_PAIR, ("S1", "H12"))
    state = play(state, "Climb")
    assert state.reserves[0] == ("H6", "S7") and state.pairs == 1
    assert GAME.legal_moves(state) == [Play("H10"), PlayPair("Swoop")]
    illegal(GAME, state, Play("S3"), "3♠ Scissors does not block the Climb Pair")
    step = GAME.step(state, Play("H10"))
    assert PairDiscarded(0, ("H6", "S7")) in step.events
    assert {"H6", "S7"} <= set(step.state.discard)
    assert "H6" not in step.state.hands[0] and "S7" not in step.state.hands[0]


def test_a_pair_answered_by_a_pair_is_discarded_too() -> None:
    state = play(GAME.round_from(THIRD_PAIR, ("S1", "H12")), "Climb")
    step = GAME.step(state, PlayPair("Swoop"))
    assert step.events == (Played(0, ("S9", "S11")), PairDiscarded(0, ("H6", "S7")))
    assert step.state.reserves == ((), ("S9", "S11")) and step.state.pairs == 2
    # The Swoop Pair must now be blocked by Ace, Break or Scissors.
    assert GAME.legal_moves(step.state) == [Play("S1"), Play("H2"), Play("H4")]


def test_at_most_two_pairs_a_round() -> None:
    state = play(GAME.round_from(THIRD_PAIR, ("S1", "H12")), "Climb", "H10", "H2", "Swoop", "S1")
    assert state.pairs == 2 and {"H2", "S3"} <= set(state.hands[0])
    assert GAME.legal_moves(state) == [Play("H2"), Play("S3")]
    illegal(GAME, state, PlayPair("Scissors"), "Two Pairs have been played this round")


def test_cannot_answer_loses_and_a_heart_scores_its_number_plus_one() -> None:
    state = GAME.round_from(("S1 H4 H6 S9 H10", "H2 S3 S5 H8 H12"), ("S1", "H2"))
    step = GAME.step(state, Play("H8"))  # Roll: blocked by Ace or Scissors, none in hand
    assert step.events[-1] == RoundEnded(RoundResult(1, 9, "H8"))
    assert GAME.round_result(step.state) == (1, 9) and step.state.scores == (0, 9)
    assert GAME.legal_moves(step.state) == []


def test_a_spade_scores_its_number() -> None:
    state = GAME.round_from(("H4 S7 H10 S11 H12", "S1 H2 S3 S5 H8"), ("S7", "H8"))
    step = GAME.step(state, Play("S3"))  # Scissors: blocked by Ace or Climb
    assert GAME.round_result(step.state) == (1, 3)


def test_no_card_left_that_blocks_and_no_pair_loses() -> None:
    state = GAME.round_from(("S1 S5 H6 S7 S9", "H2 H4 H8 S11 H12"), ("S9", "H8"))
    after = play(state, "H6")  # Climb; player 1 has H2 H4 S11 H12 and the Reserve card
    assert GAME.round_result(after) == (0, 7) and after.outcome is not None
    assert after.outcome.winners == (0,) and "Player 1 could not answer" in after.outcome.reason


def test_loop_rule_a_repeated_position_ends_the_round_with_no_score() -> None:
    state = GAME.round_from(LOOP, ("H10", "H2"))
    for move in LOOP_MOVES[:-1]:
        state = play(state, move)
        assert not GAME.is_over(state)
    step = GAME.step(state, Play(LOOP_MOVES[-1]))
    assert step.events[-1] == RoundEnded(RoundResult(None, 0, "loop"))
    assert GAME.round_result(step.state) == (None, 0)
    assert step.state.outcome is not None and step.state.outcome.winners == ()


def test_loop_rule_off_lets_positions_repeat() -> None:
    state = GAME.round_from(LOOP, ("H10", "H2"), loop_rule=False)
    state = play(state, *LOOP_MOVES, "S11", "H2")
    assert not GAME.is_over(state) and state.seen == ()


def test_the_opening_go_is_not_the_same_position_as_a_later_go() -> None:
    state = GAME.round_from(LOOP, ("H10", "H2"))
    later = play(state, *LOOP_MOVES[:6])
    assert later.mover == 0 and later.reserves[0] == ("H2",)
    # Same cards in the same places as the opening, but now H2 must be blocked.
    assert later.hands == state.hands and not later.opening
    assert GAME.position_key(later) != GAME.position_key(state)


def test_a_match_goes_on_to_15_with_new_deals_from_the_seed() -> None:
    state = GAME.new_state(3)
    rounds = 0
    while not GAME.is_over(state):
        if state.phase is Phase.PICK:
            state = GAME.apply(state, Pick(0, state.hands[0][0]))
            step = GAME.step(state, Pick(1, state.hands[1][-1]))
        else:
            step = GAME.step(state, GAME.legal_moves(state)[0])
        if any(isinstance(e, Dealt) for e in step.events):
            rounds += 1
            assert step.state.phase is Phase.PICK and step.state.round == rounds + 1
            assert [len(h) for h in step.state.hands] == [5, 5] and step.state.seen == ()
        state = step.state
    assert max(state.scores) >= 15 and state.outcome is not None
    winner = state.scores.index(max(state.scores))
    assert state.outcome.winners == (winner,)
    assert sum(r.points for r in state.results if r.winner == winner) == state.scores[winner]
    assert len(state.results) == rounds + 1
    assert GAME.round_result(state) == (state.results[-1].winner, state.results[-1].points)


def test_match_won_event_and_the_next_round_is_first_picked() -> None:
    state = GAME.new_state(5, target=2)
    events = []
    while not GAME.is_over(state):
        if state.phase is Phase.PICK:
            moves = [Pick(0, state.hands[0][0]), Pick(1, state.hands[1][0])]
        else:
            moves = [GAME.legal_moves(state)[-1]]
        for move in moves:
            step = GAME.step(state, move)
            events += step.events
            state = step.state
    assert isinstance(events[-1], MatchWon) and events[-1].scores == state.scores
    reveals = [e for e in events if isinstance(e, PicksRevealed)]
    for reveal in reveals:
        numbers = [GAME.card(c).number for c in reveal.picks]
        assert reveal.first == numbers.index(max(numbers))


@pytest.mark.parametrize(
    ("hands", "picks", "words"),
    [
        (
            ("H4 H10 S1 S11 S7", "H8 H12 H6 H2 S1"),
            ("H4", "H8"),
            "The hands overlap: both hold 1♠ Ace",
        ),
        (("H4 H10 S1 S11", "H8 H12 H6 H2 S9"), ("H4", "H8"), "Player 0's hand has 4 cards, not 5"),
        (
            ("H4 H10 S1 S11 S7", "H8 H12 H6 H2 S9"),
            ("H4", "S3"),
            "Player 1's pick 'S3' is not in their hand",
        ),
        (("H4 H10 S1 S11 S7", "H8 H12 H6 H2 S9"), ("H4",), "Give two picks"),
        (("H4 H4 S1 S11 S7", "H8 H12 H6 H2 S9"), ("H4", "H8"), "lists a card twice"),
        (("H4 H10 S1 S11 S13", "H8 H12 H6 H2 S9"), ("H4", "H8"), "'S13' is not a card"),
    ],
)
def test_round_from_refuses_bad_hands(
    hands: tuple[str, str], picks: tuple[str, ...], words: str
) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        GAME.round_from(hands, picks)


@pytest.mark.parametrize(
    "ask",
    [
        GAME.legal_moves,
        GAME.to_move,
        GAME.is_over,
        GAME.outcome,
        GAME.round_result,
        GAME.to_answer,
        GAME.position_key,
        lambda s: GAME.observation(s, 0),
        lambda s: GAME.step(s, Play("S1")),
    ],
)
@given(junk=JUNK)
@settings(max_examples=30, deadline=None)
def test_every_question_refuses_what_is_not_a_state(ask, junk) -> None:
    with pytest.raises(ValueError, match=r"^[A-Z].*\.$"):
        ask(junk)


@given(hands=JUNK | st.lists(JUNK, max_size=3), picks=JUNK, loop_rule=JUNK)
@settings(max_examples=200, deadline=None)
def test_round_from_refuses_anything_but_two_hands_and_their_picks(hands, picks, loop_rule) -> None:
    with pytest.raises(ValueError, match=r"^[A-Z0-9'].*\.$"):
        GAME.round_from(hands, picks, loop_rule)


@given(seed=JUNK, loop_rule=JUNK, target=JUNK)
@settings(max_examples=200, deadline=None)
def test_new_state_refuses_bad_options_or_deals(seed, loop_rule, target) -> None:
    try:
        state = GAME.new_state(seed, loop_rule=loop_rule, target=target)
    except ValueError as error:
        assert str(error).endswith(".")
        return
    GAME.check_state(state)


@given(player=JUNK)
@settings(max_examples=50, deadline=None)
def test_observation_refuses_a_player_who_is_not_0_or_1(player) -> None:
    if type(player) is int and player in (0, 1):
        return
    with pytest.raises(ValueError, match="The players are 0 and 1"):
        GAME.observation(GAME.new_state(1), player)


MOVES = st.builds(Pick, JUNK, JUNK) | st.builds(Play, JUNK) | st.builds(PlayPair, JUNK) | JUNK


@given(seed=st.integers(0, 50), steps=st.integers(0, 30), move=MOVES)
@settings(max_examples=300, deadline=None)
def test_any_move_is_applied_or_refused_in_words_and_nothing_changes(seed, steps, move) -> None:
    state = reached(seed, steps)
    before = to_json(state, GAME)
    try:
        after = GAME.apply(state, move)
    except IllegalMove as error:
        assert error.reason.endswith(".") and len(error.reason) < 200
        assert to_json(state, GAME) == before
        return
    assert any(GAME.apply(state, listed) == after for listed in GAME.legal_moves(state))
    GAME.check_state(after)

"""The round flow of RULINGS §1: setup, Reveal, Draw, Assault, Victory, Defeat, Discard."""

import random
from dataclasses import replace

import pytest

from acelab.ace_pilot import (
    AcePilot,
    Assault,
    ChoosePilot,
    Concede,
    ContinueSession,
    Discard,
    DrawDeck,
    DrawDiscard,
    DrawOdd,
    EndSession,
    Equation,
    KeepJoker,
    Phase,
    PilotState,
    RestorePilots,
)
from acelab.engine import to_json
from acelab.engine.cards import JOKER, parse_card, parse_cards
from tests import support

H, S, C, D = (parse_card(f"A{s}").suit for s in "HSCD")
GAME = AcePilot()


def make(deck: str = "", hand: str = "", **fields: object) -> PilotState:
    """A hand-made state; the cards not named are not needed by the test."""
    base = PilotState(
        seed=0,
        challenge=1,
        phase=Phase.CHOOSE_PILOT,
        deck=parse_cards(deck),
        hand=parse_cards(hand),
    )
    return replace(base, **fields)  # type: ignore[arg-type]


def illegal(state: PilotState, move: object, *words: str) -> None:
    support.illegal(GAME, state, move, *words)


def count(state: PilotState) -> int:
    zones = (state.deck, state.hand, state.discard, state.odds, state.evens, state.jokers)
    return sum(len(z) for z in zones)


def test_setup_deals_three_cards_from_fifty() -> None:
    state = GAME.new_state(7)
    assert count(state) == 50
    assert len(state.hand) == 3 and not any(c.is_joker for c in state.hand)
    assert state.phase is Phase.CHOOSE_PILOT
    assert set(state.ready) == {H, S, C, D} and state.assault is None
    assert GAME.new_state(7) == state and GAME.new_state(8) != state


def test_observation_hides_the_deck_order() -> None:
    state = GAME.new_state(3)
    view = GAME.observation(state, 0)
    assert view.deck_count == len(state.deck)
    text = to_json(view)
    assert "seed" not in text and '"deck"' not in text
    other = replace(state, deck=tuple(reversed(state.deck)))
    assert GAME.observation(other, 0) == view


def test_reveal_odds_jokers_then_an_even() -> None:
    state = make("5S JK 9H 8D 2C", "9S 6H 2D")
    state = GAME.apply(state, ChoosePilot(S))
    assert state.odds == parse_cards("5S 9H")
    assert state.jokers == (JOKER,)
    assert state.evens == parse_cards("8D") and state.target == 8
    assert state.phase is Phase.DRAW
    assert GAME.legal_moves(state) == [DrawOdd(parse_card("5S")), DrawOdd(parse_card("9H"))]
    illegal(state, DrawDiscard(), "Revealed Odd")
    illegal(state, DrawOdd(parse_card("7S")), "not among the Revealed Odds")
    drawn = GAME.apply(state, DrawOdd(parse_card("9H")))
    assert parse_card("9H") in drawn.hand and drawn.discard == parse_cards("5S")
    assert drawn.phase is Phase.ASSAULT


def test_challenge_rating_reveals_n_evens_and_sums_them() -> None:
    state = make("8S 3H 10D 4C", "9S 6H 2D", challenge=2)
    state = GAME.apply(state, ChoosePilot(H))
    assert state.target == 18 and state.odds == parse_cards("3H")


def test_running_out_of_deck_while_revealing_wins() -> None:
    state = GAME.apply(make("3S 5H", "9S 6H 2D"), ChoosePilot(H))
    assert GAME.is_over(state) and GAME.outcome(state) is not None
    assert GAME.outcome(state).won()  # type: ignore[union-attr]
    assert GAME.legal_moves(state) == []


def test_draw_discard_top_then_deck_top() -> None:
    state = make("4S 7C", "9S 6H 2D", discard=parse_cards("3C 5D"))
    state = GAME.apply(state, ChoosePilot(H))
    assert GAME.legal_moves(state) == [DrawDiscard()]
    illegal(state, DrawDeck(), "discard pile has cards")
    assert parse_card("5D") in GAME.apply(state, DrawDiscard()).hand
    state = GAME.apply(make("4S JK 7C", "9S 6H 2D"), ChoosePilot(H))
    assert GAME.legal_moves(state) == [DrawDeck()]
    drawn = GAME.apply(state, DrawDeck())
    assert parse_card("7C") in drawn.hand and drawn.jokers == (JOKER,)


def round_one() -> PilotState:
    """Rulebook round 1: Sabina starts, 9 9 6 in hand, reveal 5 3 2: draw the 3."""
    state = make("5C 3D 2S 10H 4H", "9S 9H 6C")
    state = GAME.apply(state, ChoosePilot(S))
    return GAME.apply(state, DrawOdd(parse_card("3D")))


def test_victory_round_one() -> None:
    state = round_one()
    assert state.target == 2
    eq = Equation.parse("S(9,9,6) D(3)")
    assert Assault(eq, D) in GAME.legal_moves(state)
    won = GAME.apply(state, Assault(eq))
    assert won.assault is D  # Duke, the Ending Pilot, stays
    assert S in won.ready and D not in won.ready
    assert sorted(c.value for c in won.hand) == [2, 3, 6, 9, 9]
    assert won.phase is Phase.DISCARD
    state = GAME.apply(won, Discard(parse_card("9S")))
    state = GAME.apply(state, Discard(parse_card("3D")))
    assert state.discard[-1] == parse_card("3D")  # chosen top card
    assert len(state.hand) == 3 and state.phase is Phase.DRAW  # next Reveal done: 10 revealed
    assert state.target == 10


def test_equation_must_reach_the_target() -> None:
    state = round_one()
    illegal(state, Assault(Equation.parse("S(9,6) D(3)")), "not the target 2")
    illegal(state, Assault(Equation.parse("H(9,9) D(3)")), "Starting Pilot")
    illegal(state, Assault(Equation.parse("S(9,9,9) D(3)")), "does not hold 9")
    illegal(state, Assault(Equation.parse("S(9,9,6) D(3)"), H), "Ending Pilot")
    illegal(state, Discard(parse_card("9S")), "cannot discard 9♠ now")


def test_ending_pilot_is_chosen_among_added_pilots() -> None:
    # Round 8: 4 / (13 - 6) rounded down, + 12 = 12, Hailey or Duke may end.
    state = make("KS QH 2C", "4S 6H QD", assault=S, ready=(H, C, D))
    state = GAME.apply(
        replace(state, phase=Phase.CHOOSE_PILOT, assault=None, ready=(H, S, C, D)), ChoosePilot(S)
    )
    state = GAME.apply(state, DrawOdd(parse_card("KS")))
    eq = Equation.parse("D(4) S(13,6) H(12)")
    illegal(state, Assault(eq), "Ending Pilot")
    won = GAME.apply(state, Assault(eq, H))
    assert won.assault is H and set(won.ready) == {S, C, D}
    assert GAME.apply(state, Assault(eq, D)).assault is D


def test_defeat_without_joker_defeats_the_starting_pilot() -> None:
    state = round_one()
    lost = GAME.apply(state, Concede())
    assert lost.defeated == (S,) and lost.assault is None
    assert lost.discard[-1] == parse_card("2S")  # the target goes to the discard pile
    assert sorted(c.value for c in lost.hand) == [3, 6, 9, 9]
    state = GAME.apply(lost, Discard(parse_card("3D")))
    assert state.phase is Phase.CHOOSE_PILOT and state.target == 10  # after the Reveal
    illegal(state, ChoosePilot(S), "Defeated")


def test_defeat_with_a_joker_must_spend_it() -> None:
    state = replace(round_one(), jokers=(JOKER,))
    lost = GAME.apply(state, Concede())
    assert lost.jokers == () and lost.defeated == () and S in lost.ready
    assert JOKER in lost.discard


def test_victory_may_spend_a_joker_to_restore_the_defeated() -> None:
    state = replace(round_one(), jokers=(JOKER,), defeated=(H, C))
    state = replace(state, ready=(D,))
    won = GAME.apply(state, Assault(Equation.parse("S(9,9,6) D(3)")))
    assert won.phase is Phase.RESTORE
    assert GAME.legal_moves(won) == [RestorePilots(), KeepJoker()]
    restored = GAME.apply(won, RestorePilots())
    assert restored.defeated == () and set(restored.ready) == {H, S, C} and not restored.jokers
    kept = GAME.apply(won, KeepJoker())
    assert kept.defeated == (H, C) and kept.jokers == (JOKER,)


def test_restoring_is_only_offered_on_victory_with_defeated_pilots() -> None:
    won = GAME.apply(
        replace(round_one(), jokers=(JOKER,)), Assault(Equation.parse("S(9,9,6) D(3)"))
    )
    assert won.phase is Phase.DISCARD


def test_all_four_defeated_loses() -> None:
    state = replace(round_one(), defeated=(H, C, D), ready=())
    lost = GAME.apply(state, Concede())
    assert GAME.is_over(lost) and not lost.outcome.won()  # type: ignore[union-attr]


def test_division_by_zero_loses_at_once() -> None:
    state = make("5C 3D 2S", "9S 9H 6C")
    state = GAME.apply(GAME.apply(state, ChoosePilot(S)), DrawOdd(parse_card("3D")))
    eq = Equation.parse("D(3) S(9,9)")
    assert Assault(eq) in GAME.legal_moves(state) or Assault(eq, D) in GAME.legal_moves(state)
    over = GAME.apply(state, Assault(eq))
    assert GAME.is_over(over) and "divides by zero" in over.outcome.reason  # type: ignore[union-attr]


def test_extended_session_continues_at_the_next_rating() -> None:
    state = make("3S", "9S 6H 2D", extended=True, jokers=(JOKER,), defeated=(C,), ready=(H, S, D))
    state = replace(state, discard=parse_cards("4C 8D 5H 10S"))
    cleared = GAME.apply(state, ChoosePilot(H))
    assert cleared.phase is Phase.CLEARED
    assert GAME.legal_moves(cleared) == [ContinueSession(), EndSession()]
    going = GAME.apply(cleared, ContinueSession())
    assert going.challenge == 2 and going.defeated == (C,) and going.jokers == (JOKER,)
    assert going.hand == cleared.hand and count(going) == count(cleared)
    assert GAME.apply(cleared, EndSession()).outcome.won()  # type: ignore[union-attr]


def test_moves_read_well() -> None:
    assert str(ChoosePilot(D)) == "Duke is the Starting Pilot"
    assert str(Assault(Equation.parse("S(9,9,6) D(3)"))) == "assault with |9 − 9 − 6| / 3"


def test_the_one_player_is_to_move_until_the_game_is_over() -> None:
    state = GAME.new_state(7)
    assert GAME.to_move(state) == 0
    over = GAME.apply(make(""), ChoosePilot(S))  # nothing to reveal: the deck is cleared
    assert GAME.is_over(over) and GAME.to_move(over) is None and GAME.legal_moves(over) == []
    with pytest.raises(ValueError, match="not an Ace Pilot state but None"):
        GAME.to_move(None)  # type: ignore[arg-type]


def test_a_spent_joker_left_on_top_of_the_discard_pile_goes_back_to_the_joker_pile():
    # found by the conformance soak: drawing it would have put a joker in the hand
    game, rng = AcePilot(), random.Random(5)
    checked = 0
    for seed in range(60):
        state = game.new_state(seed)
        while not game.is_over(state) and checked < 5:
            jokers_in_deck = [c for c in state.deck if c.is_joker]
            if state.phase is Phase.DRAW and not state.odds and jokers_in_deck:
                joker = jokers_in_deck[0]
                deck = list(state.deck)
                deck.remove(joker)
                rigged = replace(state, deck=tuple(deck), discard=(*state.discard, joker))
                game.check_state(rigged)
                after = game.apply(rigged, DrawDiscard())
                game.check_state(after)
                assert joker in after.jokers and not any(c.is_joker for c in after.hand)
                assert len(after.hand) == len(state.hand) + 1
                checked += 1
            moves = game.legal_moves(state)
            state = game.apply(state, moves[rng.randrange(len(moves))])
    assert checked == 5


def test_with_nothing_left_to_draw_the_assault_uses_three_cards() -> None:
    """No Revealed Odd, an empty discard pile and only jokers in the deck: nothing is drawn."""
    state = GAME.apply(make("4S JK", "9S 6H 2D"), ChoosePilot(H))
    assert state.phase is Phase.ASSAULT and len(state.hand) == 3
    assert GAME.legal_moves(state)[-1] == Concede()
    illegal(state, DrawDeck(), "cannot draw")


def test_a_joker_in_the_opening_hand_goes_to_the_joker_pile() -> None:
    seeds = [s for s in range(200) if any(c.is_joker for c in _opening(s))]
    assert seeds, "no seed deals a joker among the first cards"
    for seed in seeds[:5]:
        state = GAME.new_state(seed)
        assert len(state.hand) == 3 and not any(c.is_joker for c in state.hand)
        assert state.jokers and all(c.is_joker for c in state.jokers)


def _opening(seed: int) -> tuple[object, ...]:
    """The first three cards of the shuffled deck a game of ``seed`` deals its hand from."""
    from acelab.engine import derive_rng
    from acelab.engine.cards import deck_without_aces, shuffle_in_place

    cards = list(deck_without_aces(jokers=2))
    shuffle_in_place(derive_rng(seed, "ace pilot", "deck", 0), cards)
    return tuple(cards[:3])

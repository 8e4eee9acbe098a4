"""What a drawn card does (RULINGS §3): discarded, kept, a win, the A♣, queens and stops."""

from __future__ import annotations

import pytest

from acelab.ace_of_spades_lex import (
    Absorbed,
    Banked,
    DealTo,
    Discarded,
    Draw,
    Freed,
    Phase,
    Skipped,
    Stop,
    Stopped,
    Won,
)
from acelab.ace_of_spades_lex.effects import stop
from acelab.ace_of_spades_lex.working import thaw
from acelab.engine.cards import parse_card
from tests.ace_of_spades_lex.helpers import GAME, cards, hand, illegal, play, stack

C = parse_card


@pytest.mark.parametrize("card", ["3S", "4H", "5D", "7C", "8S"])
def test_plain_cards_go_to_the_drawers_own_pile(card: str) -> None:
    step = GAME.step(stack(card, players=3, turn=1), Draw())
    assert step.state.piles[1] == (C(card),) and step.state.hands[1] == ()
    assert GAME.to_move(step.state) == 2 and step.state.turns == 1
    assert Discarded(1, C(card)) in step.events


@pytest.mark.parametrize("card", ["2S", "6H", "10S", "10H", "JD", "KC", "AH"])
def test_victory_action_and_reaction_cards_are_kept(card: str) -> None:
    state = play(stack(card), Draw())
    assert state.hands[0] == (C(card),) and state.piles[0] == ()


def test_the_ace_of_spades_wins_at_once() -> None:
    step = GAME.step(stack("AS"), Draw())
    assert step.state.phase is Phase.OVER and step.state.outcome is not None
    assert step.state.outcome.winners == (0,) and "A♠" in step.state.outcome.reason
    assert step.events[-1] == Won(0, cards("AS"))
    assert GAME.legal_moves(step.state) == []
    illegal(step.state, Draw(), "over")


def test_two_red_aces_win() -> None:
    state = play(stack("AH 3S AD", hands=["", "KS"]), Draw(), Draw(), Draw())
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.winning == cards("AH AD") and "two red aces" in state.outcome.reason


def test_three_kings_win() -> None:
    state = play(stack("KS", hands=["KH KD"]), Draw())
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.winning == cards("KH KD KS")


def test_club_ace_draws_five_each_resolved() -> None:
    step = GAME.step(stack("AC 3S 6H QD 10S 4C 5C"), Draw())
    state = step.state
    assert state.piles[0] == cards("AC 3S 4C")
    assert hand(state, 0) == set(cards("6H 10S")) and state.banked[0] == cards("QD")
    assert state.deck[0] == C("5C") and GAME.to_move(state) == 1


def test_club_ace_drawing_a_nine_deals_then_draws_on() -> None:
    state = play(stack("AC 3S 9H KS KH 2C 2D 2H 4S 5S 6S"), Draw())
    assert state.phase is Phase.DEALING and state.deal_left == 5 and state.draws_left == 3
    assert state.piles[0] == cards("AC 3S 9H")
    state = play(state, *[DealTo(1)] * 5)
    assert hand(state, 1) == set(cards("KS KH 2C 2D 2H"))
    assert state.piles[0] == cards("AC 3S 9H 4S 5S") and hand(state, 0) == {C("6S")}
    assert GAME.to_move(state) == 1


def test_spade_queen_stops_its_drawer_until_another_draws_a_queen() -> None:
    step = GAME.step(stack("QS 3S 4S QH", players=3), Draw())
    state = step.state
    assert state.stopped == (True, False, False) and state.piles[0] == cards("QS")
    assert Stopped(0, 0, C("QS")) in step.events
    state = play(state, Draw(), Draw())  # players 1 and 2; player 0 is skipped
    assert GAME.to_move(state) == 1
    step = GAME.step(state, Draw())  # player 1 draws Q♥: player 0 is freed
    assert step.state.stopped == (False, False, False)
    assert step.state.piles[1] == cards("3S QH") and step.state.banked[1] == ()
    assert Freed((0,), 1) in step.events and GAME.to_move(step.state) == 2


def test_a_stopped_players_turn_is_skipped() -> None:
    step = GAME.step(stack("3S", players=3, stopped=[1]), Draw())
    assert GAME.to_move(step.state) == 2 and Skipped(1) in step.events


def test_other_queens_are_banked_and_absorb_the_next_stop() -> None:
    step = GAME.step(stack("QH QS"), Draw())
    assert step.state.banked[0] == cards("QH") and Banked(0, C("QH")) in step.events
    state = stack("QS", banked=["QH"])
    step = GAME.step(state, Draw())
    assert step.state.stopped == (False, False) and step.state.banked[0] == ()
    assert step.state.piles[0] == cards("QS QH")
    assert Absorbed(0, C("QH"), C("QS")) in step.events


def test_spade_queen_frees_the_stopped_then_stops_its_drawer() -> None:
    step = GAME.step(stack("QS", players=3, stopped=[1, 2]), Draw())
    assert step.state.stopped == (True, False, False)
    assert Freed((1, 2), 0) in step.events and GAME.to_move(step.state) == 1


def test_everyone_stopped_at_once_frees_everyone() -> None:
    table = thaw(stack("3S", players=3, stopped=[1, 2]), log=[])
    stop(table, 0, 0, 44)  # cannot happen in play (a Q♠ frees the others first): the guard
    assert table.stopped == [False, False, False]
    assert table.log is not None and Freed((0, 1, 2), None) in table.log


def test_black_ten_stops_another_player_until_someone_draws_a_queen() -> None:
    state = stack("3S 4S QD", hands=["10S 10C"], players=3)
    illegal(state, Stop(0), "another player, not yourself")
    step = GAME.step(state, Stop(1))
    assert step.state.stopped == (False, True, False) and step.state.piles[0] == cards("10S")
    assert Stopped(1, 0, C("10S")) in step.events and GAME.to_move(step.state) == 2
    later = play(step.state, Draw())  # player 2; player 1 is skipped
    assert GAME.to_move(later) == 0
    illegal(later, Stop(1), "already stopped")
    freed = play(later, Draw(), Draw())  # 4S by player 0, Q♦ by player 2
    assert freed.stopped == (False, False, False) and freed.piles[2] == cards("3S QD")


def test_black_ten_against_a_banked_queen_discards_both() -> None:
    step = GAME.step(stack("", hands=["10C"], banked=["", "QH"]), Stop(1))
    assert step.state.stopped == (False, False) and step.state.banked[1] == ()
    assert step.state.piles == (cards("10C"), cards("QH"))
    assert Absorbed(1, C("QH"), C("10C")) in step.events

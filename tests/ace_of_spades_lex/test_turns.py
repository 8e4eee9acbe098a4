"""The action cards and the turn (RULINGS §3): Jacks and red tens, sixes, Nines, Deuce Ex
Machina, an exhausted deck; an action needs its card."""

from __future__ import annotations

from dataclasses import replace

from acelab.ace_of_spades_lex import (
    Accept,
    Attack,
    Counter,
    Countered,
    Dealing,
    DealTo,
    DeuceExMachina,
    Draw,
    EndTurn,
    Foil,
    Foiled,
    LexState,
    Nuke,
    Nuked,
    Pass,
    Phase,
    Rebuilt,
    Restarted,
    Stalemate,
    Steal,
    Stole,
    Stop,
    Won,
)
from acelab.engine.cards import deck, parse_card
from tests.ace_of_spades_lex.helpers import GAME, cards, hand, illegal, play, stack

C = parse_card


# ------------------------------------------------------------------ jacks and red tens


def test_jack_steals_a_random_card() -> None:
    state = stack("", hands=["JS", "2H 6C 4D"], players=3)
    illegal(state, Steal(0), "another player, not yourself")
    illegal(state, Steal(2), "Player 2 has no card to steal")
    step = GAME.step(state, Steal(1))
    (stolen,) = hand(step.state, 0)
    assert stolen in cards("2H 6C 4D") and len(step.state.hands[1]) == 2
    assert step.state.piles[0] == cards("JS") and Stole(0, 1, stolen) in step.events
    assert step.state.chance == 1 and GAME.to_move(step.state) == 1


def test_a_stolen_king_making_three_wins_at_once() -> None:
    step = GAME.step(stack("", hands=["JS KH KD", "KC"]), Steal(1))
    assert step.state.outcome is not None and step.state.outcome.winners == (0,)
    assert step.state.winning[-1] == C("KC") and step.events[-1] == Won(0, cards("KH KD KC"))


def test_a_red_ten_is_the_targets_decision() -> None:
    state = play(stack("", hands=["JS", "10H KC"], players=3), Steal(1))
    assert state.phase is Phase.REACTION and state.attack == Attack(0, 1)
    assert GAME.to_move(state) == 1 and GAME.legal_moves(state) == [Foil(), Accept()]
    illegal(state, Counter(), "against a Jack")
    illegal(state, Draw(), "Player 1 to answer the attack")
    step = GAME.step(state, Foil())
    assert step.state.piles == (cards("JS"), cards("10H"), ())
    assert step.state.hands == ((), cards("KC"), ()) and GAME.to_move(step.state) == 1
    assert Foiled(0, 1, C("JS"), C("10H")) in step.events
    taken = GAME.apply(state, Accept())
    assert len(taken.hands[0]) == 1 and len(taken.hands[1]) == 1


# ------------------------------------------------------------------ sixes


def test_sixes_nuke_a_whole_hand_into_the_deck() -> None:
    state = stack("3S", hands=["6S", "KC KD 2H"], banked=["", "QH"])
    step = GAME.step(state, Nuke(1))
    assert step.state.hands == ((), ()) and step.state.banked[1] == cards("QH")
    assert step.state.piles[0] == cards("6S") and len(step.state.deck) == 50
    assert set(cards("KC KD 2H")) <= set(step.state.deck)
    assert Nuked(0, 1, 1, 3) in step.events
    illegal(state, Nuke(1, 2), "You hold 1 six, not 2")
    illegal(state, Nuke(1, 0), "one six or more")
    illegal(state, Nuke(0), "another player")


def test_several_sixes_at_once_need_as_many_to_counter() -> None:
    state = stack("", hands=["6S 6H", "6D KC"])
    assert Nuke(1, 2) in GAME.legal_moves(state)
    step = GAME.step(state, Nuke(1, 2))  # one six cannot answer two: no question asked
    assert step.state.hands[1] == () and step.state.phase is Phase.TURN


def test_a_nuke_answered_by_sixes() -> None:
    state = play(stack("", hands=["6S 6H", "6D 6C KC"]), Nuke(1, 2))
    assert state.phase is Phase.REACTION and GAME.to_move(state) == 1
    assert GAME.legal_moves(state) == [Counter(), Accept()]
    illegal(state, Foil(), "against sixes")
    step = GAME.step(state, Counter())
    assert step.state.hands == ((), cards("KC"))
    assert step.state.piles == (cards("6S 6H"), cards("6D 6C"))
    assert Countered(1, 0, 2) in step.events and GAME.to_move(step.state) == 1
    accepted = GAME.apply(state, Accept())
    assert accepted.hands == ((), ()) and len(accepted.deck) == 52 - 2


# ------------------------------------------------------------------ nines


def test_nine_deals_five_cards_by_the_drawers_choice() -> None:
    state = play(stack("9S 2H 3H 6H QD 10C 4S", players=3), Draw())
    assert state.phase is Phase.DEALING and GAME.to_move(state) == 0
    assert GAME.legal_moves(state) == [DealTo(1), DealTo(2)]
    illegal(state, DealTo(0), "another player, not yourself")
    illegal(state, Draw(), "deal the Nine's cards")
    state = play(state, DealTo(1), DealTo(2), DealTo(2), DealTo(1), DealTo(2))
    assert state.hands == ((), cards("2H"), cards("3H 6H 10C"))
    assert state.piles == (cards("9S"), cards("QD"), ())  # a received instant is discarded
    assert GAME.to_move(state) == 1


def test_a_received_instant_is_discarded_without_effect() -> None:
    state = play(stack("9S QS AC", players=3), Draw(), DealTo(1), DealTo(2))
    assert state.piles == (cards("9S"), cards("QS"), cards("AC"))
    assert state.stopped == (False, False, False)


def test_a_nine_dealing_a_victory_card_wins_for_the_receiver() -> None:
    state = play(stack("9S 3S AS 4S 5S 7S", players=3), Draw(), DealTo(1), DealTo(2))
    assert state.outcome is None  # the receivers pick up their cards when the deal is over
    step = GAME.step(play(state, DealTo(1), DealTo(1)), DealTo(1))
    assert step.state.outcome is not None and step.state.outcome.winners == (2,)
    assert step.events[-1] == Won(2, cards("AS"))


def test_simultaneous_victories_fewer_cards_win() -> None:
    state = stack("9S KS AS 3S 4S 5S", hands=["", "KH KD"], players=3)
    state = play(state, Draw(), DealTo(1), DealTo(2), DealTo(1), DealTo(1), DealTo(1))
    assert state.outcome is not None and state.outcome.winners == (2,)
    assert "ahead of Player 1" in state.outcome.reason


def test_a_fourth_king_in_the_same_deal_still_wins_with_three() -> None:
    state = stack("9S KS KC 3S 4S 5S", hands=["", "KH KD"], players=3)
    state = play(state, Draw(), DealTo(1), DealTo(1), DealTo(2), DealTo(2), DealTo(2))
    assert state.outcome is not None and state.outcome.winners == (1,)
    assert state.winning == cards("KH KD KS") and "three kings" in state.outcome.reason


def test_two_red_aces_beat_three_kings_in_the_same_deal() -> None:
    state = stack("9S KS AD 3S 4S 5S", hands=["", "KH KD", "AH"], players=3)
    step = GAME.step(play(state, Draw(), DealTo(1), DealTo(2), DealTo(1), DealTo(1)), DealTo(1))
    assert step.state.outcome is not None and step.state.outcome.winners == (2,)
    assert step.events[-1] == Won(2, cards("AH AD"), (1,))


def test_a_nine_with_a_short_deck_rebuilds_it_first() -> None:
    state = stack("9S 3S AS", piles=["4S 5S", "7S 8S"], rest=1)
    step = GAME.step(state, Draw())
    assert Rebuilt(49) in step.events and step.state.piles == (cards("9S"), ())
    assert step.state.deal_left == 5 and step.state.deck[:2] == cards("3S AS")


def test_a_nine_deals_what_there_is_when_cards_run_short() -> None:
    full = stack("9S 3S 4S", rest=0)  # then every other card goes into player 0's hand
    state = replace(full, hands=(full.piles[0], ()), piles=((), ()))
    step = GAME.step(state, Draw())
    assert step.state.deal_left == 2 and Dealing(0, 2) in step.events
    after = play(step.state, DealTo(1), DealTo(1))
    assert after.deck == () and after.piles[1] == () and after.hands[1] == cards("3S 4S")
    assert GAME.to_move(after) == 1


# ------------------------------------------------------------------ deuce ex machina


def test_four_twos_may_restart_the_round_at_once() -> None:
    state = play(stack("2C", hands=["2S 2H 2D"]), Draw())
    assert state.phase is Phase.DEUCE and GAME.to_move(state) == 0
    assert GAME.legal_moves(state) == [DeuceExMachina(), EndTurn()]
    kept = GAME.apply(state, EndTurn())
    assert GAME.to_move(kept) == 1 and len(kept.hands[0]) == 4
    step = GAME.step(state, DeuceExMachina())
    assert step.state.round == 1 and step.state.hands == ((), ()) and len(step.state.deck) == 52
    assert Restarted(0, 1) in step.events and GAME.to_move(step.state) == 0


def test_deuce_ex_machina_on_a_later_turn_while_players_are_stopped() -> None:
    state = stack("", hands=["2S 2H 2D 2C"], banked=["", "", "QH"], players=3, stopped=[1])
    assert DeuceExMachina() in GAME.legal_moves(state)
    step = GAME.step(state, DeuceExMachina())
    restarted = step.state
    assert restarted.stopped == (False, False, False) and restarted.banked == ((), (), ())
    assert sorted(restarted.deck) == sorted(deck()) and restarted.deck != state.deck
    assert GAME.to_move(restarted) == 0 and restarted.phase is Phase.TURN
    illegal(stack("", hands=["2S 2H 2D"]), DeuceExMachina(), "you hold 3")


def test_an_action_card_drawn_this_turn_waits_for_the_next() -> None:
    state = play(stack("AC JS 2C 3S 4S 5S 7S", hands=["2S 2H 2D", "KH"]), Draw())
    assert state.phase is Phase.DEUCE
    illegal(state, Steal(1), "J♠ was drawn this turn")
    assert Steal(1) in GAME.legal_moves(play(state, EndTurn(), Draw()))


# ------------------------------------------------------------------ an exhausted deck


def exhausted(p0: str, stopped: tuple[int, ...] = ()) -> LexState:
    """No card in the deck or any pile (it cannot happen in play: the A♠ is always in the
    deck while nobody has won, so this pins what the engine would do)."""
    everything = " ".join(str(c) for c in deck() if c not in cards(p0))
    return stack("", hands=[p0, everything], stopped=stopped)


def test_with_nothing_to_draw_an_action_card_must_be_used() -> None:
    state = exhausted("JS")
    assert GAME.legal_moves(state) == [Steal(1)]
    illegal(state, Draw(), "use an action card or pass")
    illegal(state, Pass(), "still use an action card")


def test_a_full_round_with_nobody_able_to_act_is_a_draw() -> None:
    state = exhausted("3S", stopped=(1,))
    assert GAME.legal_moves(state) == [Pass()]
    step = GAME.step(state, Pass())
    assert step.state.outcome is not None and step.state.outcome.winners == ()
    assert "draw" in step.state.outcome.reason and step.events[-1] == Stalemate()
    illegal(stack("3S"), Pass(), "card to draw")


def test_actions_need_their_card() -> None:
    state = stack("3S", hands=["", "KH"])
    illegal(state, Steal(1), "You hold no Jack")
    illegal(state, Stop(1), "You hold no black ten")
    illegal(state, Nuke(1), "You hold 0 sixes")

"""Every card of Lex Productions' Ace of Spades and every ruling of RULINGS §3, one test each."""

from __future__ import annotations

from dataclasses import replace

import pytest

from acelab.ace_of_spades_lex import (
    Absorbed,
    Accept,
    AceOfSpadesLex,
    Attack,
    Banked,
    Counter,
    Countered,
    Dealing,
    DealTo,
    DeuceExMachina,
    Discarded,
    Draw,
    EndTurn,
    Foil,
    Foiled,
    Freed,
    LexState,
    Nuke,
    Nuked,
    Pass,
    Phase,
    Rebuilt,
    Restarted,
    Skipped,
    Stalemate,
    Steal,
    Stole,
    Stop,
    Stopped,
    Won,
    next_match,
    to_move,
)
from acelab.ace_of_spades_lex.rules import thaw
from acelab.ace_pilot import Concede
from acelab.cards import deck, parse_card
from acelab.engine import from_json, replay, to_json
from tests.ace_of_spades_lex.helpers import GAME, cards, hand, illegal, play, stack

C = parse_card


# ------------------------------------------------------------------ setting up


def test_no_cards_are_dealt_and_the_first_player_begins() -> None:
    state = GAME.new_state(5, players=3, first=2)
    assert sorted(state.deck) == sorted(deck()) and len(state.deck) == 52
    assert state.hands == ((), (), ()) and state.piles == ((), (), ())
    assert to_move(state) == 2 and state.player_to_act == 2 and state.phase is Phase.TURN
    assert GAME.new_state(5, players=3, first=2) == state
    assert GAME.new_state(6, players=3, first=2).deck != state.deck


def test_golden_first_cards_of_three_seeds() -> None:
    tops = {seed: " ".join(str(c) for c in GAME.new_state(seed).deck[:5]) for seed in (0, 1, "x")}
    assert tops == GOLDEN_TOPS


GOLDEN_TOPS = {0: "5D 8H 3C 2S 6C", 1: "6C 4C JC 7S 3C", "x": "4S 8D QS 3C 2D"}


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 1}, "2 to 6 players"),
        ({"players": 7}, "2 to 6 players"),
        ({"players": True}, "2 to 6 players"),
        ({"first": 4}, "first player"),
        ({"names": ["a", "a", "b", "c"]}, "own name"),
        ({"colour": "red"}, "no option"),
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
        lambda: GAME.act("x", 0, Draw()),
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
    assert following.first == 1 and to_move(following) == 1 and following.players == 3
    with pytest.raises(ValueError, match="not over"):
        next_match(following, seed=10)


# ------------------------------------------------------------------ drawing


@pytest.mark.parametrize("card", ["3S", "4H", "5D", "7C", "8S"])
def test_plain_cards_go_to_the_drawers_own_pile(card: str) -> None:
    step = GAME.step(stack(card, players=3, turn=1), Draw())
    assert step.state.piles[1] == (C(card),) and step.state.hands[1] == ()
    assert to_move(step.state) == 2 and step.state.turns == 1
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
    assert state.deck[0] == C("5C") and to_move(state) == 1


def test_club_ace_drawing_a_nine_deals_then_draws_on() -> None:
    state = play(stack("AC 3S 9H KS KH 2C 2D 2H 4S 5S 6S"), Draw())
    assert state.phase is Phase.DEALING and state.deal_left == 5 and state.draws_left == 3
    assert state.piles[0] == cards("AC 3S 9H")
    state = play(state, *[DealTo(1)] * 5)
    assert hand(state, 1) == set(cards("KS KH 2C 2D 2H"))
    assert state.piles[0] == cards("AC 3S 9H 4S 5S") and hand(state, 0) == {C("6S")}
    assert to_move(state) == 1


def test_spade_queen_stops_its_drawer_until_another_draws_a_queen() -> None:
    step = GAME.step(stack("QS 3S 4S QH", players=3), Draw())
    state = step.state
    assert state.stopped == (True, False, False) and state.piles[0] == cards("QS")
    assert Stopped(0, 0, C("QS")) in step.events
    state = play(state, Draw(), Draw())  # players 1 and 2; player 0 is skipped
    assert to_move(state) == 1
    step = GAME.step(state, Draw())  # player 1 draws Q♥: player 0 is freed
    assert step.state.stopped == (False, False, False)
    assert step.state.piles[1] == cards("3S QH") and step.state.banked[1] == ()
    assert Freed((0,), 1) in step.events and to_move(step.state) == 2


def test_a_stopped_players_turn_is_skipped() -> None:
    step = GAME.step(stack("3S", players=3, stopped=[1]), Draw())
    assert to_move(step.state) == 2 and Skipped(1) in step.events


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
    assert Freed((1, 2), 0) in step.events and to_move(step.state) == 1


def test_everyone_stopped_at_once_frees_everyone() -> None:
    from acelab.ace_of_spades_lex.table import _stop

    table = thaw(stack("3S", players=3, stopped=[1, 2]), log=[])
    _stop(table, 0, 0, 44)  # cannot happen in play (a Q♠ frees the others first): the guard
    assert table.stopped == [False, False, False]
    assert table.log is not None and Freed((0, 1, 2), None) in table.log


def test_black_ten_stops_another_player_until_someone_draws_a_queen() -> None:
    state = stack("3S 4S QD", hands=["10S 10C"], players=3)
    illegal(state, Stop(0), "another player, not yourself")
    step = GAME.step(state, Stop(1))
    assert step.state.stopped == (False, True, False) and step.state.piles[0] == cards("10S")
    assert Stopped(1, 0, C("10S")) in step.events and to_move(step.state) == 2
    later = play(step.state, Draw())  # player 2; player 1 is skipped
    assert to_move(later) == 0
    illegal(later, Stop(1), "already stopped")
    freed = play(later, Draw(), Draw())  # 4S by player 0, Q♦ by player 2
    assert freed.stopped == (False, False, False) and freed.piles[2] == cards("3S QD")


def test_black_ten_against_a_banked_queen_discards_both() -> None:
    step = GAME.step(stack("", hands=["10C"], banked=["", "QH"]), Stop(1))
    assert step.state.stopped == (False, False) and step.state.banked[1] == ()
    assert step.state.piles == (cards("10C"), cards("QH"))
    assert Absorbed(1, C("QH"), C("10C")) in step.events


# ------------------------------------------------------------------ jacks and red tens


def test_jack_steals_a_random_card() -> None:
    state = stack("", hands=["JS", "2H 6C 4D"], players=3)
    illegal(state, Steal(0), "another player, not yourself")
    illegal(state, Steal(2), "Player 2 has no card to steal")
    step = GAME.step(state, Steal(1))
    (stolen,) = hand(step.state, 0)
    assert stolen in cards("2H 6C 4D") and len(step.state.hands[1]) == 2
    assert step.state.piles[0] == cards("JS") and Stole(0, 1, stolen) in step.events
    assert step.state.chance == 1 and to_move(step.state) == 1


def test_a_stolen_king_making_three_wins_at_once() -> None:
    step = GAME.step(stack("", hands=["JS KH KD", "KC"]), Steal(1))
    assert step.state.outcome is not None and step.state.outcome.winners == (0,)
    assert step.state.winning[-1] == C("KC") and step.events[-1] == Won(0, cards("KH KD KC"))


def test_a_red_ten_is_the_targets_decision() -> None:
    state = play(stack("", hands=["JS", "10H KC"], players=3), Steal(1))
    assert state.phase is Phase.REACTION and state.attack == Attack(0, 1)
    assert to_move(state) == 1 and GAME.legal_moves(state) == [Foil(), Accept()]
    illegal(state, Counter(), "against a Jack")
    illegal(state, Draw(), "Player 1 to answer the attack")
    illegal(state, Foil(), "Only Player 1, the target", player=2)
    step = GAME.step(state, Foil())
    assert step.state.piles == (cards("JS"), cards("10H"), ())
    assert step.state.hands == ((), cards("KC"), ()) and to_move(step.state) == 1
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
    assert state.phase is Phase.REACTION and to_move(state) == 1
    assert GAME.legal_moves(state) == [Counter(), Accept()]
    illegal(state, Foil(), "against sixes")
    step = GAME.step(state, Counter())
    assert step.state.hands == ((), cards("KC"))
    assert step.state.piles == (cards("6S 6H"), cards("6D 6C"))
    assert Countered(1, 0, 2) in step.events and to_move(step.state) == 1
    accepted = GAME.apply(state, Accept())
    assert accepted.hands == ((), ()) and len(accepted.deck) == 52 - 2


# ------------------------------------------------------------------ nines


def test_nine_deals_five_cards_by_the_drawers_choice() -> None:
    state = play(stack("9S 2H 3H 6H QD 10C 4S", players=3), Draw())
    assert state.phase is Phase.DEALING and to_move(state) == 0
    assert GAME.legal_moves(state) == [DealTo(1), DealTo(2)]
    illegal(state, DealTo(0), "another player, not yourself")
    illegal(state, Draw(), "deal the Nine's cards")
    state = play(state, DealTo(1), DealTo(2), DealTo(2), DealTo(1), DealTo(2))
    assert state.hands == ((), cards("2H"), cards("3H 6H 10C"))
    assert state.piles == (cards("9S"), cards("QD"), ())  # a received instant is discarded
    assert to_move(state) == 1


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
    assert to_move(after) == 1


# ------------------------------------------------------------------ deuce ex machina


def test_four_twos_may_restart_the_round_at_once() -> None:
    state = play(stack("2C", hands=["2S 2H 2D"]), Draw())
    assert state.phase is Phase.DEUCE and to_move(state) == 0
    assert GAME.legal_moves(state) == [DeuceExMachina(), EndTurn()]
    kept = GAME.apply(state, EndTurn())
    assert to_move(kept) == 1 and len(kept.hands[0]) == 4
    step = GAME.step(state, DeuceExMachina())
    assert step.state.round == 1 and step.state.hands == ((), ()) and len(step.state.deck) == 52
    assert Restarted(0, 1) in step.events and to_move(step.state) == 0


def test_deuce_ex_machina_on_a_later_turn_while_players_are_stopped() -> None:
    state = stack("", hands=["2S 2H 2D 2C"], banked=["", "", "QH"], players=3, stopped=[1])
    assert DeuceExMachina() in GAME.legal_moves(state)
    step = GAME.step(state, DeuceExMachina())
    restarted = step.state
    assert restarted.stopped == (False, False, False) and restarted.banked == ((), (), ())
    assert sorted(restarted.deck) == sorted(deck()) and restarted.deck != state.deck
    assert to_move(restarted) == 0 and restarted.phase is Phase.TURN
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


# ------------------------------------------------------------------ bad moves


def test_a_stopped_player_cannot_draw() -> None:
    state = stack("3S", players=3, stopped=[1])
    illegal(state, Draw(), "Player 1 is stopped", player=1)
    illegal(state, Draw(), "Player 0's decision now, not Player 2's", player=2)
    assert GAME.act(state, 0, Draw()).state.piles[0] == cards("3S")


def test_a_reaction_out_of_turn_is_refused() -> None:
    state = stack("3S", hands=["", "10H"])
    illegal(state, Foil(), "nothing to answer")
    illegal(state, Accept(), "nothing to answer")


@pytest.mark.parametrize(
    "move",
    [None, "draw", 3, Concede(), Steal("1"), Steal(True), Stop(9), DealTo(-1)],  # type: ignore[arg-type]
)
def test_anything_that_is_not_a_legal_move_is_refused_in_words(move: object) -> None:
    state = stack("3S", hands=["JS 10S", "KH"])
    illegal(state, move, " ")


def test_actions_need_their_card() -> None:
    state = stack("3S", hands=["", "KH"])
    illegal(state, Steal(1), "You hold no Jack")
    illegal(state, Stop(1), "You hold no black ten")
    illegal(state, Nuke(1), "You hold 0 sixes")


# ------------------------------------------------------------------ saving and seeing


def test_json_round_trip_and_replay() -> None:
    game = AceOfSpadesLex()
    state = game.new_state("save", players=3)
    moves = []
    for _ in range(12):
        if game.is_over(state):
            break
        move = game.legal_moves(state)[-1]
        moves.append(move)
        state = game.apply(state, move)
        assert from_json(game, to_json(state, game)) == state
    assert replay(game, "save", moves, players=3) == state


def test_a_damaged_save_is_refused() -> None:
    state = stack("3S")
    text = to_json(state, GAME).replace('"3S"', '"4S"', 1)
    with pytest.raises(ValueError, match=r"more than once|missing"):
        from_json(GAME, text)


def test_events_tell_each_step_in_order() -> None:
    from acelab.ace_of_spades_lex import Dealt, Drew, Kept, Passed, Played

    assert GAME.step(stack("JS"), Draw()).events == (Drew(0, C("JS")), Kept(0, C("JS")))
    dealing = play(stack("9S 3H", players=3), Draw())
    assert GAME.step(dealing, DealTo(2)).events == (Dealt(0, 2, C("3H")),)
    played = GAME.step(stack("", hands=["10S"]), Stop(1)).events
    assert played[:2] == (Played(0, cards("10S"), 1), Discarded(0, C("10S")))
    assert Passed(0) in GAME.step(exhausted("3S", stopped=(1,)), Pass()).events

"""Picking cards up on the Lex table: a Nine's cards dealt one by one, several sixes for one nuke,
and a picked card never left behind by an undo, a bot's move or a new deal; and the learner's
stop said on top of the table while the others play."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.ace_of_spades_lex import AceOfSpadesLex, Draw, LexState, Nuke, Phase
from acelab.ace_of_spades_lex.gestures import Call, interpret
from acelab.ace_of_spades_lex.panel import LexPanel
from acelab.ace_of_spades_lex.table_view import DEAL, TableOptions, held_cards, lex_table
from acelab.widgets.table import Gesture
from acelab.widgets.view_model import TableContext
from acelab.widgets.wording import assert_good_wording
from tests.ace_of_spades_lex.helpers import named, reached_states, stack
from tests.widgets.test_seated import ManualClock

GAME = AceOfSpadesLex()
NAMES = ("You", "Bot 1", "Bot 2")


def _panel(state: LexState, **options: object) -> LexPanel:
    panel = LexPanel(seed=3, players=state.players, auto=False, save=False, **options)  # type: ignore[arg-type]
    panel.restart(replace(state, names=NAMES[: state.players]))
    panel.refresh()
    return panel


def _held(panel: LexPanel) -> list[str]:
    return [c.key for z in panel.table_view().zones for c in z.cards if c.highlighted]


def _ringed(panel: LexPanel) -> set[str]:
    return {z.key for z in panel.table_view().zones if z.droppable}


def dealing() -> LexState:
    """You drew a Nine: five cards to deal to Bot 1 and Bot 2."""
    return GAME.apply(named(stack("9S 3C 4C 5C 7C 8C", hands=["", "KC", "QD"], players=3)), Draw())


def test_a_nines_cards_are_dealt_by_picking_up_the_card_then_choosing_a_player() -> None:
    panel = _panel(dealing())
    view = panel.view
    assert view.phase is Phase.DEALING and "pick up the card to deal" in panel.table.prompt
    assert _held(panel) == [] and _ringed(panel) == {"seat:1", "seat:2"}
    assert panel.interpret(Gesture("card", DEAL)) == Call("pick", (DEAL,))
    panel.handle(Gesture("card", DEAL))
    assert panel.picked == (DEAL,) and _held(panel) == [DEAL]
    assert _ringed(panel) == {"seat:1", "seat:2"}
    assert_good_wording(panel.messages.text)
    sizes = [len(hand) for hand in panel.state.hands]
    for left in (4, 3, 2, 1):  # Enter on a player deals, and the next card stays picked up
        panel.handle(Gesture("zone", None, "seat:2"))
        assert panel.view.deal_left == left and panel.picked == (DEAL,) and _held(panel) == [DEAL]
    assert len(panel.state.hands[2]) == sizes[2] + 4
    panel.handle(Gesture("drop", DEAL, "seat:1"))  # a drag onto a player deals too
    assert panel.view.phase is not Phase.DEALING and panel.picked == () and _held(panel) == []


def test_escape_puts_the_card_to_deal_back_and_a_click_on_it_too() -> None:
    panel = _panel(dealing())
    panel.handle(Gesture("card", DEAL))
    panel.handle(Gesture("cancel"))
    assert panel.picked == () and _held(panel) == []
    panel.handle(Gesture("card", DEAL))
    panel.handle(Gesture("card", DEAL))
    assert panel.picked == () and panel.view.deal_left == 5


def sixes_to_use() -> LexState:
    return named(stack("3S", hands=["6S 6H 6D JS", "KC", "QD"], players=3))


def test_sixes_picked_up_together_nuke_with_all_of_them() -> None:
    panel = _panel(sixes_to_use())
    panel.handle(Gesture("card", "6S"))
    assert "another six" in panel.messages.text
    panel.handle(Gesture("card", "6H"))  # a second six joins the first
    assert panel.picked == ("6S", "6H") and _held(panel) == ["6S", "6H"]
    assert _ringed(panel) == {"seat:1", "seat:2"} and "2 sixes" in panel.messages.text
    assert_good_wording(panel.messages.text)
    assert panel.interpret(Gesture("zone", None, "seat:2")) == Call("nuke", (2, 2))
    assert panel.interpret(Gesture("drop", "6H", "seat:2")) == Call("nuke", (2, 2))
    panel.handle(Gesture("card", "JS"))  # another action card is picked up instead
    assert panel.picked == ("JS",) and _held(panel) == ["JS"]
    for six in ("6S", "6H", "6D"):
        panel.handle(Gesture("card", six))
    panel.handle(Gesture("card", "6H"))  # a click on a held six puts them all back
    assert panel.picked == ()
    for six in ("6S", "6H", "6D"):
        panel.handle(Gesture("card", six))
    panel.handle(Gesture("zone", None, "seat:1"))
    assert panel.moves == [Nuke(1, 3)] and panel.picked == ()


def test_interpret_reads_a_drop_with_the_sixes_held() -> None:
    state = sixes_to_use()
    view, moves = GAME.observation(state, 0), GAME.legal_moves(state)
    assert interpret(Gesture("drop", "6S", "seat:1"), view, TableContext(moves=moves)) == Call(
        "nuke", (1, 1)
    )
    held = ("6S", "6D")
    assert interpret(
        Gesture("drop", "6S", "seat:1"), view, TableContext(moves=moves, picked=held)
    ) == Call("nuke", (1, 2))
    assert interpret(Gesture("card", "6D"), view, TableContext(moves=moves, picked=held)) == Call(
        "put_back"
    )
    assert interpret(Gesture("card", "6H"), view, TableContext(moves=moves, picked=held)) == Call(
        "pick", ("6H",)
    )


@given(reached_states(), st.lists(st.integers(0, 10), min_size=1, max_size=4))
def test_held_cards_are_one_action_card_or_sixes_for_one_nuke(
    state: LexState, picks: list[int]
) -> None:
    seat = GAME.to_move(state)
    if seat is None or not state.hands[seat]:
        return
    hand = state.hands[seat]
    keys = tuple(str(hand[p % len(hand)]) for p in picks)
    moves = GAME.legal_moves(state)
    cards = held_cards(GAME.observation(state, seat), moves, keys)
    if len(keys) > 1 and cards:
        assert all(c.value == 6 for c in cards) and len(set(cards)) == len(keys)
        assert any(isinstance(m, Nuke) and m.sixes == len(keys) for m in moves)
    table = lex_table(GAME.observation(state, seat), moves, TableOptions(picked=keys))
    held = [c.key for c in table.zone("hand").cards if c.highlighted]
    assert sorted(held) == sorted(str(c) for c in cards)


def test_undo_puts_a_picked_card_back() -> None:
    panel = _panel(named(stack("3S 4S 5S 7S 8S 3H", hands=["JS", "KC", "QD"], players=3)))
    assert panel.draw()  # the bots draw next (auto=False: one per press of Next move)
    panel.step_bots(2)
    assert panel.actor == 0 and panel.pick("JS") and _held(panel) == ["JS"]
    assert panel.undo(3)  # back to the start: the Jack could be picked up there too
    assert panel.actor == 0 and panel.picked == () and _held(panel) == []
    assert panel.pick("JS") and panel.go_back(0) is False  # already there: nothing changes
    assert panel.draw() and panel.picked == ()
    dealt = _panel(dealing())
    assert dealt.pick(DEAL) and dealt.deal(1) and dealt.picked == (DEAL,)
    assert dealt.undo() and dealt.view.deal_left == 5 and dealt.picked == ()
    assert _held(dealt) == []


def test_a_new_deal_puts_a_picked_card_back() -> None:
    panel = _panel(sixes_to_use())
    assert panel.pick("6S")
    panel.restart(replace(sixes_to_use(), names=NAMES))
    assert panel.picked == () and _held(panel) == []


def test_a_stale_pick_is_never_shown() -> None:
    """A key picked up that the hand no longer holds (a bot stole it) shows nothing held."""
    state = sixes_to_use()
    table = lex_table(GAME.observation(state, 0), [], TableOptions(picked=("6S", "6H")))
    assert not any(c.highlighted for c in table.zone("hand").cards)
    with pytest.raises(ValueError, match="tuple of keys"):
        lex_table(GAME.observation(state, 0), [], TableOptions(picked="6S"))  # type: ignore[arg-type]


def test_your_stop_is_said_on_top_of_the_table_while_the_bots_play() -> None:
    stopped = named(stack("3S 4S 5S 7S", hands=["", "KC", "QD"], players=3, stopped=[0], turn=1))
    clock = ManualClock()
    panel = LexPanel(seed=3, players=3, pause=0.5, clock=clock, save=False)
    panel.restart(replace(stopped, names=NAMES))
    assert panel.start_bots()
    prompt = panel.table.prompt
    assert prompt.startswith("You are stopped until another player draws a queen.")
    assert prompt.endswith("Waiting for Bot 1.")
    assert panel.table_view().zone("hand").note == "stopped"
    assert_good_wording(prompt)
    step = _panel(stopped)
    assert (
        step.table.prompt.startswith("You are stopped") and "press Next move" in step.table.prompt
    )

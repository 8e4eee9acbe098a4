"""The Lex table drawn from what one player may see: zones, one button per legal move, the
prompt."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.ace_of_spades_lex import (
    Accept,
    AceOfSpadesLex,
    Counter,
    DealTo,
    DeuceExMachina,
    Draw,
    EndTurn,
    Foil,
    LexState,
    Nuke,
    Pass,
    Steal,
    Stop,
)
from acelab.ace_of_spades_lex.table_view import TableOptions, card_moves, control_key, lex_table
from acelab.widgets.view_model import BACK
from acelab.widgets.wording import assert_good_wording
from tests.ace_of_spades_lex.helpers import named, reached_states, stack

GAME = AceOfSpadesLex()
EVERY_MOVE = (
    Draw(),
    Steal(1),
    Stop(2),
    Nuke(1, 2),
    DeuceExMachina(),
    DealTo(3),
    Foil(),
    Counter(),
    Accept(),
    EndTurn(),
    Pass(),
)


def test_the_table_lists_one_button_per_legal_move() -> None:
    state = replace(stack("3S", hands=["JS", "KC"], players=2), names=("You", "Bot 1"))
    view = lex_table(GAME.observation(state, 0), GAME.legal_moves(state), TableOptions())
    assert [c.key for c in view.controls] == ["draw", "steal:1", "new"]
    assert view.zone("seat:1").droppable and view.zone("deck").clickable
    assert view.zone("seat:1").cards[0].face == BACK
    assert Draw() in GAME.legal_moves(state) and Steal(1) in GAME.legal_moves(state)


def test_every_move_has_its_own_button_key() -> None:
    keys = [control_key(move) for move in EVERY_MOVE]
    assert len(set(keys)) == len(keys)
    assert keys[:4] == ["draw", "steal:1", "stop:2", "nuke:1:2"]
    with pytest.raises(ValueError, match="button"):
        control_key("draw")  # type: ignore[arg-type]


def test_the_hot_seat_screen_hides_the_hand_and_its_buttons() -> None:
    state = named(stack("3S", hands=["JS KC", "KH"]))
    options = TableOptions(hidden=True, next_name="You")
    view = lex_table(GAME.observation(state, 0), GAME.legal_moves(state), options)
    assert view.zone("hand").cards == () and [c.key for c in view.controls] == ["reveal", "new"]
    assert view.prompt == "Pass the device to You, then press the button."


@given(reached_states(), st.integers(0, 5), st.booleans())
def test_the_table_shows_only_what_its_player_may_see(
    state: LexState, seat: int, waiting: bool
) -> None:
    state = named(state)
    seat = seat % state.players
    moves = GAME.legal_moves(state) if GAME.to_move(state) == seat else []
    options = TableOptions(bot_waiting="Bot 1" if waiting else "")
    view = lex_table(GAME.observation(state, seat), moves, options)
    keys = [c.key for c in view.controls]
    assert len(set(keys)) == len(keys) and keys[-1] == "new"
    assert {control_key(m) for m in moves} <= set(keys)
    over = GAME.is_over(state)  # then every hand is shown face up
    for other in range(state.players):
        if other != seat:
            faces = [c.face for c in view.zone(f"seat:{other}").cards]
            assert faces == ([str(c) for c in state.hands[other]] if over else [BACK] * len(faces))
            assert len(view.zone(f"seat:{other}").cards) == len(state.hands[other])
    assert [c.face for c in view.zone("hand").cards] == [str(c) for c in state.hands[seat]]
    for text in view.texts():
        assert_good_wording(text)


def test_the_prompt_names_the_player_at_the_device_and_the_end_says_the_ace_once() -> None:
    state = replace(stack("3S", hands=["KC", "KH"], players=2), names=("Ann", "Ben"))
    view = lex_table(GAME.observation(state, 0), GAME.legal_moves(state), TableOptions())
    assert view.prompt == "Ann, your turn: draw a card."
    won = GAME.apply(replace(stack("AS", hands=["KC", "KH"], players=2)), Draw())
    assert GAME.is_over(won) and won.outcome is not None
    assert won.outcome.reason.count("A♠") == 1, won.outcome.reason
    table = lex_table(GAME.observation(won, 0), [], TableOptions())
    assert [c.face for c in table.zone("seat:1").cards] == [str(c) for c in won.hands[1]]


def test_a_picked_up_card_is_held_and_only_its_players_are_ringed() -> None:
    state = named(stack("3S", hands=["JS 10C KD", "KC", ""], players=3))
    seen, moves = GAME.observation(state, 0), GAME.legal_moves(state)
    assert Steal(2) not in moves and Stop(2) in moves  # nothing to steal from an empty hand
    free = lex_table(seen, moves, TableOptions())
    assert free.zone("seat:1").droppable and free.zone("seat:2").droppable
    assert not any(card.highlighted for card in free.zone("hand").cards)
    held = lex_table(seen, moves, TableOptions(picked=("JS",)))
    assert [c.key for c in held.zone("hand").cards if c.highlighted] == ["JS"]
    assert held.zone("seat:1").droppable and held.zone("seat:1").highlighted
    assert not held.zone("seat:2").droppable and not held.zone("seat:2").highlighted
    for unusable in ("KD", "QH", "nonsense"):  # not an action card in the hand: nothing held
        view = lex_table(seen, moves, TableOptions(picked=(unusable,)))
        assert view == free


@given(reached_states(), st.integers(0, 10))
def test_a_held_card_rings_exactly_the_players_its_moves_reach(state: LexState, pick: int) -> None:
    state = named(state)
    seat = GAME.to_move(state)
    if seat is None or not state.hands[seat]:
        return
    moves = GAME.legal_moves(state)
    card = state.hands[seat][pick % len(state.hands[seat])]
    view = lex_table(GAME.observation(state, seat), moves, TableOptions(picked=(str(card),)))
    held = [c.key for c in view.zone("hand").cards if c.highlighted]
    reach = {m.target for m in card_moves(card, moves)}
    assert held == ([str(card)] if reach else [])
    if reach:
        ringed = {int(z.key[5:]) for z in view.zones if z.key.startswith("seat:") and z.droppable}
        assert ringed == reach

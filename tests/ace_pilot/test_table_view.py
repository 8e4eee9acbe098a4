"""The Ace Pilot table as the card table draws it (acelab.ace_pilot.table_view): a pure function
of what the player sees and the equation being built.

Seed 4726170: the hand is 2♠ Q♣ Q♠; choosing Duke reveals the odds K♣ K♠ J♦ 9♥, the target 4♠
and one joker. Drawing K♣, Duke(K♣, Q♣) then Hailey(2♠) makes ⌈13 / 12⌉ + 2 = 4.
"""

from __future__ import annotations

from dataclasses import replace

from acelab.ace_pilot import AcePilot, ChoosePilot, Discard, DrawOdd, Phase, PilotState
from acelab.ace_pilot.builder import Build
from acelab.ace_pilot.table_view import Held, TableOptions, pilot_table
from acelab.engine.cards import Card, Suit

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
GAME = AcePilot()
SEED = 4726170


def states() -> tuple[PilotState, PilotState, PilotState]:
    """The first state, the Draw after choosing Duke, and the Assault after drawing K♣."""
    first = GAME.new_state(SEED)
    drawing = GAME.apply(first, ChoosePilot(D))
    return first, drawing, GAME.apply(drawing, DrawOdd("KC"))


def card(text: str) -> Card:
    return Card.of(text)


def test_the_table_at_the_start_offers_the_four_pilots() -> None:
    view = pilot_table(GAME.observation(states()[0], 0))
    assert [z.key for z in view.zones] == [
        *("deck", "odds", "evens", "jokers", "discard", "assault", "hand", "ready", "defeated"),
    ]
    # three lines: the piles, the Assault Zone, and the hand with the pilots beside it
    assert [z.line for z in view.zones] == [0, 0, 0, 0, 0, 1, 3, 3, 3]
    ready = view.zone("ready")
    assert [c.key for c in ready.cards] == ["AH", "AS", "AC", "AD"]
    assert ready.cards[3].label == "Duke, ace of diamonds, divides"
    assert all(c.movable for c in ready.cards) and "click one" in ready.spoken
    assert view.zone("assault").droppable
    assert view.zone("evens").note == "no target yet"
    hand = view.zone("hand")
    assert [c.label for c in hand.cards] == ["two of spades", "queen of clubs", "queen of spades"]
    assert not any(c.movable for c in hand.cards)
    assert "hint" not in [c.key for c in view.controls]


def test_the_deck_shows_only_its_back_and_size() -> None:
    first = states()[0]
    view = pilot_table(GAME.observation(first, 0))
    deck = view.zone("deck")
    assert [(c.key, c.face) for c in deck.cards] == [("deck", "back")]
    assert deck.count == len(first.deck) and deck.cards[0].label == f"deck, {deck.count} cards"
    faces = {c.face for zone in view.zones for c in zone.cards}
    assert not faces & {str(c) for c in first.deck} - {"JK"}  # the other joker is shown
    empty = pilot_table(replace(GAME.observation(first, 0), deck_count=0))
    assert empty.zone("deck").cards == ()


def test_the_draw_offers_the_odds_and_a_hint() -> None:
    view = pilot_table(GAME.observation(states()[1], 0))
    odds = view.zone("odds")
    assert [c.key for c in odds.cards] == ["KC", "KS", "JD", "9H"]
    assert all(c.movable for c in odds.cards)
    assert view.zone("evens").note == "target 4" and view.zone("jokers").count == 1
    assert view.zone("hand").droppable
    assert [c.key for c in view.controls] == ["hint", "undo", "new"]
    assert [c.key for c in view.zone("assault").cards] == ["AD"]


def test_a_deck_draw_is_a_button() -> None:
    drawing = replace(states()[1], odds=(), discard=())
    view = pilot_table(GAME.observation(drawing, 0))
    assert view.control("draw").label == "Take the deck's top card"
    top = replace(drawing, discard=(card("KC"),))
    assert pilot_table(GAME.observation(top, 0)).control("draw").label == (
        "Take the discard pile's top card"
    )


def test_the_row_grows_with_the_equation_and_offers_slots() -> None:
    assault = GAME.observation(states()[2], 0)
    build = Build.begin(assault.hand, D, assault.ready)
    view = pilot_table(assault, build)
    assert [z.key for z in view.zones if z.line == 2] == ["ace:D"]
    assert "assault" not in [z.key for z in view.zones]
    assert [c.key for c in view.controls][:3] == ["confirm", "check", "clear"]
    build = build.place(card("KC"), D).place(card("QC"), D)
    view = pilot_table(assault, build, TableOptions(selected=card("2S")))
    assert [z.key for z in view.zones if z.line == 2] == ["slot:0", "ace:D", "slot:1"]
    hand = {c.key: c for c in view.zone("hand").cards}
    assert hand["2S"].highlighted and hand["2S"].movable
    assert not hand["KC"].movable and hand["KC"].dimmed
    assert [c.key for c in view.controls if c.key.startswith("round:")] == [
        "round:0:down",
        "round:0:up",
    ]
    down, up = view.control("round:0:down"), view.control("round:0:up")
    assert (down.label, down.pressed, up.label, up.pressed) == ("down to 1", True, "up to 2", False)
    assert down.group == "Duke: 13 / 12 is not whole, round"
    rounded = pilot_table(assault, build.with_rounding(0, "up"))
    assert rounded.control("round:0:up").pressed
    build = build.add_pilot(H, card("2S"), "right")
    view = pilot_table(assault, build)
    row = view.zone("ace:H")
    assert row.label == "Hailey + · carryover" and row.cards[1].sideways
    assert [z.key for z in view.zones if z.line == 2][-1] == "slot:2"


def test_a_held_pilot_waits_on_its_slot_and_two_endings_can_be_chosen() -> None:
    assault = GAME.observation(states()[2], 0)
    build = Build.begin(assault.hand, D, assault.ready)
    build = build.place(card("KC"), D).place(card("QC"), D)
    view = pilot_table(assault, build, TableOptions(held=Held(H, 1)))
    slot = view.zone("slot:1")
    assert slot.highlighted and [c.badge for c in slot.cards] == ["new"]
    assert "AH" not in [c.key for c in view.zone("ready").cards], "shown once, on its slot"
    picked = pilot_table(assault, build, TableOptions(held=Held(H, None)))
    assert [c.highlighted for c in picked.zone("ready").cards if c.key == "AH"] == [True]
    build = build.add_pilot(H, card("2S"), "right").add_pilot(C, card("QS"), "left")
    endings = [c for c in pilot_table(assault, build).controls if c.group == "Ending Pilot"]
    assert [(c.label, c.pressed) for c in endings] == [("Hailey", False), ("Cam", True)]


def test_the_discard_step_and_the_options() -> None:
    won = GAME.apply(states()[2], next(iter(GAME.legal_moves(states()[2]))))
    assert won.phase is Phase.DISCARD
    view = pilot_table(GAME.observation(won, 0), None, TableOptions(can_undo=True))
    assert view.zone("discard").droppable and "drop a card here" in view.zone("discard").spoken
    assert all(c.movable for c in view.zone("hand").cards)
    assert not view.control("undo").disabled
    assert pilot_table(GAME.observation(won, 0)).control("undo").disabled
    asked = TableOptions(new_game_question="Start a new game?")
    assert pilot_table(GAME.observation(won, 0), None, asked).control("new").confirm
    after = GAME.apply(won, Discard(won.hand[0]))
    assert pilot_table(GAME.observation(after, 0)).zone("discard").cards[0].key == str(won.hand[0])


def test_restore_and_cleared_offer_their_two_choices() -> None:
    restore = replace(GAME.observation(states()[0], 0), phase=Phase.RESTORE)
    assert [c.key for c in pilot_table(restore).controls][:2] == ["restore:yes", "restore:no"]
    cleared = replace(restore, phase=Phase.CLEARED)
    assert [c.key for c in pilot_table(cleared).controls][:2] == ["continue:yes", "continue:no"]

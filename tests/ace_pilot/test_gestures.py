"""What a gesture on the Ace Pilot table means, and what each step of building an equation does
(acelab.ace_pilot.gestures): pure functions from a view, a build and a gesture to a call of the
panel, an edit of the desk, an engine move, or a refusal in words.

Seed 4726170: the hand is 2♠ Q♣ Q♠; choosing Duke reveals the odds K♣ K♠ J♦ 9♥, the target 4♠.
Drawing K♣, Duke(K♣, Q♣) then Hailey(2♠) rounded up makes ⌈13 / 12⌉ + 2 = 4.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from acelab.ace_pilot import (
    AcePilot,
    Assault,
    ChoosePilot,
    Concede,
    ContinueSession,
    Discard,
    DrawDeck,
    DrawOdd,
    EndSession,
    KeepJoker,
    PilotView,
    RestorePilots,
)
from acelab.ace_pilot import gestures as steps
from acelab.ace_pilot.builder import Build
from acelab.ace_pilot.gestures import Call, Desk, Edit, Play, Refusal, attempt, interpret
from acelab.ace_pilot.table_view import Held
from acelab.engine.cards import Card, Suit
from acelab.widgets.view_model import TableContext

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
GAME = AcePilot()
SEED = 4726170


@dataclass(frozen=True)
class G:
    """A gesture as the card table sends it."""

    kind: str
    card: str | None = None
    zone: str | None = None


def views() -> tuple[PilotView, PilotView, PilotView]:
    first = GAME.new_state(SEED)
    drawing = GAME.apply(first, ChoosePilot(D))
    assault = GAME.apply(drawing, DrawOdd("KC"))
    return tuple(GAME.observation(s, 0) for s in (first, drawing, assault))  # type: ignore[return-value]


def started(view: PilotView) -> Build:
    """Duke holding K♣ and Q♣: complete, so another pilot may join."""
    build = Build.begin(view.hand, D, view.ready)
    return build.place(Card.of("KC"), D).place(Card.of("QC"), D)


def test_controls_are_calls_of_the_panel() -> None:
    first = views()[0]
    assert interpret(G("control", zone="confirm"), first) == Call("confirm")
    assert interpret(G("control", zone="hint"), first) == Call("show_hint")
    assert interpret(G("control", zone="new:no"), first) == Call("keep_playing")
    assert interpret(G("control", zone="restore:no"), first) == Call("restore", (False,))
    assert interpret(G("control", zone="round:2:up"), first) == Call("set_rounding", (2, "up"))
    assert interpret(G("control", zone="ending:C"), first) == Call("choose_ending", (C,))
    for key in ("round:x:up", "round:0:sideways", "ending:X", "fly", None):
        assert interpret(G("control", zone=key), first) == Refusal("That button does nothing now.")
    assert interpret(G("cancel"), first) == Call("put_back")


def test_clicks_by_the_phase_of_the_round() -> None:
    first, drawing, assault = views()
    assert interpret(G("card", "AD"), first) == Call("choose_pilot", (D,))
    assert interpret(G("card", "AD"), drawing) == Refusal("Pilots are chosen before the Draw.")
    assert interpret(G("card", "KC"), drawing) == Call("draw", (Card.of("KC"),))
    assert interpret(
        G("card", "2S"), assault, TableContext(build=Build.begin(assault.hand, D, assault.ready))
    ) == (Call("select", (Card.of("2S"),)))
    assert interpret(G("card", "AH"), assault, TableContext(build=started(assault))) == Call(
        "pick_pilot", (H,)
    )
    assert interpret(G("card", "ZZ"), first) == Refusal("That is not a card you can use.")
    held = Held(H, 1)
    assert interpret(
        G("card", "2S"), assault, TableContext(build=started(assault), held=held)
    ) == Call("add_pilot", (H, 1, Card.of("2S")))


def test_drops_put_cards_and_pilots_where_they_go() -> None:
    first, drawing, assault = views()
    build = started(assault)
    assert interpret(G("drop", "AD", "assault"), first) == Call("choose_pilot", (D,))
    assert interpret(G("drop", "KC", "hand"), drawing) == Call("draw", (Card.of("KC"),))
    assert interpret(G("drop", "2S", "ace:D"), assault, TableContext(build=build)) == Call(
        "place", (D, Card.of("2S"))
    )
    assert interpret(G("drop", "AH", "slot:1"), assault, TableContext(build=build)) == Call(
        "hold_pilot", (H, 1)
    )
    assert interpret(G("drop", "QS", "discard"), assault) == Call("discard", (Card.of("QS"),))
    refused = interpret(G("drop", "KS", "ace:D"), assault, TableContext(build=build))
    assert refused == Refusal("Only cards from your hand go into the row.")
    assert interpret(G("drop", "2S", "slot:0"), assault, TableContext(build=build)) == Refusal(
        "Which pilot joins? Drag a Ready pilot here, or click one after the card."
    )
    assert interpret(G("drop", "2S", None), assault, TableContext(build=build)) == Refusal(
        "That card cannot go there."
    )


def test_clicking_a_zone_uses_the_picked_up_card() -> None:
    _, drawing, assault = views()
    build = started(assault)
    assert interpret(G("zone", zone="ace:D"), assault, TableContext(build=build)) == Refusal(
        "First click a card in your hand, then where it goes."
    )
    picked = Card.of("2S")
    assert interpret(
        G("zone", zone="ace:D"), assault, TableContext(build=build, selected=picked)
    ) == Call("place", (D,))
    assert interpret(
        G("zone", zone="slot:0"), assault, TableContext(build=build, held=Held(C))
    ) == Call("hold_pilot", (C, 0))
    assert interpret(G("zone", zone="hand"), drawing) == Refusal("Click the card you want to draw.")
    assert interpret(G("zone", zone="evens"), drawing) == Refusal("Nothing happens there now.")


def test_building_steps_edit_the_desk() -> None:
    assault = views()[2]
    desk = Desk(assault, Build.begin(assault.hand, D, assault.ready))
    picked = steps.select(desk, "KC")
    assert isinstance(picked, Edit) and picked.selected == Card.of("KC")
    assert picked.message.startswith("K♣ picked up")
    placed = steps.place(Desk(assault, picked.build, picked.selected), D)
    assert isinstance(placed, Edit) and placed.label == "K♣ on Duke"
    assert placed.build is not None and placed.build.used == (Card.of("KC"),)
    again = steps.select(Desk(assault, desk.build, Card.of("KC")), "KC")
    assert isinstance(again, Edit) and again.selected is None  # picked again: put back
    joined = steps.add_pilot(Desk(assault, started(assault)), "H", "right", "2S")
    assert isinstance(joined, Edit) and joined.label == "Hailey joined on the right with 2♠"
    rounded = steps.set_rounding(Desk(assault, joined.build), 0, "up")
    assert (
        isinstance(rounded, Edit) and rounded.label == "rounded the answer of the first division up"
    )


def test_confirm_plays_only_an_equation_that_reaches_the_target() -> None:
    assault = views()[2]
    joined = started(assault).add_pilot(H, Card.of("2S"), "right")
    assert steps.confirm(Desk(assault, joined)) == Refusal(
        "It makes 3, not the target 4: change a rounding."
    )
    winner = joined.with_rounding(0, "up")
    assert steps.confirm(Desk(assault, winner)) == Play(Assault("D(13,12) H(2)", H))
    assert steps.confirm(Desk(assault, Build.begin(assault.hand, D, assault.ready))) == Refusal(
        "Duke, the Starting Pilot, needs two cards."
    )


def test_a_division_by_zero_is_warned_about_once() -> None:
    assault = views()[2]
    build = Build.begin(assault.hand, S, (H, C, D)).place(Card.of("QC"), S)
    build = build.place(Card.of("QS"), S).add_pilot(D, Card.of("2S"), "left")
    assert build.divides_by_zero
    warned = steps.confirm(Desk(assault, build))
    assert isinstance(warned, Edit) and warned.armed and warned.kind == "warning"
    assert steps.confirm(Desk(assault, build, armed=True)) == Play(build.assault())


def test_the_moves_of_the_other_steps() -> None:
    first, drawing, assault = views()
    assert steps.choose_pilot(Desk(first), "Duke") == Play(ChoosePilot(D))
    assert steps.draw(Desk(drawing), "KC") == Play(DrawOdd("KC"))
    assert steps.draw(Desk(drawing)) == Refusal("Click the Revealed Odd you want to draw.")
    assert steps.draw(Desk(first)).text.startswith("It is not time to draw.")  # type: ignore[union-attr]
    no_odds = PilotView(**{**vars(drawing), "odds": (), "discard": ()})
    assert steps.draw(Desk(no_odds)) == Play(DrawDeck())
    assert steps.give_up(Desk(assault)) == Play(Concede())
    assert steps.discard(Desk(assault), "QS") == Play(Discard("QS"))
    assert steps.restore(Desk(assault), True) == Play(RestorePilots())
    assert steps.restore(Desk(assault), False) == Play(KeepJoker())
    assert steps.continue_session(Desk(assault), True) == Play(ContinueSession())
    assert steps.continue_session(Desk(assault), False) == Play(EndSession())


@pytest.mark.parametrize(
    ("step", "args", "words"),
    [
        (steps.select, ("garbage",), "garbage"),
        (steps.select, (None,), "Name a card like 9♠ or 9S."),
        (steps.choose_pilot, ("X",), "is not a pilot"),
        (steps.set_rounding, ("a", "up"), "Round a division step (0 is the first) down or up."),
        (steps.add_pilot, ("H", "sideways", "2S"), "to the left, to the right, or between"),
        (steps.place, ("D",), "First click a card in your hand, then where it goes."),
    ],
)
def test_a_bad_request_becomes_a_refusal_in_words(step, args, words) -> None:
    assault = views()[2]
    done = attempt(step, Desk(assault, Build.begin(assault.hand, D, assault.ready)), *args)
    assert isinstance(done, Refusal) and words in done.text and done.text.endswith(".")

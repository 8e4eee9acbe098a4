"""What a gesture on the Ace Pilot table means: a pure function, no widgets.

:func:`interpret` reads a gesture (a click, a drop or a button) as a call of the play panel's
Python API, or a refusal in words. The steps of building an equation that API runs are in
:mod:`acelab.ace_pilot.desk` (re-exported here for older imports; ``Step`` is its ``DeskStep``).

The panel then makes that call, so a click and the same call from Python share one path. Keys
are the ones :mod:`acelab.ace_pilot.table_view` gives: card codes (``"9S"``, aces ``"AD"``),
zones (``"hand"``, ``"ace:D"``, ``"slot:1"``, ``"discard"``…) and controls (``"confirm"``,
``"round:0:up"``, ``"ending:H"``…). Nothing here imports a widget library.
"""

from __future__ import annotations

from typing import Final

from acelab.ace_pilot.builder import Build
from acelab.ace_pilot.desk import (
    ORDINALS as ORDINALS,
)
from acelab.ace_pilot.desk import (
    Desk,
    DeskStep,
    Edit,
    Play,
    attempt,
)
from acelab.ace_pilot.desk import (
    add_pilot as add_pilot,
)
from acelab.ace_pilot.desk import (
    as_card as as_card,
)
from acelab.ace_pilot.desk import (
    check as check,
)
from acelab.ace_pilot.desk import (
    choose_ending as choose_ending,
)
from acelab.ace_pilot.desk import (
    choose_pilot as choose_pilot,
)
from acelab.ace_pilot.desk import (
    clear as clear,
)
from acelab.ace_pilot.desk import (
    confirm as confirm,
)
from acelab.ace_pilot.desk import (
    continue_session as continue_session,
)
from acelab.ace_pilot.desk import (
    discard as discard,
)
from acelab.ace_pilot.desk import (
    draw as draw,
)
from acelab.ace_pilot.desk import (
    give_hint as give_hint,
)
from acelab.ace_pilot.desk import (
    give_up as give_up,
)
from acelab.ace_pilot.desk import (
    hold_pilot as hold_pilot,
)
from acelab.ace_pilot.desk import (
    place as place,
)
from acelab.ace_pilot.desk import (
    restore as restore,
)
from acelab.ace_pilot.desk import (
    select as select,
)
from acelab.ace_pilot.desk import (
    set_rounding as set_rounding,
)
from acelab.ace_pilot.state import Phase, PilotView
from acelab.ace_pilot.table_view import Held
from acelab.engine.cards import Card, Rank, Suit, parse_card
from acelab.widgets.view_model import Call, GestureLike, ReadGesture, Refusal, interpreter

__all__ = ["Call", "Desk", "Edit", "GestureLike", "Play", "Refusal", "Step", "attempt", "interpret"]

Step = DeskStep
"""The older name of :data:`acelab.ace_pilot.desk.DeskStep`."""


Action = Call | Refusal

_CONTROLS: Final[dict[str, Call]] = {
    "confirm": Call("confirm"),
    "check": Call("check"),
    "clear": Call("clear"),
    "give_up": Call("give_up"),
    "hint": Call("show_hint"),
    "undo": Call("undo"),
    "new": Call("new_game_from_fields"),
    "new:yes": Call("new_game_from_fields"),
    "new:no": Call("keep_playing"),
    "draw": Call("draw"),
    "restore:yes": Call("restore", (True,)),
    "restore:no": Call("restore", (False,)),
    "continue:yes": Call("continue_session", (True,)),
    "continue:no": Call("continue_session", (False,)),
}
_SUITS: Final = {suit.letter: suit for suit in Suit}


def _card(key: str | None) -> Card | None:
    if key is None:
        return None
    try:
        return parse_card(key)
    except ValueError:
        return None


def _pilot_of(card: Card | None) -> Suit | None:
    if card is not None and card.rank is Rank.ACE:
        return card.suit
    return None


def _control(key: str | None) -> Action:
    if key in _CONTROLS:
        return _CONTROLS[key]
    parts = (key or "").split(":")
    if (
        len(parts) == 3
        and parts[0] == "round"
        and parts[1].isdigit()
        and parts[2] in ("down", "up")
    ):
        return Call("set_rounding", (int(parts[1]), parts[2]))
    if len(parts) == 2 and parts[0] == "ending" and parts[1] in _SUITS:
        return Call("choose_ending", (_SUITS[parts[1]],))
    return Refusal("That button does nothing now.")


def _place_on(zone: str, card: Card | None, build: Build | None, held: Held | None) -> Action:
    """A hand card (or the picked-up one, ``card=None``) put on the row's zone ``zone``."""
    if build is None:
        return Refusal("Cards go into the row only in the Assault step.")
    kind, _, rest = zone.partition(":")
    if kind == "ace" and rest in _SUITS:
        return Call("place", (_SUITS[rest],) + ((card,) if card is not None else ()))
    if kind == "slot" and rest.isdigit():
        position = int(rest)
        if held is not None:
            return Call("add_pilot", (held.pilot, position) + ((card,) if card else ()))
        if len(build.available) == 1:
            return Call("add_pilot", (build.available[0], position) + ((card,) if card else ()))
        return Refusal("Which pilot joins? Drag a Ready pilot here, or click one after the card.")
    return Refusal("Put the card on an ace in the row, or on a + pilot space.")


def _card_clicked(card: Card, view: PilotView, build: Build | None, held: Held | None) -> Action:
    pilot = _pilot_of(card)
    if pilot is not None:
        if view.phase is Phase.CHOOSE_PILOT:
            return Call("choose_pilot", (pilot,))
        if build is not None:
            return Call("pick_pilot", (pilot,))
        return Refusal("Pilots are chosen before the Draw.")
    if card in view.odds:
        return Call("draw", (card,))
    if view.discard and card == view.discard[-1] and view.phase is Phase.DRAW:
        return Call("draw")
    if held is not None and held.position is not None and build is not None:
        return Call("add_pilot", (held.pilot, held.position, card))
    return Call("select", (card,))


def _dropped(
    card: Card, zone: str, view: PilotView, build: Build | None, held: Held | None
) -> Action:
    pilot = _pilot_of(card)
    if pilot is not None:
        if zone == "assault" and view.phase is Phase.CHOOSE_PILOT:
            return Call("choose_pilot", (pilot,))
        if zone.startswith("slot:") and zone[5:].isdigit() and build is not None:
            return Call("hold_pilot", (pilot, int(zone[5:])))
        return Refusal(
            "A Ready pilot joins on a + pilot space, left of, between or right of the aces."
        )
    if zone == "hand" and view.phase is Phase.DRAW:
        return Call("draw", (card,) if card in view.odds else ())
    if zone == "discard":
        return Call("discard", (card,))
    if zone.startswith(("ace:", "slot:")):
        if card not in view.hand:
            return Refusal("Only cards from your hand go into the row.")
        return _place_on(zone, card, build, held)
    return Refusal("That card cannot go there.")


@interpreter(PilotView)
def interpret(gesture: ReadGesture, view: PilotView) -> Action:
    """What ``gesture`` means on the table of ``view``, with what the panel holds
    (``context``: the equation being built, the card selected, the pilot held)."""
    context = gesture.context
    build, selected, held = context.build, context.selected, context.held
    kind, zone = gesture.kind, gesture.zone
    if kind == "control":
        return _control(zone)
    if kind == "cancel":
        return Call("put_back")
    card = _card(gesture.card)
    if kind == "card":
        if card is None:
            return Refusal("That is not a card you can use.")
        return _card_clicked(card, view, build, held)
    if kind == "drop":
        if card is None or zone is None:
            return Refusal("That card cannot go there.")
        return _dropped(card, zone, view, build, held)
    if kind == "zone" and zone is not None:
        if zone.startswith(("ace:", "slot:")):
            if selected is None and (held is None or not zone.startswith("slot:")):
                return Refusal("First click a card in your hand, then where it goes.")
            if selected is None and held is not None:
                return Call("hold_pilot", (held.pilot, int(zone[5:]) if zone[5:].isdigit() else 0))
            return _place_on(zone, None, build, held)
        if zone == "discard" and view.phase is Phase.DRAW and not view.odds:
            return Call("draw")
        if zone == "discard" and selected is not None:
            return Call("discard", (selected,))
        if zone == "hand" and view.phase is Phase.DRAW:
            return Refusal("Click the card you want to draw.")
    return Refusal("Nothing happens there now.")

"""What a gesture on the Ace Pilot table means, and what each step of building an equation
does: pure functions, no widgets.

:func:`interpret` reads a gesture (a click, a drop or a button) as a call of the play panel's
Python API, or a refusal in words. The steps (:func:`select`, :func:`place`,
:func:`add_pilot`, :func:`confirm` …) take the panel's :class:`Desk` and return an
:class:`Edit` of it, a :class:`Play` of an engine move, or a :class:`Refusal`.

The panel then makes that call, so a click and the same call from Python share one path. Keys
are the ones :mod:`acelab.ace_pilot.table_view` gives: card codes (``"9S"``, aces ``"AD"``),
zones (``"hand"``, ``"ace:D"``, ``"slot:1"``, ``"discard"``…) and controls (``"confirm"``,
``"round:0:up"``, ``"ending:H"``…). Nothing here imports a widget library.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from acelab.ace_pilot.builder import Build, Position
from acelab.ace_pilot.hints import hint
from acelab.ace_pilot.moves import (
    ChoosePilot,
    Concede,
    ContinueSession,
    Discard,
    DrawDeck,
    DrawDiscard,
    DrawOdd,
    EndSession,
    KeepJoker,
    PilotMove,
    RestorePilots,
)
from acelab.ace_pilot.narrate import prompt_text
from acelab.ace_pilot.operations import Rounding
from acelab.ace_pilot.pilots import parse_pilot, pilot_name
from acelab.ace_pilot.state import Phase, PilotView
from acelab.ace_pilot.table_view import Held
from acelab.cards import Card, Rank, Suit, parse_card
from acelab.engine import IllegalMove, expect
from acelab.widgets.view_model import NOT_A_GESTURE, Call, GestureLike, Refusal, read_gesture

__all__ = [
    "Call",
    "Desk",
    "Edit",
    "GestureLike",
    "Play",
    "Refusal",
    "Step",
    "attempt",
    "interpret",
]


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


def interpret(
    gesture: GestureLike,
    view: PilotView,
    build: Build | None = None,
    selected: Card | None = None,
    held: Held | None = None,
) -> Action:
    """What ``gesture`` means on the table of ``view`` with the equation ``build``."""
    expect(view, PilotView, "the view of the player at the table")
    fields = read_gesture(gesture)
    if fields is None:
        return NOT_A_GESTURE
    kind, _, zone = fields
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


# ---- the steps of building an equation: pure, from a desk to an edit, a move or a refusal ----


@dataclass(frozen=True)
class Desk:
    """What the panel holds besides the game state: the equation being built, the picked-up
    card or pilot, and whether Confirm of a division by zero was already warned about."""

    view: PilotView
    build: Build | None = None
    selected: Card | None = None
    held: Held | None = None
    armed: bool = False


@dataclass(frozen=True)
class Edit:
    """A new desk; ``label`` names an undo point ("" for none), ``message`` what to say."""

    build: Build | None
    selected: Card | None = None
    held: Held | None = None
    label: str = ""
    message: str = ""
    kind: str = "info"
    armed: bool = False


@dataclass(frozen=True)
class Play:
    """Play ``move`` in the engine."""

    move: PilotMove


Step = Edit | Play | Refusal


def as_card(card: Card | str) -> Card:
    """A card from a value or text such as ``"9S"`` or ``"9♠"``; ``ValueError`` otherwise."""
    if isinstance(card, Card):
        return card
    if not isinstance(card, str):
        raise ValueError("Name a card like 9♠ or 9S.")
    return parse_card(card)


def _building(desk: Desk) -> Build:
    if desk.build is None:
        raise IllegalMove(f"There is no equation to build now. {prompt_text(desk.view)}")
    return desk.build


def _picked(desk: Desk, card: Card | str | None) -> Card:
    if card is not None:
        return as_card(card)
    if desk.selected is None:
        raise IllegalMove("First click a card in your hand, then where it goes.")
    return desk.selected


def _edit(desk: Desk, label: str, build: Build) -> Edit:
    return Edit(build, label=label)


def select(desk: Desk, card: Card | str) -> Step:
    """Pick up a hand card (again: put it back); in the Discard step, discard it."""
    card = as_card(card)
    if desk.view.phase is Phase.DISCARD:
        return discard(desk, card)
    build = desk.build
    if build is None:
        raise IllegalMove(f"Cards are played in the Assault step. {prompt_text(desk.view)}")
    if card not in build.hand:
        raise IllegalMove(f"{card.symbol} is not in your hand.")
    if card in build.used:
        raise IllegalMove(f"{card.symbol} is already in the equation: Undo takes it back.")
    if desk.held is not None and desk.held.position is not None:
        return add_pilot(desk, desk.held.pilot, desk.held.position, card)
    if desk.selected == card:
        return Edit(build, held=desk.held)
    text = f"{card.symbol} picked up: now click an ace in the row, or a + pilot space."
    return Edit(build, card, desk.held, message=text)


def hold_pilot(desk: Desk, pilot: Suit | str, position: int | None = None) -> Step:
    """A Ready pilot picked up (or dropped on a + pilot space) waits for its first card."""
    build, suit = _building(desk), parse_pilot(pilot)
    if position is not None and (type(position) is not int or not 0 <= position <= len(build.aces)):
        raise IllegalMove(
            "A new pilot goes on a + pilot space: left of, between or right of the aces."
        )
    if suit not in build.available or not build.complete:
        raise IllegalMove(f"{pilot_name(suit)} cannot join the equation now. {build.missing()}")
    if desk.selected is not None:
        return add_pilot(desk, suit, "right" if position is None else position)
    where = "a + pilot space" if position is None else "the hand card it starts with"
    text = f"{pilot_name(suit)} picked up: now click {where}."
    return Edit(build, None, Held(suit, position), message=text)


def place(desk: Desk, pilot: Suit | str, card: Card | str | None = None) -> Step:
    """Put the picked-up card (or ``card``) on an ace already in the row."""
    build, chosen, suit = _building(desk), _picked(desk, card), parse_pilot(pilot)
    return _edit(desk, f"{chosen.symbol} on {pilot_name(suit)}", build.place(chosen, suit))


def add_pilot(
    desk: Desk,
    pilot: Suit | str | None,
    position: Position = "right",
    card: Card | str | None = None,
) -> Step:
    """Deploy a Ready pilot left, right or between, with the picked-up card (or ``card``)."""
    build, chosen = _building(desk), _picked(desk, card)
    if pilot is None:
        if not build.available:
            raise IllegalMove("No Ready pilot is left to add.")
        pilot = build.available[0]
    suit = parse_pilot(pilot)
    if position not in ("left", "right", "between") and type(position) is not int:
        raise IllegalMove("A new pilot goes to the left, to the right, or between two aces.")
    where = {"left": "on the left", "right": "on the right"}.get(str(position), "in the row")
    label = f"{pilot_name(suit)} joined {where} with {chosen.symbol}"
    return _edit(desk, label, build.add_pilot(suit, chosen, position))


ORDINALS: Final = ("first", "second", "third", "fourth", "fifth", "sixth")


def set_rounding(desk: Desk, step: int, rounding: str) -> Step:
    """Round division step ``step`` (0 is the first) ``"down"`` or ``"up"``."""
    build = _building(desk)
    if type(step) is not int or rounding not in ("down", "up"):
        raise IllegalMove("Round a division step (0 is the first) down or up.")
    chosen: Rounding = "down" if rounding == "down" else "up"
    if build.padded_roundings()[step : step + 1] == (chosen,):
        return Edit(build, desk.selected, desk.held)
    which = ORDINALS[step] if step < len(ORDINALS) else f"number {step + 1}"
    label = f"rounded the answer of the {which} division {chosen}"
    return _edit(desk, label, build.with_rounding(step, chosen))


def choose_ending(desk: Desk, pilot: Suit | str) -> Step:
    """Name the Ending Pilot among the pilots added."""
    build, suit = _building(desk), parse_pilot(pilot)
    if build.ending is suit:
        return Edit(build, desk.selected, desk.held)
    return _edit(desk, f"{pilot_name(suit)} ends", build.with_ending(suit))


def clear(desk: Desk) -> Step:
    """Every card of the equation back into the hand."""
    build = _building(desk)
    if build.is_empty:
        return Refusal("The equation is already empty.")
    return _edit(desk, "cleared the equation", build.clear())


def confirm(desk: Desk) -> Step:
    """Play the equation; a division by zero is warned about once first."""
    view, build = desk.view, desk.build
    if build is None:
        return Refusal(f"There is no equation to confirm now. {prompt_text(view)}")
    if not build.complete:
        return Refusal(build.missing())
    if build.divides_by_zero and not desk.armed:
        text = (
            "This equation divides by zero, and that loses the game for everyone. Press "
            "Confirm again to play it anyway, or change it."
        )
        return Edit(build, desk.selected, desk.held, message=text, kind="warning", armed=True)
    if not build.divides_by_zero and build.value() != view.target:
        fix = "change a rounding" if view.target in build.values() else "change it, or Give up"
        return Refusal(f"It makes {build.value()}, not the target {view.target}: {fix}.")
    return Play(build.assault())


def draw(desk: Desk, card: Card | str | None = None) -> Step:
    """Draw the Revealed Odd ``card``, else the discard pile's or the deck's top card."""
    view = desk.view
    if view.phase is not Phase.DRAW:
        return Refusal(f"It is not time to draw. {prompt_text(view)}")
    if card is not None:
        return Play(DrawOdd(as_card(card)))
    if view.odds:
        return Refusal("Click the Revealed Odd you want to draw.")
    return Play(DrawDiscard() if view.discard else DrawDeck())


def discard(desk: Desk, card: Card | str) -> Step:
    """Discard a hand card in the Discard step."""
    card = as_card(card)
    if desk.view.phase is Phase.DISCARD and card not in desk.view.hand:
        return Refusal(f"{card.symbol} is not in your hand.")
    return Play(Discard(card))


def choose_pilot(desk: Desk, pilot: Suit | str) -> Step:
    """Choose the Starting Pilot."""
    return Play(ChoosePilot(parse_pilot(pilot)))


def give_up(desk: Desk) -> Step:
    """Concede the round."""
    return Play(Concede())


def restore(desk: Desk, spend: bool) -> Step:
    """After a victory: spend a joker to restore the Defeated pilots, or keep it."""
    if type(spend) is not bool:
        return Refusal("Say True to spend the joker, False to keep it.")
    return Play(RestorePilots() if spend else KeepJoker())


def continue_session(desk: Desk, go_on: bool) -> Step:
    """Extended session: play on at the next Challenge Rating, or stop."""
    if type(go_on) is not bool:
        return Refusal("Say True to play on at the next Challenge Rating, False to stop.")
    return Play(ContinueSession() if go_on else EndSession())


def check(desk: Desk) -> Step:
    """Say whether the equation can still be completed to reach the target."""
    if desk.build is None:
        return Refusal(f"There is no equation to check now. {prompt_text(desk.view)}")
    verdict = desk.build.check(desk.view.target)
    kind = "success" if verdict.possible else "warning"
    return Edit(desk.build, desk.selected, desk.held, message=verdict.text, kind=kind)


def give_hint(desk: Desk, level: int) -> Step:
    """Hint ``level`` (1 vaguest … 4 a full solution) for this moment of the round."""
    if desk.view.phase is Phase.OVER:
        text = "The game is over: press New game to play again."
    else:
        text = f"Hint {level} of 4: {hint(desk.view, level, desk.build).text}"
    return Edit(desk.build, desk.selected, desk.held, message=text, armed=desk.armed)


def attempt(step: Callable[..., Step], desk: Desk, *args: object) -> Step:
    """Run ``step``; a refused or malformed request becomes a :class:`Refusal` in words."""
    try:
        return step(desk, *args)
    except IllegalMove as error:
        return Refusal(error.reason)
    except (ValueError, TypeError, AttributeError, KeyError) as error:
        text = str(error).strip("'\"")
        return Refusal(text if text.endswith(".") else "That cannot be done now.")

"""The steps of building an Ace Pilot equation on the table, and the round's other steps:
pure functions from the panel's :class:`Desk` (the view, the equation being built, the card
picked up or the pilot held) to a :class:`DeskStep`: an :class:`Edit` of the desk, a
:class:`Play` of an engine move, or a :class:`Refusal` in words.

:func:`select`, :func:`place`, :func:`add_pilot`, :func:`confirm` … are what the panel's Python
API runs (through :func:`attempt`); :func:`acelab.ace_pilot.gestures.interpret` reads a click
as a call of that API. (They lived in :mod:`acelab.ace_pilot.gestures`, which re-exports them.)
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
from acelab.engine import IllegalMove
from acelab.engine.cards import Card, Suit, parse_card
from acelab.widgets.view_model import Refusal

__all__ = ["Desk", "DeskStep", "Edit", "Play", "attempt"]


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


DeskStep = Edit | Play | Refusal
"""What a step of building does: an :class:`Edit` of the desk, a :class:`Play` of a move, or a
:class:`Refusal` (named apart from :class:`acelab.engine.Step`, what a move of the game does)."""


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


def select(desk: Desk, card: Card | str) -> DeskStep:
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


def hold_pilot(desk: Desk, pilot: Suit | str, position: int | None = None) -> DeskStep:
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


def place(desk: Desk, pilot: Suit | str, card: Card | str | None = None) -> DeskStep:
    """Put the picked-up card (or ``card``) on an ace already in the row."""
    build, chosen, suit = _building(desk), _picked(desk, card), parse_pilot(pilot)
    return _edit(desk, f"{chosen.symbol} on {pilot_name(suit)}", build.place(chosen, suit))


def add_pilot(
    desk: Desk,
    pilot: Suit | str | None,
    position: Position = "right",
    card: Card | str | None = None,
) -> DeskStep:
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


def set_rounding(desk: Desk, step: int, rounding: str) -> DeskStep:
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


def choose_ending(desk: Desk, pilot: Suit | str) -> DeskStep:
    """Name the Ending Pilot among the pilots added."""
    build, suit = _building(desk), parse_pilot(pilot)
    if build.ending is suit:
        return Edit(build, desk.selected, desk.held)
    return _edit(desk, f"{pilot_name(suit)} ends", build.with_ending(suit))


def clear(desk: Desk) -> DeskStep:
    """Every card of the equation back into the hand."""
    build = _building(desk)
    if build.is_empty:
        return Refusal("The equation is already empty.")
    return _edit(desk, "cleared the equation", build.clear())


def confirm(desk: Desk) -> DeskStep:
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


def draw(desk: Desk, card: Card | str | None = None) -> DeskStep:
    """Draw the Revealed Odd ``card``, else the discard pile's or the deck's top card."""
    view = desk.view
    if view.phase is not Phase.DRAW:
        return Refusal(f"It is not time to draw. {prompt_text(view)}")
    if card is not None:
        return Play(DrawOdd(as_card(card)))
    if view.odds:
        return Refusal("Click the Revealed Odd you want to draw.")
    return Play(DrawDiscard() if view.discard else DrawDeck())


def discard(desk: Desk, card: Card | str) -> DeskStep:
    """Discard a hand card in the Discard step."""
    card = as_card(card)
    if desk.view.phase is Phase.DISCARD and card not in desk.view.hand:
        return Refusal(f"{card.symbol} is not in your hand.")
    return Play(Discard(card))


def choose_pilot(desk: Desk, pilot: Suit | str) -> DeskStep:
    """Choose the Starting Pilot."""
    return Play(ChoosePilot(parse_pilot(pilot)))


def give_up(desk: Desk) -> DeskStep:
    """Concede the round."""
    return Play(Concede())


def restore(desk: Desk, spend: bool) -> DeskStep:
    """After a victory: spend a joker to restore the Defeated pilots, or keep it."""
    if type(spend) is not bool:
        return Refusal("Say True to spend the joker, False to keep it.")
    return Play(RestorePilots() if spend else KeepJoker())


def continue_session(desk: Desk, go_on: bool) -> DeskStep:
    """Extended session: play on at the next Challenge Rating, or stop."""
    if type(go_on) is not bool:
        return Refusal("Say True to play on at the next Challenge Rating, False to stop.")
    return Play(ContinueSession() if go_on else EndSession())


def check(desk: Desk) -> DeskStep:
    """Say whether the equation can still be completed to reach the target."""
    if desk.build is None:
        return Refusal(f"There is no equation to check now. {prompt_text(desk.view)}")
    verdict = desk.build.check(desk.view.target)
    kind = "success" if verdict.possible else "warning"
    return Edit(desk.build, desk.selected, desk.held, message=verdict.text, kind=kind)


def give_hint(desk: Desk, level: int) -> DeskStep:
    """Hint ``level`` (1 vaguest … 4 a full solution) for this moment of the round."""
    if desk.view.phase is Phase.OVER:
        text = "The game is over: press New game to play again."
    else:
        text = f"Hint {level} of 4: {hint(desk.view, level, desk.build).text}"
    return Edit(desk.build, desk.selected, desk.held, message=text, armed=desk.armed)


def attempt(step: Callable[..., DeskStep], desk: Desk, *args: object) -> DeskStep:
    """Run ``step``; a refused or malformed request becomes a :class:`Refusal` in words."""
    try:
        return step(desk, *args)
    except IllegalMove as error:
        return Refusal(error.reason)
    except (ValueError, TypeError, AttributeError, KeyError) as error:
        text = str(error).strip("'\"")
        return Refusal(text if text.endswith(".") else "That cannot be done now.")

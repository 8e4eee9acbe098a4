"""The Ace Pilot table as the shared card table draws it: a pure function from what the player
sees (and the equation being built) to a :class:`~acelab.widgets.view_model.TableView`.

Zones: the deck, the Revealed Odds, the Revealed Evens (with the target), the Joker pile, the
discard pile, the Assault Zone's row (one zone per ace, with a drop slot left of, between and
right of the aces while a pilot may join), and the hand with the Ready and Defeated pilots
beside it (three lines: at 1024×768 the table fits the screen; the deck's card is drawn small
and an empty zone compact). Keys are card codes (``"9S"``, the aces ``"AD"``), so gestures name
cards plainly. Nothing here imports a widget library.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from acelab.ace_pilot.builder import Build, DivisionStep
from acelab.ace_pilot.moves import PilotMove
from acelab.ace_pilot.pilots import OPERATION, VERB, pilot_name
from acelab.ace_pilot.state import Phase, PilotView
from acelab.engine import expect
from acelab.engine.cards import Card, Rank, Suit
from acelab.widgets.card_face import spoken_name
from acelab.widgets.view_model import (
    BACK,
    NOTE_BESIDE,
    SLOT,
    SMALL,
    CardSpot,
    Control,
    TableView,
    Zone,
)

__all__ = [
    "Held",
    "TableOptions",
    "ace_card",
    "ace_zone",
    "pilot_spoken",
    "pilot_table",
    "slot_zone",
    "table",
]

_SLOT_WORDS: Final = ("left of the row", "between the aces", "right of the row")


@dataclass(frozen=True)
class Held:
    """A Ready pilot picked up to join the row, and where (``None``: not placed yet)."""

    pilot: Suit
    position: int | None = None


@dataclass(frozen=True)
class TableOptions:
    """What the table shows besides the game: undo, hints, the new-game question, the card
    picked up or the pilot held, and ``build``, the equation being built."""

    can_undo: bool = False
    new_game_question: str = ""
    selected: Card | None = None
    held: Held | None = None
    build: Build | None = None


def ace_card(suit: Suit) -> Card:
    """The ace of ``suit`` (a pilot's card)."""
    return Card(Rank.ACE, suit)


def ace_zone(suit: Suit) -> str:
    """The key of the row's zone for the pilot of ``suit``."""
    pilot_name(suit)  # refuses what is not a pilot
    return f"ace:{suit.letter}"


def slot_zone(index: int) -> str:
    """The key of the row's drop slot at position ``index`` (0 = left of every ace)."""
    return f"slot:{index}"


def pilot_spoken(suit: Suit) -> str:
    """A pilot for a screen reader: "Duke, ace of diamonds, divides"."""
    return f"{pilot_name(suit)}, ace of {suit.noun}, {VERB[suit]}"


def _card(
    card: Card,
    *,
    movable: bool = False,
    sideways: bool = False,
    highlighted: bool = False,
    dimmed: bool = False,
) -> CardSpot:
    return CardSpot(
        str(card),
        str(card),
        spoken_name(card),
        sideways=sideways,
        highlighted=highlighted,
        dimmed=dimmed,
        movable=movable,
    )


def _pilot(suit: Suit, *, movable: bool = False, dimmed: bool = False, badge: str = "") -> CardSpot:
    card = ace_card(suit)
    return CardSpot(
        str(card), str(card), pilot_spoken(suit), movable=movable, dimmed=dimmed, badge=badge
    )


def _target_note(view: PilotView) -> str:
    if not view.evens:
        return "no target yet"
    if len(view.evens) == 1:
        return f"target {view.target}"
    return f"target {' + '.join(str(c.value) for c in view.evens)} = {view.target}"


def _table_zones(view: PilotView, build: Build | None, options: TableOptions) -> list[Zone]:
    phase = view.phase
    drawing = phase is Phase.DRAW
    deck = (CardSpot("deck", BACK, f"deck, {view.deck_count} cards", movable=False),)
    top = view.discard[-1:]
    jokers = tuple(CardSpot(f"joker:{n}", "JK", "joker", movable=False) for n in range(view.jokers))
    discarding = phase is Phase.DISCARD
    zones = [
        Zone(
            "deck",
            "Deck",
            deck if view.deck_count else (),
            count=view.deck_count,
            css=SMALL if view.deck_count else f"{SMALL} {SLOT}",
        ),
        Zone(
            "odds",
            "Revealed Odds",
            tuple(_card(c, movable=drawing) for c in view.odds),
            note="" if view.odds else "none",
            spoken="Revealed Odds: click one to draw it" if drawing else "Revealed Odds",
        ),
        Zone(
            "evens",
            f"Evens · rating {view.challenge}",
            tuple(_card(c) for c in view.evens),
            note=_target_note(view),
            css=f"acelab-target {NOTE_BESIDE}",
        ),
        Zone("jokers", "Jokers", jokers, count=view.jokers, note="" if jokers else "none"),
        Zone(
            "discard",
            "Discard pile",
            tuple(_card(c, movable=drawing and not view.odds) for c in top),
            count=len(view.discard),
            note="" if top or discarding else "empty",
            droppable=discarding,
            spoken="Discard pile: drop a card here to discard it" if discarding else "Discard pile",
        ),
    ]
    choosing = phase is Phase.CHOOSE_PILOT
    if build is None:
        start = (_pilot(view.assault, badge="start"),) if view.assault is not None else ()
        zones.append(
            Zone("assault", "Assault Zone", start, line=1, droppable=choosing, css="acelab-assault")
        )
    return zones


def _pilot_zones(view: PilotView, build: Build | None, options: TableOptions) -> list[Zone]:
    """The Ready and Defeated pilots, beside the hand (the other line the learner plays from):
    the target, the row, the hand and the buttons fit at 1024×768."""
    choosing = view.phase is Phase.CHOOSE_PILOT
    joining = build is not None and build.complete and len(build.aces) < 3
    in_row = {ace.suit for ace in build.aces} if build is not None else set()
    held = options.held.pilot if options.held is not None else None
    if options.held is not None and options.held.position is not None:
        in_row.add(options.held.pilot)  # it waits on its slot, shown there only
    ready = tuple(
        _pilot(p, movable=choosing or (joining and p not in in_row))
        if p is not held
        else CardSpot(str(ace_card(p)), str(ace_card(p)), pilot_spoken(p), highlighted=True)
        for p in view.ready
        if p not in in_row
    )
    defeated = tuple(_pilot(p, dimmed=True) for p in view.defeated)
    return [
        Zone(
            "ready",
            "Ready pilots",
            ready,
            line=3,
            note="" if ready else "none",
            spoken="Ready pilots: click one to choose it" if choosing else "Ready pilots",
        ),
        Zone("defeated", "Defeated", defeated, line=3, note="" if defeated else "none"),
    ]


def _row_zones(build: Build, options: TableOptions) -> list[Zone]:
    """The row: one zone per ace, and drop slots where a Ready pilot may join."""
    joining = build.complete and len(build.aces) < 3 and bool(build.available)
    held = options.held
    zones: list[Zone] = []
    count = len(build.aces)
    for index in range(count + 1):
        if joining:
            words = _SLOT_WORDS[0 if index == 0 else 2 if index == count else 1]
            pending = held is not None and held.position == index
            cards = (_pilot(held.pilot, badge="new"),) if pending and held is not None else ()
            zones.append(
                Zone(
                    slot_zone(index),
                    "+ pilot",
                    cards,
                    line=2,
                    droppable=True,
                    highlighted=pending,
                    spoken=f"Add a pilot {words}",
                    css="acelab-slot",
                )
            )
        if index == count:
            break
        ace = build.aces[index]
        carry = len(ace.cards) == 1 and ace.suit is not build.start
        role = "Starting Pilot" if ace.suit is build.start else "carryover" if carry else "added"
        name = pilot_name(ace.suit)
        placed = (_pilot(ace.suit), *(_card(c, sideways=carry) for c in ace.cards))
        zones.append(
            Zone(
                ace_zone(ace.suit),
                f"{name} {OPERATION[ace.suit]} · {role}",
                placed,
                line=2,
                droppable=True,
                spoken=f"{name}'s cards ({role}): put the picked-up card here",
                css="acelab-row-ace",
            )
        )
    return zones


def _hand_zone(view: PilotView, build: Build | None, options: TableOptions) -> Zone:
    used = set(build.used) if build is not None else set()
    playing = build is not None or view.phase is Phase.DISCARD
    cards = tuple(
        _card(
            c,
            movable=playing and c not in used,
            dimmed=c in used,
            highlighted=c == options.selected,
        )
        for c in view.hand
    )
    spoken = "Your hand"
    if view.phase is Phase.DISCARD:
        spoken = "Your hand: click a card to discard it"
    elif build is not None:
        spoken = "Your hand: click a card, then where it goes"
    return Zone(
        "hand",
        "Your hand",
        cards,
        line=3,
        droppable=view.phase is Phase.DRAW,
        spoken=spoken,
        css="acelab-hand",
    )


def _rounding_controls(step: DivisionStep) -> tuple[Control, ...]:
    down, up = step.choices()
    group = f"Duke: {step.left} / {step.right} is not whole, round"
    return (
        Control(
            f"round:{step.index}:down",
            f"down to {down}",
            group=group,
            pressed=step.rounding == "down",
        ),
        Control(
            f"round:{step.index}:up", f"up to {up}", group=group, pressed=step.rounding == "up"
        ),
    )


def _assault_controls(build: Build) -> list[Control]:
    controls = [
        Control("confirm", "Confirm", style="success", tooltip="Play this equation."),
        Control("check", "Check", tooltip="Can this equation still reach the target?"),
        Control("clear", "Clear", tooltip="Take every card back into the hand."),
    ]
    for step in build.division_steps():
        if step.fractional:
            controls += _rounding_controls(step)
    endings = build.endings()
    if len(endings) > 1:
        controls += [
            Control(
                f"ending:{p.letter}", pilot_name(p), group="Ending Pilot", pressed=p is build.ending
            )
            for p in endings
        ]
    controls.append(
        Control(
            "give_up",
            "Give up",
            style="danger",
            confirm="Give up this round? It counts as lost: your Starting Pilot is Defeated"
            " (a joker, if you hold one, is spent to save it).",
            tooltip="Concede the round.",
        )
    )
    return controls


def _phase_controls(view: PilotView, build: Build | None) -> list[Control]:
    phase = view.phase
    if build is not None:
        return _assault_controls(build)
    if phase is Phase.DRAW and not view.odds:
        text = "Take the discard pile's top card" if view.discard else "Take the deck's top card"
        return [Control("draw", text, style="primary")]
    if phase is Phase.RESTORE:
        return [
            Control("restore:yes", "Spend a joker: restore pilots", style="primary"),
            Control("restore:no", "Keep the joker"),
        ]
    if phase is Phase.CLEARED:
        return [
            Control("continue:yes", "Play on at the next rating", style="primary"),
            Control("continue:no", "End the session"),
        ]
    return []


def pilot_table(
    view: PilotView, build: Build | None = None, options: TableOptions | None = None
) -> TableView:
    """:func:`table` with the equation ``build`` being made given apart (its older form)."""
    options = expect(options or TableOptions(), TableOptions, "the table's options")
    return table(view, (), replace(options, build=build))


def table(
    view: PilotView, legal: Sequence[PilotMove] = (), options: TableOptions | None = None
) -> TableView:
    """The whole Ace Pilot table for ``view`` and the equation ``options.build`` being made
    (``legal`` is not needed: the table is drawn from the view and the build alone)."""
    expect(view, PilotView, "an Ace Pilot view")
    options = expect(options or TableOptions(), TableOptions, "the table's options")
    build = options.build
    if build is not None:
        expect(build, Build, "the equation being built")
    zones = _table_zones(view, build, options)
    if build is not None:
        zones += _row_zones(build, options)
    zones.append(_hand_zone(view, build, options))
    zones += _pilot_zones(view, build, options)
    controls = _phase_controls(view, build)
    hints = view.phase is Phase.ASSAULT or (
        view.phase in (Phase.DRAW, Phase.CHOOSE_PILOT) and bool(view.evens)
    )
    if hints:
        controls.append(Control("hint", "Hint", tooltip="Each press gives a stronger hint."))
    controls += [
        Control("undo", "Undo", disabled=not options.can_undo, tooltip="Take back the last step."),
        Control("new", "New game", confirm=options.new_game_question),
    ]
    return TableView(zones=tuple(zones), controls=tuple(controls))

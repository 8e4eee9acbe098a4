"""The card table's view model: frozen values a game builds from its state, then shows.

A game's pure ``table_view.py`` turns what the player may see into a :class:`TableView`;
:class:`acelab.widgets.table.CardTable` sends it to the browser as JSON. Nothing here knows a
game rule, and nothing imports a widget library, so view builders are tested without Jupyter.

Cards name their face by a key into the table's face set (``"9S"``, ``"JK"``, ``"back"``), so an
SVG face crosses the wire once; ``CardSpot.key`` is the card's stable identity on the table (the
browser keeps focus on it across redraws, and gestures report it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol, TypeVar

from acelab.engine.terms import expect

__all__ = [
    "BACK",
    "FANNED",
    "NOTE_BESIDE",
    "NOT_A_GESTURE",
    "NO_CONTEXT",
    "SLOT",
    "SMALL",
    "Call",
    "CardSpot",
    "Control",
    "GestureLike",
    "Interpret",
    "ReadGesture",
    "Refusal",
    "Status",
    "StatusKind",
    "TableContext",
    "TableView",
    "Zone",
    "interpreter",
    "read_context",
    "read_gesture",
]

BACK: Final = "back"

# The card table's css classes a zone may ask for (``Zone.css``; drawn by table.css).
SMALL: Final = "acelab-t-small"
"""Its cards drawn smaller (face-down cards): room for the faces that matter at 1024×768."""
FANNED: Final = "acelab-t-fanned"
"""Its cards fanned, each covering all of the one before it but its corner: a long pile or a
face-down hand stays short."""
SLOT: Final = "acelab-t-slot"
"""Drawn as an empty slot, a card's dashed outline, when it holds no card (an empty deck)."""
NOTE_BESIDE: Final = "acelab-t-note-beside"
"""Its note beside its cards, not under them: the zone one line less tall."""
StatusKind = Literal["info", "success", "warning", "error"]
ControlStyle = Literal["default", "primary", "success", "danger"]


@dataclass(frozen=True)
class CardSpot:
    """One card on the table.

    ``face`` is a card code such as ``"9S"`` (or :data:`BACK` for a face-down card); ``label``
    is what a screen reader says ("nine of spades"). ``sideways`` turns it a quarter,
    ``highlighted`` rings it (picked up, or suggested), ``dimmed`` greys it (cannot be used
    now); ``badge`` is a short note on the card (a count, "start"); ``movable`` says whether it
    may be clicked or dragged.
    """

    key: str
    face: str
    label: str
    sideways: bool = False
    highlighted: bool = False
    dimmed: bool = False
    badge: str = ""
    movable: bool = True

    def to_json(self) -> dict[str, Any]:
        """The card as the JSON the browser draws."""
        return {
            "key": self.key,
            "face": self.face,
            "label": self.label,
            "sideways": self.sideways,
            "highlighted": self.highlighted,
            "dimmed": self.dimmed,
            "badge": self.badge,
            "movable": self.movable,
        }


@dataclass(frozen=True)
class Zone:
    """A named place on the table holding cards, drawn in order on table line ``line``.

    ``label`` is its caption, ``spoken`` its longer accessible name (default: the label);
    ``count`` shows a badge (cards in a deck), ``note`` a line under the cards ("target 12");
    ``droppable`` says a card may be dropped (or, by keyboard, placed) here; ``clickable`` that
    the zone itself answers a click; ``highlighted`` rings it; ``css`` adds class names.
    A zone with no card keeps a card's room, unless its note (or art) stands for the cards: it
    is then drawn compact, except a drop zone or one whose ``css`` has ``acelab-t-slot`` (an
    empty slot, such as an empty deck, drawn as a dashed card outline).
    ``art`` is markup drawn above the cards (an Enemy card as SVG, a short list): built by the
    game's Python with every text escaped, decorative (``aria-hidden``), its words in ``spoken``.
    """

    key: str
    label: str
    cards: tuple[CardSpot, ...] = ()
    line: int = 0
    count: int | None = None
    note: str = ""
    spoken: str = ""
    droppable: bool = False
    clickable: bool = False
    highlighted: bool = False
    css: str = ""
    art: str = ""

    def to_json(self) -> dict[str, Any]:
        """The zone as the JSON the browser draws."""
        return {
            "key": self.key,
            "label": self.label,
            "cards": [card.to_json() for card in self.cards],
            "line": self.line,
            "count": self.count,
            "note": self.note,
            "spoken": self.spoken or self.label,
            "droppable": self.droppable,
            "clickable": self.clickable,
            "highlighted": self.highlighted,
            "css": self.css,
            "art": self.art,
        }


@dataclass(frozen=True)
class Control:
    """A button under the table. ``confirm`` is a question asked once before it acts ("Start a
    new game? This one will be saved."); ``pressed`` marks the chosen one of a group (a
    rounding); ``group`` gathers buttons under a caption. A ``deliberate`` button acts only on
    a click of its own, never on the second click of a double click begun on what was there
    before it (the pass-the-device screen's: a double click on Draw must not show the next
    player's hand)."""

    key: str
    label: str
    style: ControlStyle = "default"
    disabled: bool = False
    confirm: str = ""
    tooltip: str = ""
    group: str = ""
    pressed: bool | None = None
    deliberate: bool = False

    def to_json(self) -> dict[str, Any]:
        """The control as the JSON the browser draws."""
        return {
            "key": self.key,
            "label": self.label,
            "style": self.style,
            "disabled": self.disabled,
            "confirm": self.confirm,
            "tooltip": self.tooltip,
            "group": self.group,
            "pressed": self.pressed,
            **({"deliberate": True} if self.deliberate else {}),  # only when set: fewer bytes
        }


@dataclass(frozen=True)
class Status:
    """The message line beside the controls: what happened, or why a gesture was refused.
    ``action`` is the key of a control whose button is drawn beside the text too (advice
    such as "…: use it?")."""

    text: str = ""
    kind: StatusKind = "info"
    action: str = ""

    def to_json(self) -> dict[str, Any]:
        """The status as the JSON the browser draws."""
        return {"text": self.text, "kind": self.kind, "action": self.action}


@dataclass(frozen=True)
class TableView:
    """Everything the card table shows: a prompt line on top (what to do now), zones of
    cards, the controls, and the status line beside them (what just happened, or why not)."""

    zones: tuple[Zone, ...] = ()
    controls: tuple[Control, ...] = ()
    status: Status = Status()
    prompt: str = ""

    def zone(self, key: str) -> Zone:
        """The zone called ``key``; ``KeyError`` when there is none."""
        for zone in self.zones:
            if zone.key == key:
                return zone
        raise KeyError(key)

    def control(self, key: str) -> Control:
        """The control called ``key``; ``KeyError`` when there is none."""
        for control in self.controls:
            if control.key == key:
                return control
        raise KeyError(key)

    def card(self, key: str) -> CardSpot:
        """The card whose key is ``key``, in whichever zone; ``KeyError`` when absent."""
        for zone in self.zones:
            for card in zone.cards:
                if card.key == key:
                    return card
        raise KeyError(key)

    def texts(self) -> list[str]:
        """Every sentence the view shows a learner (for wording checks)."""
        found = [text for text in (self.prompt, self.status.text) if text]
        for zone in self.zones:
            found += [text for text in (zone.label, zone.note, zone.spoken) if text]
            found += [card.label for card in zone.cards]
        for control in self.controls:
            found += [t for t in (control.label, control.confirm, control.tooltip) if t]
        return found


class GestureLike(Protocol):
    """The fields of a :class:`acelab.widgets.table.Gesture` that a game's pure gesture
    interpreter reads (so it is tested without a widget)."""

    @property
    def kind(self) -> str: ...
    @property
    def card(self) -> str | None: ...
    @property
    def zone(self) -> str | None: ...


def read_gesture(gesture: object) -> tuple[str, str | None, str | None] | None:
    """The ``kind``, ``card`` and ``zone`` of ``gesture``, or None when it is not a gesture on
    the card table (a game's ``interpret`` then refuses it, :data:`NOT_A_GESTURE`)."""
    kind, card, zone = (getattr(gesture, name, None) for name in ("kind", "card", "zone"))
    if not isinstance(kind, str) or not all(v is None or isinstance(v, str) for v in (card, zone)):
        return None
    return kind, card, zone


@dataclass(frozen=True)
class Call:
    """What a gesture means: call the panel's method ``method`` with ``args``."""

    method: str
    args: tuple[object, ...] = ()


@dataclass(frozen=True)
class Refusal:
    """The gesture means nothing now: do nothing, and show ``text`` (when not empty)."""

    text: str


NOT_A_GESTURE: Final = Refusal("That is not a gesture on the card table.")
"""What a game's ``interpret`` answers to anything :func:`read_gesture` cannot read."""


@dataclass(frozen=True)
class TableContext:
    """What a panel knows besides the view when it reads a gesture: the third argument of
    every game's ``interpret(gesture, view, context)``, the same type in every game (each
    reads the fields it has a use for).

    ``moves`` are the legal moves of the player at the device (Lex); ``picked`` the keys of
    the cards picked up to be played (Lex: ``"6S"``); ``selected`` the hand card clicked
    first, ``held`` the pilot picked up and ``build`` the equation being built (Ace Pilot).
    The pass-the-device screen is no part of it: the seated panel refuses what is tried
    behind it before a game reads anything.
    """

    moves: tuple[Any, ...] = ()
    picked: tuple[str, ...] = ()
    selected: Any = None
    held: Any = None
    build: Any = None


NO_CONTEXT: Final = TableContext()
"""A panel that holds nothing besides the view (the default of every ``interpret``)."""


def read_context(context: object) -> TableContext:
    """``context`` when it is a :class:`TableContext`; ``ValueError`` with a sentence
    otherwise (what every game's ``interpret`` checks its third argument with)."""
    if not isinstance(context, TableContext):
        raise ValueError("A gesture is read with what the panel knows: a TableContext.")
    return context


@dataclass(frozen=True)
class ReadGesture:
    """A gesture as a game's interpreter reads it: its ``kind``, ``card`` and ``zone`` (what
    :func:`read_gesture` found) and what the panel knows (``context``, checked)."""

    kind: str
    card: str | None
    zone: str | None
    context: TableContext


V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)


class Interpret(Protocol[V_contra]):
    """Every game's ``gestures.interpret``: one signature (what the Panel base calls)."""

    def __call__(
        self, gesture: GestureLike, view: V_contra, context: TableContext = NO_CONTEXT
    ) -> Call | Refusal: ...


def interpreter(
    view_type: type[V],
) -> Callable[[Callable[[ReadGesture, V], Call | Refusal]], Interpret[V]]:
    """A game's ``interpret(gesture, view, context=NO_CONTEXT)`` made from what its gestures
    mean, ``meaning(read, view)``: the one reading every game shares happens here first — the
    view must be a ``view_type`` and the context a :class:`TableContext` (``ValueError`` with a
    sentence otherwise), and what is not a gesture on the card table is refused with
    :data:`NOT_A_GESTURE` before the game reads anything."""

    def made(meaning: Callable[[ReadGesture, V], Call | Refusal]) -> Interpret[V]:
        def interpret(
            gesture: GestureLike, view: V, context: TableContext = NO_CONTEXT
        ) -> Call | Refusal:
            expect(view, view_type, "the view of the player at the table")
            known = read_context(context)
            fields = read_gesture(gesture)
            if fields is None:
                return NOT_A_GESTURE
            return meaning(ReadGesture(*fields, known), view)

        interpret.__module__ = meaning.__module__
        interpret.__name__ = interpret.__qualname__ = meaning.__name__
        interpret.__doc__ = meaning.__doc__
        return interpret

    return made

"""The shared card table: one anywidget that draws zones of cards and reports gestures.

Python stays in charge of the game; the browser module (``table.js``, plain JavaScript shipped
in the package, no build step) knows no rule. It draws a :class:`~acelab.widgets.view_model.
TableView` and sends back what the learner did, as a :class:`Gesture`:

- ``card``: a card was clicked or tapped (or Enter/Space on it: the keyboard "picks it up");
- ``zone``: a zone was clicked (or Enter on it);
- ``drop``: a card was dragged onto a zone (or picked up by keyboard, then Enter on a zone);
- ``control``: a button was pressed (after its confirmation question, if it has one);
- ``cancel``: Escape put a picked-up card back.

On the wire each zone travels in a synced trait of its own (``zone_<n>``, ordered by
``zone_slots``), so a gesture that changes one zone sends that zone alone, with the controls or
status only when they changed; ``zones`` keeps every zone's JSON for Python. A gesture's answer
is one message (a zone seen for the first time included), and it goes first: the changes of
the table's ``companions`` (the widgets around it: the move log, an equation) wait until it has
been sent, so the learner sees the click answered before anything else is drawn.

Keys (in ``table.js``): one Tab stop per zone (a roving tabindex), the arrow keys within a zone
and Up/Down between zones, Enter/Space to pick up; a held card's places are numbered (1-9, or
Tab among them), Enter puts it down and Escape puts it back.

Guard rails: while one gesture is being applied the table is ``busy`` and drops the next (in
the browser and here), the second click of a double click is ignored, a control with a
``confirm`` question acts only once the learner says yes, and an exception raised by the
handler is caught and shown on the status line, never as a traceback.

Usage (a game panel builds a view from its state, and answers gestures)::

    from acelab.widgets.table import CardTable, Gesture
    from acelab.widgets.view_model import CardSpot, Control, Status, TableView, Zone

    def view(hand):
        cards = tuple(CardSpot(c, c, name) for c, name in hand)
        return TableView(
            zones=(Zone("hand", "Your hand", cards), Zone("pile", "Discard", droppable=True)),
            controls=(Control("new", "New game", confirm="Start a new game?"),),
            status=Status("Drag a card onto the discard pile."),
        )

    def answer(gesture: Gesture) -> None:
        if gesture.kind == "drop" and gesture.zone == "pile":
            table.show(view(...))            # redraw from the new state
        elif gesture.kind == "control" and gesture.zone == "new":
            ...
        else:
            table.say("Drop a card on the discard pile.", "error")

    table = CardTable(answer, view([("9S", "nine of spades")]))
    table                                     # displays it; table.gesture({...}) drives it
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal, cast

import anywidget
import traitlets

from acelab.engine.cards import deck
from acelab.widgets.card_face import card_svg
from acelab.widgets.view_model import BACK, StatusKind, TableView

__all__ = ["GESTURE_KINDS", "CardTable", "Gesture", "table_faces"]

GestureKind = Literal["card", "zone", "drop", "control", "cancel"]
GESTURE_KINDS: Final = ("card", "zone", "drop", "control", "cancel")
_HERE: Final = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Gesture:
    """What the learner did: ``kind``, the card's key and the zone's (or control's) key."""

    kind: GestureKind
    card: str | None = None
    zone: str | None = None
    seq: int = 0
    confirmed: bool = False

    @classmethod
    def from_json(cls, content: Mapping[str, Any]) -> Gesture | None:
        """The gesture in a message from the browser; None when it is not one."""
        kind, card, zone = content.get("kind"), content.get("card"), content.get("zone")
        seq = content.get("seq", 0)
        if kind not in GESTURE_KINDS or not isinstance(seq, int) or isinstance(seq, bool):
            return None
        if not all(v is None or isinstance(v, str) for v in (card, zone)):
            return None
        kind = cast(GestureKind, kind)
        return cls(kind, card, zone, seq, content.get("confirmed") is True)


def table_faces(four_colour: bool = False) -> dict[str, str]:
    """SVG faces of the whole deck (and a back), keyed by card code: sent to the browser once."""
    faces = {
        str(card): card_svg(card, four_colour=four_colour, decorative=True)
        for card in deck(jokers=1)
    }
    faces[BACK] = card_svg(None, decorative=True)
    return faces


class CardTable(anywidget.AnyWidget):
    """Zones of cards, controls and a status line, drawn from a :class:`TableView`.

    ``on_gesture(gesture)`` is called for every gesture; it redraws with :meth:`show` and
    speaks with :meth:`say`. ``gesture(dict)`` does from Python what a click does.
    """

    _esm = _HERE / "table.js"
    _css = _HERE / "table.css"

    faces = traitlets.Dict().tag(sync=True)
    #: every zone's JSON, in order (kept here for Python; the browser gets one trait per zone)
    zones: traitlets.List[Any] = traitlets.List()
    #: the synced traits of the zones shown, in order (``zone_0``, ``zone_3``…)
    zone_slots: traitlets.List[Any] = traitlets.List().tag(sync=True)
    controls: traitlets.List[Any] = traitlets.List().tag(sync=True)
    status = traitlets.Dict({"text": "", "kind": "info"}).tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    settled = traitlets.Int(0).tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    scale = traitlets.Float(0.8).tag(sync=True)

    def __init__(
        self,
        on_gesture: Callable[[Gesture], object] | None = None,
        view: TableView | None = None,
        *,
        four_colour: bool = False,
        scale: float = 0.8,
    ) -> None:
        super().__init__(faces=table_faces(four_colour), four_colour=four_colour, scale=scale)
        self.on_gesture = on_gesture
        self.dropped = 0
        self.errors: list[str] = []
        self.timings: list[float] = []
        self._last_seq = 0
        self._slots: dict[str, str] = {}  # zone key -> the synced trait that carries it
        #: the widgets whose changes wait while a gesture is answered (set by a panel)
        self.companions: Callable[[], Iterable[Any]] = tuple
        self.on_msg(self._received)
        self.observe(self._recolour, names="four_colour")
        if view is not None:
            self.show(view)

    # ---- drawing ----------------------------------------------------------------------------

    def show(self, view: TableView) -> None:
        """Draw ``view``; only the parts that changed (each zone, controls, status) are sent."""
        zones = [zone.to_json() for zone in view.zones]
        controls = [control.to_json() for control in view.controls]
        with self.hold_sync():
            if zones != self.zones:
                self._send_zones(zones)
            if controls != self.controls:
                self.controls = controls
            if view.prompt != self.prompt:
                self.prompt = view.prompt
            self.say(view.status.text, view.status.kind, view.status.action)

    def _send_zones(self, zones: list[dict[str, Any]]) -> None:
        """Each zone travels in its own synced trait (``zone_<n>``, one per zone key for the
        table's life), so a change to one zone sends that zone alone; ``zone_slots`` orders
        them. A zone no longer shown has its trait emptied (``None``)."""
        unseen = [z["key"] for z in zones if z["key"] not in self._slots]
        new = {key: f"zone_{len(self._slots) + i}" for i, key in enumerate(unseen)}
        if new:  # first sight of a zone: a trait of its own (sent now, with the others)
            self._slots.update(new)
            self._add_synced({slot: traitlets.Any(None).tag(sync=True) for slot in new.values()})
        shown = {z["key"]: z for z in zones}
        for key, slot in self._slots.items():
            value = shown.get(key)
            if getattr(self, slot) != value:
                setattr(self, slot, value)
        slots = [self._slots[z["key"]] for z in zones]
        if slots != self.zone_slots:
            self.zone_slots = slots
        self.zones = zones

    def _add_synced(self, traits: dict[str, traitlets.TraitType[Any, Any]]) -> None:
        """Add synced traits; while the sync is held they go out with the held message
        (ipywidgets' own ``add_traits`` sends each at once, in a message of its own)."""
        if not self._holding_sync:
            self.add_traits(**traits)
            return
        traitlets.HasTraits.add_traits(self, **traits)
        for name in traits:
            self.keys.append(name)
            self._states_to_send.add(name)

    def say(self, text: str, kind: StatusKind = "info", action: str = "") -> None:
        """Show ``text`` on the status line beside the controls (with the button of the control
        ``action`` beside it, when given)."""
        status = {"text": text, "kind": kind, **({"action": action} if action else {})}
        if status != self.status:
            self.status = status

    @property
    def status_text(self) -> str:
        """The status line's text."""
        return str(self.status.get("text", ""))

    def _recolour(self, change: dict[str, Any]) -> None:
        self.faces = table_faces(bool(change["new"]))

    # ---- gestures ---------------------------------------------------------------------------

    def gesture(self, content: Mapping[str, Any] | Gesture) -> bool:
        """Apply one gesture (a dict as the browser sends, or a :class:`Gesture`).

        False when it is dropped: not a gesture, a repeat of one already applied, or arriving
        while the previous one is still being applied (the table is ``busy``).
        """
        gesture = content if isinstance(content, Gesture) else Gesture.from_json(content)
        if gesture is None or self.busy or (gesture.seq and gesture.seq <= self._last_seq):
            self.dropped += 1
            return False
        started = time.perf_counter()
        with self.answering():  # the redraw and the settled mark go out as one message, first
            self.busy = True
            try:
                if self.on_gesture is not None:
                    self.guarded(self.on_gesture, gesture)
            finally:
                self._last_seq = max(self._last_seq, gesture.seq)
                self.busy = False
                self.settled = gesture.seq or self.settled + 1
        self.timings.append(time.perf_counter() - started)
        return True

    @contextmanager
    def answering(self) -> Iterator[None]:
        """Hold the table's changes and its companions' until the block ends; then send the
        table's as one message, and only then the companions' (one message each)."""
        with ExitStack() as later:
            for widget in self.companions():
                later.enter_context(widget.hold_sync())
            with self.hold_sync():
                yield

    def guarded(self, action: Callable[..., object], *args: Any) -> None:
        """Call ``action(*args)``; an exception is shown on the status line as a sentence (and
        kept in ``errors`` with its traceback), never raised into the notebook."""
        try:
            action(*args)
        except Exception as error:  # the learner reads a sentence, a developer the traceback
            self.errors.append(traceback.format_exc())
            problem = f"{type(error).__name__}: {error}"
            self.say(f"Something went wrong inside acelab ({problem}).", "error")

    def _received(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict):
            self.gesture(content)

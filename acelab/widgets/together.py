"""Play with classmates: the control that puts a game panel at a table of the class hub's table
service (issue 25), written once for Lex's Ace of Spades, Absolutely Aces and Devir's co-op.

:class:`Together` adds a "Play with classmates" box under a panel: start a table (the seats, for
people and bots, and the game's options) and read out its short code, or join with a code.
At a table the panel's own game is put aside (hidden, not changed) and a card table of the
control's own is drawn from the :class:`~acelab.tables.client.SeatView` the service sent for
this seat, and from nothing else: the kernel never holds another seat's cards. Gestures, keys
and narration are the game's own (its pure ``table``, ``interpret`` and ``narrate``, through a
:class:`SeatGame` each game writes in a few lines); a move goes to the service, and the others'
moves arrive from a background thread (:meth:`~acelab.tables.client.TableSeat.watch`) that
redraws the table without anyone pressing anything, until the table is left or the control
closed. Whose go it is and who sits where (connected, or played by a bot now) are shown above
the table. Without a class hub, and at every refusal (a wrong or finished code, a full table,
the service down, a move refused), one sentence goes on the panel's status line and nothing
changes.

When the table's game is over the control asks the service for its record (the seed and every
move: never sent before the end) and keeps it in the pupil's progress store as a finished game
played at that table (:mod:`acelab.tables.record`), once; the game then replays in the solitary
panel (:meth:`~acelab.widgets.panel.Panel.open_saved`) and My progress lists it ("played at table
KMPRTX with ana and ben"). A pupil who left before the end gets it by joining the finished table
again with its code (a seat's own table can always be joined again): the control saves it then.
A table of a duplicate round gives its record once every table of the round has ended; a
record that does not replay to the table the seat saw is refused in one sentence and nothing is
saved.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from html import escape
from typing import Any, Protocol

import ipywidgets as widgets

from acelab.tables.client import URL_VARIABLE, SeatView, TableClient, TableSeat
from acelab.tables.record import keep, read_record
from acelab.tables.words import NO_HUB, TableRefused
from acelab.widgets.messages import MoveLog
from acelab.widgets.table import CardTable, Gesture
from acelab.widgets.view_model import Call, Refusal, Status, TableView

__all__ = ["LOCAL", "SeatGame", "Together", "names_at"]

LOCAL = object()
"""What :meth:`SeatGame.act` returns for a call answered at the device (a card picked up, a card
chosen for a Hand): nothing goes to the service; the table is drawn again."""

ABOUT_STYLE = "style='line-height: 1.3; margin: 0'"
"""Lines of text, not of buttons (an HTML widget's are 28 px): six seats named on two lines
keep the table's message bar in sight at 1024×768."""

NOT_AT_A_TABLE = "That is for your own game: leave the table first."


class SeatGame(Protocol):
    """What a game tells :class:`Together`: how it draws a seat's view, reads a gesture, makes
    a panel call into a move, and narrates a move, from the seat's view only. One is made for
    each table joined; it may keep what is on the table at the device (cards picked up)."""

    def draw(self, view: SeatView) -> TableView:
        """The card table for ``view`` (the game's pure ``table``)."""
        ...

    def read(self, gesture: Gesture, view: SeatView) -> Call | Refusal:
        """What ``gesture`` means (the game's pure ``interpret``)."""
        ...

    def act(self, call: Call, view: SeatView) -> Any:
        """The move ``call`` makes, or :data:`LOCAL`; ``ValueError`` with a sentence when the
        call has no meaning at a table (a new game, undo)."""
        ...

    def narrate(self, events: Sequence[Any], mover: int, view: SeatView) -> str:
        """The log line of one move's events (as this seat heard them)."""
        ...

    def moved(self) -> None:
        """A move of this seat was made: put down what was picked up."""
        ...


def names_at(view: SeatView, you: str = "You") -> tuple[str, ...]:
    """Each seat's name at the table: ``you`` for this seat, the hub name of a person, "Bot"."""
    names: list[str] = []
    for seat in view.seats:
        number = seat.get("seat", len(names))
        if number == view.seat:
            names.append(you)
        elif seat.get("person") and seat.get("name"):
            names.append(str(seat["name"]))
        else:
            names.append("Bot" if not seat.get("person") else f"Seat {number + 1}")
    return tuple(names)


class Together:
    """The "Play with classmates" box of ``panel``, playing ``game`` (the service's name for
    it) with ``make`` building the :class:`SeatGame` for a seat view; ``seats`` and
    ``options`` are what a new table gets unless :meth:`start` is told otherwise.
    ``client`` makes the :class:`~acelab.tables.client.TableClient` (default: the class hub's,
    from the environment), and is asked only when a table is started or joined.
    """

    def __init__(
        self,
        panel: Any,
        game: str,
        make: Callable[[SeatView], SeatGame],
        *,
        seats: Sequence[str] = ("person", "person"),
        options: dict[str, Any] | None = None,
        client: Callable[[], TableClient] = TableClient,
    ) -> None:
        self.panel, self.game, self.make, self.client = panel, game, make, client
        self.seat: TableSeat | None = None
        self._view: SeatView | None = None  # the newest view heard (replies may cross)
        self.rules: SeatGame | None = None
        self.options = dict(options or {})
        self._lock = threading.RLock()
        self._heard = 0
        self.kept: dict[str, int] = {}
        """The tables whose finished game is kept in the progress store: code to saved id."""
        self.table = CardTable(self._gesture, four_colour=panel.table.four_colour)
        self.table.faces, self.table.scale = dict(panel.table.faces), panel.table.scale
        self.table.add_class("acelab-card-table")
        self.log = MoveLog()
        self.seats_text = widgets.Text(
            ", ".join(seats), description="Seats", layout={"width": "22em"}
        )
        self.code_text = widgets.Text(
            "", placeholder="ABCDEF", description="Code", layout={"width": "14em"}
        )
        self.start_button = widgets.Button(description="Start a table", button_style="primary")
        self.join_button = widgets.Button(description="Join")
        self.leave_button = widgets.Button(description="Leave the table")
        self.start_button.on_click(lambda _: self.start())
        self.join_button.on_click(lambda _: self.join(self.code_text.value))
        self.leave_button.on_click(lambda _: self.leave())
        self.about = widgets.HTML(self._about())
        # its card table joins the page only at a table: a second card table in the panel,
        # even hidden, would be one more for the keyboard, a screen reader and the page's tests
        self.at_table = widgets.VBox([], layout={"display": "none"})
        self.leave_button.layout.display = "none"
        for button in (self.start_button, self.join_button, self.leave_button):
            button.layout.width = "auto"  # the whole words, never "S..." in a narrow notebook
        controls = widgets.HBox(
            [self.seats_text, self.start_button, self.code_text, self.join_button,
             self.leave_button],
            layout={"flex_flow": "row wrap"},  # a narrow notebook puts the code on a new line
        )  # fmt: skip
        self.box = widgets.Accordion([widgets.VBox([controls, self.about])], selected_index=None)
        self.box.set_title(0, "Play with classmates")  # closed until opened: a lesson's panel
        self.widget = widgets.VBox([self.box, self.at_table])  # stays as it was
        self.widget.add_class("acelab-together")
        panel.widget.children = (*panel.widget.children, self.widget)

    # ---- the Python API (the buttons come here too) -------------------------------------------

    @property
    def view(self) -> SeatView | None:
        """This seat's latest view from the service (``None`` when not at a table)."""
        return None if self.seat is None else self._view

    def start(self, seats: Sequence[str] | None = None, **options: Any) -> str:
        """Start a table with ``seats`` (``"person"``, ``"bot"``; yours is the first person's)
        and this game's ``options``; its code, to read out to classmates ("" when refused:
        the sentence is on the status line)."""
        if seats is None:
            seats = [s.strip() for s in self.seats_text.value.split(",") if s.strip()]
        try:
            seat = self._client().create(self.game, list(seats), self.options | options)
        except TableRefused as refusal:
            self._say(refusal.sentence)
            return ""
        self._sit(seat)
        return seat.code

    def join(self, code: str) -> bool:
        """Join (or rejoin, after a restart) the table ``code``; False, with a sentence on the
        status line, when refused."""
        try:
            seat = self._client().join(str(code).strip().upper())
        except TableRefused as refusal:
            self._say(refusal.sentence)
            return False
        self._sit(seat)
        return True

    def leave(self) -> bool:
        """Leave the table (a bot plays your seat from now on) and go back to your own game."""
        seat, self.seat = self.seat, None
        if seat is None:
            return False
        seat.stop()
        with contextlib.suppress(TableRefused):  # a finished table, or the service down
            seat.leave()
        self._show_table(False)
        return True

    def close(self) -> None:
        """Stop hearing the table (the panel is closed); the seat stays yours to rejoin."""
        if self.seat is not None:
            self.seat.stop()

    def play(self, move: Any) -> bool:
        """Send ``move`` for your seat; a refusal is said on the status line, nothing changes."""
        with self._lock:
            seat = self.seat
            if seat is None:
                self._say("Start or join a table first.")
                return False
            if self._view is not None:
                seat.view = self._view  # the move answers the newest table this panel shows
            try:
                view = seat.move(move)
            except TableRefused as refusal:
                if refusal.status == 409:  # the table moved on: show it as it is now
                    with contextlib.suppress(TableRefused):
                        self._apply(seat.refresh())
                self.table_messages(refusal.sentence)
                return False
            if self.rules is not None:
                self.rules.moved()
            self._apply(view)
            return True

    def handle(self, gesture: Gesture) -> None:
        """A gesture on the table's card table: the game reads it from the seat's view."""
        with self._lock:
            view, rules = self.view, self.rules
            if view is None or rules is None:
                return
            meant = rules.read(gesture, view)
            if isinstance(meant, Refusal):
                self.table_messages(meant.text)
                return
            try:
                move = rules.act(meant, view)
            except ValueError as error:
                self.table_messages(str(error))
                return
            if move is LOCAL:
                self.redraw()
                return
            self.play(move)

    # ---- drawing ------------------------------------------------------------------------------

    def redraw(self, said: str = "") -> None:
        """Draw the seat's view, with who sits where and whose go it is."""
        view, rules = self.view, self.rules
        if view is None or rules is None:
            return
        drawn = rules.draw(view)
        status = Status(said, "error") if said else drawn.status
        if not status.text:
            entries = [entry for entry in self.log.entries if entry]
            status = Status(entries[-1] if entries else "", "info")
        prompt = f"{self.turn()} {drawn.prompt}".strip()
        self.table.show(replace(drawn, status=status, prompt=prompt))
        self.about.value = self._about()

    def turn(self) -> str:
        """Whose go it is at the table, in a sentence."""
        view = self.view
        if view is None:
            return ""
        if view.status != "playing":
            return f"Table {view.code} has {view.status}."
        if view.my_go:
            return "Your go."
        names = names_at(view)
        who = names[view.to_move] if view.to_move is not None else "nobody"
        return f"{who}'s go."

    def table_messages(self, text: str) -> None:
        """Say ``text`` on the table's status line (why a gesture or a move was refused)."""
        self.redraw(text)

    # ---- inside -------------------------------------------------------------------------------

    def _client(self) -> TableClient:
        if self.seat is not None:
            return self.seat.client
        return self.client()

    def _say(self, text: str) -> None:
        if self.seat is not None:
            self.table_messages(text)
        else:
            self.panel.messages.error(text)
            self.panel.refresh()
        self.about.value = self._about(text)

    def _sit(self, seat: TableSeat) -> None:
        with self._lock:
            if self.seat is not None and self.seat is not seat:
                self.seat.stop()
            self.seat, self.rules = seat, self.make(seat.view)
            self._heard, self._view = 0, None
            self.log.set_entries([])
            self.code_text.value = seat.code
            self._show_table(True)
            self._apply(seat.view, narrate_old=False)
        seat.watch(self._heard_view, self._heard_refusal)

    def _show_table(self, at_table: bool) -> None:
        self.panel.body.layout.display = "none" if at_table else ""
        self.panel.log.layout.display = "none" if at_table else ""
        self.at_table.layout.display = "" if at_table else "none"
        self.at_table.children = (self.table, self.log) if at_table else ()
        if at_table:
            self.box.selected_index = 0  # the code, whose go and who sits where: in sight
        self.leave_button.layout.display = "" if at_table else "none"
        # at a table, no second table is started from here: one row fewer, so the message bar
        # stays in sight at 1024×768
        self.seats_text.layout.display = "none" if at_table else ""
        self.start_button.layout.display = "none" if at_table else ""
        self.about.value = self._about()

    def _heard_view(self, view: SeatView) -> None:
        with self._lock:
            if self.seat is not None and view.code == self.seat.code:
                self._apply(view)

    def _heard_refusal(self, sentence: str) -> None:
        with self._lock:
            self.table_messages(sentence)

    def _apply(self, view: SeatView, narrate_old: bool = True) -> None:
        """Narrate the moves not heard yet, and draw."""
        rules, shown = self.rules, self._view
        if rules is None:
            return
        if shown is not None and (view.version, view.revision) < (shown.version, shown.revision):
            return  # a reply that crossed a newer one on the way: dropped
        self._view = view
        for version, mover, events in view.events:
            if version > self._heard and narrate_old:
                self.log.append(rules.narrate(events, mover, view))
            self._heard = max(self._heard, version)
        self._heard = max(self._heard, view.version)
        self.redraw()
        if view.status == "finished" and view.code not in self.kept:
            self.keep_game()

    def keep_game(self) -> int:
        """Keep the finished table's game in the progress store (once a table); its id, or
        ``0`` with the sentence why on the table's status line (not over yet, a round still
        playing, a damaged record, a store that cannot save)."""
        with self._lock:
            seat, view = self.seat, self._view
            if seat is None or view is None:
                return 0
            try:
                record = read_record(seat.record(), view)
            except TableRefused as refusal:
                self.table_messages(refusal.sentence)
                return 0
            store = self._store()
            game_id = keep(record, store) if store is not None else 0
            if not game_id:
                problem = getattr(store, "problem", None) or "the progress store cannot save"
                self.table_messages(f"This game was not saved: {problem.rstrip('.')}.")
                return 0
            self.kept[view.code] = game_id
            self.log.append(
                f"Saved in your progress as game {game_id} ({record.table.line()}): "
                f"it replays on your own table with open_saved({game_id})."
            )
            self.redraw()
            return game_id

    def _store(self) -> Any:
        store = getattr(self.panel, "store", None)
        if store is not None:
            return store
        try:
            from acelab.store import open_store

            return open_store()
        except Exception:  # no table needs the store to play
            return None

    def _gesture(self, gesture: Gesture) -> None:
        self.handle(gesture)

    def _about(self, said: str = "") -> str:
        view = self.view
        if view is None:
            hub = self.client is not TableClient or bool(os.environ.get(URL_VARIABLE))
            text = (
                said
                or ("" if hub else NO_HUB)
                or (
                    "Start a table (say who sits where: person or bot) and read its code out, "
                    "or join a classmate's table with its code."
                )
            )
            return f"<div class='acelab-together-about' {ABOUT_STYLE}>{escape(text)}</div>"
        names = names_at(view)
        seats = []
        for number, seat in enumerate(view.seats):
            name = names[number] if number < len(names) else f"Seat {number + 1}"
            if seat.get("bot_now") and seat.get("person"):
                state = "played by a bot now"
            elif not seat.get("person"):
                state = "bot"
            elif seat.get("connected"):
                state = "connected"
            else:
                state = "empty"
            seats.append(f"{escape(name)} ({state})")
        return (
            f"<div class='acelab-together-about' {ABOUT_STYLE}>Table <b>{escape(view.code)}</b>: "
            f"{escape(self.turn())} Seats: {'; '.join(seats)}.</div>"
        )

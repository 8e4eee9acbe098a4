"""The teacher's board of the class's tables (issue 25 item 4; ``teachers/tables.ipynb``, also a
Voila app): every table live — game, round, seats, whose go, who is played by a bot now, the
result — a duplicate round (every table dealt the same seed) and the time a silent seat waits
before its bot plays. It reads the table service's teacher endpoints through
:class:`~acelab.tables.client.TableClient` with the teacher's own hub token, so it never sees a
card of any hand (the service's summaries hold none). Without a hub, or for a pupil's token,
one sentence on the board and nothing else happens.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from acelab.engine import decode
from acelab.tables.client import TableClient
from acelab.tables.kinds import KINDS
from acelab.tables.words import TableRefused

__all__ = ["TablesBoard", "table_rows"]

EVERY = 2.0
"""Seconds between two looks at the tables while the board is open."""


def _seat(seat: dict[str, Any]) -> str:
    name = seat.get("name") or ("bot" if not seat.get("person") else "empty")
    if seat.get("person") and seat.get("bot_now"):
        return f"{name} (bot now)"
    return str(name)


def _result(summary: dict[str, Any]) -> str:
    outcome = summary.get("outcome")
    if outcome is None:
        return ""
    try:
        ended = decode(outcome)
    except (ValueError, TypeError, KeyError):
        return ""
    scores = getattr(ended, "scores", ())
    reason = str(getattr(ended, "reason", ""))
    return f"{reason} ({'–'.join(map(str, scores))})" if scores else reason


def table_rows(summaries: Sequence[dict[str, Any]]) -> list[tuple[str, ...]]:
    """One row per table: code, game, round, status, whose go, seats, result."""
    rows = []
    for summary in summaries:
        seats = list(summary.get("seats", ()))
        to_move = summary.get("to_move")
        whose = _seat(seats[to_move]) if isinstance(to_move, int) and to_move < len(seats) else ""
        kind = KINDS.get(str(summary.get("game")))
        rows.append(
            (
                str(summary.get("code", "")),
                kind.title if kind else str(summary.get("game", "")),
                str(summary.get("round") or ""),
                str(summary.get("status", "")),
                whose,
                "; ".join(_seat(seat) for seat in seats),
                _result(summary),
            )
        )
    return rows


HEAD = ("Table", "Game", "Round", "Status", "Whose go", "Seats", "Result")


class TablesBoard:
    """Every table of the class, drawn again every :data:`EVERY` seconds while open (a
    background thread, stopped by :meth:`close`), with a duplicate round and the bots' wait.
    ``client`` makes the teacher's :class:`~acelab.tables.client.TableClient` (default: the
    class hub's, from the environment); ``live=False`` draws only when asked (:meth:`refresh`).
    """

    def __init__(
        self, client: Callable[[], TableClient] = TableClient, *, live: bool = True
    ) -> None:
        self.rows: list[tuple[str, ...]] = []
        self.codes: list[str] = []
        self.said = ""
        self.grid = widgets.HTML()
        self.message = widgets.HTML()
        self.game = widgets.Dropdown(
            options=[(kind.title, name) for name, kind in KINDS.items()],
            value="absolutely_aces",
            description="Game",
        )
        self.seats = widgets.Text("person, person", description="Seats")
        self.count = widgets.BoundedIntText(6, min=1, max=100, description="Tables")
        self.start_button = widgets.Button(
            description="Start a duplicate round", button_style="primary"
        )
        self.wait = widgets.BoundedFloatText(60, min=5, max=3600, description="Bot after (s)")
        self.wait_button = widgets.Button(description="Set")
        self.start_button.on_click(lambda _: self.duplicate_round())
        self.wait_button.on_click(lambda _: self.set_bot_timeout(self.wait.value))
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.game, self.seats, self.count, self.start_button]),
                widgets.HBox([self.wait, self.wait_button]),
                self.message,
                self.grid,
            ]
        )
        self.widget.add_class("acelab-tables-board")
        self._stopped = threading.Event()
        try:
            self.client: TableClient | None = client()
        except TableRefused as refusal:
            self.client = None
            self._say(refusal.sentence)
            return
        self.refresh()
        if live:
            threading.Thread(target=self._loop, name="acelab tables board", daemon=True).start()

    def refresh(self) -> bool:
        """Look at every table now; False (and the sentence on the board) when refused."""
        if self.client is None:
            return False
        try:
            summaries = self.client.tables()
        except TableRefused as refusal:
            self._say(refusal.sentence)
            return False
        self.rows = table_rows(summaries)
        self._draw()
        return True

    def duplicate_round(
        self,
        game: str | None = None,
        seats: Sequence[str] | None = None,
        tables: int | None = None,
        **options: Any,
    ) -> list[str]:
        """Start ``tables`` tables of ``game`` all dealt the same seed; their codes (given out
        one a table), or none with the sentence on the board."""
        if self.client is None:
            return []
        game = game or str(self.game.value)
        if seats is None:
            seats = [s.strip() for s in self.seats.value.split(",") if s.strip()]
        try:
            _, codes = self.client.duplicate_round(
                game, list(seats), int(tables or self.count.value), options
            )
        except TableRefused as refusal:
            self._say(refusal.sentence)
            return []
        self.codes = codes
        self._say(f"A duplicate round of {len(codes)} tables: {', '.join(codes)}.", "info")
        self.refresh()
        return codes

    def set_bot_timeout(self, seconds: float) -> bool:
        """How long a silent seat waits before its bot plays, for every table."""
        if self.client is None:
            return False
        try:
            kept = self.client.set_bot_timeout(seconds)
        except TableRefused as refusal:
            self._say(refusal.sentence)
            return False
        self._say(f"A silent seat is played by its bot after {kept:g} seconds.", "info")
        return True

    def close(self) -> None:
        """Stop looking at the tables; the widgets go."""
        self._stopped.set()
        self.widget.close()

    def _loop(self) -> None:
        while not self._stopped.wait(EVERY):
            self.refresh()

    def _say(self, text: str, kind: str = "error") -> None:
        self.said = text
        colour = "#b71c1c" if kind == "error" else "#1b5e20"
        self.message.value = f"<span style='color:{colour}'>{escape(text)}</span>"

    def _draw(self) -> None:
        if not self.rows:
            self.grid.value = "<i>No table yet.</i>"
            return
        head = "".join(f"<th style='text-align:left'>{escape(h)}</th>" for h in HEAD)
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>"
            for row in self.rows
        )
        self.grid.value = f"<table><tr>{head}</tr>{body}</table>"

    def _ipython_display_(self, **kwargs: Any) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

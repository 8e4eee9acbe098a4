"""The teacher's board of the class's tables (issue 25 item 4; ``teachers/tables.ipynb``, also a
Voila app): every table live — game, round, seats, whose go, who is played by a bot now, the
result — a duplicate round (every table dealt the same seed) and, after it, the round's comparison
decision point by decision point (:mod:`acelab.tables.compare`; the teacher's endpoint only) with
"Save for the report", which writes it into the class folder for ``python -m
acelab.classroom.report`` (:mod:`acelab.classroom.rounds`), and the time a silent seat waits
before its bot plays. It reads the table service's teacher endpoints through
:class:`~acelab.tables.client.TableClient` with the teacher's own hub token, so it never sees a
card of any hand (the service's summaries hold none). Without a hub, or for a pupil's token,
one sentence on the board and nothing else happens.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from acelab.classroom.rounds import round_file_name
from acelab.engine import decode
from acelab.tables.client import TableClient
from acelab.tables.kinds import KINDS
from acelab.tables.words import TableRefused

__all__ = ["TablesBoard", "comparison_html", "table_rows"]

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


def _cell_html(cell: Mapping[str, Any]) -> str:
    who = escape(str(cell.get("who", "")))
    if cell.get("bot"):
        who = f"<i>{who} (bot)</i>" if "(bot)" not in who else f"<i>{who}</i>"
    what = escape(str(cell.get("decision") or "in all"))
    loss = cell.get("loss")
    lost = "" if loss is None else f" <b>lost {escape(format(loss, 'g'))}</b>"
    result = cell.get("result") or ""
    told = f"<br><small>{escape(str(result))}</small>" if result else ""
    return f"{who}: {what}{lost}{told}"


def comparison_html(comparison: Mapping[str, Any]) -> str:
    """A duplicate round's comparison as a table: a line per decision point, what the tables
    did there, and a column per table (who decided, a bot's in italics, what, what it lost)."""
    codes = [str(t.get("code", "")) for t in comparison.get("tables", ())]
    head = "".join(f"<th style='text-align:left'>{escape(c)}</th>" for c in codes)
    body = []
    for row in comparison.get("rows", ()):
        cells = {str(c.get("table")): c for c in row.get("cells", ())}
        tds = "".join(
            f"<td style='vertical-align:top'>{_cell_html(cells[c]) if c in cells else '·'}</td>"
            for c in codes
        )
        body.append(
            f"<tr><td style='vertical-align:top'><b>{escape(str(row.get('point', '')))}</b>"
            f"<br><small>{escape(str(row.get('summary', '')))}</small></td>{tds}</tr>"
        )
    title = escape(f"{comparison.get('title', '')}, round {comparison.get('round', '')}")
    if not body:
        return f"<h4>{title}</h4><i>No decision made yet at these tables.</i>"
    return (
        f"<h4>{title}</h4><table class='acelab-round'><tr><th>Decision point</th>{head}</tr>"
        + "".join(body)
        + "</table>"
    )


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
        self.round = widgets.Text("", description="Round")
        self.compare_button = widgets.Button(description="Compare the round")
        self.folder = widgets.Text(".", description="Class folder")
        self.save_button = widgets.Button(description="Save for the report")
        self.comparison: dict[str, Any] | None = None
        self.compared = widgets.HTML()
        self.compare_button.on_click(lambda _: self.compare())
        self.save_button.on_click(lambda _: self.save_comparison())
        self.start_button.on_click(lambda _: self.duplicate_round())
        self.wait_button.on_click(lambda _: self.set_bot_timeout(self.wait.value))
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.game, self.seats, self.count, self.start_button]),
                widgets.HBox([self.wait, self.wait_button]),
                self.message,
                self.grid,
                widgets.HBox([self.round, self.compare_button, self.folder, self.save_button]),
                self.compared,
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
            round_, codes = self.client.duplicate_round(
                game, list(seats), int(tables or self.count.value), options
            )
        except TableRefused as refusal:
            self._say(refusal.sentence)
            return []
        self.codes = codes
        self.round.value = round_
        self._say(f"A duplicate round of {len(codes)} tables: {', '.join(codes)}.", "info")
        self.refresh()
        return codes

    def compare(self, round_: str | None = None) -> dict[str, Any] | None:
        """The comparison of duplicate round ``round_`` (default: the one in the Round box, the
        last started here), drawn under the tables; ``None`` with the sentence when refused."""
        if self.client is None:
            return None
        name = round_ or self.round.value.strip()
        if not name:
            self._say("Start a duplicate round first, or type its name in the Round box.")
            return None
        try:
            comparison = self.client.round_comparison(name)
        except TableRefused as refusal:
            self._say(refusal.sentence)
            return None
        self.comparison = comparison
        self.round.value = name
        self.compared.value = comparison_html(comparison)
        return comparison

    def save_comparison(self, folder: str | Path | None = None) -> Path | None:
        """Write the round's comparison (fetched again now) into the class ``folder`` (default:
        the Class folder box), where ``python -m acelab.classroom.report FOLDER`` prints it;
        the file, or ``None`` with the sentence when it cannot be saved."""
        comparison = self.compare()
        if comparison is None:
            return None
        place = Path(folder if folder is not None else self.folder.value).expanduser()
        path = place / round_file_name(str(comparison.get("round", "")))
        try:
            place.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(comparison, ensure_ascii=False), encoding="utf-8")
        except OSError as error:
            self._say(f"The comparison cannot be saved in {place} ({error.strerror}).")
            return None
        self._say(f"Saved for the class report: {path}.", "info")
        return path

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

"""One pupil at a table of the class hub's table service, run inside the pupil's own kernel by
benchmarks/tables.py (its text is sent as a cell; it imports only acelab, from the pupils'
environment).

:class:`BenchSeat` builds the game's play panel as a notebook does (Lex's Ace of Spades or
Absolutely Aces) and uses its real "Play with classmates" control (``panel.together``, an
:class:`acelab.widgets.together.Together`): it starts or joins the table, hears the others'
moves through the control's own background watch, and plays through the control's
``play``. It times two things with ``time.monotonic()`` (CLOCK_MONOTONIC, one clock for every
process of the machine, so times from different kernels compare): the moment just before this
seat sends a move, and the moment this seat's panel has been redrawn with each version of the
table (the control's ``redraw`` wrapped: the time is taken after the card table is drawn).
"""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

from acelab.engine import encode

EARLY = 0.6
"""How often an Absolutely Aces seat makes its secret pick early when it may (a class does)."""


class BenchSeat:
    """A pupil's panel at one table after another, playing random legal moves after a think
    time; what it measured is kept by table code."""

    def __init__(self, game: str, players: int) -> None:
        if game == "ace_of_spades_lex":
            from acelab.ace_of_spades_lex.panel import LexPanel

            self.panel: Any = LexPanel(players=players, save=False, pause=0)
        elif game == "absolutely_aces":
            from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

            self.panel = AbsolutelyAcesPanel(save=False, pause=0)
        else:
            raise ValueError(f"The benchmark seats Lex and Absolutely Aces, not {game!r}.")
        self.players = players
        self.together = self.panel.together
        self.drawn: dict[str, dict[int, float]] = {}  # code -> version -> first shown
        self.sent: list[dict[str, Any]] = []  # this seat's moves the service applied
        self.seats: dict[str, int] = {}  # code -> this pupil's seat there
        self.held: list[dict[str, Any]] = []  # early secret picks the service held
        self.refused = 0
        self.errors: list[str] = []
        self.news = threading.Event()
        self.stopped = threading.Event()
        self.thread: threading.Thread | None = None
        redraw = self.together.redraw

        def timed(said: str = "") -> None:
            redraw(said)
            view = self.together.view
            if view is not None:
                now = time.monotonic()
                drawn = self.drawn.setdefault(view.code, {})
                for version in range(1, view.version + 1):
                    drawn.setdefault(version, now)
            self.news.set()

        self.together.redraw = timed  # every draw of the control goes through its redraw

    def start(self) -> str:
        """Start a table with a person in every seat (once this seat has seen its last table
        end); its code."""
        self.ended(60)
        code: str = self.together.start(["person"] * self.players)
        if not code:
            raise RuntimeError(f"the table was not started: {self.together.about.value}")
        self.seats[code] = self.together.view.seat
        return code

    def join(self, code: str) -> int:
        """Join table ``code`` (once this seat has seen its last table end); this seat's
        number."""
        self.ended(60)
        if not self.together.join(code):
            raise RuntimeError(f"could not join {code}: {self.together.about.value}")
        seat: int = self.together.view.seat
        self.seats[code] = seat
        return seat

    def play(self, seconds: float, think: float, seed: str) -> None:
        """Play the table this seat is at in a background thread, until it ends or for
        ``seconds``: on this seat's go, think (``think`` seconds on average, exponentially
        distributed), then a random legal move."""
        if self.thread is not None:
            self.thread.join(30)  # the last table's: it has ended
        rng = random.Random(seed)
        until = time.monotonic() + seconds
        code = self.together.view.code

        offered: set[int] = set()  # the versions at which this seat chose whether to pick early

        def loop() -> None:
            while not self.stopped.is_set() and time.monotonic() < until:
                self.news.clear()
                view = self.together.view
                if view is None or view.code != code or view.status != "playing":
                    return
                if view.early and view.version not in offered:
                    offered.add(view.version)
                    if rng.random() < EARLY:
                        self.pick_early(code, rng, think)
                    continue
                if not view.my_go:
                    self.news.wait(1.0)
                    continue
                if self.stopped.wait(rng.expovariate(1 / think) if think > 0 else 0):
                    return
                view = self.together.view
                if view.code != code or not view.my_go:
                    continue
                legal = list(view.legal) or list(self.together.seat.every_legal().legal)
                move = legal[rng.randrange(len(legal))]
                at = time.monotonic()
                if self.together.play(move):
                    self.sent.append(
                        {"code": code, "version": view.version + 1, "at": at, "move": encode(move)}
                    )
                else:
                    self.refused += 1

        def guarded() -> None:
            try:
                loop()
            except Exception as error:  # reported, and counted as the pupil's failure
                self.errors.append(f"{type(error).__name__}: {error}")

        self.thread = threading.Thread(target=guarded, name="bench seat", daemon=True)
        self.thread.start()

    def pick_early(self, code: str, rng: random.Random, think: float) -> None:
        """Think, then make this seat's secret pick before its go (Absolutely Aces): the
        service holds it, shows the other seat only that it has picked, and applies it the
        moment it is this seat's go."""
        if self.stopped.wait(rng.expovariate(1 / think) if think > 0 else 0):
            return
        view = self.together.view
        if view is None or view.code != code or not view.early:
            return
        move = view.early[rng.randrange(len(view.early))]
        at = time.monotonic()
        if self.together.play(move) and self.together.view.held is not None:
            self.held.append({"code": code, "at": at, "move": encode(move)})
        else:
            self.refused += 1

    def ended(self, seconds: float) -> str:
        """The status of this seat's table once it is not playing, or after ``seconds``
        (``""`` before any table)."""
        deadline = time.monotonic() + seconds

        def playing() -> bool:
            view = self.together.view
            return view is not None and view.status == "playing"

        while playing() and time.monotonic() < deadline:
            self.news.clear()
            if playing():
                self.news.wait(min(1.0, max(0.0, deadline - time.monotonic())))
        return "" if self.together.view is None else str(self.together.view.status)

    def stop(self) -> None:
        """Stop playing (a move being sent is sent first)."""
        self.stopped.set()
        if self.thread is not None:
            self.thread.join(120)

    def report(self, final: dict[str, int], timeout: float) -> str:
        """JSON of what this seat measured, once its panel has shown each table's last
        version (``final``, by code), or after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout

        def behind() -> bool:
            drawn = self.drawn
            return any(max(drawn.get(c, {0: 0}), default=0) < v for c, v in final.items())

        while behind() and time.monotonic() < deadline:
            self.news.clear()
            self.news.wait(0.5)
        return json.dumps(
            {
                "seats": self.seats,
                "drawn": self.drawn,
                "sent": self.sent,
                "held": self.held,
                "refused": self.refused,
                "errors": self.errors,
            }
        )

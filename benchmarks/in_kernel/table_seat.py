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


class BenchSeat:
    """A pupil's panel at a table, playing random legal moves after a think time."""

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
        self.drawn: dict[int, float] = {}  # version -> when this panel first showed it
        self.sent: list[dict[str, Any]] = []  # this seat's moves the service applied
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
                for version in range(1, view.version + 1):
                    self.drawn.setdefault(version, now)
            self.news.set()

        self.together.redraw = timed  # every draw of the control goes through its redraw

    def start(self) -> str:
        """Start a table with a person in every seat; its code."""
        code: str = self.together.start(["person"] * self.players)
        if not code:
            raise RuntimeError(f"the table was not started: {self.together.about.value}")
        return code

    def join(self, code: str) -> int:
        """Join table ``code``; this seat's number."""
        if not self.together.join(code):
            raise RuntimeError(f"could not join {code}: {self.together.about.value}")
        seat: int = self.together.view.seat
        return seat

    def play(self, seconds: float, think: float, seed: str) -> None:
        """Play in a background thread for ``seconds``: on this seat's go, think (``think``
        seconds on average, exponentially distributed), then a random legal move."""
        rng = random.Random(seed)
        until = time.monotonic() + seconds

        def loop() -> None:
            while not self.stopped.is_set() and time.monotonic() < until:
                self.news.clear()
                view = self.together.view
                if view is None or view.status != "playing":
                    return
                if not view.my_go:
                    self.news.wait(1.0)
                    continue
                if self.stopped.wait(rng.expovariate(1 / think) if think > 0 else 0):
                    return
                view = self.together.view
                if not view.my_go:
                    continue
                legal = list(view.legal) or list(self.together.seat.every_legal().legal)
                move = legal[rng.randrange(len(legal))]
                at = time.monotonic()
                if self.together.play(move):
                    self.sent.append({"version": view.version + 1, "at": at, "move": encode(move)})
                else:
                    self.refused += 1

        def guarded() -> None:
            try:
                loop()
            except Exception as error:  # reported, and counted as the pupil's failure
                self.errors.append(f"{type(error).__name__}: {error}")

        self.thread = threading.Thread(target=guarded, name="bench seat", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """Stop playing (a move being sent is sent first)."""
        self.stopped.set()
        if self.thread is not None:
            self.thread.join(120)

    def report(self, final: int, timeout: float) -> str:
        """JSON of what this seat measured, once its panel shows version ``final`` of the table
        (or after ``timeout`` seconds, when it never does)."""
        deadline = time.monotonic() + timeout
        while max(self.drawn, default=0) < final and time.monotonic() < deadline:
            self.news.clear()
            self.news.wait(0.5)
        view = self.together.view
        return json.dumps(
            {
                "code": view.code,
                "seat": view.seat,
                "version": view.version,
                "status": view.status,
                "drawn": self.drawn,
                "sent": self.sent,
                "refused": self.refused,
                "errors": self.errors,
            }
        )

"""The seated panel: a game with several seats on the card table, written once for every game
that has them (Lex's Ace of Spades, Absolutely Aces, Devir's co-op).

What :class:`SeatedPanel` adds to the :class:`~acelab.widgets.panel.Panel` base:

- **the hot seat**: the table is drawn only from the observation of the seat at the device
  (``viewer``). When the decision passes to another person, :meth:`SeatedPanel.hand_over` puts
  up the "pass the device" screen (``hidden``): the game's table view then draws no hand, so
  nothing of a hidden hand crosses the wire, until :meth:`SeatedPanel.reveal`;
- **bots you can watch**: bots play one move at a time. In a live notebook (an event loop is
  running, as in JupyterLab and Voila) each move is scheduled with ``loop.call_later(pause)``
  and sent to the browser before the next is chosen, so the learner's own click settles first
  and the kernel never sleeps; a "Skip to my turn" control plays the rest at once. Moves that
  finish what a bot's last move began (:meth:`SeatedPanel.same_step`: a Nine's five cards
  dealt one by one) are played with it, in one step of the pace. From Python
  (no running loop, or ``pause=0``) the bots play at once, so tests are fast and repeatable;
- **one gesture → call dispatch**: the :class:`~acelab.widgets.panel.Panel` base asks the
  game's pure ``interpret(gesture, view, context)`` what a gesture means — a
  :class:`~acelab.widgets.view_model.Call` of the panel's own Python API, or a
  :class:`~acelab.widgets.view_model.Refusal` — and makes that call, so clicks and Python
  callers share one path; behind the pass-the-device screen the seated panel answers first
  (:func:`behind_screen`): its button shows the hand, and what would play is refused.

A game's panel says who sits where (``humans``, ``hot_seat``, its bots), how its bots choose
(:meth:`SeatedPanel.bot_move`), and plays a learner's move with :meth:`SeatedPanel.play_mine`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection
from dataclasses import replace
from numbers import Real
from typing import Any, Protocol, TypeVar

from acelab.widgets.panel import Panel
from acelab.widgets.view_model import (
    NOT_A_GESTURE,
    Call,
    Control,
    GestureLike,
    Refusal,
    TableView,
    read_gesture,
)

__all__ = [
    "LONGEST_PAUSE",
    "MOST_BOT_MOVES",
    "SKIP",
    "Clock",
    "SeatedPanel",
    "behind_screen",
    "check_pause",
]

S = TypeVar("S")
M = TypeVar("M")

SKIP = "bots:skip"
"""The key of the "Skip to my turn" control."""
LONGEST_PAUSE = 10.0
"""The longest pause between two bot moves, in seconds."""
MOST_BOT_MOVES = 10_000
"""The most bot moves one call of :meth:`SeatedPanel.step_bots` makes."""
NO_BOT = "No bot is to play now."


class Timer(Protocol):
    """A scheduled call that can be called off (an ``asyncio.TimerHandle``)."""

    def cancel(self) -> None: ...


class Clock(Protocol):
    """What schedules the bots' next move: the running event loop, or a test's own clock."""

    def call_later(self, delay: float, callback: Callable[[], object], /) -> Timer: ...


def check_pause(pause: object) -> float:
    """``pause`` as seconds between two bot moves; a ValueError unless 0 to 10 seconds."""
    if isinstance(pause, bool) or not isinstance(pause, Real) or not 0 <= pause <= LONGEST_PAUSE:
        raise ValueError(f"A pause is a number of seconds from 0 to {LONGEST_PAUSE:g}.")
    return float(pause)


def behind_screen(
    gesture: object,
    *,
    reveal: str,
    controls: Collection[str] | None,
    refusal: str,
    escape: str,
) -> Call | Refusal | None:
    """What ``gesture`` means while the pass-the-device screen is up, or ``None`` when the
    game reads it as usual: the screen's button (``reveal``) shows the hand; a button in
    ``controls`` (``None``: every button) is the game's; Escape is refused with ``escape``
    and anything else with ``refusal`` (nothing behind the screen plays)."""
    fields = read_gesture(gesture)
    if fields is None:
        return NOT_A_GESTURE
    kind, _, zone = fields
    if kind == "control" and zone == reveal:
        return Call("reveal")
    if kind == "control" and (controls is None or zone in controls):
        return None
    return Refusal(escape if kind == "cancel" else refusal)


def _running_loop() -> Clock | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:  # called from plain Python: no loop runs
        return None


class SeatedPanel(Panel[S, M]):
    """A panel for a game with several seats: hot seat, bots at a visible pace, gestures.

    ``humans`` are the seats played at the device (every other seat is a bot); ``hot_seat``
    puts up the pass-the-device screen between two people; ``pause`` is the seconds between
    two bot moves in a live notebook; ``clock`` schedules them (default: the running event
    loop, if any). Keyword arguments go on to :class:`~acelab.widgets.panel.Panel`.
    """

    SCREEN_UP = "Press the button to show your hand first."
    """Said when a move is tried (or a card used) behind the pass-the-device screen."""
    ALREADY_SHOWN = "Your hand is already shown."
    """Said when the screen is taken down twice."""
    NOT_YOUR_GO = "It is not your go yet."
    """Said when another person is to decide."""
    SCREEN_REVEAL = "reveal"
    """The key of the pass-the-device screen's button (it shows the next player's hand)."""
    SCREEN_CONTROLS: frozenset[str] | None = None
    """The buttons a game still reads behind the screen (``None``: every one)."""
    SCREEN_ESCAPE = ""
    """Said when Escape is pressed behind the screen (nothing, by default)."""

    def __init__(
        self,
        game: Any,
        state: S,
        *,
        humans: frozenset[int],
        hot_seat: bool = False,
        pause: float = 0.0,
        clock: Clock | None = None,
        **options: Any,
    ) -> None:
        self.humans = humans
        self.hot_seat = hot_seat
        self.pause = check_pause(pause)
        self.clock = clock
        self.viewer, self.hidden = min(humans, default=0), False
        self._timer: Timer | None = None
        super().__init__(game, state, **options)

    # ---- what games provide ---------------------------------------------------------------

    def interpret(self, gesture: GestureLike) -> Call | Refusal:
        """What ``gesture`` means now: behind the pass-the-device screen, what
        :func:`behind_screen` says; otherwise the game's pure ``gestures.interpret``."""
        if self.hidden:
            screened = behind_screen(
                gesture,
                reveal=self.SCREEN_REVEAL,
                controls=self.SCREEN_CONTROLS,
                refusal=self.SCREEN_UP,
                escape=self.SCREEN_ESCAPE,
            )
            if screened is not None:
                return screened
        return super().interpret(gesture)

    def bot_move(self, seat: int) -> M:
        """The move the bot at ``seat`` chooses now (from that seat's observation only)."""
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        """The name shown for ``seat``."""
        return f"Player {seat + 1}"

    def after_mine(self) -> None:
        """Called after a move of the player at the device is applied (before the bots)."""

    def after_bot(self) -> None:
        """Called after each bot move."""

    def bots_done(self) -> None:
        """Called when the bots have played every move that was due."""

    def same_step(self) -> bool:
        """Whether the bot move now due finishes what the last bot move began (a Nine's cards
        dealt one by one), so it is shown with it, in one step of the pace; False by default."""
        return False

    def needs_screen(self, seat: int) -> bool:
        """Whether handing the device to ``seat`` puts up the pass-the-device screen."""
        return True

    # ---- who decides ----------------------------------------------------------------------

    @property
    def actor(self) -> int | None:
        """Whose decision the game waits for (``None`` once it is over)."""
        seat: int | None = self.game.to_move(self.state)
        return seat

    @property
    def view(self) -> Any:
        """What the player at the device may see: the only thing the table is drawn from."""
        return self.game.observation(self.state, self.viewer)

    @property
    def listener(self) -> int:
        """Whose ears the device is (``Game.visible_events``): the viewer's, or nobody's (seat
        -1) on a hot seat, whose log every player reads."""
        return -1 if self.hot_seat else self.viewer

    def bot_to_play(self) -> bool:
        """Whether a bot's decision is due."""
        actor = self.actor
        return actor is not None and actor not in self.humans

    @property
    def bots_running(self) -> bool:
        """Whether bot moves are being played one by one (a next one is scheduled)."""
        return self._timer is not None

    def why_not_now(self) -> str:
        """Why the player at the device cannot move now; empty when they can."""
        if self.hidden:
            return self.SCREEN_UP
        actor = self.actor
        if actor is None or actor == self.viewer:
            return ""
        if actor in self.humans:
            return self.NOT_YOUR_GO
        return f"It is {self.seat_name(actor)}'s move: wait, or press Skip to my turn."

    def play_mine(self, move: M) -> bool:
        """Play ``move`` for the player at the device, then hand over and let the bots play.

        A refusal (the screen is up, not their go, or the rules say no) is said on the status
        line and changes nothing.
        """
        refusal = self.why_not_now()
        if refusal:
            self.messages.error(refusal)
        elif self.play(move):
            self.after_mine()
            self.hand_over()
            if not self.start_bots():
                self.refresh()
            return True
        self.refresh()
        return False

    # ---- the hot seat ---------------------------------------------------------------------

    def hand_over(self) -> None:
        """Hot seat: turn the table to whoever decides next, behind the pass-the-device screen
        when :meth:`needs_screen` says so."""
        actor = self.actor
        if not self.hot_seat or actor is None or actor == self.viewer or actor not in self.humans:
            return  # a bot's seat never takes the device: its hand stays hidden
        self.viewer, self.hidden = actor, self.needs_screen(actor)

    def reveal(self) -> bool:
        """The next player is at the device: take the pass-the-device screen down."""
        if not self.hidden:
            self.messages.show(self.ALREADY_SHOWN, "info")
            self.refresh()
            return False
        self.hidden = False
        self.messages.clear()
        self.refresh()
        return True

    # ---- bots -----------------------------------------------------------------------------

    def _play_bot(self) -> bool:
        seat = self.actor
        if seat is None or seat in self.humans:
            return False
        played = self.play(self.bot_move(seat))
        if played:
            self.after_bot()
        self.hand_over()
        return played

    def step_bots(self, count: int = 1) -> bool:
        """Let the bots make up to ``count`` moves now (one by default); False when none was
        due."""
        if type(count) is not int or not 1 <= count <= MOST_BOT_MOVES:
            raise ValueError(f"Let the bots make 1 to {MOST_BOT_MOVES:,} moves.")
        self._stop_bots()
        played = False
        for _ in range(count):
            if not self._play_bot():
                break
            played = True
        if not played:
            self.messages.show(NO_BOT, "info")
        self.refresh()
        return played

    def run_bots(self, pause: float | None = None) -> bool:
        """Let the bots play until a person must decide, one move every ``pause`` seconds (the
        panel's pace by default) in a live notebook, all at once from Python or with
        ``pause=0``. False when no bot was due."""
        wait = self.pause if pause is None else check_pause(pause)
        return self.start_bots(wait)

    def skip_bots(self) -> bool:
        """Skip to my turn: the bots' moves still due are played at once."""
        self._stop_bots()
        if not self.bot_to_play():
            self.messages.show(NO_BOT, "info")
            self.refresh()
            return False
        self._play_all()
        return True

    def _play_all(self) -> None:
        while self._play_bot():
            pass
        self.bots_done()
        self.refresh()

    def start_bots(self, pause: float | None = None) -> bool:
        """Start the bots' moves (if a bot is to play): paced when live, else at once."""
        self._stop_bots()
        if not self.bot_to_play():
            return False
        wait = self.pause if pause is None else pause
        clock = (self.clock or _running_loop()) if wait > 0 else None
        if clock is None:
            self._play_all()
            return True
        self._timer = clock.call_later(wait, lambda: self._tick(clock, wait))
        self.refresh()  # the Skip control
        return True

    def _tick(self, clock: Clock, wait: float) -> None:
        """One bot move, sent to the browser as one message; then the next is scheduled. A bot
        that fails (or is refused) stops the bots, and the status line says why."""
        self._timer = None
        with self.table.answering():
            self.table.guarded(self._tick_once, clock, wait)

    def _tick_once(self, clock: Clock, wait: float) -> None:
        played = self._play_bot()
        while played and self.bot_to_play() and self.same_step():
            played = self._play_bot()
        if played and self.bot_to_play():
            self._timer = clock.call_later(wait, lambda: self._tick(clock, wait))
        elif not self.bot_to_play():
            self.bots_done()
        self.refresh()

    def _stop_bots(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def restart(self, state: S, seed: int | str | None = None) -> None:
        """Play on from a new deal ``state``; bot moves still scheduled are called off."""
        self._stop_bots()
        super().restart(state, seed)

    def undo(self, steps: int = 1) -> bool:
        """Take back the last ``steps`` steps, and the bots' moves before them, back to a
        decision of a person at the device (bot moves still scheduled are called off); if a
        bot is to play even there (at the start), it plays on."""
        self._stop_bots()
        if type(steps) is int and 1 <= steps < len(self.points):
            while steps < len(self.points) - 1 and self._bot_decides(self.points[-1 - steps].state):
                steps += 1
        done = super().undo(steps)
        if done:
            self.start_bots()
        return done

    def _bot_decides(self, state: S) -> bool:
        seat = self.game.to_move(state)
        return seat is not None and seat not in self.humans

    # ---- drawing and gestures -------------------------------------------------------------

    def adjust_view(self, view: TableView) -> TableView:
        """While the bots play one by one: "Skip to my turn" first, and who is playing. While
        the pass-the-device screen is up its buttons are deliberate: the second click of a
        double click on the button before (Draw, in the same place) shows no hand."""
        if self.hidden:
            controls = tuple(replace(c, deliberate=True) for c in view.controls)
            view = replace(view, controls=controls)
        actor = self.actor
        if self._timer is None or actor is None:
            return view
        skip = Control(SKIP, "Skip to my turn", style="primary")
        return replace(
            view, controls=(skip, *view.controls), prompt=f"Waiting for {self.seat_name(actor)}."
        )

    def handle(self, gesture: Any) -> None:
        """Answer a gesture on the card table: the panel call it asks for, or a refusal."""
        fields = read_gesture(gesture)
        if fields is None:
            self.messages.error(NOT_A_GESTURE.text)
            self.refresh()
            return
        if fields[0] == "control" and fields[2] == SKIP:
            self.skip_bots()
            return
        super().handle(gesture)

"""The base of every game panel: one game state on the card table, with its guard rails.

A panel holds the state, its history (for undo) and the events of every move; it draws a
:class:`~acelab.widgets.view_model.TableView` on a :class:`~acelab.widgets.table.CardTable`
and turns the learner's gestures into moves. What every game shares lives here once:

- **double gestures apply once**: the table drops a gesture that arrives while the previous one
  is being applied, and :meth:`Panel.play` refuses to be re-entered;
- **destructive actions ask once**: a control with ``confirm`` text acts only when the learner
  has said yes (the browser asks; a gesture without ``confirmed`` gets the question instead);
- **messages next to the action**: :attr:`Panel.messages` writes the table's status line,
  beside the controls; a refused move says why there and changes nothing. The status line
  always describes the table as it is: a message shown before the table last changed is
  stale and is cleared by the next change (the game's own advice, what the last move did
  while the table still shows it, or :meth:`Panel.table_said` take its place);
- **saved play**: every move is saved in the learner's progress store (:mod:`acelab.store`),
  a finished game is kept with its outcome, and a panel opened again offers to resume the game
  in progress. What is on the table besides the moves (a game's :meth:`Panel.draft`: an
  equation being built, cards chosen for a Hand) is saved as it changes and put back by
  :meth:`Panel.restore_draft` on resume; a draft that cannot be put back is said in one
  sentence and the game plays on. A store that cannot save is said once, and so are moves
  that wait to be saved because another notebook holds the store (they are saved with the
  next move); no panel needs the store to play.

Subclasses implement :meth:`Panel.table_view` (pure: state to view, best in a ``table_view``
module) and name their game's pure ``gestures.interpret(gesture, view, context)``
(:attr:`Panel.GESTURES`, with what the panel knows in :meth:`Panel.gesture_context`): the base
(:meth:`Panel.handle`) reads every gesture through it into a call of the panel's own Python
API and makes that call, so Python callers and clicks share one path.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from html import escape
from typing import Any, ClassVar, Generic, TypeVar

import ipywidgets as widgets

from acelab.engine import Event, Game, IllegalMove, check_seed
from acelab.engine.seeds import seed_or_fresh
from acelab.widgets.messages import MessageKind, MoveLog
from acelab.widgets.table import CardTable, Gesture
from acelab.widgets.view_model import (
    NO_CONTEXT,
    Call,
    Control,
    Refusal,
    Status,
    TableContext,
    TableView,
)

__all__ = ["RESUME_NO", "RESUME_YES", "Panel", "Point", "StatusLine"]

S = TypeVar("S")
M = TypeVar("M")

RESUME_YES = "resume:yes"
RESUME_NO = "resume:no"
NEW_YES = "new:yes"
NEW_NO = "new:no"
NEW_GAME_QUESTION = "Start a new game? This one will be saved."
_UNREAD = object()  # a draft kept in the store that could not be read


@dataclass(frozen=True)
class Point:
    """A moment the learner can go back to: the state, the game's own extra (an equation being
    built), how many moves had been played, and the log then."""

    label: str
    state: Any
    history: int
    log: tuple[str, ...]
    extra: Any = None


class StatusLine:
    """The panel's message, shown on the card table's status line beside the controls.

    It has the message bar's interface (``show``, ``error``, ``clear``, ``text``, ``kind``).
    """

    def __init__(self, table: CardTable) -> None:
        self.table = table
        self.text = ""
        self.kind: MessageKind = "info"
        self.fresh = False  # shown since the table was last drawn

    def show(self, text: str, kind: MessageKind = "info") -> None:
        """Show ``text`` as a message of ``kind``."""
        self.text, self.kind, self.fresh = text, kind, True
        self.table.say(text, kind)

    def error(self, text: str) -> None:
        """Show why something was refused."""
        self.show(text, "error")

    def clear(self) -> None:
        """Remove the message."""
        self.show("")


class Panel(Generic[S, M]):
    """A thin object around one game state on the card table.

    ``play(move)`` is what every gesture comes down to, and what tests and notebooks call:
    a refused move shows its reason on the status line and changes nothing. ``save=False``
    keeps this panel out of the progress store. The game in progress with the same seed and
    options is offered for resuming (with ``any_seed``, the one in progress with any seed: a
    panel opened without a seed).
    """

    def __init__(
        self,
        game: Game[S, M],
        state: S,
        *,
        seed: int | str | None = None,
        options: dict[str, Any] | None = None,
        save: bool = True,
        four_colour: bool = False,
        any_seed: bool = False,
    ) -> None:
        self.game = game
        self.state = state
        self.seed = seed
        self.options = dict(options or {})
        self.history: list[tuple[S, M]] = []
        self.events: list[tuple[Event, ...]] = []
        self.table = CardTable(self._gesture, four_colour=four_colour)
        self.table.add_class("acelab-card-table")
        self.table.companions = self._companions
        self.messages = StatusLine(self.table)
        self.log = MoveLog()
        self.body = widgets.VBox([self.table])
        self.widget = widgets.VBox([self.body, self.log])
        self.widget.add_class("acelab-panel")
        self.offer: Any = None
        self.asking: tuple[str, int | str | None] | None = None  # a question and its seed
        self.points: list[Point] = []
        self._applying = False
        self._store: Any = None
        self._game_id = 0
        self._save_said = False
        self._wait_said = False
        self._draft_saved: Any = None  # the draft the store holds for this game
        self._drawn: Any = None  # the zones and prompt last drawn (a message older is stale)
        self._moved: Any = None  # the zones and prompt drawn just after the last move
        self._changes = 0  # moves, undos and new deals so far
        self._changes_drawn = -1
        if save and seed is not None:
            self._open_store(any_seed)
        self.how_to_play = widgets.HTML(self._how_to_play_html())
        self.how_to_play.add_class("acelab-how-to-play")
        self.widget.children = [self.how_to_play, *self.widget.children]
        self.record("start of the game")

    HOW_TO_PLAY = ""
    """A few sentences inside the panel saying what to click first (a game's own text)."""

    def how_to_play_open(self) -> bool:
        """Whether the "How to play" box is drawn open: until the learner has finished a game
        of this kind (games may fold it sooner)."""
        if self._store is None:
            return True
        try:
            return not self._store.has_finished(self.game.name)
        except Exception:  # the box is a help: no store problem stops the panel
            return True

    def _how_to_play_html(self) -> str:
        """The "How to play" box, open or folded as :meth:`how_to_play_open` says."""
        if not self.HOW_TO_PLAY:
            return ""
        return (
            f"<details{' open' if self.how_to_play_open() else ''}>"
            "<summary><b>How to play</b></summary>"
            "<p style='margin:2px 0 4px;max-width:60em;line-height:1.4;font-size:13px'>"
            f"{escape(self.HOW_TO_PLAY)}</p></details>"
        )

    # ---- what subclasses provide --------------------------------------------------------------

    def table_view(self) -> TableView:
        """The table for the current state (zones and controls; the status is the panel's)."""
        return TableView()

    GESTURES: ClassVar[Callable[[Any, Any, TableContext], Call | Refusal] | None] = None
    """The game's pure ``gestures.interpret(gesture, view, context)``: one signature in every
    game, called by :meth:`interpret` (``None``: no gesture means anything)."""

    @property
    def view(self) -> Any:
        """What the player at the device may see (seat 0's observation; games say more)."""
        return self.game.observation(self.state, 0)

    def gesture_context(self) -> TableContext:
        """What this panel knows besides the view when it reads a gesture (cards picked up, an
        equation being built…); nothing by default."""
        return NO_CONTEXT

    def interpret(self, gesture: Any) -> Call | Refusal:
        """What ``gesture`` means now: the game's :attr:`GESTURES` read with the view and
        :meth:`gesture_context`."""
        reader = type(self).GESTURES
        if reader is None:
            return Refusal("That cannot be used here.")
        return reader(gesture, self.view, self.gesture_context())

    def handle(self, gesture: Gesture) -> None:
        """Answer one gesture: make the call of this panel's Python API it means, or say why
        it means none on the status line."""
        meant = self.interpret(gesture)
        if isinstance(meant, Refusal):
            if meant.text:
                self.messages.error(meant.text)
            self.refresh()
            return
        method: Callable[..., object] = getattr(self, meant.method)
        method(*meant.args)

    def describe(self, move: M) -> str:
        """The move-log line for ``move`` (called once it is applied); games say more."""
        return str(move)

    def on_history_changed(self) -> None:
        """Called after a move, an undo or a resume, before the redraw; games hook in here."""

    def snapshot(self) -> Any:
        """What the game keeps besides its state at an undo point (an equation being built)."""
        return None

    def restore_snapshot(self, extra: Any) -> None:
        """Put back what :meth:`snapshot` kept."""

    DRAFT_VERSION = 1
    """The shape of this game's :meth:`draft`; a draft saved in another shape is dropped."""
    DRAFT_LOST = "What you had on the table was not kept: do it again."
    """The sentence said on resume when a saved draft cannot be read at all (a game's own)."""

    def draft(self) -> Any:
        """What is on the table besides the game's state, as plain JSON data (an equation being
        built, cards chosen for a Hand), or ``None``: saved with the game as it changes."""
        return None

    def restore_draft(self, data: Any) -> str:
        """Put back a :meth:`draft` read from the store, checked against the state the resume
        replayed, and return what the welcome says after "with" ("your equation 9 − 3 still on
        the table"). When it cannot (damaged, or no longer legal), raise ``ValueError`` with the
        one sentence saying what was dropped, and change nothing."""
        raise ValueError(self.DRAFT_LOST)

    # ---- moves --------------------------------------------------------------------------------

    @property
    def moves(self) -> list[M]:
        """The moves played so far, oldest first."""
        return [move for _, move in self.history]

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events of the last move (empty before the first)."""
        return self.events[-1] if self.events else ()

    @property
    def listener(self) -> int:
        """The seat whose ears the device is (``Game.visible_events``): seat 0 by default."""
        return 0

    @property
    def heard_events(self) -> tuple[Event, ...]:
        """The last move's events as the device may hear them (``Game.visible_events`` for
        :attr:`listener`): what narration, the store and achievements read."""
        return self.game.visible_events(self.last_events, self.listener)

    def heard_game(self) -> list[tuple[Event, ...]]:
        """Every move's events so far as the device may hear them (what the store keeps)."""
        seat = self.listener
        return [self.game.visible_events(events, seat) for events in self.events]

    def play(self, move: M) -> bool:
        """Apply ``move``; on a refusal show the reason instead. True when applied.

        A call made while another move is being applied is ignored (False).
        """
        if self._applying:
            return False
        self._applying = True
        try:
            try:
                step = self.game.step(self.state, move)
            except (IllegalMove, ValueError, TypeError) as error:
                self.messages.error(_reason(error))
                return False
            self.history.append((self.state, move))
            self.events.append(tuple(step.events))
            self.state = step.state
            self.offer = None
            self._changes += 1
            self.log.append(self.describe(move))
            self.messages.clear()
            self._save()
            self.after_move(move)
            self.record(_short(self.log.entries[-1]))
            self.on_history_changed()
        finally:
            self._applying = False
        self.refresh()
        return True

    def record(self, label: str) -> None:
        """Keep this moment as an undo point called ``label``."""
        if not isinstance(label, str):
            raise ValueError("An undo point is named by a text.")
        entries = tuple(self.log.entries)
        self.points.append(Point(label, self.state, len(self.history), entries, self.snapshot()))

    def undo(self, steps: int = 1) -> bool:
        """Take back the last ``steps`` steps; False (with a message) when there are fewer."""
        if type(steps) is not int or steps < 1 or steps >= len(self.points):
            self.messages.error("There is nothing to take back.")
            self.refresh()
            return False
        taken = [point.label.rstrip(".") for point in self.points[-steps:]]
        del self.points[-steps:]
        point = self.points[-1]
        self.state = point.state
        del self.history[point.history :]
        del self.events[point.history :]
        self.log.set_entries(point.log)
        self._changes += 1
        self.restore_snapshot(point.extra)
        names = taken[0] if steps == 1 else ", ".join(taken[:-1]) + " and " + taken[-1]
        self.messages.show(f"Taken back: {names}.", "info")
        self._save()
        self.on_history_changed()
        self.refresh()
        return True

    def go_back(self, index: int | None) -> bool:
        """Return to earlier point ``index`` (as listed in ``points``)."""
        if type(index) is not int or not 0 <= index < len(self.points):
            self.messages.error("Choose an earlier point to go back to.")
            self.refresh()
            return False
        if index == len(self.points) - 1:
            self.messages.show("That is where you are now.", "info")
            self.refresh()
            return False
        return self.undo(len(self.points) - 1 - index)

    def restart(self, state: S, seed: int | str | None = None) -> None:
        """Play on from a new deal ``state``: the game so far stays in the store. ``ValueError``
        with a sentence, and no change, unless ``state`` is a well-formed state of this game."""
        self.game.check_state(state)
        if seed is not None:
            check_seed(seed)
        self._abandon()
        self.state, self.offer, self.asking = state, None, None
        if seed is not None:
            self.seed = seed
        self.history.clear()
        self.events.clear()
        self._changes += 1
        self.log.set_entries([])
        self._game_id, self._draft_saved = 0, None
        self.points.clear()
        self.record("start of the game")
        self.on_history_changed()

    # ---- drawing ------------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw the table from the state, with the current message (and a resume offer)."""
        view = self.adjust_view(self.table_view())
        controls = view.controls
        if self.offer is not None:
            controls = (
                Control(RESUME_YES, "Resume it", style="primary"),
                Control(RESUME_NO, "Start this new one"),
                *controls,
            )
        elif self.asking is not None:
            controls = (
                Control(NEW_YES, "Yes, new game", style="primary"),
                Control(NEW_NO, "No, keep playing"),
                *controls,
            )
        prompt = view.prompt or self.prompt_text()
        drawn = (view.zones, prompt)
        questions = self.offer is not None or self.asking is not None
        if self.messages.text and not (self.messages.fresh or questions) and drawn != self._drawn:
            self.messages.clear()  # said before the table changed: stale
        self.messages.fresh = False
        if self._changes != self._changes_drawn:
            self._moved, self._changes_drawn = drawn, self._changes
        self._drawn = drawn
        status = Status(self.messages.text, self.messages.kind)
        if not status.text:  # the game's own word (advice), else what the last move did
            said = (self.table_said() if drawn != self._moved else "") or self.last_said()
            status = view.status if view.status.text else Status(said, "info")
        self.messages.fresh = False
        self.table.show(replace(view, controls=controls, status=status, prompt=prompt))
        self._save_draft()

    def table_said(self) -> str:
        """The status line when no message is up and the table has changed since the last
        move (an equation being built, cards chosen): what is on the table now, in a sentence
        (a game's own); empty by default, and then what the last move did stays up."""
        return ""

    def last_said(self) -> str:
        """The status line when no message is up and the table is as the last move left it:
        what the last move did (the newest log line, as a sentence), or that the game has just
        begun."""
        entries = [entry for entry in self.log.entries if entry]
        if not entries:
            return "A new game: nothing played yet."
        line = entries[-1]
        line = line[0].upper() + line[1:]
        return line if line.endswith((".", "!", "?")) else f"{line}."

    def adjust_view(self, view: TableView) -> TableView:
        """The game's view as shown now (kinds of panel add controls here); as is by default."""
        return view

    def prompt_text(self) -> str:
        """The line on top of the table: what to do now."""
        return ""

    def refresh(self) -> None:
        """Redraw every part (subclasses may draw more than the table)."""
        self.redraw()

    def close(self) -> None:
        """Close the panel: "Play with classmates" stops hearing its table (the seat stays
        yours to rejoin), and the widgets go."""
        together = getattr(self, "together", None)
        if together is not None:
            together.close()
        self.widget.close()

    def new_game(self, seed: int | str | None = None) -> bool:
        """Deal a new game from ``seed``; games implement it with :meth:`restart`."""
        raise NotImplementedError

    def ask_new_game(self, seed: int | str | None) -> bool:
        """A new game asked for by typing a seed: ask first when this game would be replaced;
        a seed that cannot deal a game is refused in words (never raised), and nothing else
        changes."""
        if seed is not None:
            dealt = self._seed_to_deal(seed)
            if dealt is None:
                return False
            seed = dealt
        question = self.new_game_question()
        if not question:
            return self.new_game(seed)
        self.asking = (question, seed)
        self.messages.show(question, "warning")
        self.refresh()
        return False

    def _refuse(self, text: str) -> bool:
        """Show ``text`` next to the table as what went wrong, and return ``False``."""
        self.messages.error(text)
        self.refresh()
        return False

    def _seed_to_deal(self, seed: object) -> int | str | None:
        """``seed`` checked (a fresh one for ``None``); a seed that cannot deal a game is shown
        in words (never raised) and gives ``None``."""
        try:
            return seed_or_fresh(seed)
        except ValueError as error:
            self._refuse(str(error))
            return None

    def keep_playing(self) -> bool:
        """Answer No to a new game."""
        self.asking = None
        self.messages.clear()
        self.refresh()
        return True

    def new_game_question(self) -> str:
        """The question asked before a new game replaces this one; empty when nothing is lost."""
        over = self.game.is_over(self.state)
        return NEW_GAME_QUESTION if self.history and not over else ""

    # ---- gestures -----------------------------------------------------------------------------

    def _gesture(self, gesture: Gesture) -> None:
        if gesture.kind == "control" and gesture.zone in (RESUME_YES, RESUME_NO):
            self.resume() if gesture.zone == RESUME_YES else self.decline_resume()
            return
        if gesture.kind == "control" and gesture.zone in (NEW_YES, NEW_NO):
            asked, self.asking = self.asking, None
            if gesture.zone == NEW_YES and asked is not None:
                self.new_game(asked[1])
            else:
                self.keep_playing()
            return
        if gesture.kind == "control" and not gesture.confirmed:
            question = self._question(gesture.zone)
            if question:
                self.messages.show(f"{question} Press the button again, then Yes.", "warning")
                return
        self.handle(gesture)

    def _question(self, key: str | None) -> str:
        for control in self.table.controls:
            if control.get("key") == key:
                return str(control.get("confirm") or "")
        return ""

    # ---- saved play ---------------------------------------------------------------------------

    @property
    def store(self) -> Any:
        """The progress store this panel saves into (``None`` when it does not save)."""
        return self._store

    def _open_store(self, any_seed: bool = False) -> None:
        try:
            from acelab.store import open_store

            self._store = open_store()
        except Exception:  # no panel needs the store to play
            self._store = None
            return
        if not self._store.writable:
            self._say_cannot_save()
            return
        saved = self._store.in_progress(self.game.name)
        seed = saved.seed if any_seed and saved is not None else self.seed
        same = saved is not None and (saved.seed, saved.options) == (seed, self.options)
        if same and saved.moves:
            self.offer = saved
            count = len(saved.moves)
            self.messages.show(
                f"You have a game in progress (seed {saved.seed}, {count} "
                f"move{'s' if count != 1 else ''}). Resume it?",
                "info",
            )

    def _say_cannot_save(self) -> None:
        if self._save_said:
            return
        self._save_said = True
        problem = getattr(self._store, "problem", None) or "the progress store cannot be written."
        self.messages.show(f"Your games will not be saved: {problem.rstrip('.')}. Play goes on.")

    def _save(self) -> None:
        store = self._store
        if store is None or self.seed is None:
            return
        try:
            if not store.writable:
                self._say_cannot_save()
                return
            if not self._game_id:
                if not self.history:
                    return
                self._game_id = store.start_game(self.game.name, self.seed, self.options)
                if self.offer is None:
                    self._abandon_others()
            store.save_progress(self._game_id, self.moves, self.heard_game())
            outcome = self.game.outcome(self.state)
            if self.game.is_over(self.state) and outcome is not None:
                store.finish_game(self._game_id, outcome)
            self._say_waiting(getattr(store, "waiting", None))
        except Exception:  # a failing store never stops play
            self._store = None

    def _say_waiting(self, waiting: str | None) -> None:
        """Say once that moves wait to be saved (another notebook holds the store)."""
        if waiting and not self._wait_said:
            self.messages.show(waiting, "warning")
        self._wait_said = bool(waiting)

    def _save_draft(self) -> None:
        """Keep the :meth:`draft` with the game in the store when it has changed."""
        store = self._store
        if store is None or not self._game_id or self.offer is not None:
            return
        try:
            data = None if self.game.is_over(self.state) else self.draft()
            kept = None if data is None else {"version": self.DRAFT_VERSION, "draft": data}
            if kept != self._draft_saved:
                store.save_draft(self._game_id, kept)
                self._draft_saved = kept
        except Exception:  # a draft that cannot be saved is not saved; play goes on
            return

    def _put_back_draft(self, saved: Any) -> tuple[str, str]:
        """Put back the draft kept with ``saved``: how the welcome names it, or the sentence
        saying what was dropped (both empty when there was none). Never raises."""
        kept = saved.draft
        self._draft_saved = kept if saved.draft_problem is None else _UNREAD  # to overwrite
        if kept is None and saved.draft_problem is None:
            return "", ""
        if (
            not isinstance(kept, dict)
            or kept.get("version") != self.DRAFT_VERSION
            or "draft" not in kept
            or self.game.is_over(self.state)
        ):
            return "", self.DRAFT_LOST
        try:
            return self.restore_draft(kept["draft"]), ""
        except ValueError as error:
            return "", _reason(error)
        except Exception:  # a damaged draft never stops the game's own resume
            return "", self.DRAFT_LOST

    def _abandon(self) -> None:
        if self._store is not None and self._game_id and not self.game.is_over(self.state):
            try:
                self._store.abandon(self._game_id)
            except Exception:
                self._store = None

    def _abandon_others(self) -> None:
        """The learner plays a new deal instead of resuming: stop offering the old game."""
        old = getattr(self, "_declined", None)
        if old is not None and self._store is not None:
            self._store.abandon(old)

    def resume(self) -> bool:
        """Resume the saved game offered when the panel opened: same state, same undo history."""
        saved = self.offer
        if saved is None:
            self.messages.error("There is no saved game to resume.")
            return False
        kept = (self.state, list(self.history), list(self.events), list(self.log.entries))
        try:
            self.restart(self.game.new_state(saved.seed, **saved.options), saved.seed)
            for move in saved.moves:
                step = self.game.step(self.state, move)
                self.history.append((self.state, move))
                self.events.append(tuple(step.events))
                self.state = step.state
                self.log.append(self.describe(move))
                self.after_move(move)
                self.record(_short(self.log.entries[-1]))
        except (IllegalMove, ValueError, TypeError) as error:
            self.state, self.history, self.events = kept[0], kept[1], kept[2]
            self.log.set_entries(kept[3])
            self.offer = None
            self.messages.error(f"The saved game cannot be replayed: {_reason(error)}")
            self.redraw()
            return False
        self.options, self._game_id, self.offer = dict(saved.options), saved.id, None
        count = len(self.history)
        moves = "1 move" if count == 1 else f"{count} moves"
        self.on_history_changed()
        on_table, dropped = self._put_back_draft(saved)
        welcome = f"Welcome back: your game goes on after {moves}"
        welcome += f", with {on_table}." if on_table else "."
        if dropped:
            self.messages.show(f"{welcome} {dropped}", "warning")
        else:
            self.messages.show(welcome, "info")
        self.refresh()  # every part: a game may draw more than the table (the equation)
        return True

    def open_saved(self, game_id: int) -> bool:
        """Replay saved game ``game_id`` (finished or not, one played at a class table too) on
        this panel from its seed and moves, to look back at it; False, with the sentence why on
        the status line, when there is no such game of this panel's kind or it does not
        replay."""
        store = self._store
        if store is None:
            try:
                from acelab.store import open_store

                store = self._store = open_store()
            except Exception:
                return self._refuse("Your progress store cannot be read here.")
        try:
            saved = store.game(game_id)
        except ValueError as error:
            return self._refuse(str(error))
        if saved is None or saved.game != self.game.name:
            return self._refuse(f"There is no saved {self.game.name} game {game_id}.")
        if saved.problem is not None:
            return self._refuse(saved.problem)
        self.offer = saved
        if not self.resume():
            return False
        if self.game.is_over(self.state):
            where = f", {saved.table.line()}" if saved.table is not None else ""
            self.messages.show(f"Saved game {game_id}{where}, replayed to its end.", "info")
            self.refresh()
        return True

    def after_move(self, move: M) -> None:
        """Called after each applied move (played or replayed by a resume); games hook in."""

    def decline_resume(self) -> bool:
        """Play the new deal instead of the saved game (which stays in the store)."""
        if self.offer is None:
            return False
        self._declined = self.offer.id
        self.offer = None
        self.messages.show("A new game: the other one stays saved.", "info")
        self.redraw()
        return True

    def _companions(self) -> list[widgets.Widget]:
        """Every widget of the panel but the card table (and their layouts): their changes
        during a gesture go out after the table's answer."""
        found: list[widgets.Widget] = []
        waiting = [self.widget]
        while waiting:
            widget = waiting.pop()
            if widget is self.table or not isinstance(widget, widgets.Widget):
                continue
            found.append(widget)
            layout = getattr(widget, "layout", None)
            if isinstance(layout, widgets.Widget):
                found.append(layout)
            waiting.extend(getattr(widget, "children", ()))
        return found

    def _ipython_display_(self, **kwargs: Any) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]


def _short(entry: str) -> str:
    """An undo point's label: the log entry's first sentence."""
    return entry.split(". ")[0].rstrip(".")


def _reason(error: Exception) -> str:
    reason = getattr(error, "reason", None)
    return str(reason if reason else error)

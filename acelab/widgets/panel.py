"""The base of every game panel: one game state, undo, a message bar and a move log."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import ipywidgets as widgets

from acelab.engine import Game, IllegalMove
from acelab.widgets.messages import MessageBar, MoveLog

__all__ = ["Panel"]

S = TypeVar("S")
M = TypeVar("M")


class Panel(Generic[S, M]):
    """A thin object around one game state.

    Subclasses build their widgets in ``__init__`` (calling ``super().__init__``), put them in
    ``self.body``, and redraw them in :meth:`refresh` from ``self.state`` alone. ``play(move)``
    is what every button calls, and what tests and notebooks call to drive the panel from Python:
    a refused move shows its reason in the message bar and changes nothing.
    """

    def __init__(self, game: Game[S, M], state: S) -> None:
        self.game = game
        self.state = state
        self.history: list[tuple[S, M]] = []
        self.messages = MessageBar()
        self.log = MoveLog()
        self.body = widgets.VBox()
        self.widget = widgets.VBox([self.body, self.messages, self.log])
        self.widget.add_class("acelab-panel")

    @property
    def moves(self) -> list[M]:
        """The moves played so far, oldest first."""
        return [move for _, move in self.history]

    def play(self, move: M) -> bool:
        """Apply ``move``; on an illegal move show the reason instead. True when applied."""
        try:
            new_state = self.game.apply(self.state, move)
        except IllegalMove as error:
            self.messages.error(error.reason)
            return False
        self.history.append((self.state, move))
        self.state = new_state
        self.log.append(self.describe(move))
        self.messages.clear()
        self.refresh()
        return True

    def undo(self, steps: int = 1) -> bool:
        """Take back the last ``steps`` moves. False (with a message) when there are fewer."""
        if steps < 1 or steps > len(self.history):
            self.messages.error("There is no move to take back.")
            return False
        self.state = self.history[-steps][0]
        del self.history[-steps:]
        self.log.set_entries(self.log.entries[: len(self.history)])
        self.messages.show("Move taken back.")
        self.refresh()
        return True

    def describe(self, move: M) -> str:
        """The move-log line for ``move``; games may say more."""
        return str(move)

    def refresh(self) -> None:
        """Redraw every widget from ``self.state``. Subclasses override this."""

    def _ipython_display_(self, **kwargs: Any) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

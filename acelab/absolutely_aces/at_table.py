"""Absolutely Aces at a class table ("Play with classmates", issue 25): the seat's view from the
service drawn, read and narrated by the game's own pure functions (no state: only what the
service sent this seat)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from acelab.absolutely_aces.gestures import interpret
from acelab.absolutely_aces.moves import Pick, Play, PlayPair
from acelab.absolutely_aces.narrate import Narrator, narrate
from acelab.absolutely_aces.rules import AbsolutelyAces
from acelab.absolutely_aces.state import AcesView, Phase
from acelab.absolutely_aces.table_view import TableOptions, table
from acelab.tables.client import SeatView
from acelab.widgets.table import Gesture
from acelab.widgets.together import NOT_AT_A_TABLE, names_at
from acelab.widgets.view_model import Call, Refusal, TableView

__all__ = ["AcesAtTable", "with_held"]


def with_held(view: SeatView) -> AcesView:
    """The seat's observation with the picks the table holds (made before their seat's go):
    this seat's own pick shown as made, another seat's only as "has picked"."""
    seen: AcesView = view.observation
    if seen.phase is not Phase.PICK or not view.held_seats:
        return seen
    picked = tuple(p or seat in view.held_seats for seat, p in enumerate(seen.picked))
    picks = list(seen.picks)
    if isinstance(view.held, Pick) and view.held.player == view.seat:
        picks[view.seat] = view.held.card
    return replace(seen, picked=(picked[0], picked[1]), picks=(picks[0], picks[1]))


class AcesAtTable:
    """The :class:`~acelab.widgets.together.SeatGame` of Absolutely Aces."""

    def __init__(self, view: SeatView) -> None:
        self.cards = AbsolutelyAces().cards

    def _names(self, view: SeatView) -> tuple[str, str]:
        names = names_at(view)
        return names[view.seat], names[1 - view.seat]

    def draw(self, view: SeatView) -> TableView:
        """The duel as this seat sees it; its legal moves ringed on its go."""
        options = TableOptions(self.cards, names=self._names(view))
        return table(with_held(view), view.legal if view.my_go else (), options)

    def read(self, gesture: Gesture, view: SeatView) -> Call | Refusal:
        """The game's own reading of a click or key."""
        return interpret(gesture, with_held(view))

    def act(self, call: Call, view: SeatView) -> Any:
        """A pick, a card or a Pair for this seat; the tree and a new game are the solitary
        panel's."""
        args: tuple[Any, ...] = tuple(call.args)
        if call.method == "pick":
            return Pick(view.seat, *args)
        if call.method == "play_card":
            return Play(*args)
        if call.method == "play_pair":
            return PlayPair(*args)
        raise ValueError(NOT_AT_A_TABLE)

    def narrate(self, events: Sequence[Any], mover: int, view: SeatView) -> str:
        """The game's narration, naming only this seat's own secret pick."""
        names = names_at(view)
        return narrate(events, Narrator((names[0], names[1]), view.seat, self.cards))

    def moved(self) -> None:
        """Nothing is held at the device between two moves."""

"""Lex's Ace of Spades at a class table ("Play with classmates", issue 25): the seat's view
from the service drawn, read and narrated by the game's own pure functions, with the cards
picked up kept at the device as in the solitary panel (no state: only what the service sent
this seat)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from acelab.ace_of_spades_lex.gestures import interpret
from acelab.ace_of_spades_lex.moves import (
    Accept,
    Counter,
    DealTo,
    DeuceExMachina,
    Draw,
    EndTurn,
    Foil,
    Nuke,
    Pass,
    Steal,
    Stop,
)
from acelab.ace_of_spades_lex.narrate import narrate
from acelab.ace_of_spades_lex.state import LexView
from acelab.ace_of_spades_lex.table_view import DEAL, TableOptions, held_card, held_cards, table
from acelab.tables.client import SeatView
from acelab.widgets.table import Gesture
from acelab.widgets.together import LOCAL, NOT_AT_A_TABLE, names_at
from acelab.widgets.view_model import Call, Refusal, TableContext, TableView

__all__ = ["LexAtTable"]

PICK_UP = "Pick up a Jack, a black ten or a six that you can play now."
SIMPLE = {
    "draw": Draw(),
    "deuce": DeuceExMachina(),
    "end_turn": EndTurn(),
    "pass_turn": Pass(),
}


class LexAtTable:
    """The :class:`~acelab.widgets.together.SeatGame` of Lex's Ace of Spades."""

    def __init__(self, view: SeatView) -> None:
        self.picked: tuple[str, ...] = ()

    @staticmethod
    def _seen(view: SeatView) -> LexView:
        """The seat's observation, with the players named as at the table."""
        seen: LexView = view.observation
        return replace(seen, names=names_at(view))

    @staticmethod
    def _moves(view: SeatView) -> tuple[Any, ...]:
        return view.legal if view.my_go else ()

    def draw(self, view: SeatView) -> TableView:
        """The table as this seat sees it, with what it has picked up."""
        moves = self._moves(view)
        if self.picked and not (
            (self.picked == (DEAL,) and any(isinstance(m, DealTo) for m in moves))
            or held_cards(self._seen(view), moves, self.picked)
        ):
            self.picked = ()  # the table moved on: put back
        return table(self._seen(view), moves, TableOptions(picked=self.picked))

    def read(self, gesture: Gesture, view: SeatView) -> Call | Refusal:
        """The game's own reading of a click, drag or key."""
        context = TableContext(moves=self._moves(view), picked=self.picked)
        return interpret(gesture, self._seen(view), context)

    def act(self, call: Call, view: SeatView) -> Any:
        """The move a call makes; picking up and putting back stay at the device."""
        name = call.method
        args: tuple[Any, ...] = tuple(call.args)
        if name in SIMPLE:
            return SIMPLE[name]
        if name == "steal":
            return Steal(*args)
        if name == "stop":
            return Stop(*args)
        if name == "nuke":
            return Nuke(*args)
        if name == "deal":
            return DealTo(*args)
        if name == "answer":
            attack = self._seen(view).attack
            if not args[0] or attack is None:
                return Accept()
            return Counter() if attack.is_nuke else Foil()
        if name == "put_back":
            self.picked = ()
            return LOCAL
        if name == "pick":
            return self._pick(str(args[0]), view)
        raise ValueError(NOT_AT_A_TABLE)

    def _pick(self, card: str, view: SeatView) -> Any:
        moves, seen = self._moves(view), self._seen(view)
        if card == DEAL and any(isinstance(m, DealTo) for m in moves):
            self.picked = (DEAL,)
            return LOCAL
        if held_card(seen, moves, card) is None:
            raise ValueError(PICK_UP)
        together = (*self.picked, card)
        self.picked = together if held_cards(seen, moves, together) else (card,)
        return LOCAL

    def narrate(self, events: Sequence[Any], mover: int, view: SeatView) -> str:
        """The game's narration, with the players named as at the table."""
        return narrate(events, names_at(view)) or "A move."

    def moved(self) -> None:
        """A Nine's card to deal stays picked up; anything else is put down."""
        if self.picked != (DEAL,):
            self.picked = ()

"""Devir's Ace of Spades co-op at a class table ("Play with classmates", issue 25): the seat's
view from the service drawn, read and narrated by the game's own pure functions, with the cards
chosen for the next Hand kept at the device as in the solitary panel (no state: only what the
service sent this seat)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from acelab.ace_of_spades.gestures import interpret
from acelab.ace_of_spades.moves import DiscardDraw, PlayHand, Renew, TakeFromDiscard, UseBenefit
from acelab.ace_of_spades.narrate import narrate
from acelab.ace_of_spades.scoring import COMBINATIONS
from acelab.ace_of_spades.state import SpadesView
from acelab.ace_of_spades.table_view import TableOptions, table
from acelab.engine.cards import parse_card
from acelab.tables.client import SeatView
from acelab.widgets.table import Gesture
from acelab.widgets.together import LOCAL, NOT_AT_A_TABLE, names_at
from acelab.widgets.view_model import Call, Refusal, TableView

__all__ = ["CoopAtTable"]

SAY_IT = "At a table, tell your partner out loud."


class CoopAtTable:
    """The :class:`~acelab.widgets.together.SeatGame` of Ace of Spades co-op."""

    def __init__(self, view: SeatView) -> None:
        self.chosen: list[str] = []
        self.declared: str | None = None

    def draw(self, view: SeatView) -> TableView:
        """The fight as this seat sees it, with the cards chosen at the device."""
        seen: SpadesView = view.observation
        held = {str(card) for card in seen.available}
        self.chosen = [code for code in self.chosen if code in held]
        names = names_at(view)
        options = TableOptions(
            chosen=tuple(self.chosen),
            declare=self.declared,
            names=(names[view.seat], *names[: view.seat], *names[view.seat + 1 :]),
        )
        return table(seen, (), options)

    def read(self, gesture: Gesture, view: SeatView) -> Call | Refusal:
        """The game's own reading of a click or key."""
        return interpret(gesture, view.observation)

    def act(self, call: Call, view: SeatView) -> Any:
        """The move a call makes; choosing cards and declaring stay at the device."""
        name = call.method
        args: tuple[Any, ...] = tuple(call.args)
        if name == "choose":
            code = str(parse_card(args[0]))
            if code in self.chosen:
                self.chosen.remove(code)
            else:
                self.chosen.append(code)
            self.declared = None
            return LOCAL
        if name == "clear":
            self.chosen, self.declared = [], None
            return LOCAL
        if name == "declare":
            if args[0] not in COMBINATIONS:
                raise ValueError("Declare one of the combinations shown, like 'pair'.")
            self.declared = args[0]
            return LOCAL
        cards = tuple(parse_card(code) for code in self.chosen)
        if name == "play_hand":
            return PlayHand(cards, self.declared)
        if name == "discard":
            return DiscardDraw(cards)
        if name == "renew":
            return Renew()
        if name == "take":
            return TakeFromDiscard(parse_card(args[0]))
        if name == "use_benefit":
            enemy = args[0]
            seen: SpadesView = view.observation
            redraws = any(
                e.id == enemy and any(b.kind == "free_redraw" for b in e.benefit)
                for e in seen.benefits
            )
            return UseBenefit(enemy, cards if redraws else ())
        if name == "hint":
            raise ValueError(SAY_IT)
        raise ValueError(NOT_AT_A_TABLE)

    def narrate(self, events: Sequence[Any], mover: int, view: SeatView) -> str:
        """The game's narration, with the partners named as at the table."""
        return narrate(events, names_at(view)) or "A move."

    def moved(self) -> None:
        """The chosen cards were played (or discarded)."""
        self.chosen, self.declared = [], None

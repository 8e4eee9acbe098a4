"""The one context every game's ``narrate.SENTENCES`` says an event in.

Each game's ``narrate`` module keeps a table from event type to a sentence maker,
``SENTENCES[type(event)](event, narration) -> str``, and every maker of every game is given
the same :class:`Narration`: who sits where (``names``), whose secrets may be named
(``viewer``), the game's card table when its cards need one to be named, and the whole move
(``events``, so an event can be said together with the others) in its round.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from acelab.engine.terms import Event

__all__ = ["Narration", "Sentence"]

E = TypeVar("E", bound=Event)


@dataclass(frozen=True)
class Narration:
    """What a sentence maker knows besides its event: the seats' ``names`` (seat 0 first),
    the ``viewer`` whose own hidden cards may be named (``None``: nobody's, as on a hot seat's
    shared log), the game's ``cards`` table (Absolutely Aces names a card from it; ``None``
    where a card names itself), the ``events`` of the whole move and its ``round_number``."""

    names: tuple[str, ...] = ("You",)
    viewer: int | None = 0
    cards: Any = None
    events: tuple[Event, ...] = ()
    round_number: int = 0

    def who(self, seat: int) -> str:
        """The name of ``seat`` (``"Player 3"`` for a seat with no name given)."""
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"

    def has(self, kind: type[Event]) -> bool:
        """Whether the move made an event of type ``kind`` happen."""
        return any(type(event) is kind for event in self.events)

    def each(self, kind: type[E]) -> list[E]:
        """The move's events of type ``kind``, in order."""
        return [event for event in self.events if type(event) is kind]


Sentence = Callable[[Any, Narration], str]
"""A sentence maker of a ``SENTENCES`` table: ``(event, narration) -> str`` ("" says
nothing)."""

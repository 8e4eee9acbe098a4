"""The words every game and every engine piece shares: a move, an event, a step, a refusal.

They live below :mod:`acelab.engine` (which re-exports them) so that the engine's helpers
(:mod:`acelab.engine.dispatch`, :mod:`acelab.engine.play`) use them without importing the engine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import Generic, NamedTuple, TypeVar

__all__ = [
    "Event",
    "IllegalMove",
    "Move",
    "Step",
    "article",
    "cut",
    "events_of",
    "expect",
    "redacted",
    "shown",
    "what_kind",
]

S = TypeVar("S")
T = TypeVar("T")


class IllegalMove(ValueError):
    """A move the rules do not allow. ``reason`` is one sentence for the learner."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclasses.dataclass(frozen=True)
class Move:
    """Base class of moves: small frozen dataclasses whose ``str`` reads well in a move log."""

    def __str__(self) -> str:
        fields = ", ".join(_field_text(getattr(self, f.name)) for f in dataclasses.fields(self))
        return f"{type(self).__name__}({fields})"


def _field_text(value: object) -> str:
    """A move's field as its ``str``, or "that" when it cannot be written (a whole number of
    more digits than Python prints), so a move always prints."""
    try:
        return str(value)
    except Exception:
        return "that"


@dataclasses.dataclass(frozen=True)
class Event:
    """Base class of events: one thing a move made happen (a card revealed, drawn, discarded; a
    player stopped; an enemy defeated; a joker spent).

    Events are small frozen dataclasses, marked :func:`~acelab.engine.serializable` so the
    progress store can keep them. Panels narrate the log from them and bots and lessons count
    them, so nobody works out what happened by comparing two states.
    """


class Step(NamedTuple, Generic[S]):
    """What :meth:`Game.step` returns: the new state and the events of the move, in order."""

    state: S
    events: tuple[Event, ...]


def article(noun: str) -> str:
    """ "an" before a noun that starts with a vowel ("an Ace Pilot move"), else "a"."""
    return "an" if noun[:1].lower() in "aeiou" else "a"


def cut(text: str, longest: int) -> str:
    """``text``, or its first ``longest - 1`` characters and "…" when it is longer (a name or
    an id from a file, which may be huge, written into a sentence)."""
    return text if len(text) <= longest else text[: longest - 1].rstrip() + "…"


def shown(value: object) -> str:
    """``value`` as written in a refusal: its ``repr``, or "that" when it is long (or cannot be
    written, like a whole number of more digits than Python prints)."""
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not turn a refusal into a crash
        return "that"
    return text if len(text) <= 20 else "that"


def what_kind(value: object) -> str:
    """What ``value`` is, in words for a refusal: "None", "an int", "a list", "an Equation"."""
    if value is None:
        return "None"
    name = type(value).__name__
    return f"{article(name)} {name}"


def expect(value: object, kind: type[T], what: str) -> T:
    """``value``, when it is a ``kind``; otherwise ``ValueError`` with a sentence ("Give an
    Ace Pilot view, not None."), ``what`` naming what is wanted."""
    if not isinstance(value, kind):
        raise ValueError(f"Give {what}, not {what_kind(value)}.")
    return value


def events_of(events: object) -> tuple[Event, ...]:
    """``events`` (what one move made happen) as a tuple; ``ValueError`` with a sentence unless
    it is a sequence of :class:`Event` (what every game's ``narrate`` is given)."""
    if isinstance(events, str) or not isinstance(events, Sequence):
        raise ValueError(f"Give the events of a move (a list), not {what_kind(events)}.")
    if not all(isinstance(event, Event) for event in events):
        raise ValueError("Give the events of a move: each one an Event.")
    return tuple(events)


def redacted(
    events: object, seat: object, hide: Callable[[Event, int], Event]
) -> tuple[Event, ...]:
    """``events`` as ``seat`` may hear them, each passed through ``hide(event, seat)`` (which
    takes out what that seat may not see): what a game's ``visible_events`` returns.
    ``ValueError`` with a sentence unless ``events`` are a move's events and ``seat`` a number."""
    if isinstance(events, str) or not isinstance(events, Iterable):
        raise ValueError("Give the events of a move as a list.")
    if type(seat) is not int:
        raise ValueError(f"A player is a seat number, not {type(seat).__name__}.")
    seen: list[Event] = []
    for event in events:
        if not isinstance(event, Event):
            raise ValueError("Only the events of a move can be shown to a player.")
        seen.append(hide(event, seat))
    return tuple(seen)

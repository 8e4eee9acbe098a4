"""Moves dispatched by phase from one declarative table (boardgame.io's phases, written once).

A game lists, for each phase, the move types allowed in it and the handler that applies each;
:class:`MoveTable` refuses everything else with a sentence: a move of another kind ("… is not an
Ace Pilot move.") or a move of this game at the wrong time ("You cannot … now: it is time to …").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from operator import attrgetter
from typing import Any, Final, Generic, TypeVar

from acelab.engine.terms import Event, IllegalMove, Move, Step, article, what_kind

__all__ = ["Handler", "MoveTable", "describe"]

S = TypeVar("S")
P = TypeVar("P", bound=Enum)

Handler = Callable[[S, Any, list[Event]], S]
"""Applies one kind of move: ``handler(state, move, events)`` returns the new state and appends
the move's events, in order, to ``events``. It raises :class:`IllegalMove` before changing
anything when the rules refuse the move."""

_LONGEST: Final = 60
"""Longest description of a move in a refusal, in characters."""


def describe(move: object) -> str:
    """``move`` in words for a refusal, whatever it is: printing it never fails.

    A :class:`Move` is its ``str`` (its class name when that ``str`` fails on a malformed move),
    text is quoted and shortened, anything else is named by its type ("An int", "None").
    """
    if isinstance(move, Move):
        try:
            text = str(move)
        except Exception:  # a malformed move whose str assumes well-formed fields
            text = type(move).__name__
    elif isinstance(move, str):
        text = repr(move) if len(move) <= 30 else repr(move[:27] + "...")
    else:
        kind = what_kind(move)
        text = kind[:1].upper() + kind[1:]
    return text if len(text) <= _LONGEST else text[: _LONGEST - 3] + "..."


class MoveTable(Generic[S, P]):
    """Which move types each phase allows, and the handler that applies each.

    ``phases[phase][MoveType]`` is the handler for that move in that phase; ``doing[phase]`` says
    in words what the player should do in it ("draw a fourth card"), for the refusal of a move
    made at the wrong time. ``phase_of(state)`` reads a state's phase (its ``phase`` field by
    default). ``unknown_move(move)`` and ``wrong_phase(state, move)`` replace the two standard
    refusals for a game with its own wording; ``state_type`` makes :meth:`step` (and
    :meth:`checked`, the one state-type guard a game's ``Game`` methods call) refuse anything
    that is not one of the game's states with a ``ValueError``, worded by ``not_a_state`` when
    given.
    """

    def __init__(
        self,
        game_title: str,
        phases: Mapping[P, Mapping[type[Any], Handler[S]]],
        doing: Mapping[P, str],
        phase_of: Callable[[S], P] = attrgetter("phase"),
        *,
        unknown_move: Callable[[object], str] | None = None,
        wrong_phase: Callable[[S, object], str] | None = None,
        state_type: type[Any] | None = None,
        not_a_state: Callable[[object], str] | None = None,
    ) -> None:
        if phases:
            every = set(type(next(iter(phases))))
            missing = sorted(str(p) for p in every - set(doing))
            if missing:
                raise ValueError(f"Say what to do in every phase: {missing[0]} is missing.")
        self.game_title = game_title
        self.doing: Mapping[P, str] = dict(doing)
        self._phase_of = phase_of
        self._unknown_move = unknown_move
        self._wrong_phase = wrong_phase
        self._state_type = state_type
        self._not_a_state = not_a_state
        self._by_type: dict[type[Any], dict[P, Handler[S]]] = {}
        for phase, handlers in phases.items():
            for kind, handler in handlers.items():
                self._by_type.setdefault(kind, {})[phase] = handler

    @property
    def move_types(self) -> frozenset[type[Any]]:
        """Every type of move this game knows."""
        return frozenset(self._by_type)

    def allows(self, phase: P, kind: type[Any]) -> bool:
        """True when moves of type ``kind`` may be made in ``phase``."""
        return phase in self._by_type.get(kind, {})

    def refusal(self, state: S, move: object) -> str | None:
        """Why ``move`` cannot be made in ``state`` by its kind and the phase, or ``None`` when
        this table has a handler for it (which may still refuse it)."""
        kinds = self._by_type.get(type(move))
        if kinds is None:
            if self._unknown_move is not None:
                return self._unknown_move(move)
            title = self.game_title
            return f"{describe(move)} is not {article(title)} {title} move."
        phase = self._phase_of(state)
        if phase in kinds:
            return None
        if self._wrong_phase is not None:
            return self._wrong_phase(state, move)
        return f"You cannot {describe(move)} now: it is time to {self.doing[phase]}."

    def checked(self, state: object) -> S:
        """``state``, when it is one of this game's states (any value without a ``state_type``);
        otherwise ``ValueError`` with a sentence ("This is not an Ace Pilot state but None.")."""
        if self._state_type is not None and not isinstance(state, self._state_type):
            if self._not_a_state is not None:
                raise ValueError(self._not_a_state(state))
            title = self.game_title
            raise ValueError(f"This is not {article(title)} {title} state but {what_kind(state)}.")
        return state  # type: ignore[return-value]

    def step(self, state: S, move: object) -> Step[S]:
        """The state after ``move`` and the events its handler reported.

        Raises :class:`IllegalMove` for a move of another kind or of the wrong phase (and
        whatever the handler refuses); ``state`` never changes.
        """
        self.checked(state)
        kinds = self._by_type.get(type(move))
        handler = None if kinds is None else kinds.get(self._phase_of(state))
        if handler is None:
            reason = self.refusal(state, move)
            raise IllegalMove(reason or "That move cannot be made now.")
        events: list[Event] = []
        new = handler(state, move, events)
        return Step(new, tuple(events))

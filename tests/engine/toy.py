"""A two-seat toy game on the shared engine pieces: take 1 or 2 from a pile; who takes the last
counter wins. Small enough to check the pieces by hand."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from acelab.engine import (
    Event,
    Game,
    IllegalMove,
    LazyMoves,
    Move,
    MoveTable,
    Outcome,
    Step,
    check_seed,
    replace_fast,
    serializable,
)


@serializable
class Phase(Enum):
    TAKE = "take"
    OVER = "over"


@dataclass(frozen=True)
class Take(Move):
    count: int


@dataclass(frozen=True)
class Resign(Move):
    pass


@dataclass(frozen=True)
class Taken(Event):
    seat: int
    count: int


@serializable
@dataclass(frozen=True)
class PileState:
    pile: int
    seat: int
    phase: Phase
    outcome: Outcome | None = None


class Takes(LazyMoves[Move]):
    """Take 1 up to 2 (never more than the pile), then resigning."""

    def __init__(self, pile: int) -> None:
        self.pile = pile
        self.counted = 0

    def _count(self) -> int:
        self.counted += 1
        return min(2, self.pile) + 1

    def _build(self, index: int) -> Move:
        return Resign() if index == len(self) - 1 else Take(index + 1)


def _take(state: PileState, move: Take, events: list[Event]) -> PileState:
    if type(move.count) is not int or not 1 <= move.count <= min(2, state.pile):
        raise IllegalMove(f"Take 1 or 2 counters, at most the {state.pile} left.")
    events.append(Taken(state.seat, move.count))
    pile = state.pile - move.count
    if pile == 0:
        return replace_fast(state, pile=0, phase=Phase.OVER, outcome=Outcome((state.seat,), "won"))
    return replace_fast(state, pile=pile, seat=1 - state.seat)


def _resign(state: PileState, move: Resign, events: list[Event]) -> PileState:
    return replace_fast(state, phase=Phase.OVER, outcome=Outcome((1 - state.seat,), "resigned"))


TABLE: MoveTable[PileState, Phase] = MoveTable(
    "Pile",
    {Phase.TAKE: {Take: _take, Resign: _resign}},
    {Phase.TAKE: "take 1 or 2 counters", Phase.OVER: "nothing: the game is over"},
    state_type=PileState,
)


class Pile(Game[PileState, Move]):
    name = "pile"

    def new_state(self, seed: int | str, **options: Any) -> PileState:
        size = 5 + random.Random(check_seed(seed)).randrange(10)
        return PileState(size, 0, Phase.TAKE)

    def to_move(self, state: PileState) -> int | None:
        return None if state.phase is Phase.OVER else state.seat

    def legal_moves(self, state: PileState) -> Sequence[Move]:
        return [] if state.phase is Phase.OVER else Takes(state.pile)

    def step(self, state: PileState, move: Move) -> Step[PileState]:
        return TABLE.step(state, move)

    def is_over(self, state: PileState) -> bool:
        return state.phase is Phase.OVER

    def outcome(self, state: PileState) -> Outcome | None:
        return state.outcome


def take_most(view: object, moves: Sequence[Move], rng: random.Random) -> Move:
    """Takes as many as it may."""
    return max((m for m in moves if isinstance(m, Take)), key=lambda m: m.count)


def take_any(view: object, moves: Sequence[Move], rng: random.Random) -> Move:
    """Takes at random, never resigns."""
    return rng.choice([m for m in moves if isinstance(m, Take)])

"""The legal moves of a duel, listed lazily: the Hands (every set of cards that may be played),
then every Discard and Draw, Renew, and the usable benefits. A bot that picks one move does not
pay for building all of them (a hand of 8 has 255 ways to Discard and Draw)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Final

from acelab.ace_of_spades.actions import MOVES
from acelab.ace_of_spades.in_force import modifiers
from acelab.ace_of_spades.moves import (
    DiscardDraw,
    PlayHand,
    Renew,
    SpadesMove,
    UseBenefit,
    in_card_order,
)
from acelab.ace_of_spades.scoring import holds, scoring_subsets
from acelab.ace_of_spades.state import HAND_CARDS, SpadesState
from acelab.engine import IllegalMove, LazyMoves, replace_fast
from acelab.engine.cards import Card

__all__ = ["DuelMoves", "stuck"]

_PLAY: Final = PlayHand(())
_DISCARD: Final = DiscardDraw(())
_BENEFIT: Final = UseBenefit("")


def _usable(state: SpadesState, ident: str) -> bool:
    """Whether the unused benefit of beaten Henchman ``ident`` can be used now."""
    enemy = next(e for e in state.enemies if e.id == ident)
    kinds = {e.kind for e in enemy.benefit}
    if kinds & {"search_discard", "free_renew"} and not state.discard:
        return False
    return not ("free_redraw" in kinds and not state.own)


def stuck(state: SpadesState) -> bool:
    """True when the player to move has no card and no way to get one."""
    if state.available:
        return False
    if state.discard and state.discards_dial > 0:
        return False
    return not any(_usable(state, ident) for ident in state.benefits)


def _legal_hands(state: SpadesState) -> Iterator[tuple[Card, ...]]:
    available = in_card_order(state.available)
    if not available:
        return
    mods = modifiers(state)
    needed = min(HAND_CARDS, len(available))
    if state.discards_dial == 0 and not holds(available, mods):
        yield from itertools.combinations(available, needed)  # only Poor Hands
        return
    sizes = range(1, needed + 1) if state.difficulty == "easy" else (needed,)
    for indices in scoring_subsets(available, sizes, mods):
        yield tuple(available[i] for i in indices)


class _Segments:
    """Moves listed as runs: every non-empty subset of some cards (by bit mask), or one move."""

    def __init__(self) -> None:
        self.runs: list[tuple[int, SpadesMove | tuple[tuple[Card, ...], _Build]]] = []
        self.size = 0

    def subsets(self, cards: tuple[Card, ...], build: _Build) -> None:
        count = (1 << len(cards)) - 1
        if count > 0:
            self.runs.append((count, (cards, build)))
            self.size += count

    def single(self, move: SpadesMove) -> None:
        self.runs.append((1, move))
        self.size += 1

    def at(self, index: int) -> SpadesMove:
        for count, run in self.runs:
            if index < count:
                if isinstance(run, SpadesMove):
                    return run
                cards, build = run
                mask = index + 1
                return build(tuple(c for bit, c in enumerate(cards) if mask >> bit & 1))
            index -= count
        raise IndexError("There is no legal move with that number.")


_Build = Callable[[tuple[Card, ...]], SpadesMove]


def _discard(cards: tuple[Card, ...]) -> SpadesMove:
    move: SpadesMove = replace_fast(_DISCARD, cards=cards)
    return move


def _redraw(ident: str) -> _Build:
    """The benefit of Henchman ``ident`` that throws away the cards it is given."""

    def build(cards: tuple[Card, ...]) -> SpadesMove:
        move: SpadesMove = replace_fast(_BENEFIT, enemy=ident, cards=cards)
        return move

    return build


def _other_moves(state: SpadesState) -> _Segments:
    runs = _Segments()
    if state.discards_dial > 0:
        runs.subsets(in_card_order(state.available), _discard)
        if state.discard:
            runs.single(Renew())
    for ident in state.benefits:
        if not _usable(state, ident):
            continue
        enemy = next(e for e in state.enemies if e.id == ident)
        if any(e.kind == "free_redraw" for e in enemy.benefit):
            runs.subsets(in_card_order(state.own), _redraw(ident))
        else:
            runs.single(UseBenefit(ident))
    return runs


class DuelMoves(LazyMoves[SpadesMove]):
    """The legal moves of a duel, built only as far as they are read: the Hands (card sets
    that may be played, as their strongest combination), then every Discard and Draw, Renew,
    and the usable benefits."""

    __slots__ = ("_hands", "_rest", "_state")

    def __init__(self, state: SpadesState) -> None:
        self._state = state
        self._hands: list[tuple[Card, ...]] | None = None
        self._rest: _Segments | None = None

    def _plays(self) -> list[tuple[Card, ...]]:
        if self._hands is None:
            self._hands = list(_legal_hands(self._state))
        return self._hands

    def _others(self) -> _Segments:
        if self._rest is None:
            self._rest = _other_moves(self._state)
        return self._rest

    def _count(self) -> int:
        return len(self._plays()) + self._others().size

    def _build(self, index: int) -> SpadesMove:
        plays = self._plays()
        if index < len(plays):
            move: SpadesMove = replace_fast(_PLAY, cards=plays[index])
            return move
        return self._others().at(index - len(plays))

    def __contains__(self, move: object) -> bool:
        try:
            MOVES.step(self._state, move)
        except IllegalMove:
            return False
        return True

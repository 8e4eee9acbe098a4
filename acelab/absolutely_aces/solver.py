"""Perfect play in Absolutely Aces, solved exactly.

After the picks a round is a game of perfect information (hands are open). Its value — in
points, positive when it favours player 0 (the first hand dealt), negative for player 1 — is
found by *retrograde analysis* over the round's positions (:mod:`~acelab.absolutely_aces.position`),
which form a finite graph with cycles:

* a position where the mover cannot answer is an end: the other player scores;
* for each positive score ``t`` (highest first), the positions from which player 0 can force
  a score of at least ``t`` are those that reach such an end whatever player 1 does (an
  *attractor*, grown one threshold at a time); likewise for player 1 and negative scores;
* every other position is worth 0: neither player can force a win, and the round loops.

Why this handles the loop rule: a player who can force a score ``t > 0`` does so along moves
that always get closer to an end, so no position repeats; a player who can hold the value at 0
or better stays among positions worth at least 0, and a repetition then scores 0 — as good. So
a round's value from its start is this graph value. In the middle of a round the positions
already seen end the round at once if reached again (score 0), so :func:`round_value` and
:func:`best_moves` solve the graph with those positions made ends worth 0.

The secret pick is a 5×5 simultaneous game whose entries are the rounds' values:
:func:`deal_value` solves it exactly (:mod:`~acelab.absolutely_aces.matrix_game`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from acelab.absolutely_aces.card_set import CARDS, CardSet
from acelab.absolutely_aces.matrix_game import MatrixSolution, is_equilibrium, solve_matrix_game
from acelab.absolutely_aces.moves import AcesMove, Play, PlayPair
from acelab.absolutely_aces.position import (
    HAND_BITS,
    MOVER_BIT,
    OPENING_SHIFT,
    PAIR_BASE,
    PAIRS_SHIFT,
    RESERVE_SHIFT,
    Encoding,
    encoding,
)
from acelab.absolutely_aces.rules import AbsolutelyAces
from acelab.absolutely_aces.state import MAX_PAIRS, AcesState, AcesView, Phase

__all__ = [
    "DealValue",
    "RoundSolver",
    "best_moves",
    "deal_value",
    "move_values",
    "round_value",
    "solver_for",
]

Successors = tuple[tuple[int, int], ...]  # (move id, child position); move id: card or Pair


class RoundSolver:
    """Exact values of round positions for one card set, with a memo shared across calls.

    Values here are *for the player to move* (negamax): positive when the mover can force a
    score. :attr:`values` holds the graph value of every position solved so far, keyed
    without the mover bit (a position and its mirror share it); a graph value is the
    position's value at a round's start, and in any round whose earlier positions it cannot
    reach again.
    """

    def __init__(self, cards: CardSet = CARDS) -> None:
        self.cards = cards
        self.encoding: Encoding = encoding(cards)
        self.values: dict[int, int] = {}

    def successors(self, key: int) -> Successors:
        """Every move of position ``key`` with the position it leads to (empty: the mover
        cannot answer). The mover bit flips."""
        return _successors(self.encoding, key)

    def value(self, key: int) -> int:
        """The graph value of position ``key`` for its mover."""
        free = key & ~MOVER_BIT
        found = self.values.get(free)
        if found is None:
            self.values.update(self.solve([free]))
            found = self.values[free]
        return found

    def solve_many(self, keys: Iterable[int]) -> None:
        """Solve the graph values of ``keys`` (and all they reach) into :attr:`values`."""
        todo = [k & ~MOVER_BIT for k in keys if k & ~MOVER_BIT not in self.values]
        if todo:
            self.values.update(self.solve(todo))

    def solve(self, starts: Sequence[int], zero: frozenset[int] = frozenset()) -> dict[int, int]:
        """Retrograde analysis of every position reachable from ``starts``, values for the
        mover. Without ``zero`` the mover bit is dropped (graph values; positions already in
        :attr:`values` are used as ends worth their value). With ``zero``, keys keep the mover
        bit and the positions in ``zero`` end the round with 0 (seen before: the loop rule)."""
        keep = MOVER_BIT if zero else 0
        known = {} if zero else self.values
        # Pairs played only grow, so a position with more Pairs than any seen one cannot lead
        # back to a seen position: its graph value holds (and is memoised).
        floor = max((k >> PAIRS_SHIFT & 3 for k in zero), default=MAX_PAIRS)
        enc = self.encoding
        parents: dict[int, list[int]] = {}
        waiting: dict[int, int] = {}  # a position still open -> its moves not yet won by the other
        ends: dict[int, int] = {}
        stack = [k for k in starts if k not in zero]
        for key in stack:
            parents[key] = []
        while stack:
            key = stack.pop()
            if key in known:
                ends[key] = known[key]
                continue
            if key in zero:
                ends[key] = 0
                continue
            if key >> PAIRS_SHIFT & 3 > floor:
                ends[key] = self.value(key)
                continue
            moves = _successors(enc, key)
            if not moves:
                ends[key] = -enc.reserve_points(key >> RESERVE_SHIFT & 0xFF)
                continue
            waiting[key] = len(moves)
            for _, child in moves:
                child &= ~MOVER_BIT | keep
                up = parents.get(child)
                if up is None:
                    parents[child] = [key]
                    stack.append(child)
                else:
                    up.append(key)
        result = dict(ends)
        _attract(ends, parents, waiting, result)
        for key in waiting:
            result.setdefault(key, 0)
        return result


def _attract(
    ends: dict[int, int],
    parents: dict[int, list[int]],
    waiting: dict[int, int],
    result: dict[int, int],
) -> None:
    """For each score ``t`` (highest first) grow the positions where the mover can force at
    least ``t`` (a move into a lost one) and those where the mover loses at least ``t`` (every
    move into a won one); each position takes the first threshold that reaches it."""
    by_value: dict[int, list[int]] = {}
    for key, value in ends.items():
        by_value.setdefault(abs(value), []).append(key)
    won: set[int] = set()
    lost: set[int] = set()
    for threshold in sorted((t for t in by_value if t), reverse=True):
        queue = []
        for key in by_value[threshold]:
            (won if ends[key] > 0 else lost).add(key)
            queue.append(key)
        while queue:
            child = queue.pop()
            if child in lost:
                for parent in parents[child]:
                    if parent not in won and parent not in lost:
                        won.add(parent)
                        result[parent] = threshold
                        queue.append(parent)
            else:
                for parent in parents[child]:
                    if parent in won or parent in lost:
                        continue
                    waiting[parent] -= 1
                    if not waiting[parent]:
                        lost.add(parent)
                        result[parent] = -threshold
                        queue.append(parent)


def _successors(enc: Encoding, key: int) -> Successors:
    hand = key & HAND_BITS
    other = key >> 16 & HAND_BITS
    reserve = key >> RESERVE_SHIFT & 0xFF
    pairs = key >> PAIRS_SHIFT & 3
    if reserve >= PAIR_BASE:
        kind, back = reserve - PAIR_BASE, 0
    else:
        kind, back = enc.card_type[reserve - 1], 1 << (reserve - 1)
    plays = hand if key >> OPENING_SHIFT & 1 else hand & enc.blocker_mask[kind]
    rest = other | (pairs << PAIRS_SHIFT) | ((key & MOVER_BIT) ^ MOVER_BIT)
    found: list[tuple[int, int]] = []
    index = 0
    while plays:
        if plays & 1:
            after = (hand & ~(1 << index) | back) << 16
            found.append((index, rest | after | (index + 1) << RESERVE_SHIFT))
        plays >>= 1
        index += 1
    if pairs < MAX_PAIRS:
        for kind_index, mask in enumerate(enc.pair_mask):
            if mask and hand & mask == mask:
                move = PAIR_BASE + kind_index
                after = (hand & ~mask | back) << 16
                found.append((move, rest + (1 << PAIRS_SHIFT) | after | move << RESERVE_SHIFT))
    return tuple(found)


_SOLVERS: dict[CardSet, RoundSolver] = {}


def solver_for(cards: CardSet = CARDS) -> RoundSolver:
    """The shared solver of a card set (its memo grows as positions are solved)."""
    if cards not in _SOLVERS:
        _SOLVERS[cards] = RoundSolver(cards)
    return _SOLVERS[cards]


Position = AcesState | AcesView
"""A state in play, or a player's view of it (hands are open, so both hold the position)."""


def _game(game: object) -> AbsolutelyAces:
    if game is None:
        return AbsolutelyAces()
    if not isinstance(game, AbsolutelyAces):
        raise ValueError("Give the game as an AbsolutelyAces() (or leave it out).")
    return game


def _playing(state: Position) -> None:
    if not isinstance(state, AcesState | AcesView):
        raise ValueError("Give a state of Absolutely Aces.")
    if state.phase is not Phase.PLAY:
        raise ValueError("The solver values a round after the picks, while it is being played.")


def _move(cards: CardSet, move_id: int) -> AcesMove:
    if move_id >= PAIR_BASE:
        return PlayPair(cards.types[move_id - PAIR_BASE])
    return Play(cards.codes[move_id])


def move_values(state: Position, game: AbsolutelyAces | None = None) -> dict[AcesMove, int]:
    """The exact value of every legal move of a state in play, in points, positive when it
    favours player 0: a move into a position already seen this round is worth 0 (under the
    loop rule), and any position seen before ends the round with 0 if it comes back."""
    game = _game(game)
    _playing(state)
    solver = solver_for(game.cards)
    key = game.position_key(state)
    moves = solver.successors(key)
    seen = frozenset(state.seen) if state.loop_rule else frozenset()
    if state.loop_rule:
        values = solver.solve([child for _, child in moves], seen | {key})
        child_values = [0 if child in seen else values[child] for _, child in moves]
    else:  # no loop rule: a round that never ends is worth 0, whatever came before
        solver.solve_many(child for _, child in moves)
        child_values = [solver.values[child & ~MOVER_BIT] for _, child in moves]
    sign = 1 if state.mover == 0 else -1  # child values are for the other player
    return {_move(game.cards, m): -sign * v for (m, _), v in zip(moves, child_values, strict=True)}


def round_value(state: Position, game: AbsolutelyAces | None = None) -> int:
    """The exact value of a round's position in play, in points: positive when it favours
    player 0 (the first hand given to ``round_from``), negative for player 1, 0 for a round
    that perfect play makes loop. A finished round is worth its result."""
    game = _game(game)
    if isinstance(state, AcesState | AcesView) and state.phase is Phase.OVER and state.results:
        last = state.results[-1]
        return 0 if last.winner is None else last.points * (1 if last.winner == 0 else -1)
    _playing(state)
    key = game.position_key(state)
    if not state.loop_rule or state.seen == (key,):
        # A round's first go (or no loop rule): the graph value, memoised across calls.
        value = solver_for(game.cards).value(key)
        return value if state.mover == 0 else -value
    values = move_values(state, game).values()
    return max(values) if state.mover == 0 else min(values)


def best_moves(state: Position, game: AbsolutelyAces | None = None) -> list[AcesMove]:
    """Every move that keeps the round's exact value for the player to move."""
    values = move_values(state, game)
    best = max(values.values()) if state.mover == 0 else min(values.values())
    return [move for move, value in values.items() if value == best]


@dataclass(frozen=True)
class DealValue:
    """A deal solved: ``value`` (positive favours player 0) with both players picking
    optimally; ``picks`` the optimal mixed picks of players 0 and 1 (card code → probability);
    ``matrix[i][j]`` the round's value when player 0 picks ``hands[0][i]`` and player 1 picks
    ``hands[1][j]``."""

    hands: tuple[tuple[str, ...], tuple[str, ...]]
    value: Fraction
    picks: tuple[dict[str, Fraction], dict[str, Fraction]]
    matrix: tuple[tuple[int, ...], ...]

    @property
    def certified(self) -> bool:
        """True when neither player gains by deviating from ``picks`` (checked exactly)."""
        solution = MatrixSolution(
            self.value,
            tuple(self.picks[0][c] for c in self.hands[0]),
            tuple(self.picks[1][c] for c in self.hands[1]),
        )
        return is_equilibrium(self.matrix, solution)


def pick_matrix(
    hands: tuple[tuple[str, ...], tuple[str, ...]], solver: RoundSolver
) -> tuple[tuple[int, ...], ...]:
    """The round values for every pair of picks (rows: player 0's cards, in hand order)."""
    enc = solver.encoding
    number = {c.code: c.number for c in solver.cards.cards}
    keys, signs = [], []
    for a in hands[0]:
        for b in hands[1]:
            first = 0 if number[a] > number[b] else 1
            low = b if first == 0 else a
            after = (tuple(c for c in hands[0] if c != a), tuple(c for c in hands[1] if c != b))
            keys.append(enc.key(after, (low,), 0, first, True) & ~MOVER_BIT)
            signs.append(1 if first == 0 else -1)
    solver.solve_many(keys)
    values = [solver.values[k] * sign for k, sign in zip(keys, signs, strict=True)]
    width = len(hands[1])
    return tuple(tuple(values[i * width : (i + 1) * width]) for i in range(len(hands[0])))


def deal_value(
    hands: Sequence[str | Sequence[str]], game: AbsolutelyAces | None = None
) -> DealValue:
    """The exact value of a deal (two hands of five, as for ``round_from`` but before the
    picks) with both players picking and playing perfectly, and the optimal mixed picks."""
    game = _game(game)
    parsed = game.read_hands(hands)
    matrix = pick_matrix(parsed, solver_for(game.cards))
    solution = solve_matrix_game(matrix)
    picks = (
        dict(zip(parsed[0], solution.rows, strict=True)),
        dict(zip(parsed[1], solution.columns, strict=True)),
    )
    return DealValue(parsed, solution.value, picks, matrix)

"""Game trees of small end positions of Absolutely Aces, worked backwards by hand.

:func:`game_tree` grows the whole tree below a small position (at most 7 ends) with every end's
value for You (player 0); :func:`position` gives the lesson's seeded positions, found among real
rounds by :func:`search_position` and kept in :data:`POSITIONS`. A value is in points,
positive when it favours You.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

from acelab.absolutely_aces.deals import deal_table
from acelab.absolutely_aces.moves import AcesMove, Play, PlayPair
from acelab.absolutely_aces.rules import AbsolutelyAces
from acelab.absolutely_aces.state import AcesState
from acelab.engine.cards import random_index
from acelab.teaching.exercises import seeded

__all__ = [
    "NAMES",
    "POSITIONS",
    "WORKED_POSITION",
    "WORKED_SEED",
    "Node",
    "Tree",
    "backed_up",
    "best_moves",
    "count_positions",
    "ends",
    "game_tree",
    "position",
    "search_position",
    "tree_lists",
    "tree_value",
]

NAMES: Final = ("You", "Bot")
WORKED_SEED: Final = "worked example"
"""The seed of the worked example's position (the exercises use the lesson's seed)."""
_GAME: Final = AbsolutelyAces()
_MAX_ENDS: Final = 7
_MAX_DEPTH: Final = 4

Tree = int | list["Tree"]


def _index(seed: int | str, what: str, n: int) -> int:
    return random_index(seeded(seed, "absolutely aces trees lesson", what), n)


@dataclass(frozen=True)
class Node:
    """A position of the tree: ``move`` led to it (None at the top), ``mover`` is to play,
    ``value`` is its exact value for You, ``children`` are its moves (none at an end), and
    ``end`` says how an end came about."""

    move: AcesMove | None
    mover: int
    value: int
    children: tuple[Node, ...]
    end: str = ""


class _TooBig(Exception):
    pass


def _grow(state: AcesState, move: AcesMove | None, budget: list[int], depth: int) -> Node:
    result = _GAME.round_result(state)
    if result is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooBig
        winner, points = result
        if winner is None:
            return Node(move, state.mover, 0, (), "the position comes back: no score")
        value = points if winner == 0 else -points
        loser = NAMES[1 - winner]
        return Node(
            move,
            state.mover,
            value,
            (),
            f"{loser} cannot answer: {NAMES[winner]} {'win' if winner == 0 else 'wins'} {points}",
        )
    if depth >= _MAX_DEPTH:
        raise _TooBig
    kids = tuple(
        _grow(_GAME.step(state, m).state, m, budget, depth + 1) for m in _GAME.legal_moves(state)
    )
    values = [k.value for k in kids]
    best = max(values) if state.mover == 0 else min(values)
    return Node(move, state.mover, best, kids)


def game_tree(state: AcesState) -> Node:
    """The whole tree below a round's position (small positions only: at most 7 ends)."""
    return _grow(state, None, [_MAX_ENDS], 0)


def ends(node: Node) -> list[int]:
    """The values of the ends below ``node``, left to right."""
    if not node.children:
        return [node.value]
    return [v for k in node.children for v in ends(k)]


def count_positions(node: Node) -> int:
    """How many positions the tree below ``node`` holds, ``node`` and its ends included."""
    return 1 + sum(count_positions(k) for k in node.children)


def _well_posed(tree: Node) -> bool:
    finals = ends(tree)
    both_choose = any(
        len(n.children) >= 2 and n.mover == who for who in (0, 1) for n in _nodes(tree)
    )
    return (
        3 <= len(finals) <= _MAX_ENDS
        and len(tree.children) >= 2
        and both_choose
        and tree.value not in (max(finals), min(finals))
    )


def _nodes(node: Node) -> list[Node]:
    return [node, *(n for k in node.children for n in _nodes(k))]


def search_position(seed: int | str) -> tuple[tuple[str, str], tuple[str, str], tuple[str, ...]]:
    """Find a small end position of a real round, seeded: a deal of the table, seeded picks and
    seeded moves, stopped where the tree has 3 to 7 ends, both players have a real choice and
    working backwards gives neither the best nor the worst end. Returns the hands, the picks
    and the moves (as text) that reach it; :data:`POSITIONS` holds 40 of them."""
    rng = seeded(seed, "absolutely aces trees lesson", "position")
    rows = deal_table()
    while True:
        row = rows[random_index(rng, len(rows))]
        picks = (row.hands[0][random_index(rng, 5)], row.hands[1][random_index(rng, 5)])
        state = _GAME.round_from(row.hands, picks)
        played: list[str] = []
        while _GAME.round_result(state) is None:
            if len(state.hands[0]) + len(state.hands[1]) <= 8:
                try:
                    if _well_posed(game_tree(state)):
                        hands = (" ".join(row.hands[0]), " ".join(row.hands[1]))
                        return hands, picks, tuple(played)
                except _TooBig:
                    pass
            moves = _GAME.legal_moves(state)
            move = moves[random_index(rng, len(moves))]
            played.append(move.card if isinstance(move, Play) else f"Pair {move.type}")  # type: ignore[attr-defined]
            state = _GAME.step(state, move).state


def _reach(hands: tuple[str, str], picks: tuple[str, str], moves: tuple[str, ...]) -> AcesState:
    state = _GAME.round_from(hands, picks)
    for text in moves:
        move: AcesMove = PlayPair(text[5:]) if text.startswith("Pair ") else Play(text)
        state = _GAME.step(state, move).state
    return state


WORKED_POSITION: Final = (
    ("H2 H4 S5 H8 S9", "S3 H6 S7 H10 H12"),
    ("S9", "S7"),
    ("H2", "H6", "S7", "Pair Scissors"),
)
POSITIONS: Final = (
    (("H2 H4 S7 H10 S11", "S3 S5 H6 H8 S9"), ("H4", "S9"), ("S3", "S7", "H6", "Pair Scissors")),
    (("H2 S3 S7 S9 H10", "H4 S5 H6 H8 S11"), ("S7", "H8"), ("S11", "H2", "Pair Climb")),
    (("H6 S7 H10 S11 H12", "H2 S3 H4 S5 H8"), ("H10", "H4"), ("S11", "S5")),
    (("H2 H6 H8 H10 H12", "S3 H4 S7 S9 S11"), ("H6", "H4"), ("Pair Roll",)),
    (("S3 S5 H6 S7 H12", "H2 H4 S9 H10 S11"), ("S3", "S9"), ("H4",)),
    (("H6 H8 S9 H10 H12", "S3 H4 S5 S7 S11"), ("S9", "S7"), ("H12", "S11")),
    (
        ("S3 H4 S7 H10 H12", "S1 S5 H8 S9 S11"),
        ("H12", "S11"),
        (
            "H10",
            "S1",
            "S11",
            "S5",
            "S1",
            "S11",
            "S3",
            "S1",
            "S5",
            "Pair Roll",
            "S1",
            "S3",
            "S7",
            "S1",
            "S11",
            "S5",
            "S1",
            "S11",
            "H4",
            "S1",
            "S3",
            "S7",
            "S1",
            "H4",
            "S5",
            "S1",
            "S11",
            "S3",
            "S1",
            "S5",
            "H4",
            "S1",
            "S5",
        ),
    ),
    (("H2 H4 H6 S7 S9", "S3 S5 H8 H10 H12"), ("H2", "H10"), ("S5",)),
    (
        ("H2 S3 S5 H6 H8", "S1 H4 S9 H10 S11"),
        ("S3", "S1"),
        ("H6", "H10", "H2", "H6", "Pair Roll", "H2", "S1", "H4", "S5", "S1", "H4"),
    ),
    (("H4 S5 S7 H8 H10", "H2 S3 H6 S11 H12"), ("S7", "H12"), ("H2",)),
    (("H2 H4 H6 S7 H12", "S3 S5 S9 H10 S11"), ("H2", "S9"), ("S5",)),
    (
        ("H2 S3 S5 H10 H12", "S1 H4 S7 H8 S11"),
        ("H12", "S11"),
        ("H10", "S1", "S3", "Pair Roll", "H2", "S7", "S1", "H4", "S5", "S1", "H4"),
    ),
    (("H6 H8 S9 H10 S11", "H2 S3 H4 S5 H12"), ("H6", "S3"), ("H10",)),
    (("H2 H8 S9 H10 S11", "S1 S3 H4 S5 H12"), ("S11", "H4"), ("S9", "S5", "Pair Roll")),
    (("H4 H6 S7 H8 S9", "H2 S5 H10 S11 H12"), ("H8", "H2"), ("S9", "S5", "Pair Climb")),
    (("H4 H6 S7 H8 S11", "H2 S3 S5 S9 H12"), ("H8", "S9"), ("S5",)),
    (("S3 S5 H6 S7 H12", "H2 H4 H8 H10 S11"), ("S3", "H10"), ("H4",)),
    (("H4 S5 H6 S7 H10", "S3 H8 S9 S11 H12"), ("H10", "H12"), ("H8",)),
    (("H2 S3 H10 S11 H12", "H4 S5 H6 S7 H8"), ("S11", "S7"), ("Pair Scissors",)),
    (("H2 S3 S7 S11 H12", "H4 S5 H6 H8 H10"), ("S11", "H10"), ("Pair Scissors",)),
    (("S3 H4 S5 H6 H8", "H2 S7 S9 H10 H12"), ("S3", "S9"), ("S7", "H6", "Pair Scissors")),
    (("H2 S3 H4 S7 H8", "S5 H6 H10 S11 H12"), ("S7", "H10"), ("H12", "H4")),
    (("S3 S5 H6 S7 H8", "H4 S9 H10 S11 H12"), ("H8", "H4"), ("Pair Climb",)),
    (("H2 H4 H6 S7 S11", "S3 H8 S9 H10 H12"), ("H6", "H12"), ("S9", "H4", "Pair Roll", "H2", "H6")),
    (
        ("H2 S5 H6 H8 H12", "S1 S3 H4 S9 H10"),
        ("H6", "S9"),
        (
            "H10",
            "H2",
            "S1",
            "H10",
            "H2",
            "S1",
            "H6",
            "H8",
            "S1",
            "H12",
            "S3",
            "S1",
            "H4",
            "S5",
            "S1",
            "S3",
            "Pair Roll",
            "S1",
            "S3",
            "H6",
            "S1",
            "H4",
            "S5",
            "S1",
            "H4",
        ),
    ),
    (("H4 H8 S9 S11 H12", "S3 S5 H6 S7 H10"), ("H4", "H10"), ("Pair Climb",)),
    (
        ("H2 S3 H4 H6 S11", "S1 S5 S7 S9 H12"),
        ("H4", "S5"),
        ("S9", "Pair Scissors", "S1", "H6", "S7", "S1", "H6"),
    ),
    (("H4 S7 H8 S9 S11", "H2 S5 H6 H10 H12"), ("H4", "H10"), ("H2", "S7")),
    (("H2 H4 S5 H6 S11", "S3 S7 H8 S9 H12"), ("S11", "H12"), ("S7", "Pair Break")),
    (
        ("H4 S7 S9 H10 S11", "H2 S3 H6 H8 H12"),
        ("S7", "H2"),
        ("H4", "H8", "H2", "H6", "H10", "S3", "H6", "H10"),
    ),
    (("S3 H4 S5 S7 S9", "H2 H6 H10 S11 H12"), ("S9", "H12"), ("H6", "Pair Break")),
    (
        ("H2 H4 H6 S11 H12", "S1 S7 H8 S9 H10"),
        ("H2", "S1"),
        ("H4", "H8", "S1", "H4", "H8", "S1", "S11", "Pair Roll", "S1", "S7", "H6", "S1", "S7"),
    ),
    (("H2 H4 H8 H10 H12", "S3 S5 H6 S7 S9"), ("H8", "S3"), ("H4",)),
    (("S3 H4 H10 S11 H12", "H2 S5 H6 S7 S9"), ("S11", "H2"), ("H4",)),
    (
        ("H2 H4 H8 H10 S11", "S1 S5 S7 S9 H12"),
        ("H2", "S5"),
        ("S1", "Pair Roll", "H2", "S1", "S9", "H4", "S1", "H2", "S7", "S1", "H2"),
    ),
    (("H2 S3 H8 H10 H12", "S5 H6 S7 S9 S11"), ("H12", "S5"), ("Pair Roll",)),
    (("S3 S5 H8 H10 S11", "H2 H4 H6 S7 S9"), ("H10", "H2"), ("S5",)),
    (("S3 H6 S7 S9 H12", "H4 S5 H8 H10 S11"), ("H12", "S11"), ("S3", "Pair Roll")),
    (("H2 S5 S9 H10 S11", "S3 H4 H6 S7 H12"), ("S5", "H12"), ("Pair Climb",)),
    (("S3 H6 S7 S11 H12", "H2 H4 S5 H8 H10"), ("S11", "H2"), ("S3",)),
)
"""Small end positions found by :func:`search_position` (seeds "pool 0" to "pool 39"): the
hands, the picks and the moves that reach each one."""


def position(seed: int | str = 1) -> AcesState:
    """The seeded small end position of the lesson (one of :data:`POSITIONS`)."""
    seeded(seed, "check")
    return _position(seed)


@functools.cache
def _position(seed: int | str) -> AcesState:
    if seed == WORKED_SEED:
        return _reach(*WORKED_POSITION)
    return _reach(*POSITIONS[_index(seed, "position", len(POSITIONS))])


def tree_value(seed: int | str = 1) -> int:
    """The worked-back value of the seeded position's tree (for You)."""
    return game_tree(position(seed)).value


def best_moves(state: AcesState) -> list[AcesMove]:
    """The moves of a small position that keep its worked-back value."""
    tree = game_tree(state)
    return [k.move for k in tree.children if k.value == tree.value and k.move is not None]


def tree_lists(seed: int | str = 1) -> Tree:
    """The seeded position's tree as nested lists: an end is its value, a position the list
    of what its moves lead to."""

    def lists(node: Node) -> Tree:
        return node.value if not node.children else [lists(k) for k in node.children]

    return lists(game_tree(position(seed)))


def backed_up(tree: Tree, you_to_play: bool) -> int:
    """Work a nested-list tree backwards: You take the biggest value, Bot the smallest."""
    if isinstance(tree, int):
        return tree
    values = [backed_up(t, not you_to_play) for t in tree]
    return max(values) if you_to_play else min(values)

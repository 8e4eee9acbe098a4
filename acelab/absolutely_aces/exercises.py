"""Exercises, trees and tables of the lesson on game trees in Absolutely Aces.

Every position comes from a real round (:meth:`AbsolutelyAces.round_from`, played on with
seeded moves) and every value is checked against the solver; every deal comes from the shipped
table of all 16,632 deals (:func:`acelab.absolutely_aces.deal_table`), never solved again here.
Every seeded question is well posed for every seed (the tests check the first 200), states its
precision and names the likely mistakes. Player 0 is **You**, player 1 is **Bot**; a value is
in points, positive when it favours You.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from acelab.absolutely_aces.deals import DealRow, deal_table
from acelab.absolutely_aces.rules import AbsolutelyAces, AcesMove, AcesState, Play, PlayPair
from acelab.absolutely_aces.solver import round_value
from acelab.answers import ChoiceQuestion, Mistake, NumberQuestion, Question, Verdict
from acelab.cards import random_index
from acelab.engine import derive_rng
from acelab.lessons import Shown, check_function, fraction_latex, percent, table

__all__ = [
    "NAMES",
    "POSITIONS",
    "WORKED_POSITION",
    "Node",
    "backed_up",
    "check_backed_up",
    "count_ends",
    "dominant_deal",
    "dominant_pick",
    "exercises",
    "fairness",
    "fairness_table",
    "game_tree",
    "how_often_table",
    "is_fair",
    "mixed_deal",
    "mixed_strategy",
    "mixing",
    "order_matters",
    "pick_table",
    "plenary",
    "position",
    "position_text",
    "search_position",
    "solver_says",
    "tree_lists",
    "tree_value",
    "tree_view",
    "two_by_two",
    "two_by_two_deal",
    "two_by_two_table",
    "value_bins",
]

NAMES: Final = ("You", "Bot")
WORKED_SEED: Final = "worked example"
"""The seed of the worked example's position (the exercises use the lesson's seed)."""
_GAME: Final = AbsolutelyAces()
_MAX_ENDS: Final = 7
_MAX_DEPTH: Final = 4

Tree = int | list["Tree"]


def _rng(seed: int | str, what: str) -> random.Random:
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError("A seed is a whole number or a word, such as 3 or 'class 7B'.")
    return derive_rng(seed, "absolutely aces trees lesson", what)


def _index(seed: int | str, what: str, n: int) -> int:
    return random_index(_rng(seed, what), n)


def _label(code: str) -> str:
    return _GAME.label(code)


def _signed(value: int | Fraction) -> str:
    value = Fraction(value)
    text = str(value.numerator) if value.denominator == 1 else f"{value}"
    return f"+{text}" if value > 0 else text.replace("-", "−")


def _distinct(question: NumberQuestion, mistakes: Sequence[Mistake]) -> tuple[Mistake, ...]:
    """The mistakes a learner can tell apart from the answer and from each other."""
    kept: list[Mistake] = []
    for mistake in mistakes:
        probes = [question.value, *(m.value for m in kept)]
        if any(
            NumberQuestion("x", "", p, places=question.places, percent=question.percent)
            .check(f"{mistake.value.numerator}/{mistake.value.denominator}")
            .correct
            for p in probes
        ):
            continue
        kept.append(mistake)
    return tuple(kept)


def _number(
    id: str,
    text: str,
    value: Fraction | int,
    mistakes: Sequence[Mistake],
    hints: tuple[str, ...],
    places: int | None = None,
    percent_: bool = False,
) -> NumberQuestion:
    bare = NumberQuestion(id, text, Fraction(value), places=places, percent=percent_)
    return NumberQuestion(
        id,
        text,
        Fraction(value),
        places=places,
        percent=percent_,
        mistakes=_distinct(bare, mistakes),
        hints=hints,
    )


# -- 1. a position as a tree ------------------------------------------------------------------


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


def _ends(node: Node) -> list[int]:
    if not node.children:
        return [node.value]
    return [v for k in node.children for v in _ends(k)]


def _count(node: Node) -> int:
    return 1 + sum(_count(k) for k in node.children)


def _well_posed(tree: Node) -> bool:
    ends = _ends(tree)
    both_choose = any(
        len(n.children) >= 2 and n.mover == who for who in (0, 1) for n in _nodes(tree)
    )
    return (
        3 <= len(ends) <= _MAX_ENDS
        and len(tree.children) >= 2
        and both_choose
        and tree.value not in (max(ends), min(ends))
    )


def _nodes(node: Node) -> list[Node]:
    return [node, *(n for k in node.children for n in _nodes(k))]


def search_position(seed: int | str) -> tuple[tuple[str, str], tuple[str, str], tuple[str, ...]]:
    """Find a small end position of a real round, seeded: a deal of the table, seeded picks and
    seeded moves, stopped where the tree has 3 to 7 ends, both players have a real choice and
    working backwards gives neither the best nor the worst end. Returns the hands, the picks
    and the moves (as text) that reach it; :data:`POSITIONS` holds 40 of them."""
    rng = _rng(seed, "position")
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
    _rng(seed, "check")
    return _position(seed)


@functools.cache
def _position(seed: int | str) -> AcesState:
    if seed == WORKED_SEED:
        return _reach(*WORKED_POSITION)
    return _reach(*POSITIONS[_index(seed, "position", len(POSITIONS))])


def _plural(kind: str) -> str:
    return kind if kind.endswith("s") else kind + "s"


def _move_text(mover: int, move: AcesMove) -> str:
    verb = "play" if mover == 0 else "plays"
    if isinstance(move, PlayPair):
        return f"{NAMES[mover]} {verb} a Pair of {_plural(move.type)}"
    assert isinstance(move, Play)
    return f"{NAMES[mover]} {verb} {_label(move.card)}"


def position_text(state: AcesState) -> str:
    """The position in words: both hands, who is to play and what they must answer."""
    hands = [", ".join(_label(c) for c in hand) or "nothing" for hand in state.hands]
    answer = _GAME.to_answer(state)
    must = (
        "any card (the round's first go)"
        if not answer
        else ("a Pair of " + _plural(_GAME.card(answer[0]).type))
        if len(answer) == 2
        else _label(answer[0])
    )
    return (
        f"Your hand: {hands[0]}. Bot's hand: {hands[1]}. "
        f"{NAMES[state.mover]} {'are' if state.mover == 0 else 'is'} to play "
        f"and must answer {must}."
    )


def _lines(node: Node, depth: int, values: bool) -> list[str]:
    lines = []
    for kid in node.children:
        text = _move_text(node.mover, kid.move) if kid.move is not None else ""
        if not kid.children:
            text += f" → {kid.end} (**{_signed(kid.value)}**)"
        elif values:
            text += f" → value **{_signed(kid.value)}**"
        lines.append("  " * depth + "- " + text)
        lines.extend(_lines(kid, depth + 1, values))
    return lines


def tree_view(state: AcesState, values: bool = False) -> Shown:
    """The tree of a small position as an indented list: every move, and at each end its
    value for You; with ``values``, the worked-back value of every position too."""
    tree = game_tree(state)
    top = f"**{NAMES[tree.mover]} to play.** {position_text(state)}"
    if values:
        top += f" Value: **{_signed(tree.value)}**"
    return Shown("\n".join([top, "", *_lines(tree, 0, values)]))


def tree_value(seed: int | str = 1) -> int:
    """The worked-back value of the seeded position's tree (for You)."""
    return game_tree(position(seed)).value


def solver_says(seed: int | str = WORKED_SEED) -> Shown:
    """What the solver says about the seeded position: its exact value, and the best moves."""
    state = position(seed)
    value = round_value(state)
    best = [_move_text(state.mover, m) for m in _best(state)]
    return Shown(
        f"The solver: value **{_signed(value)}** for You; best: {' or '.join(best)}. "
        f"Worked backwards by hand: **{_signed(tree_value(seed))}**."
    )


def _best(state: AcesState) -> list[AcesMove]:
    tree = game_tree(state)
    return [k.move for k in tree.children if k.value == tree.value and k.move is not None]


def count_ends(seed: int | str = 1) -> NumberQuestion:
    """How many ends the seeded tree has (reading a tree)."""
    tree = game_tree(position(seed))
    ends = len(_ends(tree))
    nodes = _count(tree)
    return _number(
        f"trees-ends-{seed}",
        "Look at the tree of the position above. How many different ways can the round end "
        "(how many ends does the tree have)?",
        ends,
        (
            Mistake(
                Fraction(len(tree.children)),
                "That is how many moves there are at the top. Follow each one to its ends.",
            ),
            Mistake(
                Fraction(nodes),
                "You counted every position. An end is a line where the round stops.",
            ),
            Mistake(
                Fraction(nodes - ends),
                "Those are the positions where someone still has to play. Count the ends.",
            ),
        ),
        (
            "An end is a line of the list with an arrow → and a score.",
            "Count the lines that end with a score in brackets.",
        ),
    )


def tree_question(seed: int | str = 1) -> NumberQuestion:
    """The value of the seeded position, worked backwards from the ends."""
    state = position(seed)
    tree = game_tree(state)
    ends = _ends(tree)
    return _number(
        f"trees-value-{seed}",
        "Work backwards from the ends of the same tree. You take the biggest value, Bot the "
        "smallest. What is the value of the position at the top? (Negative if Bot wins.)",
        tree.value,
        (
            Mistake(
                Fraction(max(ends)),
                "That is the best end for You, but Bot chooses too and will not help You. "
                "At Bot's positions take the smallest value.",
            ),
            Mistake(
                Fraction(min(ends)),
                "That is the worst end for You, but You choose too. At your positions take "
                "the biggest value.",
            ),
            Mistake(
                Fraction(sum(ends), len(ends)),
                "An average would mean the moves are chosen at random. Each player chooses "
                "their best move.",
            ),
            Mistake(
                -Fraction(tree.value),
                "Check the sign: values are for You, negative when Bot wins.",
            ),
        ),
        (
            "Start at the positions whose moves all lead to ends.",
            "Give each such position the value its player would choose: "
            "biggest for You, smallest for Bot. Then go one level up.",
        ),
    )


# -- 2. the secret pick -----------------------------------------------------------------------


def _maximin(row: DealRow) -> int:
    return max(min(r) for r in row.matrix)


def _minimax(row: DealRow) -> int:
    return min(max(r[j] for r in row.matrix) for j in range(5))


def _dominant(row: DealRow) -> int | None:
    """Your pick that is at least as good as every other pick against every Bot pick, and
    better than each other pick against some Bot pick (None if there is none)."""
    m = row.matrix
    for i in range(5):
        if all(
            k == i
            or (
                all(m[i][j] >= m[k][j] for j in range(5))
                and any(m[i][j] > m[k][j] for j in range(5))
            )
            for k in range(5)
        ):
            return i
    return None


@functools.cache
def _mixed_rows() -> tuple[DealRow, ...]:
    return tuple(r for r in deal_table() if r.mixed)


@functools.cache
def _both_mix_rows() -> tuple[DealRow, ...]:
    return tuple(r for r in deal_table() if len(r.picks[0]) > 1 and len(r.picks[1]) > 1)


@functools.cache
def _dominant_rows() -> tuple[DealRow, ...]:
    return tuple(r for r in deal_table() if _dominant(r) is not None)


@functools.cache
def _two_by_two_rows() -> tuple[DealRow, ...]:
    return tuple(r for r in _mixed_rows() if len(r.picks[0]) == 2 and len(r.picks[1]) == 2)


def mixed_deal(seed: int | str = 1) -> DealRow:
    """A seeded deal where both players must mix (the order of the picks matters)."""
    rows = _both_mix_rows()
    return rows[_index(seed, "mixed deal", len(rows))]


def dominant_deal(seed: int | str = 1) -> DealRow:
    """A seeded deal where one of your picks is simply best."""
    rows = _dominant_rows()
    return rows[_index(seed, "dominant deal", len(rows))]


def two_by_two_deal(seed: int | str = 1) -> DealRow:
    """A seeded deal where each player mixes exactly two cards."""
    rows = _two_by_two_rows()
    return rows[_index(seed, "two by two deal", len(rows))]


def pick_table(row: DealRow) -> Shown:
    """The deal's 25 round values (for You) for each pair of picks, as a table."""
    heads = ["You pick ↓  Bot picks →", *(_label(c) for c in row.hands[1])]
    body = [
        [f"**{_label(c)}**", *(_signed(v) for v in values)]
        for c, values in zip(row.hands[0], row.matrix, strict=True)
    ]
    return table(heads, body)


def order_matters(seed: int | str = 1) -> NumberQuestion:
    """If You had to show your pick first, what would the round be worth to You?"""
    row = mixed_deal(seed)
    m = row.matrix
    return _number(
        f"trees-order-{seed}",
        "Use the table of this deal. Suppose You had to show your pick first, and Bot then "
        "picked knowing it. With perfect play after the picks, what is the round worth to You? "
        "(Negative if Bot wins.)",
        _maximin(row),
        (
            Mistake(
                Fraction(_minimax(row)),
                "That is what You get when Bot must show first and You answer. Here You show "
                "first, so for each of your picks Bot takes the smallest value in that row.",
            ),
            Mistake(
                Fraction(max(max(r) for r in m)),
                "That is the biggest number in the table, but Bot answers your pick with its "
                "best reply: take the smallest value of each row first.",
            ),
            Mistake(
                Fraction(min(min(r) for r in m)),
                "That is the worst number in the table. You choose the row: pick the row "
                "whose smallest value is biggest.",
            ),
        ),
        (
            "For each of your picks (a row), Bot will choose the column that is worst for You.",
            "Write down the smallest value of each row, then choose the biggest of those.",
        ),
    )


def dominant_pick(seed: int | str = 1) -> ChoiceQuestion:
    """Which of your picks is simply best, whatever Bot picks?"""
    row = dominant_deal(seed)
    best = _dominant(row)
    assert best is not None
    m = row.matrix
    options = []
    for i, card in enumerate(row.hands[0]):
        if i == best:
            feedback = (
                f"Against every Bot pick, {_label(card)} does at least as well as any other "
                "pick: it is simply best, whatever Bot does."
            )
        else:
            j = max(range(5), key=lambda j: m[best][j] - m[i][j])
            feedback = (
                f"If Bot picks {_label(row.hands[1][j])}, {_label(card)} gives {_signed(m[i][j])} "
                f"but {_label(row.hands[0][best])} gives {_signed(m[best][j])}."
            )
        options.append((_label(card), feedback))
    return ChoiceQuestion(
        f"trees-dominant-{seed}",
        "In this deal one of your picks is simply best: against every pick of Bot it does at "
        "least as well as any other. Which card is it? (Type the letter.)",
        tuple(options),
        right=best,
    )


def mixing(seed: int | str = 1) -> ChoiceQuestion:
    """In the mixed deal: is there one pick You should always make?"""
    row = mixed_deal(seed)
    safe = row.hands[0][max(range(5), key=lambda i: min(row.matrix[i]))]
    top = max(row.hands[0], key=lambda c: _GAME.card(c).number)
    return ChoiceQuestion(
        f"trees-mixing-{seed}",
        "Back to the deal of the order question. Bot plays perfectly and learns your habits. "
        "Is there one card You should always pick?",
        (
            (
                f"Yes: {_label(safe)}, the pick whose worst result is best.",
                "That is the safe pick when Bot sees it first. Bot does not see it, and if You "
                "always pick it, Bot learns to answer it: mixing gets You more on average.",
            ),
            (
                f"Yes: {_label(top)}, your highest card, so that You go first.",
                "Going first is not always good: look at the values in that row.",
            ),
            (
                "No: whatever card You always pick, Bot has an answer to it. Like rock-paper-"
                "scissors, You should mix your picks at random.",
                "Mixing means Bot cannot prepare for your pick.",
            ),
            (
                "It does not matter: every pick gives the same.",
                "The rows of the table are different: your pick matters.",
            ),
        ),
        right=2,
    )


# -- 3. is this deal fair? ----------------------------------------------------------------------

_BINS: Final[tuple[tuple[str, Callable[[Fraction], bool]], ...]] = (
    ("Bot favoured by 5 points or more", lambda v: v <= -5),
    ("Bot favoured by less than 5", lambda v: -5 < v < 0),
    ("fair: value exactly 0", lambda v: v == 0),
    ("You favoured by less than 5", lambda v: 0 < v < 5),
    ("You favoured by 5 points or more", lambda v: v >= 5),
)


@functools.cache
def value_bins() -> tuple[int, ...]:
    """How many of the 16,632 deals fall in each band of value (for You)."""
    rows = deal_table()
    return tuple(sum(1 for r in rows if test(r.value)) for _, test in _BINS)


def fairness_table() -> Shown:
    """The table of all deals, by how much the deal favours You or Bot."""
    counts = value_bins()
    rows = [(name, f"{n:,}") for (name, _), n in zip(_BINS, counts, strict=True)]
    rows.append(("**all deals**", f"**{sum(counts):,}**"))
    return table(("the deal, with perfect play", "number of deals"), rows)


_ASKED: Final = (
    ("favour You", (3, 4)),
    ("favour Bot", (0, 1)),
    ("favour one player by 5 points or more", (0, 4)),
    ("are fair or favour a player by less than 5", (1, 2, 3)),
)


def fairness(seed: int | str = 1) -> NumberQuestion:
    """What share of all deals has a seeded property (from the table, by hand)."""
    words, bins = _ASKED[_index(seed, "fairness", len(_ASKED))]
    counts = value_bins()
    total = sum(counts)
    hits = sum(counts[b] for b in bins)
    value = Fraction(hits, total)
    mistakes = [
        Mistake(
            Fraction(counts[b], total),
            f"That is one row only. Add up every row of deals that {words}.",
        )
        for b in bins
    ]
    mistakes.append(
        Mistake(1 - value, f"That is the share of deals that do not {words.split(' or ')[0]}.")
    )
    if 2 not in bins:
        mistakes.append(
            Mistake(
                Fraction(hits, total - counts[2]),
                "Divide by all 16,632 deals, the fair ones too.",
            )
        )
    return _number(
        f"trees-fairness-{seed}",
        f"Use the table of all deals. What percentage of all deals {words}?",
        value,
        mistakes,
        (
            f"Add up the rows of deals that {words}.",
            "Divide by the number of all deals, 16,632, and multiply by 100.",
        ),
        places=1,
        percent_=True,
    )


def is_fair() -> ChoiceQuestion:
    """Is Absolutely Aces a fair game? (Explain in words.)"""
    counts = value_bins()
    you, bot = counts[3] + counts[4], counts[0] + counts[1]
    return ChoiceQuestion(
        "trees-is-fair",
        f"{you:,} deals favour You and {bot:,} favour Bot. What does this say about fairness?",
        (
            (
                "The game is fair before the deal, but most single deals are not fair.",
                "Swap the two hands of a deal and the value changes sign, so deals come in "
                "pairs. Yet only the fair row has value 0: most deals favour someone.",
            ),
            (
                "Every deal is fair, so luck does not matter.",
                f"Only {counts[2]:,} of the 16,632 deals are fair (value 0).",
            ),
            (
                "The first hand dealt is favoured.",
                "The two numbers are equal: neither hand is favoured over all deals.",
            ),
            (
                "The player who goes first always wins.",
                "Who goes first depends on the picks, and many deals favour the other player.",
            ),
        ),
        right=0,
    )


def plenary() -> ChoiceQuestion:
    """Why can a perfect bot still lose a round?"""
    return ChoiceQuestion(
        "trees-plenary",
        "Bot plays perfectly: it works backwards through every tree. Why can it still lose "
        "a round?",
        (
            (
                "It makes mistakes after the picks.",
                "After the picks the hands are open and Bot works the tree backwards exactly: "
                "it makes no mistakes there.",
            ),
            (
                "The deal can favour You, and in a mixed deal Bot's pick is a random draw.",
                "Perfect play gets the deal's value, and that can be a loss; a mixed pick can "
                "go either way in one round.",
            ),
            (
                "It cannot see your hand.",
                "Hands are open in Absolutely Aces: only the secret pick is hidden.",
            ),
        ),
        right=1,
    )


# -- Stretch: mixed strategies and a fill-in function -----------------------------------------


def _support(row: DealRow) -> tuple[list[int], list[int]]:
    return (
        [i for i, c in enumerate(row.hands[0]) if c in row.picks[0]],
        [j for j, c in enumerate(row.hands[1]) if c in row.picks[1]],
    )


def two_by_two_table(seed: int | str = 1) -> Shown:
    """The four round values of the two cards each player mixes in the seeded deal."""
    row = two_by_two_deal(seed)
    rows, cols = _support(row)
    heads = ["You pick ↓  Bot picks →", *(_label(row.hands[1][j]) for j in cols)]
    body = [
        [f"**{_label(row.hands[0][i])}**", *(_signed(row.matrix[i][j]) for j in cols)] for i in rows
    ]
    return table(heads, body)


def two_by_two(seed: int | str = 1) -> NumberQuestion:
    """The exact value of a seeded deal whose mixed picks use two cards each."""
    row = two_by_two_deal(seed)
    rows, cols = _support(row)
    a, b = (row.matrix[rows[0]][j] for j in cols)
    c, d = (row.matrix[rows[1]][j] for j in cols)
    return _number(
        f"trees-two-by-two-{seed}",
        "Use the 2 by 2 table and the formula (ad − bc) ÷ (a − b − c + d). What is the value "
        "of this deal for You, when both mix perfectly?",
        row.value,
        (
            Mistake(
                Fraction(a + b + c + d, 4),
                "The average of the four values would mean both pick each card half the time. "
                "Use the formula.",
            ),
            Mistake(
                Fraction(max(min(a, b), min(c, d))),
                "That is what You get when You must show your pick first. Mixing does better.",
            ),
            Mistake(
                Fraction(min(max(a, c), max(b, d))),
                "That is what You get when Bot must show its pick first.",
            ),
            Mistake(
                Fraction(a * d + b * c, a - b - c + d),
                "Subtract bc from ad on top: ad − bc.",
            ),
        ),
        (
            "a and b are the first row, c and d the second row.",
            f"Here a = {a}, b = {b}, c = {c} and d = {d}.",
        ),
        places=2,
    )


def mixed_strategy(seed: int | str = 1) -> Shown:
    """The seeded deal's optimal mixed picks and value, typeset as exact fractions."""
    row = two_by_two_deal(seed)

    def mix(who: int) -> str:
        return ",\\quad ".join(
            f"\\text{{{_label(c)}}}: {fraction_latex(p)}" for c, p in row.picks[who].items()
        )

    return Shown(
        f"$$\\text{{You}}\\quad {mix(0)}$$\n\n$$\\text{{Bot}}\\quad {mix(1)}$$\n\n"
        f"$$\\text{{value for You}} = {fraction_latex(row.value)} \\approx {float(row.value):.2f}$$"
    )


def how_often_table() -> Shown:
    """Over all deals: how often one pick is simply best for You, how often no single pick is
    safe (both must mix), and the rest."""
    rows = deal_table()
    mixed = len(_mixed_rows())
    dominant = len(_dominant_rows())
    total = len(rows)
    body = [
        ("You have a pick that is simply best", dominant),
        ("some fixed pick is safe for both (no mixing needed)", total - mixed),
        ("someone must mix, as in rock-paper-scissors", mixed),
        ("… of them, both must mix", len(_both_mix_rows())),
        ("… of them, each mixing exactly two cards", len(_two_by_two_rows())),
    ]
    return table(
        ("deals where", "number", "share of all 16,632"),
        [(w, f"{n:,}", percent(Fraction(n, total), 1)) for w, n in body],
    )


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


def _random_tree(rng: random.Random, depth: int) -> Tree:
    if depth == 0 or random_index(rng, 3) == 0:
        return random_index(rng, 23) - 11
    return [_random_tree(rng, depth - 1) for _ in range(1 + random_index(rng, 3))]


def check_backed_up(function: Callable[[Tree, bool], object]) -> Verdict:
    """Check a learner's ``backed_up`` on small trees, the lesson's trees and 200 random ones."""
    rng = _rng("check", "random trees")
    cases: list[tuple[tuple[object, ...], object]] = [
        ((7, True), 7),
        (([3, -7], True), 3),
        (([3, -7], False), -7),
        (([[2, 9], [-4, 11]], True), 2),
        (([[2, 9], [-4, 11]], False), 9),
    ]
    for seed in (WORKED_SEED, 1, 2):
        tree = tree_lists(seed)
        you = position(seed).mover == 0
        cases.append(((tree, you), tree_value(seed)))
    for _ in range(200):
        tree = _random_tree(rng, 4)
        cases.append(((tree, True), backed_up(tree, True)))
    return check_function("backed_up", function, cases)


def exercises(seed: int | str = 1) -> list[Question]:
    """Every exercise of the lesson, in order."""
    return [
        count_ends(seed),
        tree_question(seed),
        order_matters(seed),
        dominant_pick(seed),
        mixing(seed),
        fairness(seed),
        is_fair(),
        plenary(),
        two_by_two(seed),
    ]

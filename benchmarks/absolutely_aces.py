"""Absolutely Aces speed figures, side by side with plain searches, in one run.

* one round from its first go, solved exactly (median, cold: a fresh memo per round);
* one deal: 25 rounds plus the 5×5 matrix game (median, cold), and warm (memo kept);
* the perfect bot's decision (median);
* the same rounds by a plain recursive search (minimax over the engine's own states, the
  round's history kept in each state for the loop rule) — exponential: it visits every
  history, so on most rounds it does not finish; each is given a budget of positions, and
  the time it spent is a lower bound of what it needs;
* the same rounds by value iteration (an exact method independent of the solver).

Times are CPU seconds of this process (``time.process_time``): the machine is shared.

``tests/absolutely_aces/test_solver.py`` checks the solver against :func:`plain_value` and
:func:`iterated_value` from this file.

    .venv/bin/python benchmarks/absolutely_aces.py [--deals N] [--budget POSITIONS]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from acelab.absolutely_aces import CARDS, AbsolutelyAces, AcesState, Phase
from acelab.absolutely_aces.position import MOVER_SHIFT
from acelab.absolutely_aces.solver import RoundSolver
from acelab.engine import derive_rng
from acelab.engine.cards import shuffle_in_place

PLAIN_RECURSION_LIMIT = 100_000
"""The plain search recurses once per move of a round; it raises the limit only while it runs,
so importing this module (as the solver's tests do) changes nothing for anyone else."""


class OverBudget(Exception):
    """The plain search visited more positions than allowed."""


def result_value(game: AbsolutelyAces, state: AcesState) -> int:
    """A finished round's points, positive for player 0."""
    result = game.round_result(state)
    assert result is not None
    winner, points = result
    return 0 if winner is None else (points if winner == 0 else -points)


def plain_value(game: AbsolutelyAces, state: AcesState, budget: int = 10**9) -> int:
    """Plain minimax over engine states (the loop rule through the state's history)."""
    visited = 0

    def search(node: AcesState) -> int:
        nonlocal visited
        visited += 1
        if visited > budget:
            raise OverBudget
        if node.phase is Phase.OVER:
            return result_value(game, node)
        values = [search(game.apply(node, move)) for move in game.legal_moves(node)]
        return max(values) if node.mover == 0 else min(values)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, PLAIN_RECURSION_LIMIT))
    try:
        return search(state)
    finally:
        sys.setrecursionlimit(limit)


def iterated_value(game: AbsolutelyAces, state: AcesState) -> int:
    """The value of a state in play by value iteration over the positions it can reach, the
    positions already seen this round ending it with 0 (player 0 positive)."""
    solver = RoundSolver(game.cards)
    root = game.position_key(state)
    seen = set(state.seen)
    graph: dict[int, tuple[int, ...]] = {}
    ends: dict[int, int] = {}
    todo = [child for _, child in solver.successors(root)]
    for key in todo:
        if key in graph or key in ends:
            continue
        if key in seen:
            ends[key] = 0
            continue
        children = tuple(child for _, child in solver.successors(key))
        if not children:
            mover = key >> MOVER_SHIFT & 1
            points = solver.encoding.reserve_points(key >> 32 & 0xFF)
            ends[key] = points if mover == 1 else -points
            continue
        graph[key] = children
        todo.extend(children)
    values = dict.fromkeys(graph, 0) | ends
    while True:
        changed = False
        new = dict(values)
        for key, children in graph.items():
            pick = max if key >> MOVER_SHIFT & 1 == 0 else min
            value = pick(values[c] for c in children)
            if value != values[key]:
                new[key] = value
                changed = True
        values = new
        if not changed:
            break
    pick = max if state.mover == 0 else min
    return pick(values[child] for _, child in solver.successors(root))


def sample_deals(count: int, seed: str = "bench") -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """``count`` seeded random deals (two hands of five)."""
    deals = []
    for number in range(count):
        codes = list(CARDS.codes)
        shuffle_in_place(derive_rng(seed, number), codes)
        deals.append((tuple(codes[:5]), tuple(codes[5:10])))
    return deals


def timed(function: Callable[[], object]) -> float:
    """CPU seconds of ``function()`` (the machine's cores are shared, so wall time is noisy)."""
    start = time.process_time()
    function()
    return time.process_time() - start


def main() -> None:
    from acelab.absolutely_aces import bots, solver

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--budget", type=int, default=200_000)
    args = parser.parse_args()
    game = AbsolutelyAces()
    deals = sample_deals(args.deals)
    rounds = [game.round_from(deal, (a, b)) for deal in deals for a in deal[0] for b in deal[1]]

    def cold_round(state: AcesState) -> None:
        solver._SOLVERS.clear()
        solver.round_value(state, game)

    def cold_deal(deal: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
        solver._SOLVERS.clear()
        solver.deal_value(deal, game)

    round_times = [timed(lambda s=s: cold_round(s)) for s in rounds[:: max(1, len(rounds) // 100)]]
    deal_times = [timed(lambda d=d: cold_deal(d)) for d in deals]
    solver._SOLVERS.clear()
    warm = timed(lambda: [solver.deal_value(d, game) for d in deals]) / len(deals)
    print(f"{len(deals)} deals, {len(rounds)} rounds")
    print(
        f"one round from its first go, cold: median {statistics.median(round_times) * 1e3:.1f} ms"
    )
    deal_median = statistics.median(deal_times) * 1e3
    print(f"one deal (25 rounds + matrix game), cold: median {deal_median:.1f} ms")
    print(f"one deal, warm memo: mean {warm * 1e3:.1f} ms")

    decisions = []
    for state in rounds[:: max(1, len(rounds) // 50)]:
        view = game.observation(state, state.mover)
        moves = game.legal_moves(state)
        decisions.append(timed(lambda v=view, m=moves: bots.perfect_bot(v, m, derive_rng(0))))
    print(f"perfect bot decision: median {statistics.median(decisions) * 1e3:.1f} ms")

    # Plain search and value iteration on the rounds of the first deals, against the solver.
    sample = rounds[: 25 * min(4, len(deals))]
    solver._SOLVERS.clear()
    fast = timed(lambda: [solver.round_value(s, game) for s in sample])
    plain_total, finished = 0.0, 0
    for state in sample:
        start = time.process_time()
        try:
            assert plain_value(game, state, args.budget) == solver.round_value(state, game)
            finished += 1
        except OverBudget:
            pass
        plain_total += time.process_time() - start
    iterated = timed(lambda: [iterated_value(game, s) for s in sample])
    print(f"{len(sample)} rounds: solver {fast:.2f} s (cold memo)")
    print(
        f"  plain search: {finished}/{len(sample)} finished within {args.budget:,} positions; "
        f"{plain_total:.1f} s spent, so at least {plain_total / fast:.0f}x slower"
    )
    print(f"  value iteration: {iterated:.2f} s ({iterated / fast:.1f}x slower)")


if __name__ == "__main__":
    main()

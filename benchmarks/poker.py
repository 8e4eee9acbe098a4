"""Speed of acelab.poker beside phevaluator's C extension and treys, from one run.

Claims (issue 5): classify_batch on 7-card hands >= 2x phevaluator._pheval.evaluate_7cards
called once per hand and >= 50x treys; best_hand_counts(8) exact in < 5 s and (7) in < 2 s;
monte_carlo >= 5 million hands/s; peak memory < 1 GB.

    .venv/bin/python benchmarks/poker.py [--quick]

It also classifies all 752,538,150 eight-card hands one by one (about a minute) and checks that
the tally equals best_hand_counts(8): the independent brute-force count of issue 5, done once
here (the test suite checks samples). ``--quick`` skips that count.
"""

from __future__ import annotations

import resource
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from phevaluator._pheval import evaluate_7cards
from treys import Card as TreysCard
from treys import Evaluator

from acelab.engine.cards import card_from_id
from acelab.poker import (
    CATEGORIES,
    PUBLISHED_COUNTS,
    all_hands,
    best_hand_counts,
    classify_batch,
    monte_carlo,
    random_hands,
)


def timed(run: Callable[[], Any]) -> tuple[float, Any]:
    """Best wall time of three runs, and the last result."""
    best, result = float("inf"), None
    for _ in range(3):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def phevaluator_ids(ids: np.ndarray) -> list[list[int]]:
    """phevaluator numbers cards rank * 4 + suit with ranks 2..A as 0..12."""
    value = ids.astype(np.int64) // 4 + 1
    return (((value - 2) % 13) * 4 + ids % 4).tolist()


def treys_cards(ids: np.ndarray) -> list[list[int]]:
    names = {i: str(card_from_id(i)).replace("10", "T") for i in range(52)}
    return [[TreysCard.new(names[i][0] + names[i][1].lower()) for i in row] for row in ids.tolist()]


def main() -> None:
    hands = random_hands(1_000_000, 7, seed=7)
    t_ours, ours = timed(lambda: classify_batch(hands))
    rate_ours = len(hands) / t_ours

    few = hands[:300_000]
    phe_rows = phevaluator_ids(few)
    t_phe, _ = timed(lambda: [evaluate_7cards(*row) for row in phe_rows])
    rate_phe = len(few) / t_phe

    evaluator, treys_rows = Evaluator(), treys_cards(hands[:20_000])
    t_treys, _ = timed(lambda: [evaluator.evaluate(r[:2], r[2:]) for r in treys_rows])
    rate_treys = len(treys_rows) / t_treys

    t7, counts7 = timed(lambda: best_hand_counts(7))
    t8, counts8 = timed(lambda: best_hand_counts(8))
    trials = 10_000_000
    t_mc, _ = timed(lambda: monte_carlo(7, trials, seed=1))
    assert tuple(counts7.values()) == PUBLISHED_COUNTS[7]
    assert np.bincount(ours, minlength=9).sum() == len(hands)

    print("acelab.poker benchmark (7-card hands, one run, this machine)")
    print(f"  classify_batch            {rate_ours / 1e6:8.2f} M hands/s")
    print(f"  phevaluator evaluate_7cards {rate_phe / 1e6:6.2f} M hands/s  (one call per hand)")
    print(f"  treys Evaluator.evaluate  {rate_treys / 1e6:8.3f} M hands/s")
    print(f"  ratio vs phevaluator      {rate_ours / rate_phe:8.1f} x   (claim >= 2)")
    print(f"  ratio vs treys            {rate_ours / rate_treys:8.0f} x   (claim >= 50)")
    print(f"  best_hand_counts(7)       {t7:8.3f} s     (claim < 2; equals published table)")
    print(f"  best_hand_counts(8)       {t8:8.3f} s     (claim < 5; all 752,538,150 hands)")
    print(f"  monte_carlo(7, 10^7)      {trials / t_mc / 1e6:8.2f} M hands/s (claim >= 5)")
    if "--quick" not in sys.argv:
        start = time.perf_counter()
        tally = brute_force_eight()
        same = tally == list(counts8.values())
        took = time.perf_counter() - start
        print(f"  brute force, 8 cards      {took:8.1f} s     equals best_hand_counts(8): {same}")
        if not same:
            raise SystemExit("The brute-force 8-card tally differs from best_hand_counts(8).")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory               {peak:8.0f} MB    (claim < 1024)")
    table = zip(CATEGORIES, counts8.values(), strict=True)
    print("  8-card table: " + ", ".join(f"{c} {n}" for c, n in table))


def brute_force_eight() -> list[int]:
    """Tally every 8-card hand with classify_batch, two leading cards at a time."""
    rest = all_hands(6)
    firsts = rest[:, 0].astype(np.int64)
    tally = np.zeros(9, dtype=np.int64)
    for b in range(1, 46):
        tail = rest[np.searchsorted(firsts, b + 1) :]
        ids = np.empty((len(tail), 8), dtype=np.uint8)
        ids[:, 2:] = tail
        ids[:, 1] = b
        for a in range(b):
            ids[:, 0] = a
            tally += np.bincount(classify_batch(ids, check=False), minlength=9)
    return [int(n) for n in tally]


if __name__ == "__main__":
    main()

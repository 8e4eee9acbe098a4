"""Practice at the learner's level (issue 26): the ratings on simulated learners, beside plain
random dealing; the Ace Pilot starting difficulty against a limited-search bot; deal choice time.

- 1,000 simulated learners (one-parameter logistic, seeded) meet 30 items each: Spearman's ρ of
  the item ratings and the true difficulties, the success rate after ten items (practice aims at
  0.75), and the drift of the mean item rating over the run (10,000 attempts: 334 learners).
- 2,000 Ace Pilot deals drawn at random: Spearman's ρ of the starting difficulty and the solve
  rate of a bot that looks at 20 random legal equations (higher difficulty, lower rate: ρ < 0).
- The time to choose the next Ace Pilot deal, once the shipped table is read and sorted.
"""

from __future__ import annotations

import random
import statistics
import time

from acelab.ace_pilot.deal_figures import figures_table
from acelab.practice.bots import limited_search_rate
from acelab.practice.deals import choose_deal, deal_keys, starting_difficulty
from acelab.practice.simulate import simulate, spearman


def learners() -> None:
    print("simulated learners (1,000 × 30 items; 200 items; seed 0)")
    print(f"{'dealing':<10} {'ρ(items)':>9} {'success after 10':>17} {'drift':>7}")
    for practice in (True, False):
        run = simulate(learners=1000, items=200, seed=0, practice=practice)
        name = "practice" if practice else "random"
        print(
            f"{name:<10} {run.rank_correlation:>9.3f} {run.success_after:>17.3f} {run.drift:>7.3f}"
        )
    for practice in (True, False):
        run = simulate(learners=334, items=200, seed=1, practice=practice)
        name = "practice" if practice else "random"
        print(f"{name:<10} drift over {run.attempts:,} attempts: {run.drift:.3f} logits")


def deals() -> None:
    began = time.perf_counter()
    table = figures_table()
    keys = deal_keys()
    print(f"\nAce Pilot: {len(table):,} deals read in {time.perf_counter() - began:.2f} s")
    rng = random.Random(26)
    sample = rng.sample(keys, 2000)
    difficulty = [starting_difficulty(table[key]) for key in sample]
    for budget in (5, 20, 80):
        rates = [limited_search_rate(table[key], budget) for key in sample]
        rho = spearman(difficulty, rates)
        print(f"ρ(starting difficulty, bot solve rate), bot of {budget} equations: {rho:.3f}")
    began = time.perf_counter()
    offer = choose_deal(0.0, {}, rng)
    print(
        f"the first choice (sorts the deals by difficulty once): "
        f"{time.perf_counter() - began:.2f} s"
    )
    times = []
    for _ in range(1000):
        ability = rng.uniform(-3, 3)
        began = time.perf_counter()
        offer = choose_deal(ability, {}, rng, offer.deal)
        times.append(time.perf_counter() - began)
    times.sort()
    print(
        f"choosing the next deal: median {statistics.median(times) * 1000:.2f} ms, "
        f"slowest {times[-1] * 1000:.2f} ms (the aim: under 50 ms)"
    )


if __name__ == "__main__":
    learners()
    deals()

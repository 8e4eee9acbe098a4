"""Simulated learners of the one-parameter logistic model, to check the ratings.

Each learner has a true ability and each item a true difficulty; a learner answers right with
chance ``logistic(ability − difficulty)``. :func:`simulate` gives every learner ``per_learner``
items, chosen by practice (:func:`pick_item`: the predicted chance nearest 0.75) or at random,
rating learners and items as they go, and returns what the checks need.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from acelab.practice.rating import TARGET, Rating, chance, update

__all__ = ["Simulation", "pick_item", "simulate", "spearman"]


@dataclass(frozen=True)
class Simulation:
    """The outcome of :func:`simulate`.

    ``ratings``: each item's rating at the end; ``rank_correlation``: Spearman's ρ of the
    ratings and the true difficulties; ``success_after``: the share of right answers among the
    attempts after each learner's tenth; ``drift``: how far the mean item rating moved over the
    whole run (in logits).
    """

    ratings: tuple[float, ...]
    rank_correlation: float
    success_after: float
    drift: float
    attempts: int


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    at = 0
    while at < len(order):
        end = at
        while end + 1 < len(order) and values[order[end + 1]] == values[order[at]]:
            end += 1
        for place in range(at, end + 1):
            ranks[order[place]] = (at + end) / 2
        at = end + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation of two equally long lists (ties share their rank)."""
    if len(xs) != len(ys) or len(xs) < 2:
        raise ValueError("Spearman's ρ needs two lists of the same length, at least 2 long.")
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else 0.0


def pick_item(
    ability: float,
    ratings: Sequence[float],
    rng: random.Random,
    seen: set[int],
    sample: int = 200,
) -> int:
    """The item whose predicted chance is nearest :data:`TARGET` among ``sample`` items drawn
    at random from those the learner has not met (all of them once every one is met)."""
    fresh = [i for i in range(len(ratings)) if i not in seen] or list(range(len(ratings)))
    drawn = rng.sample(fresh, min(sample, len(fresh)))
    aim = ability - math.log(TARGET / (1 - TARGET))  # the difficulty answered right 3 in 4
    return min(drawn, key=lambda i: abs(ratings[i] - aim))


def simulate(
    learners: int = 1000,
    items: int = 200,
    per_learner: int = 30,
    seed: int = 0,
    practice: bool = True,
    start_noise: float = 0.7,
) -> Simulation:
    """Learners (abilities N(0, 1)) one after another meet ``per_learner`` items each, chosen
    by practice or at random; every learner starts in the middle. Item difficulties are
    N(−1, 1.5) (practice needs items easier than most learners: it aims at 3 in 4), rated at
    first with N(0, ``start_noise``) noise, as a solver's estimate would be."""
    rng = random.Random(seed)
    truth = [rng.gauss(-1, 1.5) for _ in range(items)]
    rated = [Rating(d + rng.gauss(0, start_noise)) for d in truth]
    start_mean = sum(r.value for r in rated) / items
    right_after = tried_after = 0
    for _ in range(learners):
        ability = rng.gauss(0, 1)
        me = Rating()
        seen: set[int] = set()
        for number in range(per_learner):
            if practice:
                item = pick_item(me.value, [r.value for r in rated], rng, seen)
            else:
                item = rng.randrange(items)
            seen.add(item)
            right = rng.random() < chance(ability, truth[item])
            me, rated[item] = update(me, rated[item], 1.0 if right else 0.0)
            if number >= 10:
                tried_after += 1
                right_after += right
    end_mean = sum(r.value for r in rated) / items
    values = tuple(r.value for r in rated)
    return Simulation(
        values,
        spearman(values, truth),
        right_after / tried_after if tried_after else 0.0,
        abs(end_mean - start_mean),
        learners * per_learner,
    )

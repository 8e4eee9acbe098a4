"""Monte Carlo estimates: reproducible, complete, and honest intervals."""

from __future__ import annotations

import math

import pytest

from acelab.poker import CATEGORIES, best_hand_counts, monte_carlo


def test_same_seed_same_counts() -> None:
    assert monte_carlo(7, 100_000, seed=3) == monte_carlo(7, 100_000, seed=3)
    assert monte_carlo(7, 100_000, seed=3) != monte_carlo(7, 100_000, seed=4)


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_counts_add_up(n: int) -> None:
    result = monte_carlo(n, 70_000, seed=n)
    assert sum(result.counts.values()) == result.trials == 70_000
    assert list(result.counts) == list(CATEGORIES)


@pytest.mark.parametrize("n", [5, 7])
def test_intervals_cover_the_truth(n: int) -> None:
    result = monte_carlo(n, 400_000, seed=11)
    exact = best_hand_counts(n)
    covered = 0
    for category in CATEGORIES:
        low, high = result.interval(category)
        assert 0 <= low <= result.estimate(category) <= high <= 1
        covered += low <= exact[category] / math.comb(52, n) <= high
    assert covered >= 8


def test_progress_is_reported() -> None:
    seen: list[int] = []
    monte_carlo(5, 150_000, seed=1, progress=seen.append)
    assert seen[-1] == 150_000 and seen == sorted(seen)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="5 to 8 cards"):
        monte_carlo(4, 10)
    with pytest.raises(ValueError, match="at least one trial"):
        monte_carlo(5, 0)

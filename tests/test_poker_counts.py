"""Exact counts: published tables, formulas, and brute force over whole (small) decks."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from acelab.engine.cards import card_from_id
from acelab.poker import (
    CATEGORIES,
    PUBLISHED_COUNTS,
    _counts_for,
    all_hands,
    best_hand_counts,
    classify,
    classify_batch,
    formula,
    monte_carlo,
    probability,
)


@pytest.mark.parametrize("n", [5, 7])
def test_published_tables(n: int) -> None:
    assert tuple(best_hand_counts(n).values()) == PUBLISHED_COUNTS[n]


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_counts_cover_every_hand(n: int) -> None:
    counts = best_hand_counts(n)
    assert list(counts) == list(CATEGORIES)
    assert all(isinstance(c, int) for c in counts.values())
    assert sum(counts.values()) == math.comb(52, n)


@pytest.mark.parametrize("category", CATEGORIES)
def test_formula_gives_five_card_count(category: str) -> None:
    expression = formula(category)
    assert expression.has(*expression.atoms()) and "binomial" in str(expression)
    assert int(expression.doit()) == best_hand_counts(5)[category]


def test_unknown_category() -> None:
    with pytest.raises(ValueError, match="not a category"):
        formula("royal_flash")
    with pytest.raises(ValueError, match="5 to 8 cards"):
        best_hand_counts(9)


def test_probability_is_exact() -> None:
    assert probability("full_house", 5) == Fraction(6, 4165)


def brute_force(n_suits: int, k: int) -> dict[str, int]:
    """Classify every k-card hand of a deck with the first ``n_suits`` suits, one by one."""
    hands = all_hands(k, 13 * n_suits)
    ids = (hands // n_suits) * 4 + hands % n_suits
    tally = np.bincount(classify_batch(ids), minlength=len(CATEGORIES))
    return dict(zip(CATEGORIES, tally.tolist(), strict=True))


@pytest.mark.parametrize(("n_suits", "k"), [(2, 5), (2, 6), (2, 7), (2, 8), (3, 5), (3, 6)])
def test_counting_equals_brute_force_on_small_decks(n_suits: int, k: int) -> None:
    assert _counts_for(k, suits=n_suits) == brute_force(n_suits, k)


@pytest.mark.slow
def test_six_card_counts_equal_brute_force_on_full_deck() -> None:
    assert best_hand_counts(6) == brute_force(4, 6)


def test_eight_card_counts_match_a_large_sample() -> None:
    result = monte_carlo(8, 2_000_000, seed=8)
    exact = best_hand_counts(8)
    for category in CATEGORIES:
        p = exact[category] / math.comb(52, 8)
        error = abs(result.estimate(category) - p)
        assert error < 5 * math.sqrt(p * (1 - p) / result.trials), category


def test_eight_card_hands_through_five_fixed_cards_match_the_slow_classifier() -> None:
    """All C(47, 3) 8-card hands holding AS KS 5H 5D 9S, tallied by both classifiers."""
    fixed = np.array([0, 48, 17, 18, 32], dtype=np.uint8)
    rest = np.setdiff1d(np.arange(52), fixed).astype(np.uint8)[all_hands(3, 47)]
    ids = np.column_stack([np.tile(fixed, (len(rest), 1)), rest])
    fast = np.bincount(classify_batch(ids), minlength=len(CATEGORIES))
    slow = Counter(classify([card_from_id(i) for i in row]) for row in ids.tolist())
    assert dict(zip(CATEGORIES, fast.tolist(), strict=True)) == {c: slow[c] for c in CATEGORIES}

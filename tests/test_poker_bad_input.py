"""Bad input at the edges of the poker module: each refusal is a ValueError with a sentence."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab import poker
from acelab.poker import classify, classify_batch
from tests.support import anything, one_sentence, refused


@pytest.mark.parametrize(
    "ids",
    [
        [[0, 4, 8, 12, 51.9]],
        np.array([[0, 4, 8, 12, 16]], dtype=float),
        np.array([[True, False, True, False, True]]),
        [["0", "4", "8", "12", "16"]],
        [[0, 4, 8, 12, 52]],
        [[0, 4, 8, 12]],
        5,
    ],
)
def test_classify_batch_refuses_ids_that_are_not_card_ids(ids) -> None:
    refused(lambda: classify_batch(ids))


@given(
    st.one_of(
        st.lists(st.sampled_from(["AS", "2H", "KD", "KD", "JK", "10C", "9S", "xx"]), max_size=9),
        anything,
    )
)
def test_classify_only_raises_value_error(cards) -> None:
    try:
        category = classify(cards)
    except ValueError as error:
        one_sentence(error)
    else:
        assert isinstance(category, str)


@given(
    st.one_of(
        st.lists(st.lists(st.integers(-2, 55), min_size=4, max_size=9), min_size=1, max_size=5),
        st.lists(st.lists(st.floats(0, 51), min_size=5, max_size=5), min_size=1, max_size=3),
        anything,
    )
)
def test_classify_batch_only_raises_value_error(ids) -> None:
    try:
        out = classify_batch(ids)
    except ValueError as error:
        one_sentence(error)
        return
    assert np.asarray(ids).dtype.kind in "iu" and len(out) == len(ids)


@pytest.mark.parametrize("bad", [None, "x", -1, 1.5, True, [], {}])
def test_every_public_function_refuses_wrong_types_in_words(bad) -> None:
    calls = [
        lambda: poker.probability(bad, 5),
        lambda: poker.probability("flush", bad),
        lambda: poker.formula(bad),
        lambda: poker.all_hands(bad),
        lambda: poker.random_hands(3, bad),
        lambda: poker.monte_carlo(bad, 10),
        lambda: poker.best_hand_counts(bad),
        lambda: poker.rank_patterns(bad),
    ]
    if bad not in ([], {}):  # an empty hand is fine
        calls += [
            lambda: poker.hand_ids(bad),
            lambda: poker.random_hands(bad, 5),
            lambda: poker.monte_carlo(5, bad),
        ]
    for call in calls:
        refused(call)

"""Seeds: whole numbers and words of sensible size pass; everything else is refused in words."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.engine import check_seed, fresh_seed
from acelab.engine.seeds import LONGEST_SEED, MAX_SEED


@given(st.integers(-MAX_SEED, MAX_SEED) | st.text(max_size=LONGEST_SEED))
def test_a_number_or_a_word_is_a_seed(seed: int | str) -> None:
    assert check_seed(seed) == seed


@pytest.mark.parametrize(
    ("seed", "words"),
    [
        (True, "not True"),
        (False, "not False"),
        (None, "not None"),
        (2.5, "not a float"),
        (Fraction(1, 2), "not a Fraction"),
        ([7], "not a list"),
        (b"7", "not a bytes"),
        (object(), "not an object"),
        (10**30, "not a number beyond a billion billion"),
        (-(10**18) - 1, "not a number beyond a billion billion"),
        ("x" * 101, "not a text longer than 100 characters"),
    ],
)
def test_check_seed_refuses_in_one_sentence(seed: object, words: str) -> None:
    with pytest.raises(ValueError, match=r"^A seed is a whole number or a word, ") as info:
        check_seed(seed)
    message = str(info.value)
    assert words in message and message.endswith(".") and message.count(". ") == 0


def test_the_largest_seeds_pass() -> None:
    assert check_seed(10**18) == 10**18 and check_seed(-(10**18)) == -(10**18)
    assert check_seed("x" * 100) == "x" * 100


def test_a_fresh_seed_is_short_and_varies() -> None:
    seeds = {fresh_seed() for _ in range(200)}
    assert all(type(s) is int and 1 <= s <= 100_000 for s in seeds)
    assert len(seeds) > 1

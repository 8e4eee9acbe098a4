"""The shipped table of all 16,632 deals: complete, consistent with the solver, summarised."""

import gzip
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.absolutely_aces.deals import (
    DEAL_COUNT,
    all_deals,
    deal_table,
    read_table,
    summary,
)
from acelab.absolutely_aces.solver import deal_value
from acelab.engine import derive_rng
from acelab.engine.cards import random_index
from tests.absolutely_aces.helpers import JUNK


def test_the_table_holds_every_deal_once() -> None:
    rows = deal_table()
    assert len(rows) == DEAL_COUNT == comb(12, 5) * comb(7, 5)
    assert [r.hands for r in rows] == list(all_deals())


def test_table_rows_agree_with_the_solver() -> None:
    rows = deal_table()
    rng = derive_rng("table check")
    for _ in range(30):
        row = rows[random_index(rng, len(rows))]
        solved = deal_value(row.hands)
        assert solved.value == row.value and solved.matrix == row.matrix
        assert sum(row.picks[0].values()) == 1 == sum(row.picks[1].values())


def test_swapping_the_hands_negates_the_value() -> None:
    """The pick is simultaneous, so neither seat is favoured: deal (A, B) is worth minus (B, A)."""
    values = {r.hands: r.value for r in deal_table()}
    for (first, second), value in list(values.items())[::97]:
        assert values[(second, first)] == -value


def test_summary_of_the_table() -> None:
    report = summary()
    assert report.deals == DEAL_COUNT == sum(report.values.values())
    assert report.favoured + report.against + report.even == DEAL_COUNT
    assert report.favoured == report.against and report.mean == 0
    assert 0 < report.mixed < DEAL_COUNT
    assert len(report.card_strength) == 12
    assert all(isinstance(v, Fraction) for v in report.card_strength.values())


def test_a_damaged_table_is_refused() -> None:
    with pytest.raises(ValueError, match="not a table"):
        read_table(gzip.compress(b"a,b\n1,2\n"))


@given(
    rows=JUNK.filter(lambda r: r is not None) | st.lists(JUNK, max_size=3),
    data=st.binary(max_size=60),
)
@settings(max_examples=100, deadline=None)
def test_summary_and_read_table_refuse_what_is_not_a_table(rows, data) -> None:
    with pytest.raises(ValueError, match="Summarise a list of solved deals"):
        summary(rows)
    with pytest.raises(ValueError, match="This is not a table of Absolutely Aces deals"):
        read_table(data)
    with pytest.raises(ValueError, match="This is not a table"):
        read_table(gzip.compress(b"hand0,hand1,value,matrix,picks0,picks1\nS1,H2,x,1,,\n"))

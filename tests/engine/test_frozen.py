"""replace_fast copies a frozen dataclass like dataclasses.replace, leaving the original alone."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.engine import replace_fast


@dataclass(frozen=True)
class Record:
    cards: tuple[int, ...]
    turn: int
    name: str = "x"


records = st.builds(Record, st.tuples(st.integers()), st.integers(), st.text())


@given(records, st.integers(), st.text())
def test_it_equals_dataclasses_replace(record: Record, turn: int, name: str) -> None:
    copy = replace_fast(record, turn=turn, name=name)
    assert copy == replace(record, turn=turn, name=name)
    assert type(copy) is Record and copy is not record
    assert hash(copy) == hash(replace(record, turn=turn, name=name))


def test_the_original_is_unchanged_and_the_copy_still_frozen() -> None:
    record = Record((1, 2), 0)
    copy = replace_fast(record, turn=1)
    assert record == Record((1, 2), 0) and copy.turn == 1 and copy.cards is record.cards
    with pytest.raises(FrozenInstanceError):
        copy.turn = 2  # type: ignore[misc]
    assert replace_fast(record) == record

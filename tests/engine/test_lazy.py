"""LazyMoves behaves as the list of its moves and builds only what is read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.engine import LazyMoves


class Squares(LazyMoves[int]):
    def __init__(self, size: int) -> None:
        self.size = size
        self.counted = 0
        self.built: list[int] = []

    def _count(self) -> int:
        self.counted += 1
        return self.size

    def _build(self, index: int) -> int:
        self.built.append(index)
        return index * index


def squares(size: int) -> list[int]:
    return [i * i for i in range(size)]


sizes = st.integers(0, 40)


@given(sizes)
def test_it_equals_its_list(size: int) -> None:
    moves = Squares(size)
    assert moves == squares(size) and squares(size) == moves
    assert moves == tuple(squares(size))
    assert list(moves) == squares(size) and len(moves) == size
    assert moves != [*squares(size), 0] and moves != "abc"
    assert list(reversed(moves)) == squares(size)[::-1]
    assert repr(moves) == f"Squares({squares(size)!r})"


@given(sizes, st.integers(-50, 50))
def test_indexing_is_list_indexing(size: int, index: int) -> None:
    expected = squares(size)
    if -size <= index < size:
        assert Squares(size)[index] == expected[index]
    else:
        with pytest.raises(IndexError, match=f"There is no legal move number {index}"):
            Squares(size)[index]


@given(
    sizes,
    st.none() | st.integers(-50, 50),
    st.none() | st.integers(-50, 50),
    st.none() | st.integers(-5, 5).filter(bool),
)
def test_slices_are_list_slices(
    size: int, start: int | None, stop: int | None, step: int | None
) -> None:
    assert Squares(size)[start:stop:step] == squares(size)[start:stop:step]


def test_it_counts_once_and_builds_only_what_is_read() -> None:
    moves = Squares(1000)
    assert moves.counted == 0
    assert moves[-1] == 999 * 999 and moves[3] == 9
    assert len(moves) == 1000 and moves.counted == 1 and moves.built == [999, 3]
    assert 16 in moves and moves.index(16) == 4


def test_it_is_not_hashable_and_refuses_other_indices() -> None:
    with pytest.raises(TypeError):
        hash(Squares(3))
    with pytest.raises(TypeError, match="whole numbers, not by a str"):
        Squares(3)["1"]  # type: ignore[call-overload]
    assert Squares(3)[True] == 1  # as a list does

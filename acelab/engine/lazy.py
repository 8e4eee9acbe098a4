"""A list of legal moves built only as far as it is read."""

from __future__ import annotations

import operator
from abc import abstractmethod
from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

__all__ = ["LazyMoves"]

M = TypeVar("M")


class LazyMoves(Sequence[M]):
    """A sequence of moves that counts them only when its length is first asked for and builds
    a move only when it is read, so a bot that picks one move does not pay for all of them.

    Subclasses say how many moves there are (:meth:`_count`, called at most once) and build the
    move at a position (:meth:`_build`, for ``0 <= index < len(self)``). It indexes like a list
    (negative numbers, slices, which give lists), and compares equal to any sequence holding
    the same moves in the same order. A subclass may override ``__contains__`` with a direct
    check when it has one (the default reads every move).
    """

    __slots__ = ("_length",)
    _length: int

    @abstractmethod
    def _count(self) -> int:
        """How many moves there are."""

    @abstractmethod
    def _build(self, index: int) -> M:
        """The move at ``index``, from 0 to ``len(self) - 1``."""

    def __len__(self) -> int:
        try:
            return self._length
        except AttributeError:
            self._length = self._count()
            return self._length

    @overload
    def __getitem__(self, index: int) -> M: ...
    @overload
    def __getitem__(self, index: slice) -> list[M]: ...
    def __getitem__(self, index: int | slice) -> M | list[M]:
        if isinstance(index, slice):
            return [self._build(i) for i in range(*index.indices(len(self)))]
        try:
            position = operator.index(index)
        except TypeError:
            shown = type(index).__name__
            raise TypeError(f"Moves are numbered by whole numbers, not by a {shown}.") from None
        size = len(self)
        if not -size <= position < size:
            raise IndexError(f"There is no legal move number {position}: there are {size}.")
        return self._build(position % size)

    def __iter__(self) -> Iterator[M]:
        for index in range(len(self)):
            yield self._build(index)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str | bytes | bytearray):
            return len(self) == len(other) and all(
                mine == theirs for mine, theirs in zip(self, other, strict=True)
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"

"""Shared helpers for the poker tests: every k-subset of a deck, as a NumPy array."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt


def all_subsets(n: int, k: int, first: int = 0) -> npt.NDArray[np.uint8]:
    """Every k-subset of range(first, n) in lexicographic order, one sorted row each."""
    rows = np.arange(first, n, dtype=np.int64)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1]
        grow = n - 1 - last
        starts = np.repeat(np.cumsum(grow) - grow, grow)
        nexts = np.arange(int(grow.sum())) - starts + np.repeat(last + 1, grow)
        rows = np.column_stack([np.repeat(rows, grow, axis=0), nexts])
    return rows.astype(np.uint8)

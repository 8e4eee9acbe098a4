"""Zero-sum matrix games solved exactly, in fractions: the secret pick of Absolutely Aces.

The row player picks a row, the column player a column, at the same time; the row player
receives the entry (the column player pays it). :func:`solve_matrix_game` finds the value and
an optimal mixed strategy for each player by the simplex method over :class:`~fractions.Fraction`
(Bland's rule, so it always ends); :func:`is_equilibrium` certifies an answer: neither player
gains by deviating to any pure strategy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["MatrixSolution", "is_equilibrium", "solve_matrix_game"]

Matrix = Sequence[Sequence[Fraction | int]]


@dataclass(frozen=True)
class MatrixSolution:
    """The value of a matrix game and optimal mixed strategies (probabilities by row/column)."""

    value: Fraction
    rows: tuple[Fraction, ...]
    columns: tuple[Fraction, ...]


def _checked(matrix: Matrix) -> list[list[Fraction]]:
    rows = [[Fraction(x) for x in row] for row in matrix]
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        raise ValueError("A matrix game needs a non-empty rectangle of numbers.")
    return rows


def solve_matrix_game(matrix: Matrix) -> MatrixSolution:
    """The exact value and optimal strategies of the zero-sum game ``matrix`` (row player
    maximizes). A pure saddle point is returned as such; otherwise the simplex method."""
    a = _checked(matrix)
    saddle = _saddle_point(a)
    if saddle is not None:
        return saddle
    m, n = len(a), len(a[0])
    shift = 1 - min(min(r) for r in a)  # every entry of b is at least 1
    b = [[x + shift for x in row] for row in a]
    # The column player's programme: maximize sum(y) with b·y <= 1, y >= 0. The optimum's
    # duals (the objective row under the slack columns) are the row player's x.
    width = n + m + 1
    table = [[*b[i], *(Fraction(i == k) for k in range(m)), Fraction(1)] for i in range(m)]
    objective = [Fraction(-1)] * n + [Fraction(0)] * (m + 1)
    basis = [n + i for i in range(m)]
    while True:
        entering = next((j for j in range(width - 1) if objective[j] < 0), None)
        if entering is None:
            break
        ratios = [
            (table[i][-1] / table[i][entering], basis[i], i)
            for i in range(m)
            if table[i][entering] > 0
        ]
        _, _, row = min(ratios)  # b > 0, so the programme is bounded
        pivot = table[row][entering]
        table[row] = [x / pivot for x in table[row]]
        for i in range(m):
            factor = table[i][entering]
            if i != row and factor:
                table[i] = [x - factor * y for x, y in zip(table[i], table[row], strict=True)]
        factor = objective[entering]
        objective = [x - factor * y for x, y in zip(objective, table[row], strict=True)]
        basis[row] = entering
    total = objective[-1]
    y = [Fraction(0)] * n
    for i, var in enumerate(basis):
        if var < n:
            y[var] = table[i][-1]
    x = objective[n : n + m]
    return MatrixSolution(
        1 / total - shift, tuple(v / total for v in x), tuple(v / total for v in y)
    )


def _saddle_point(a: list[list[Fraction]]) -> MatrixSolution | None:
    row_floors = [min(r) for r in a]
    column_ceilings = [max(r[j] for r in a) for j in range(len(a[0]))]
    best = max(row_floors)
    if best != min(column_ceilings):
        return None
    i, j = row_floors.index(best), column_ceilings.index(best)
    rows = tuple(Fraction(k == i) for k in range(len(a)))
    columns = tuple(Fraction(k == j) for k in range(len(a[0])))
    return MatrixSolution(best, rows, columns)


def is_equilibrium(matrix: Matrix, solution: MatrixSolution) -> bool:
    """True when ``solution``'s strategies are probability vectors, the row strategy earns at
    least ``value`` against every column, and the column strategy concedes at most ``value``
    to every row (so neither player gains by deviating, and ``value`` is the game's value)."""
    a = _checked(matrix)
    p, q, v = solution.rows, solution.columns, solution.value
    if len(p) != len(a) or len(q) != len(a[0]):
        return False
    if any(x < 0 for x in (*p, *q)) or sum(p) != 1 or sum(q) != 1:
        return False
    against_columns = [sum(p[i] * a[i][j] for i in range(len(a))) for j in range(len(q))]
    against_rows = [sum(a[i][j] * q[j] for j in range(len(q))) for i in range(len(a))]
    return min(against_columns) >= v >= max(against_rows)

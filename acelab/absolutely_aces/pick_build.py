"""Make ``pick_equilibrium.json.gz``: the pick with hidden hands, and with one player peeking.

    python -m acelab.absolutely_aces.pick_build [--out PATH] [--must-mix]

1. **Hidden hands.** Player 0's linear programme (SciPy's HiGHS): choose a mixed pick for each
   of the 792 hands to maximise the sum, over player 1's hands, of player 1's best reply
   (3,960 chances, 792 reply values, 3,960 reply constraints). The answer is a vertex in
   floating point.
2. **Made exact.** A vertex is fixed by the constraints it meets with equality. Here: each
   hand's cards that are (within rounding) best replies to the strategy earn it the same
   points — the game is symmetric, so the strategy meets its own mirror image. Those
   equalities, in fractions, with every other chance fixed at 0 or 1, have one solution; the
   few chances they leave free (none, for the shipped file) keep their value rationalised.
3. **Peeking.** The peeker (player 0, seeing both hands) best-replies deal by deal; the other
   player chooses a mixed pick per hand to minimise that: one linear programme whose duals
   are the peeker's mixed picks. Both are made exact the same way, hand by hand.
4. The file is written, then loaded back through :mod:`acelab.absolutely_aces.pick`, which
   certifies it exactly; the figures of the closing note are printed.
5. ``--must-mix``: for each hand that mixes, the most chance any optimal strategy can put on
   one card (one programme per best card, in floating point); below 1, the hand mixes in
   every equilibrium (16 hands do).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import linprog
from scipy.sparse import csr_matrix

from acelab.absolutely_aces.deals import DEAL_COUNT
from acelab.absolutely_aces.pick import (
    EQUILIBRIUM_FILE,
    HANDS,
    Equilibrium,
    _deals,
    hand_text,
    load_equilibrium,
    load_peek,
)

__all__ = [
    "exact_hidden",
    "exact_peek",
    "hidden_lp",
    "main",
    "make_file",
    "must_mix",
    "peek_lp",
    "solve_exact",
]

Floats = NDArray[np.float64]
Chances = list[tuple[Fraction, ...]]
TIE = 1e-7
"""Two floating-point payoffs this close (relative to the largest) are taken as equal."""


def solve_exact(
    rows: Sequence[dict[int, Fraction]], rhs: Sequence[Fraction], guess: Sequence[float]
) -> list[Fraction]:
    """A solution in fractions of the equations ``rows[k] · x = rhs[k]`` (rows sparse:
    unknown → coefficient). Unknowns the equations leave free keep their ``guess``,
    rationalised; pivots are taken where the guess is largest, so that a chance the guess puts
    near 0 is left free rather than computed. ``RuntimeError`` if the equations contradict."""
    pivots: dict[int, tuple[dict[int, Fraction], Fraction]] = {}
    for original, b in zip(rows, rhs, strict=True):
        row = dict(original)
        for col, (prow, pb) in pivots.items():
            factor = row.pop(col, Fraction(0))
            if factor:
                for k, v in prow.items():
                    row[k] = row.get(k, Fraction(0)) - factor * v
                b -= factor * pb
        row = {k: v for k, v in row.items() if v}
        if not row:
            if b:
                raise RuntimeError("The equations of the vertex contradict each other.")
            continue
        col = max(row, key=lambda k: (guess[k], -k))
        pivot = row.pop(col)
        new = {k: v / pivot for k, v in row.items()}
        b /= pivot
        for other, (orow, ob) in list(pivots.items()):
            factor = orow.pop(col, Fraction(0))
            if factor:
                for k, v in new.items():
                    orow[k] = orow.get(k, Fraction(0)) - factor * v
                pivots[other] = ({k: v for k, v in orow.items() if v}, ob - factor * b)
        pivots[col] = (new, b)
    values = [Fraction(g).limit_denominator(10**6) for g in guess]
    for col, (row, b) in pivots.items():
        values[col] = b - sum((v * values[k] for k, v in row.items()), Fraction(0))
    return values


def _matrices() -> tuple[list[tuple[int, int]], NDArray[np.int64]]:
    deals = _deals()
    return [(a, b) for a, b, _ in deals], np.array([m for _, _, m in deals], dtype=np.int64)


def _hidden_programme(optimal: bool = False) -> dict[str, object]:
    """Player 0's programme for ``linprog``: the chances (792 × 5), then player 1's best
    reply by hand (792); ``optimal`` adds that the replies sum to at least 0 (the value)."""
    pairs, mats = _matrices()
    n = len(HANDS)
    rows, cols, vals = [], [], []
    for (a, b), m in zip(pairs, mats, strict=True):
        for j in range(5):
            for i in range(5):
                if m[i, j]:
                    rows.append(b * 5 + j)
                    cols.append(a * 5 + i)
                    vals.append(-float(m[i, j]))
    for b in range(n):
        for j in range(5):
            rows.append(b * 5 + j)
            cols.append(5 * n + b)
            vals.append(1.0)
        if optimal:
            rows.append(5 * n)
            cols.append(5 * n + b)
            vals.append(-1.0)
    height = 5 * n + optimal
    return {
        "c": np.concatenate([np.zeros(5 * n), -np.ones(n)]),
        "A_ub": csr_matrix((vals, (rows, cols)), shape=(height, 6 * n)),
        "b_ub": np.full(height, 0.0),
        "A_eq": _sums(n, 6 * n),
        "b_eq": np.ones(n),
        "bounds": [(0.0, None)] * (5 * n) + [(None, None)] * n,
    }


def _sums(hands: int, width: int) -> csr_matrix:
    """Each hand's five chances add up (the equality rows)."""
    count = 5 * hands
    return csr_matrix((np.ones(count), (np.arange(count) // 5, np.arange(count))), (hands, width))


Bounds = dict[int, tuple[float, float]]  # chance number (hand × 5 + card) → its bounds


def hidden_lp() -> Floats:
    """Player 0's optimal mixed picks (792 × 5) in floating point (a vertex)."""
    result = linprog(**_hidden_programme(), method="highs-ds")
    if result.status != 0:
        raise RuntimeError(f"HiGHS did not solve the pick: {result.message}")
    return np.asarray(result.x[: 5 * len(HANDS)], dtype=np.float64).reshape(len(HANDS), 5)


def _replies(strategy: Floats) -> Floats:
    """Each hand's points for each of its cards against ``strategy`` (792 × 5)."""
    pairs, mats = _matrices()
    replies = np.zeros((len(HANDS), 5))
    for (a, b), m in zip(pairs, mats, strict=True):
        replies[a] += m @ strategy[b]
    return replies


def _best_only(strategy: Floats) -> Bounds:
    """Bounds holding at 0 every card that is not a best reply to the optimal ``strategy``:
    every optimal strategy best-replies to it (the game is symmetric), so loses nothing."""
    replies = _replies(strategy)
    fixed: Bounds = {}
    for hand in range(len(HANDS)):
        best = _ties(replies[hand])
        fixed |= {hand * 5 + i: (0.0, 0.0) for i in range(5) if i not in best}
    return fixed


def _ties(payoffs: Floats, maximise: bool = True) -> tuple[int, ...]:
    best = payoffs.max() if maximise else payoffs.min()
    scale = TIE * max(1.0, float(np.abs(payoffs).max()))
    return tuple(int(i) for i in np.flatnonzero(np.abs(payoffs - best) <= scale))


def exact_hidden(guess: Floats) -> Chances:
    """The vertex near ``guess`` in fractions (see the module's step 2)."""
    pairs, mats = _matrices()
    replies = _replies(guess)
    support = [tuple(int(i) for i in np.flatnonzero(g > TIE)) for g in guess]
    unknown: dict[tuple[int, int], int] = {}
    for h, cards in enumerate(support):
        for i in cards[1:]:
            unknown[h, i] = len(unknown)

    def reply(h: int, i: int) -> tuple[Fraction, dict[int, Fraction]]:
        """Hand h's points for card i against the strategy: constant + unknowns."""
        const, coef = Fraction(0), dict[int, Fraction]()
        for (a, b), m in zip(pairs, mats, strict=True):
            if a != h:
                continue
            first = support[b][0]
            const += int(m[i, first])
            for j in support[b][1:]:
                k = unknown[b, j]
                coef[k] = coef.get(k, Fraction(0)) + int(m[i, j] - m[i, first])
        return const, coef

    rows: list[dict[int, Fraction]] = []
    rhs: list[Fraction] = []
    for h in range(len(HANDS)):
        tied = _ties(replies[h])
        if not set(support[h]) <= set(tied):
            raise RuntimeError(f"The hand {hand_text(HANDS[h])} picks a card that is not best.")
        if len(tied) < 2:
            continue
        base, base_coef = reply(h, tied[0])
        for i in tied[1:]:
            const, coef = reply(h, i)
            zero = Fraction(0)
            rows.append(
                {k: coef.get(k, zero) - base_coef.get(k, zero) for k in {*coef, *base_coef}}
            )
            rhs.append(base - const)
    free = [float(guess[h, i]) for (h, i) in unknown]
    solved = solve_exact(rows, rhs, free)
    chances: Chances = []
    for h, cards in enumerate(support):
        mix = [Fraction(0)] * 5
        for i in cards[1:]:
            mix[i] = solved[unknown[h, i]]
        mix[cards[0]] = 1 - sum(mix, Fraction(0))
        chances.append(tuple(mix))
    return chances


def peek_lp() -> tuple[Floats, Floats]:
    """The peeking game in floating point: the other player's mixed picks by hand (792 × 5)
    and the peeker's by deal (16,632 × 5, from the duals)."""
    pairs, mats = _matrices()
    n, d = len(HANDS), len(pairs)
    rows, cols, vals = [], [], []
    for k, ((_, b), m) in enumerate(zip(pairs, mats, strict=True)):
        for i in range(5):
            for j in range(5):
                if m[i, j]:
                    rows.append(k * 5 + i)
                    cols.append(b * 5 + j)
                    vals.append(float(m[i, j]))
            rows.append(k * 5 + i)
            cols.append(5 * n + k)
            vals.append(-1.0)
    a_ub = csr_matrix((vals, (rows, cols)), shape=(5 * d, 5 * n + d))
    a_eq = _sums(n, 5 * n + d)
    cost = np.concatenate([np.zeros(5 * n), np.ones(d)])
    bounds = [(0.0, None)] * (5 * n) + [(None, None)] * d
    result = linprog(
        cost, a_ub, np.zeros(5 * d), a_eq, np.ones(n), bounds=bounds, method="highs-ds"
    )
    if result.status != 0:
        raise RuntimeError(f"HiGHS did not solve the peeking game: {result.message}")
    other = np.asarray(result.x[: 5 * n], dtype=np.float64).reshape(n, 5)
    peeker = -np.asarray(result.ineqlin.marginals, dtype=np.float64).reshape(d, 5)
    return other, peeker


def exact_peek(other: Floats, peeker: Floats) -> tuple[Chances, Chances]:
    """The peeking game's vertex near the floating-point answer, in fractions, hand by hand
    of the player who does not peek."""
    pairs, mats = _matrices()
    by_hand: dict[int, list[int]] = {}
    for k, (_, b) in enumerate(pairs):
        by_hand.setdefault(b, []).append(k)
    other_exact: Chances = []
    peeker_exact: Chances = [()] * len(pairs)
    for b in range(len(HANDS)):
        deals = by_hand[b]
        used = tuple(int(j) for j in np.flatnonzero(other[b] > TIE))
        # The other's mix: every tie of a peeker's reply holds exactly; the chances add to 1.
        rows = [dict.fromkeys(range(len(used)), Fraction(1))]
        rhs = [Fraction(1)]
        for k in deals:
            m = mats[k]
            tied = _ties(m @ other[b])
            for i in tied[1:]:
                rows.append({u: Fraction(int(m[i, j] - m[tied[0], j])) for u, j in enumerate(used)})
                rhs.append(Fraction(0))
        mix = solve_exact(rows, rhs, [float(other[b, j]) for j in used])
        exact = [Fraction(0)] * 5
        for u, j in enumerate(used):
            exact[j] = mix[u]
        other_exact.append(tuple(exact))
        # The peeker's mixes over their exactly best cards, making the other indifferent
        # between the cards of their mix; each deal's chances add to 1.
        unknown: dict[tuple[int, int], int] = {}
        for k in deals:
            m = mats[k]
            replies = [sum(int(m[i, j]) * exact[j] for j in range(5)) for i in range(5)]
            for i in range(5):
                if replies[i] == max(replies):
                    unknown[k, i] = len(unknown)
        rows, rhs = [], []
        for k in deals:
            rows.append({u: Fraction(1) for (kk, _), u in unknown.items() if kk == k})
            rhs.append(Fraction(1))
        for j in used[1:]:
            rows.append(
                {
                    u: Fraction(int(mats[k][i, j] - mats[k][i, used[0]]))
                    for (k, i), u in unknown.items()
                }
            )
            rhs.append(Fraction(0))
        solved = solve_exact(rows, rhs, [float(peeker[k, i]) for k, i in unknown])
        for k in deals:
            peeker_exact[k] = tuple(
                solved[unknown[k, i]] if (k, i) in unknown else Fraction(0) for i in range(5)
            )
    return other_exact, peeker_exact


def _text(hand: tuple[str, ...], chances: Sequence[Fraction]) -> str:
    return " ".join(f"{card}:{p}" for card, p in zip(hand, chances, strict=True) if p)


def make_file(path: Path) -> tuple[Equilibrium, float]:
    """Solve both games, write the file to ``path`` and certify it; the equilibrium and the
    seconds taken."""
    start = time.perf_counter()
    hidden = exact_hidden(hidden_lp())
    other, peeker = exact_peek(*peek_lp())
    pairs = [(a, b) for a, b, _ in _deals()]
    content = {
        "format": 1,
        "about": "Absolutely Aces: the secret pick with hidden hands, and with player 0 peeking."
        " Made by python -m acelab.absolutely_aces.pick_build.",
        "hidden": {hand_text(h): _text(h, p) for h, p in zip(HANDS, hidden, strict=True)},
        "peek": {
            "other": {hand_text(h): _text(h, p) for h, p in zip(HANDS, other, strict=True)},
            "peeker": {
                f"{hand_text(HANDS[a])} / {hand_text(HANDS[b])}": _text(HANDS[a], p)
                for (a, b), p in zip(pairs, peeker, strict=True)
            },
        },
    }
    data = gzip.compress(json.dumps(content, indent=0).encode("utf-8"), mtime=0)
    solved = load_equilibrium(data, path.name)
    load_peek(data, path.name)
    path.write_bytes(data)
    return solved, time.perf_counter() - start


def must_mix(solved: Equilibrium) -> list[tuple[str, float]]:
    """For each hand that mixes in ``solved``: the largest chance any optimal strategy can put
    on one of its cards (floating point, one programme per card, optimal meaning worth at
    least -1e-9 a round). Below 1: the hand mixes in every equilibrium. Only the hand's best
    cards against ``solved`` need trying: every optimal strategy best-replies to it."""
    programme = _hidden_programme(optimal=True)
    b_ub = programme["b_ub"]
    assert isinstance(b_ub, np.ndarray)
    b_ub[-1] = 1e-9 * DEAL_COUNT
    bounds = programme["bounds"]
    assert isinstance(bounds, list)
    shipped = np.array([[float(p) for p in solved.strategy(h).values()] for h in HANDS])
    for number, bound in _best_only(shipped).items():
        bounds[number] = bound
    found = []
    for hand in solved.mixing:
        values = solved.card_values(hand)
        most = 0.0
        for card in (c for c in hand if values[c] == solved.hand_value(hand)):
            cost = np.zeros(6 * len(HANDS))
            cost[HANDS.index(hand) * 5 + hand.index(card)] = -1.0
            result = linprog(**(programme | {"c": cost}), method="highs-ds")
            most = max(most, float(-result.fun))
        found.append((hand_text(hand), most))
    return found


def main(argv: Sequence[str] | None = None) -> None:
    """Make the file and print what it says."""
    parser = argparse.ArgumentParser(description="Solve the secret pick of Absolutely Aces.")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name(EQUILIBRIUM_FILE))
    parser.add_argument(
        "--must-mix", action="store_true", help="also find which hands mix in every equilibrium"
    )
    args = parser.parse_args(argv)
    solved, seconds = make_file(args.out)
    print(f"written to {args.out} in {seconds:.1f} s (solved, made exact and certified)")
    print(f"value {solved.value} points a round for player 0; certified gap {solved.gap}")
    print(f"hands that mix: {len(solved.mixing)} of {len(HANDS)} ({DEAL_COUNT} deals)")
    if args.must_mix:
        found = must_mix(solved)
        for hand, most in found:
            print(f"  {hand}: at most {most:.4f} on one card")
        always = sum(most < 1 - 1e-6 for _, most in found)
        print(f"hands that mix in every equilibrium: {always} (floating point, HiGHS)")


if __name__ == "__main__":
    main(sys.argv[1:])

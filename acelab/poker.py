"""Poker hand categories: classify hands, count them exactly, and simulate them.

Nine categories, from ``"high_card"`` (0) to ``"straight_flush"`` (8), name the best 5-card
hand that can be made from 5 to 8 cards. Aces are low (A-2-3-4-5) and high (10-J-Q-K-A); a
straight never wraps around (K-A-2-3-4 is not one).

- :func:`classify` reads one hand the way a person would (pure Python, easy to follow).
- :func:`classify_batch` classifies a NumPy array of card ids at once, with bit arithmetic.
- :func:`best_hand_counts` counts all C(52, n) hands exactly, by rank patterns, not hand by hand.
- :func:`monte_carlo` estimates the same counts from random hands, with 95% intervals.
- :func:`formula` derives each 5-card count symbolically, in binomial coefficients.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from acelab.engine.cards import Card, card_id, parse_cards
from acelab.engine.stats import wilson_interval

if TYPE_CHECKING:  # SymPy is imported by the formulas only: it takes longer than all the rest
    import sympy

__all__ = [
    "CATEGORIES",
    "PUBLISHED_COUNTS",
    "FlushPart",
    "MonteCarlo",
    "RankPatterns",
    "all_hands",
    "best_hand_counts",
    "classify",
    "classify_batch",
    "formula",
    "hand_ids",
    "monte_carlo",
    "probability",
    "random_hands",
    "rank_patterns",
    "straight_windows",
]

CATEGORIES: Final[tuple[str, ...]] = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
)
_INDEX: Final = {name: i for i, name in enumerate(CATEGORIES)}

PUBLISHED_COUNTS: Final[dict[int, tuple[int, ...]]] = {
    5: (1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40),
    7: (23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584),
}
"""The standard tables of how many 5- and 7-card hands fall in each category."""

IdArray = npt.NDArray[np.integer]
Categories = npt.NDArray[np.uint8]


# --------------------------------------------------------------------------- one hand, readably


def straight_windows() -> tuple[tuple[int, ...], ...]:
    """The ten straights as card values, low to high: (1, 2, 3, 4, 5) .. (10, 11, 12, 13, 1)."""
    return _WINDOWS


_WINDOWS: Final = tuple(
    tuple((v - 1) % 13 + 1 for v in range(low, low + 5)) for low in range(1, 11)
)
_WINDOW_SETS: Final = tuple(frozenset(window) for window in _WINDOWS)


def _has_straight(values: set[int]) -> bool:
    return any(window <= values for window in _WINDOW_SETS)


def _checked_hand(cards: str | Iterable[str | Card], sizes: range) -> tuple[Card, ...]:
    if isinstance(cards, str) and len(cards) > 40 * sizes.stop:
        raise ValueError(f"A poker hand here has {sizes.start} to {sizes.stop - 1} cards.")
    hand = parse_cards(cards)
    if not sizes.start <= len(hand) < sizes.stop:
        raise ValueError(
            f"A poker hand here has {sizes.start} to {sizes.stop - 1} cards, not {len(hand)}."
        )
    if any(card.is_joker for card in hand):
        raise ValueError("Poker categories are for standard cards: the Joker is not allowed here.")
    ids = [card_id(card) for card in hand]
    if len(set(ids)) < len(ids):
        repeated = sorted({str(c) for c, i in zip(hand, ids, strict=True) if ids.count(i) > 1})
        raise ValueError(f"A hand cannot hold the same card twice: {', '.join(repeated)}.")
    return hand


def classify(cards: str | Iterable[str | Card]) -> str:
    """The best 5-card category (a name from :data:`CATEGORIES`) of 5 to 8 distinct cards.

    >>> classify("2S 2H 2D KS KC")
    'full_house'
    """
    hand = [(card.value, card.suit) for card in _checked_hand(cards, range(5, 9))]
    counts = [*sorted(Counter(value for value, _ in hand).values(), reverse=True), 0]
    flush_suit, flush_size = Counter(suit for _, suit in hand).most_common(1)[0]
    if flush_size >= 5 and _has_straight({v for v, suit in hand if suit == flush_suit}):
        return "straight_flush"
    if counts[0] == 4:
        return "four_of_a_kind"
    if counts[0] == 3 and counts[1] >= 2:
        return "full_house"
    if flush_size >= 5:
        return "flush"
    if _has_straight({value for value, _ in hand}):
        return "straight"
    if counts[0] == 3:
        return "three_of_a_kind"
    return ("high_card", "pair", "two_pair")[min(sum(n == 2 for n in counts), 2)]


# --------------------------------------------------------------------------- many hands, fast
#
# Every card adds a fixed 64-bit word, so a hand's word is the sum of its cards' words:
#   bits 3r..3r+2  how many cards of rank r (r = value - 1) the hand holds (0..4);
#   bits 40+4s..   how many cards of suit s (0..8).
# Rank counts give pairs/trips/quads by masking, straights by shifting; suit counts give
# flushes. Straight flushes are checked only on the few flush hands, with one bit per card.

_FIELD_LOW: Final = sum(1 << (3 * r) for r in range(13))  # lowest bit of every rank field
_RANK_BITS: Final = (1 << 39) - 1
_CARD_WORDS: Final = np.array(
    [(1 << (3 * (i >> 2))) + (1 << (40 + 4 * (i & 3))) for i in range(52)], dtype=np.uint64
)
# One bit per card, 16 bits per suit; the ace also sits at bit 13 so 10-J-Q-K-A is a run.
_SUIT_BITS: Final = np.array(
    [(1 << (16 * (i & 3) + (i >> 2))) | ((i >> 2 == 0) << (16 * (i & 3) + 13)) for i in range(52)],
    dtype=np.uint64,
)
_RUN_STARTS: Final = np.uint64(sum(0x3FF << (16 * s) for s in range(4)))
_CHUNK: Final = 1 << 15


def _base_table() -> npt.NDArray[np.uint8]:
    """Category from (ranks with 2+, ranks with 3+, ranks with 4) as index p2 + 5 p3 + 15 p4."""
    table = np.zeros(45, dtype=np.uint8)
    for p2 in range(5):
        for p3 in range(3):
            for p4 in range(3):
                if p3 > p2 or p4 > p3:
                    continue
                if p4:
                    cat = "four_of_a_kind"
                elif p3 and p2 >= 2:
                    cat = "full_house"
                elif p3:
                    cat = "three_of_a_kind"
                else:
                    cat = ("high_card", "pair", "two_pair")[min(p2, 2)]
                table[p2 + 5 * p3 + 15 * p4] = _INDEX[cat]
    return table


_BASE: Final = _base_table()
_U = np.uint64


def _rank_category(word: npt.NDArray[np.uint64]) -> Categories:
    """Best category from rank counts alone (no flushes) of words laid out as above."""
    r = word & _U(_RANK_BITS)
    low, r1, r2 = _U(_FIELD_LOW), r >> _U(1), r >> _U(2)
    at_least_2 = (r1 | r2) & low
    at_least_3 = ((r & r1) | r2) & low
    at_least_4 = r2 & low
    index = np.bitwise_count(at_least_2)
    index += np.bitwise_count(at_least_3) * np.uint8(5)
    index += np.bitwise_count(at_least_4) * np.uint8(15)
    category: Categories = _BASE[index]
    present = (r | r1 | r2) & low
    present |= (present & _U(1)) << _U(39)
    run = present & (present >> _U(3))
    run &= run >> _U(6)
    run &= present >> _U(12)
    np.maximum(category, (run != 0).view(np.uint8) * np.uint8(4), out=category)
    return category


def _classify_chunk(columns: Sequence[IdArray]) -> Categories:
    word = _CARD_WORDS[columns[0]]
    for column in columns[1:]:
        word += _CARD_WORDS[column]
    category = _rank_category(word)
    flush = (((word >> _U(40)) + _U(0x3333)) & _U(0x8888)) != 0
    (rows,) = np.nonzero(flush)
    if rows.size:
        category[rows] = np.maximum(category[rows], _INDEX["flush"])
        bits = _SUIT_BITS[columns[0][rows]]
        for column in columns[1:]:
            bits |= _SUIT_BITS[column[rows]]
        run = bits & (bits >> _U(1))
        run &= run >> _U(2)
        run &= (bits >> _U(4)) & _RUN_STARTS
        category[rows[run != 0]] = _INDEX["straight_flush"]
    return category


def _check_ids(ids: IdArray) -> None:
    if ids.ndim != 2 or not 5 <= ids.shape[1] <= 8:
        raise ValueError(f"Expected an array of shape (n, k) with k = 5..8, not {ids.shape}.")
    if ids.dtype.kind not in "iu":
        raise ValueError(f"Card ids are whole numbers from 0 to 51, not {ids.dtype} values.")
    if ids.size and (int(ids.min()) < 0 or int(ids.max()) > 51):
        raise ValueError("Card ids run from 0 to 51; this array holds others.")


def _check_distinct(columns: Sequence[IdArray]) -> None:
    seen = _CARD_BITS[columns[0]]
    for column in columns[1:]:
        seen |= _CARD_BITS[column]
    bad = np.flatnonzero(np.bitwise_count(seen) != len(columns))
    if bad.size:
        raise ValueError(f"Hand {int(bad[0])} holds the same card twice.")


_CARD_BITS: Final = np.array([1 << i for i in range(52)], dtype=np.uint64)


def classify_batch(ids: IdArray, *, check: bool = True) -> Categories:
    """The category index (0..8, see :data:`CATEGORIES`) of each row of card ids.

    ``ids`` has shape (n, k), k = 5..8, of :func:`acelab.engine.cards.card_id` values. With
    ``check`` (the default) ids out of range or repeated in a row raise :class:`ValueError`.
    """
    ids = np.asarray(ids)
    _check_ids(ids)
    columns_all = np.ascontiguousarray(ids.T, dtype=np.uint8)
    out = np.empty(ids.shape[0], dtype=np.uint8)
    for start in range(0, ids.shape[0], _CHUNK):
        columns = list(columns_all[:, start : start + _CHUNK])
        if check:
            _check_distinct(columns)
        out[start : start + _CHUNK] = _classify_chunk(columns)
    return out


def _whole(value: object, what: str, low: int, high: int) -> int:
    """``value`` when it is a whole number from ``low`` to ``high``; else a ValueError."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | np.integer)
        or not (low <= value <= high)
    ):
        raise ValueError(f"{what} is a whole number from {low:,} to {high:,}, not {value!r}.")
    return int(value)


def _seed(seed: object) -> None:
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ValueError(f"A seed here is a whole number, 0 or more, or None, not {seed!r}.")


def _category(category: object) -> None:
    if not isinstance(category, str) or category not in CATEGORIES:
        raise ValueError(f"{category!r} is not a category: choose one of {', '.join(CATEGORIES)}.")


def hand_ids(hands: Iterable[str | Iterable[str | Card]]) -> npt.NDArray[np.uint8]:
    """Card ids of several hands of equal size, as an array for :func:`classify_batch`."""
    if isinstance(hands, str) or not isinstance(hands, Iterable):
        raise ValueError("Give the hands as a list, each hand a text like 'AS KD 2C 7H 9S'.")
    rows = [[card_id(c) for c in _checked_hand(h, range(5, 9))] for h in hands]
    if len({len(row) for row in rows}) > 1:
        raise ValueError("All hands in a batch must have the same number of cards.")
    return np.array(rows, dtype=np.uint8)


def all_hands(k: int, deck_size: int = 52) -> npt.NDArray[np.uint8]:
    """Every k-card hand of cards 0..deck_size-1 as sorted rows of ids, in lexicographic order.

    ``all_hands(5)`` lists all C(52, 5) = 2,598,960 poker hands (13 MB); mind the size for k > 6.
    """
    _whole(k, "The number of cards", 1, 52)
    _whole(deck_size, "The deck size", 1, 52)
    if not 1 <= k <= deck_size <= 52:
        raise ValueError(f"Cannot deal {k} cards from a deck of {deck_size}.")
    rows = np.arange(deck_size, dtype=np.uint8)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1].astype(np.int64)
        grow = deck_size - 1 - last
        starts = np.repeat(np.cumsum(grow) - grow, grow)
        nexts = np.arange(int(grow.sum())) - starts + np.repeat(last + 1, grow)
        rows = np.column_stack([np.repeat(rows, grow, axis=0), nexts.astype(np.uint8)])
    return rows


def random_hands(n: int, k: int, seed: int | None = 0) -> npt.NDArray[np.uint8]:
    """``n`` uniformly random hands of ``k`` distinct card ids, one per row (seeded)."""
    _whole(n, "The number of hands", 0, 10**9)
    _whole(k, "A hand's number of cards", 1, 52)
    _seed(seed)
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    for start, stop in _batches(n, 1 << 16):
        out[start:stop] = np.column_stack(_random_hands(rng, stop - start, k))
    return out


# --------------------------------------------------------------------------- exact counts


@dataclass(frozen=True)
class FlushPart:
    """The hands whose flush suit holds one number of cards: each 0/1 row of ``suited`` (that
    suit's ranks) with each row of ``others`` (the rank counts of the other suits' cards), dealt
    in ``ways[j]`` ways for ``others[j]`` (the flush suit's choice included)."""

    suited: npt.NDArray[np.int64]
    others: npt.NDArray[np.int64]
    ways: npt.NDArray[np.int64]


@dataclass(frozen=True)
class RankPatterns:
    """All n-card hands grouped by rank pattern, to count them without listing them.

    ``counts`` (rows of 13 rank counts, ace first) with ``weights`` (hands per row) covers every
    hand. The hands with a suit holding ``flush_min`` or more cards are in ``flush`` again, one
    :class:`FlushPart` per size of that suit, so a score can correct them: at most one suit can
    reach ``flush_min``. A part is a product (every suited row with every other row), never
    listed row by row.
    """

    counts: npt.NDArray[np.int64]
    weights: npt.NDArray[np.int64]
    flush: tuple[FlushPart, ...]

    def tally(
        self,
        by_ranks: Callable[[npt.NDArray[np.int64]], npt.NDArray[np.integer]],
        by_flush: Callable[[npt.NDArray[np.int64]], npt.NDArray[np.integer]],
    ) -> dict[int, int]:
        """How many hands score each value, where a hand scores the larger of
        ``by_ranks(rank counts)`` and, when it has a flush suit, ``by_flush(its ranks)``."""
        plain = np.asarray(by_ranks(self.counts))
        keys = _keys(self.counts)
        order = np.argsort(keys)
        parts = [(plain, self.weights, 1)]
        for part in self.flush:
            # a hand's counts are its suited row plus its others row, so its key is their sum
            combined = _keys(part.suited)[:, None] + _keys(part.others)[None, :]
            old = plain[order[np.searchsorted(keys[order], combined.ravel())]]
            suited = np.repeat(np.asarray(by_flush(part.suited)), len(part.others))
            weights = np.tile(part.ways, len(part.suited))
            parts += [(old, weights, -1), (np.maximum(old, suited), weights, 1)]
        size = max(int(values.max(initial=0)) for values, _, _ in parts) + 1
        total = np.zeros(size, dtype=np.int64)
        for values, weights, sign in parts:
            # float sums of whole numbers below 2**53 are exact
            total += sign * np.bincount(values, weights, size).round().astype(np.int64)
        return {key: int(n) for key, n in enumerate(total.tolist()) if n}


def _keys(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """One whole number per row of rank counts (each count below 8), the same for equal rows."""
    keys: npt.NDArray[np.int64] = counts @ (8 ** np.arange(13, dtype=np.int64))
    return keys


def _count_vectors(total: int, cap: int) -> npt.NDArray[np.int64]:
    """Every row of 13 counts in 0..cap summing to ``total``."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for rank in range(13):
        sums = rows.sum(axis=1)
        parts = []
        for c in range(cap + 1):
            keep = sums + c <= total if rank < 12 else sums + c == total
            parts.append(np.column_stack([rows[keep], np.full(int(keep.sum()), c)]))
        rows = np.concatenate(parts)
    return rows


def _ways(counts: npt.NDArray[np.int64], suits: int) -> npt.NDArray[np.int64]:
    table = np.array([math.comb(suits, c) for c in range(5)], dtype=np.int64)
    ways: npt.NDArray[np.int64] = np.prod(table[counts], axis=1)
    return ways


def rank_patterns(n_cards: int, flush_min: int = 5, suits: int = 4) -> RankPatterns:
    """The :class:`RankPatterns` of n-card hands from a deck of 13 ranks × ``suits`` suits."""
    _whole(n_cards, "The number of cards", 1, 52)
    _whole(flush_min, "flush_min", 1, 13)
    _whole(suits, "The number of suits", 1, 4)
    if 2 * flush_min <= n_cards:
        raise ValueError("Two suits could both reach flush_min: the flush correction needs one.")
    counts = _count_vectors(n_cards, min(suits, 4))
    flush = []
    for size in range(flush_min, n_cards + 1):
        others = _count_vectors(n_cards - size, suits - 1)
        flush.append(FlushPart(_count_vectors(size, 1), others, suits * _ways(others, suits - 1)))
    return RankPatterns(counts, _ways(counts, suits), tuple(flush))


def _category_of_counts(counts: npt.NDArray[np.int64]) -> Categories:
    shifts = np.arange(13, dtype=np.uint64) * _U(3)
    words = (counts.astype(np.uint64) << shifts).sum(axis=1, dtype=np.uint64)
    return _rank_category(words)


def _category_of_flush(ranks: npt.NDArray[np.int64]) -> Categories:
    table: Categories = _FLUSH_TABLE[ranks @ (1 << np.arange(13))]
    return table


def _flush_table() -> Categories:
    """Category of one suit's 13-bit rank set: straight flush if it holds a run, else flush."""
    masks = np.arange(1 << 13)
    run = np.zeros(masks.size, dtype=bool)
    for window in straight_windows():
        bits = sum(1 << (v - 1) for v in window)
        run |= (masks & bits) == bits
    return np.where(run, _INDEX["straight_flush"], _INDEX["flush"]).astype(np.uint8)


_FLUSH_TABLE: Final = _flush_table()


def best_hand_counts(n_cards: int) -> dict[str, int]:
    """How many of the C(52, n) hands of ``n_cards`` (5..8) have each best category, exactly."""
    if isinstance(n_cards, bool) or not isinstance(n_cards, int) or not 5 <= n_cards <= 8:
        raise ValueError(f"Counts are for hands of 5 to 8 cards, not {n_cards!r}.")
    return _counts_for(n_cards, suits=4)


def _counts_for(n_cards: int, suits: int) -> dict[str, int]:
    tally = rank_patterns(n_cards, 5, suits).tally(_category_of_counts, _category_of_flush)
    return {name: tally.get(i, 0) for i, name in enumerate(CATEGORIES)}


# --------------------------------------------------------------------------- simulation


@dataclass(frozen=True)
class MonteCarlo:
    """Category counts of ``trials`` random hands, with 95% Wilson confidence intervals."""

    n_cards: int
    trials: int
    counts: dict[str, int]

    def estimate(self, category: str) -> float:
        """The fraction of simulated hands in ``category``."""
        return self.counts[category] / self.trials

    def interval(self, category: str) -> tuple[float, float]:
        """A 95% confidence interval (Wilson score) for the probability of ``category``."""
        return wilson_interval(self.counts[category], self.trials)


def _random_hands(rng: np.random.Generator, n: int, k: int) -> list[npt.NDArray[np.uint8]]:
    """``n`` uniformly random k-card hands as k columns of ids (Robert Floyd's algorithm)."""
    picks: list[npt.NDArray[np.uint8]] = []
    for top in range(52 - k, 52):
        draw = (rng.integers(0, 1 << 32, n, dtype=np.uint64) * _U(top + 1)) >> _U(32)
        pick = draw.astype(np.uint8)
        taken = np.zeros(n, dtype=bool)
        for earlier in picks:
            taken |= earlier == pick
        pick[taken] = top
        picks.append(pick)
    return picks


def monte_carlo(
    n_cards: int,
    trials: int,
    seed: int | None = 0,
    progress: Callable[[int], None] | None = None,
) -> MonteCarlo:
    """Deal ``trials`` random hands of ``n_cards`` (5..8) and count their categories.

    The same seed gives the same counts. ``progress(hands_done)`` is called after each batch.
    """
    if isinstance(n_cards, bool) or not isinstance(n_cards, int) or not 5 <= n_cards <= 8:
        raise ValueError(f"Simulations deal hands of 5 to 8 cards, not {n_cards!r}.")
    if not isinstance(trials, bool) and isinstance(trials, int) and trials < 1:
        raise ValueError("A simulation needs at least one trial.")
    _whole(trials, "The number of trials", 1, 10**10)
    _seed(seed)
    rng = np.random.default_rng(seed)
    totals = np.zeros(len(CATEGORIES), dtype=np.int64)
    for done in _batches(trials, 1 << 16):
        columns = _random_hands(rng, done[1] - done[0], n_cards)
        totals += np.bincount(_classify_chunk(columns), minlength=len(CATEGORIES))
        if progress is not None:
            progress(done[1])
    return MonteCarlo(n_cards, trials, dict(zip(CATEGORIES, totals.tolist(), strict=True)))


def _batches(total: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, total, size):
        yield start, min(total, start + size)


# --------------------------------------------------------------------------- formulas


def _c(n: int, k: int) -> sympy.Expr:
    import sympy

    return sympy.binomial(n, k, evaluate=False)


def _mul(*factors: sympy.Expr | int) -> sympy.Expr:
    import sympy

    return sympy.Mul(
        *[sympy.Integer(f) if isinstance(f, int) else f for f in factors], evaluate=False
    )


def _sub(a: sympy.Expr, b: sympy.Expr | int) -> sympy.Expr:
    import sympy

    negated = sympy.Integer(-b) if isinstance(b, int) else _mul(-1, b)
    return sympy.Add(a, negated, evaluate=False)


def _power(base: int, exponent: int) -> sympy.Expr:
    import sympy

    return sympy.Pow(_c(4, 1) if base == 4 else sympy.Integer(base), exponent, evaluate=False)


def formula(category: str) -> sympy.Expr:
    """The number of 5-card hands in ``category`` as an unevaluated SymPy product of binomials.

    ``formula("full_house")`` is 13·C(4,3)·12·C(4,2); ``int(formula(c).doit())`` is the count.
    """
    import sympy

    straights = 10
    builders: dict[str, Callable[[], sympy.Expr]] = {
        "high_card": lambda: _mul(_sub(_c(13, 5), straights), _sub(_power(4, 5), _c(4, 1))),
        "pair": lambda: _mul(_c(13, 1), _c(4, 2), _c(12, 3), _power(4, 3)),
        "two_pair": lambda: _mul(
            _c(13, 2), sympy.Pow(_c(4, 2), 2, evaluate=False), _c(11, 1), _c(4, 1)
        ),
        "three_of_a_kind": lambda: _mul(_c(13, 1), _c(4, 3), _c(12, 2), _power(4, 2)),
        "straight": lambda: _mul(straights, _sub(_power(4, 5), _c(4, 1))),
        "flush": lambda: _mul(_c(4, 1), _sub(_c(13, 5), straights)),
        "full_house": lambda: _mul(_c(13, 1), _c(4, 3), _c(12, 1), _c(4, 2)),
        "four_of_a_kind": lambda: _mul(_c(13, 1), _c(4, 4), _c(12, 1), _c(4, 1)),
        "straight_flush": lambda: _mul(straights, _c(4, 1)),
    }
    _category(category)
    return builders[category]()


def probability(category: str, n_cards: int) -> Fraction:
    """The exact chance that a random hand of ``n_cards`` has best category ``category``."""
    _category(category)
    counts = best_hand_counts(n_cards)
    return Fraction(counts[category], math.comb(52, n_cards))

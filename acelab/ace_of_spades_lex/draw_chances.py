"""The chances of the draw in Lex Productions' Ace of Spades, exactly and by simulation.

Pure functions for the lesson: the chance that the A♠ is among the first ``k`` cards (``k/52``),
the chance that both red aces come before the A♠ (``1/3``), and the *simplified game* — players
draw in turn, keep victory cards, and every other card does nothing — solved exactly by a
recursion over the deck in Fractions and set against a simulation of the same game.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, factorial
from typing import Final

from acelab.engine import MAX_GAMES, check_games, check_seed, derive_rng
from acelab.engine.cards import shuffle_in_place
from acelab.engine.stats import wilson_interval as _wilson
from acelab.engine.terms import shown

__all__ = [
    "ACES",
    "Estimate",
    "SimplifiedSimulation",
    "ace_orders",
    "race_chance",
    "red_aces_before_spade_ace",
    "simplified_win_chances",
    "simulate_red_aces_before_spade_ace",
    "simulate_simplified",
    "simulate_spade_ace_within",
    "spade_ace_within",
]

ACES: Final = ("A♠", "A♥", "A♦")
"""The three aces whose order the lesson counts."""

DECK_SIZE = 52
_SPADE_ACE, _RED_ACES, _KINGS = (
    0,
    (1, 2),
    (48, 49, 50, 51),
)  # card ids (acelab.engine.cards.card_id)
_OTHERS = DECK_SIZE - 1 - len(_RED_ACES) - len(_KINGS)


@dataclass(frozen=True)
class Estimate:
    """``hits`` out of ``trials``: the rate and its 95% Wilson interval ``low``..``high``."""

    hits: int
    trials: int
    rate: float
    low: float
    high: float

    def contains(self, value: Fraction | float) -> bool:
        """True when ``value`` lies inside the 95% interval."""
        return self.low <= value <= self.high

    def __str__(self) -> str:
        interval = f"95% CI {self.low:.4f} to {self.high:.4f}"
        return f"{self.hits}/{self.trials} = {self.rate:.4f} ({interval})"


def _estimate(hits: int, trials: int) -> Estimate:
    low, high = _wilson(hits, trials)
    return Estimate(hits, trials, hits / trials, low, high)


def _check_count(value: object, what: str, low: int, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        top = "" if high is None else f" to {high:,}"
        raise ValueError(f"{what} is a whole number from {low}{top}, not {shown(value)}.")
    return value


def spade_ace_within(k: int) -> Fraction:
    """The exact chance that the A♠ is among the first ``k`` cards of a shuffled deck.

    Counted: of the ``C(52, k)`` equally likely sets of first cards, ``C(51, k)`` leave the A♠
    out, so the chance is ``1 - C(51, k)/C(52, k)``, which is ``k/52``.
    """
    _check_count(k, "The number of cards k", 0, DECK_SIZE)
    return 1 - Fraction(comb(DECK_SIZE - 1, k), comb(DECK_SIZE, k))


def simulate_spade_ace_within(k: int, trials: int = 10_000, seed: int | str = 0) -> Estimate:
    """How often the A♠ was among the first ``k`` cards in ``trials`` seeded shuffles."""
    _check_count(k, "The number of cards k", 0, DECK_SIZE)
    _check_count(trials, "The number of trials", 1, MAX_GAMES)
    check_seed(seed)
    rng = derive_rng(seed, "spade ace within", k)
    order = list(range(DECK_SIZE))
    hits = 0
    for _ in range(trials):
        shuffle_in_place(rng, order)
        hits += order.index(_SPADE_ACE) < k
    return _estimate(hits, trials)


def red_aces_before_spade_ace() -> Fraction:
    """The exact chance that both red aces turn up before the A♠.

    Only the order of the three aces matters, and its 3! = 6 orders are equally likely; the
    A♠ is last in 2 of them.
    """
    orders = list(itertools.permutations((_SPADE_ACE, *_RED_ACES)))
    return Fraction(sum(order[-1] == _SPADE_ACE for order in orders), len(orders))


def simulate_red_aces_before_spade_ace(trials: int = 10_000, seed: int | str = 0) -> Estimate:
    """How often both red aces came before the A♠ in ``trials`` seeded shuffles."""
    _check_count(trials, "The number of trials", 1, MAX_GAMES)
    check_seed(seed)
    rng = derive_rng(seed, "red aces first")
    order = list(range(DECK_SIZE))
    hits = 0
    for _ in range(trials):
        shuffle_in_place(rng, order)
        spade = order.index(_SPADE_ACE)
        hits += all(order.index(ace) < spade for ace in _RED_ACES)
    return _estimate(hits, trials)


# ---------------------------------------------------------------- the simplified game


def simplified_win_chances(players: int) -> tuple[Fraction, ...]:
    """Each seat's exact chance of winning the simplified game (seat 0 draws first).

    The players draw in turn from a shuffled deck, keep the A♠, red aces and kings, and the
    first to hold the A♠, two red aces or three kings wins; no other card does anything.
    A recursion over what the deck still holds: from each situation, the next card is the A♠,
    a red ace, a king or another card, in proportion to how many of each are left.
    """
    _check_count(players, "The number of players", 2, 6)
    return _exact(players)


@cache
def _exact(players: int) -> tuple[Fraction, ...]:
    start = tuple((0, 0) for _ in range(players))
    ways = _ways(_OTHERS, start)
    _ways.cache_clear()  # up to a quarter of a million situations for six players
    orders = factorial(DECK_SIZE)
    return tuple(Fraction(w, orders) for w in ways)


@cache
def _ways(others: int, held: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """For each player, in how many of the orders of the cards left they win.

    ``held[0]`` is the player about to draw, then the others clockwise, each holding
    ``(red aces, kings)``; the deck holds the A♠, the red aces and kings nobody holds, and
    ``others`` cards of no account. A chance is a number of orders over the number of all
    orders (``T!`` for ``T`` cards): whole numbers keep the recursion exact and quick, and
    :func:`simplified_win_chances` divides once at the end.
    """
    n = len(held)
    red_left = len(_RED_ACES) - sum(r for r, _ in held)
    kings_left = len(_KINGS) - sum(k for _, k in held)
    total = 1 + red_left + kings_left + others
    rest = factorial(total - 1)  # orders of the cards after the one drawn now
    ways = [0] * n
    ways[0] = rest  # the A♠ first: the mover wins, whatever follows
    mover_red, mover_kings = held[0]
    outcomes = []
    if red_left:
        outcomes.append((red_left, others, (mover_red + 1, mover_kings)))
    if kings_left:
        outcomes.append((kings_left, others, (mover_red, mover_kings + 1)))
    if others:
        outcomes.append((others, others - 1, held[0]))
    for count, left, (red, kings) in outcomes:
        if red == len(_RED_ACES) or kings == 3:
            ways[0] += count * rest
            continue
        following = _ways(left, (*held[1:], (red, kings)))
        for seat in range(n):  # the next mover's seat j is this mover's seat j + 1
            ways[(seat + 1) % n] += count * following[seat]
    return tuple(ways)


@dataclass(frozen=True)
class SimplifiedSimulation:
    """Simulated games of the simplified game: each seat's wins, rate and 95% interval."""

    games: int
    wins: tuple[int, ...]
    estimates: tuple[Estimate, ...]

    def agrees_with(self, exact: tuple[Fraction, ...]) -> bool:
        """True when every seat's exact chance lies inside its simulated 95% interval."""
        return all(e.contains(p) for e, p in zip(self.estimates, exact, strict=True))


def simulate_simplified(
    players: int, games: int = 10_000, seed: int | str = 0
) -> SimplifiedSimulation:
    """Play ``games`` seeded games of the simplified game; seat 0 draws first."""
    _check_count(players, "The number of players", 2, 6)
    check_games(games)
    check_seed(seed)
    rng = derive_rng(seed, "simplified game", players)
    order = list(range(DECK_SIZE))
    wins = [0] * players
    red_aces, kings = frozenset(_RED_ACES), frozenset(_KINGS)
    for _ in range(games):
        shuffle_in_place(rng, order)
        red = [0] * players
        king = [0] * players
        for position, card in enumerate(order):
            seat = position % players
            if card == _SPADE_ACE:
                break
            if card in red_aces:
                red[seat] += 1
                if red[seat] == 2:
                    break
            elif card in kings:
                king[seat] += 1
                if king[seat] == 3:
                    break
        wins[seat] += 1
    estimates = tuple(_estimate(w, games) for w in wins)
    return SimplifiedSimulation(games, tuple(wins), estimates)


def ace_orders() -> tuple[tuple[str, str, str], ...]:
    """The 3! = 6 orders in which the three aces can turn up."""
    return tuple(itertools.permutations(ACES))  # type: ignore[arg-type]


def race_chance(cards: int) -> Fraction:
    """Two players take turns to draw from ``cards`` cards, one of them the A♠: the chance
    that the player about to draw is the one who draws it (the places 1, 3, 5, … of ``cards``)."""
    if type(cards) is not int or not 1 <= cards <= 52:
        raise ValueError("The number of cards is a whole number from 1 to 52.")
    return Fraction(math.ceil(cards / 2), cards)

"""Small statistics shared by every game's simulations and lessons: the Wilson interval, a win
rate with it, and the record every game's ``simulate`` returns."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

__all__ = [
    "MAX_GAMES",
    "SIMULATED_GAMES",
    "Z_95",
    "Simulation",
    "WinRate",
    "check_games",
    "wilson_interval",
]

Z_95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

MAX_GAMES: Final = 100_000
"""The most games one simulation plays."""

SIMULATED_GAMES: Final = 100
"""How many games every game's ``simulate(bots, games, seed, **options)`` plays unless told."""


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion of ``successes`` out of ``trials``.

    Unlike "p ± 2 standard errors" it never leaves 0..1 and behaves at 0 and at ``trials``
    (which are returned as exactly 0 and 1).
    """
    if trials < 1 or not 0 <= successes <= trials:
        raise ValueError("An interval needs at least one trial and 0 to that many successes.")
    z = Z_95
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    return (0.0 if successes == 0 else low), (1.0 if successes == trials else high)


def check_games(games: object) -> int:
    """``games`` when it is a whole number from 1 to :data:`MAX_GAMES`; otherwise ``ValueError``
    with a sentence (so ``simulate(games=10**30)`` stops at once instead of running for ever)."""
    if type(games) is not int or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"Simulate a whole number of games from 1 to {MAX_GAMES:,}.")
    return games


def _whole(value: object, least: int, what: str) -> None:
    if type(value) is not int or value < least:
        raise ValueError(f"{what} is a whole number, at least {least}, not {value!r}.")


@dataclass(frozen=True)
class WinRate:
    """``wins`` out of ``games``: the rate and its 95% Wilson interval ``low`` to ``high``."""

    wins: int
    games: int

    def __post_init__(self) -> None:
        _whole(self.games, 1, "The number of games")
        _whole(self.wins, 0, "The number of wins")
        if self.wins > self.games:
            raise ValueError(f"{self.wins} wins is more than the {self.games} games played.")

    @property
    def rate(self) -> float:
        """The share of games won, from 0 to 1."""
        return self.wins / self.games

    @property
    def low(self) -> float:
        """The low end of the 95% Wilson interval of the rate."""
        return wilson_interval(self.wins, self.games)[0]

    @property
    def high(self) -> float:
        """The high end of the 95% Wilson interval of the rate."""
        return wilson_interval(self.wins, self.games)[1]

    def __str__(self) -> str:
        low, high = wilson_interval(self.wins, self.games)
        return f"{self.wins}/{self.games} won = {self.rate:.1%} (95% CI {low:.1%} to {high:.1%})"


@dataclass(frozen=True)
class Simulation:
    """What every game's ``simulate(bots, games, seed, **options)`` returns: ``games`` games
    played by bots, ``wins[p]`` won by seat ``p`` (in a co-operative game, ``together``, every
    seat wins or loses together and counts the win), and ``moves`` made in all (or another
    ``unit`` the game counts, such as turns); ``levels``, when the game has levels, how far
    each game got (Ace of Spades: the Enemies beaten, 12 for a win).

    ``str`` is seat 0's :class:`WinRate` on one line ("45/200 won = 22.5% (95% CI 17.3% to
    28.8%)"), or with ``by_seat`` the games and the mean length, then a line per seat. ``rate``,
    ``low``, ``high`` and ``won`` are seat 0's, the seat a one-player game has; ``rates`` and
    ``intervals`` every seat's, and ``draws`` the games nobody won.
    """

    games: int
    wins: tuple[int, ...]
    moves: int
    unit: str = "moves"
    by_seat: bool = False
    levels: tuple[int, ...] = ()
    together: bool = False

    def __post_init__(self) -> None:
        check_games(self.games)
        if isinstance(self.wins, list):
            object.__setattr__(self, "wins", tuple(self.wins))
        if not isinstance(self.wins, tuple) or not self.wins:
            raise ValueError("Give the wins of every seat, as a tuple of whole numbers.")
        for wins in self.wins:
            WinRate(wins, self.games)
        _whole(self.moves, 0, "The number of moves")
        if isinstance(self.levels, list):
            object.__setattr__(self, "levels", tuple(self.levels))
        if not isinstance(self.levels, tuple):
            raise ValueError("Give how far each game got as a tuple of whole numbers.")
        for level in self.levels:
            _whole(level, 0, "A level reached")

    def seat(self, seat: int) -> WinRate:
        """How often seat ``seat`` won."""
        if type(seat) is not int or not 0 <= seat < len(self.wins):
            raise ValueError(f"The seats are numbered 0 to {len(self.wins) - 1}.")
        return WinRate(self.wins[seat], self.games)

    @property
    def seats(self) -> tuple[WinRate, ...]:
        """How often each seat won, seat by seat."""
        return tuple(WinRate(wins, self.games) for wins in self.wins)

    @property
    def mean_moves(self) -> float:
        """The mean length of a game, in moves (or the game's ``unit``)."""
        return self.moves / self.games

    @property
    def won(self) -> int:
        """The games seat 0 won."""
        return self.wins[0]

    @property
    def draws(self) -> int:
        """The games nobody won."""
        return self.games - (self.wins[0] if self.together else sum(self.wins))

    @property
    def rates(self) -> tuple[float, ...]:
        """Each seat's share of the games won."""
        return tuple(seat.rate for seat in self.seats)

    @property
    def intervals(self) -> tuple[tuple[float, float], ...]:
        """Each seat's 95% Wilson interval of its rate."""
        return tuple((seat.low, seat.high) for seat in self.seats)

    def reached(self, level: int) -> float:
        """The share of games that got at least to ``level`` (0 when no levels are kept)."""
        return sum(n >= level for n in self.levels) / max(1, len(self.levels))

    @property
    def rate(self) -> float:
        """Seat 0's share of games won."""
        return self.seat(0).rate

    @property
    def low(self) -> float:
        """The low end of the 95% interval of seat 0's rate."""
        return self.seat(0).low

    @property
    def high(self) -> float:
        """The high end of the 95% interval of seat 0's rate."""
        return self.seat(0).high

    def __str__(self) -> str:
        if not self.by_seat:
            return str(self.seat(0))
        lines = [f"{self.games} games, {self.mean_moves:.1f} {self.unit} on average"]
        for number, seat in enumerate(self.seats):
            lines.append(
                f"seat {number}: {seat.wins} wins = {seat.rate:.1%} "
                f"(95% CI {seat.low:.1%} to {seat.high:.1%})"
            )
        return "\n".join(lines)

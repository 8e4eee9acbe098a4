"""Is going first an advantage in Lex Productions' Ace of Spades? Seeded games between bots.

Each player count plays ``GOING_FIRST_GAMES`` seeded games of the real game between heuristic
bots, seat 0 first; the first seat's share of wins, with its 95% interval, is set against the
fair share 1/n.
"""

from __future__ import annotations

import functools
from typing import Final

from acelab.ace_of_spades_lex.bots import LexSimulation, heuristic_bot, simulate

__all__ = ["GOING_FIRST_GAMES", "PLAYERS", "SIMULATION_SEED", "first_seat_verdict", "going_first"]

SIMULATION_SEED: Final = "lex lesson"
"""The seed of every simulation the lesson shows (the same results on every computer)."""
PLAYERS: Final = (2, 3, 4, 5, 6)
GOING_FIRST_GAMES: Final = 1000


@functools.cache
def going_first(players: int) -> LexSimulation:
    """``GOING_FIRST_GAMES`` seeded games of the real game between heuristic bots, seat 0 first."""
    if players not in PLAYERS:
        raise ValueError("The lesson simulates 2 to 6 players.")
    return simulate(
        [heuristic_bot] * players, games=GOING_FIRST_GAMES, seed=f"{SIMULATION_SEED}/{players}"
    )


def first_seat_verdict(players: int) -> int:
    """0 when the interval shows an advantage, 2 a disadvantage, 1 when it holds the fair share."""
    low, high = going_first(players).intervals[0]
    fair = 1 / players
    return 0 if low > fair else 2 if high < fair else 1

"""Is going first an advantage in Lex Productions' Ace of Spades? Seeded games between bots.

Each player count plays ``GOING_FIRST_GAMES`` seeded games of the real game between heuristic
bots, seat 0 first; the first seat's share of wins, with its 95% interval, is set against the
fair share 1/n.

The games are the same on every computer, so their results ship as ``going_first.json``
(:func:`going_first` reads it; a test plays the games again and compares). Make it again with::

    python -m acelab.ace_of_spades_lex.going_first --make
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from acelab.ace_of_spades_lex.bots import LexSimulation, heuristic_bot, simulate
from acelab.engine.shipped import maker_arguments, read_shipped, write_shipped

__all__ = [
    "GOING_FIRST_FILE",
    "GOING_FIRST_GAMES",
    "PLAYERS",
    "SIMULATION_SEED",
    "first_seat_verdict",
    "going_first",
    "play_going_first",
]

SIMULATION_SEED: Final = "lex lesson"
"""The seed of every simulation the lesson shows (the same results on every computer)."""
PLAYERS: Final = (2, 3, 4, 5, 6)
GOING_FIRST_GAMES: Final = 1000
GOING_FIRST_FILE: Final = "going_first.json"
"""The shipped results of :func:`play_going_first` for every number of players."""
_ABOUT: Final = (
    "Lex's Ace of Spades: 1,000 seeded games between heuristic bots for 2 to 6 players, seat 0 "
    "first; the wins per seat and the turns played. Made by python -m "
    "acelab.ace_of_spades_lex.going_first --make."
)


def _check_players(players: object) -> int:
    if type(players) is not int or players not in PLAYERS:
        raise ValueError("The lesson simulates 2 to 6 players.")
    return players


def play_going_first(players: int) -> LexSimulation:
    """Play ``GOING_FIRST_GAMES`` seeded games of the real game between heuristic bots, seat 0
    first (what the shipped :func:`going_first` results hold)."""
    return simulate(
        [heuristic_bot] * _check_players(players),
        games=GOING_FIRST_GAMES,
        seed=f"{SIMULATION_SEED}/{players}",
    )


@functools.cache
def _shipped() -> dict[int, LexSimulation]:
    table = read_shipped("acelab.ace_of_spades_lex", GOING_FIRST_FILE)
    return {
        int(n): LexSimulation(
            GOING_FIRST_GAMES, tuple(run["wins"]), run["turns"], unit="turns", by_seat=True
        )
        for n, run in table.items()
    }


def going_first(players: int) -> LexSimulation:
    """``GOING_FIRST_GAMES`` seeded games of the real game between heuristic bots, seat 0
    first: the shipped results of :func:`play_going_first`."""
    return _shipped()[_check_players(players)]


def first_seat_verdict(players: int) -> int:
    """0 when the interval shows an advantage, 2 a disadvantage, 1 when it holds the fair share."""
    low, high = going_first(players).intervals[0]
    fair = 1 / players
    return 0 if low > fair else 2 if high < fair else 1


def main(argv: Sequence[str] | None = None) -> None:
    """Play the games again and write the results (``--make``), or print them."""
    args = maker_arguments(
        argv,
        "Is going first an advantage? Bots play.",
        "play every game and write them",
        Path(__file__).with_name(GOING_FIRST_FILE),
    )
    if not args.make:
        runs = {n: going_first(n) for n in PLAYERS}
    else:
        runs = {n: play_going_first(n) for n in PLAYERS}
        table = {str(n): {"wins": list(r.wins), "turns": r.moves} for n, r in runs.items()}
        write_shipped(args.out, _ABOUT, table)
        print(f"written to {args.out}")
    for n, run in runs.items():
        print(f"{n} players, seat 0 first: {run.seat(0)}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Two strategies for the first duel of Devir's Ace of Spades, played by bots many times.

The greedy bot plays the best Hand now; the strong bot weighs discarding by expected damage.
Each duel is a seeded Normal game, so the counts are the same on every computer: for the
lesson's seeds 1 to 200 they ship as ``first_duels.json`` (a test plays the duels again and
compares), and any other seed or number of duels is played when asked. Make the file again with::

    python -m acelab.ace_of_spades.duels --make [--processes 2]
"""

from __future__ import annotations

import functools
import multiprocessing
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from acelab.ace_of_spades.bots import Bot, greedy_bot, strong_bot
from acelab.ace_of_spades.draws import GAME
from acelab.engine import derive_rng
from acelab.engine.seeds import check_seed
from acelab.engine.shipped import maker_arguments, read_shipped, write_shipped
from acelab.engine.stats import wilson_interval

__all__ = [
    "DUELS",
    "DUELS_FILE",
    "SHIPPED_SEEDS",
    "STRATEGIES",
    "StrategyResult",
    "first_duels",
    "play_first_duels",
]

DUELS: Final = 200
"""First duels simulated per strategy."""
DUELS_FILE: Final = "first_duels.json"
"""The shipped wins of :func:`play_first_duels` for each strategy and seed of ``SHIPPED_SEEDS``."""
SHIPPED_SEEDS: Final = range(1, 201)
_ABOUT: Final = (
    "Devir's Ace of Spades: first duels won out of 200 seeded Normal games by each strategy, "
    "for seeds 1 to 200 in order. Made by python -m acelab.ace_of_spades.duels --make."
)


@dataclass(frozen=True)
class StrategyResult:
    """First duels won out of ``duels``, with the 95% Wilson interval."""

    name: str
    wins: int
    duels: int

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the share of first duels won."""
        return wilson_interval(self.wins, self.duels)


STRATEGIES: Final[dict[str, Bot]] = {"greedy": greedy_bot, "strong": strong_bot}


def _check(strategy: object, seed: object, duels: object) -> None:
    check_seed(seed)
    if not isinstance(strategy, str) or strategy not in STRATEGIES:
        raise ValueError(f"The strategies are greedy and strong, not {strategy!r}.")
    if type(duels) is not int or not 1 <= duels <= 5000:
        raise ValueError("Simulate 1 to 5,000 duels (a whole number).")


def first_duels(strategy: str, seed: int | str = 1, duels: int = DUELS) -> StrategyResult:
    """The first duels of ``duels`` seeded Normal games with a bot (``"greedy"``: play the
    best Hand now; ``"strong"``: weigh discarding by expected damage), counted: the shipped
    wins for the lesson's seeds, else :func:`play_first_duels`."""
    _check(strategy, seed, duels)
    if duels == DUELS and type(seed) is int and seed in SHIPPED_SEEDS:
        wins = _shipped()[strategy][seed - SHIPPED_SEEDS.start]
        return StrategyResult(strategy, wins, duels)
    return play_first_duels(strategy, seed, duels)


@functools.cache
def _shipped() -> dict[str, list[int]]:
    return read_shipped("acelab.ace_of_spades", DUELS_FILE)


def play_first_duels(strategy: str, seed: int | str = 1, duels: int = DUELS) -> StrategyResult:
    """Play the first duel of ``duels`` seeded Normal games with a bot; count the wins."""
    _check(strategy, seed, duels)
    return _play(strategy, seed, duels)


@functools.cache
def _play(strategy: str, seed: int | str, duels: int) -> StrategyResult:
    bot = STRATEGIES[strategy]
    wins = 0
    for number in range(duels):
        state = GAME.new_state(f"{seed}/duel/{number}")
        rng = derive_rng(seed, "duel bot", number)
        while not GAME.is_over(state) and state.level == 0:
            move = bot(GAME.observation(state, 0), GAME.legal_moves(state), rng)
            state = GAME.apply(state, move)
        wins += state.level > 0
    return StrategyResult(strategy, wins, duels)


def _wins(job: tuple[str, int]) -> int:
    return play_first_duels(*job).wins


def main(argv: Sequence[str] | None = None) -> None:
    """Play the duels of every shipped seed and write their wins (``--make``), or print the
    average wins."""
    args = maker_arguments(
        argv,
        "First duels of Ace of Spades, played by bots.",
        "play every duel and write the wins",
        Path(__file__).with_name(DUELS_FILE),
        processes=True,
    )
    if args.make:
        table: dict[str, list[int]] = {}
        with multiprocessing.Pool(args.processes) as pool:
            for name in STRATEGIES:
                table[name] = pool.map(_wins, [(name, seed) for seed in SHIPPED_SEEDS])
        write_shipped(args.out, _ABOUT, table)
        print(f"written to {args.out}")
    else:
        table = _shipped()
    for name, wins in table.items():
        print(f"{name}: {sum(wins) / len(wins):.1f} of {DUELS} first duels won, on average")


if __name__ == "__main__":
    main(sys.argv[1:])

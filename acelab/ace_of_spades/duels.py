"""Two strategies for the first duel of Devir's Ace of Spades, played by bots many times.

The greedy bot plays the best Hand now; the strong bot weighs discarding by expected damage.
Each duel is a seeded Normal game, so the counts are the same on every computer.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

from acelab.ace_of_spades.bots import Bot, greedy_bot, strong_bot
from acelab.ace_of_spades.draws import GAME
from acelab.engine import derive_rng
from acelab.seeds import check_seed
from acelab.stats import wilson_interval

__all__ = ["DUELS", "STRATEGIES", "StrategyResult", "first_duels"]

DUELS: Final = 200
"""First duels simulated per strategy."""


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


def first_duels(strategy: str, seed: int | str = 1, duels: int = DUELS) -> StrategyResult:
    """Play the first duel of ``duels`` seeded Normal games with a bot (``"greedy"``: play the
    best Hand now; ``"strong"``: weigh discarding by expected damage); count the wins."""
    check_seed(seed)
    if not isinstance(strategy, str) or strategy not in STRATEGIES:
        raise ValueError(f"The strategies are greedy and strong, not {strategy!r}.")
    if type(duels) is not int or not 1 <= duels <= 5000:
        raise ValueError("Simulate 1 to 5,000 duels (a whole number).")
    return _first_duels(strategy, seed, duels)


@functools.cache
def _first_duels(strategy: str, seed: int | str, duels: int) -> StrategyResult:
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

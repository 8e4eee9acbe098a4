"""A bot that solves Ace Pilot deals with limited search, to check the starting difficulty.

The bot looks at ``budget`` of the deal's legal equations, drawn at random without repeats, and
tries every rounding of each: it solves the deal when one of them makes the target. Its chance
of solving is exact, from the solver's figures (``equations`` legal, ``solutions`` winning):
one minus the chance that all ``budget`` equations drawn are losing ones.
"""

from __future__ import annotations

import math

from acelab.ace_pilot.deal_figures import DealFigures

__all__ = ["limited_search_rate"]


def limited_search_rate(figures: DealFigures, budget: int = 20) -> float:
    """The chance that the limited-search bot (``budget`` equations) solves the deal."""
    total, winning = figures.equations, figures.solutions
    if winning == 0:
        return 0.0
    if budget >= total - winning + 1:
        return 1.0
    missing = math.comb(total - winning, budget) / math.comb(total, budget)
    return 1.0 - missing

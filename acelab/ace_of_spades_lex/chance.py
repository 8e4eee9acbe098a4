"""The older name of :mod:`acelab.ace_of_spades_lex.draw_chances`
(the chances of the draw), kept so older imports work. The analysis module was renamed:
``lessons/chance.py`` is the lesson of that name."""

from acelab.ace_of_spades_lex.draw_chances import (
    ACES,
    Estimate,
    SimplifiedSimulation,
    ace_orders,
    race_chance,
    red_aces_before_spade_ace,
    simplified_win_chances,
    simulate_red_aces_before_spade_ace,
    simulate_simplified,
    simulate_spade_ace_within,
    spade_ace_within,
)

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

"""The older name of :mod:`acelab.ace_of_spades.redraws`
(what a discard and draw may bring), kept so older imports work. The analysis module was renamed:
``lessons/deciding.py`` is the lesson of that name."""

from acelab.ace_of_spades.redraws import (
    MAX_EXACT,
    best_totals,
    chance_to_improve,
    damage_after_discard,
    expected_damage,
    sampled_damage,
    unseen_cards,
)

__all__ = [
    "MAX_EXACT",
    "best_totals",
    "chance_to_improve",
    "damage_after_discard",
    "expected_damage",
    "sampled_damage",
    "unseen_cards",
]

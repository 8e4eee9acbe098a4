"""Devir's *Ace of Spades*: beat Enemies with poker Hands. For now, its damage scoring."""

from acelab.ace_of_spades.scoring import (
    BASE_DAMAGE,
    COMBINATIONS,
    Damage,
    best_play,
    bonus,
    damage,
    poor_hand_allowed,
)

__all__ = [
    "BASE_DAMAGE",
    "COMBINATIONS",
    "Damage",
    "best_play",
    "bonus",
    "damage",
    "poor_hand_allowed",
]

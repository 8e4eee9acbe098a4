"""Devir's *Ace of Spades*: beat twelve Enemies with poker Hands, alone or as two.

>>> from acelab.ace_of_spades import AceOfSpades
>>> state = AceOfSpades().new_state(0, difficulty="normal")
>>> len(state.hands[0]), state.life, state.hands_dial, state.discards_dial
(8, 5, 2, 2)
"""

from acelab.ace_of_spades.bots import SpadesSimulation, greedy_bot, random_bot, simulate, strong_bot
from acelab.ace_of_spades.enemies import Effect, Enemy, EnemyFileError, load_enemies
from acelab.ace_of_spades.moves import (
    DiscardDraw,
    PlayHand,
    Renew,
    SpadesMove,
    TakeFromDiscard,
    UseBenefit,
)
from acelab.ace_of_spades.rules import AceOfSpades
from acelab.ace_of_spades.scoring import (
    BASE_DAMAGE,
    COMBINATIONS,
    Damage,
    Modifiers,
    best_play,
    bonus,
    damage,
    poor_hand_allowed,
)
from acelab.ace_of_spades.state import Phase, SpadesState, SpadesView

__all__ = [
    "BASE_DAMAGE",
    "COMBINATIONS",
    "AceOfSpades",
    "Damage",
    "DiscardDraw",
    "Effect",
    "Enemy",
    "EnemyFileError",
    "Modifiers",
    "Phase",
    "PlayHand",
    "Renew",
    "SpadesMove",
    "SpadesSimulation",
    "SpadesState",
    "SpadesView",
    "TakeFromDiscard",
    "UseBenefit",
    "best_play",
    "bonus",
    "damage",
    "greedy_bot",
    "load_enemies",
    "poor_hand_allowed",
    "random_bot",
    "simulate",
    "strong_bot",
]

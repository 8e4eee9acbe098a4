"""Devir's *Ace of Spades*: beat twelve Enemies with poker Hands, alone or as two.

The modules, as in every acelab game: ``state`` (the state and one player's view), ``moves``,
``events``, ``rules`` (:class:`AceOfSpades`, the engine protocol), ``validate`` (the one check
of a state), ``narrate`` (events in words), ``bots`` (:func:`greedy_bot`, :func:`strong_bot`,
:func:`simulate`), ``table_view``, ``gestures`` and ``panel`` (the only one that imports
widgets). The rules run on: ``actions`` (what each move does, dispatched by phase), ``legal``
(the legal moves, listed lazily), ``dealing`` (shuffles, draws), ``levels`` (an Enemy revealed,
beaten, the end of the game) and ``in_force`` (the Enemy effects in force). The Enemy deck is
data (``enemies`` reads ``enemies.toml``); ``achievements`` reads the twenty off a game's
events. The analysis: ``scoring`` (the damage of a Hand), ``batch`` (of many hands at once, in
NumPy), ``odds`` (exact chances of an opening hand), ``deciding`` (play now or discard: exact
and sampled damage after a draw), and for the lessons ``draws``, ``duels``, ``hand_chances``
and ``lessons/``.

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

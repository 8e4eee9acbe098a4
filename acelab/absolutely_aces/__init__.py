"""Absolutely Aces (Tom Russell, Hollandspiele): a WWI dogfight for two with twelve cards.

The cards as data (:data:`CARDS`, :func:`load_cards`), the rules engine
(:class:`AbsolutelyAces`), the exact solver (:mod:`acelab.absolutely_aces.solver`) and bots.
Pure Python: importing this package never imports a widget library.
"""

from acelab.absolutely_aces.cards import CARDS, PAIR_POINTS, AcesCard, CardSet, load_cards
from acelab.absolutely_aces.rules import (
    HAND_SIZE,
    MAX_PAIRS,
    TARGET,
    AbsolutelyAces,
    AcesMove,
    AcesState,
    AcesView,
    Dealt,
    MatchWon,
    PairDiscarded,
    Phase,
    Pick,
    Picked,
    PicksRevealed,
    Play,
    Played,
    PlayPair,
    RoundEnded,
    RoundResult,
    TookReserve,
    player_name,
)

__all__ = [
    "CARDS",
    "HAND_SIZE",
    "MAX_PAIRS",
    "PAIR_POINTS",
    "TARGET",
    "AbsolutelyAces",
    "AcesCard",
    "AcesMove",
    "AcesState",
    "AcesView",
    "CardSet",
    "Dealt",
    "MatchWon",
    "PairDiscarded",
    "Phase",
    "Pick",
    "Picked",
    "PicksRevealed",
    "Play",
    "PlayPair",
    "Played",
    "RoundEnded",
    "RoundResult",
    "TookReserve",
    "load_cards",
    "player_name",
]

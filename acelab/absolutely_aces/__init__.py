"""Absolutely Aces (Tom Russell, Hollandspiele): a WWI dogfight for two with twelve cards.

The cards as data (:data:`CARDS`, :func:`load_cards`); the state (:mod:`.state`), moves
(:mod:`.moves`) and events (:mod:`.events`); the rules engine (:class:`AbsolutelyAces`, in
:mod:`.rules`, with the check of a loaded state in :mod:`.validate`); the exact solver
(:func:`round_value`, :func:`deal_value`), the table of all 16,632 deals (:func:`deal_table`,
:func:`summary`), the secret pick solved as the game of hidden hands it is (:mod:`.pick`:
``equilibrium()``, ``peek_value()``) and bots (:mod:`.bots`). For the panel: :mod:`.narrate`
(events in words), :mod:`.table_view` and :mod:`.gestures` (pure), :mod:`.panel`.
Pure Python: importing this package never imports a widget library.
"""

from acelab.absolutely_aces.card_set import CARDS, PAIR_POINTS, AcesCard, CardSet, load_cards
from acelab.absolutely_aces.deals import DealRow, Summary, deal_table, summary
from acelab.absolutely_aces.events import (
    Dealt,
    MatchWon,
    PairDiscarded,
    Picked,
    PicksRevealed,
    Played,
    RoundEnded,
    TookReserve,
)
from acelab.absolutely_aces.moves import AcesMove, Pick, Play, PlayPair
from acelab.absolutely_aces.rules import AbsolutelyAces
from acelab.absolutely_aces.solver import DealValue, best_moves, deal_value, round_value
from acelab.absolutely_aces.state import (
    HAND_SIZE,
    MAX_PAIRS,
    TARGET,
    AcesState,
    AcesView,
    Phase,
    RoundResult,
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
    "DealRow",
    "DealValue",
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
    "Summary",
    "TookReserve",
    "best_moves",
    "deal_table",
    "deal_value",
    "load_cards",
    "player_name",
    "round_value",
    "summary",
]

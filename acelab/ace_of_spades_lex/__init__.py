"""Lex Productions' Ace of Spades: 2 to 6 players draw until someone holds the A♠, two red aces
or three kings, with thieves, stops, nukes and Deuce Ex Machina on the way (RULINGS §3).

The same files as every acelab game: ``state`` (the state and one player's view), ``moves``,
``events``, ``rules`` (:class:`AceOfSpadesLex`, the engine protocol), ``validate`` (the one
check of a state), ``narrate`` (events in words), ``bots`` (:func:`random_bot`,
:func:`heuristic_bot`, :func:`simulate`), ``table_view``, ``gestures`` and ``panel``; the
rules run on a working copy of a state (``working``), by the move handlers (``actions``)
and the cards' effects (``effects``); ``draw_chances`` holds the lesson's exact chances. Pure Python
but for ``panel``: importing the package never imports a widget.
"""

from acelab.ace_of_spades_lex.bots import (
    LexSimulation,
    heuristic_bot,
    random_bot,
    simulate,
    threats,
)
from acelab.ace_of_spades_lex.events import (
    Absorbed,
    Banked,
    Countered,
    Dealing,
    Dealt,
    Discarded,
    Drew,
    Foiled,
    Freed,
    Kept,
    Nuked,
    Passed,
    Played,
    Rebuilt,
    Restarted,
    Skipped,
    Stalemate,
    Stole,
    Stopped,
    Won,
    visible_events,
)
from acelab.ace_of_spades_lex.moves import (
    Accept,
    Counter,
    DealTo,
    DeuceExMachina,
    Draw,
    EndTurn,
    Foil,
    LexMove,
    Nuke,
    Pass,
    Steal,
    Stop,
)
from acelab.ace_of_spades_lex.narrate import narrate
from acelab.ace_of_spades_lex.rules import AceOfSpadesLex, next_match
from acelab.ace_of_spades_lex.state import Attack, LexState, LexView, Phase

__all__ = [
    "Absorbed",
    "Accept",
    "AceOfSpadesLex",
    "Attack",
    "Banked",
    "Counter",
    "Countered",
    "DealTo",
    "Dealing",
    "Dealt",
    "DeuceExMachina",
    "Discarded",
    "Draw",
    "Drew",
    "EndTurn",
    "Foil",
    "Foiled",
    "Freed",
    "Kept",
    "LexMove",
    "LexSimulation",
    "LexState",
    "LexView",
    "Nuke",
    "Nuked",
    "Pass",
    "Passed",
    "Phase",
    "Played",
    "Rebuilt",
    "Restarted",
    "Skipped",
    "Stalemate",
    "Steal",
    "Stole",
    "Stop",
    "Stopped",
    "Won",
    "heuristic_bot",
    "narrate",
    "next_match",
    "random_bot",
    "simulate",
    "threats",
    "visible_events",
]

"""Ace Pilot: four ace pilots do arithmetic to defeat the Evil Evens (a solitaire/co-op game).

The rules engine (:class:`AcePilot`) and the events of its moves (:mod:`acelab.ace_pilot.events`:
``Revealed``, ``Drew``, ``Discarded``, ``EvensTaken``, ``JokerSpent``, ``PilotDefeated``,
``PilotsRestored``, ``AssaultWon``, ``GameOver`` and more), the Assault Equation
(:class:`Equation`), the solver (:func:`solve`, :func:`hint`, :func:`solvability`) and bots
(:func:`simulate`). Pure Python: importing this package never imports a widget library.
"""

from acelab.ace_pilot import events
from acelab.ace_pilot.bots import random_bot, simulate, strong_bot
from acelab.ace_pilot.equation import Equation, EquationSyntaxError, Group, Rounding
from acelab.ace_pilot.hints import Hint, hint
from acelab.ace_pilot.moves import (
    Assault,
    ChoosePilot,
    Concede,
    ContinueSession,
    Discard,
    DrawDeck,
    DrawDiscard,
    DrawOdd,
    EndSession,
    KeepJoker,
    PilotMove,
    RestorePilots,
    endings,
)
from acelab.ace_pilot.pilots import PILOT_NAMES, PILOTS, parse_pilot, pilot_name
from acelab.ace_pilot.rules import AcePilot
from acelab.ace_pilot.solvability import solvability
from acelab.ace_pilot.solver import all_equations, reachable, solve, zero_divisions
from acelab.ace_pilot.state import Phase, PilotState, PilotView
from acelab.stats import Simulation

__all__ = [
    "PILOTS",
    "PILOT_NAMES",
    "AcePilot",
    "Assault",
    "ChoosePilot",
    "Concede",
    "ContinueSession",
    "Discard",
    "DrawDeck",
    "DrawDiscard",
    "DrawOdd",
    "EndSession",
    "Equation",
    "EquationSyntaxError",
    "Group",
    "Hint",
    "KeepJoker",
    "Phase",
    "PilotMove",
    "PilotState",
    "PilotView",
    "RestorePilots",
    "Rounding",
    "Simulation",
    "all_equations",
    "endings",
    "events",
    "hint",
    "parse_pilot",
    "pilot_name",
    "random_bot",
    "reachable",
    "simulate",
    "solvability",
    "solve",
    "strong_bot",
    "zero_divisions",
]

"""Ace Pilot: four ace pilots do arithmetic to defeat the Evil Evens (a solitaire/co-op game).

The rules engine (:class:`AcePilot`), the Assault Equation (:class:`Equation`), the solver
(:func:`solve`, :func:`hint`, :func:`solvability`) and bots (:func:`simulate`). Pure Python:
importing this package never imports a widget library.
"""

from acelab.ace_pilot.equation import (
    PILOT_NAMES,
    Equation,
    EquationSyntaxError,
    Group,
    Rounding,
    parse_pilot,
    pilot_name,
)
from acelab.ace_pilot.rules import (
    AcePilot,
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
    Phase,
    PilotMove,
    PilotState,
    PilotView,
    RestorePilots,
    endings,
)
from acelab.ace_pilot.solver import PILOTS, all_equations, reachable, solve, zero_divisions

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
    "KeepJoker",
    "Phase",
    "PilotMove",
    "PilotState",
    "PilotView",
    "RestorePilots",
    "Rounding",
    "all_equations",
    "endings",
    "parse_pilot",
    "pilot_name",
    "reachable",
    "solve",
    "zero_divisions",
]

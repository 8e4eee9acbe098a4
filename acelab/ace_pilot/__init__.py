"""Ace Pilot: four ace pilots do arithmetic to defeat the Evil Evens (a solitaire/co-op game).

The rules engine (:class:`AcePilot`) and the events of its moves (:mod:`acelab.ace_pilot.events`:
``Revealed``, ``Drew``, ``Discarded``, ``EvensTaken``, ``JokerSpent``, ``PilotDefeated``,
``PilotsRestored``, ``AssaultWon``, ``GameOver`` and more), the Assault Equation
(:class:`Equation`), the solver (:func:`solve`, :func:`hint`, :func:`solvability`) and bots
(:func:`simulate`). Pure Python: importing this package never imports a widget library.

The modules, as in every acelab game: ``state`` (the state and the player's view), ``moves``,
``events``, ``rules`` (the :class:`AcePilot` game), ``validate`` (the one check of a state),
``narrate`` (events to the learner's sentences), ``bots``, ``table_view``, ``gestures`` and
``panel`` (the only one that imports widgets). Ace Pilot's own: ``pilots`` (names and
operations), the equation (``structure``: the order aces resolve in; ``operations``: what each
pilot makes; ``equation``; ``formula``: printing and explaining; ``equation_parser``), the
analysis (``solver``: every equation that reaches a target; ``solvability``: how many deals can
be solved; ``hints``; ``situations`` for the lesson; ``deal_figures`` and ``practice_round``
for Practice: one chosen deal as a round), and the panel's ``builder`` (the equation being
built click by click) and ``equation_view``.
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
from acelab.engine.stats import Simulation

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

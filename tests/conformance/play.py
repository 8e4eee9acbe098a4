"""Random games of every game, played once per test session and shared by the tests."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Any

from acelab.engine import derive_rng
from acelab.engine.cards import random_index
from tests.conformance.games import ADAPTERS

MAX_MOVES = 400
"""A random game is cut after this many moves (its states are as good as any)."""
BOT_SHARE = 0.8
"""The share of moves a game's bot (if its adapter names one) plays; the rest are random."""


@dataclass(frozen=True)
class Played:
    """A random game: its seed and options, every state reached, the moves and their events."""

    seed: int | str
    options: dict[str, Any]
    states: tuple[Any, ...]
    moves: tuple[Any, ...]
    events: tuple[Any, ...]


def random_game(name: str, number: int) -> Played:
    """Game ``number`` of ``name``, each move drawn uniformly from the legal ones."""
    adapter = ADAPTERS[name]
    game = adapter.game
    options = adapter.options[number % len(adapter.options)]
    seed: int | str = number if number % 3 else f"conformance {number}"
    rng = derive_rng("conformance", name, number)
    bot = adapter.bot and getattr(importlib.import_module(f"acelab.{name}.bots"), adapter.bot)
    state = game.new_state(seed, **options)
    states, moves, events = [state], [], []
    while not game.is_over(state) and len(moves) < MAX_MOVES:
        legal = game.legal_moves(state)
        if bot and rng.random() < BOT_SHARE:
            move = bot(game.observation(state, game.to_move(state)), legal, rng)
        else:
            move = legal[random_index(rng, len(legal))]
        step = game.step(state, move)
        state = step.state
        states.append(state)
        moves.append(move)
        events.extend(step.events)
    return Played(seed, dict(options), tuple(states), tuple(moves), tuple(events))


@cache
def random_games(name: str, count: int) -> tuple[Played, ...]:
    """The first ``count`` random games of ``name`` (computed once per session)."""
    return tuple(random_game(name, number) for number in range(count))

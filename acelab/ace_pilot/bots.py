"""Bots for Ace Pilot and a simulator that measures their win rate.

A bot is a plain function ``choose(observation, legal_moves, rng) -> move``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final

from acelab.ace_pilot.hints import draw_options
from acelab.ace_pilot.moves import (
    Assault,
    ChoosePilot,
    Concede,
    Discard,
    DrawOdd,
    EndSession,
    PilotMove,
    RestorePilots,
)
from acelab.ace_pilot.pilots import PILOTS
from acelab.ace_pilot.rules import AcePilot
from acelab.ace_pilot.solver import (
    count_solutions,
    first_solution_per_ending,
    pilot_index,
    pilot_mask,
    targets_reached,
)
from acelab.ace_pilot.state import MAX_CHALLENGE, Phase, PilotView
from acelab.engine import Simulation, check_games, check_seed, derive_rng, play_out
from acelab.engine.cards import Suit, random_index
from acelab.engine.play import check_choice
from acelab.engine.stats import SIMULATED_GAMES

__all__ = ["BOTS", "Bot", "random_bot", "simulate", "strong_bot"]

Bot = Callable[[PilotView, Sequence[PilotMove], random.Random], PilotMove]
"""An Ace Pilot bot: ``choose(view, legal_moves, rng) -> move``."""


def random_bot(view: PilotView, moves: Sequence[PilotMove], rng: random.Random) -> PilotMove:
    """Any legal move, uniformly at random."""
    check_choice(view, moves, rng, PilotView)
    return moves[random_index(rng, len(moves))]


# The strong bot scores on the solver's internal encoding (sorted card values, a pilot index,
# a 4-bit mask of pilots) so that its many look-ups never hash the Suit enum.

_NO_PILOT = -1


@lru_cache(maxsize=100_000)
def _score(cards: tuple[int, ...], start: int, ready: int, top: int) -> int:
    """How many even targets up to ``top`` these cards can reach (start ``-1``: the best)."""
    starts = [start] if start != _NO_PILOT else [p for p in range(4) if ready >> p & 1]
    return max((targets_reached(cards, p, ready & ~(1 << p), top) for p in starts), default=0)


def _keep_score(view: PilotView, cards: Sequence[int], start: Suit | None) -> int:
    return _keep_score_in(pilot_mask(view.ready), view.challenge, cards, start)


def _keep_score_in(ready: int, challenge: int, cards: Sequence[int], start: Suit | None) -> int:
    """:func:`_score` of keeping ``cards`` with these Ready pilots (a mask) and Ending Pilot."""
    index = _NO_PILOT if start is None else pilot_index(start)
    if start is not None:
        ready &= ~(1 << index)
    return _score(tuple(sorted(cards)), index, ready, 12 * challenge)


def _best_keep(view: PilotView, hand: Sequence[int], start: Suit | None) -> tuple[int, ...]:
    """Indices of the 3 cards to keep, for the best next round."""
    return _best_keep_in(pilot_mask(view.ready), view.challenge, tuple(hand), start)


@lru_cache(maxsize=100_000)
def _best_keep_in(
    ready: int, challenge: int, hand: tuple[int, ...], start: Suit | None
) -> tuple[int, ...]:
    return max(
        itertools.combinations(range(len(hand)), 3),
        key=lambda keep: _keep_score_in(ready, challenge, [hand[i] for i in keep], start),
    )


def _solvable(view: PilotView, hand: tuple[int, ...], pilot: Suit) -> int:
    ready = pilot_mask(view.ready) & ~(1 << pilot_index(pilot))
    return count_solutions(tuple(sorted(hand)), view.target, pilot_index(pilot), ready)


def strong_bot(view: PilotView, moves: Sequence[PilotMove], rng: random.Random) -> PilotMove:
    """A solver-backed bot: it draws and picks pilots to keep this round solvable, chooses the
    Ending Pilot and the discards (and the top card) to keep future rounds solvable, spends
    jokers to restore pilots, and never divides by zero."""
    check_choice(view, moves, rng, PilotView)
    phase = view.phase
    if phase is Phase.CHOOSE_PILOT:
        if not view.evens:
            return max(
                moves,
                key=lambda m: (
                    _keep_score(view, view.hand_values, m.pilot)
                    if isinstance(m, ChoosePilot)
                    else -1
                ),
            )
        options = draw_options(view)

        def pilot_value(move: PilotMove) -> int:
            if not isinstance(move, ChoosePilot):
                return -1
            extra: list[tuple[int, ...]] = [(c.value,) for c in options] or [()]
            return max(_solvable(view, (*view.hand_values, *e), move.pilot) for e in extra)

        return max(moves, key=pilot_value)
    if phase is Phase.DRAW:
        start = view.assault
        if start is None or not isinstance(moves[0], DrawOdd):
            return moves[0]
        return max(
            moves,
            key=lambda m: (
                _solvable(view, (*view.hand_values, m.card.value), start)
                if isinstance(m, DrawOdd)
                else -1
            ),
        )
    if phase is Phase.ASSAULT:
        return _assault(view, moves)
    if phase is Phase.RESTORE:
        return RestorePilots()
    if phase is Phase.DISCARD:
        return _discard(view)
    if phase is Phase.CLEARED:
        return EndSession()
    return moves[0]


def _assault(view: PilotView, moves: Sequence[PilotMove]) -> PilotMove:
    start = view.assault
    if start is None:
        return Concede()
    avail = pilot_mask(view.ready) & ~(1 << pilot_index(start))
    cards = tuple(sorted(view.hand_values))
    found = first_solution_per_ending(cards, view.target, pilot_index(start), avail)
    first = {PILOTS[pilot]: eq for pilot, eq in found}
    if not first:
        return Concede()
    after = (
        (*view.hand_values, view.target)
        if view.challenge == 1
        else (*view.hand_values, *(c.value for c in view.evens))
    )
    best: dict[Suit, int] = {}
    for ending, eq in first.items():
        ready = {*view.ready, *eq.suits} - {ending}
        if start is not ending:
            ready.add(start)
        mask = pilot_mask(ready)
        keep = _best_keep_in(mask, view.challenge, after, ending)
        best[ending] = _keep_score_in(mask, view.challenge, [after[i] for i in keep], ending)
    ending = max(best, key=lambda e: best[e])
    return Assault(first[ending], ending)


def _discard(view: PilotView) -> PilotMove:
    hand = view.hand
    values = [c.value for c in hand]
    keep = set(_best_keep(view, values, view.assault))
    spare = [i for i in range(len(hand)) if i not in keep]
    if len(spare) == 1:
        return Discard(hand[spare[0]])
    kept = [values[i] for i in keep]
    top = max(spare, key=lambda i: _keep_score(view, [*kept, values[i]], view.assault))
    return Discard(hand[next(i for i in spare if i != top)])


BOTS: Final[dict[str, Bot]] = {"random": random_bot, "strong": strong_bot}
"""The bots by name (every game names its strongest bot "strong")."""


def simulate(
    bots: Bot | str | Sequence[Bot | str] = "strong",
    games: int = SIMULATED_GAMES,
    seed: int | str = 0,
    *,
    challenge: int = 1,
) -> Simulation:
    """Play ``games`` games with ``bots`` (a function, ``"random"`` or ``"strong"``; or a list
    of one, the one seat's) at this Challenge Rating, each dealt from ``(seed, game number)``;
    the win rate with a 95% CI (at most :data:`~acelab.engine.stats.MAX_GAMES` games). Every game's
    ``simulate`` takes ``(bots, games, seed)`` and its own options by keyword."""
    bot: object = bots
    if isinstance(bot, Sequence) and not isinstance(bot, str) and len(bot) == 1:
        bot = bot[0]
    if isinstance(bot, str):
        if bot not in BOTS:
            raise ValueError("The named bots are 'random' and 'strong'.")
        bot = BOTS[bot]
    if not callable(bot):
        raise ValueError("A bot is 'random', 'strong' or a function choose(view, moves, rng).")
    check_games(games)
    if type(challenge) is not int or not 1 <= challenge <= MAX_CHALLENGE:
        raise ValueError(f"The Challenge Rating is a whole number from 1 to {MAX_CHALLENGE}.")
    check_seed(seed)
    game = AcePilot()
    wins = moves = 0
    for number in range(games):
        state = game.new_state(f"{seed}/{number}", challenge=challenge)
        played = play_out(game, state, [bot], [derive_rng(seed, "bot", number)])
        wins += played.outcome is not None and played.outcome.won()
        moves += played.moves
    return Simulation(games, (wins,), moves)

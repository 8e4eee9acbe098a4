"""Bots for Absolutely Aces and a simulator of matches between them.

A bot is a plain function ``choose(observation, legal_moves, rng) -> move``; it sees only its
own :class:`~acelab.absolutely_aces.rules.AcesView` and draws any chance from ``rng`` (through
:func:`acelab.engine.cards.random_index` or ``rng.random()``, so a seeded match replays exactly).

* :func:`perfect_bot` picks from the hidden-hands equilibrium of the pick
  (:func:`acelab.absolutely_aces.pick.equilibrium`), using its own hand only, and then plays a
  move that keeps the round's exact value (the solver);
* :func:`greedy_bot` picks its highest card (to go first) and plays for points now: a move
  that wins at once if it has one (the most points), else its highest-scoring card;
* :func:`random_bot` plays any legal move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import cast

from acelab.absolutely_aces.moves import AcesMove, Pick, Play
from acelab.absolutely_aces.pick import equilibrium, equilibrium_problem, rule_pick
from acelab.absolutely_aces.rules import AbsolutelyAces
from acelab.absolutely_aces.solver import best_moves
from acelab.absolutely_aces.state import AcesState, AcesView, Phase
from acelab.engine import (
    PlayedGame,
    Simulation,
    check_games,
    check_seed,
    derive_rng,
    play_out,
)
from acelab.engine.cards import random_index
from acelab.engine.play import check_choice
from acelab.engine.stats import SIMULATED_GAMES

__all__ = [
    "BOTS",
    "Bot",
    "greedy_bot",
    "perfect_bot",
    "perfect_pick",
    "play_match",
    "random_bot",
    "simulate",
]

Bot = Callable[[AcesView, Sequence[AcesMove], random.Random], AcesMove]
_GAME = AbsolutelyAces()


def random_bot(view: AcesView, moves: Sequence[AcesMove], rng: random.Random) -> AcesMove:
    """Any legal move, uniformly at random."""
    check_choice(view, moves, rng, AcesView)
    return moves[random_index(rng, len(moves))]


def _draw(strategy: dict[str, object], rng: random.Random) -> str:
    """A card drawn with the probabilities of ``strategy`` (in its order) from ``rng.random()``."""
    point = rng.random()
    total = 0.0
    chosen = ""
    for card, probability in strategy.items():
        if probability:
            chosen = card
            total += float(probability)  # type: ignore[arg-type]
            if point < total:
                break
    return chosen


def perfect_pick(view: AcesView, rng: random.Random) -> Pick:
    """The perfect bot's secret pick: drawn (one ``rng.random()``) from the hidden-hands
    equilibrium's mixed pick of the bot's own hand — it never looks at the other hand.

    If the equilibrium file is refused (missing, damaged or not certifying), the pick is the
    safe rule :func:`~acelab.absolutely_aces.pick.rule_pick` (the first of Joker, Swoop, Ace,
    Break, Climb, Roll, Scissors held; a best pick for most hands) and
    :func:`~acelab.absolutely_aces.pick.equilibrium_problem` says why, for a panel to tell
    once."""
    check_choice(view, [None], rng, AcesView)
    hand = view.hands[view.player]
    if equilibrium_problem() is not None:
        rng.random()  # the same draws as with the file, so a seeded match stays in step
        return Pick(view.player, rule_pick(hand))
    return Pick(view.player, _draw(dict(equilibrium().strategy(hand)), rng))


def perfect_bot(view: AcesView, moves: Sequence[AcesMove], rng: random.Random) -> AcesMove:
    """Optimal play: the pick from :func:`perfect_pick`, then a best move (among several
    equally good ones, one at random)."""
    check_choice(view, moves, rng, AcesView)
    if view.phase is Phase.PICK:
        return perfect_pick(view, rng)
    best = best_moves(view, _GAME)
    return best[random_index(rng, len(best))]


def greedy_bot(view: AcesView, moves: Sequence[AcesMove], rng: random.Random) -> AcesMove:
    """Points now: the highest card at the pick; on a go, a move that wins at once (the most
    points) if there is one, else the highest-scoring card, else a Pair."""
    check_choice(view, moves, rng, AcesView)
    if view.phase is Phase.PICK:
        hand = view.hands[view.player]
        return Pick(view.player, max(hand, key=lambda c: _GAME.card(c).number))
    winning = [m for m in moves if _wins_at_once(view, m)]
    if winning:
        return max(winning, key=lambda m: _GAME.card(m.card).points if isinstance(m, Play) else 2)
    cards = [m for m in moves if isinstance(m, Play)]
    if cards:
        return max(cards, key=lambda m: _GAME.card(m.card).points)
    return moves[0]


def _wins_at_once(view: AcesView, move: AcesMove) -> bool:
    state = AcesState(
        seed=0,
        phase=view.phase,
        hands=view.hands,
        reserves=view.reserves,
        mover=view.mover,
        opening=view.opening,
        pairs=view.pairs,
        loop_rule=False,
        target=None,
    )
    after = _GAME.apply(state, move)
    return after.phase is Phase.OVER


BOTS: dict[str, Bot] = {
    "perfect": perfect_bot,
    "greedy": greedy_bot,
    "random": random_bot,
    "strong": perfect_bot,
}
"""The bots by name ("strong", every game's name for its strongest bot, is the perfect bot)."""


def play_match(
    bots: tuple[Bot, Bot], seed: int | str, target: int = 15, loop_rule: bool = True
) -> PlayedGame[AcesState]:
    """Play one match between ``bots`` (players 0 and 1) dealt from ``seed``."""
    state = _GAME.new_state(seed, loop_rule=loop_rule, target=target)
    rngs = (derive_rng(seed, "bot", 0), derive_rng(seed, "bot", 1))
    return play_out(_GAME, state, bots, rngs)


def _bot(bot: object) -> Bot:
    if isinstance(bot, str) and bot in BOTS:
        return BOTS[bot]
    if callable(bot) and not isinstance(bot, str | type):
        return cast(Bot, bot)
    raise ValueError(f"A bot is one of {', '.join(BOTS)} or a function choose(view, moves, rng).")


def simulate(
    bots: Bot | str | Sequence[Bot | str] = "strong",
    games: int = SIMULATED_GAMES,
    seed: int | str = 0,
    *,
    target: int = 15,
) -> Simulation:
    """Play ``games`` matches between ``bots`` (a pair: player 0's, player 1's; or one bot
    playing itself), each dealt from ``(seed, match number)``; how often each wins (``str``:
    player 0's rate with a 95% interval). Every game's ``simulate`` takes ``(bots, games,
    seed)`` and its own options by keyword."""
    if isinstance(bots, Sequence) and not isinstance(bots, str):
        if len(bots) != 2:
            raise ValueError("Give two bots, player 0's and player 1's (or one for both).")
        pair = (_bot(bots[0]), _bot(bots[1]))
    else:
        pair = (_bot(bots), _bot(bots))
    games, seed = check_games(games), check_seed(seed)
    wins, moves = [0, 0], 0
    for number in range(games):
        played = play_match(pair, f"{seed}/{number}", target)
        for winner in played.outcome.winners:
            wins[winner] += 1
        moves += played.moves
    return Simulation(games, (wins[0], wins[1]), moves)

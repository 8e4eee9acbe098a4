"""One loop that plays a game out with bots, seat by seat: what every ``simulate`` runs."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from acelab.engine.dispatch import describe
from acelab.engine.terms import IllegalMove, article

__all__ = ["Bot", "Playable", "PlayedGame", "check_choice", "play_out"]

S = TypeVar("S")

Bot = Callable[[Any, Sequence[Any], random.Random], Any]
"""A bot: ``choose(observation, legal_moves, rng) -> move``, one of the legal moves."""


class Playable(Protocol[S]):
    """What :func:`play_out` needs of a game (every :class:`~acelab.engine.Game` has it)."""

    def to_move(self, state: S) -> int | None: ...
    def legal_moves(self, state: S) -> Sequence[Any]: ...
    def observation(self, state: S, player: int) -> Any: ...
    def apply(self, state: S, move: Any) -> S: ...
    def outcome(self, state: S) -> Any: ...


@dataclass(frozen=True)
class PlayedGame(Generic[S]):
    """A game played out: its last state, how many moves were made and how it ended."""

    state: S
    moves: int
    outcome: Any


def play_out(
    game: Playable[S],
    state: S,
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    max_moves: int = 100_000,
) -> PlayedGame[S]:
    """Play from ``state`` until the game is over, seat ``p``'s moves chosen by ``bots[p]``
    with ``rngs[p]`` (one generator may serve several seats).

    Each step asks ``game.to_move(state)`` whose decision it is and gives that seat's bot its
    observation and the legal moves. A bot that chooses a move not listed is refused with
    :class:`IllegalMove` naming the bot; a game that goes on for more than ``max_moves`` moves
    raises ``ValueError``.
    """
    _check(bots, rngs, max_moves)
    moves = 0
    while (seat := game.to_move(state)) is not None:
        if type(seat) is not int or not 0 <= seat < len(bots):
            raise ValueError(f"Seat {seat!r} is to move but has no bot: give one bot per seat.")
        if moves >= max_moves:
            raise ValueError(f"The game did not end within {max_moves:,} moves.")
        legal = game.legal_moves(state)
        bot = bots[seat]
        move = bot(game.observation(state, seat), legal, rngs[seat])
        if move not in legal:
            raise IllegalMove(
                f"The bot {_name(bot)} (seat {seat}) chose {describe(move)}, "
                "which is not a legal move now."
            )
        state = game.apply(state, move)
        moves += 1
    return PlayedGame(state, moves, game.outcome(state))


def check_choice(view: object, moves: object, rng: object, view_type: type[Any]) -> None:
    """Refuse, with a sentence, a bot called otherwise than ``bot(view, legal_moves, rng)``
    in a game that goes on: ``view`` a ``view_type``, at least one move, a ``random.Random``."""
    if not isinstance(view, view_type):
        name = view_type.__name__
        raise ValueError(
            f"A bot decides from what one player sees: give it {article(name)} {name}."
        )
    if isinstance(moves, str) or not isinstance(moves, Sequence) or len(moves) == 0:
        raise ValueError("A bot chooses among the legal moves of a game that goes on.")
    if not isinstance(rng, random.Random):
        raise ValueError("A bot draws its chance from a random.Random generator.")


def _check(bots: object, rngs: object, max_moves: object) -> None:
    if not isinstance(bots, Sequence) or not bots or not all(callable(b) for b in bots):
        raise ValueError("Give one bot per seat: functions choose(view, legal_moves, rng).")
    if (
        not isinstance(rngs, Sequence)
        or len(rngs) != len(bots)
        or not all(isinstance(r, random.Random) for r in rngs)
    ):
        raise ValueError("Give one random generator per seat, as many as there are bots.")
    if type(max_moves) is not int or max_moves < 1:
        raise ValueError("The most moves a game may take is a whole number, at least 1.")


def _name(bot: Bot) -> str:
    name = getattr(bot, "__name__", None)
    return name if isinstance(name, str) else type(bot).__name__

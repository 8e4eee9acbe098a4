"""Lex Productions' Ace of Spades on the engine protocol: :class:`AceOfSpadesLex`.

The values live in :mod:`acelab.ace_of_spades_lex.state`, the moves in
:mod:`~acelab.ace_of_spades_lex.moves`, and the rules, written once over a working copy of a
state, in :mod:`~acelab.ace_of_spades_lex.actions` and :mod:`~acelab.ace_of_spades_lex.effects`;
this module puts them behind the engine protocol (``new_state``, ``to_move``, ``legal_moves``,
``step``, ``outcome``, ``observation``, ``visible_events``, ``check_state``) and adds
:func:`next_match`.

acelab's choices where the rulebook and RULINGS §3 are silent (all in the rules page):
- The five cards of a Nine are dealt one by one, face down, to the players the drawer names;
  the receivers pick them up when the deal is over, and that is when their victories are
  checked: the one moment two players can win at once.
- A Q♠ and every other drawn instant (A♣, a Nine, a queen that frees) go onto the drawer's own
  discard pile; the stop itself is shown as a flag.
- A queen frees the stopped players other than its drawer (the rule is "until *another* player
  draws a queen"); if nobody else is stopped it is banked.
- Four twos collected on one's own turn (drawn or stolen) may be played at once, before the turn
  ends; four twos held at the start of a turn are played as that turn's action.
- A Jack needs a target with a card in hand; a nuke needs a target with a card in hand; a black
  ten needs a target who is not stopped already.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from acelab.ace_of_spades_lex.actions import MOVES, legal
from acelab.ace_of_spades_lex.events import visible_events
from acelab.ace_of_spades_lex.moves import LexMove
from acelab.ace_of_spades_lex.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    LexState,
    LexView,
    Phase,
    deciding_seat,
)
from acelab.ace_of_spades_lex.validate import check_state
from acelab.ace_of_spades_lex.working import freeze, new_working, thaw, view
from acelab.engine import Event, Game, Outcome, Step, shown
from acelab.engine.seeds import check_seed

__all__ = ["AceOfSpadesLex", "next_match"]


class AceOfSpadesLex(Game[LexState, LexMove]):
    """Lex Productions' Ace of Spades for 2 to 6 players (RULINGS §3).

    ``new_state(seed, players=4, first=0, names=None)``: ``first`` begins (the winner of the
    last match; see :func:`next_match`); ``names`` are the seats' names used in messages.
    """

    name = "ace_of_spades_lex"

    def new_state(
        self,
        seed: int | str,
        players: int = 4,
        first: int = 0,
        names: Sequence[str] | None = None,
        **options: Any,
    ) -> LexState:
        if options:
            raise ValueError(f"This game has no option named {', '.join(sorted(options))}.")
        check_seed(seed)
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Lex's Ace of Spades is for 2 to 6 players, not {shown(players)}.")
        if type(first) is not int or not 0 <= first < players:
            raise ValueError(
                f"The first player is a seat from 0 to {players - 1}, not {shown(first)}."
            )
        seats = _seat_names(names, players)
        return freeze(new_working(seed, seats, first))

    def to_move(self, state: LexState) -> int | None:
        """Whose decision ``state`` waits for: the target of an attack answers it, otherwise
        the player whose turn it is decides; ``None`` once the game is over."""
        return deciding_seat(_required(state))

    def legal_moves(self, state: LexState) -> Sequence[LexMove]:
        return legal(thaw(_required(state)))

    def step(self, state: LexState, move: LexMove) -> Step[LexState]:
        t, events = MOVES.step(thaw(_required(state), []), move)
        return Step(freeze(t), events)

    def is_over(self, state: LexState) -> bool:
        return _required(state).phase is Phase.OVER

    def outcome(self, state: LexState) -> Outcome | None:
        return _required(state).outcome

    def observation(self, state: LexState, player: int) -> LexView:
        """What ``player`` sees: no other hand, no deck order, no seed."""
        if type(player) is not int or not 0 <= player < _required(state).players:
            raise ValueError(f"There is no player {shown(player)} at this table.")
        return view(thaw(state), player)

    def visible_events(self, events: Sequence[Event], seat: int) -> tuple[Event, ...]:
        """``events`` as ``seat`` may hear them: a card drawn and kept, dealt face down or stolen
        is named only to the players who see it (see :func:`visible_events`)."""
        return visible_events(events, seat)

    def check_state(self, state: object) -> None:
        check_state(state)


def _required(state: object) -> LexState:
    if not isinstance(state, LexState):
        raise ValueError("This is not a state of Lex Productions' Ace of Spades.")
    return state


def _seat_names(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"Player {p}" for p in range(players))
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ValueError(f"Give {players} names as a list, one per seat.")
    seats = tuple(names)
    if len(seats) != players or not all(isinstance(s, str) and s.strip() for s in seats):
        raise ValueError(f"Give {players} names, one per seat, each a non-empty word.")
    if len(set(seats)) != players:
        raise ValueError("Each seat needs its own name.")
    return seats


def next_match(state: LexState, seed: int | str) -> LexState:
    """A new match dealt from ``seed`` at the same table: the winner of ``state`` goes first
    (after a draw, the same first player as before)."""
    outcome = _required(state).outcome
    if outcome is None:
        raise ValueError("This match is not over yet.")
    winners = outcome.winners
    first = winners[0] if winners else state.first
    return AceOfSpadesLex().new_state(seed, players=state.players, first=first, names=state.names)

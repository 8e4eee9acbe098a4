"""Ace Pilot's rules: the :class:`AcePilot` game and the round flow of RULINGS §1.

A round: (choose the Starting Pilot) → Reveal (automatic) → (choose the Starting Pilot after a
defeat) → Draw → Assault (an equation, or concede) → (spend a joker to restore pilots) →
Discard down to 3, card by card (the last card discarded is left on top).

acelab choices where neither the rulebook nor RULINGS speaks: a joker met while drawing into the
hand (the opening hand, or the deck's top card at Draw) goes to the Joker pile and the next card
is drawn; a spent joker goes onto the discard pile (under the cards discarded after it), and one
left on top when the fourth card is drawn from that pile goes back to the Joker pile; in an
extended session the hand, the pilot in the Assault Zone, Defeated pilots and unspent jokers are
kept and every other card is shuffled into the new deck.

The move handlers and the words for each phase are in :mod:`acelab.ace_pilot.actions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from acelab.ace_pilot.actions import MOVES, draw_from_deck, ending_pilot
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
)
from acelab.ace_pilot.practice_round import practice_state
from acelab.ace_pilot.solver import count_ended_solutions, ended_solution
from acelab.ace_pilot.state import HAND_SIZE, MAX_CHALLENGE, Phase, PilotState, PilotView, view_of
from acelab.ace_pilot.validate import check_state
from acelab.engine import Game, IllegalMove, LazyMoves, Outcome, Step, shown
from acelab.engine.cards import Suit, deck_without_aces
from acelab.engine.seeds import check_seed, derive_rng, shuffle_in_place

__all__ = ["AcePilot", "AssaultMoves"]


class AcePilot(Game[PilotState, PilotMove]):
    """The rules of Ace Pilot (solitaire or co-op: one shared player, number 0)."""

    name = "ace_pilot"

    def new_state(
        self,
        seed: int | str,
        challenge: int = 1,
        extended: bool = False,
        deal: str | None = None,
        **options: Any,
    ) -> PilotState:
        """Shuffle the 48 value cards and 2 jokers from ``seed`` and deal a hand of 3.

        With ``deal`` (a Practice deal's key, ``"2-6-10-12/10/D"``): the Practice round of that
        deal instead (:func:`~acelab.ace_pilot.practice_round.practice_state`), one Assault
        that ends the game; ``challenge`` and ``extended`` are then left at 1 and False."""
        if options:
            raise ValueError(f"Ace Pilot has no option named {', '.join(sorted(options))}.")
        if deal is not None:
            if challenge != 1 or extended is not False:
                raise ValueError("A Practice deal sets its own target: give no Challenge Rating.")
            if not isinstance(deal, str):
                raise ValueError("A Practice deal is written like 2-6-10-12/10/D.")
            return practice_state(seed, deal)
        check_seed(seed)
        if type(challenge) is not int or not 1 <= challenge <= MAX_CHALLENGE:
            raise ValueError(f"The Challenge Rating is a whole number from 1 to {MAX_CHALLENGE}.")
        if not isinstance(extended, bool):
            raise ValueError("Say extended=True or extended=False.")
        cards = list(deck_without_aces(jokers=2))
        shuffle_in_place(derive_rng(seed, "ace pilot", "deck", 0), cards)
        state = PilotState(
            seed=seed,
            challenge=challenge,
            phase=Phase.CHOOSE_PILOT,
            deck=tuple(cards),
            extended=extended,
        )
        for _ in range(HAND_SIZE):
            state = draw_from_deck(state, [])
        return state

    def is_over(self, state: PilotState) -> bool:
        return _state(state).phase is Phase.OVER

    def outcome(self, state: PilotState) -> Outcome | None:
        return _state(state).outcome

    def check_state(self, state: object) -> None:
        """Raise ``ValueError`` with a sentence unless ``state`` is a well-formed Ace Pilot
        state: the right types, each of the 50 cards exactly once across the zones, each
        pilot exactly once, and the fields its phase needs."""
        check_state(state)

    def observation(self, state: PilotState, player: int = 0) -> PilotView:
        """The state without the deck's order or the seed (either would reveal the deck). The
        pilots are flown together, from one seat: player 0."""
        state = _state(state)
        if type(player) is not int or player != 0:
            raise ValueError(f"The pilots fly from one seat, player 0, not {shown(player)}.")
        return view_of(state)

    def legal_moves(self, state: PilotState) -> Sequence[PilotMove]:
        """Every legal move. In the Assault step: every equation that reaches the target or
        divides by zero (with each possible Ending Pilot), and conceding — listed only when
        the sequence is first read, since a bot or panel that does not need them all should
        not pay for solving them."""
        phase = _state(state).phase
        if phase is Phase.CHOOSE_PILOT:
            return [ChoosePilot(p) for p in state.ready]
        if phase is Phase.DRAW:
            if state.odds:
                return [DrawOdd(c) for c in dict.fromkeys(state.odds)]
            return [DrawDiscard()] if state.discard else [DrawDeck()]
        if phase is Phase.ASSAULT:
            start = state.assault
            if start is None:  # not a state the rules reach (check_state refuses it)
                return []
            return AssaultMoves(state.hand_values, state.target, start, state.ready)
        if phase is Phase.RESTORE:
            spend: list[PilotMove] = [RestorePilots()] if state.jokers and state.defeated else []
            return [*spend, KeepJoker()]
        if phase is Phase.DISCARD:
            return [Discard(c) for c in state.hand]
        if phase is Phase.CLEARED:
            return [ContinueSession(), EndSession()]
        return []

    def to_move(self, state: PilotState) -> int | None:
        """Player 0 (the one shared player) until the game is over, then ``None``."""
        return None if _state(state).phase is Phase.OVER else 0

    def step(self, state: PilotState, move: PilotMove) -> Step[PilotState]:
        """The state after ``move`` and its events (see :mod:`acelab.ace_pilot.events`)."""
        return MOVES.step(state, move)


class AssaultMoves(LazyMoves[PilotMove]):
    """The Assault step's legal moves: every winning equation with each pilot that may end it,
    then every equation that divides by zero, then conceding.

    The solver runs only when the sequence is first read, and an equation is built only when
    its move is read, so a bot that picks one move does not pay for listing them all.
    """

    __slots__ = ("_situation",)

    def __init__(self, hand: tuple[int, ...], target: int, start: Suit, ready: tuple[Suit, ...]):
        self._situation = (hand, target, start, ready)

    def _count(self) -> int:
        return count_ended_solutions(*self._situation) + 1

    def _build(self, index: int) -> PilotMove:
        if index == len(self) - 1:
            return Concede()
        return Assault(*ended_solution(*self._situation, index))

    def __contains__(self, move: object) -> bool:
        """True when ``move`` is listed, found by the rules without listing every move."""
        if type(move) is Concede:
            return True
        if type(move) is not Assault or move.ending is None:
            return False
        hand, target, start, ready = self._situation
        try:
            ending_pilot(move, hand, start, ready)
        except IllegalMove:
            return False
        return move.equation.divides_by_zero or move.equation.matches(target)


_state = MOVES.checked
"""The one state-type guard: a ``ValueError`` for anything but an Ace Pilot state."""

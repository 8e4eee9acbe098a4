"""Is a state one the rules of Ace Pilot can reach? :func:`check_state` refuses it in words.

A save loaded from JSON (a file edited by hand, a damaged progress store) is checked before
anyone plays on it: the types of every field, each of the 50 cards exactly once across the
deck, hand, discard pile, Revealed Odds and Evens and the Joker pile, each pilot exactly once
across the Assault Zone, Ready and Defeated, and the fields each phase needs.
:meth:`AcePilot.check_state <acelab.ace_pilot.rules.AcePilot.check_state>` is this check, and
:func:`~acelab.engine.from_json` calls it on every Ace Pilot state it loads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Final

from acelab.ace_pilot.equation import Equation
from acelab.ace_pilot.pilots import PILOTS, pilot_name
from acelab.ace_pilot.state import HAND_SIZE, MAX_CHALLENGE, Phase, PilotState
from acelab.engine import Outcome
from acelab.engine.cards import Card, Suit, deck_without_aces

__all__ = ["check_state"]

_DECK: Final = Counter(deck_without_aces(jokers=2))
_ZONES: Final = {
    "deck": "the deck",
    "hand": "the hand",
    "discard": "the discard pile",
    "odds": "the Revealed Odds",
    "evens": "the Revealed Evens",
    "jokers": "the Joker pile",
}
_MAX_SESSION: Final = 1000


def check_state(state: object) -> None:
    """Raise ``ValueError`` with a sentence unless ``state`` is a well-formed Ace Pilot state:
    the right types, each of the 50 cards exactly once across the zones, each pilot exactly
    once, and the fields its phase needs."""
    try:
        if type(state) is not PilotState:
            raise _Broken(f"it is a {type(state).__name__}, not a PilotState.")
        for check in _CHECKS:
            check(state)
    except _Broken as broken:
        raise ValueError(f"This is not a well-formed Ace Pilot state: {broken}") from None


class _Broken(ValueError):
    """What one check found wrong, finished into a sentence by :func:`check_state`."""


def _is_int(value: object) -> bool:
    return type(value) is int


def _scalars(state: PilotState) -> None:
    if not (_is_int(state.seed) or isinstance(state.seed, str)):
        raise _Broken("the seed is a whole number or a word.")
    if not isinstance(state.phase, Phase):
        raise _Broken("the phase is missing.")
    if not isinstance(state.extended, bool):
        raise _Broken("'extended' is True or False.")
    if not _is_int(state.session) or not 0 <= state.session <= _MAX_SESSION:
        raise _Broken("the session number is a whole number, 0 or more.")
    if not state.extended and state.session:
        raise _Broken("only an extended session has more than one deck.")
    top = MAX_CHALLENGE + state.session
    if not _is_int(state.challenge) or not 1 <= state.challenge <= top:
        raise _Broken(f"the Challenge Rating is a whole number from 1 to {top}.")
    if not (state.outcome is None or isinstance(state.outcome, Outcome)):
        raise _Broken("the outcome is not an outcome.")
    if state.outcome is not None and not set(state.outcome.winners) <= {0}:
        raise _Broken("Ace Pilot has one player, number 0.")
    if (state.phase is Phase.OVER) != (state.outcome is not None):
        raise _Broken("a game is over exactly when it has an outcome.")
    if not (state.last_equation is None or isinstance(state.last_equation, Equation)):
        raise _Broken("the last equation is not an equation.")
    if not isinstance(state.practice, bool):
        raise _Broken("'practice' is True or False.")
    if state.practice and (state.extended or state.phase not in (Phase.ASSAULT, Phase.OVER)):
        raise _Broken("a Practice round is one Assault, then the game is over.")


def _cards(state: PilotState) -> None:
    for field, words in _ZONES.items():
        zone = getattr(state, field)
        if not isinstance(zone, tuple) or not all(type(card) is Card for card in zone):
            raise _Broken(f"{words} is not a row of cards.")
    counts = Counter(card for field in _ZONES for card in getattr(state, field))
    for card, count in counts.items():
        if card not in _DECK:
            raise _Broken(f"{card.symbol} is not in the Ace Pilot deck.")
        if count > _DECK[card]:
            where = [w for f, w in _ZONES.items() if card in getattr(state, f)]
            raise _Broken(f"{card.symbol} is there {count} times ({', '.join(where)}).")
    for card, count in _DECK.items():
        if counts[card] < count:
            raise _Broken(f"{card.symbol} is missing.")
    if any(c.is_joker for c in state.hand):
        raise _Broken("a joker is never in the hand.")
    if not all(not c.is_joker and c.value % 2 for c in state.odds):
        raise _Broken("the Revealed Odds hold only odd cards.")
    if not all(not c.is_joker and not c.value % 2 for c in state.evens):
        raise _Broken("the Revealed Evens hold only even cards.")
    if not all(c.is_joker for c in state.jokers):
        raise _Broken("the Joker pile holds only jokers.")


def _pilots(state: PilotState) -> None:
    for field in ("ready", "defeated"):
        zone = getattr(state, field)
        if not isinstance(zone, tuple) or not all(isinstance(p, Suit) for p in zone):
            raise _Broken(f"the {field.capitalize()} pilots are not a row of pilots.")
        if list(zone) != sorted(set(zone), key=PILOTS.index):
            raise _Broken(f"the {field.capitalize()} pilots are out of order or repeated.")
    if not (state.assault is None or isinstance(state.assault, Suit)):
        raise _Broken("the Assault Zone holds a pilot or nobody.")
    places = Counter([*state.ready, *state.defeated, *([state.assault] if state.assault else [])])
    for pilot in PILOTS:
        if places[pilot] != 1:
            where = "nowhere" if not places[pilot] else f"in {places[pilot]} places"
            raise _Broken(f"{pilot_name(pilot)} is {where}.")


def _phase(state: PilotState) -> None:
    phase, hand, revealed = state.phase, len(state.hand), len(state.evens)
    needs = _PHASE_NEEDS.get(phase)
    if needs is not None:
        hand_sizes, start, evens = needs
        if hand not in hand_sizes:
            raise _Broken(f"{phase.value}: the hand cannot hold {hand} cards now.")
        if start is not None and (state.assault is not None) != start:
            raise _Broken(
                f"{phase.value}: the Assault Zone {'needs' if start else 'is empty of'} a pilot."
            )
        if evens == "revealed" and revealed != state.challenge:
            raise _Broken(
                f"{phase.value}: the Reveal shows {state.challenge} evens, not {revealed}."
            )
        if evens == "none" and (revealed or state.odds):
            raise _Broken(f"{phase.value}: no card is revealed now.")
        if phase is not Phase.DRAW and evens != "either" and state.odds:
            raise _Broken(f"{phase.value}: the Revealed Odds were drawn or discarded.")
    if phase is Phase.CHOOSE_PILOT:
        if not state.ready:
            raise _Broken("a Starting Pilot is chosen from Ready, and nobody is Ready.")
        if (revealed or state.odds) and revealed != state.challenge:
            raise _Broken(f"the Reveal shows {state.challenge} evens, not {revealed}.")
    elif phase is Phase.DRAW:
        if not (state.odds or state.discard or any(not c.is_joker for c in state.deck)):
            raise _Broken("there is nothing to draw.")
    elif phase is Phase.RESTORE:
        if not state.jokers or not state.defeated:
            raise _Broken("a joker restores pilots only when one is held and a pilot is Defeated.")
    elif phase is Phase.CLEARED and (
        not state.extended or state.deck or revealed >= state.challenge
    ):
        raise _Broken("only an extended session clears its deck.")


_PHASE_NEEDS: Final[dict[Phase, tuple[range, bool | None, str]]] = {
    # phase: (hand sizes, a pilot in the Assault Zone?, the Revealed Evens)
    Phase.CHOOSE_PILOT: (range(HAND_SIZE, HAND_SIZE + 1), False, "either"),
    Phase.DRAW: (range(HAND_SIZE, HAND_SIZE + 1), True, "revealed"),
    Phase.ASSAULT: (range(HAND_SIZE, HAND_SIZE + 2), True, "revealed"),
    Phase.RESTORE: (range(HAND_SIZE + 1, 51), True, "none"),
    Phase.DISCARD: (range(HAND_SIZE + 1, 51), None, "none"),
    Phase.CLEARED: (range(HAND_SIZE, HAND_SIZE + 1), None, "either"),
}
_CHECKS: Final[tuple[Callable[[PilotState], None], ...]] = (
    _scalars,
    _cards,
    _pilots,
    _phase,
)

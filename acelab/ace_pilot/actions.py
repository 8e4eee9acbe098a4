"""Ace Pilot's moves: :data:`MOVES` (which move each phase allows and the handler that applies
it), the handlers of the round flow of RULINGS §1, and :data:`DOING`, what to do in each phase.

A handler takes the state, the move and the list of the move's events, appends what happened and
returns the new state; it raises :class:`~acelab.engine.IllegalMove` before changing anything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from acelab.ace_pilot.events import (
    AssaultWon,
    Conceded,
    DeckCleared,
    Discarded,
    DivisionByZero,
    Drew,
    EvensTaken,
    GameOver,
    JokerKept,
    JokerReturned,
    JokerSpent,
    PilotDefeated,
    PilotsRestored,
    PilotsReturned,
    Reshuffled,
    Revealed,
    RoundStarted,
    SessionContinued,
    StartingPilotChosen,
    Zone,
)
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
from acelab.ace_pilot.pilots import PILOTS, parse_pilot, pilot_name
from acelab.ace_pilot.state import HAND_SIZE, Phase, PilotState
from acelab.engine import Event, IllegalMove, MoveTable, Outcome, replace_fast
from acelab.engine.cards import Suit
from acelab.engine.seeds import derive_rng, shuffle_in_place

__all__ = ["DOING", "MOVES", "PRACTICE_CONCEDED", "PRACTICE_SOLVED"]

PRACTICE_SOLVED: Final = "Practice deal solved: the equation makes the target."
PRACTICE_CONCEDED: Final = "Practice deal given up: it counts as not solved."
"""The outcomes of a Practice round (:mod:`acelab.ace_pilot.practice_round`): one Assault."""


def _in_order(pilots: Sequence[Suit]) -> tuple[Suit, ...]:
    return tuple(sorted(set(pilots), key=PILOTS.index))


def _values_text(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in sorted(values)) or "nothing"


DOING: Final = {
    Phase.CHOOSE_PILOT: "choose a Starting Pilot",
    Phase.DRAW: "draw a fourth card",
    Phase.ASSAULT: "play an Assault Equation or concede",
    Phase.RESTORE: "decide whether to spend a joker to restore the Defeated pilots",
    Phase.DISCARD: "discard down to 3 cards",
    Phase.CLEARED: "continue at the next Challenge Rating or end the session",
    Phase.OVER: "nothing: the game is over",
}
"""What the player should do in each phase, for the refusal of a move made at the wrong time."""


Events = list[Event]
"""The events of the move being applied, appended to in order by the handlers."""


def _finish(state: PilotState, won: bool, reason: str, events: Events) -> PilotState:
    outcome = Outcome((0,) if won else (), reason)
    events.append(GameOver(outcome))
    return replace_fast(state, phase=Phase.OVER, outcome=outcome)


def draw_from_deck(state: PilotState, events: Events) -> PilotState:
    """Move the deck's top card into the hand; jokers met on the way go to the Joker pile."""
    deck, jokers = state.deck, state.jokers
    while deck and deck[0].is_joker:
        events.append(Revealed(deck[0], Zone.JOKERS))
        deck, jokers = deck[1:], (*jokers, deck[0])
    if not deck:
        return replace_fast(state, deck=deck, jokers=jokers)
    events.append(Drew(deck[0], Zone.DECK))
    return replace_fast(state, deck=deck[1:], jokers=jokers, hand=(*state.hand, deck[0]))


def _reveal(state: PilotState, events: Events) -> PilotState:
    """Reveal until enough evens; then ask for a pilot, or go to the Draw."""
    events.append(RoundStarted())
    deck, odds, evens, jokers = list(state.deck), list(state.odds), list(state.evens), state.jokers
    while len(evens) < state.challenge:
        if not deck:
            cleared = replace_fast(
                state, deck=(), odds=tuple(odds), evens=tuple(evens), jokers=jokers
            )
            events.append(DeckCleared(state.challenge))
            if state.extended:
                return replace_fast(cleared, phase=Phase.CLEARED)
            return _finish(cleared, True, "The deck is empty: the Evil Evens are beaten!", events)
        card = deck.pop(0)
        if card.is_joker:
            jokers = (*jokers, card)
            events.append(Revealed(card, Zone.JOKERS))
        elif card.value % 2:
            odds.append(card)
            events.append(Revealed(card, Zone.ODDS))
        else:
            evens.append(card)
            events.append(Revealed(card, Zone.EVENS))
    state = replace_fast(
        state, deck=tuple(deck), odds=tuple(odds), evens=tuple(evens), jokers=jokers
    )
    if state.assault is None:
        return replace_fast(state, phase=Phase.CHOOSE_PILOT)
    return _to_draw(state)


def _to_draw(state: PilotState) -> PilotState:
    if state.odds or state.discard or any(not c.is_joker for c in state.deck):
        return replace_fast(state, phase=Phase.DRAW)
    return replace_fast(state, phase=Phase.ASSAULT)


def _choose_pilot(state: PilotState, move: ChoosePilot, events: Events) -> PilotState:
    pilot = parse_pilot(move.pilot)
    if pilot not in state.ready:
        where = "Defeated" if pilot in state.defeated else "not Ready"
        raise IllegalMove(f"{pilot_name(pilot)} is {where}: the Starting Pilot comes from Ready.")
    ready = tuple(p for p in state.ready if p is not pilot)
    state = replace_fast(state, assault=pilot, ready=ready)
    events.append(StartingPilotChosen(pilot))
    return _reveal(state, events) if not state.evens else _to_draw(state)


def _draw_odd(state: PilotState, move: DrawOdd, events: Events) -> PilotState:
    if move.card not in state.odds:
        raise IllegalMove(
            f"{move.card.symbol} is not among the Revealed Odds, so you cannot draw it."
        )
    rest = list(state.odds)
    rest.remove(move.card)
    events.append(Drew(move.card, Zone.ODDS))
    if rest:
        events.append(Discarded(tuple(rest), Zone.ODDS))
    return replace_fast(
        state,
        hand=(*state.hand, move.card),
        odds=(),
        discard=(*state.discard, *rest),
        phase=Phase.ASSAULT,
    )


def _draw_discard(state: PilotState, move: PilotMove, events: Events) -> PilotState:
    if state.odds:
        raise IllegalMove("An odd was revealed, so the fourth card must be a Revealed Odd.")
    if not state.discard:
        raise IllegalMove("The discard pile is empty, so the fourth card comes from the deck.")
    discard, jokers = state.discard, state.jokers
    while discard and discard[-1].is_joker:  # a spent joker left on top: back to the Joker pile
        events.append(JokerReturned(discard[-1]))
        discard, jokers = discard[:-1], (*jokers, discard[-1])
    state = replace_fast(state, discard=discard, jokers=jokers)
    if not discard:
        return replace_fast(draw_from_deck(state, events), phase=Phase.ASSAULT)
    events.append(Drew(discard[-1], Zone.DISCARD))
    return replace_fast(
        state, hand=(*state.hand, discard[-1]), discard=discard[:-1], phase=Phase.ASSAULT
    )


def _draw_deck(state: PilotState, move: PilotMove, events: Events) -> PilotState:
    if state.odds:
        raise IllegalMove("An odd was revealed, so the fourth card must be a Revealed Odd.")
    if state.discard:
        raise IllegalMove("The discard pile has cards, so the fourth card is its top card.")
    return replace_fast(draw_from_deck(state, events), phase=Phase.ASSAULT)


def _check_equation(state: PilotState, move: Assault) -> Suit:
    """The Ending Pilot, once every rule about the equation holds."""
    start = state.assault
    if start is None:
        raise IllegalMove("Choose a Starting Pilot before the assault.")
    return ending_pilot(move, state.hand_values, start, state.ready, state.defeated)


def ending_pilot(
    move: Assault,
    hand: tuple[int, ...],
    start: Suit,
    ready: tuple[Suit, ...],
    defeated: tuple[Suit, ...] = (),
) -> Suit:
    """The Ending Pilot of ``move`` played with the card values ``hand``, the Starting Pilot
    ``start`` and the Ready pilots ``ready``; :class:`IllegalMove` unless every rule about its
    equation holds (``defeated`` only changes the wording)."""
    equation = move.equation
    missing = Counter(equation.cards) - Counter(hand)
    if missing:
        raise IllegalMove(
            f"Your hand ({_values_text(hand)}) does not hold "
            f"{_values_text(list(missing.elements()))} for this equation."
        )
    group = equation.group(start)
    if group is None or len(group.values) < 2:
        raise IllegalMove(
            f"{pilot_name(start)}, the Starting Pilot, must hold two or more cards in the equation."
        )
    for suit in equation.suits:
        if suit is not start and suit not in ready:
            where = "Defeated" if suit in defeated else "not Ready"
            raise IllegalMove(f"{pilot_name(suit)} is {where}, so cannot join the equation.")
    choices = endings(equation, start)
    if move.ending is None:
        if len(choices) > 1:
            names = " or ".join(pilot_name(s) for s in choices)
            raise IllegalMove(f"Say which pilot was deployed last, {names}: the Ending Pilot.")
        return choices[0]
    if move.ending not in choices:
        names = " or ".join(pilot_name(s) for s in choices)
        raise IllegalMove(f"The Ending Pilot is the pilot deployed last: {names}.")
    return move.ending


def _assault(state: PilotState, move: Assault, events: Events) -> PilotState:
    ending = _check_equation(state, move)
    equation = move.equation
    if equation.divides_by_zero:
        lost = replace_fast(state, last_equation=equation)
        events.append(DivisionByZero(equation))
        return _finish(
            lost,
            False,
            f"{equation.formula()} divides by zero: the game is over, everyone loses.",
            events,
        )
    if not equation.matches(state.target):
        raise IllegalMove(
            f"{equation.formula()} makes {_values_text(sorted(equation.values()))}, not the target "
            f"{state.target}: change it, or concede the round."
        )
    returning = [s for s in (*state.ready, *equation.suits) if s is not ending]
    ready = _in_order(returning)
    events.append(AssaultWon(equation, state.target, ending))
    events.append(EvensTaken(state.evens))
    back = _in_order([s for s in equation.suits if s is not ending])
    if back:
        events.append(PilotsReturned(back))
    state = replace_fast(
        state,
        hand=(*state.hand, *state.evens),
        evens=(),
        assault=ending,
        ready=ready,
        last_equation=equation,
    )
    if state.practice:
        return _finish(state, True, PRACTICE_SOLVED, events)
    if state.jokers and state.defeated:
        return replace_fast(state, phase=Phase.RESTORE)
    return _to_discard(state, events)


def _concede(state: PilotState, move: PilotMove, events: Events) -> PilotState:
    start = state.assault
    if start is None:
        raise IllegalMove("Choose a Starting Pilot before the assault.")
    events.append(Conceded(start))
    discard = state.discard
    if state.jokers:
        discard = (*discard, state.jokers[0])
        events.append(JokerSpent(state.jokers[0]))
        events.append(PilotsReturned((start,)))
        state = replace_fast(state, jokers=state.jokers[1:], ready=_in_order([*state.ready, start]))
    else:
        events.append(PilotDefeated(start))
        state = replace_fast(state, defeated=_in_order([*state.defeated, start]))
    if state.evens:
        events.append(Discarded(state.evens, Zone.EVENS))
    state = replace_fast(state, discard=(*discard, *state.evens), evens=(), assault=None)
    if state.practice:
        return _finish(state, False, PRACTICE_CONCEDED, events)
    if not state.ready:
        return _finish(state, False, "All four pilots are Defeated: the Evil Evens win.", events)
    return _to_discard(state, events)


def _restore(state: PilotState, move: PilotMove, events: Events) -> PilotState:
    if not state.jokers:
        raise IllegalMove("There is no joker to spend.")
    if not state.defeated:
        raise IllegalMove("No pilot is Defeated, so there is nobody to restore.")
    events.append(JokerSpent(state.jokers[0]))
    events.append(PilotsRestored(state.defeated))
    state = replace_fast(
        state,
        jokers=state.jokers[1:],
        discard=(*state.discard, state.jokers[0]),
        ready=_in_order([*state.ready, *state.defeated]),
        defeated=(),
    )
    return _to_discard(state, events)


def _keep_joker(state: PilotState, move: PilotMove, events: Events) -> PilotState:
    events.append(JokerKept())
    return _to_discard(state, events)


def _to_discard(state: PilotState, events: Events) -> PilotState:
    if len(state.hand) > HAND_SIZE:
        return replace_fast(state, phase=Phase.DISCARD)
    return _reveal(state, events)


def _discard(state: PilotState, move: Discard, events: Events) -> PilotState:
    if move.card not in state.hand:
        raise IllegalMove(f"{move.card.symbol} is not in your hand, so you cannot discard it.")
    hand = list(state.hand)
    hand.remove(move.card)
    events.append(Discarded((move.card,), Zone.HAND))
    state = replace_fast(state, hand=tuple(hand), discard=(*state.discard, move.card))
    return _to_discard(state, events)


def _continue(state: PilotState, move: PilotMove, events: Events) -> PilotState:
    gathered = (*state.discard, *state.odds, *state.evens)
    cards = [*state.deck, *gathered]
    session = state.session + 1
    shuffle_in_place(derive_rng(state.seed, "ace pilot", "deck", session), cards)
    events.append(Reshuffled(gathered))
    events.append(SessionContinued(state.challenge + 1))
    state = replace_fast(
        state,
        deck=tuple(cards),
        discard=(),
        odds=(),
        evens=(),
        challenge=state.challenge + 1,
        session=session,
    )
    return _reveal(state, events)


def _end(state: PilotState, move: PilotMove, events: Events) -> PilotState:
    return _finish(state, True, "The session ends victorious: every deck was cleared.", events)


MOVES: Final = MoveTable[PilotState, Phase](
    "Ace Pilot",
    {
        Phase.CHOOSE_PILOT: {ChoosePilot: _choose_pilot},
        Phase.DRAW: {DrawOdd: _draw_odd, DrawDiscard: _draw_discard, DrawDeck: _draw_deck},
        Phase.ASSAULT: {Assault: _assault, Concede: _concede},
        Phase.RESTORE: {RestorePilots: _restore, KeepJoker: _keep_joker},
        Phase.DISCARD: {Discard: _discard},
        Phase.CLEARED: {ContinueSession: _continue, EndSession: _end},
    },
    DOING,
    state_type=PilotState,
)
"""Which moves each phase allows, and the handler that applies each."""

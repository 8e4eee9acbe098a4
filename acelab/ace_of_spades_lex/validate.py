"""Is a value a well-formed state of Lex Productions' Ace of Spades? One sentence if not.

:func:`check_state` is the one check of a state (every game's ``validate.check_state``):
:meth:`AceOfSpadesLex.check_state` calls it, so :func:`acelab.engine.from_json` refuses a damaged
or edited save instead of playing on it. :func:`validate`, its older name, returns the state.
"""

from __future__ import annotations

from collections import Counter

from acelab.ace_of_spades_lex.state import (
    CARDS,
    JACK,
    KIND,
    KING,
    MAX_PLAYERS,
    MIN_PLAYERS,
    QUEEN,
    RED_ACE,
    RED_TEN,
    SIX,
    SPADE_ACE,
    TWO,
    Attack,
    LexState,
    Phase,
)
from acelab.engine import Outcome
from acelab.engine.cards import Card, card_id

__all__ = ["check_state", "validate"]


def _is_int(value: object) -> bool:
    return type(value) is int


def _cards_tuple(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(c, Card) for c in value)


def _per_player(value: object, n: int) -> bool:
    return isinstance(value, tuple) and len(value) == n and all(_cards_tuple(v) for v in value)


def check_state(state: object) -> None:
    """Raise ``ValueError`` with a sentence unless ``state`` is a well-formed :class:`LexState`
    (see :func:`validate`)."""
    validate(state)


def validate(state: object) -> LexState:
    """``state`` when it is a well-formed :class:`LexState`, else ``ValueError`` with a sentence:
    every field of the right type, 2 to 6 named seats, the 52 cards each exactly once (deck,
    hands, discard piles, banked queens), only queens other than the Q♠ banked, and a phase
    that fits its fields."""
    if not isinstance(state, LexState):
        raise ValueError("This is not a state of Lex Productions' Ace of Spades.")
    n = _check_types(state)
    _check_cards(state)
    _check_counters(state)
    _check_phase(state, n)
    return state


def _check_types(state: LexState) -> int:
    """Check the type of every field; the number of seats."""
    if isinstance(state.seed, bool) or not isinstance(state.seed, int | str):
        raise ValueError("The state's seed must be a whole number or a word.")
    names = state.names
    if not isinstance(names, tuple) or not all(isinstance(n, str) for n in names):
        raise ValueError("The seats' names must be a tuple of words.")
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS or len(set(names)) != n:
        raise ValueError("A table has 2 to 6 seats, each with its own name.")
    for field in ("first", "turn"):
        value = getattr(state, field)
        if not _is_int(value) or not 0 <= value < n:
            raise ValueError(f"The state's {field} must be a seat from 0 to {n - 1}.")
    for field in ("deck", "fresh", "winning"):
        if not _cards_tuple(getattr(state, field)):
            raise ValueError(f"The state's {field} must be a tuple of cards.")
    for field in ("hands", "piles", "banked"):
        if not _per_player(getattr(state, field), n):
            raise ValueError(f"The state's {field} must hold one tuple of cards per seat.")
    stopped = state.stopped
    if not isinstance(stopped, tuple) or len(stopped) != n:
        raise ValueError("The state must say for each seat whether it is stopped.")
    if not all(isinstance(s, bool) for s in stopped):
        raise ValueError("Each seat is stopped (True) or not (False).")
    if not isinstance(state.phase, Phase):
        raise ValueError("The state's phase must be a Phase.")
    if state.outcome is not None and not isinstance(state.outcome, Outcome):
        raise ValueError("The state's outcome must be an Outcome, or None while the game goes on.")
    attack = state.attack
    if attack is not None and not (
        isinstance(attack, Attack)
        and all(_is_int(v) for v in (attack.by, attack.target, attack.sixes))
    ):
        raise ValueError("The attack must name two seats and a number of sixes.")
    claims = state.claims
    if not isinstance(claims, tuple) or not all(
        isinstance(c, tuple) and len(c) == 2 and _is_int(c[0]) and isinstance(c[1], Card)
        for c in claims
    ):
        raise ValueError("The claims of a deal must be a tuple of (seat, card) pairs.")
    return n


def _check_cards(state: LexState) -> None:
    everywhere = list(state.deck)
    for zone in (state.hands, state.piles, state.banked):
        for cards in zone:
            everywhere.extend(cards)
    counts = Counter(everywhere)
    if any(card not in CARDS for card in counts):
        raise ValueError("Only the 52 standard cards are in this game (no joker).")
    twice = [card.symbol for card, k in counts.items() if k > 1]
    if twice:
        raise ValueError(f"These cards appear more than once: {', '.join(sorted(twice))}.")
    missing = [card.symbol for card in CARDS if card not in counts]
    if missing:
        raise ValueError(f"These cards are missing: {', '.join(missing)}.")
    for banked in state.banked:
        if any(KIND[card_id(c)] != QUEEN for c in banked):
            raise ValueError("Only queens other than the Q♠ can be banked.")
    hand = state.hands[state.turn]
    if any(card not in hand for card in state.fresh):
        raise ValueError("The fresh cards must be in the hand of the player whose turn it is.")
    claims = state.claims
    if len(claims) > 5:
        raise ValueError("A Nine deals at most five cards, so at most five claims.")
    for seat, card in claims:
        if not 0 <= seat < len(state.names) or card not in state.hands[seat]:
            raise ValueError("Each claim names a seat and a card in that seat's hand.")
    if claims and state.phase is not Phase.DEALING:
        raise ValueError("Victories are claimed only while a Nine is being dealt.")
    if state.winning and state.outcome is None:
        raise ValueError("Winning cards are named only once the game is over.")
    if state.winning:
        assert state.outcome is not None
        winners = state.outcome.winners
        if len(winners) != 1 or not 0 <= winners[0] < len(state.names):
            raise ValueError("A won game names one winner, a seat at this table.")
        if not set(state.winning) <= set(state.hands[winners[0]]):
            raise ValueError("The winning cards must be in the winner's hand.")
    won = state.outcome is not None and bool(state.outcome.winners)
    if won and not _is_winning_set(state.winning):
        raise ValueError("A win takes the A♠, two red aces or three kings.")


def _is_winning_set(cards: tuple[Card, ...]) -> bool:
    kinds = sorted(KIND[card_id(c)] for c in cards)
    return kinds in ([SPADE_ACE], [RED_ACE, RED_ACE], [KING, KING, KING])


def _check_counters(state: LexState) -> None:
    for field in ("deal_left", "draws_left", "passes", "round", "chance", "turns"):
        value = getattr(state, field)
        if not _is_int(value) or value < 0:
            raise ValueError(f"The state's {field} must be a whole number, 0 or more.")
    if state.deal_left > 5 or state.draws_left > 5:
        raise ValueError("A Nine deals at most 5 cards and the A♣ draws at most 5.")
    if state.deal_left > len(state.deck):
        raise ValueError("A Nine cannot deal more cards than the deck holds.")


def _check_phase(state: LexState, n: int) -> None:
    phase = state.phase
    if (phase is Phase.OVER) != isinstance(state.outcome, Outcome):
        raise ValueError("A game has an outcome exactly when it is over.")
    if (phase is Phase.DEALING) != (state.deal_left > 0):
        raise ValueError("Cards are left to deal exactly while a Nine is being dealt.")
    attack = state.attack
    if (phase is Phase.REACTION) != (attack is not None):
        raise ValueError("An attack waits exactly while its target is asked to answer.")
    if attack is not None:
        if attack.by != state.turn or not 0 <= attack.target < n or attack.target == attack.by:
            raise ValueError("An attack is made by the player whose turn it is on another seat.")
        _check_attack_cards(state, attack)
    if all(state.stopped):
        raise ValueError("Everyone stopped at once is freed at once, so someone is not stopped.")
    playing = state.stopped.count(False)
    if state.passes > playing or (state.passes == playing and phase is not Phase.OVER):
        raise ValueError("A full round of passes ends the match in a draw.")
    if phase is Phase.TURN and state.stopped[state.turn]:
        raise ValueError("A stopped player's turns are skipped, so it cannot be their turn.")
    if state.draws_left and phase is not Phase.DEALING:
        raise ValueError("An A♣'s draws wait only while a Nine it drew is being dealt.")
    if state.fresh and phase in (Phase.TURN, Phase.REACTION):
        raise ValueError("Cards are kept this turn only after a draw or a theft, which ends it.")
    if phase is Phase.DEUCE:
        twos = [c for c in state.hands[state.turn] if KIND[card_id(c)] == TWO]
        if len(twos) < 4 or not set(twos) & set(state.fresh):
            raise ValueError(
                "Deuce Ex Machina waits only after the fourth of four twos came this turn."
            )


def _check_attack_cards(state: LexState, attack: Attack) -> None:
    """The cards of an attack waiting for an answer are still in hand: the attacker's Jack and
    the target's red ten, or as many sixes on each side (the target is asked only then)."""

    def held(seat: int, kind: int) -> int:
        return sum(1 for card in state.hands[seat] if KIND[card_id(card)] == kind)

    if attack.is_nuke:
        if attack.sixes > 4 or min(held(attack.by, SIX), held(attack.target, SIX)) < attack.sixes:
            raise ValueError("A nuke waits for an answer only while both sides hold its sixes.")
    elif attack.sixes != 0 or not held(attack.by, JACK) or not held(attack.target, RED_TEN):
        raise ValueError("A Jack waits for an answer only while its target holds a red ten.")

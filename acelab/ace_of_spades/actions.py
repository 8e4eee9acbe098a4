"""What each move does (RULINGS.md §2): play a Hand, Discard and Draw, Renew, use a beaten
Henchman's benefit, take a card while an effect searches the discard pile.

Each handler checks the move first and refuses it with :class:`~acelab.engine.IllegalMove` and
a sentence, changing nothing; then it returns the new state and appends the move's events.
:data:`MOVES` dispatches them by phase.
"""

from __future__ import annotations

import math
from typing import Any, Final

from acelab.ace_of_spades.dealing import draw, refill, shuffled, throw_and_draw, without
from acelab.ace_of_spades.enemies import MAX_DIAL, Enemy
from acelab.ace_of_spades.events import (
    BenefitUsed,
    HandPlayed,
    Renewed,
    TookFromDiscard,
    TurnPassed,
)
from acelab.ace_of_spades.in_force import bonuses, modifiers
from acelab.ace_of_spades.levels import defeat, lose
from acelab.ace_of_spades.moves import (
    DiscardDraw,
    PlayHand,
    Renew,
    TakeFromDiscard,
    UseBenefit,
)
from acelab.ace_of_spades.scoring import COMBINATIONS, damage, holds
from acelab.ace_of_spades.state import HAND_CARDS, Phase, SpadesState
from acelab.engine import Event, Handler, IllegalMove, MoveTable, replace_fast
from acelab.engine.cards import Card
from acelab.engine.terms import shown

__all__ = ["DOING", "MOVES", "size_problem"]


def _check_cards(state: SpadesState, cards: object, own_only: bool, what: str) -> tuple[Card, ...]:
    """``cards`` when the player to move may use them all (their own, and the shared ones
    unless ``own_only``), each once; otherwise the reason, as an :class:`IllegalMove`."""
    if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
        raise IllegalMove(f"Name the cards to {what}, like 'AS KD'.")
    own = state.own
    partner = state.hands[1 - state.turn] if state.players == 2 else ()
    allowed = own if own_only else own + state.shared
    for card in cards:
        if card not in allowed:
            if card in partner:
                raise IllegalMove(f"{card.symbol} is in your partner's hand, not yours.")
            if card in state.shared:
                raise IllegalMove(
                    f"{card.symbol} is a shared card: an effect uses your own cards only."
                )
            raise IllegalMove(f"{card.symbol} is not in your hand.")
    if len(set(cards)) < len(cards):
        raise IllegalMove("Name each card once.")
    if not cards:
        raise IllegalMove(f"Choose at least one card to {what}.")
    return cards


def _check_play(state: SpadesState, move: PlayHand) -> tuple[Card, ...]:
    cards = _check_cards(state, move.cards, False, "play")
    if len(cards) > HAND_CARDS:
        raise IllegalMove(f"A Hand has at most 5 cards, not {len(cards)}.")
    declare = move.declare
    if declare is not None and (not isinstance(declare, str) or declare not in COMBINATIONS):
        raise IllegalMove(f"{shown(declare)} is not a combination to declare.")
    at = move.at
    if at is not None and (
        isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at)
    ):
        raise IllegalMove("A Hand's clock reading is a number of seconds.")
    return cards


def size_problem(difficulty: str, held: int, played: int, scores: bool) -> str | None:
    """Why ``played`` cards are not a Hand for a player who may use ``held`` cards, or None:
    a Hand is 5 cards (all of them when fewer are held; on Easy, a scoring Hand may be less)."""
    needed = min(HAND_CARDS, held)
    if (difficulty == "easy" and scores) or played == needed:
        return None
    easy = " (on Easy, just the scoring cards may be played)" if difficulty == "easy" else ""
    return f"A Hand has {needed} cards{easy}, not {played}."


def _play(state: SpadesState, move: PlayHand, events: list[Event]) -> SpadesState:
    cards = _check_play(state, move)
    mods = modifiers(state)
    try:
        hit = damage(cards, move.declare, mods)
    except ValueError as error:
        raise IllegalMove(str(error).rstrip(".") + ".") from None
    scores = hit.combination != "none"
    problem = size_problem(state.difficulty, len(state.available), len(cards), scores)
    if problem:
        raise IllegalMove(problem)
    if not scores:
        if holds(state.available, mods):
            raise IllegalMove("A Poor Hand is only allowed when you cannot play even a pair.")
        if state.discards_dial > 0:
            raise IllegalMove("A Poor Hand is only allowed when the Discards dial is at 0.")
    used = _used_bonuses(state, cards, move.declare, hit.total) if scores else ()
    before = state.life
    life = before - hit.total
    natural = not any(c.is_joker for c in cards) and not bonuses(state) and not state.enemy.penalty
    player = state.turn
    events.append(
        HandPlayed(
            player,
            cards,
            hit.combination,
            hit.total,
            hit.scoring_cards,
            hit.jokers_as,
            before,
            life,
            natural and state.boost == 0,
            used,
            move.at,
        )
    )
    hands = list(state.hands)
    hands[player] = tuple(c for c in state.own if c not in cards)
    state = replace_fast(
        state,
        hands=tuple(hands),
        shared=tuple(c for c in state.shared if c not in cards),
        discard=state.discard + cards,
        life=life,
        boost=0,
    )
    if life <= 0:
        state = defeat(state, before == state.enemy.life, move.at, events)
        if state.outcome is not None:
            return state
        if not state.enemies[state.level - 1].is_villain:
            state = refill(state, player, events)
    else:
        state = replace_fast(state, hands_dial=state.hands_dial - 1)
        if state.hands_dial == 0:
            reason = f"The Hands dial is at 0 and {state.enemy.name} still stands: you lose."
            return lose(state, reason, events)
        state = refill(state, player, events)
    if state.players == 2:
        state = replace_fast(state, turn=1 - state.turn)
        events.append(TurnPassed(state.turn))
    return state


def _used_bonuses(
    state: SpadesState, cards: tuple[Card, ...], declare: str | None, total: int
) -> tuple[str, ...]:
    """Which ongoing bonuses (Villain ids) and ``"boost"`` raised this Hand's damage."""
    used = []
    for who in dict.fromkeys(who for who, _ in bonuses(state)):
        try:
            without_it = damage(cards, declare, modifiers(state, without=who)).total
        except ValueError:
            without_it = 0
        if without_it < total:
            used.append(who)
    if state.boost:
        used.append("boost")
    return tuple(used)


def _discard_draw(state: SpadesState, move: DiscardDraw, events: list[Event]) -> SpadesState:
    if state.discards_dial < 1:
        raise IllegalMove("The Discards dial is at 0: you cannot Discard and Draw.")
    cards = _check_cards(state, move.cards, False, "discard")
    state = replace_fast(state, discards_dial=state.discards_dial - 1)
    return throw_and_draw(state, cards, False, events)


def _renew(state: SpadesState, move: Renew, events: list[Event]) -> SpadesState:
    if state.discards_dial < 1:
        raise IllegalMove("The Discards dial is at 0: you cannot Renew the deck.")
    return _renew_pile(state, False, events)


def _renew_pile(state: SpadesState, free: bool, events: list[Event]) -> SpadesState:
    """Shuffle the discard pile back into the deck (for one Discard unless ``free``)."""
    if not state.discard:
        raise IllegalMove("The discard pile is empty: there is nothing to shuffle back.")
    count = len(state.discard)
    new_deck, shuffles = shuffled(state, (*state.deck, *state.discard))
    state = replace_fast(
        state,
        deck=new_deck,
        discard=(),
        shuffles=shuffles,
        discards_dial=state.discards_dial - (0 if free else 1),
    )
    refilled: list[Event] = []
    state = refill(state, state.turn, refilled)
    events.extend((Renewed(state.turn, count, free), *refilled))
    return state


def _benefit_enemy(state: SpadesState, ident: object) -> Enemy:
    if not isinstance(ident, str):
        raise IllegalMove("Name the beaten Henchman whose benefit you use.")
    for enemy in state.enemies[: state.level]:
        if enemy.id == ident:
            if ident not in state.benefits:
                raise IllegalMove(f"You have already used {enemy.name}'s benefit.")
            return enemy
    raise IllegalMove(f"No beaten Henchman called {shown(ident)} has a benefit for you.")


def _use_benefit(state: SpadesState, move: UseBenefit, events: list[Event]) -> SpadesState:
    enemy = _benefit_enemy(state, move.enemy)
    kinds = tuple(e.kind for e in enemy.benefit)
    if "search_discard" in kinds and not state.discard:
        raise IllegalMove(f"The discard pile is empty, so {enemy.name}'s search finds nothing.")
    if "free_renew" in kinds and not state.discard:
        raise IllegalMove("The discard pile is empty: there is nothing to shuffle back.")
    cards: tuple[Card, ...] = ()
    if "free_redraw" in kinds:
        cards = _check_cards(state, move.cards, True, "discard")
    elif move.cards != ():
        raise IllegalMove(f"{enemy.name}'s benefit does not discard cards.")
    state = replace_fast(state, benefits=without(state.benefits, [enemy.id]))
    events.append(BenefitUsed(state.turn, enemy.id, kinds))
    for effect in enemy.benefit:
        kind = effect.kind
        if kind == "extra_hands":
            state = replace_fast(state, hands_dial=min(MAX_DIAL, state.hands_dial + effect.amount))
        elif kind == "extra_discards":
            discards = min(MAX_DIAL, state.discards_dial + effect.amount)
            state = replace_fast(state, discards_dial=discards)
        elif kind == "draw_extra":
            state = draw(state, state.turn, effect.amount, events)
        elif kind == "next_hand_bonus":
            state = replace_fast(state, boost=state.boost + effect.amount)
        elif kind == "free_redraw":
            state = throw_and_draw(state, cards, True, events)
        elif kind == "free_renew":
            state = _renew_pile(state, True, events)
        elif kind == "search_discard":
            searching = min(effect.amount, len(state.discard))
            if searching:  # an earlier effect of the benefit may have emptied the pile
                state = replace_fast(state, phase=Phase.SEARCH, searching=searching)
    return state


def _take(state: SpadesState, move: TakeFromDiscard, events: list[Event]) -> SpadesState:
    card = move.card
    if not isinstance(card, Card):
        raise IllegalMove("Name the card to take from the discard pile, like 'AS'.")
    if card not in state.discard:
        raise IllegalMove(f"{card.symbol} is not in the discard pile.")
    hands = list(state.hands)
    hands[state.turn] = (*hands[state.turn], card)
    searching = state.searching - 1
    discard = without(state.discard, [card])
    done = searching == 0 or not discard
    events.append(TookFromDiscard(state.turn, card))
    return replace_fast(
        state,
        hands=tuple(hands),
        discard=discard,
        searching=0 if done else searching,
        phase=Phase.DUEL if done else Phase.SEARCH,
    )


_NOTHING: Final[dict[type[Any], Handler[SpadesState]]] = {}

DOING: Final = {
    Phase.DUEL: "play a Hand, Discard and Draw, Renew or use a benefit",
    Phase.SEARCH: "take a card from the discard pile",
    Phase.OVER: "nothing: the game is over",
}
"""What each phase waits for, in words."""


def _not_a_state(state: object) -> str:
    return f"This is not an Ace of Spades state but a {type(state).__name__}."


MOVES: Final[MoveTable[SpadesState, Phase]] = MoveTable(
    "Ace of Spades",
    {
        Phase.DUEL: {
            PlayHand: _play,
            DiscardDraw: _discard_draw,
            Renew: _renew,
            UseBenefit: _use_benefit,
        },
        Phase.SEARCH: {TakeFromDiscard: _take},
        Phase.OVER: _NOTHING,
    },
    doing=DOING,
    state_type=SpadesState,
    not_a_state=_not_a_state,
)
"""The moves each phase allows and what each does; refuses any other move in words."""

"""Cards on the move: shuffling, drawing hands back up, dealing the shared cards, discarding.

Every shuffle is seeded by the game's seed and how many shuffles came before, so a game is its
seed plus its moves.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from acelab.ace_of_spades.events import DiscardedAndDrew, Drew, SharedDealt
from acelab.ace_of_spades.in_force import hand_limit
from acelab.ace_of_spades.state import SHARED_SIZE, SpadesState
from acelab.engine import Event, derive_rng, replace_fast
from acelab.engine.cards import Card, shuffle_in_place

__all__ = ["deal", "draw", "refill", "shuffled", "throw_and_draw", "without"]

T = TypeVar("T")


def shuffled(state: SpadesState, cards: Iterable[Card]) -> tuple[tuple[Card, ...], int]:
    """``cards`` shuffled by the game's next shuffle, and the new count of shuffles."""
    order = list(cards)
    shuffle_in_place(derive_rng(state.seed, "ace of spades", "shuffle", state.shuffles), order)
    return tuple(order), state.shuffles + 1


def draw(state: SpadesState, player: int, count: int, events: list[Event]) -> SpadesState:
    """``player`` draws ``count`` cards (as many as the deck holds)."""
    count = min(count, len(state.deck))
    if count <= 0:
        return state
    hands = list(state.hands)
    hands[player] = hands[player] + state.deck[:count]
    events.append(Drew(player, count))
    return replace_fast(state, hands=tuple(hands), deck=state.deck[count:])


def refill(state: SpadesState, player: int, events: list[Event]) -> SpadesState:
    """Draw the player's hand back up to the limit, and the shared cards back to 3."""
    state = draw(state, player, hand_limit(state) - len(state.hands[player]), events)
    if state.players == 2 and len(state.shared) < SHARED_SIZE and state.deck:
        count = min(SHARED_SIZE - len(state.shared), len(state.deck))
        dealt = state.deck[:count]
        state = replace_fast(state, shared=state.shared + dealt, deck=state.deck[count:])
        events.append(SharedDealt(dealt))
    return state


def deal(state: SpadesState, events: list[Event]) -> SpadesState:
    """Deal every hand (and the shared cards) from the top of the deck."""
    for player in range(state.players):
        state = refill(state, player, events)
    return state


def without(items: tuple[T, ...], gone: Iterable[T]) -> tuple[T, ...]:
    """``items`` with one copy of each of ``gone`` taken out."""
    out = list(items)
    for card in gone:
        out.remove(card)
    return tuple(out)


def throw_and_draw(
    state: SpadesState, cards: tuple[Card, ...], free: bool, events: list[Event]
) -> SpadesState:
    """The player to move discards ``cards`` (their own or shared) and draws back up; on Hard
    and Nightmare the event marks their own cards as gone face down (only they saw them)."""
    unseen = tuple(c for c in cards if c in state.own) if state.discard_hidden else ()
    hands = list(state.hands)
    hands[state.turn] = tuple(c for c in hands[state.turn] if c not in cards)
    state = replace_fast(
        state,
        hands=tuple(hands),
        shared=tuple(c for c in state.shared if c not in cards),
        discard=state.discard + cards,
    )
    before = len(state.own)
    drawn: list[Event] = []
    state = refill(state, state.turn, drawn)
    events.append(DiscardedAndDrew(state.turn, cards, len(state.own) - before, free, unseen))
    events.extend(drawn)
    return state

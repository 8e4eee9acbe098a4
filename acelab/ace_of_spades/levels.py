"""One Enemy after another, level by level: revealing the next, beating one (its benefit, the
Joker, the end of a scene), and the end of the game."""

from __future__ import annotations

import itertools

from acelab.ace_of_spades.dealing import deal, shuffled
from acelab.ace_of_spades.events import (
    Defeated,
    GameLost,
    GameWon,
    JokerEntered,
    Revealed,
    SceneEnded,
)
from acelab.ace_of_spades.in_force import dials
from acelab.ace_of_spades.state import LAST_LEVEL, Phase, SpadesState, scene_of
from acelab.engine import Event, Outcome, replace_fast
from acelab.engine.cards import JOKER

__all__ = ["defeat", "lose", "reveal"]


def reveal(state: SpadesState, at: float | None, events: list[Event]) -> SpadesState:
    """Set the life and dials of ``state.enemy`` (already the new level)."""
    enemy = state.enemy
    hands, discards, raised = dials(state)
    events.append(
        Revealed(enemy.level, enemy.id, enemy.name, enemy.life, hands, discards, at, raised)
    )
    return replace_fast(state, life=enemy.life, hands_dial=hands, discards_dial=discards)


def _finish(state: SpadesState, won: bool, reason: str) -> SpadesState:
    """The game is over: won by every player, or lost by both."""
    outcome = Outcome(tuple(range(state.players)) if won else (), reason)
    return replace_fast(state, phase=Phase.OVER, outcome=outcome, searching=0)


def lose(state: SpadesState, reason: str, events: list[Event]) -> SpadesState:
    """The game is lost, for ``reason`` (one sentence)."""
    events.append(GameLost(reason))
    return _finish(state, False, reason)


def defeat(
    state: SpadesState, one_blow: bool, at: float | None, events: list[Event]
) -> SpadesState:
    """The Enemy fell: benefits, the Joker, the end of a scene, the next Enemy or victory."""
    enemy = state.enemy
    events.append(Defeated(enemy.level, enemy.id, enemy.is_villain, state.life == 0, one_blow))
    if enemy.level == LAST_LEVEL:
        events.append(GameWon(at))
        return _finish(state, True, "Lord Overkill is beaten: you win!")
    if enemy.benefit:
        state = replace_fast(state, benefits=(*state.benefits, enemy.id))
    state = replace_fast(state, level=state.level + 1, life=0)
    joker_now = enemy.unlocks_joker and not state.joker_in_play
    if enemy.is_villain:
        everything = [*state.deck, *state.discard, *state.shared, *itertools.chain(*state.hands)]
        if joker_now:
            everything.append(JOKER)
        new_deck, shuffles = shuffled(state, everything)
        state = replace_fast(
            state,
            deck=new_deck,
            discard=(),
            shared=(),
            hands=((),) * state.players,
            shuffles=shuffles,
            joker_in_play=state.joker_in_play or joker_now,
        )
        events.append(SceneEnded(scene_of(enemy.level)))
        if joker_now:
            events.append(JokerEntered())
        state = deal(state, events)
    elif joker_now:
        new_deck, shuffles = shuffled(state, (*state.deck, JOKER))
        state = replace_fast(state, deck=new_deck, shuffles=shuffles, joker_in_play=True)
        events.append(JokerEntered())
    return reveal(state, at, events)

"""The Enemy effects in force in a state: how Hands score, how many cards a hand holds, and the
dials a new duel starts with.

A beaten Villain's ongoing bonus lasts for the rest of the game; the Enemy being dueled adds its
penalty; a Henchman's next-Hand bonus (``boost``) waits for the next Hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from acelab.ace_of_spades.enemies import MAX_DIAL, Effect, modifiers_of
from acelab.ace_of_spades.scoring import Modifiers
from acelab.ace_of_spades.state import (
    COOP_HAND_SIZE,
    HAND_SIZE,
    LAST_LEVEL,
    SpadesState,
    SpadesView,
    scene_of,
)

__all__ = ["bonuses", "dials", "hand_limit", "modifiers", "view_modifiers"]


def bonuses(state: SpadesState) -> tuple[tuple[str, Effect], ...]:
    """The ongoing bonuses of the beaten Villains, each with the Villain's id."""
    return tuple((e.id, b) for e in state.enemies[: state.level] if e.is_villain for b in e.bonus)


def modifiers(state: SpadesState, boost: bool = True, without: str = "") -> Modifiers:
    """The scoring rules in force for the next Hand (``without`` one Villain's bonuses)."""
    effects = [b for who, b in bonuses(state) if who != without]
    if state.level <= LAST_LEVEL and state.outcome is None:
        effects.extend(state.enemy.penalty)
    return modifiers_of(effects, state.boost if boost else 0)


def view_modifiers(view: SpadesView) -> Modifiers:
    """The scoring rules in force for the Hands of this view (bonuses, penalty, boost)."""
    effects = [b for e in view.defeated if e.is_villain for b in e.bonus]
    if view.outcome is None:
        effects.extend(view.enemy.penalty)
    return modifiers_of(effects, view.boost)


def _amount(effects: Iterable[Effect], kind: str) -> int:
    return sum(e.amount for e in effects if e.kind == kind)


def hand_limit(state: SpadesState) -> int:
    """How many cards a player's hand is drawn back up to."""
    base = HAND_SIZE if state.players == 1 else COOP_HAND_SIZE
    bigger = _amount((b for _, b in bonuses(state)), "bigger_hand")
    smaller = _amount(state.enemy.penalty, "smaller_hand") if state.outcome is None else 0
    return max(1, base + bigger - smaller)


_RAISING: Final = ("extra_hands", "extra_discards")


def dials(state: SpadesState) -> tuple[int, int, tuple[str, ...]]:
    """The Hands and Discards dials at the start of a duel with ``state.enemy``, and the
    beaten Villains whose bonus raised them."""
    scene = state.scene_dials[scene_of(state.level)]
    penalty = state.enemy.penalty
    raising = [(who, b) for who, b in bonuses(state) if b.kind in _RAISING]
    hands = scene[0] + _amount((b for _, b in raising), "extra_hands")
    discards = scene[1] + _amount((b for _, b in raising), "extra_discards")
    hands -= _amount(penalty, "fewer_hands")
    discards -= _amount(penalty, "fewer_discards")
    if state.difficulty == "nightmare":
        discards -= 1
    return (
        max(1, min(MAX_DIAL, hands)),
        max(0, min(MAX_DIAL, discards)),
        tuple(dict.fromkeys(who for who, _ in raising)),
    )

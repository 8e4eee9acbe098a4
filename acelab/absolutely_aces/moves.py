"""Absolutely Aces' moves: the secret pick, a card played, a Pair played — and which a go allows.

``Pick(player, card)`` is a player's secret choice at the start of a round; on a go the player
to move plays ``Play(card)`` (a card that blocks the card just played; any card on the opening
go) or ``PlayPair(type)`` (both cards of a type, answering anything; at most two a round).
"""

from __future__ import annotations

from dataclasses import dataclass

from acelab.absolutely_aces.card_set import CardSet
from acelab.absolutely_aces.state import FORMER_HOME, MAX_PAIRS, AcesState, AcesView, Phase
from acelab.engine import Move, expect, formerly, serializable

__all__ = ["AcesMove", "Pick", "Play", "PlayPair", "go_moves"]


class AcesMove(Move):
    """Base class of Absolutely Aces' moves."""


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class Pick(AcesMove):
    """``player`` chooses ``card`` in secret at the start of a round."""

    player: int
    card: str


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class Play(AcesMove):
    """The player to move plays ``card`` (a code such as ``"S7"``) into the other's Reserve."""

    card: str


@formerly(FORMER_HOME)
@serializable
@dataclass(frozen=True)
class PlayPair(AcesMove):
    """The player to move plays both cards of ``type`` (``"Roll"``) as a Pair."""

    type: str


def go_moves(cards: CardSet, state: AcesState | AcesView) -> list[AcesMove]:
    """The moves of the go in ``state`` (a round in play): the cards that block the card (or
    Pair) in the mover's Reserve — any card on the opening go — then the Pairs allowed."""
    expect(cards, CardSet, "the card table (a CardSet)")
    if not isinstance(state, AcesState | AcesView) or state.phase is not Phase.PLAY:
        raise ValueError("Only a round in play has goes: give a state after the picks.")
    hand = state.hands[state.mover]
    if state.opening:
        plays = list(hand)
    else:
        answer = cards.by_code[state.reserves[state.mover][0]].type
        plays = [c for c in hand if cards.blocks(c, answer)]
    moves: list[AcesMove] = [Play(c) for c in plays]
    if state.pairs < MAX_PAIRS:
        moves += [PlayPair(t) for t in cards.pair_types if all(c in hand for c in cards.of_type[t])]
    return moves

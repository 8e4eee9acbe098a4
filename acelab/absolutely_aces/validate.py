"""The one check of an Absolutely Aces state: is it a state the rules could have reached?

:func:`check_state` raises ``ValueError`` with one sentence for the first thing wrong (a field
of the wrong type, a card twice or missing, a pick not in its hand, a go with nothing to
answer…) and returns ``None`` for a well-formed state. :func:`acelab.engine.from_json` calls it
(through :meth:`AbsolutelyAces.check_state`) on every state it loads, so a damaged or edited
save is refused instead of failing later in ``legal_moves``, ``step`` or ``observation``.
"""

from __future__ import annotations

from acelab.absolutely_aces.card_set import CARDS, CardSet
from acelab.absolutely_aces.moves import go_moves
from acelab.absolutely_aces.state import (
    HAND_SIZE,
    MAX_PAIRS,
    AcesState,
    Phase,
    RoundResult,
    player_name,
)
from acelab.engine import Outcome, check_seed, expect, shown

__all__ = ["check_state"]


def check_state(state: object, cards: CardSet = CARDS) -> None:
    """Raise ``ValueError`` with a sentence unless ``state`` is a well-formed state of
    Absolutely Aces played with ``cards``."""
    if not isinstance(state, AcesState):
        raise ValueError("This is not an Absolutely Aces state.")
    expect(cards, CardSet, "the twelve cards of Absolutely Aces")
    _check_fields(state)
    _check_cards(state, cards)
    if state.phase is Phase.PICK:
        _check_pick(state)
    elif state.phase is Phase.PLAY:
        _check_go(state, cards)
    elif state.outcome is None:
        raise ValueError("A finished game must say how it ended.")


def _whole(value: object, low: int) -> bool:
    return type(value) is int and value >= low


def _codes(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(c, str) for c in value)


def _pair_of(value: object, each: type | tuple[type, ...]) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, each) for v in value)


def _check_fields(state: AcesState) -> None:
    if not isinstance(state.phase, Phase):
        raise ValueError("The state's phase is not one of pick, play, over.")
    check_seed(state.seed)
    if not all(_pair_of(z, tuple) and all(map(_codes, z)) for z in (state.hands, state.reserves)):
        raise ValueError("The state's hands and Reserves must be two tuples of card codes each.")
    if not _codes(state.out) or not _codes(state.discard):
        raise ValueError("The cards sitting out and the discards must be tuples of card codes.")
    if not _pair_of(state.picks, (str, type(None))):
        raise ValueError("The picks are two entries, a card code or nothing for each player.")
    if type(state.mover) is not int or state.mover not in (0, 1):
        raise ValueError("The player to move is 0 or 1.")
    if type(state.opening) is not bool or type(state.loop_rule) is not bool:
        raise ValueError("The opening go and the loop rule are each True or False.")
    if type(state.pairs) is not int or not 0 <= state.pairs <= MAX_PAIRS:
        raise ValueError("At most two Pairs are played in a round.")
    if not _pair_of(state.scores, int) or not all(_whole(s, 0) for s in state.scores):
        raise ValueError("The scores are two whole numbers, 0 or more.")
    if not isinstance(state.seen, tuple) or not all(_whole(k, 0) for k in state.seen):
        raise ValueError("The round's positions must be a tuple of whole numbers.")
    if not _whole(state.round, 1):
        raise ValueError("The round number is a whole number, 1 or more.")
    if state.target is not None and not _whole(state.target, 1):
        raise ValueError("The target is a whole number of points, 1 or more (or None).")
    if not isinstance(state.results, tuple) or not all(map(_good_result, state.results)):
        raise ValueError("The results must be a tuple of round results (winner, points, by).")
    if state.outcome is not None and not isinstance(state.outcome, Outcome):
        raise ValueError("The state's outcome is not an outcome.")
    if state.outcome is not None and state.phase is not Phase.OVER:
        raise ValueError("Only a finished game has an outcome.")


def _good_result(result: object) -> bool:
    return (
        isinstance(result, RoundResult)
        and (result.winner is None or (type(result.winner) is int and result.winner in (0, 1)))
        and _whole(result.points, 0)
        and isinstance(result.by, str)
    )


def _check_cards(state: AcesState, cards: CardSet) -> None:
    held = [c for zone in (*state.hands, *state.reserves, state.out, state.discard) for c in zone]
    unknown = [c for c in held if c not in cards.by_code]
    if unknown:
        raise ValueError(f"The state holds {shown(unknown[0])}, which is not a card of this game.")
    if sorted(held) != sorted(cards.codes):
        raise ValueError("Every card must be in the state exactly once.")


def _check_pick(state: AcesState) -> None:
    if any(len(h) != HAND_SIZE for h in state.hands) or any(state.reserves) or state.discard:
        raise ValueError("During the pick each hand holds five cards, the Reserves none.")
    for player, pick in enumerate(state.picks):
        if pick is not None and pick not in state.hands[player]:
            raise ValueError(f"{player_name(player)}'s pick is not in their hand.")
    if state.picks[1] is not None:
        raise ValueError("Player 1 picks after player 0, and both picks are shown at once.")


def _check_go(state: AcesState, cards: CardSet) -> None:
    reserve = state.reserves[state.mover]
    if state.reserves[1 - state.mover] or not reserve or len(reserve) > 2:
        raise ValueError("When a go begins only the mover's Reserve holds a card or a Pair.")
    if len(reserve) == 2 and tuple(reserve) not in cards.of_type.values():
        raise ValueError("A Reserve holds one card or the two cards of a Pair.")
    if not go_moves(cards, state):
        raise ValueError("The player to move has no move, so the round should be over.")

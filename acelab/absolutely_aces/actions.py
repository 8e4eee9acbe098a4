"""Absolutely Aces' moves: the table of which move each phase allows (:data:`MOVES`, or
:func:`moves_for` another card table), the handlers of the secret pick and the goes, dealing a
round, and :data:`DOING`, what each phase waits for.

A handler takes the state, the move and the list of the move's events, appends what happened and
returns the new state; it raises :class:`~acelab.engine.IllegalMove` before changing anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, partial
from typing import Final

from acelab.absolutely_aces.card_set import CARDS, PAIR_POINTS, AcesCard, CardSet
from acelab.absolutely_aces.events import (
    Dealt,
    MatchWon,
    PairDiscarded,
    Picked,
    PicksRevealed,
    Played,
    RoundEnded,
    TookReserve,
)
from acelab.absolutely_aces.moves import Pick, Play, PlayPair, go_moves
from acelab.absolutely_aces.position import encoding
from acelab.absolutely_aces.state import (
    HAND_SIZE,
    MAX_PAIRS,
    AcesState,
    AcesView,
    Hands,
    Phase,
    RoundResult,
    player_name,
)
from acelab.engine import Event, IllegalMove, MoveTable, Outcome, replace_fast, shown
from acelab.engine.seeds import derive_rng, shuffle_in_place
from acelab.engine.terms import redacted

__all__ = ["DOING", "MOVES", "hide_picks", "moves_for"]


def deal(cards: CardSet, state: AcesState, number: int) -> AcesState:
    """``state`` with round ``number`` dealt from its seed, at the secret pick."""
    codes = list(cards.codes)
    shuffle_in_place(derive_rng(state.seed, "absolutely aces", "deal", number), codes)
    sort = cards.sort_codes
    hands = (sort(codes[:HAND_SIZE]), sort(codes[HAND_SIZE : 2 * HAND_SIZE]))
    return replace_fast(
        state,
        phase=Phase.PICK,
        hands=hands,
        out=sort(codes[2 * HAND_SIZE :]),
        reserves=((), ()),
        discard=(),
        picks=(None, None),
        mover=0,
        opening=False,
        pairs=0,
        seen=(),
        round=number,
    )


def read_hands(cards: CardSet, hands: object) -> Hands:
    """Two hands of five cards, each sorted, from text (``"H4 H10 S1 S11 S7"``) or
    sequences of card codes; ``ValueError`` with a sentence for anything else."""
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 2:
        raise ValueError("Give two hands of five cards: ('H4 H10 S1 S11 S7', 'H8 ...').")
    parsed: list[tuple[str, ...]] = []
    for player, hand in enumerate(hands):
        if not isinstance(hand, str | Sequence):
            raise ValueError(f"{player_name(player)}'s hand is a list of cards or a text.")
        words = hand.split() if isinstance(hand, str) else list(hand)
        if len(words) != HAND_SIZE:
            count = f"{len(words)} card{'' if len(words) == 1 else 's'}"
            raise ValueError(f"{player_name(player)}'s hand has {count}, not 5.")
        codes = [cards.card(w).code for w in words]
        if len(set(codes)) != HAND_SIZE:
            raise ValueError(f"{player_name(player)}'s hand lists a card twice.")
        parsed.append(cards.sort_codes(codes))
    both = set(parsed[0]) & set(parsed[1])
    if both:
        shared = ", ".join(cards.card(c).label for c in cards.sort_codes(both))
        raise ValueError(f"The hands overlap: both hold {shared}.")
    return parsed[0], parsed[1]


def position_key(cards: CardSet, state: AcesState | AcesView) -> int:
    """The position of a state at a go, as the loop rule compares it."""
    if not isinstance(state, AcesState | AcesView) or state.phase is not Phase.PLAY:
        raise ValueError("Only a round in play has a position: give a state after the picks.")
    mover = state.mover
    reserve = state.reserves[mover]
    return encoding(cards).key(state.hands, reserve, state.pairs, mover, state.opening)


DOING: Final = {
    Phase.PICK: "pick a card in secret",
    Phase.PLAY: "play a card or a Pair",
    Phase.OVER: "start a new game",
}
"""What each phase waits for, in words."""


def _not_now(state: AcesState, move: object) -> str:
    if state.phase is Phase.OVER:
        return "The game is over: no more moves."
    if state.phase is Phase.PICK:
        return "First both players pick a card in secret."
    return "The picks are made: now play a card or a Pair."


def _pick(cards: CardSet, state: AcesState, move: Pick, events: list[Event]) -> AcesState:
    player = move.player
    if type(player) is not int or player not in (0, 1):
        raise IllegalMove("There are two players, 0 and 1.")
    if state.picks[player] is not None:
        raise IllegalMove(f"{player_name(player)} has already picked.")
    if player != (0 if state.picks[0] is None else 1):
        raise IllegalMove(f"{player_name(1 - player)} picks first: the picks go in seat order.")
    card = cards.find(move.card)
    if card is None or card.code not in state.hands[player]:
        raise IllegalMove(f"{player_name(player)} does not hold {_written(cards, move.card)}.")
    picks = (card.code, state.picks[1]) if player == 0 else (state.picks[0], card.code)
    picked = replace_fast(state, picks=picks)
    events.append(Picked(player, card.code))
    if picks[0] is None or picks[1] is None:
        return picked
    return reveal(cards, picked, events)


def reveal(cards: CardSet, state: AcesState, events: list[Event]) -> AcesState:
    first_pick, second_pick = state.picks
    assert first_pick is not None and second_pick is not None
    numbers = [cards.by_code[c].number for c in (first_pick, second_pick)]
    first = 0 if numbers[0] > numbers[1] else 1
    high, low = state.picks[first], state.picks[1 - first]
    assert high is not None and low is not None
    hands = tuple(tuple(c for c in hand if c not in (high, low)) for hand in state.hands)
    reserves: list[tuple[str, ...]] = [(), ()]
    reserves[first] = (low,)
    playing = replace_fast(
        state,
        phase=Phase.PLAY,
        hands=(hands[0], hands[1]),
        reserves=(reserves[0], reserves[1]),
        discard=(*state.discard, high),
        mover=first,
        opening=True,
        pairs=0,
    )
    seen = (position_key(cards, playing),) if state.loop_rule else ()
    playing = replace_fast(playing, seen=seen)
    events.append(PicksRevealed((first_pick, second_pick), first))
    return playing


def _written(cards: CardSet, text: object) -> str:
    card = cards.find(text)
    return card.label if card is not None else shown(text)


def _play(cards: CardSet, state: AcesState, move: Play, events: list[Event]) -> AcesState:
    mover = state.mover
    card = cards.find(move.card)
    if card is None:
        raise IllegalMove(
            f"{_written(cards, move.card)} is not a card of this game (write a card like S7)."
        )
    code = card.code
    if code not in state.hands[mover]:
        raise IllegalMove(_not_held(cards, state, code))
    if not state.opening:
        answer = state.reserves[mover]
        kind = cards.by_code[answer[0]].type
        if not cards.blocks(code, kind):
            raise IllegalMove(_does_not_block(cards, card, answer))
    return _after_play(cards, state, (code,), events)


def _play_pair(cards: CardSet, state: AcesState, move: PlayPair, events: list[Event]) -> AcesState:
    mover = state.mover
    if not isinstance(move.type, str) or move.type not in cards.types:
        raise IllegalMove(f"{_written(cards, move.type)} is not a type of card in this game.")
    pair = cards.of_type[move.type]
    if move.type not in cards.pair_types:
        raise IllegalMove(f"There is only one {move.type} card, so it cannot make a Pair.")
    if not set(pair) <= set(state.hands[mover]):
        raise IllegalMove(f"{player_name(mover)} does not hold both {move.type} cards.")
    if state.pairs >= MAX_PAIRS:
        raise IllegalMove("Two Pairs have been played this round, and a third is not allowed.")
    return _after_play(cards, state, pair, events)


def _not_held(cards: CardSet, state: AcesState, code: str) -> str:
    mover, label = state.mover, cards.card(code).label
    if code in state.hands[1 - mover]:
        return f"{label} is in {player_name(1 - mover)}'s hand: it is {player_name(mover)}'s go."
    if code in state.reserves[mover]:
        return f"{label} is still in your Reserve: it can be played from your next go on."
    return f"{player_name(mover)} does not hold {label}."


def _does_not_block(cards: CardSet, card: AcesCard, answer: tuple[str, ...]) -> str:
    kind = cards.by_code[answer[0]].type
    what = f"the {kind} Pair" if len(answer) == 2 else cards.card(answer[0]).label
    blockers = " or ".join(sorted(cards.blockers[kind], key=cards.types.index))
    return f"{card.label} does not block {what}: play {blockers or 'a Pair'} (or a Pair)."


def _after_play(
    cards: CardSet, state: AcesState, played: tuple[str, ...], events: list[Event]
) -> AcesState:
    mover, other = state.mover, 1 - state.mover
    events.append(Played(mover, played))
    hands = [list(state.hands[0]), list(state.hands[1])]
    for code in played:
        hands[mover].remove(code)
    reserve, discard = state.reserves[mover], list(state.discard)
    if len(reserve) == 1:
        hands[mover].append(reserve[0])
        events.append(TookReserve(mover, reserve[0]))
    elif reserve:
        discard += reserve
        events.append(PairDiscarded(mover, reserve))
    sort = cards.sort_codes
    reserves: list[tuple[str, ...]] = [(), ()]
    reserves[other] = played
    after = replace_fast(
        state,
        hands=(sort(hands[0]), sort(hands[1])),
        reserves=(reserves[0], reserves[1]),
        discard=tuple(discard),
        mover=other,
        opening=False,
        pairs=state.pairs + (len(played) == 2),
    )
    if not go_moves(cards, after):
        points = PAIR_POINTS if len(played) == 2 else cards.by_code[played[0]].points
        by = "Pair" if len(played) == 2 else played[0]
        return _end_round(cards, after, RoundResult(mover, points, by), events)
    if state.loop_rule:
        key = position_key(cards, after)
        if key in state.seen:
            return _end_round(cards, after, RoundResult(None, 0, "loop"), events)
        after = replace_fast(after, seen=(*state.seen, key))
    return after


def _end_round(
    cards: CardSet, state: AcesState, result: RoundResult, events: list[Event]
) -> AcesState:
    events.append(RoundEnded(result))
    scores = list(state.scores)
    if result.winner is not None:
        scores[result.winner] += result.points
    ended = replace_fast(state, scores=(scores[0], scores[1]), results=(*state.results, result))
    if state.target is None:
        winners = () if result.winner is None else (result.winner,)
        reason = (
            "The position repeated: the round ends with no score."
            if result.winner is None
            else f"{player_name(1 - result.winner)} could not answer."
        )
        outcome = Outcome(winners, reason, ended.scores)
        return replace_fast(ended, phase=Phase.OVER, outcome=outcome)
    best = max(ended.scores)
    if best >= state.target:
        winner = ended.scores.index(best)
        events.append(MatchWon(winner, ended.scores))
        reason = f"{player_name(winner)} reached {state.target} points."
        outcome = Outcome((winner,), reason, ended.scores)
        return replace_fast(ended, phase=Phase.OVER, outcome=outcome)
    events.append(Dealt(state.round + 1))
    return deal(cards, ended, state.round + 1)


def hide_picks(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """``events`` as ``seat`` may hear them: another player's :class:`Picked` without its card.
    (A pick is revealed by :class:`PicksRevealed` once both are made.)"""
    return redacted(events, seat, _pick_hidden)


def _pick_hidden(event: Event, seat: int) -> Event:
    if isinstance(event, Picked) and event.player != seat and event.card is not None:
        return Picked(event.player)
    return event


def _not_a_state(state: object) -> str:
    return "Give a state of Absolutely Aces (from new_state or round_from)."


@cache
def moves_for(cards: CardSet) -> MoveTable[AcesState, Phase]:
    """Which moves each phase allows on the card table ``cards``, and the handler of each."""
    return MoveTable(
        "Absolutely Aces",
        {
            Phase.PICK: {Pick: partial(_pick, cards)},
            Phase.PLAY: {Play: partial(_play, cards), PlayPair: partial(_play_pair, cards)},
            Phase.OVER: {},
        },
        DOING,
        wrong_phase=_not_now,
        state_type=AcesState,
        not_a_state=_not_a_state,
    )


MOVES: Final = moves_for(CARDS)
"""Which moves each phase allows on the twelve cards of RULINGS §4, and the handler of each."""

"""Absolutely Aces' rules engine: the deal, the secret pick, goes, Pairs, scoring, the loop rule.

A match (:meth:`AbsolutelyAces.new_state`) is rounds dealt from the seed until a player reaches
the target (15). A round: deal 5 cards to each player (2 sit out, hidden); both pick a card in
secret (``Pick(player, card)``, taken in seat order: player 0's, then player 1's); the higher
card is discarded and its owner goes first, the lower goes to the first player's Reserve. On a
go the player to move plays a card that blocks the card just played (any card on the opening
go) into the opponent's Reserve, or a Pair (two cards of a type, at most two Pairs a round),
then takes their own Reserve into hand — a Pair in a Reserve is discarded instead. A player who
cannot answer loses the round; the winner scores the last card's number (+1 for a Heart), or 2
for a Pair. Under the loop rule (on by default) a position that recurs ends the round with no
score.

:meth:`AbsolutelyAces.to_move` says whose decision it is; :meth:`AbsolutelyAces.legal_moves`
lists that player's moves; :meth:`AbsolutelyAces.step` applies one and reports its events
(:mod:`~acelab.absolutely_aces.events`). :meth:`AbsolutelyAces.round_from` builds a single round
at its first go, for analysis.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from acelab.absolutely_aces.cards import CARDS, PAIR_POINTS, AcesCard, CardSet
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
from acelab.absolutely_aces.moves import AcesMove, Pick, Play, PlayPair, go_moves
from acelab.absolutely_aces.position import encoding
from acelab.absolutely_aces.state import (
    HAND_SIZE,
    MAX_PAIRS,
    TARGET,
    AcesState,
    AcesView,
    Hands,
    Phase,
    RoundResult,
    player_name,
)
from acelab.absolutely_aces.validate import check_state
from acelab.cards import shuffle_in_place
from acelab.engine import (
    Event,
    Game,
    IllegalMove,
    MoveTable,
    Outcome,
    Step,
    check_seed,
    derive_rng,
    replace_fast,
    shown,
)

__all__ = ["AbsolutelyAces"]


class AbsolutelyAces(Game[AcesState, AcesMove]):
    """The rules of Absolutely Aces for two players, 0 and 1, on a card table (default the
    twelve cards of RULINGS §4)."""

    name = "absolutely_aces"

    def __init__(self, cards: CardSet = CARDS) -> None:
        if not isinstance(cards, CardSet):
            raise ValueError("Give the card table as a CardSet (see load_cards).")
        self.cards = cards
        self._encoding = encoding(cards)
        self._moves: MoveTable[AcesState, Phase] = MoveTable(
            "Absolutely Aces",
            {
                Phase.PICK: {Pick: partial(_pick, self)},
                Phase.PLAY: {Play: partial(_play, self), PlayPair: partial(_play_pair, self)},
                Phase.OVER: {},
            },
            DOING,
            wrong_phase=_not_now,
            state_type=AcesState,
        )

    # Building states

    def new_state(
        self, seed: int | str, loop_rule: bool = True, target: int | None = TARGET, **options: Any
    ) -> AcesState:
        """A match dealt from ``seed``, at the secret pick of round 1; first to ``target``
        points wins (``None``: a single round). ``loop_rule=False`` lets positions repeat."""
        if options:
            raise ValueError(f"Absolutely Aces has no option named {', '.join(sorted(options))}.")
        seed = check_seed(seed)
        if type(loop_rule) is not bool:
            raise ValueError("loop_rule is True or False.")
        if target is not None and (type(target) is not int or target < 1):
            raise ValueError("The target is a whole number of points, 1 or more (or None).")
        base = AcesState(seed=seed, phase=Phase.PICK, hands=((), ()), loop_rule=loop_rule)
        return self._deal(replace_fast(base, target=target), 1)

    def _deal(self, state: AcesState, number: int) -> AcesState:
        codes = list(self.cards.codes)
        shuffle_in_place(derive_rng(state.seed, "absolutely aces", "deal", number), codes)
        sort = self.cards.sort_codes
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

    def round_from(
        self,
        hands: Sequence[str | Sequence[str]],
        picks: Sequence[str],
        loop_rule: bool = True,
    ) -> AcesState:
        """A single round at its first go: ``hands`` are the two hands of five (card codes,
        as text ``"H4 H10 S1 S11 S7"`` or a sequence), each including its pick; ``picks`` the
        two picks (``("H4", "H8")``). Player 0 is the first hand. The cards not in a hand sit
        out. Raises ``ValueError`` with a sentence for hands that cannot be dealt."""
        parsed = self.read_hands(hands)
        if isinstance(picks, str) or not isinstance(picks, Sequence) or len(picks) != 2:
            raise ValueError("Give two picks, one card from each hand: ('H4', 'H8').")
        if type(loop_rule) is not bool:
            raise ValueError("loop_rule is True or False.")
        chosen = []
        for player, (hand, pick) in enumerate(zip(parsed, picks, strict=True)):
            card = self.cards.find(pick)
            if card is None or card.code not in hand:
                raise ValueError(
                    f"{player_name(player)}'s pick {shown(pick)} is not in their hand."
                )
            chosen.append(card.code)
        dealt = {*parsed[0], *parsed[1]}
        out = tuple(c for c in self.cards.codes if c not in dealt)
        state = AcesState(
            seed=0, phase=Phase.PICK, hands=parsed, out=out, loop_rule=loop_rule, target=None
        )
        return _reveal(self, replace_fast(state, picks=(chosen[0], chosen[1])), [])

    def read_hands(self, hands: object) -> Hands:
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
            codes = [self.cards.card(w).code for w in words]
            if len(set(codes)) != HAND_SIZE:
                raise ValueError(f"{player_name(player)}'s hand lists a card twice.")
            parsed.append(self.cards.sort_codes(codes))
        both = set(parsed[0]) & set(parsed[1])
        if both:
            shared = ", ".join(self.label(c) for c in self.cards.sort_codes(both))
            raise ValueError(f"The hands overlap: both hold {shared}.")
        return parsed[0], parsed[1]

    # Reading states

    def label(self, code: str) -> str:
        """A card for learners: ``"7♠ Climb"``."""
        return self.cards.card(code).label

    def card(self, code: str) -> AcesCard:
        """The card ``code`` of this game's table."""
        return self.cards.card(code)

    def is_over(self, state: AcesState) -> bool:
        return _checked(state).phase is Phase.OVER

    def outcome(self, state: AcesState) -> Outcome | None:
        return _checked(state).outcome

    def to_move(self, state: AcesState) -> int | None:
        """The player whose decision it is: during the secret pick the lowest player who has
        not picked (the picks are taken in seat order, each hidden from the other); on a go the
        player to move; ``None`` once the game is over."""
        state = _checked(state)
        if state.phase is Phase.PICK:
            return 0 if state.picks[0] is None else 1
        return state.mover if state.phase is Phase.PLAY else None

    def round_result(self, state: AcesState) -> tuple[int | None, int] | None:
        """``None`` while the round goes on (or, in a match, a new round is being picked);
        once the state is over, ``(winner, points)`` of its last round, ``(None, 0)`` for a
        loop."""
        if _checked(state).phase is not Phase.OVER or not state.results:
            return None
        last = state.results[-1]
        return last.winner, last.points

    def position_key(self, state: AcesState | AcesView) -> int:
        """The position of a state at a go, as the loop rule compares it."""
        if not isinstance(state, AcesState | AcesView) or state.phase is not Phase.PLAY:
            raise ValueError("Only a round in play has a position: give a state after the picks.")
        mover = state.mover
        reserve = state.reserves[mover]
        return self._encoding.key(state.hands, reserve, state.pairs, mover, state.opening)

    def to_answer(self, state: AcesState) -> tuple[str, ...]:
        """The card (or Pair) the player to move must block; empty on the opening go."""
        if _checked(state).phase is not Phase.PLAY or state.opening:
            return ()
        return state.reserves[state.mover]

    def observation(self, state: AcesState, player: int) -> AcesView:
        """What ``player`` may see (see :class:`AcesView`): during the secret pick their own
        hand and pick only; afterwards both open hands."""
        state = _checked(state)
        if type(player) is not int or player not in (0, 1):
            raise ValueError("The players are 0 and 1.")
        picks, hands = state.picks, state.hands
        if state.phase is Phase.PICK:  # each player sees only their own hand and pick
            picks = (picks[0] if player == 0 else None, picks[1] if player == 1 else None)
            hands = (hands[0], ()) if player == 0 else ((), hands[1])
        return AcesView(
            player=player,
            phase=state.phase,
            hands=hands,
            hand_sizes=(len(state.hands[0]), len(state.hands[1])),
            out_count=len(state.out),
            reserves=state.reserves,
            discard=state.discard,
            picks=picks,
            picked=(state.picks[0] is not None, state.picks[1] is not None),
            mover=state.mover,
            opening=state.opening,
            pairs=state.pairs,
            seen=state.seen,
            scores=state.scores,
            round=state.round,
            results=state.results,
            loop_rule=state.loop_rule,
            target=state.target,
            outcome=state.outcome,
        )

    # Moves

    def legal_moves(self, state: AcesState) -> list[AcesMove]:
        """The legal moves of the player :meth:`to_move` names: during the pick, each card of
        their hand; on a go, the cards that block (any card on the opening go), then the Pairs
        allowed; none once the game is over."""
        player = self.to_move(state)
        if player is None:
            return []
        if state.phase is Phase.PICK:
            return [Pick(player, c) for c in state.hands[player]]
        return go_moves(self.cards, state)

    def step(self, state: AcesState, move: AcesMove) -> Step[AcesState]:
        """The state after ``move`` and its events; :class:`IllegalMove` with a sentence when
        the rules forbid it (the state never changes)."""
        return self._moves.step(state, move)

    # Checking loaded states

    def check_state(self, state: object) -> None:
        """Raise ``ValueError`` with a sentence unless ``state`` is a well-formed state
        (:func:`~acelab.absolutely_aces.validate.check_state`)."""
        check_state(state, self.cards)


def _checked(state: object) -> AcesState:
    if not isinstance(state, AcesState):
        raise ValueError("Give a state of Absolutely Aces (from new_state or round_from).")
    return state


DOING = {
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


def _pick(game: AbsolutelyAces, state: AcesState, move: Pick, events: list[Event]) -> AcesState:
    player = move.player
    if type(player) is not int or player not in (0, 1):
        raise IllegalMove("There are two players, 0 and 1.")
    if state.picks[player] is not None:
        raise IllegalMove(f"{player_name(player)} has already picked.")
    if player != game.to_move(state):
        raise IllegalMove(f"{player_name(1 - player)} picks first: the picks go in seat order.")
    card = game.cards.find(move.card)
    if card is None or card.code not in state.hands[player]:
        raise IllegalMove(f"{player_name(player)} does not hold {_written(game, move.card)}.")
    picks = (card.code, state.picks[1]) if player == 0 else (state.picks[0], card.code)
    picked = replace_fast(state, picks=picks)
    events.append(Picked(player, card.code))
    if picks[0] is None or picks[1] is None:
        return picked
    return _reveal(game, picked, events)


def _reveal(game: AbsolutelyAces, state: AcesState, events: list[Event]) -> AcesState:
    first_pick, second_pick = state.picks
    assert first_pick is not None and second_pick is not None
    numbers = [game.cards.by_code[c].number for c in (first_pick, second_pick)]
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
    playing = replace_fast(playing, seen=(game.position_key(playing),) if state.loop_rule else ())
    events.append(PicksRevealed((first_pick, second_pick), first))
    return playing


def _written(game: AbsolutelyAces, text: object) -> str:
    card = game.cards.find(text)
    return card.label if card is not None else shown(text)


def _play(game: AbsolutelyAces, state: AcesState, move: Play, events: list[Event]) -> AcesState:
    cards, mover = game.cards, state.mover
    card = cards.find(move.card)
    if card is None:
        raise IllegalMove(
            f"{_written(game, move.card)} is not a card of this game (write a card like S7)."
        )
    code = card.code
    if code not in state.hands[mover]:
        raise IllegalMove(_not_held(game, state, code))
    if not state.opening:
        answer = state.reserves[mover]
        kind = cards.by_code[answer[0]].type
        if not cards.blocks(code, kind):
            raise IllegalMove(_does_not_block(game, card, answer))
    return _after_play(game, state, (code,), events)


def _play_pair(
    game: AbsolutelyAces, state: AcesState, move: PlayPair, events: list[Event]
) -> AcesState:
    cards, mover = game.cards, state.mover
    if not isinstance(move.type, str) or move.type not in cards.types:
        raise IllegalMove(f"{_written(game, move.type)} is not a type of card in this game.")
    pair = cards.of_type[move.type]
    if move.type not in cards.pair_types:
        raise IllegalMove(f"There is only one {move.type} card, so it cannot make a Pair.")
    if not set(pair) <= set(state.hands[mover]):
        raise IllegalMove(f"{player_name(mover)} does not hold both {move.type} cards.")
    if state.pairs >= MAX_PAIRS:
        raise IllegalMove("Two Pairs have been played this round, and a third is not allowed.")
    return _after_play(game, state, pair, events)


def _not_held(game: AbsolutelyAces, state: AcesState, code: str) -> str:
    mover, label = state.mover, game.label(code)
    if code in state.hands[1 - mover]:
        return f"{label} is in {player_name(1 - mover)}'s hand: it is {player_name(mover)}'s go."
    if code in state.reserves[mover]:
        return f"{label} is still in your Reserve: it can be played from your next go on."
    return f"{player_name(mover)} does not hold {label}."


def _does_not_block(game: AbsolutelyAces, card: AcesCard, answer: tuple[str, ...]) -> str:
    cards = game.cards
    kind = cards.by_code[answer[0]].type
    what = f"the {kind} Pair" if len(answer) == 2 else game.label(answer[0])
    blockers = " or ".join(sorted(cards.blockers[kind], key=cards.types.index))
    return f"{card.label} does not block {what}: play {blockers or 'a Pair'} (or a Pair)."


def _after_play(
    game: AbsolutelyAces, state: AcesState, played: tuple[str, ...], events: list[Event]
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
    sort = game.cards.sort_codes
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
    if not go_moves(game.cards, after):
        points = PAIR_POINTS if len(played) == 2 else game.cards.by_code[played[0]].points
        by = "Pair" if len(played) == 2 else played[0]
        return _end_round(game, after, RoundResult(mover, points, by), events)
    if state.loop_rule:
        key = game.position_key(after)
        if key in state.seen:
            return _end_round(game, after, RoundResult(None, 0, "loop"), events)
        after = replace_fast(after, seen=(*state.seen, key))
    return after


def _end_round(
    game: AbsolutelyAces, state: AcesState, result: RoundResult, events: list[Event]
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
    return game._deal(ended, state.round + 1)

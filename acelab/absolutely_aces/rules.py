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
(:mod:`~acelab.absolutely_aces.events`; the handlers are in :mod:`~acelab.absolutely_aces.actions`).
:meth:`AbsolutelyAces.round_from` builds a single round at its first go, for analysis.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from acelab.absolutely_aces import actions
from acelab.absolutely_aces.actions import deal, moves_for, position_key, read_hands, reveal
from acelab.absolutely_aces.card_set import CARDS, AcesCard, CardSet
from acelab.absolutely_aces.moves import AcesMove, Pick, go_moves
from acelab.absolutely_aces.state import TARGET, AcesState, AcesView, Hands, Phase, player_name
from acelab.absolutely_aces.validate import check_state
from acelab.engine import Event, Game, Outcome, Step, replace_fast, shown
from acelab.engine.seeds import check_seed

__all__ = ["AbsolutelyAces"]


class AbsolutelyAces(Game[AcesState, AcesMove]):
    """The rules of Absolutely Aces for two players, 0 and 1, on a card table (default the
    twelve cards of RULINGS §4)."""

    name = "absolutely_aces"

    def __init__(self, cards: CardSet = CARDS) -> None:
        if not isinstance(cards, CardSet):
            raise ValueError("Give the card table as a CardSet (see load_cards).")
        self.cards = cards
        self._moves = moves_for(cards)

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
        return deal(self.cards, replace_fast(base, target=target), 1)

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
        return reveal(self.cards, replace_fast(state, picks=(chosen[0], chosen[1])), [])

    def read_hands(self, hands: object) -> Hands:
        """Two hands of five cards, each sorted, from text (``"H4 H10 S1 S11 S7"``) or
        sequences of card codes; ``ValueError`` with a sentence for anything else."""
        return read_hands(self.cards, hands)

    # Reading states

    def label(self, code: str) -> str:
        """A card for learners: ``"7♠ Climb"``."""
        return self.cards.card(code).label

    def card(self, code: str) -> AcesCard:
        """The card ``code`` of this game's table."""
        return self.cards.card(code)

    def is_over(self, state: AcesState) -> bool:
        return self._moves.checked(state).phase is Phase.OVER

    def outcome(self, state: AcesState) -> Outcome | None:
        return self._moves.checked(state).outcome

    def to_move(self, state: AcesState) -> int | None:
        """The player whose decision it is: during the secret pick the lowest player who has
        not picked (the picks are taken in seat order, each hidden from the other); on a go the
        player to move; ``None`` once the game is over."""
        state = self._moves.checked(state)
        if state.phase is Phase.PICK:
            return 0 if state.picks[0] is None else 1
        return state.mover if state.phase is Phase.PLAY else None

    def round_result(self, state: AcesState) -> tuple[int | None, int] | None:
        """``None`` while the round goes on (or, in a match, a new round is being picked);
        once the state is over, ``(winner, points)`` of its last round, ``(None, 0)`` for a
        loop."""
        if self._moves.checked(state).phase is not Phase.OVER or not state.results:
            return None
        last = state.results[-1]
        return last.winner, last.points

    def position_key(self, state: AcesState | AcesView) -> int:
        """The position of a state at a go, as the loop rule compares it."""
        return position_key(self.cards, state)

    def to_answer(self, state: AcesState) -> tuple[str, ...]:
        """The card (or Pair) the player to move must block; empty on the opening go."""
        if self._moves.checked(state).phase is not Phase.PLAY or state.opening:
            return ()
        return state.reserves[state.mover]

    def observation(self, state: AcesState, player: int) -> AcesView:
        """What ``player`` may see (see :class:`AcesView`): during the secret pick their own
        hand and pick only; afterwards both open hands."""
        state = self._moves.checked(state)
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

    def visible_events(self, events: Sequence[Event], seat: int) -> tuple[Event, ...]:
        """``events`` as ``seat`` may hear them: the other player's secret pick is not named
        (``Picked(player, None)``) until both picks are shown."""
        return actions.hide_picks(events, seat)

    # Checking loaded states

    def check_state(self, state: object) -> None:
        """Raise ``ValueError`` with a sentence unless ``state`` is a well-formed state
        (:func:`~acelab.absolutely_aces.validate.check_state`)."""
        check_state(state, self.cards)

"""The working copy of a state, on which the rules of Lex's Ace of Spades run.

A :class:`WorkingState` is a mutable copy of a :class:`LexState` with cards as numbers 0..51
and the deck's top at the end of a list. :meth:`AceOfSpadesLex.step` copies a frozen state into
one (:func:`thaw`), applies the move (:func:`acelab.ace_of_spades_lex.actions.play`) and freezes
the result (:func:`freeze`); :func:`acelab.ace_of_spades_lex.bots.simulate` keeps one working
state per game and plays on it directly: the same rules without the copies (a test checks that
the two paths give the same games). :func:`view` is what one player sees of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from acelab.ace_of_spades_lex.state import CARDS, Attack, LexState, LexView, Phase, deciding_seat
from acelab.engine import Event, Outcome, derive_rng
from acelab.engine.cards import Card, shuffle_in_place

__all__ = ["WorkingState", "cards_of", "freeze", "new_working", "shuffled_deck", "thaw", "view"]

ID: Final[dict[Card, int]] = {card: i for i, card in enumerate(CARDS)}
"""The id of each card (its index in :data:`CARDS`)."""


class WorkingState:
    """A mutable working copy of a state, on which the rules run (cards are ids 0..51; the
    deck's top is the *last* item). ``log`` is ``None`` when no events are wanted."""

    __slots__ = (
        "attack",
        "banked",
        "chance",
        "claims",
        "deal_left",
        "deck",
        "draws_left",
        "first",
        "fresh",
        "hands",
        "log",
        "n",
        "names",
        "outcome",
        "passes",
        "phase",
        "piles",
        "round",
        "seed",
        "seen",
        "stopped",
        "turn",
        "turns",
        "winning",
    )

    seed: int | str
    names: tuple[str, ...]
    n: int
    first: int
    deck: list[int]
    hands: list[list[int]]
    piles: list[list[int]]
    banked: list[list[int]]
    stopped: list[bool]
    turn: int
    phase: Phase
    attack: Attack | None
    deal_left: int
    draws_left: int
    fresh: list[int]
    passes: int
    round: int
    chance: int
    turns: int
    winning: tuple[int, ...]
    outcome: Outcome | None
    claims: list[tuple[int, int]]
    log: list[Event] | None
    seen: list[Any] | None


def shuffled_deck(seed: int | str, round_number: int) -> list[int]:
    ids = list(range(52))
    shuffle_in_place(derive_rng(seed, "ace of spades lex", "deck", round_number), ids)
    return ids


def new_working(
    seed: int | str, names: tuple[str, ...], first: int, log: list[Event] | None = None
) -> WorkingState:
    """The working state at the start of a match: a shuffled deck, empty hands, ``first`` to
    play."""
    n = len(names)
    t = WorkingState()
    t.seed, t.names, t.n, t.first = seed, names, n, first
    order = shuffled_deck(seed, 0)
    order.reverse()  # the first card of the shuffled order is the top, at the list's end
    t.deck = order
    t.hands, t.piles, t.banked = [[] for _ in names], [[] for _ in names], [[] for _ in names]
    t.stopped = [False] * n
    t.turn, t.phase, t.attack = first, Phase.TURN, None
    t.deal_left = t.draws_left = t.passes = t.round = t.chance = t.turns = 0
    t.fresh, t.winning, t.outcome, t.claims, t.log, t.seen = [], (), None, [], log, None
    return t


def _ids(cards: tuple[Card, ...]) -> list[int]:
    return [ID[card] for card in cards]


_CARD_AT: Final = CARDS.__getitem__


def cards_of(ids: Sequence[int]) -> tuple[Card, ...]:
    return tuple(map(_CARD_AT, ids))


def thaw(state: LexState, log: list[Event] | None = None) -> WorkingState:
    """A working state equal to ``state``."""
    t = WorkingState()
    t.seed, t.names, t.n, t.first = state.seed, state.names, len(state.names), state.first
    t.deck = _ids(state.deck)
    t.deck.reverse()
    t.hands = [_ids(h) for h in state.hands]
    t.piles = [_ids(p) for p in state.piles]
    t.banked = [_ids(b) for b in state.banked]
    t.stopped = list(state.stopped)
    t.turn, t.phase, t.attack = state.turn, state.phase, state.attack
    t.deal_left, t.draws_left, t.passes = state.deal_left, state.draws_left, state.passes
    t.round, t.chance, t.turns = state.round, state.chance, state.turns
    t.fresh = _ids(state.fresh)
    t.winning, t.outcome = tuple(_ids(state.winning)), state.outcome
    t.claims = [(p, ID[c]) for p, c in state.claims]
    t.log, t.seen = log, None
    return t


def freeze(t: WorkingState) -> LexState:
    """The frozen state equal to working state ``t``."""
    return LexState(
        seed=t.seed,
        names=t.names,
        first=t.first,
        deck=cards_of(t.deck[::-1]),
        hands=tuple(cards_of(h) for h in t.hands),
        piles=tuple(cards_of(p) for p in t.piles),
        banked=tuple(cards_of(b) for b in t.banked),
        stopped=tuple(t.stopped),
        turn=t.turn,
        phase=t.phase,
        attack=t.attack,
        deal_left=t.deal_left,
        draws_left=t.draws_left,
        fresh=cards_of(t.fresh),
        passes=t.passes,
        round=t.round,
        chance=t.chance,
        turns=t.turns,
        winning=cards_of(t.winning),
        outcome=t.outcome,
        claims=tuple((p, CARDS[c]) for p, c in t.claims),
    )


def _pile_cards(
    t: WorkingState,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    """The discard piles and banked queens as cards, converted only where they changed.

    Between rebuilds (which draw on chance) and restarts (a new round) a pile only grows, so
    its length says what it holds; a banked queen leaves only onto a pile, so the banked queens
    are the same while no pile and no banked count changed.
    """
    epoch = (t.round, t.chance)
    cache = t.seen
    if cache is None or cache[0] != epoch:
        cache = t.seen = [epoch, [()] * t.n, [-1] * t.n, (), -1, ()]
    pile_cards, lengths = cache[1], cache[2]
    changed = False
    for seat, pile in enumerate(t.piles):
        if len(pile) != lengths[seat]:
            pile_cards[seat], lengths[seat] = cards_of(pile), len(pile)
            changed = True
    banked_count = sum(map(len, t.banked))
    if changed or banked_count != cache[4] or not cache[3]:
        cache[3] = tuple(pile_cards)
        cache[4], cache[5] = banked_count, tuple(cards_of(b) for b in t.banked)
    return cache[3], cache[5]


def view(t: WorkingState, player: int) -> LexView:
    """What ``player`` may see of working state ``t`` (see :class:`LexView`)."""
    piles, banked = _pile_cards(t)
    return LexView(
        player=player,
        names=t.names,
        phase=t.phase,
        to_act=deciding_seat(t),
        turn=t.turn,
        hand=cards_of(t.hands[player]),
        hand_sizes=tuple(map(len, t.hands)),
        piles=piles,
        banked=banked,
        stopped=tuple(t.stopped),
        deck_size=len(t.deck),
        attack=t.attack,
        deal_left=t.deal_left,
        draws_left=t.draws_left,
        fresh=cards_of(t.fresh) if t.fresh and player == t.turn else (),
        round=t.round,
        turns=t.turns,
        winning=cards_of(t.winning) if t.winning else (),
        outcome=t.outcome,
        hands_shown=tuple(map(cards_of, t.hands)) if t.phase is Phase.OVER else (),
    )

"""What drawing and playing cards does to a working state of Lex's Ace of Spades (RULINGS §3):
a drawn card discarded, kept or acting at once, a victory, a stop and a queen that frees, the
piles rebuilt into the deck, the turn passing on, Deuce Ex Machina's restart.

The move handlers of :mod:`acelab.ace_of_spades_lex.actions` call these; each appends its events
to the working state's log when there is one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from acelab.ace_of_spades_lex.events import (
    Absorbed,
    Banked,
    Dealing,
    Discarded,
    Drew,
    Freed,
    Kept,
    Rebuilt,
    Restarted,
    Skipped,
    Stopped,
    Won,
)
from acelab.ace_of_spades_lex.state import (
    BLACK_TEN,
    CARDS,
    CLUB_ACE,
    CLUB_ACE_DRAWS,
    JACK,
    KIND,
    KING,
    NINE,
    NINE_DEALS,
    PLAIN,
    QUEEN,
    RED_ACE,
    RED_TEN,
    SIX,
    SPADE_ACE,
    SPADE_QUEEN,
    TWO,
    Phase,
)
from acelab.ace_of_spades_lex.words import verb
from acelab.ace_of_spades_lex.working import WorkingState, cards_of, shuffled_deck
from acelab.engine import Outcome, derive_rng
from acelab.engine.cards import shuffle_in_place

__all__ = [
    "INSTANT",
    "can_draw",
    "carry_on",
    "discard",
    "end_turn",
    "next_turn",
    "resolve_draw",
    "restart",
    "rng",
    "stop",
    "take_top",
    "victory",
    "win",
]

_KEPT: Final = frozenset({TWO, SIX, BLACK_TEN, RED_TEN, JACK, SPADE_ACE, RED_ACE, KING})
INSTANT: Final = frozenset({CLUB_ACE, NINE, SPADE_QUEEN, QUEEN})
"""The kinds of card that act when drawn and are then discarded (a dealt one just is)."""
_SPADE_ACE_ID, _HEART_ACE_ID, _DIAMOND_ACE_ID = 0, 1, 2
_TWOS: Final = (4, 5, 6, 7)
_FIRST_KING: Final = 48


def rng(t: WorkingState, what: str) -> Any:
    t.chance += 1
    return derive_rng(t.seed, "ace of spades lex", what, t.round, t.chance)


def _names(t: WorkingState, players: Sequence[int]) -> str:
    return " and ".join(t.names[p] for p in players)


def take_top(t: WorkingState) -> int:
    """The deck's top card (the piles are rebuilt into the deck first if it is empty); -1 if
    there is no card anywhere to draw."""
    if not t.deck:
        _rebuild(t)
        if not t.deck:
            return -1
    return t.deck.pop()


def _rebuild(t: WorkingState) -> None:
    """Shuffle every discard pile into a new deck, under the cards still in the deck."""
    gathered = [card for pile in t.piles for card in pile]
    if not gathered:
        return
    for pile in t.piles:
        pile.clear()
    shuffle_in_place(rng(t, "rebuild"), gathered)
    t.deck[:0] = gathered  # under the remaining cards (the top is the list's end)
    if t.log is not None:
        t.log.append(Rebuilt(len(gathered)))


def discard(t: WorkingState, player: int, card: int) -> None:
    t.piles[player].append(card)
    if t.log is not None:
        t.log.append(Discarded(player, CARDS[card]))


def victory(hand: list[int], kind: int) -> tuple[int, ...]:
    """The winning set that a card of ``kind`` just added to ``hand`` completes, or ``()``."""
    if kind == SPADE_ACE:
        return (_SPADE_ACE_ID,)
    if kind == RED_ACE:
        if _HEART_ACE_ID in hand and _DIAMOND_ACE_ID in hand:
            return (_HEART_ACE_ID, _DIAMOND_ACE_ID)
        return ()
    if kind == KING:
        kings = [c for c in hand if c >= _FIRST_KING]
        if len(kings) >= 3:  # a Nine may deal someone a fourth: three of them are the set
            return tuple(sorted(kings))[:3]
    return ()


def win(
    t: WorkingState, player: int, cards: tuple[int, ...], last: int, beaten: tuple[int, ...]
) -> None:
    ordered = (*[c for c in cards if c != last][: len(cards) - 1], last)
    t.winning = ordered
    t.phase = Phase.OVER
    t.attack, t.deal_left, t.draws_left = None, 0, 0
    words = {1: "the A♠", 2: "two red aces"}.get(len(ordered), "three kings")
    symbols = ", ".join(CARDS[c].symbol for c in ordered)
    who = t.names[player]
    shown = words if len(ordered) == 1 else f"{words} ({symbols})"  # "the A♠" once
    reason = f"{who} {verb(who, 'wins')} with {shown}."
    if beaten:
        reason = (
            f"{who} {verb(who, 'wins')} with {shown}, "
            f"ahead of {_names(t, beaten)} in the same deal."
        )
    t.outcome = Outcome((player,), reason)
    if t.log is not None:
        t.log.append(Won(player, cards_of(ordered), beaten))


def _free_others(t: WorkingState, drawer: int) -> bool:
    """Free every stopped player but ``drawer``; True when anyone was freed."""
    freed = tuple(p for p in range(t.n) if t.stopped[p] and p != drawer)
    for p in freed:
        t.stopped[p] = False
    if freed and t.log is not None:
        t.log.append(Freed(freed, drawer))
    return bool(freed)


def stop(t: WorkingState, player: int, by: int, card: int) -> None:
    """Stop ``player`` (``card`` is the Q♠ or black ten), unless a banked queen absorbs it."""
    banked = t.banked[player]
    if banked:
        queen = banked.pop(0)
        t.piles[player].append(queen)
        if t.log is not None:
            t.log.append(Absorbed(player, CARDS[queen], CARDS[card]))
            t.log.append(Discarded(player, CARDS[queen]))
        return
    t.stopped[player] = True
    if t.log is not None:
        t.log.append(Stopped(player, by, CARDS[card]))
    if all(t.stopped):
        t.stopped = [False] * t.n
        if t.log is not None:
            t.log.append(Freed(tuple(range(t.n)), None))


def resolve_draw(t: WorkingState, player: int, card: int) -> None:
    """What a card drawn by ``player`` does (RULINGS §3)."""
    kind = KIND[card]
    log = t.log
    if log is not None:
        log.append(Drew(player, CARDS[card]))
    if kind == PLAIN:
        discard(t, player, card)
    elif kind in _KEPT:
        hand = t.hands[player]
        hand.append(card)
        t.fresh.append(card)
        if log is not None:
            log.append(Kept(player, CARDS[card]))
        won = victory(hand, kind)
        if won:
            win(t, player, won, card, ())
    elif kind == CLUB_ACE:
        discard(t, player, card)
        t.draws_left += CLUB_ACE_DRAWS
    elif kind == NINE:
        if len(t.deck) < NINE_DEALS:
            _rebuild(t)
        discard(t, player, card)
        t.deal_left = min(NINE_DEALS, len(t.deck))
        t.claims = []
        if log is not None:
            log.append(Dealing(player, t.deal_left))
    elif kind == SPADE_QUEEN:
        discard(t, player, card)
        _free_others(t, player)
        stop(t, player, player, card)
    else:  # another queen: it frees, or it is banked
        if _free_others(t, player):
            discard(t, player, card)
        else:
            t.banked[player].append(card)
            if log is not None:
                log.append(Banked(player, CARDS[card]))


def carry_on(t: WorkingState) -> None:
    """Run the drawer's pending work (an A♣'s draws) until a decision is needed, then end the
    turn."""
    while t.phase is not Phase.OVER:
        if t.deal_left:
            t.phase = Phase.DEALING
            return
        if not t.draws_left:
            break
        t.draws_left -= 1
        card = take_top(t)
        if card < 0:
            t.draws_left = 0
            break
        resolve_draw(t, t.turn, card)
    if t.phase is not Phase.OVER:
        end_turn(t)


def end_turn(t: WorkingState) -> None:
    fresh, hand = t.fresh, t.hands[t.turn]
    if (
        fresh
        and (4 in fresh or 5 in fresh or 6 in fresh or 7 in fresh)
        and all(c in hand for c in _TWOS)
    ):  # the fourth two came this turn (twos are ids 4 to 7)
        t.phase = Phase.DEUCE
        return
    next_turn(t)


def next_turn(t: WorkingState) -> None:
    """The turn passes clockwise to the next player who is not stopped."""
    t.turns += 1
    t.fresh = []
    t.phase = Phase.TURN
    player = t.turn
    for _ in range(t.n):
        player = (player + 1) % t.n
        if not t.stopped[player]:
            break
        if t.log is not None:
            t.log.append(Skipped(player))
    t.turn = player


def can_draw(t: WorkingState) -> bool:
    return bool(t.deck) or any(t.piles)


def restart(t: WorkingState, player: int) -> None:
    t.round += 1
    order = shuffled_deck(t.seed, t.round)
    order.reverse()
    t.deck = order
    t.hands, t.piles, t.banked = [[] for _ in t.names], [[] for _ in t.names], [[] for _ in t.names]
    t.stopped = [False] * t.n
    t.attack, t.deal_left, t.draws_left, t.claims = None, 0, 0, []
    if t.log is not None:
        t.log.append(Restarted(player, t.round))
    t.turns += 1
    t.fresh, t.turn, t.phase = [], player, Phase.TURN

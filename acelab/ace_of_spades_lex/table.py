"""The rules of Lex Productions' Ace of Spades, written once, over a working table.

A :class:`Table` is a mutable working copy of a state, with cards as numbers 0..51 and the
deck's top at the end of a list. The public :meth:`AceOfSpadesLex.step` copies a frozen
:class:`LexState` into a table (:func:`thaw`), applies the move (:func:`play`) and freezes the
result (:func:`freeze`); :func:`acelab.ace_of_spades_lex.bots.simulate` keeps one table per game
and plays on it directly: the same code without the copies (a test checks that the two paths
give the same games). :func:`legal` lists the legal moves and :func:`view` what one player sees.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from acelab.ace_of_spades_lex.events import (
    Absorbed,
    Banked,
    Countered,
    Dealing,
    Dealt,
    Discarded,
    Drew,
    Foiled,
    Freed,
    Kept,
    Nuked,
    Passed,
    Played,
    Rebuilt,
    Restarted,
    Skipped,
    Stalemate,
    Stole,
    Stopped,
    Won,
)
from acelab.ace_of_spades_lex.moves import (
    Accept,
    Counter,
    DealTo,
    DeuceExMachina,
    Draw,
    EndTurn,
    Foil,
    LexMove,
    Nuke,
    Pass,
    Steal,
    Stop,
)
from acelab.ace_of_spades_lex.state import (
    BLACK_TEN,
    CARDS,
    CLUB_ACE,
    CLUB_ACE_DRAWS,
    JACK,
    KIND,
    KING,
    MAX_PLAYERS,
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
    Attack,
    LexState,
    LexView,
    Phase,
    object_case,
    verb,
)
from acelab.cards import Card, random_index, shuffle_in_place
from acelab.engine import Event, IllegalMove, Outcome, derive_rng

__all__ = ["Table", "freeze", "legal", "new_table", "play", "thaw", "view"]

_ID: Final[dict[Card, int]] = {card: i for i, card in enumerate(CARDS)}
_KEPT: Final = frozenset({TWO, SIX, BLACK_TEN, RED_TEN, JACK, SPADE_ACE, RED_ACE, KING})
_INSTANT: Final = frozenset({CLUB_ACE, NINE, SPADE_QUEEN, QUEEN})
_SPADE_ACE_ID, _HEART_ACE_ID, _DIAMOND_ACE_ID = 0, 1, 2
_TWOS: Final = (4, 5, 6, 7)
_FIRST_KING: Final = 48


class Table:
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

    @property
    def actor(self) -> int | None:
        """Whose decision the table waits for."""
        if self.phase is Phase.OVER:
            return None
        if self.phase is Phase.REACTION and self.attack is not None:
            return self.attack.target
        return self.turn


# ---------------------------------------------------------------- building and copying tables


def _sixes(count: int) -> str:
    return "1 six" if count == 1 else f"{count} sixes"


def _shuffled_deck(seed: int | str, round_number: int) -> list[int]:
    ids = list(range(52))
    shuffle_in_place(derive_rng(seed, "ace of spades lex", "deck", round_number), ids)
    return ids


def new_table(
    seed: int | str, names: tuple[str, ...], first: int, log: list[Event] | None = None
) -> Table:
    """The table at the start of a match: a shuffled deck, empty hands, ``first`` to play."""
    n = len(names)
    t = Table()
    t.seed, t.names, t.n, t.first = seed, names, n, first
    order = _shuffled_deck(seed, 0)
    order.reverse()  # the first card of the shuffled order is the top, at the list's end
    t.deck = order
    t.hands, t.piles, t.banked = [[] for _ in names], [[] for _ in names], [[] for _ in names]
    t.stopped = [False] * n
    t.turn, t.phase, t.attack = first, Phase.TURN, None
    t.deal_left = t.draws_left = t.passes = t.round = t.chance = t.turns = 0
    t.fresh, t.winning, t.outcome, t.claims, t.log, t.seen = [], (), None, [], log, None
    return t


def _ids(cards: tuple[Card, ...]) -> list[int]:
    return [_ID[card] for card in cards]


_CARD_AT: Final = CARDS.__getitem__


def _cards(ids: Sequence[int]) -> tuple[Card, ...]:
    return tuple(map(_CARD_AT, ids))


def thaw(state: LexState, log: list[Event] | None = None) -> Table:
    """A working table equal to ``state``."""
    t = Table()
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
    t.claims = [(p, _ID[c]) for p, c in state.claims]
    t.log, t.seen = log, None
    return t


def freeze(t: Table) -> LexState:
    """The frozen state equal to table ``t``."""
    return LexState(
        seed=t.seed,
        names=t.names,
        first=t.first,
        deck=_cards(t.deck[::-1]),
        hands=tuple(_cards(h) for h in t.hands),
        piles=tuple(_cards(p) for p in t.piles),
        banked=tuple(_cards(b) for b in t.banked),
        stopped=tuple(t.stopped),
        turn=t.turn,
        phase=t.phase,
        attack=t.attack,
        deal_left=t.deal_left,
        draws_left=t.draws_left,
        fresh=_cards(t.fresh),
        passes=t.passes,
        round=t.round,
        chance=t.chance,
        turns=t.turns,
        winning=_cards(t.winning),
        outcome=t.outcome,
        claims=tuple((p, CARDS[c]) for p, c in t.claims),
    )


def _table_cards(t: Table) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
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
            pile_cards[seat], lengths[seat] = _cards(pile), len(pile)
            changed = True
    banked_count = sum(map(len, t.banked))
    if changed or banked_count != cache[4] or not cache[3]:
        cache[3] = tuple(pile_cards)
        cache[4], cache[5] = banked_count, tuple(_cards(b) for b in t.banked)
    return cache[3], cache[5]


def view(t: Table, player: int) -> LexView:
    """What ``player`` may see of table ``t`` (see :class:`LexView`)."""
    piles, banked = _table_cards(t)
    fields = {
        "player": player,
        "names": t.names,
        "phase": t.phase,
        "to_act": t.actor,
        "turn": t.turn,
        "hand": _cards(t.hands[player]),
        "hand_sizes": tuple(map(len, t.hands)),
        "piles": piles,
        "banked": banked,
        "stopped": tuple(t.stopped),
        "deck_size": len(t.deck),
        "attack": t.attack,
        "deal_left": t.deal_left,
        "draws_left": t.draws_left,
        "fresh": _cards(t.fresh) if t.fresh and player == t.turn else (),
        "round": t.round,
        "turns": t.turns,
        "winning": _cards(t.winning) if t.winning else (),
        "outcome": t.outcome,
    }
    seen = object.__new__(LexView)
    object.__setattr__(seen, "__dict__", fields)  # a frozen record: nothing to derive in __init__
    return seen


# ---------------------------------------------------------------- the rules on a table


def _rng(t: Table, what: str) -> Any:
    t.chance += 1
    return derive_rng(t.seed, "ace of spades lex", what, t.round, t.chance)


def _names(t: Table, players: Sequence[int]) -> str:
    return " and ".join(t.names[p] for p in players)


def _take_top(t: Table) -> int:
    """The deck's top card (the piles are rebuilt into the deck first if it is empty); -1 if
    there is no card anywhere to draw."""
    if not t.deck:
        _rebuild(t)
        if not t.deck:
            return -1
    return t.deck.pop()


def _rebuild(t: Table) -> None:
    """Shuffle every discard pile into a new deck, under the cards still in the deck."""
    gathered = [card for pile in t.piles for card in pile]
    if not gathered:
        return
    for pile in t.piles:
        pile.clear()
    shuffle_in_place(_rng(t, "rebuild"), gathered)
    t.deck[:0] = gathered  # under the remaining cards (the top is the list's end)
    if t.log is not None:
        t.log.append(Rebuilt(len(gathered)))


def _discard(t: Table, player: int, card: int) -> None:
    t.piles[player].append(card)
    if t.log is not None:
        t.log.append(Discarded(player, CARDS[card]))


def _victory(hand: list[int], kind: int) -> tuple[int, ...]:
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


def _win(t: Table, player: int, cards: tuple[int, ...], last: int, beaten: tuple[int, ...]) -> None:
    ordered = (*[c for c in cards if c != last][: len(cards) - 1], last)
    t.winning = ordered
    t.phase = Phase.OVER
    t.attack, t.deal_left, t.draws_left = None, 0, 0
    words = {1: "the A♠", 2: "two red aces"}.get(len(ordered), "three kings")
    symbols = ", ".join(CARDS[c].symbol for c in ordered)
    who = t.names[player]
    reason = f"{who} {verb(who, 'wins')} with {words} ({symbols})."
    if beaten:
        reason = (
            f"{who} {verb(who, 'wins')} with {words} ({symbols}), "
            f"ahead of {_names(t, beaten)} in the same deal."
        )
    t.outcome = Outcome((player,), reason)
    if t.log is not None:
        t.log.append(Won(player, _cards(ordered), beaten))


def _free_others(t: Table, drawer: int) -> bool:
    """Free every stopped player but ``drawer``; True when anyone was freed."""
    freed = tuple(p for p in range(t.n) if t.stopped[p] and p != drawer)
    for p in freed:
        t.stopped[p] = False
    if freed and t.log is not None:
        t.log.append(Freed(freed, drawer))
    return bool(freed)


def _stop(t: Table, player: int, by: int, card: int) -> None:
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


def _resolve_draw(t: Table, player: int, card: int) -> None:
    """What a card drawn by ``player`` does (RULINGS §3)."""
    kind = KIND[card]
    log = t.log
    if log is not None:
        log.append(Drew(player, CARDS[card]))
    if kind == PLAIN:
        _discard(t, player, card)
    elif kind in _KEPT:
        hand = t.hands[player]
        hand.append(card)
        t.fresh.append(card)
        if log is not None:
            log.append(Kept(player, CARDS[card]))
        won = _victory(hand, kind)
        if won:
            _win(t, player, won, card, ())
    elif kind == CLUB_ACE:
        _discard(t, player, card)
        t.draws_left += CLUB_ACE_DRAWS
    elif kind == NINE:
        if len(t.deck) < NINE_DEALS:
            _rebuild(t)
        _discard(t, player, card)
        t.deal_left = min(NINE_DEALS, len(t.deck))
        t.claims = []
        if log is not None:
            log.append(Dealing(player, t.deal_left))
    elif kind == SPADE_QUEEN:
        _discard(t, player, card)
        _free_others(t, player)
        _stop(t, player, player, card)
    else:  # another queen: it frees, or it is banked
        if _free_others(t, player):
            _discard(t, player, card)
        else:
            t.banked[player].append(card)
            if log is not None:
                log.append(Banked(player, CARDS[card]))


def _carry_on(t: Table) -> None:
    """Run the drawer's pending work (an A♣'s draws) until a decision is needed, then end the
    turn."""
    while t.phase is not Phase.OVER:
        if t.deal_left:
            t.phase = Phase.DEALING
            return
        if not t.draws_left:
            break
        t.draws_left -= 1
        card = _take_top(t)
        if card < 0:
            t.draws_left = 0
            break
        _resolve_draw(t, t.turn, card)
    if t.phase is not Phase.OVER:
        _end_turn(t)


def _end_turn(t: Table) -> None:
    fresh, hand = t.fresh, t.hands[t.turn]
    if (
        fresh
        and (4 in fresh or 5 in fresh or 6 in fresh or 7 in fresh)
        and all(c in hand for c in _TWOS)
    ):  # the fourth two came this turn (twos are ids 4 to 7)
        t.phase = Phase.DEUCE
        return
    _next_turn(t)


def _next_turn(t: Table) -> None:
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


def _can_draw(t: Table) -> bool:
    return bool(t.deck) or any(t.piles)


def _restart(t: Table, player: int) -> None:
    t.round += 1
    order = _shuffled_deck(t.seed, t.round)
    order.reverse()
    t.deck = order
    t.hands, t.piles, t.banked = [[] for _ in t.names], [[] for _ in t.names], [[] for _ in t.names]
    t.stopped = [False] * t.n
    t.attack, t.deal_left, t.draws_left, t.claims = None, 0, 0, []
    if t.log is not None:
        t.log.append(Restarted(player, t.round))
    t.turns += 1
    t.fresh, t.turn, t.phase = [], player, Phase.TURN


# ---------------------------------------------------------------- legal moves


_DRAW: Final = Draw()
_DEUCE: Final = DeuceExMachina()
_FOIL, _COUNTER, _ACCEPT, _END, _PASS = Foil(), Counter(), Accept(), EndTurn(), Pass()
_STEAL: Final = tuple(Steal(p) for p in range(MAX_PLAYERS))
_STOP: Final = tuple(Stop(p) for p in range(MAX_PLAYERS))
_NUKE: Final = tuple(tuple(Nuke(p, k) for k in range(5)) for p in range(MAX_PLAYERS))
_DEAL: Final = tuple(DealTo(p) for p in range(MAX_PLAYERS))


def legal(t: Table) -> list[LexMove]:
    """Every legal move on table ``t``, in a fixed order."""
    phase = t.phase
    if phase is Phase.TURN:
        return _turn_moves(t)
    if phase is Phase.DEALING:
        return [_DEAL[p] for p in range(t.n) if p != t.turn]
    if phase is Phase.REACTION:
        return [_COUNTER if t.attack is not None and t.attack.is_nuke else _FOIL, _ACCEPT]
    if phase is Phase.DEUCE:
        return [_DEUCE, _END]
    return []


def _turn_moves(t: Table) -> list[LexMove]:
    me = t.turn
    moves: list[LexMove] = [_DRAW] if (t.deck or any(t.piles)) else []
    kinds = [KIND[c] for c in t.hands[me]]
    if JACK in kinds:
        moves.extend(_STEAL[p] for p in range(t.n) if p != me and t.hands[p])
    if BLACK_TEN in kinds:
        moves.extend(_STOP[p] for p in range(t.n) if p != me and not t.stopped[p])
    sixes = kinds.count(SIX)
    if sixes:
        for p in range(t.n):
            if p != me and t.hands[p]:
                moves.extend(_NUKE[p][1 : sixes + 1])
    if kinds.count(TWO) == 4:
        moves.append(_DEUCE)
    return moves or [_PASS]


# ---------------------------------------------------------------- move handlers


def _target(t: Table, target: object, verb: str) -> int:
    if type(target) is not int or not 0 <= target < t.n:
        raise IllegalMove(f"There is no player {target!r} at this table: seats run 0 to {t.n - 1}.")
    if target == t.turn:
        raise IllegalMove(f"{verb} another player, not yourself.")
    return target


def _first_of(hand: list[int], kind: int) -> int:
    return next(c for c in hand if KIND[c] == kind)


def _holds(t: Table, kind: int, what: str) -> None:
    if all(KIND[c] != kind for c in t.hands[t.turn]):
        raise IllegalMove(f"You hold no {what}.")


def _on_draw(t: Table, move: LexMove) -> None:
    if not _can_draw(t):
        raise IllegalMove("The deck and every discard pile are empty: use an action card or pass.")
    _resolve_draw(t, t.turn, _take_top(t))
    _carry_on(t)


def _on_steal(t: Table, move: Steal) -> None:
    target = _target(t, move.target, "A Jack steals from")
    _holds(t, JACK, "Jack")
    if not t.hands[target]:
        raise IllegalMove(f"{t.names[target]} has no card to steal.")
    jack = _first_of(t.hands[t.turn], JACK)
    if t.log is not None:
        t.log.append(Played(t.turn, (CARDS[jack],), target))
    if any(KIND[c] == RED_TEN for c in t.hands[target]):
        t.attack, t.phase = Attack(t.turn, target, 0), Phase.REACTION
        return
    _steal(t, target)


def _steal(t: Table, target: int) -> None:
    thief = t.turn
    hand = t.hands[thief]
    jack = _first_of(hand, JACK)
    hand.remove(jack)
    _discard(t, thief, jack)
    victim = t.hands[target]
    card = victim.pop(random_index(_rng(t, "steal"), len(victim)))
    hand.append(card)
    t.fresh.append(card)
    if t.log is not None:
        t.log.append(Stole(thief, target, CARDS[card]))
    won = _victory(hand, KIND[card])
    if won:
        _win(t, thief, won, card, ())
    else:
        _end_turn(t)


def _on_stop(t: Table, move: Stop) -> None:
    target = _target(t, move.target, "A black ten stops")
    _holds(t, BLACK_TEN, "black ten")
    if t.stopped[target]:
        raise IllegalMove(f"{t.names[target]} is already stopped.")
    hand = t.hands[t.turn]
    ten = _first_of(hand, BLACK_TEN)
    hand.remove(ten)
    if t.log is not None:
        t.log.append(Played(t.turn, (CARDS[ten],), target))
    _discard(t, t.turn, ten)
    _stop(t, target, t.turn, ten)
    _end_turn(t)


def _on_nuke(t: Table, move: Nuke) -> None:
    target = _target(t, move.target, "Sixes nuke")
    count = move.sixes
    held = sum(1 for c in t.hands[t.turn] if KIND[c] == SIX)
    if type(count) is not int or count < 1:
        raise IllegalMove("A nuke uses one six or more.")
    if count > held:
        raise IllegalMove(f"You hold {_sixes(held)}, not {count}.")
    if not t.hands[target]:
        raise IllegalMove(f"{t.names[target]} has no card to nuke.")
    if t.log is not None:
        sixes = [c for c in t.hands[t.turn] if KIND[c] == SIX][:count]
        t.log.append(Played(t.turn, _cards(sixes), target))
    if sum(1 for c in t.hands[target] if KIND[c] == SIX) >= count:
        t.attack, t.phase = Attack(t.turn, target, count), Phase.REACTION
        return
    _nuke(t, target, count)


def _spend_sixes(t: Table, player: int, count: int) -> None:
    hand = t.hands[player]
    for six in [c for c in hand if KIND[c] == SIX][:count]:
        hand.remove(six)
        _discard(t, player, six)


def _nuke(t: Table, target: int, count: int) -> None:
    _spend_sixes(t, t.turn, count)
    hand = t.hands[target]
    returned = len(hand)
    t.deck.extend(hand)
    hand.clear()
    shuffle_in_place(_rng(t, "nuke"), t.deck)
    if t.log is not None:
        t.log.append(Nuked(t.turn, target, count, returned))
    _end_turn(t)


def _on_deuce(t: Table, move: LexMove) -> None:
    held = sum(1 for c in t.hands[t.turn] if KIND[c] == TWO)
    if held < 4:
        raise IllegalMove(f"Deuce Ex Machina needs all four twos, and you hold {held}.")
    _restart(t, t.turn)


def _on_deal(t: Table, move: DealTo) -> None:
    to = _target(t, move.player, "A Nine's cards go to")
    card = t.deck.pop()
    kind = KIND[card]
    if t.log is not None:
        t.log.append(Dealt(t.turn, to, CARDS[card]))
    if kind in _INSTANT:  # a received instant has no effect and is discarded
        _discard(t, to, card)
    else:
        hand = t.hands[to]
        hand.append(card)
        if _victory(hand, kind):
            t.claims.append((to, card))
    t.deal_left = t.deal_left - 1 if t.deck else 0
    if t.deal_left:
        return
    if t.claims:  # the receivers pick their cards up: fewer cards wins, then the earlier claim
        ranked = sorted(
            (len(_victory(t.hands[p], KIND[c])), order, p, c)
            for order, (p, c) in enumerate(t.claims)
        )
        _, _, winner, last = ranked[0]
        t.claims = []
        beaten = tuple(dict.fromkeys(p for _, _, p, _ in ranked if p != winner))
        _win(t, winner, _victory(t.hands[winner], KIND[last]), last, beaten)
        return
    t.phase = Phase.TURN
    _carry_on(t)


def _on_foil(t: Table, move: LexMove) -> None:
    attack = t.attack
    if attack is None or attack.is_nuke:
        raise IllegalMove("A red ten answers a Jack; against sixes, counter with sixes or accept.")
    thief, victim = attack.by, attack.target
    jack = _first_of(t.hands[thief], JACK)
    ten = _first_of(t.hands[victim], RED_TEN)
    t.hands[thief].remove(jack)
    t.hands[victim].remove(ten)
    if t.log is not None:
        t.log.append(Foiled(thief, victim, CARDS[jack], CARDS[ten]))
    _discard(t, thief, jack)
    _discard(t, victim, ten)
    t.attack = None
    _end_turn(t)


def _on_counter(t: Table, move: LexMove) -> None:
    attack = t.attack
    if attack is None or not attack.is_nuke:
        raise IllegalMove("Sixes answer sixes; against a Jack, show a red ten or accept.")
    if t.log is not None:
        t.log.append(Countered(attack.target, attack.by, attack.sixes))
    _spend_sixes(t, attack.by, attack.sixes)
    _spend_sixes(t, attack.target, attack.sixes)
    t.attack = None
    _end_turn(t)


def _on_accept(t: Table, move: LexMove) -> None:
    attack = t.attack
    assert attack is not None  # the REACTION phase always has an attack
    t.attack = None
    if attack.is_nuke:
        _nuke(t, attack.target, attack.sixes)
    else:
        _steal(t, attack.target)


def _on_end_turn(t: Table, move: LexMove) -> None:
    _next_turn(t)


def _on_pass(t: Table, move: LexMove) -> None:
    if _can_draw(t):
        raise IllegalMove("There is a card to draw, so you cannot pass.")
    if _turn_moves(t) != [_PASS]:
        raise IllegalMove("You can still use an action card, so you cannot pass.")
    t.passes += 1
    if t.log is not None:
        t.log.append(Passed(t.turn))
    if t.passes >= t.stopped.count(False):
        t.phase = Phase.OVER
        reason = "Nobody could draw or use an action card for a full round: the match is a draw."
        t.outcome = Outcome((), reason)
        if t.log is not None:
            t.log.append(Stalemate())
        return
    _next_turn(t)


_Handler = Callable[[Table, Any], None]
_HANDLERS: Final[dict[tuple[Phase, type[object]], _Handler]] = {
    (Phase.TURN, Draw): _on_draw,
    (Phase.TURN, Steal): _on_steal,
    (Phase.TURN, Stop): _on_stop,
    (Phase.TURN, Nuke): _on_nuke,
    (Phase.TURN, DeuceExMachina): _on_deuce,
    (Phase.TURN, Pass): _on_pass,
    (Phase.DEUCE, DeuceExMachina): _on_deuce,
    (Phase.DEUCE, EndTurn): _on_end_turn,
    (Phase.DEALING, DealTo): _on_deal,
    (Phase.REACTION, Foil): _on_foil,
    (Phase.REACTION, Counter): _on_counter,
    (Phase.REACTION, Accept): _on_accept,
}
_MOVE_TYPES: Final = frozenset(kind for _, kind in _HANDLERS)
_BY_TYPE: Final[dict[type[object], tuple[tuple[Phase, _Handler], ...]]] = {
    kind: tuple((phase, h) for (phase, k), h in _HANDLERS.items() if k is kind)
    for kind in _MOVE_TYPES
}  # the same table, looked up by the move's type first (no hashing of the phase)
_ACTION_KINDS: Final[dict[type[object], int]] = {Steal: JACK, Stop: BLACK_TEN, Nuke: SIX}


def play(t: Table, move: object) -> None:
    """Apply ``move`` to table ``t``; a refused move raises :class:`IllegalMove` before
    anything changes."""
    phase, handler = t.phase, None
    for wanted, candidate in _BY_TYPE.get(type(move), ()):
        if wanted is phase:
            handler = candidate
            break
    if handler is None:
        raise IllegalMove(_refusal(t, move))
    if type(move) is not Pass:
        t.passes = 0
    handler(t, move)


_WAITING: Final = {
    Phase.TURN: "{name} to draw or use an action card",
    Phase.DEALING: "{name} to deal the Nine's cards ({left} left)",
    Phase.REACTION: "{name} to answer the attack",
    Phase.DEUCE: "{name} to play Deuce Ex Machina or end the turn",
}


def _refusal(t: Table, move: object) -> str:
    """Why ``move`` cannot be played now, in one sentence."""
    if type(move) not in _MOVE_TYPES:
        return f"{move!r} is not a move of Lex Productions' Ace of Spades."
    if t.phase is Phase.OVER:
        return "The game is over: start a new one."
    kind = _ACTION_KINDS.get(type(move))
    if kind is not None and t.phase in (Phase.DEUCE, Phase.DEALING):
        mine = [c for c in t.hands[t.turn] if KIND[c] == kind]
        if mine and all(c in t.fresh for c in mine):
            return (
                f"{CARDS[mine[0]].symbol} was drawn this turn: "
                "action cards can be used from your next turn on."
            )
    if type(move) in (Foil, Counter, Accept):
        return f"There is nothing to answer now: it is time for {_waiting(t)}."
    return f"You cannot {move} now: it is time for {_waiting(t)}."


def _waiting(t: Table) -> str:
    actor = t.actor
    name = object_case(t.names[actor]) if actor is not None else "nobody"
    return _WAITING[t.phase].format(name=name, left=t.deal_left)

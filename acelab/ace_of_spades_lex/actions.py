"""Lex's Ace of Spades' moves: :data:`MOVES` (which move each phase allows and the handler of
each), the handlers, :data:`DOING` (what each phase waits for), which moves are legal
(:func:`legal`) and :func:`play`, all on a :class:`~acelab.ace_of_spades_lex.working.WorkingState`.

One handler per move, found by one table from the phase and the move's type; a move the phase
does not expect is refused in words before anything changes. What the cards then do is in
:mod:`acelab.ace_of_spades_lex.effects`. The events go through the table like every game's: a
handler hands the table's list of the move's events to the working state as its log (unless the
working state wants none, on the bots' fast path), and the card effects report into it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from acelab.ace_of_spades_lex.effects import (
    INSTANT,
    can_draw,
    carry_on,
    discard,
    end_turn,
    next_turn,
    resolve_draw,
    restart,
    rng,
    stop,
    take_top,
    victory,
    win,
)
from acelab.ace_of_spades_lex.events import (
    Countered,
    Dealt,
    Foiled,
    Nuked,
    Passed,
    Played,
    Stalemate,
    Stole,
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
    JACK,
    KIND,
    MAX_PLAYERS,
    RED_TEN,
    SIX,
    TWO,
    Attack,
    Phase,
    deciding_seat,
)
from acelab.ace_of_spades_lex.words import object_case, sixes
from acelab.ace_of_spades_lex.working import WorkingState, cards_of
from acelab.engine import Event, Handler, IllegalMove, MoveTable, Outcome, describe, shown
from acelab.engine.seeds import random_index, shuffle_in_place

__all__ = ["DOING", "MOVES", "legal", "play"]


_DRAW: Final = Draw()
_DEUCE: Final = DeuceExMachina()
_FOIL, _COUNTER, _ACCEPT, _END, _PASS = Foil(), Counter(), Accept(), EndTurn(), Pass()
_STEAL: Final = tuple(Steal(p) for p in range(MAX_PLAYERS))
_STOP: Final = tuple(Stop(p) for p in range(MAX_PLAYERS))
_NUKE: Final = tuple(tuple(Nuke(p, k) for k in range(5)) for p in range(MAX_PLAYERS))
_DEAL: Final = tuple(DealTo(p) for p in range(MAX_PLAYERS))


def legal(t: WorkingState) -> list[LexMove]:
    """Every legal move on working state ``t``, in a fixed order."""
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


def _turn_moves(t: WorkingState) -> list[LexMove]:
    me = t.turn
    moves: list[LexMove] = [_DRAW] if can_draw(t) else []
    kinds = [KIND[c] for c in t.hands[me]]
    if JACK in kinds:
        moves.extend(_STEAL[p] for p in range(t.n) if p != me and t.hands[p])
    if BLACK_TEN in kinds:
        moves.extend(_STOP[p] for p in range(t.n) if p != me and not t.stopped[p])
    held_sixes = kinds.count(SIX)
    if held_sixes:
        for p in range(t.n):
            if p != me and t.hands[p]:
                moves.extend(_NUKE[p][1 : held_sixes + 1])
    if kinds.count(TWO) == 4:
        moves.append(_DEUCE)
    return moves or [_PASS]


# ---------------------------------------------------------------- move handlers


def _target(t: WorkingState, target: object, verb: str) -> int:
    if type(target) is not int or not 0 <= target < t.n:
        raise IllegalMove(
            f"There is no player {shown(target)} at this table: seats run 0 to {t.n - 1}."
        )
    if target == t.turn:
        raise IllegalMove(f"{verb} another player, not yourself.")
    return target


def _first_of(hand: list[int], kind: int) -> int:
    return next(c for c in hand if KIND[c] == kind)


def _holds(t: WorkingState, kind: int, what: str) -> None:
    if all(KIND[c] != kind for c in t.hands[t.turn]):
        raise IllegalMove(f"You hold no {what}.")


def _on_draw(t: WorkingState, move: LexMove) -> None:
    if not can_draw(t):
        raise IllegalMove("The deck and every discard pile are empty: use an action card or pass.")
    resolve_draw(t, t.turn, take_top(t))
    carry_on(t)


def _on_steal(t: WorkingState, move: Steal) -> None:
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


def _steal(t: WorkingState, target: int) -> None:
    thief = t.turn
    hand = t.hands[thief]
    jack = _first_of(hand, JACK)
    hand.remove(jack)
    discard(t, thief, jack)
    victim = t.hands[target]
    card = victim.pop(random_index(rng(t, "steal"), len(victim)))
    hand.append(card)
    t.fresh.append(card)
    if t.log is not None:
        t.log.append(Stole(thief, target, CARDS[card]))
    won = victory(hand, KIND[card])
    if won:
        win(t, thief, won, card, ())
    else:
        end_turn(t)


def _on_stop(t: WorkingState, move: Stop) -> None:
    target = _target(t, move.target, "A black ten stops")
    _holds(t, BLACK_TEN, "black ten")
    if t.stopped[target]:
        raise IllegalMove(f"{t.names[target]} is already stopped.")
    hand = t.hands[t.turn]
    ten = _first_of(hand, BLACK_TEN)
    hand.remove(ten)
    if t.log is not None:
        t.log.append(Played(t.turn, (CARDS[ten],), target))
    discard(t, t.turn, ten)
    stop(t, target, t.turn, ten)
    end_turn(t)


def _on_nuke(t: WorkingState, move: Nuke) -> None:
    target = _target(t, move.target, "Sixes nuke")
    count = move.sixes
    held = sum(1 for c in t.hands[t.turn] if KIND[c] == SIX)
    if type(count) is not int or count < 1:
        raise IllegalMove("A nuke uses one six or more.")
    if count > held:
        raise IllegalMove(f"You hold {sixes(held)}, not {count}.")
    if not t.hands[target]:
        raise IllegalMove(f"{t.names[target]} has no card to nuke.")
    if t.log is not None:
        used = [c for c in t.hands[t.turn] if KIND[c] == SIX][:count]
        t.log.append(Played(t.turn, cards_of(used), target))
    if sum(1 for c in t.hands[target] if KIND[c] == SIX) >= count:
        t.attack, t.phase = Attack(t.turn, target, count), Phase.REACTION
        return
    _nuke(t, target, count)


def _spend_sixes(t: WorkingState, player: int, count: int) -> None:
    hand = t.hands[player]
    for six in [c for c in hand if KIND[c] == SIX][:count]:
        hand.remove(six)
        discard(t, player, six)


def _nuke(t: WorkingState, target: int, count: int) -> None:
    _spend_sixes(t, t.turn, count)
    hand = t.hands[target]
    returned = len(hand)
    t.deck.extend(hand)
    hand.clear()
    shuffle_in_place(rng(t, "nuke"), t.deck)
    if t.log is not None:
        t.log.append(Nuked(t.turn, target, count, returned))
    end_turn(t)


def _on_deuce(t: WorkingState, move: LexMove) -> None:
    held = sum(1 for c in t.hands[t.turn] if KIND[c] == TWO)
    if held < 4:
        raise IllegalMove(f"Deuce Ex Machina needs all four twos, and you hold {held}.")
    restart(t, t.turn)


def _on_deal(t: WorkingState, move: DealTo) -> None:
    to = _target(t, move.player, "A Nine's cards go to")
    card = t.deck.pop()
    kind = KIND[card]
    if t.log is not None:
        t.log.append(Dealt(t.turn, to, CARDS[card]))
    if kind in INSTANT:  # a received instant has no effect and is discarded
        discard(t, to, card)
    else:
        hand = t.hands[to]
        hand.append(card)
        if victory(hand, kind):
            t.claims.append((to, card))
    t.deal_left = t.deal_left - 1 if t.deck else 0
    if t.deal_left:
        return
    if t.claims:  # the receivers pick their cards up: fewer cards wins, then the earlier claim
        ranked = sorted(
            (len(victory(t.hands[p], KIND[c])), order, p, c)
            for order, (p, c) in enumerate(t.claims)
        )
        _, _, winner, last = ranked[0]
        t.claims = []
        beaten = tuple(dict.fromkeys(p for _, _, p, _ in ranked if p != winner))
        win(t, winner, victory(t.hands[winner], KIND[last]), last, beaten)
        return
    t.phase = Phase.TURN
    carry_on(t)


def _on_foil(t: WorkingState, move: LexMove) -> None:
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
    discard(t, thief, jack)
    discard(t, victim, ten)
    t.attack = None
    end_turn(t)


def _on_counter(t: WorkingState, move: LexMove) -> None:
    attack = t.attack
    if attack is None or not attack.is_nuke:
        raise IllegalMove("Sixes answer sixes; against a Jack, show a red ten or accept.")
    if t.log is not None:
        t.log.append(Countered(attack.target, attack.by, attack.sixes))
    _spend_sixes(t, attack.by, attack.sixes)
    _spend_sixes(t, attack.target, attack.sixes)
    t.attack = None
    end_turn(t)


def _on_accept(t: WorkingState, move: LexMove) -> None:
    attack = t.attack
    assert attack is not None  # the REACTION phase always has an attack
    t.attack = None
    if attack.is_nuke:
        _nuke(t, attack.target, attack.sixes)
    else:
        _steal(t, attack.target)


def _on_end_turn(t: WorkingState, move: LexMove) -> None:
    next_turn(t)


def _on_pass(t: WorkingState, move: LexMove) -> None:
    if can_draw(t):
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
    next_turn(t)


def _handler(apply: Callable[[WorkingState, Any], None]) -> Handler[WorkingState]:
    """A handler of :data:`MOVES` around ``apply``, which changes the working state in place.

    The table's ``events`` become the working state's log, where the card effects deep inside a
    move report what happened; a working state without a log (the bots' fast path, where nobody
    reads the events) keeps none.
    """

    def handle(t: WorkingState, move: Any, events: list[Event]) -> WorkingState:
        if t.log is not None:
            t.log = events
        if type(move) is not Pass:
            t.passes = 0
        apply(t, move)
        return t

    return handle


DOING: Final = {
    Phase.TURN: "draw or use an action card",
    Phase.DEALING: "deal the Nine's cards",
    Phase.REACTION: "answer the attack",
    Phase.DEUCE: "play Deuce Ex Machina or end the turn",
    Phase.OVER: "start a new game",
}
"""What each phase waits for, in words."""


_ACTION_KINDS: Final[dict[type[object], int]] = {Steal: JACK, Stop: BLACK_TEN, Nuke: SIX}


def _refusal(t: WorkingState, move: object) -> str:
    """Why ``move``, one of this game's moves, cannot be played in this phase."""
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
    return f"You cannot {describe(move)} now: it is time for {_waiting(t)}."


def _waiting(t: WorkingState) -> str:
    actor = deciding_seat(t)
    name = object_case(t.names[actor]) if actor is not None else "nobody"
    left = f" ({t.deal_left} left)" if t.phase is Phase.DEALING else ""
    return f"{name} to {DOING[t.phase]}{left}"


MOVES: Final = MoveTable[WorkingState, Phase](
    "Lex Productions' Ace of Spades",
    {
        Phase.TURN: {
            Draw: _handler(_on_draw),
            Steal: _handler(_on_steal),
            Stop: _handler(_on_stop),
            Nuke: _handler(_on_nuke),
            DeuceExMachina: _handler(_on_deuce),
            Pass: _handler(_on_pass),
        },
        Phase.DEUCE: {DeuceExMachina: _handler(_on_deuce), EndTurn: _handler(_on_end_turn)},
        Phase.DEALING: {DealTo: _handler(_on_deal)},
        Phase.REACTION: {
            Foil: _handler(_on_foil),
            Counter: _handler(_on_counter),
            Accept: _handler(_on_accept),
        },
    },
    doing=DOING,
    wrong_phase=_refusal,
)
"""Which moves each phase allows, and the handler of each."""


def play(t: WorkingState, move: object) -> tuple[Event, ...]:
    """Apply ``move`` to working state ``t`` and return its events (none when ``t`` keeps no
    log); a refused move raises :class:`IllegalMove` before anything changes."""
    return MOVES.step(t, move).events

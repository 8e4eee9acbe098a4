"""Bots for Lex Productions' Ace of Spades, and a simulator of whole matches between them.

A bot is a plain function ``choose(view, legal_moves, rng) -> move`` that sees only its own
:class:`LexView`. :func:`simulate` plays many games on the engine's working tables (the same
rules as :meth:`AceOfSpadesLex.step`, without copying a frozen state at every move) and asks a
bot only when it has a choice.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from acelab.ace_of_spades_lex.moves import DealTo, DeuceExMachina, Draw, LexMove, Nuke, Steal, Stop
from acelab.ace_of_spades_lex.rules import (
    CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    LexView,
    Phase,
    Table,
    check_seed,
    legal,
    new_table,
    play,
    view,
)
from acelab.cards import Card, Rank, random_index
from acelab.engine import derive_rng
from acelab.stats import wilson_interval as _wilson

__all__ = ["Bot", "LexSimulation", "heuristic_bot", "random_bot", "simulate", "threats"]

Bot = Callable[[LexView, Sequence[LexMove], random.Random], LexMove]


def random_bot(view: LexView, moves: Sequence[LexMove], rng: random.Random) -> LexMove:
    """Any legal move, uniformly at random."""
    return moves[random_index(rng, len(moves))]


_KING, _ACE, _SIX, _TEN, _JACK = Rank.KING, Rank.ACE, Rank.SIX, Rank.TEN, Rank.JACK
_CARDS_IN_HANDS = 22  # twos, sixes, tens, jacks, kings (4 each) and the two red aces
NUKE_THREAT = 0.5
"""The heuristic bot nukes a hand whose expected progress to a win is at least this."""
STEAL_THREAT = 0.3
"""…and steals from a player at least this close to winning (or holding 3 cards or more)."""


def _progress(hand: Sequence[Card]) -> float:
    """How far a hand is towards two red aces or three kings (1 is a win)."""
    kings = sum(1 for c in hand if c.rank is _KING)
    red_aces = sum(1 for c in hand if c.rank is _ACE and c.is_red)
    return max(kings / 3, red_aces / 2)


_last_piles: list[object] = [None, 0]  # the piles last counted (held, so never a stale id)


def _kept_in_piles(piles: tuple[tuple[Card, ...], ...]) -> int:
    """How many kept cards lie on the piles: of those, only used sixes, tens and jacks are ever
    discarded. Consecutive views of an unchanged table share one piles tuple, counted once."""
    if piles is _last_piles[0]:
        return _last_piles[1]  # type: ignore[return-value]
    count = 0
    for pile in piles:
        for card in pile:
            rank = card.rank
            if rank is _SIX or rank is _TEN or rank is _JACK:
                count += 1
    _last_piles[0], _last_piles[1] = piles, count
    return count


def threats(view: LexView) -> tuple[float, ...]:
    """For each player, how close they are to winning as ``view.player`` can judge it: their
    own hand exactly, another's from its size and the victory cards not in sight.

    Kings and red aces are never discarded, so every one not in the viewer's hand is in the
    deck or another hand; hands hold only cards that are kept (twos, sixes, tens, jacks,
    kings, red aces), so a hand of ``h`` cards holds about ``h × kings unseen / kept cards
    unseen`` kings. A player cannot make three kings while the viewer holds two, nor two red
    aces while the viewer holds one.
    """
    hand = view.hand
    my_kings = my_red = 0
    for card in hand:
        if card.rank is _KING:
            my_kings += 1
        elif card.rank is _ACE and card.is_red:
            my_red += 1
    seen_kept = len(hand) + _kept_in_piles(view.piles)
    unseen = _CARDS_IN_HANDS - seen_kept if seen_kept < _CARDS_IN_HANDS else 1
    king_share = (4 - my_kings) / unseen / 3 if my_kings < 2 else 0.0
    red_share = 1 / unseen if my_red == 0 else 0.0  # two unseen red aces, out of two needed
    mine = my_kings / 3 if my_kings / 3 > my_red / 2 else my_red / 2
    scores = []
    for player, size in enumerate(view.hand_sizes):
        if player == view.player:
            scores.append(mine)
        else:
            kings, red = size * king_share, size * red_share
            score = kings if kings > red else red
            scores.append(score if score < 1.0 else 1.0)
    return tuple(scores)


def heuristic_bot(view: LexView, moves: Sequence[LexMove], rng: random.Random) -> LexMove:
    """A sensible player: answers every Jack with a red ten and every nuke it can counter;
    steals from and stops whoever is closest to winning; nukes a hand that likely holds two
    kings or a red ace, keeping a six back for defence while its own hand is worth a nuke;
    plays Deuce Ex Machina when someone else is ahead; deals a Nine's cards to the players
    furthest from winning, in turn, never to the leader."""
    phase = view.phase
    if phase is Phase.REACTION:
        return moves[0]  # a red ten or the sixes: always answer
    if phase is Phase.DEALING:
        return _deal(view, moves)
    scores = threats(view)
    me = view.player
    others = [p for p in range(len(scores)) if p != me]
    leader = max(others, key=lambda p: (scores[p], view.hand_sizes[p]))
    if phase is Phase.DEUCE:
        return moves[0] if scores[leader] > scores[me] else moves[1]
    steals: list[Steal] = []
    stops: list[Stop] = []
    nukes: list[Nuke] = []
    draw: LexMove | None = None
    for move in moves:
        kind = type(move)
        if kind is Steal:
            steals.append(move)  # type: ignore[arg-type]
        elif kind is Stop:
            stops.append(move)  # type: ignore[arg-type]
        elif kind is Nuke:
            nukes.append(move)  # type: ignore[arg-type]
        elif kind is DeuceExMachina:
            if scores[leader] > scores[me]:
                return move
        elif kind is Draw:
            draw = move
    if nukes:
        target = max((m.target for m in nukes), key=lambda p: scores[p])
        if scores[target] >= NUKE_THREAT and view.hand_sizes[target] >= 2:
            held = max(m.sixes for m in nukes)
            keep = 1 if held > 1 and scores[me] >= 0.5 else 0
            return next(m for m in nukes if m.target == target and m.sixes == held - keep)
    if stops:  # a stopped player stops drawing: stop the leader among those without a queen
        unguarded = [m for m in stops if not view.banked[m.target]] or stops
        return max(unguarded, key=lambda m: (scores[m.target], view.hand_sizes[m.target]))
    if steals:
        best_steal = max(steals, key=lambda m: (scores[m.target], view.hand_sizes[m.target]))
        if scores[best_steal.target] >= STEAL_THREAT or view.hand_sizes[best_steal.target] >= 3:
            return best_steal
    if draw is not None:
        return draw
    return moves[random_index(rng, len(moves))]


def _deal(view: LexView, moves: Sequence[LexMove]) -> LexMove:
    scores = threats(view)
    targets = [m for m in moves if isinstance(m, DealTo)]
    if len(targets) == 1:
        return targets[0]
    ranked = sorted(targets, key=lambda m: (scores[m.player], view.hand_sizes[m.player]))
    away = ranked[:-1]  # never the leader
    return away[view.deal_left % len(away)]


@dataclass(frozen=True)
class LexSimulation:
    """Many games between the same bots, seat by seat.

    ``wins[p]`` games won by seat ``p`` (``draws`` were won by nobody), ``rates[p]`` its share
    of the games and ``intervals[p]`` the 95% Wilson interval of that rate; ``mean_turns`` is
    the mean game length in turns; ``victories`` counts how games were won (the A♠, two red
    aces, three kings) and ``deciding_cards`` the card that completed each win (by symbol).
    """

    games: int
    wins: tuple[int, ...]
    draws: int
    rates: tuple[float, ...]
    intervals: tuple[tuple[float, float], ...]
    mean_turns: float
    victories: dict[str, int]
    deciding_cards: dict[str, int]

    @property
    def mean_length(self) -> float:
        """The mean game length, in turns (the same as ``mean_turns``)."""
        return self.mean_turns

    def __str__(self) -> str:
        lines = [f"{self.games} games, {self.mean_turns:.1f} turns on average"]
        for seat, (wins, rate, (low, high)) in enumerate(
            zip(self.wins, self.rates, self.intervals, strict=True)
        ):
            lines.append(f"seat {seat}: {wins} wins = {rate:.1%} (95% CI {low:.1%} to {high:.1%})")
        return "\n".join(lines)


_VICTORY_NAMES = {1: "the A♠", 2: "two red aces", 3: "three kings"}


def simulate(
    bots: Sequence[Bot], games: int = 1000, seed: int | str = 0, first: int = 0
) -> LexSimulation:
    """Play ``games`` games, seat ``p`` played by ``bots[p]`` (2 to 6 bots), game ``g`` dealt
    from ``f"{seed}/{g}"`` with ``first`` beginning; the wins per seat with 95% intervals."""
    bots = list(bots)
    if not MIN_PLAYERS <= len(bots) <= MAX_PLAYERS or not all(callable(b) for b in bots):
        raise ValueError("Give 2 to 6 bots, one function per seat.")
    if type(games) is not int or games < 1:
        raise ValueError("Simulate at least one game (a whole number).")
    check_seed(seed)
    if type(first) is not int or not 0 <= first < len(bots):
        raise ValueError(f"The first player is a seat from 0 to {len(bots) - 1}.")
    names = tuple(f"Bot {p}" for p in range(len(bots)))
    wins = [0] * len(bots)
    turns = 0
    victories: Counter[str] = Counter()
    deciding: Counter[str] = Counter()
    for number in range(games):
        table = play_game(bots, f"{seed}/{number}", names, first, seed, number)
        turns += table.turns
        if table.outcome is not None and table.outcome.winners:
            wins[table.outcome.winners[0]] += 1
            winning = table.winning
            victories[_VICTORY_NAMES[len(winning)]] += 1
            deciding[CARDS[winning[-1]].symbol] += 1
    intervals = tuple(_wilson(w, games) for w in wins)
    return LexSimulation(
        games=games,
        wins=tuple(wins),
        draws=games - sum(wins),
        rates=tuple(w / games for w in wins),
        intervals=intervals,
        mean_turns=turns / games,
        victories=dict(victories),
        deciding_cards=dict(deciding),
    )


def play_game(
    bots: Sequence[Bot],
    deal_seed: int | str,
    names: tuple[str, ...],
    first: int,
    seed: int | str,
    number: int,
    moves: list[LexMove] | None = None,
) -> Table:
    """One game between ``bots`` on a working table; the moves played are appended to
    ``moves`` when it is given (to replay the game through the public engine)."""
    table = new_table(deal_seed, names, first)
    rng = derive_rng(seed, "lex bots", number)
    while table.phase is not Phase.OVER:
        options = legal(table)
        if len(options) == 1:
            move = options[0]
        else:
            actor = table.actor
            assert actor is not None
            move = bots[actor](view(table, actor), options, rng)
        play(table, move)
        if moves is not None:
            moves.append(move)
    return table

"""Bots for Lex Productions' Ace of Spades, and a simulator of whole matches between them.

A bot is a plain function ``choose(view, legal_moves, rng) -> move`` that sees only its own
:class:`LexView`. :func:`simulate` plays many games with :func:`acelab.engine.play_out` on
working states changed in place (:data:`IN_PLACE`: the same rules as
:meth:`AceOfSpadesLex.step`, without copying a frozen state at every move) and asks a bot only
when it has a choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from acelab.ace_of_spades_lex.actions import legal, play
from acelab.ace_of_spades_lex.moves import DealTo, DeuceExMachina, Draw, LexMove, Nuke, Steal, Stop
from acelab.ace_of_spades_lex.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    LexView,
    Phase,
    deciding_seat,
)
from acelab.ace_of_spades_lex.working import WorkingState, new_working, view
from acelab.engine import Outcome, check_games, check_seed, derive_rng, expect, play_out, shown
from acelab.engine.cards import Card, Rank, random_index
from acelab.engine.play import check_choice
from acelab.engine.stats import SIMULATED_GAMES, Simulation

__all__ = [
    "BOTS",
    "IN_PLACE",
    "Bot",
    "LexSimulation",
    "heuristic_bot",
    "play_forced",
    "random_bot",
    "simulate",
    "threats",
]

Bot = Callable[[LexView, Sequence[LexMove], random.Random], LexMove]


def _check_choice(view: object, moves: object, rng: object) -> None:
    check_choice(view, moves, rng, LexView)
    assert isinstance(view, LexView) and isinstance(moves, Sequence)
    seats = range(len(view.names))
    for move in moves:
        seat = getattr(move, "target", getattr(move, "player", 0))
        if not isinstance(move, LexMove) or seat not in seats:
            raise ValueError("A bot chooses among moves of Lex's Ace of Spades at this table.")


def random_bot(view: LexView, moves: Sequence[LexMove], rng: random.Random) -> LexMove:
    """Any legal move, uniformly at random."""
    _check_choice(view, moves, rng)
    return moves[random_index(rng, len(moves))]


_KING, _ACE, _SIX, _TEN, _JACK = Rank.KING, Rank.ACE, Rank.SIX, Rank.TEN, Rank.JACK
_CARDS_IN_HANDS = 22  # twos, sixes, tens, jacks, kings (4 each) and the two red aces
NUKE_THREAT = 0.5
"""The heuristic bot nukes a hand whose expected progress to a win is at least this."""
STEAL_THREAT = 0.3
"""…and steals from a player at least this close to winning (or holding 3 cards or more)."""


def _kept_in_piles(piles: tuple[tuple[Card, ...], ...]) -> int:
    """How many kept cards lie on the piles: of those, only used sixes, tens and jacks are ever
    discarded."""
    count = 0
    for pile in piles:
        for card in pile:
            rank = card.rank
            if rank is _SIX or rank is _TEN or rank is _JACK:
                count += 1
    return count


def threats(view: LexView) -> tuple[float, ...]:
    """For each player, how close they are to winning as ``view.player`` can judge it: their
    own hand exactly, another's from its size and the victory cards not in sight.

    Kings and red aces are never discarded, so every one not in the viewer's hand is in the
    deck or another hand; hands hold mostly cards that are kept (twos, sixes, tens, jacks,
    kings, red aces; a Nine may also deal plain cards into them), so a hand of ``h`` cards
    holds about ``h × kings unseen / kept cards unseen`` kings. A player cannot make three
    kings while the viewer holds two, nor two red aces while the viewer holds one.
    """
    if not isinstance(view, LexView):
        raise ValueError("threats() reads what one player sees: give it a LexView.")
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
    _check_choice(view, moves, rng)
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
        return moves[0] if scores[leader] > scores[me] or len(moves) == 1 else moves[1]
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
            aimed = [m for m in nukes if m.target == target]
            held = max(m.sixes for m in aimed)
            keep = 1 if held > 1 and scores[me] >= 0.5 else 0
            return next((m for m in aimed if m.sixes == held - keep), aimed[-1])
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
    if len(targets) < 2:
        return targets[0] if targets else moves[0]
    ranked = sorted(targets, key=lambda m: (scores[m.player], view.hand_sizes[m.player]))
    away = ranked[:-1]  # never the leader
    return away[view.deal_left % len(away)]


LexSimulation = Simulation
"""The older name of :class:`~acelab.engine.stats.Simulation`: Lex's simulations count turns
(``unit="turns"``) and are told seat by seat (``by_seat``)."""


class _InPlace:
    """The game on working states, changed in place: what :func:`~acelab.engine.play_out`
    needs, without copying a frozen state at every move (the same rules as
    :meth:`AceOfSpadesLex.step`; a test checks that both play the same games). A move that is
    the only legal one is played at once, so a bot is asked only when it has a choice."""

    def to_move(self, state: WorkingState) -> int | None:
        return deciding_seat(state)

    def legal_moves(self, state: WorkingState) -> list[LexMove]:
        return legal(state)

    def observation(self, state: WorkingState, player: int) -> LexView:
        return view(state, player)

    def apply(self, state: WorkingState, move: LexMove) -> WorkingState:
        play(state, move)
        return play_forced(state)

    def outcome(self, state: WorkingState) -> Outcome | None:
        return state.outcome


IN_PLACE: Final = _InPlace()
"""Lex's game for :func:`~acelab.engine.play_out` on a working state, played in place."""


def play_forced(state: WorkingState) -> WorkingState:
    """``state`` after every move that was the only legal one (played in place)."""
    expect(state, WorkingState, "a working state of Lex's Ace of Spades")
    while state.phase is not Phase.OVER:
        options = legal(state)
        if len(options) != 1:
            break
        play(state, options[0])
    return state


BOTS: Final[dict[str, Bot]] = {
    "random": random_bot,
    "heuristic": heuristic_bot,
    "strong": heuristic_bot,
}
"""The bots by name ("strong", every game's name for its strongest bot, is the heuristic bot)."""


def simulate(
    bots: Sequence[Bot | str] | Bot | str = "strong",
    games: int = SIMULATED_GAMES,
    seed: int | str = 0,
    *,
    first: int = 0,
    players: int | None = None,
) -> Simulation:
    """Play ``games`` games (1 to 100,000), seat ``p`` played by ``bots[p]`` (2 to 6 bots, or
    one bot for each of ``players`` seats; a bot is a function or its name in :data:`BOTS`),
    game ``g`` dealt from ``f"{seed}/{g}"`` with ``first`` beginning; the wins per seat with
    95% intervals. Every game's ``simulate`` takes ``(bots, games, seed)`` and its own options
    by keyword."""
    seats = _seats(bots, players)
    games = check_games(games)
    seed = check_seed(seed)
    if type(first) is not int or not 0 <= first < len(seats):
        raise ValueError(f"The first player is a seat from 0 to {len(seats) - 1}.")
    names = tuple(f"Bot {p}" for p in range(len(seats)))
    wins = [0] * len(seats)
    turns = 0
    for number in range(games):
        rngs = [derive_rng(seed, "lex bots", number)] * len(seats)  # one generator, every seat
        dealt = play_forced(new_working(f"{seed}/{number}", names, first))
        game = play_out(IN_PLACE, dealt, seats, rngs)
        turns += game.state.turns
        if game.outcome is not None and game.outcome.winners:
            wins[game.outcome.winners[0]] += 1
    return Simulation(games, tuple(wins), turns, unit="turns", by_seat=True)


def _named(bot: object) -> object:
    """The bot named ``bot`` in :data:`BOTS`, or ``bot`` itself."""
    return BOTS[bot] if isinstance(bot, str) and bot in BOTS else bot


def _seats(bots: object, players: object) -> list[Bot]:
    """One bot per seat."""
    bots = _named(bots)
    if isinstance(bots, Sequence) and not isinstance(bots, str):
        bots = [_named(bot) for bot in bots]
    if callable(bots):
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError("With one bot for every seat, say how many play: players=2 to 6.")
        bots = [bots] * players
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise ValueError("Give 2 to 6 bots, one function per seat.")
    if not MIN_PLAYERS <= len(bots) <= MAX_PLAYERS or not all(callable(b) for b in bots):
        raise ValueError("Give 2 to 6 bots, one function per seat.")
    if players is not None and players != len(bots):
        many = shown(players)
        many = "that many" if many == "that" else many
        raise ValueError(f"Give one bot per seat: {len(bots)} bots for {many} players.")
    return list(bots)

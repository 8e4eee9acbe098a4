"""Bots for Ace of Spades and a simulator of many games (solitaire or co-op).

A bot is ``choose(view, legal_moves, rng) -> move`` and sees only its player's view.

- :func:`random_bot` picks any legal move.
- :func:`greedy_bot` plays its best Hand now (it discards only when it holds no combination).
- :func:`strong_bot` weighs playing now against discarding: for a few sets of cards worth
  keeping, it samples what it could draw from the cards it has not seen (the discard pile
  counts as seen unless the difficulty hides it) and keeps the set with the best chance of
  beating the Enemy in time, or the most expected damage; it renews a thin deck, and spends
  one-time benefits when they win a duel or save the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from acelab.ace_of_spades.in_force import view_modifiers
from acelab.ace_of_spades.moves import (
    DiscardDraw,
    PlayHand,
    Renew,
    SpadesMove,
    TakeFromDiscard,
    UseBenefit,
)
from acelab.ace_of_spades.redraws import best_totals, sampled_damage, unseen_cards
from acelab.ace_of_spades.rules import AceOfSpades
from acelab.ace_of_spades.scoring import Damage, Modifiers, play_from
from acelab.ace_of_spades.state import LAST_LEVEL, Phase, SpadesView
from acelab.engine import Simulation, check_games, check_seed, derive_rng, play_out
from acelab.engine.cards import Card, random_index
from acelab.engine.stats import SIMULATED_GAMES
from acelab.engine.terms import shown

__all__ = ["BOTS", "Bot", "SpadesSimulation", "greedy_bot", "random_bot", "simulate", "strong_bot"]

Bot = Callable[[SpadesView, Sequence[SpadesMove], random.Random], SpadesMove]
SAMPLES: Final = 48


def _check(view: object, moves: object, rng: object) -> None:
    """Refuse, in words, a call that is not ``bot(view, legal_moves, rng)`` of a game going on."""
    if not isinstance(view, SpadesView) or not isinstance(rng, random.Random):
        raise ValueError("A bot is called with a player's view, the legal moves and a Random.")
    if not isinstance(moves, Sequence) or isinstance(moves, str):
        raise ValueError("A bot chooses from the legal moves of a game that goes on.")
    if view.outcome is not None:
        raise ValueError("The game is over: there is no move to choose.")


def random_bot(view: SpadesView, moves: Sequence[SpadesMove], rng: random.Random) -> SpadesMove:
    """Any legal move, uniformly."""
    _check(view, moves, rng)
    if not moves:
        raise ValueError("A bot chooses from the legal moves of a game that goes on.")
    return moves[random_index(rng, len(moves))]


def _keep_rank(card: Card) -> tuple[int, int]:
    if card.rank is None:
        return (3, 0)
    value = card.rank.value
    return (2 if value == 1 else 1 if value >= 11 else 0, value)


def _best(view: SpadesView, mods: Modifiers) -> Damage:
    """The best Hand; on Easy its scoring cards plus the low cards the Normal Hand would
    throw with them (high cards are kept for later)."""
    best = play_from(view.available, modifiers=mods)
    if view.difficulty != "easy" or best.combination == "none":
        return best
    scoring = set(best.scoring_cards)
    played = tuple(c for c in best.played if c in scoring or _keep_rank(c)[0] == 0)
    return replace(best, played=played)


def _play(best: Damage) -> PlayHand:
    return PlayHand(best.played, declare=best.combination if best.combination != "none" else None)


def _search(view: SpadesView, mods: Modifiers) -> SpadesMove:
    pile = view.discard or ()
    totals = best_totals([(*view.available, c) for c in pile], _estimating(mods))
    scored = dict(zip(pile, totals, strict=True))
    return TakeFromDiscard(max(pile, key=lambda c: (scored[c], _keep_rank(c))))


def greedy_bot(view: SpadesView, moves: Sequence[SpadesMove], rng: random.Random) -> SpadesMove:
    """Play the best Hand now; with no combination, discard the 5 cards least worth keeping."""
    _check(view, moves, rng)
    mods = view_modifiers(view)
    if view.phase is Phase.SEARCH:
        return _search(view, mods)
    if not view.available:
        return _no_cards(view, moves)
    best = _best(view, mods)
    if best.combination == "none" and view.discards_dial > 0:
        worst = sorted(view.available, key=_keep_rank)[:5]
        return DiscardDraw(tuple(worst))
    return _play(best)


def _no_cards(view: SpadesView, moves: Sequence[SpadesMove]) -> SpadesMove:
    """With no card to play (the deck ran out): Renew, else whatever benefit is left."""
    if view.discards_dial > 0 and view.discard_size:
        return Renew()
    return moves[0]


# --------------------------------------------------------------------------- the strong bot


def _candidate_keeps(cards: Sequence[Card], best: Damage) -> list[tuple[Card, ...]]:
    """Sets of cards worth keeping: each group of a value, each suit of 3 or more, each
    straight draw of 3 or more, the best Hand's scoring cards, the high cards; Jokers always."""
    jokers = tuple(c for c in cards if c.is_joker)
    naturals = [c for c in cards if not c.is_joker]
    keeps: dict[frozenset[Card], None] = {}

    def add(group: Sequence[Card]) -> None:
        keeps[frozenset((*group, *jokers))] = None

    add(best.scoring_cards)
    by_value: dict[int, list[Card]] = {}
    by_suit: dict[int, list[Card]] = {}
    for c in naturals:
        assert c.rank is not None and c.suit is not None
        by_value.setdefault(c.rank.value, []).append(c)
        by_suit.setdefault(c.suit.index, []).append(c)
    groups = sorted((g for g in by_value.values() if len(g) >= 2), key=len, reverse=True)
    for group in groups:
        add(group)
    if len(groups) >= 2:
        add([*groups[0], *groups[1]])
    for suited in by_suit.values():
        if len(suited) >= 3:
            add(sorted(suited, key=_keep_rank, reverse=True)[:5])
    for low in range(1, 11):
        window = [(v - 1) % 13 + 1 for v in range(low, low + 5)]
        present = [by_value[v][0] for v in window if v in by_value]
        if len(present) >= 3:
            add(present)
    high = [c for c in naturals if _keep_rank(c)[0] > 0]
    add(high)
    add([c for c in naturals if c.rank is not None and c.rank.value == 1])
    add(())
    return [tuple(k) for k in keeps]


@dataclass(frozen=True)
class _Choice:
    keep: tuple[Card, ...]
    mean: float
    kill: float


def _discard_choices(
    view: SpadesView, mods: Modifiers, best: Damage, rng: random.Random
) -> list[_Choice]:
    cards = view.available
    seen = (*cards, *(view.discard or ()))
    unseen = unseen_cards(seen, view.joker_in_play)
    keeps = _candidate_keeps(cards, best)
    draws = [min(len(cards) - len(k), view.deck_size) for k in keeps]
    if not unseen:
        return []
    draws = [min(d, len(unseen)) for d in draws]
    totals = sampled_damage(keeps, draws, unseen, SAMPLES, rng, _estimating(mods))
    return [
        _Choice(k, float(t.mean()), float((t >= view.life).mean()))
        for k, t in zip(keeps, totals, strict=True)
    ]


def _estimating(mods: Modifiers) -> Modifiers:
    """The scoring used to estimate draws: the value-based bonuses only (fast in NumPy);
    the Hand actually played is scored with every bonus."""
    if not (mods.suit_bonus or mods.value_as or mods.suit_as):
        return mods
    return replace(mods, suit_bonus=(), value_as=(), suit_as=(), _compiled=None)


def _benefit(view: SpadesView, kind: str) -> str | None:
    for enemy in view.benefits:
        if any(e.kind == kind for e in enemy.benefit):
            return enemy.id
    return None


def _benefit_amount(view: SpadesView, ident: str, kind: str) -> int:
    enemy = next(e for e in view.benefits if e.id == ident)
    return sum(e.amount for e in enemy.benefit if e.kind == kind)


def _use_benefits(view: SpadesView, mods: Modifiers, best: Damage) -> SpadesMove | None:
    """A one-time benefit worth spending now, or None (most are kept for Lord Overkill)."""
    boss = view.enemy.level == 11
    last = view.hands_dial == 1
    boost = _benefit(view, "next_hand_bonus")
    if boost and best.total > 0:
        extra = _benefit_amount(view, boost, "next_hand_bonus")
        if best.total < view.life <= best.total + extra or boss:
            return UseBenefit(boost)
    if best.total >= view.life:
        return None
    hands = _benefit(view, "extra_hands")
    if hands and last and view.hands_dial < 4:
        return UseBenefit(hands)
    if view.discards_dial == 0 and (last or boss):
        more = _benefit(view, "extra_discards")
        if more:
            return UseBenefit(more)
        redraw = _benefit(view, "free_redraw")
        if redraw and view.hand:
            keep = set(best.scoring_cards)
            thrown = tuple(c for c in view.hand if c not in keep and not c.is_joker)
            if thrown:
                return UseBenefit(redraw, thrown)
    draw = _benefit(view, "draw_extra")
    if draw and (last or boss) and view.deck_size:
        return UseBenefit(draw)
    search = _benefit(view, "search_discard")
    if (
        search
        and view.discard
        and (last or boss)
        and max(best_totals([(*view.available, c) for c in view.discard], _estimating(mods)))
        > best_totals([view.available], _estimating(mods))[0]
    ):
        return UseBenefit(search)
    renew = _benefit(view, "free_renew")
    if renew and view.deck_size < 5 and view.discard_size >= 10:
        return UseBenefit(renew)
    return None


def strong_bot(view: SpadesView, moves: Sequence[SpadesMove], rng: random.Random) -> SpadesMove:
    """Play, discard or renew by the chance of beating the Enemy in time and the expected
    damage of what could be drawn; spend benefits when they win a duel or save the game."""
    _check(view, moves, rng)
    mods = view_modifiers(view)
    if view.phase is Phase.SEARCH:
        return _search(view, mods)
    if not view.available:
        return _no_cards(view, moves)
    best = _best(view, mods)
    benefit = _use_benefits(view, mods, best)
    if benefit is not None:
        return benefit
    if best.total >= view.life or view.discards_dial == 0:
        return _play(best)
    if view.deck_size < 3 and view.discard_size >= 8:
        return Renew()
    choices = _discard_choices(view, mods, best, rng)
    if not choices:
        return _play(best)
    last = view.hands_dial == 1
    if last:
        pick = max(choices, key=lambda c: (c.kill, c.mean))
        if pick.kill > 0 or best.combination == "none":
            return _discard(view, pick.keep, best)
        return _play(best)
    pick = max(choices, key=lambda c: (c.mean + 4 * c.kill, c.kill))
    needed = view.life / view.hands_dial
    gain = pick.mean - best.total
    spare = view.discards_dial >= view.hands_dial
    if best.combination == "none" or gain > (0.5 if spare or best.total < needed else 2.0):
        return _discard(view, pick.keep, best)
    return _play(best)


def _discard(view: SpadesView, keep: tuple[Card, ...], best: Damage) -> SpadesMove:
    kept = set(keep)
    thrown = tuple(c for c in view.available if c not in kept)
    if not thrown:
        return _play(best)
    return DiscardDraw(thrown)


# --------------------------------------------------------------------------- simulation


SpadesSimulation = Simulation
"""The older name of :class:`~acelab.engine.stats.Simulation` (its ``levels`` say how far each game
got: the number of Enemies beaten, 12 for a win)."""


BOTS: Final[dict[str, Bot]] = {
    "random": random_bot,
    "greedy": greedy_bot,
    "strong": strong_bot,
}
"""The bots by name (every game names its strongest bot "strong")."""


def _bot(bot: Bot | str) -> Bot:
    if isinstance(bot, str):
        if bot not in BOTS:
            raise ValueError(f"The named bots are {', '.join(BOTS)}, not {shown(bot)}.")
        return BOTS[bot]
    if not callable(bot):
        raise ValueError("A bot is a function choose(view, legal_moves, rng) or its name.")
    return bot


def simulate(
    bots: Bot | str | Sequence[Bot | str] = "strong",
    games: int = SIMULATED_GAMES,
    seed: int | str = 0,
    *,
    difficulty: str = "normal",
    players: int = 1,
    game: AceOfSpades | None = None,
) -> Simulation:
    """Play ``games`` games (1 to 100,000) with ``bots`` (co-op, ``players=2``: one bot for
    both, or a pair), each dealt from ``(seed, game number)``; the win rate with its 95%
    interval, and how far each game got (``levels``). Every game's ``simulate`` takes
    ``(bots, games, seed)`` and its own options by keyword."""
    games = check_games(games)
    seed = check_seed(seed)
    if type(players) is not int or players not in (1, 2):
        raise ValueError("Ace of Spades is played alone (players=1) or by two (players=2).")
    if game is not None and not isinstance(game, AceOfSpades):
        raise ValueError("game is the rules to play, AceOfSpades(...), or None for acelab's.")
    if isinstance(bots, Sequence) and not isinstance(bots, str):
        seated = tuple(_bot(b) for b in bots)
    else:
        seated = (_bot(bots),) * players
    if len(seated) != players:
        raise ValueError(f"Give one bot, or one per player ({players}).")
    rules = game or AceOfSpades()
    wins = moves = 0
    levels: list[int] = []
    for number in range(games):
        state = rules.new_state(f"{seed}/{number}", difficulty=difficulty, players=players)
        rng = derive_rng(seed, "bot", number)
        played = play_out(rules, state, seated, (rng,) * players)
        won = played.outcome is not None and played.outcome.won()
        wins += won
        moves += played.moves
        levels.append(LAST_LEVEL + 1 if won else played.state.level)
    return Simulation(games, (wins,) * players, moves, levels=tuple(levels), together=True)

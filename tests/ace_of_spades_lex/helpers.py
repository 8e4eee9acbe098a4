"""Scenario states for the rule tests: a stacked deck, hands and piles named card by card."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import replace

from hypothesis import strategies as st

from acelab.ace_of_spades_lex import AceOfSpadesLex, LexMove, LexState, LexView, Phase
from acelab.ace_of_spades_lex.bots import Bot, heuristic_bot, random_bot
from acelab.engine import derive_rng, play_out
from acelab.engine.cards import Card, deck, parse_cards
from tests import support

GAME = AceOfSpadesLex()


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def stack(
    top: str = "",
    hands: Sequence[str] = (),
    piles: Sequence[str] = (),
    banked: Sequence[str] = (),
    players: int = 2,
    turn: int = 0,
    stopped: Sequence[int] = (),
    rest: int | None = None,
    **fields: object,
) -> LexState:
    """A state whose deck starts with ``top`` (its first card on top); seat ``p`` holds
    ``hands[p]``, with ``piles[p]`` and ``banked[p]`` in front of it. Every other card lies in
    the deck under ``top`` in card order, or on seat ``rest``'s discard pile."""

    def per_seat(texts: Sequence[str]) -> tuple[tuple[Card, ...], ...]:
        padded = [*texts, *[""] * (players - len(texts))]
        return tuple(cards(t) for t in padded)

    named = [*cards(top)]
    hand_cards, pile_cards, bank_cards = per_seat(hands), per_seat(piles), per_seat(banked)
    for zone in (hand_cards, pile_cards, bank_cards):
        for seat in zone:
            named.extend(seat)
    others = tuple(c for c in deck() if c not in named)
    deck_cards = cards(top) + (others if rest is None else ())
    if rest is not None:
        pile_cards = tuple(
            (*p, *others) if seat == rest else p for seat, p in enumerate(pile_cards)
        )
    state = LexState(
        seed=0,
        names=tuple(f"Player {p}" for p in range(players)),
        first=0,
        deck=deck_cards,
        hands=hand_cards,
        piles=pile_cards,
        banked=bank_cards,
        stopped=tuple(p in stopped for p in range(players)),
        turn=turn,
        **fields,  # type: ignore[arg-type]
    )
    GAME.check_state(state)
    return state


def play(state: LexState, *moves: LexMove) -> LexState:
    for move in moves:
        state = GAME.apply(state, move)
    return state


def illegal(state: LexState, move: object, *words: str) -> str:
    """``move`` is refused with one sentence holding ``words``; ``state`` is unchanged."""
    return support.illegal(GAME, state, move, *words)


def hand(state: LexState, seat: int) -> set[Card]:
    return set(state.hands[seat])


__all__ = [
    "GAME",
    "Phase",
    "cards",
    "hand",
    "illegal",
    "named",
    "play",
    "reached",
    "reached_states",
    "record",
    "stack",
    "when_choosing",
]


def when_choosing(bot: Bot) -> Bot:
    """``bot``, asked only when there is a choice (as on the fast path)."""

    def choose(view: LexView, moves: Sequence[LexMove], rng: random.Random) -> LexMove:
        return moves[0] if len(moves) == 1 else bot(view, moves, rng)

    return choose


def record(number: int) -> tuple[LexState, list[LexMove]]:
    """Game ``number`` between bots through the public engine, and its moves: 2 to 6 seats,
    heuristic and random bots in turn, each asked only when it has a choice."""
    players = 2 + number % 5
    bots = [heuristic_bot if (number + p) % 2 else random_bot for p in range(players)]
    names = tuple(f"Bot {p}" for p in range(players))
    moves: list[LexMove] = []

    def recorded(bot: Bot) -> Bot:
        def choose(view: LexView, legal: Sequence[LexMove], rng: random.Random) -> LexMove:
            move = when_choosing(bot)(view, legal, rng)
            moves.append(move)
            return move

        return choose

    state = GAME.new_state(f"g{number}", players=players, names=names)
    rngs = [derive_rng("rec", number)] * players
    played = play_out(GAME, state, [recorded(b) for b in bots], rngs)
    return played.state, moves


@functools.cache
def reached(number: int) -> tuple[LexState, ...]:
    """Every state of game ``number`` between bots (see :func:`record`), in order."""
    final, moves = record(number)
    state = GAME.new_state(f"g{number}", players=final.players, names=final.names)
    states = [state]
    for move in moves:
        state = GAME.apply(state, move)
        states.append(state)
    return tuple(states)


def reached_states() -> st.SearchStrategy[LexState]:
    """A state reached in one of 30 games between bots (2 to 6 seats)."""
    return st.tuples(st.integers(0, 29), st.integers(0, 10**6)).map(
        lambda pick: reached(pick[0])[pick[1] % len(reached(pick[0]))]
    )


def named(state: LexState) -> LexState:
    """``state`` with seat 0 called "You" (as on the play panel)."""
    return replace(state, names=("You", *state.names[1:]))

"""Invariants over many random games, the fast path against the public engine, replay and JSON,
and a proof that an observation leaks no hidden card."""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest

from acelab.ace_of_spades_lex import AceOfSpadesLex, LexMove, LexState, Phase, visible_events
from acelab.ace_of_spades_lex.bots import heuristic_bot, play_game, random_bot
from acelab.ace_of_spades_lex.events import Dealt, Drew, Kept, Stole
from acelab.ace_of_spades_lex.rules import Table, freeze, legal, new_table, play, thaw, view
from acelab.cards import random_index, shuffle_in_place
from acelab.engine import derive_rng, from_json, replay, to_json

GAME = AceOfSpadesLex()
ALL_IDS = set(range(52))
RANDOM_GAMES = int(os.environ.get("ACELAB_LEX_GAMES", "10000"))
MOVES_PER_GAME = 5000  # far above any game seen: a bound that proves each one ends


def check_table(t: Table) -> None:
    zones = [t.deck, *t.hands, *t.piles, *t.banked]
    assert sum(len(z) for z in zones) == 52
    assert set().union(*zones) == ALL_IDS
    assert not all(t.stopped)
    if t.phase is not Phase.OVER:
        # The A♠ wins whoever receives it, so until then it is in the deck (or just dealt).
        assert 0 in t.deck or any(card == 0 for _, card in t.claims)
        if t.phase is Phase.TURN:
            assert not t.stopped[t.turn]


def random_game(number: int) -> tuple[Table, int]:
    players = 2 + number % 5
    rng = derive_rng("random games", number)
    t = new_table(f"r{number}", tuple(f"P{p}" for p in range(players)), number % players)
    for moves in range(MOVES_PER_GAME):
        if t.phase is Phase.OVER:
            return t, moves
        options = legal(t)
        assert options, "a game that is not over always has a legal move"
        play(t, options[random_index(rng, len(options))])
        check_table(t)
    raise AssertionError(f"game {number} did not end within {MOVES_PER_GAME} moves")


@pytest.mark.slow
def test_ten_thousand_random_games_keep_every_card_and_end() -> None:
    outcomes = {"won": 0, "drawn": 0}
    for number in range(RANDOM_GAMES):
        t, _ = random_game(number)
        assert t.outcome is not None
        if t.outcome.winners:
            winner, winning = t.outcome.winners[0], t.winning
            assert len(winning) in (1, 2, 3) and set(winning) <= set(t.hands[winner])
        outcomes["won" if t.outcome.winners else "drawn"] += 1
    assert outcomes["won"] == RANDOM_GAMES  # the deck never runs dry: nobody ever draws


def record(number: int) -> tuple[Table, list[LexMove]]:
    """A game between bots on the fast path, with its moves."""
    players = 2 + number % 5
    bots = [heuristic_bot if (number + p) % 2 else random_bot for p in range(players)]
    names = tuple(f"Bot {p}" for p in range(players))
    moves: list[LexMove] = []
    table = play_game(bots, f"g{number}", names, 0, "rec", number, moves)
    return table, moves


def test_the_fast_path_plays_the_same_games_as_step() -> None:
    for number in range(200):
        table, moves = record(number)
        players = len(table.names)
        state = GAME.new_state(f"g{number}", players=players, names=table.names)
        for move in moves:
            assert move in GAME.legal_moves(state)
            state = GAME.step(state, move).state
        assert state == freeze(table)


def test_views_on_the_fast_path_match_observations() -> None:
    for number in range(100):
        players = 2 + number % 5
        names = tuple(f"Bot {p}" for p in range(players))
        table = new_table(f"v{number}", names, 0)
        rng = derive_rng("views", number)
        while table.phase is not Phase.OVER:
            state = freeze(table)
            for player in range(players):
                assert view(table, player) == GAME.observation(state, player)
            options = legal(table)
            play(table, options[random_index(rng, len(options))])


def test_replay_and_json_reproduce_every_state() -> None:
    for number in range(40):
        _, moves = record(number)
        players = 2 + number % 5
        names = tuple(f"Bot {p}" for p in range(players))
        state = GAME.new_state(f"g{number}", players=players, names=names)
        states = [state]
        for move in moves:
            state = GAME.apply(state, move)
            states.append(state)
            GAME.check_state(state)
            assert from_json(GAME, to_json(state, GAME)) == state
            assert from_json(GAME, to_json(move, GAME)) == move
        assert replay(GAME, f"g{number}", moves, players=players, names=names) == states[-1]


def reshuffle_secrets(state: LexState, player: int, rng: random.Random) -> LexState:
    """The same table for ``player``: the deck's order and the other players' hidden cards
    shuffled among them (each hand keeps its size; fresh and claimed cards stay put)."""
    fixed = set(state.fresh) | set(state.winning) | {card for _, card in state.claims}
    hidden = list(state.deck)
    for seat, hand in enumerate(state.hands):
        if seat != player:
            hidden.extend(c for c in hand if c not in fixed)
    shuffle_in_place(rng, hidden)
    deck, rest = tuple(hidden[: len(state.deck)]), hidden[len(state.deck) :]
    hands = []
    for seat, hand in enumerate(state.hands):
        if seat == player:
            hands.append(hand)
            continue
        new = []
        for card in hand:
            new.append(card if card in fixed else rest.pop())
        hands.append(tuple(new))
    return replace(state, deck=deck, hands=tuple(hands), seed="another seed", chance=99)


@pytest.mark.slow
def test_an_observation_shows_no_hidden_card() -> None:
    rng = random.Random(3)
    checked = 0
    for number in range(50):
        _, moves = record(number)
        players = 2 + number % 5
        names = tuple(f"Bot {p}" for p in range(players))
        state = GAME.new_state(f"g{number}", players=players, names=names)
        for move in moves:
            state = GAME.apply(state, move)
            for player in range(players):
                seen = GAME.observation(state, player)
                other = reshuffle_secrets(state, player, rng)
                GAME.check_state(other)
                assert GAME.observation(other, player) == seen
                assert seen.hand == state.hands[player]
                checked += 1
    text = to_json(GAME.observation(state, 0))
    assert '"deck"' not in text and "seed" not in text and '"hands"' not in text
    assert checked > 3_000


def test_events_hide_cards_from_those_who_may_not_see_them() -> None:
    for number in range(60):
        _, moves = record(number)
        players = 2 + number % 5
        state = GAME.new_state(f"g{number}", players=players, names=record(number)[0].names)
        for move in moves:
            step = GAME.step(state, move)
            state = step.state
            for player in range(players):
                for event in visible_events(step.events, player):
                    if isinstance(event, Drew | Kept) and event.player != player:
                        assert event.card is None
                    if isinstance(event, Dealt):
                        assert (event.card is None) == (event.to != player)
                    if isinstance(event, Stole):
                        assert (event.card is None) == (player not in (event.thief, event.victim))


def test_observation_and_view_agree() -> None:
    state = GAME.new_state(1, players=3)
    state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert GAME.observation(state, 1) == view(thaw(state), 1)
    with pytest.raises(ValueError, match="no player"):
        GAME.observation(state, 3)

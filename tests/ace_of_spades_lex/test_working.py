"""The working copy of a state: the fast path plays the same games as the public step, its
views are the observations, and long random games keep every card and end."""

from __future__ import annotations

import os

import pytest

from acelab.ace_of_spades_lex import Phase
from acelab.ace_of_spades_lex.actions import legal, play
from acelab.ace_of_spades_lex.bots import IN_PLACE, heuristic_bot, play_forced, random_bot
from acelab.ace_of_spades_lex.working import WorkingState, freeze, new_working, thaw, view
from acelab.engine import derive_rng, play_out
from acelab.engine.cards import random_index
from tests.ace_of_spades_lex.helpers import GAME, record, when_choosing

ALL_IDS = set(range(52))
RANDOM_GAMES = int(os.environ.get("ACELAB_LEX_GAMES", "10000"))
MOVES_PER_GAME = 5000  # far above any game seen: a bound that proves each one ends


def check_table(t: WorkingState) -> None:
    zones = [t.deck, *t.hands, *t.piles, *t.banked]
    assert sum(len(z) for z in zones) == 52
    assert set().union(*zones) == ALL_IDS
    assert not all(t.stopped)
    if t.phase is not Phase.OVER:
        # The A♠ wins whoever receives it, so until then it is in the deck (or just dealt).
        assert 0 in t.deck or any(card == 0 for _, card in t.claims)
        if t.phase is Phase.TURN:
            assert not t.stopped[t.turn]


def random_game(number: int) -> tuple[WorkingState, int]:
    players = 2 + number % 5
    rng = derive_rng("random games", number)
    t = new_working(f"r{number}", tuple(f"P{p}" for p in range(players)), number % players)
    for moves in range(MOVES_PER_GAME):
        if t.phase is Phase.OVER:
            return t, moves
        options = legal(t)
        assert options, "a game that is not over always has a legal move"
        play(t, options[random_index(rng, len(options))])
        check_table(t)
    raise AssertionError(f"game {number} did not end within {MOVES_PER_GAME} moves")


@pytest.mark.soak
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


def test_the_fast_path_plays_the_same_games_as_step() -> None:
    for number in range(200):
        state, _ = record(number)
        players = state.players
        bots = [heuristic_bot if (number + p) % 2 else random_bot for p in range(players)]
        dealt = play_forced(new_working(f"g{number}", state.names, 0))
        rngs = [derive_rng("rec", number)] * players
        fast = play_out(IN_PLACE, dealt, [when_choosing(b) for b in bots], rngs)
        assert freeze(fast.state) == state


def test_views_on_the_fast_path_match_observations() -> None:
    for number in range(100):
        players = 2 + number % 5
        names = tuple(f"Bot {p}" for p in range(players))
        table = new_working(f"v{number}", names, 0)
        rng = derive_rng("views", number)
        while table.phase is not Phase.OVER:
            state = freeze(table)
            for player in range(players):
                assert view(table, player) == GAME.observation(state, player)
            options = legal(table)
            play(table, options[random_index(rng, len(options))])


def test_observation_and_view_agree() -> None:
    state = GAME.new_state(1, players=3)
    state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert GAME.observation(state, 1) == view(thaw(state), 1)
    with pytest.raises(ValueError, match="no player"):
        GAME.observation(state, 3)

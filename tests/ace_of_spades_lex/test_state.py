"""What one player sees (LexView): no hidden card leaks into an observation."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from acelab.ace_of_spades_lex import LexState
from acelab.engine import to_json
from acelab.engine.cards import shuffle_in_place
from tests.ace_of_spades_lex.helpers import GAME, record


def reshuffle_secrets(state: LexState, player: int, rng: random.Random) -> LexState:
    """The same table for ``player``: the deck's order and the other players' hidden cards
    shuffled among them (each hand keeps its size; fresh and claimed cards, and the cards of an
    attack waiting for its answer, stay put)."""
    fixed = set(state.fresh) | set(state.winning) | {card for _, card in state.claims}
    if state.attack is not None:  # the cards of an attack in the air stay where they are
        seats = (state.attack.by, state.attack.target)
        fixed |= {c for seat in seats for c in state.hands[seat] if c.value in (6, 10, 11)}
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
            if GAME.is_over(state):  # every hand is shown once the game is over
                break
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

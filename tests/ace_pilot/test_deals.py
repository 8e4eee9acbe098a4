"""Golden deals: Ace Pilot shuffles with acelab's own Fisher–Yates over ``random()``.

Python promises the sequence of ``random()`` for a seed on every version, not that of
``shuffle``; a saved game is its seed plus its moves, so these first deals must never change.
If this test fails, every saved game, seeded exercise and screenshot deals differently.
"""

from dataclasses import replace

import pytest

from acelab.ace_pilot import AcePilot, ChoosePilot, ContinueSession, Phase
from acelab.engine.cards import Suit

GAME = AcePilot()


def cards(text_cards: tuple[object, ...]) -> str:
    return " ".join(str(c) for c in text_cards)


@pytest.mark.parametrize(
    ("seed", "hand", "odds", "evens", "jokers", "deck_top"),
    [
        (0, "2H 7C 4C", "9D JD JH KD 5H", "2D", 0, "9D JD JH KD 5H 2D"),
        (1, "5C 2S 8S", "", "QD", 0, "QD 8D JC 2H 4D 2C"),
        (12, "QH JS 3H", "5H", "8C", 1, "JK 5H 8C 2D 2S 9C"),
        (-5, "QS 4C 5C", "", "2H", 0, "2H 9D 10D JK 2D QH"),
        (2026, "7D 6D 9H", "", "8H", 0, "8H QS 5H 2S QC 6C"),
        ("class 7B", "8D KD 7H", "", "2C", 0, "2C 3C 6C QC 4D 8S"),
    ],
)
def test_the_first_deal_of_a_seed_never_changes(seed, hand, odds, evens, jokers, deck_top):
    state = GAME.new_state(seed)
    assert cards(state.hand) == hand
    assert cards(state.deck[:6]) == deck_top
    revealed = GAME.apply(state, ChoosePilot(Suit.HEARTS))
    assert cards(revealed.odds) == odds
    assert cards(revealed.evens) == evens
    assert len(revealed.jokers) == jokers


def test_the_next_session_is_shuffled_from_the_same_seed():
    # the extended session reshuffles with derive_rng(seed, "ace pilot", "deck", session)
    state = GAME.new_state(3, extended=True)
    cleared = replace(
        state,
        phase=Phase.CLEARED,
        deck=(),
        discard=state.deck,
        assault=state.ready[0],
        ready=state.ready[1:],
    )
    session = GAME.apply(cleared, ContinueSession())
    assert session.challenge == 2 and session.phase is Phase.DRAW
    assert cards(session.deck[:6]) == "2C 5D 10C 7C 4C 4S"
    assert cards(session.odds) == "5C 3D 7H 3C" and cards(session.evens) == "4D 2S"

"""The engine's words reach learners (refusals, outcomes, moves in the log): they name cards as
``Q♣``, never as the code ``QC``, write equations as arithmetic, not ``D(9,2)``, and end each
sentence once."""

from __future__ import annotations

import re

import pytest

from acelab.ace_pilot import (
    AcePilot,
    Assault,
    ChoosePilot,
    Concede,
    Discard,
    DrawDeck,
    DrawDiscard,
    DrawOdd,
    KeepJoker,
    RestorePilots,
    random_bot,
)
from acelab.engine import IllegalMove, derive_rng
from acelab.engine.cards import Suit, deck_without_aces

GAME = AcePilot()
CARD_CODE = re.compile(r"\b(10|[2-9TJQKA])[SHDC]\b|\bJK\b")
NOTATION = re.compile(r"\b[HSCD]\(")
PROBES = [
    *(ChoosePilot(p) for p in Suit),
    *(Discard(c) for c in deck_without_aces()[::7]),
    *(DrawOdd(c) for c in deck_without_aces()[1::9]),
    DrawDeck(),
    DrawDiscard(),
    Concede(),
    RestorePilots(),
    KeepJoker(),
    Assault("D(13,12) H(2)"),
    Assault("S(9,9) D(3)", "D"),
    Assault("H(2,3) C(4)", "C"),
]


def check(text: str) -> None:
    assert not CARD_CODE.search(text), text
    assert not NOTATION.search(text), text
    assert ".." not in text and " ." not in text, text


@pytest.mark.slow
def test_every_refusal_outcome_and_move_of_100_random_games_reads_well() -> None:
    seen = 0
    for number in range(100):
        state = GAME.new_state(f"wording/{number}", challenge=1 + number % 2)
        rng = derive_rng("wording", number)
        while not GAME.is_over(state):
            for probe in PROBES:
                try:
                    GAME.apply(state, probe)
                except IllegalMove as error:
                    check(error.reason)
                    seen += 1
            moves = GAME.legal_moves(state)
            move = random_bot(GAME.observation(state, 0), moves, rng)
            check(str(move))
            state = GAME.apply(state, move)
        outcome = GAME.outcome(state)
        assert outcome is not None
        check(outcome.reason)
    assert seen > 5_000

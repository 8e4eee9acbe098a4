"""The moves of Lex's Ace of Spades: small named values that read well and save as JSON."""

from __future__ import annotations

import pytest

from acelab.ace_of_spades_lex import (
    Accept,
    AceOfSpadesLex,
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
from acelab.engine import from_json, to_json

GAME = AceOfSpadesLex()


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Draw(), "draw a card"),
        (Steal(2), "play a Jack on player 2"),
        (Stop(1), "play a black ten on player 1"),
        (Nuke(3), "nuke player 3 with a six"),
        (Nuke(1, 2), "nuke player 1 with 2 sixes"),
        (DeuceExMachina(), "play Deuce Ex Machina"),
        (DealTo(0), "deal a card to player 0"),
        (Foil(), "show a red ten"),
        (Counter(), "counter with sixes"),
        (Accept(), "let it happen"),
        (EndTurn(), "end the turn"),
        (Pass(), "pass"),
    ],
)
def test_a_move_reads_as_what_it_does_and_saves(move: LexMove, text: str) -> None:
    assert str(move) == text
    assert from_json(GAME, to_json(move, GAME)) == move

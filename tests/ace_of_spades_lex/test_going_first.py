"""The shipped going-first results are the games the bots play (issue 17: the class report
builds the lesson's questions without playing them; tests/engine/test_shipped.py makes the file
again)."""

from __future__ import annotations

import pytest

from acelab.ace_of_spades_lex import going_first as gf


def test_shipped_results_are_the_games_played() -> None:
    assert gf.going_first(2) == gf.play_going_first(2), (
        "The bots or the game play differently now: make the shipped results again with "
        "python -m acelab.ace_of_spades_lex.going_first --make (a few seconds)."
    )


def test_every_number_of_players_is_shipped() -> None:
    for n in gf.PLAYERS:
        run = gf.going_first(n)
        assert run.games == gf.GOING_FIRST_GAMES and len(run.wins) == n and run.moves > 0
    for bad in (1, 7, "4", True):
        with pytest.raises(ValueError, match="2 to 6 players"):
            gf.going_first(bad)
        with pytest.raises(ValueError, match="2 to 6 players"):
            gf.play_going_first(bad)

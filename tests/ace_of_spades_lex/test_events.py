"""The events of a move, as each player may see them."""

from __future__ import annotations

import pytest

from acelab.ace_of_spades_lex import visible_events
from acelab.ace_of_spades_lex.events import Dealt, Drew, Kept, Stole
from tests.ace_of_spades_lex.helpers import GAME, record


def test_events_hide_cards_from_those_who_may_not_see_them() -> None:
    for number in range(60):
        final, moves = record(number)
        players = final.players
        state = GAME.new_state(f"g{number}", players=players, names=final.names)
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


@pytest.mark.parametrize(
    ("events", "player", "words"),
    [
        (None, 0, "as a list"),
        ("Drew", 0, "as a list"),
        ([Drew(0, None)], "0", "seat number"),
        ([object()], 0, "events of a move"),
    ],
)
def test_visible_events_refuse_what_is_not_a_log(
    events: object, player: object, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        visible_events(events, player)  # type: ignore[arg-type]

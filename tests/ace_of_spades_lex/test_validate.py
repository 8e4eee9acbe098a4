"""The one check of a state: damaged and edited saves are refused in words, and whatever is
accepted plays on without an error other than a refusal."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from acelab.ace_of_spades_lex import Attack, LexState, Phase
from acelab.ace_of_spades_lex.validate import validate
from acelab.engine import Outcome, from_json, to_json
from acelab.engine.cards import parse_card
from tests.ace_of_spades_lex.helpers import GAME, cards, stack

C = parse_card


def test_a_damaged_save_is_refused() -> None:
    state = stack("3S")
    text = to_json(state, GAME).replace('"3S"', '"4S"', 1)
    with pytest.raises(ValueError, match=r"more than once|missing"):
        from_json(GAME, text)


def edited(state: LexState, field: str, value: Any) -> str:
    """``state``'s save with ``field`` set to the JSON ``value``."""
    document = json.loads(to_json(state, GAME))
    document["value"]["fields"][field] = value
    return json.dumps(document)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("winning", None, "winning must be a tuple of cards"),
        ("winning", {"$tuple": [{"$card": "AS"}]}, "only once the game is over"),
        ("fresh", None, "fresh must be a tuple of cards"),
        ("claims", None, "claims of a deal"),
        ("claims", {"$tuple": [{"$tuple": [0, 5]}]}, "claims of a deal"),
        ("outcome", 3, "outcome must be an Outcome"),
        ("phase", "turn", "phase must be a Phase"),
        ("attack", {"$tuple": [0, 1]}, "attack must name two seats"),
        ("deal_left", 5, "exactly while a Nine is being dealt"),
        ("names", {"$tuple": ["A", "A"]}, "its own name"),
        ("stopped", {"$tuple": [1, 0]}, "True"),
    ],
)
def test_an_edited_field_is_refused_in_words(field: str, value: Any, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        from_json(GAME, edited(stack("3S"), field, value))


def test_an_attack_waits_only_while_its_cards_are_in_hand() -> None:
    def waiting(hands: list[str], piles: list[str], sixes: int = 0) -> LexState:
        return replace(
            stack("", hands=hands, piles=piles),
            phase=Phase.REACTION,
            attack=Attack(0, 1, sixes),
        )

    jacked = waiting(["JS", "10H KC"], [])
    assert validate(jacked) is jacked
    for hands, piles in ((["", "10H KC"], ["JS"]), (["JS", "KC"], ["", "10H"])):
        with pytest.raises(ValueError, match="red ten"):
            validate(waiting(hands, piles))
    with pytest.raises(ValueError, match="sixes"):
        validate(waiting(["6S 6H", "6C KC"], [], sixes=2))


def test_what_is_not_a_state_is_refused() -> None:
    for value in (None, "state", 3, stack("3S").__dict__):
        with pytest.raises(ValueError, match="not a state"):
            validate(value)


def test_a_phase_is_refused_when_its_cards_say_otherwise() -> None:
    """Four twos wait to be played only in the hand of the player who just collected the
    fourth; cards kept this turn and an A♣'s draws left exist only in the middle of a turn;
    a won game names a winning set."""
    fourth = stack("", hands=["2S 2H 2D 2C"], phase=Phase.DEUCE, fresh=cards("2C"))
    assert validate(fourth) is fourth
    for hands, fresh in ((["2S 2H 2D"], "2D"), (["2S 2H 2D 2C KS"], "KS")):
        with pytest.raises(ValueError, match="four twos"):
            stack("", hands=hands, phase=Phase.DEUCE, fresh=cards(fresh))
    with pytest.raises(ValueError, match="this turn"):
        stack("", hands=["JS"], fresh=cards("JS"))
    with pytest.raises(ValueError, match="A♣"):
        stack("", draws_left=3)


def test_a_won_game_names_a_winning_set() -> None:
    won = Outcome((0,), "won")
    over = stack("", hands=["AS 3S KS KH"], phase=Phase.OVER, outcome=won, winning=cards("AS"))
    assert validate(over) is over
    for winning in ("3S", "AS 3S", "KS KH", ""):
        with pytest.raises(ValueError, match="A♠, two red aces or three kings"):
            validate(replace(over, winning=cards(winning)))
    drawn = replace(over, outcome=Outcome((), "a draw"), winning=())
    assert validate(drawn) is drawn


def test_stops_and_passes_are_refused_where_play_never_leaves_them() -> None:
    """Everyone stopped at once frees everyone, and a full round of passes ends the match."""
    with pytest.raises(ValueError, match="Everyone stopped"):
        stack("3S", stopped=(0, 1), phase=Phase.DEALING, deal_left=1)
    with pytest.raises(ValueError, match="full round of passes"):
        stack("", passes=2)
    waiting = stack("", passes=1)
    assert validate(waiting) is waiting

"""The one check of a state: every field of the right type, every card once, the Enemies as an
Enemy file could hold them; a damaged save is refused by it."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.ace_of_spades.enemies import Effect, check_enemy
from acelab.ace_of_spades.state import Phase
from acelab.ace_of_spades.validate import check_state
from acelab.engine import Outcome, from_json, to_json
from tests.ace_of_spades.helpers import FUZZ, GAME, JUNK, arrange

STATE = GAME.new_state(0)


def test_check_state_refuses_damaged_states() -> None:
    state = STATE
    GAME.check_state(state)
    with pytest.raises(ValueError, match="exactly once"):
        GAME.check_state(replace(state, deck=state.deck[1:]))
    with pytest.raises(ValueError, match="dial"):
        GAME.check_state(replace(state, hands_dial=5))
    with pytest.raises(ValueError, match="more life"):
        GAME.check_state(replace(state, life=99))
    with pytest.raises(ValueError, match="not an Ace of Spades state"):
        GAME.check_state("state")
    text = to_json(replace(state, deck=state.deck[:-1] + state.deck[:1]), GAME)
    with pytest.raises(ValueError, match="twice"):
        from_json(GAME, text)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"seed": 1.5}, "seed"),
        ({"difficulty": None}, "difficulty"),
        ({"players": "1"}, "number of players"),
        ({"level": 12}, "level"),
        ({"life": 0}, "life"),
        ({"life": None}, "life"),
        ({"hands_dial": 0}, "Hands dial"),
        ({"discards_dial": True}, "Discards dial"),
        ({"turn": 1}, "turn"),
        ({"phase": "duel"}, "phase"),
        ({"outcome": Outcome((), "lost")}, "outcome"),
        ({"phase": Phase.OVER}, "outcome"),
        ({"searching": 2}, "cards to take"),
        ({"phase": Phase.SEARCH}, "cards to take"),
        ({"boost": -1}, "bonus"),
        ({"boost": 5000}, "bonus"),  # scoring takes a flat bonus up to 1000
        ({"shuffles": None}, "shuffles"),
        ({"benefits": ("rusty-tin-bandit",)}, "benefit"),
        ({"benefits": "rusty"}, "benefits"),
        ({"joker_in_play": 1}, "Joker"),
        ({"hands": None}, "one hand per player"),
        ({"discard": [1]}, "discard pile must hold cards"),
        ({"scene_dials": ((2, 2),)}, "four scenes"),
        ({"scene_dials": ((0, 2), (3, 3), (3, 3), (4, 4))}, "Hands dial"),
        ({"enemies": ()}, "twelve Enemies"),
    ],
)
def test_each_damaged_field_is_named(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        check_state(replace(STATE, **changes))


def test_the_enemies_are_checked_as_an_enemy_file_would_be() -> None:
    villain = next(e for e in STATE.enemies if e.penalty)
    for damaged, words in [
        (replace(villain, penalty=None), "penalty is a list of effects"),
        (replace(villain, life=0), "life must be 1 or more"),
        (replace(villain, penalty=(Effect("fly"),)), "unknown effect 'fly'"),
        (replace(villain, penalty=(Effect("fewer_hands", 1, combination="pair"),)), "a field"),
        (replace(villain, kind="henchman"), "kind must be 'villain'"),
        ("Bart", "not a str"),
    ]:
        with pytest.raises(ValueError, match=words):
            check_enemy(damaged)
    for enemy in GAME.deck.enemies:
        check_enemy(enemy)


def test_the_tampered_save_of_the_issue_is_refused() -> None:
    document = json.loads(to_json(STATE, GAME))
    level = next(e.level for e in STATE.enemies if e.penalty)
    document["value"]["fields"]["enemies"]["$tuple"][level]["fields"]["penalty"] = None
    with pytest.raises(ValueError, match="An Enemy card is damaged: penalty is a list of effects"):
        from_json(GAME, json.dumps(document))


def test_every_state_of_a_played_game_passes() -> None:
    state = arrange(
        "2S 2H 2D KS KC 7C 9D 4H",
        discard="3C",
        level=2,
        enemies={1: "pickle-twins"},
        benefits=("pickle-twins",),
    )
    check_state(state)
    for seed in range(3):
        state = GAME.new_state(seed, players=1 + seed % 2)
        while not GAME.is_over(state):
            check_state(state)
            state = GAME.apply(state, GAME.legal_moves(state)[0])
        check_state(state)


@FUZZ
@given(st.sampled_from(sorted(f for f in STATE.__dataclass_fields__ if f != "enemies")), JUNK)
def test_any_value_in_any_field_is_refused_or_valid(name: str, value: Any) -> None:
    try:
        check_state(replace(STATE, **{name: value}))
    except ValueError as error:
        assert str(error).endswith(".") and len(str(error)) < 200
        return
    GAME.legal_moves(replace(STATE, **{name: value}))


def test_a_damaged_enemy_is_refused_in_one_short_sentence() -> None:
    villain = next(e for e in STATE.enemies if e.penalty)
    odd = Outcome((0,), "Lord Overkill is beaten: you win! " * 3)
    for damaged in (
        replace(villain, penalty=(Effect(odd),)),  # type: ignore[arg-type]
        replace(villain, name="Bart " * 80, life=0),
    ):
        with pytest.raises(ValueError, match="An Enemy card is damaged") as info:
            check_enemy(damaged)
        assert str(info.value).endswith(".") and len(str(info.value)) < 400


def test_a_search_is_refused_with_fewer_cards_in_the_pile_than_it_takes() -> None:
    """A search takes at most the cards the discard pile holds (a search of an empty pile
    would leave the game with no legal move and not over)."""
    pile, deck = STATE.deck[:2], STATE.deck[2:]
    searching = replace(STATE, deck=deck, discard=pile, phase=Phase.SEARCH, searching=2)
    GAME.check_state(searching)
    assert len(GAME.legal_moves(searching)) == 2
    for count, discard, rest in ((3, pile, deck), (1, (), STATE.deck)):
        with pytest.raises(ValueError, match="discard pile holds"):
            GAME.check_state(replace(searching, searching=count, discard=discard, deck=rest))


def test_the_joker_is_in_play_exactly_once_its_enemy_is_beaten() -> None:
    unlocking = next(e.level for e in STATE.enemies if e.unlocks_joker)
    beaten = replace(STATE, level=unlocking + 1, benefits=())
    beaten = replace(beaten, life=beaten.enemy.life)
    with pytest.raises(ValueError, match="Joker"):
        GAME.check_state(beaten)  # beaten, but no Joker in the deck
    from acelab.engine.cards import JOKER

    with pytest.raises(ValueError, match="Joker"):
        GAME.check_state(replace(STATE, joker_in_play=True, deck=(*STATE.deck, JOKER)))
    GAME.check_state(replace(beaten, joker_in_play=True, deck=(*beaten.deck, JOKER)))

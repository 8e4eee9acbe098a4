"""The state and the view: scenes, the Enemy being dueled, the cards a player may use."""

from __future__ import annotations

from dataclasses import replace

from acelab.ace_of_spades.state import SCENES, Phase, scene_of
from acelab.engine import Outcome, from_json, to_json
from tests.ace_of_spades.helpers import GAME, arrange


def test_four_scenes_each_ending_with_a_villain_or_the_lord() -> None:
    assert [scene_of(level) for level in range(12)] == [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3]
    assert [levels[-1] for levels in SCENES] == [3, 6, 9, 11]
    assert scene_of(12) == 3  # past the last level: still the last scene


def test_the_enemy_and_the_beaten_ones() -> None:
    state = arrange("2S 2H", level=2)
    assert state.enemy == state.enemies[2] and state.defeated == state.enemies[:2]
    won = replace(state, level=11, phase=Phase.OVER, outcome=Outcome((0,), "won"))
    assert won.defeated == won.enemies and won.enemy == won.enemies[11]


def test_own_and_available_cards_are_those_of_the_player_to_move() -> None:
    state = arrange("2S 2H", partner="KS KC", shared="3D", players=2)
    assert [str(c) for c in state.own] == ["2S", "2H"]
    assert [str(c) for c in state.available] == ["2S", "2H", "3D"]
    other = replace(state, turn=1)
    assert [str(c) for c in other.available] == ["KS", "KC", "3D"]
    view = GAME.observation(other, 1)
    assert view.available == other.available and view.partner_cards == 2


def test_a_state_and_its_view_are_saved_and_read_back() -> None:
    state = GAME.new_state("saved", players=2)
    assert from_json(GAME, to_json(state, GAME)) == state
    view = GAME.observation(state, 1)
    assert from_json(None, to_json(view)) == view

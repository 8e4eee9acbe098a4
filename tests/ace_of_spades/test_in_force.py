"""The effects in force: the scene's dials raised by beaten Villains and lowered by the Enemy's
penalty, the hand limit, and the scoring rules of a Hand."""

from __future__ import annotations

from acelab.ace_of_spades.in_force import dials, hand_limit, modifiers, view_modifiers
from tests.ace_of_spades.helpers import EIGHT, GAME, arrange


def test_the_dials_of_a_duel() -> None:
    assert dials(arrange(EIGHT)) == (2, 2, ())
    penalised = arrange(EIGHT, level=6, enemies={6: "queen-of-quicksand"})
    assert dials(penalised) == (3 - 1, 3, ())  # scene 2's dials, one Hand fewer
    raised = arrange(EIGHT, level=7, enemies={6: "queen-of-quicksand"})
    assert dials(raised) == (3 + 1, 3, ("queen-of-quicksand",))
    assert dials(arrange(EIGHT, difficulty="nightmare")) == (2, 1, ())


def test_the_hand_limit() -> None:
    assert hand_limit(arrange(EIGHT)) == 8
    assert hand_limit(arrange(EIGHT, partner="3C", players=2)) == 5
    barnaby = arrange(EIGHT, level=3, enemies={3: "big-boots-barnaby"})
    assert hand_limit(barnaby) == 7


def test_the_scoring_rules_of_the_state_and_of_its_view_agree() -> None:
    coyote = arrange(EIGHT, level=3, enemies={3: "count-coyote"})
    assert not modifiers(coyote).face_bonus
    beaten = arrange(EIGHT, level=4, enemies={3: "count-coyote"}, boost=2)
    assert modifiers(beaten).combination_bonus == (("pair", 2),) and modifiers(beaten).flat == 2
    assert modifiers(beaten, boost=False).flat == 0
    assert modifiers(beaten, without="count-coyote").combination_bonus == ()
    for state in (coyote, beaten):
        assert view_modifiers(GAME.observation(state, 0)) == modifiers(state)

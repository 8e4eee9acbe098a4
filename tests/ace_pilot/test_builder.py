"""The click-by-click equation builder: placements, pilots, roundings, and "can it still win?"."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.ace_pilot import Equation
from acelab.ace_pilot.builder import Build, extends
from acelab.engine import IllegalMove
from acelab.engine.cards import Card, Suit, deck_without_aces, parse_cards

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
ALL = (H, S, C, D)


def begin(hand: str, start: Suit, ready=ALL) -> tuple[Build, tuple[Card, ...]]:
    cards = parse_cards(hand)
    return Build.begin(cards, start, ready), cards


def test_rulebook_round_one_built_by_clicks():
    build, (a, b, c, d) = begin("9S 9H 6C 3D", S)
    build = build.place(a, S).place(b, S).place(c, S).add_pilot(D, d, "right")
    assert build.equation() == Equation.parse("S(9,9,6) D(3)")
    assert build.value() == 2
    assert build.ending is D
    assert build.assault().ending is D
    assert build.text() == "Sabina(9, 9, 6) Duke(3)"
    assert build.latex() == "\\left|9 - 9 - 6\\right| / 3"


def test_an_incomplete_start_shows_boxes_and_says_what_is_missing():
    build, (a, *_) = begin("6D 10H QS 2C", D)
    assert build.missing() == "Duke, the Starting Pilot, needs two cards."
    assert build.latex() == "\\square / \\square"
    build = build.place(a, D)
    assert build.equation() is None
    assert build.value() is None
    assert build.latex() == "6 / \\square"
    assert "one more card" in build.missing()
    with pytest.raises(IllegalMove, match="needs one more card"):
        build.assault()


def test_a_pilot_joins_only_after_the_start_holds_two_cards():
    build, (a, b, *_) = begin("6D 10H QS 2C", D)
    with pytest.raises(IllegalMove, match="Another pilot may join only after that"):
        build.place(a, D).add_pilot(H, b, "left")


@pytest.mark.parametrize(
    ("position", "expected"),
    [("left", "H(10) D(6,12)"), ("right", "D(6,12) H(10)"), (0, "H(10) D(6,12)")],
)
def test_positions(position, expected):
    build, (six, ten, queen, _) = begin("6D 10H QS 2C", D)
    build = build.place(six, D).place(queen, D).add_pilot(H, ten, position)
    assert str(build.equation()) == expected


def test_between_needs_two_aces_and_goes_between():
    build, (a, b, c, d) = begin("2D 3H 4S 5C", H)
    build = build.place(b, H).place(c, H)
    with pytest.raises(IllegalMove, match="between two aces"):
        build.add_pilot(C, d, "between")
    build = build.add_pilot(C, d, "left").add_pilot(D, a, "between")
    assert [ace.suit for ace in build.aces] == [C, D, H]
    with pytest.raises(IllegalMove, match="left, to the right, or between"):
        build.clear().place(b, H).place(c, H).add_pilot(C, d, 7)


def test_illegal_clicks_say_why():
    build, (a, b, c, d) = begin("2D 3H 4S 5C", H, ready=(H, S))
    build = build.place(a, H).place(b, H)
    with pytest.raises(IllegalMove, match="already in the equation"):
        build.place(a, H)
    with pytest.raises(IllegalMove, match="not in your hand"):
        build.place(Card.of("KS"), H)
    with pytest.raises(IllegalMove, match="Cam is not in the equation yet"):
        build.place(c, C)
    with pytest.raises(IllegalMove, match="Cam is not Ready"):
        build.add_pilot(C, c, "right")
    with pytest.raises(IllegalMove, match="deployed once"):
        build.add_pilot(H, c, "right")
    build = build.add_pilot(S, c, "right")
    # S(4) after the core H(2,3): a right carryover; a second card would break the structure.
    assert str(build.equation()) == "H(2,3) S(4)"
    assert str(build.place(d, S).equation()) == "H(2,3) S(4,5)"


def test_only_the_ace_after_the_core_may_hold_two_cards():
    build, (a, b, c, d) = begin("2D 3H 4S 5C", H)
    build = build.place(a, H).place(b, H).add_pilot(S, c, "right").add_pilot(C, d, "right")
    assert str(build.equation()) == "H(2,3) S(4) C(5)"
    six = Card.of("6S")
    bigger = Build.begin((*build.hand, six), H, ALL).place(a, H).place(b, H)
    bigger = bigger.add_pilot(S, c, "right").add_pilot(C, d, "right")
    with pytest.raises(IllegalMove, match="Cam must be a carryover"):
        bigger.place(six, C)


def test_a_left_carryover_may_grow_into_the_core():
    build, (a, b, c, d) = begin("2D 3H 4S 5C", D)
    build = build.place(a, D).place(b, D).add_pilot(C, c, "left").place(d, C)
    assert str(build.equation()) == "C(4,5) D(2,3)"


def test_roundings_are_chosen_per_fractional_step():
    build, (twelve, five, seven, _) = begin("QD 5H 7S 2C", D)
    build = build.place(twelve, D).place(five, D).add_pilot(H, seven, "right")
    (first,) = build.division_steps()
    assert first.fractional
    assert first.choices() == (2, 3)
    assert (first.left, first.right, first.rounding, first.result) == (12, 5, "down", 2)
    assert build.value() == 9
    assert build.values() == {9, 10}
    up = build.with_rounding(0, "up")
    assert up.value() == 10
    assert up.latex() == "\\left\\lceil 12 / 5 \\right\\rceil + 7"
    with pytest.raises(IllegalMove):
        build.with_rounding(1, "up")
    with pytest.raises(IllegalMove):
        build.with_rounding(0, "sideways")  # type: ignore[arg-type]


def test_division_by_zero_is_flagged_before_confirming():
    build, (a, b, _, d) = begin("9S 9H 6C 3D", S)
    build = build.place(a, S).place(b, S).add_pilot(D, d, "left")
    assert str(build.equation()) == "D(3) S(9,9)"
    assert build.divides_by_zero
    assert build.value() is None
    assert build.values() == frozenset()
    (zero,) = build.division_steps()
    assert zero.exact is None and zero.right == 0
    with pytest.raises(ValueError, match="zero"):
        zero.choices()


def test_the_ending_pilot_is_the_last_deployed_unless_chosen():
    build, (a, b, c, d) = begin("2D 3H 4S 5C", H)
    build = build.place(a, H).place(b, H)
    assert build.ending is H and build.endings() == (H,)
    build = build.add_pilot(C, c, "right").add_pilot(S, d, "left")
    assert build.ending is S
    assert build.with_ending(C).ending is C
    assert build.with_ending(C).assault().ending is C
    with pytest.raises(IllegalMove, match="Ending Pilot"):
        build.with_ending(H)


def test_clear_gives_every_card_back():
    build, (a, b, c, _) = begin("2D 3H 4S 5C", H)
    build = build.place(a, H).place(b, H).add_pilot(C, c, "left")
    cleared = build.clear()
    assert cleared.unused == parse_cards("2D 3H 4S 5C")
    assert cleared.is_empty and [ace.suit for ace in cleared.aces] == [H]


def test_check_answers_the_four_cases():
    build, (six, ten, queen, two) = begin("6D 10H QS 2C", D)
    assert build.check(10).possible
    started = build.place(six, D).place(queen, D)
    assert started.check(10).possible
    done = started.add_pilot(H, ten, "right")
    assert done.check(10).text == "Yes: it makes 10 now. Confirm it!"
    assert done.with_rounding(0, "up").check(10).text.startswith("Yes: round differently")
    hopeless = build.place(ten, D).place(two, D)
    result = hopeless.check(10)
    assert not result.possible and result.ways == 0


def test_extends_respects_order_and_card_order_on_duke():
    eq = Equation.parse("H(10) D(6,12)")
    assert extends(((D, (6,)),), eq)
    assert not extends(((D, (12,)),), eq)
    assert extends(((D, (6, 12)), (H, (10,))), Equation.parse("D(6,12) H(10)"))
    assert not extends(((D, (6, 12)), (H, (10,))), eq)
    assert extends(((S, (9, 6)),), Equation.parse("S(9,6,9)"))
    assert not extends(((S, (6,)),), Equation.parse("S(9,6,9)"))


# ---- "can it still reach the target?" agrees with trying every click ---------------------


def _every_finish(build: Build) -> set[Equation]:
    """Every complete equation reachable from ``build`` by further clicks (brute force)."""
    found: set[Equation] = set()
    stack = [build]
    seen = set()
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        equation = current.equation()
        if equation is not None:
            found.add(equation.normalized())
        for card in current.unused:
            for ace in current.aces:
                with contextlib.suppress(IllegalMove):
                    stack.append(current.place(card, ace.suit))
            for pilot in current.available:
                for position in range(len(current.aces) + 1):
                    with contextlib.suppress(IllegalMove):
                        stack.append(current.add_pilot(pilot, card, position))
    return found


@given(
    seed=st.integers(0, 10_000), start=st.sampled_from(ALL), target=st.sampled_from(range(2, 13, 2))
)
def test_completions_match_brute_force(seed, start, target):
    rng = random.Random(seed)
    hand = tuple(rng.sample(deck_without_aces(), 4))
    build = Build.begin(hand, start, ALL)
    # play the first one or two cards on the start, as a learner might
    build = build.place(hand[0], start)
    if rng.random() < 0.5:
        build = build.place(hand[1], start)
    reaching = {eq for eq in _every_finish(build) if eq.matches(target)}
    assert set(build.completions(target)) == reaching
    assert build.check(target).possible == bool(reaching)

"""Bad input at every public edge of Ace Pilot: each refusal is the documented exception with a
sentence, comes quickly, and changes nothing (issue 8, "Bad input").

One hypothesis test per public entry point feeds it arbitrary values and asserts that it either
works or raises the documented exception (``ValueError``; ``IllegalMove`` for moves)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.ace_pilot import (
    AcePilot,
    Assault,
    ChoosePilot,
    Concede,
    Discard,
    DrawOdd,
    Equation,
    KeepJoker,
    Phase,
    PilotState,
    RestorePilots,
    hint,
    simulate,
    solvability,
    solve,
)
from acelab.ace_pilot.builder import Build
from acelab.ace_pilot.equation import EquationSyntaxError
from acelab.engine import IllegalMove, Move, Step, decode, encode, from_json, replay, to_json
from acelab.engine.cards import JOKER, Card, Suit, deck_without_aces, parse_card, parse_cards
from tests.support import anything, illegal, one_sentence, refused

GAME = AcePilot()
H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS


def assault_state() -> PilotState:
    """A well-formed Assault: hand 9♠ 9♥ 3♦ 2♣, target 4, Sabina starting."""
    hand, evens = parse_cards("9S 9H 3D 2C"), parse_cards("4D")
    rest = [c for c in deck_without_aces(jokers=2) if c not in (*hand, *evens)]
    return replace(
        GAME.new_state(1),
        phase=Phase.ASSAULT,
        hand=hand,
        deck=tuple(rest),
        evens=evens,
        assault=S,
        ready=(H, C, D),
    )


def test_a_pilot_given_by_letter_or_name_is_that_pilot() -> None:
    assert ChoosePilot("H") == ChoosePilot(H) == ChoosePilot("Hailey") == ChoosePilot("♥")
    assert str(ChoosePilot("H")) == "Hailey is the Starting Pilot"
    assert DrawOdd("KC") == DrawOdd(parse_card("KC")) and str(Discard("QC")) == "discard Q♣"
    assert Assault("D(13,12) H(2)", "H") == Assault(Equation.parse("D(13,12) H(2)"), H)


@pytest.mark.parametrize(
    "build",
    [
        lambda: ChoosePilot("X"),
        lambda: ChoosePilot(None),
        lambda: ChoosePilot(5),
        lambda: ChoosePilot("Zed" * 100),
        lambda: DrawOdd(None),
        lambda: DrawOdd("AX"),
        lambda: Discard(JOKER),
        lambda: Discard(12),
        lambda: Assault(None),
        lambda: Assault("garbage"),
        lambda: Assault("H(2,3) C(4) S(5) D(6)"),
        lambda: Assault(Equation.parse("D(13,12) H(2)"), "X"),
    ],
)
def test_a_malformed_move_is_refused_when_built(build) -> None:
    with pytest.raises(IllegalMove) as info:
        build()
    one_sentence(info.value)


@dataclass(frozen=True)
class OtherGameMove(Move):
    """A move of some other game."""

    card: Card


@pytest.mark.parametrize(
    "move", [None, "AS", 5, object(), OtherGameMove(JOKER), [ChoosePilot(H)], Concede]
)
def test_anything_but_a_move_is_an_illegal_move(move) -> None:
    illegal(GAME, GAME.new_state(3), move, "not an Ace Pilot move")


@pytest.mark.parametrize("state", [None, "state", 5, GAME.observation(GAME.new_state(1), 0)])
def test_the_engine_refuses_what_is_not_a_state(state) -> None:
    for call in (GAME.legal_moves, GAME.is_over, GAME.outcome):
        with pytest.raises(ValueError, match="not an Ace Pilot state"):
            call(state)
    with pytest.raises(ValueError, match="not an Ace Pilot state"):
        GAME.step(state, ChoosePilot(H))
    with pytest.raises(ValueError, match="not a well-formed"):
        GAME.check_state(state)


@pytest.mark.parametrize("seed", [None, [], [1], 1.5, True, False, {"a": 1}, b"7", float("nan")])
def test_new_state_refuses_a_seed_that_is_not_a_number_or_word(seed) -> None:
    with pytest.raises(ValueError, match="seed") as info:
        GAME.new_state(seed)
    one_sentence(info.value)


@pytest.mark.parametrize(
    "options",
    [
        {"challenge": 0},
        {"challenge": 25},
        {"challenge": "1"},
        {"challenge": True},
        {"extended": 1},
        {"colour": "red"},
    ],
)
def test_new_state_refuses_bad_options(options) -> None:
    refused(lambda: GAME.new_state(1, **options))


def test_legal_moves_and_apply_agree_on_states_the_rules_do_not_reach() -> None:
    no_start = replace(assault_state(), assault=None, ready=(H, S, C, D))
    assert list(GAME.legal_moves(no_start)) == []
    illegal(GAME, no_start, Concede(), "Choose a Starting Pilot before the assault.")
    with pytest.raises(ValueError, match="Assault Zone needs a pilot"):
        GAME.check_state(no_start)
    restore = replace(
        assault_state(), phase=Phase.RESTORE, evens=(), jokers=(), defeated=(C,), ready=(H, D)
    )
    assert list(GAME.legal_moves(restore)) == [KeepJoker()]
    illegal(GAME, restore, RestorePilots(), "There is no joker to spend.")


def test_the_assault_moves_listed_are_the_ones_that_apply() -> None:
    state = assault_state()
    moves = list(GAME.legal_moves(state))
    assert moves[-1] == Concede() and len(moves) > 1
    for move in moves:
        GAME.apply(state, move)


def test_an_equation_deploys_at_most_three_aces() -> None:
    with pytest.raises(ValueError, match="at most 3 aces"):
        Equation.parse("H(2,3) C(4) S(5) D(6)")
    with pytest.raises(ValueError, match="at most 3 aces"):
        Equation.of(("H", [2, 3]), ("C", [4]), ("S", [5]), ("D", [6]))


@pytest.mark.parametrize(
    "hand",
    [[10**5000, 3], ["9" * 5000, "3"], ["²", "3"], [object.__new__(type("Odd", (), {})), 3]],
    ids=["huge", "long digits", "superscript", "object"],
)
def test_solve_names_a_bad_card_in_a_sentence(hand: list[object]) -> None:
    with pytest.raises(ValueError, match="card") as refusal:
        solve(hand, 4, "D")  # type: ignore[arg-type]
    reason = str(refusal.value)
    assert "card" in reason and "limit" not in reason and "literal" not in reason, reason
    assert len(reason) < 200 and reason.endswith("."), reason


def test_an_equation_of_what_is_no_ace_or_no_card_is_refused_in_words() -> None:
    """A group's suit must be a pilot and its values a tuple of card values: a save edited to
    say ``"suit": "H"`` once made Hailey's ``H(2,3)`` divide (its values {0, 1})."""
    from acelab.ace_pilot.equation import Group

    for groups in (
        (Group("H", (2, 3)),),  # type: ignore[arg-type]
        (Group(None, (2, 3)),),  # type: ignore[arg-type]
        (Group(Suit.HEARTS, [2, 3]),),  # type: ignore[arg-type]
    ):
        with pytest.raises(ValueError, match="a pilot with a tuple of card values"):
            Equation(groups)
    with pytest.raises(ValueError, match=r"^that is not a card value"):
        Equation.of(("H", [10**5000, 2]))
    with pytest.raises(EquationSyntaxError, match="an equation is written as text"):
        Equation.parse(10**5000)  # type: ignore[arg-type]
    edited = json.dumps(encode(Assault(Equation.parse("H(2,3)")))).replace(
        '{"$enum": "acelab.engine.cards.Suit", "value": "H"}', '"H"'
    )
    with pytest.raises(ValueError, match="a pilot with a tuple of card values"):
        decode(json.loads(edited))


@pytest.mark.parametrize(
    "arguments",
    [
        ([2, 3, 4, 5, 6], 4, "D"),
        ([2, 3, 4, 5, 6, 7, 8, 9], 4, "D"),
        ([2, 3], "4", "D"),
        ([2, 3], 4.0, "D"),
        ([2, 3], None, "D"),
        (5, 4, "D"),
        ([2, 3], 4, "X"),
        ([2, 3], 4, None),
        ([2, 14], 4, "D"),
        ([2, JOKER], 4, "D"),
    ],
)
def test_solve_refuses_bad_situations_quickly(arguments) -> None:
    refused(lambda: solve(*arguments))
    refused(lambda: solve([2, 3], 4, "D", ready=5))


def test_hint_refuses_bad_arguments() -> None:
    state = assault_state()
    for level in (0, 5, 1.0, True, "1", None):
        with pytest.raises(ValueError, match="Hint levels"):
            hint(state, level)
    refused(lambda: hint(None))
    refused(lambda: hint(state, 1, built="D(9)"))


@given(st.one_of(st.text(alphabet="HSCDhx♥♠♣♦()0123456789,JQKA ", max_size=50), anything))
def test_equation_parse_only_raises_value_error(text) -> None:
    try:
        equation = Equation.parse(text)
    except ValueError as error:
        one_sentence(error)
    else:
        assert len(equation.groups) <= 3 and Equation.parse(str(equation)) == equation


@given(
    st.one_of(
        st.lists(
            st.one_of(st.integers(0, 15), st.sampled_from(["9S", "Q", "JK", "x"])), max_size=7
        ),
        anything,
    ),
    st.one_of(st.integers(-3, 200), anything),
    st.one_of(st.sampled_from("HSCDX"), anything),
    st.one_of(st.none(), st.sampled_from(["", "HC", "Cam", "Q"]), anything),
)
def test_solve_only_raises_value_error(hand, target, start, ready) -> None:
    try:
        found = solve(hand, target, start, ready)
    except ValueError as error:
        one_sentence(error)
    else:
        assert all(e.matches(target) and len(e.groups) <= 3 for e in found)


@given(st.integers(0, 40), st.one_of(st.integers(-1, 6), anything), st.booleans())
def test_hint_only_raises_value_error(seed, level, built) -> None:
    state = GAME.new_state(seed)
    if state.phase is Phase.CHOOSE_PILOT:
        state = GAME.apply(state, GAME.legal_moves(state)[seed % len(state.ready)])
    if state.phase is Phase.DRAW:
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    build = (
        Build.begin(state.hand, state.assault, state.ready)
        if built and state.phase is Phase.ASSAULT and state.assault is not None
        else None
    )
    try:
        given_hint = hint(state, level, build)
    except ValueError as error:
        one_sentence(error)
    else:
        assert given_hint.text and given_hint.level == level


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(
                [
                    "$card",
                    "$tuple",
                    "$type",
                    "fields",
                    "$enum",
                    "value",
                    "$fraction",
                    "$dict",
                    "$frozenset",
                    "x",
                ]
            ),
            inner,
            max_size=3,
        ),
    ),
    max_leaves=12,
)


@given(json_values)
def test_decode_only_raises_value_error(data) -> None:
    try:
        decode(data)
    except ValueError as error:
        one_sentence(error)


@given(st.one_of(json_values, st.text(max_size=40)))
def test_from_json_only_raises_value_error(value) -> None:
    for text in (json.dumps({"acelab": 1, "game": "ace_pilot", "value": value}), str(value)):
        try:
            loaded = from_json(GAME, text)
        except ValueError as error:
            one_sentence(error)
        else:
            if isinstance(loaded, PilotState):
                GAME.check_state(loaded)


def test_from_json_refuses_what_broke_it_before() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    texts = [
        json.dumps({"acelab": 1, "game": "ace_pilot", "value": {"$fraction": "1/0"}}),
        json.dumps({"acelab": 1, "game": "ace_pilot", "value": {"$type": "x", "fields": 5}}),
        json.dumps({"acelab": 1, "game": "ace_pilot", "value": None}),
        json.dumps({"acelab": 1, "game": "ace_pilot", "value": [1, 2]}),
        json.dumps({"acelab": 1, "game": "ace_pilot", "value": {"$tuple": 5}}),
        json.dumps({"acelab": [], "game": "ace_pilot", "value": 1}),
        '{"acelab": 1, "game": "ace_pilot", "value": ' + deep + "}",
        deep,
        "null",
        "",
    ]
    for text in texts:
        refused(lambda text=text: from_json(GAME, text))
    refused(lambda: from_json(GAME, None))  # type: ignore[arg-type]


move_like = st.one_of(
    anything,
    st.builds(ChoosePilot, st.sampled_from([H, S, C, D])),
    st.builds(DrawOdd, st.sampled_from(parse_cards("3S 5H KC 9D"))),
    st.builds(Discard, st.sampled_from(parse_cards("2S 9S QC KD"))),
    st.sampled_from([Concede(), RestorePilots(), KeepJoker()]),
    st.builds(
        Assault,
        st.sampled_from(["D(13,12) H(2)", "S(9,9) D(3)", "H(2,3)"]),
        st.sampled_from([None, H, S, C, D]),
    ),
)


@given(st.integers(0, 30), st.lists(move_like, max_size=6))
def test_step_only_raises_illegal_move_and_never_changes_the_state(seed, moves) -> None:
    state = GAME.new_state(seed)
    for move in moves:
        before = to_json(state)
        try:
            step = GAME.step(state, move)
        except IllegalMove as error:
            one_sentence(error)
            assert to_json(state) == before
        else:
            assert isinstance(step, Step)
            GAME.check_state(step.state)
            state = step.state


@given(
    st.one_of(st.integers(), st.text(max_size=20), anything),
    st.one_of(st.integers(-1, 30), anything),
)
def test_new_state_only_raises_value_error(seed, challenge) -> None:
    try:
        state = GAME.new_state(seed, challenge=challenge)
    except ValueError as error:
        one_sentence(error)
    else:
        GAME.check_state(state)


@pytest.mark.parametrize("bad", [None, "x", -1, 1.5, True, [], {}])
def test_every_other_public_function_refuses_wrong_types_in_words(bad) -> None:
    calls = [
        lambda: solvability("all", bad),
        lambda: simulate(bad, 1),
        lambda: simulate("random", bad),
        lambda: simulate("random", 1, challenge=bad),
        lambda: Build.begin(parse_cards("2S 3S"), bad, "HSC"),
    ]
    if bad not in ([], {}):  # an empty hand or move list is fine
        calls += [lambda: Build.begin(bad, "D", "HSC"), lambda: replay(GAME, 1, bad)]
    for call in calls:
        refused(call)
    with pytest.raises(ValueError, match="1 to 100,000"):
        simulate("random", 10**30)
    assert Equation.parse("D(9,2)").matches(bad) is False

"""The one check of a state: damaged or edited saves are refused with a sentence, and every
state the rules reach passes it."""

import json
from dataclasses import replace

import pytest

from acelab.absolutely_aces import AbsolutelyAces, AcesState, Pick
from acelab.absolutely_aces.validate import check_state
from acelab.engine import encode, from_json, to_json

GAME = AbsolutelyAces()
EXAMPLE = ("H4 H10 S1 S11 S7", "H8 H12 H6 H2 S9")


def test_check_state_refuses_damaged_saves() -> None:
    state = GAME.round_from(EXAMPLE, ("H4", "H8"))
    check_state(state)
    bad = [
        (replace(state, out=("S3", "S3")), "exactly once"),
        (replace(state, out=("S3", "Z5")), "not a card of this game"),
        (replace(state, mover=2), "0 or 1"),
        (replace(state, pairs=3), "two Pairs"),
        (replace(state, reserves=(("H4",), ())), "only the mover's Reserve"),
        (replace(state, hands=(["S1"], state.hands[1])), "two tuples of card codes"),
        (replace(state, results=None), "round results"),
        (replace(state, scores=None), "two whole numbers"),
        (replace(state, round=0), "round number"),
        (replace(state, opening=1), "True or False"),
        (replace(state, outcome="won"), "outcome"),
    ]
    for damaged, words in bad:
        with pytest.raises(ValueError, match=words):
            check_state(damaged)
        with pytest.raises(ValueError, match=words):
            from_json(GAME, to_json(damaged, GAME))
    with pytest.raises(ValueError, match="not an Absolutely Aces state"):
        GAME.check_state("state")


def tampered(state: AcesState, **fields: object) -> str:
    """``state`` saved, then edited by hand: each field set to a JSON value."""
    document = json.loads(to_json(state, GAME))
    document["value"]["fields"].update(fields)
    return json.dumps(document)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"picks": None}, "The picks are two entries"),
        ({"picks": ["H6"]}, "The picks are two entries"),
        ({"picks": {"$tuple": ["H6"]}}, "The picks are two entries"),
        ({"picks": {"$tuple": ["S7", None]}}, "Player 0's pick is not in their hand"),
        ({"results": None}, "round results"),
        ({"results": {"$tuple": [5]}}, "round results"),
        ({"seen": None}, "positions"),
        ({"hands": None}, "hands and Reserves"),
        ({"target": 0}, "target"),
        ({"phase": {"$enum": "acelab.absolutely_aces.state.Phase", "value": "over"}}, "ended"),
    ],
)
def test_the_issues_tampered_saves_are_refused(fields: dict[str, object], words: str) -> None:
    """``picks = null``, ``picks = ["H6"]``, ``results = null`` loaded, then crashed."""
    state = GAME.new_state(0)  # player 0 holds S1 H6 H10 S11 H12
    with pytest.raises(ValueError, match=words):
        from_json(GAME, tampered(state, **fields))


def test_an_old_pick_event_without_its_card_still_loads() -> None:
    from acelab.absolutely_aces import Picked
    from acelab.engine import decode

    data = encode(Picked(1, "S9"))
    del data["fields"]["card"]
    assert decode(data) == Picked(1)


def test_a_view_is_not_a_state() -> None:
    with pytest.raises(ValueError, match="not an Absolutely Aces state"):
        check_state(GAME.observation(GAME.apply(GAME.new_state(0), Pick(0, "S1")), 0))


@pytest.mark.parametrize("cards", [None, "S1 H2", 12])
def test_a_state_is_checked_against_a_set_of_cards_only(cards: object) -> None:
    with pytest.raises(ValueError, match="Give the twelve cards of Absolutely Aces"):
        check_state(GAME.new_state(0), cards)  # type: ignore[arg-type]


def test_saves_made_before_the_split_into_modules_still_load() -> None:
    """Moves, events and states were classes of ``rules``: a learner's saved games name them so."""
    state = GAME.apply(GAME.new_state(0), Pick(0, "S1"))
    old = to_json(state, GAME)
    for module in ("state", "moves", "events"):
        old = old.replace(f"acelab.absolutely_aces.{module}.", "acelab.absolutely_aces.rules.")
    assert "absolutely_aces.rules.AcesState" in old and from_json(GAME, old) == state
    from acelab.absolutely_aces import Picked

    event = to_json(Picked(0, "S1")).replace(".events.", ".rules.")
    assert from_json(None, event) == Picked(0, "S1")


def test_a_pick_is_refused_that_the_seat_order_never_leaves() -> None:
    """The picks go in seat order and are shown the moment the second is made, so during the
    pick player 1 has never picked: a save that says otherwise would list moves it refuses."""
    state = GAME.new_state(0)  # player 0 holds S1 H6 H10 S11 H12
    waiting = GAME.apply(state, Pick(0, "H6"))
    check_state(waiting)
    second = GAME.legal_moves(waiting)[0]
    assert isinstance(second, Pick)
    for picks in (("H6", second.card), (None, second.card)):
        with pytest.raises(ValueError, match="Player 1 picks after player 0"):
            check_state(replace(state, picks=picks))

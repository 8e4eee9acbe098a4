"""The shared engine protocol, exercised through a tiny seeded toy game."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.engine import (
    FORMAT_VERSION,
    Game,
    GameRecord,
    IllegalMove,
    Move,
    Outcome,
    Step,
    decode,
    derive_rng,
    encode,
    from_json,
    replay,
    serializable,
    to_json,
)
from acelab.engine.cards import Card, deck, parse_card, shuffled


@serializable
@dataclass(frozen=True)
class Take(Move):
    """Take 1 or 2 cards from the top of the deck."""

    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


@serializable
@dataclass(frozen=True)
class RaceState:
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    to_move: int
    goal: int


class CardRace(Game[RaceState, Take]):
    """Players take 1 or 2 cards in turn; the first whose values reach the goal wins."""

    name = "card-race"

    def new_state(self, seed, goal=21, **options):
        return RaceState(shuffled(deck(), seed), ((), ()), 0, goal)

    def legal_moves(self, state):
        if self.is_over(state):
            return []
        return [Take(n) for n in (1, 2) if n <= len(state.deck)]

    def step(self, state, move):
        return Step(self.apply(state, move), ())

    def apply(self, state, move):
        if self.is_over(state):
            raise IllegalMove("The race is over: start a new game to play again.")
        if move not in self.legal_moves(state):
            raise IllegalMove("You may take one or two cards, and no more than the deck holds.")
        taken, rest = state.deck[: move.count], state.deck[move.count :]
        hands = list(state.hands)
        hands[state.to_move] = hands[state.to_move] + taken
        return replace(state, deck=rest, hands=(hands[0], hands[1]), to_move=1 - state.to_move)

    def total(self, state, player):
        return sum(c.value for c in state.hands[player])

    def is_over(self, state):
        return not state.deck or any(self.total(state, p) >= state.goal for p in (0, 1))

    def outcome(self, state):
        if not self.is_over(state):
            return None
        winners = tuple(p for p in (0, 1) if self.total(state, p) >= state.goal)
        scores = (self.total(state, 0), self.total(state, 1))
        return Outcome(winners, "reached the goal" if winners else "deck ran out", scores)

    def observation(self, state, player):
        return {"my_hand": state.hands[player], "deck_count": len(state.deck)}


GAME = CardRace()


def test_apply_returns_a_new_state_and_leaves_the_old_one_untouched():
    start = GAME.new_state(seed=3)
    after = GAME.apply(start, Take(2))
    assert start.hands == ((), ()) and len(start.deck) == 52
    assert len(after.hands[0]) == 2 and len(after.deck) == 50


def test_an_illegal_move_raises_with_a_reason_and_changes_nothing():
    start = GAME.new_state(seed=3)
    with pytest.raises(IllegalMove) as error:
        GAME.apply(start, Take(3))
    assert error.value.reason == "You may take one or two cards, and no more than the deck holds."
    assert isinstance(error.value, ValueError)
    assert GAME.why_illegal(start, Take(3)) == error.value.reason
    assert GAME.why_illegal(start, Take(1)) is None
    assert GAME.can_apply(start, Take(2)) and not GAME.can_apply(start, Take(0))
    assert start == GAME.new_state(seed=3)


def test_moves_print_readably():
    assert str(Take(2)) == "take 2"

    @dataclass(frozen=True)
    class Pass(Move):
        player: int

    assert str(Pass(1)) == "Pass(1)"


def test_outcome_reports_winners_and_scores():
    state = GAME.new_state(5)
    while not GAME.is_over(state):
        state = GAME.apply(state, Take(2))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners
    assert outcome.won(outcome.winners[0])
    assert GAME.outcome(GAME.new_state(5)) is None


def test_observation_hides_the_deck_order():
    seen = GAME.observation(GAME.apply(GAME.new_state(1), Take(1)), 1)
    assert seen == {"my_hand": (), "deck_count": 51}


@given(st.integers(0, 10**6), st.lists(st.sampled_from([1, 2]), max_size=30))
def test_replay_and_json_reproduce_every_state(seed, counts):
    state = GAME.new_state(seed)
    moves = []
    for count in counts:
        if GAME.is_over(state):
            break
        state = GAME.apply(state, Take(count))
        moves.append(Take(count))
        assert from_json(GAME, to_json(state, GAME)) == state
    assert replay(GAME, seed, moves) == state
    record = GameRecord(GAME.name, seed, {}, tuple(moves))
    assert from_json(None, to_json(record)).replay(GAME) == state


def test_json_round_trips_the_shared_value_types():
    value = {
        "card": parse_card("10H"),
        "fraction": Fraction(3, 52),
        "tuple": (1, "a", None, True),
        "list": [1.5, 2],
        "set": frozenset({parse_card("AS"), parse_card("JK")}),
        (1, 2): "tuple key",
        "outcome": Outcome((0,), "won", (15, 9)),
    }
    assert decode(encode(value)) == value
    assert from_json(None, to_json(value)) == value


def test_json_carries_a_format_version_and_the_game_name():
    text = to_json(GAME.new_state(1), GAME)
    assert f'"acelab": {FORMAT_VERSION}' in text and '"game": "card-race"' in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not an acelab save"),
        ("[1, 2]", "no 'acelab' format version"),
        ('{"acelab": 99, "value": 1}', "format 99"),
        ('{"acelab": 1, "game": "other", "value": 1}', "not 'card-race'"),
        (
            '{"acelab": 1, "game": "card-race", "value": {"$type": "os.system", "fields": {}}}',
            "unknown type",
        ),
        ('{"acelab": 1, "game": "card-race", "value": {"$card": "1X"}}', "not a card"),
        ('{"acelab": 1, "game": "card-race", "value": {"what": 1}}', "does not recognise"),
    ],
)
def test_bad_saves_are_refused_with_a_clear_value_error(text, message):
    with pytest.raises(ValueError, match=message):
        from_json(GAME, text)


def test_unregistered_types_are_not_saved():
    @dataclass(frozen=True)
    class Secret:
        x: int

    with pytest.raises(TypeError, match="not marked @serializable"):
        encode(Secret(1))


def test_a_record_of_another_game_is_refused():
    with pytest.raises(ValueError, match="record is of 'other'"):
        GameRecord("other", 1, {}, ()).replay(GAME)


def test_derived_random_generators_depend_on_their_keys_only():
    assert derive_rng(7, "reveal", 3).random() == derive_rng(7, "reveal", 3).random()
    assert derive_rng(7, "reveal", 3).random() != derive_rng(7, "reveal", 4).random()

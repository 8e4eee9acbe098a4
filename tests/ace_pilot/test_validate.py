"""The one check of an Ace Pilot state (acelab.ace_pilot.validate.check_state): every state the
rules reach passes, and each way a save can be wrong is refused with its own sentence."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from acelab.ace_pilot import AcePilot, ChoosePilot, Phase, PilotState, random_bot
from acelab.ace_pilot.validate import check_state
from acelab.engine import Outcome, derive_rng, from_json, to_json
from acelab.engine.cards import JOKER, Card, Suit

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
GAME = AcePilot()


def reached(games: int = 12) -> list[PilotState]:
    """Every state of a few random games, extended sessions and higher ratings included."""
    states = []
    for number in range(games):
        state = GAME.new_state(number, challenge=1 + number % 3, extended=number % 2 == 0)
        rng = derive_rng("validate", number)
        states.append(state)
        while not GAME.is_over(state):
            moves = GAME.legal_moves(state)
            state = GAME.apply(state, random_bot(GAME.observation(state, 0), moves, rng))
            states.append(state)
    return states


def test_every_state_the_rules_reach_passes() -> None:
    states = reached()
    assert {state.phase for state in states} >= set(Phase) - {Phase.CLEARED, Phase.RESTORE}
    for state in states:
        check_state(state)


def refused(state: object, words: str) -> None:
    with pytest.raises(ValueError, match="This is not a well-formed Ace Pilot state") as info:
        check_state(state)
    assert words in str(info.value), str(info.value)
    assert str(info.value).endswith(".")


def test_each_card_exactly_once() -> None:
    state = GAME.new_state(7)
    refused(replace(state, hand=(*state.hand, Card.of("AS"))), "A♠ is not in the Ace Pilot deck.")
    refused(replace(state, hand=(*state.hand, state.deck[0])), "is there 2 times")
    refused(replace(state, deck=state.deck[1:]), "is missing.")
    refused(replace(state, deck=list(state.deck)), "the deck is not a row of cards.")


def test_each_zone_holds_only_its_kind_of_card() -> None:
    state = GAME.new_state(7)
    joker = state.deck.index(JOKER)
    deck = state.deck[:joker] + state.deck[joker + 1 :]
    refused(replace(state, deck=deck, hand=(*state.hand, JOKER)), "a joker is never in the hand.")
    even = next(c for c in state.deck if not c.is_joker and c.value % 2 == 0)
    deck = tuple(c for c in state.deck if c != even)
    refused(replace(state, deck=deck, odds=(even,)), "the Revealed Odds hold only odd cards.")


def test_each_pilot_exactly_once_and_in_order() -> None:
    state = GAME.new_state(7)
    refused(replace(state, ready=(H, S, C)), "Duke is nowhere.")
    refused(replace(state, ready=(H, S, C, D), defeated=(D,)), "Duke is in 2 places.")
    refused(replace(state, ready=(S, H, C, D)), "the Ready pilots are out of order or repeated.")
    refused(replace(state, ready=("H", S, C, D)), "the Ready pilots are not a row of pilots.")


def test_the_fields_a_phase_needs() -> None:
    state = GAME.new_state(7)
    refused(replace(state, phase=Phase.DRAW), "draw: the Assault Zone needs a pilot.")
    refused(replace(state, phase=Phase.OVER), "a game is over exactly when it has an outcome.")
    refused(replace(state, outcome=Outcome((0,), "won")), "exactly when it has an outcome.")
    refused(replace(state, session=2), "only an extended session has more than one deck.")
    refused(replace(state, challenge=25), "the Challenge Rating is a whole number from 1 to 24.")
    refused(replace(state, challenge=True), "the Challenge Rating is a whole number")
    refused(replace(state, seed=1.5), "the seed is a whole number or a word.")
    chosen = GAME.apply(state, ChoosePilot(D))
    unrevealed = replace(chosen, evens=(), deck=(*chosen.deck, *chosen.evens))
    refused(unrevealed, "draw: the Reveal shows 1 evens, not 0.")


def test_what_is_not_a_state_at_all() -> None:
    refused(None, "it is a NoneType, not a PilotState.")
    refused(GAME.observation(GAME.new_state(1), 0), "it is a PilotView, not a PilotState.")


def test_the_game_and_from_json_use_this_check() -> None:
    state = replace(GAME.new_state(7), ready=(H, S, C))
    with pytest.raises(ValueError, match="Duke is nowhere"):
        GAME.check_state(state)
    with pytest.raises(ValueError, match="Duke is nowhere"):
        from_json(GAME, to_json(state, GAME))


def test_a_save_written_before_the_state_and_moves_had_their_own_modules_still_loads() -> None:
    state = GAME.apply(GAME.new_state(7), ChoosePilot(D))
    text = to_json(state, GAME)
    old = text.replace("acelab.ace_pilot.state.", "acelab.ace_pilot.rules.")
    assert old != text and json.loads(old)["value"]["$type"] == "acelab.ace_pilot.rules.PilotState"
    assert from_json(GAME, old) == state
    move = to_json(ChoosePilot(H), GAME).replace("ace_pilot.moves.", "ace_pilot.rules.")
    assert "acelab.ace_pilot.rules.ChoosePilot" in move
    assert from_json(GAME, move) == ChoosePilot(H)


def test_the_breakages_the_issue_found_are_refused() -> None:
    state = GAME.new_state(7)
    document = json.loads(to_json(state, GAME))
    fields = document["value"]["fields"]
    fields["hand"]["$tuple"].append({"$card": "AS"})
    with pytest.raises(ValueError, match="A♠ is not in the Ace Pilot deck"):
        from_json(GAME, json.dumps(document))
    document = json.loads(to_json(state, GAME))
    fields = document["value"]["fields"]
    fields["ready"]["$tuple"].append(fields["ready"]["$tuple"][0])
    with pytest.raises(ValueError, match="out of order or repeated"):
        from_json(GAME, json.dumps(document))
    document = json.loads(to_json(state, GAME))
    document["value"]["fields"]["hand"]["$tuple"].append(
        document["value"]["fields"]["deck"]["$tuple"][0]
    )
    with pytest.raises(ValueError, match="times"):
        from_json(GAME, json.dumps(document))

"""Observations leak nothing: no card a seat may not see (its adapter says which) is named
anywhere in what ``observation(state, seat)`` holds, over the states of random games."""

from __future__ import annotations

from typing import Any

import pytest

from acelab.engine import derive_rng, encode
from acelab.engine.games import NAMES
from acelab.engine.seeds import random_index
from tests.conformance.games import ADAPTERS
from tests.conformance.play import random_games

GAMES = 12


def named(data: Any, skip: tuple[str, ...]) -> set[str]:
    """Every card ``{"$card": …}`` and every text in encoded ``data``, outside the dataclass
    fields named in ``skip``."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, list):
        return set().union(*(named(item, skip) for item in data))
    if not isinstance(data, dict):
        return set()
    if "$card" in data:
        return {data["$card"]}
    if "$type" in data:
        fields = data["fields"]
        return set().union(*(named(v, skip) for k, v in fields.items() if k not in skip))
    return set().union(*(named(v, skip) for v in data.values()))


@pytest.mark.parametrize("name", NAMES)
def test_no_observation_names_a_hidden_card(name: str) -> None:
    adapter = ADAPTERS[name]
    game = adapter.game
    checked = 0
    for played in random_games(name, GAMES):
        for state in played.states:
            for seat in range(adapter.seats(state)):
                hidden = adapter.hidden(state, seat)
                shown = named(encode(game.observation(state, seat)), adapter.history)
                assert not hidden & shown, f"seat {seat} is shown {sorted(hidden & shown)}"
                assert hidden <= named(encode(state), ()), "the check would see a leak"
                checked += bool(hidden)
    assert checked > 0, "no state had anything hidden"


@pytest.mark.parametrize("name", NAMES)
def test_an_observation_for_no_seat_is_refused_in_words(name: str) -> None:
    """A seat that is not at the table is refused with one short sentence, never shown the
    table (nor a traceback's words, as a huge number's own repr would give)."""
    adapter = ADAPTERS[name]
    state = adapter.game.new_state(1, **adapter.options[0])
    for seat in (adapter.seats(state), -1, 10**5000, "x", None, True):
        with pytest.raises(ValueError, match="player") as refusal:
            adapter.game.observation(state, seat)
        reason = str(refusal.value)
        assert len(reason) < 120 and reason.endswith(".") and "limit" not in reason, reason
        assert " a str " not in reason, reason


@pytest.mark.parametrize("name", NAMES)
def test_no_event_names_a_hidden_card_to_a_seat(name: str) -> None:
    """What ``visible_events(events, seat)`` tells a seat of a move names no card that seat may
    see neither before nor after it (a card drawn from the deck into another hand, a secret pick,
    a stolen card), over the moves of random games; and everything is told to somebody."""
    adapter = ADAPTERS[name]
    game = adapter.game
    checked, played_on = 0, set()
    for played in random_games(name, GAMES):
        played_on.add(tuple(sorted(played.options.items())))
        for before, after, move in zip(
            played.states[:-1], played.states[1:], played.moves, strict=True
        ):
            events = game.step(before, move).events
            for seat in range(adapter.seats(before)):
                hidden = adapter.hidden(before, seat) & adapter.hidden(after, seat)
                hidden -= adapter.face_up(events)
                told = named(encode(game.visible_events(events, seat)), ())
                assert not hidden & told, f"seat {seat} hears of {sorted(hidden & told)}"
                checked += bool(hidden & named(encode(events), ()))
    if name in ("ace_of_spades_lex", "absolutely_aces"):  # Devir's: the test below
        assert checked > 0, "no move's events named a hidden card: the check would see no leak"
    assert played_on >= {tuple(sorted(options.items())) for options in adapter.options}, (
        "every option (Devir: co-op on every difficulty) is played"
    )


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard", "nightmare"])
def test_no_devir_partner_hears_the_other_s_face_down_discards(difficulty: str) -> None:
    """Devir's co-op on every difficulty, moves chosen at random (they discard far more than
    the bot of the games above): neither partner, nor nobody's seat (-1, a hot seat's log),
    hears a card it may not see; on Hard and Nightmare the events did name such cards (the
    partner's own discards, face down), so the check would see a leak."""
    adapter = ADAPTERS["ace_of_spades"]
    game = adapter.game
    checked = 0
    for seed in range(8):
        rng = derive_rng("leaks", difficulty, seed)
        state = game.new_state(seed, difficulty=difficulty, players=2)
        for _ in range(80):
            if game.is_over(state):
                break
            legal = game.legal_moves(state)
            step = game.step(state, legal[random_index(rng, len(legal))])
            secret = [
                adapter.hidden(state, seat) & adapter.hidden(step.state, seat) for seat in (0, 1)
            ]
            for seat in (0, 1, -1):
                hidden = secret[0] | secret[1] if seat == -1 else secret[seat]
                hidden -= adapter.face_up(step.events)
                told = named(encode(game.visible_events(step.events, seat)), ())
                assert not hidden & told, f"seat {seat} hears of {sorted(hidden & told)}"
                checked += bool(hidden & named(encode(step.events), ()))
            state = step.state
    assert (checked > 0) == (difficulty in ("hard", "nightmare"))


@pytest.mark.parametrize("name", NAMES)
def test_visible_events_refuse_what_are_not_events(name: str) -> None:
    game = ADAPTERS[name].game
    for events in ("x", None, [1]):
        with pytest.raises(ValueError, match="events"):
            game.visible_events(events, 0)

"""The events of a move say what happened: over 1,000 random games they account for every card
that moved between zones and every pilot that changed place, and they save and load."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from acelab.ace_pilot import AcePilot, Assault, ChoosePilot, Concede, Equation, Phase, random_bot
from acelab.ace_pilot.events import (
    AssaultWon,
    Conceded,
    DeckCleared,
    Discarded,
    DivisionByZero,
    Drew,
    EvensTaken,
    GameOver,
    JokerKept,
    JokerSpent,
    PilotDefeated,
    PilotsRestored,
    PilotsReturned,
    Reshuffled,
    Revealed,
    RoundStarted,
    SessionContinued,
    StartingPilotChosen,
    Zone,
    card_moves,
)
from acelab.ace_pilot.state import PilotState
from acelab.engine import Event, derive_rng, from_json, to_json
from acelab.engine.cards import JOKER, parse_cards

GAME = AcePilot()
H, S, C, D = (parse_cards(f"A{s}")[0].suit for s in "HSCD")


ZONE_FIELDS = {
    Zone.DECK: "deck",
    Zone.HAND: "hand",
    Zone.DISCARD: "discard",
    Zone.ODDS: "odds",
    Zone.EVENS: "evens",
    Zone.JOKERS: "jokers",
}


def account(before: PilotState, events: tuple[Event, ...], after: PilotState) -> None:
    """Replay the events on the zones and pilots of ``before``: they must give ``after``,
    every zone in its exact order (cards leave the deck from the top, and the discard pile
    gains and loses cards at its top)."""
    zones = {name: list(getattr(before, field)) for name, field in ZONE_FIELDS.items()}
    ready, defeated, assault = set(before.ready), set(before.defeated), before.assault
    shuffled = False
    for event in events:
        for card, source, to in card_moves(event):
            zone = zones[source]
            if source is Zone.DECK and not shuffled:
                assert zone and zone[0] == card, f"{event}: {card} is not the deck's top card"
            if source is Zone.DISCARD:
                assert zone and zone[-1] == card, f"{event}: {card} is not the discard top"
            assert card in zone, f"{event}: {card} is not in {source.value}"
            zone.remove(card)
            zones[to].append(card)
        if isinstance(event, Reshuffled):
            for card in event.cards:
                source = next(z for z in (Zone.DISCARD, Zone.ODDS, Zone.EVENS) if card in zones[z])
                zones[source].remove(card)
            zones[Zone.DECK].extend(event.cards)
            shuffled = True  # the deck's new order is the shuffle's: compare it as a multiset
        elif isinstance(event, StartingPilotChosen):
            assert event.pilot in ready and assault is None
            ready.discard(event.pilot)
            assault = event.pilot
        elif isinstance(event, AssaultWon):
            ready.discard(event.ending)
            assault = event.ending
        elif isinstance(event, PilotsReturned):
            ready |= set(event.pilots)
        elif isinstance(event, Conceded):
            assert event.pilot is assault
            assault = None
        elif isinstance(event, PilotDefeated):
            defeated.add(event.pilot)
        elif isinstance(event, PilotsRestored):
            assert set(event.pilots) == defeated
            ready |= defeated
            defeated = set()
    if shuffled:
        assert Counter(zones.pop(Zone.DECK)) == Counter(after.deck)
    for name, cards in zones.items():
        assert tuple(cards) == getattr(after, ZONE_FIELDS[name]), f"{name.value}: {events}"
    assert (ready, defeated, assault) == (set(after.ready), set(after.defeated), after.assault)
    assert any(isinstance(e, GameOver) for e in events) == (after.phase is Phase.OVER)


def random_game(number: int, **options: object) -> list[tuple[PilotState, object, object]]:
    state = GAME.new_state(f"events/{number}", **options)  # type: ignore[arg-type]
    rng = derive_rng("events", number)
    steps = []
    while not GAME.is_over(state):
        move = random_bot(GAME.observation(state, 0), GAME.legal_moves(state), rng)
        step = GAME.step(state, move)
        steps.append((state, move, step))
        state = step.state
    return steps


@pytest.mark.soak
def test_the_events_of_1000_random_games_account_for_every_card_and_pilot() -> None:
    kinds: Counter[str] = Counter()
    for number in range(1000):
        options = {"challenge": 1 + number % 3, "extended": number % 10 == 0}
        steps = random_game(number, **options)
        for before, _, step in steps:
            account(before, step.events, step.state)
            kinds.update(type(e).__name__ for e in step.events)
        if number % 50 == 0:
            assert all(GAME.apply(before, move) == step.state for before, move, step in steps)
    seen = set(kinds)
    for kind in (RoundStarted, Revealed, StartingPilotChosen, Drew, Discarded, AssaultWon):
        assert kind.__name__ in seen
    for kind in (EvensTaken, Conceded, JokerSpent, PilotDefeated, PilotsReturned, GameOver):
        assert kind.__name__ in seen
    for kind in (DeckCleared, Reshuffled, SessionContinued):
        assert kind.__name__ in seen


def test_events_save_and_load() -> None:
    for _, _, step in random_game(3)[:40]:
        for event in step.events:
            assert from_json(GAME, to_json(event, GAME)) == event


def test_a_round_won_reports_reveals_draw_victory_and_discards() -> None:
    state = GAME.new_state(4726170)
    step = GAME.step(state, ChoosePilot(D))
    assert step.events == (
        StartingPilotChosen(D),
        RoundStarted(),
        *(Revealed(c, Zone.ODDS) for c in parse_cards("KC KS JD 9H")),
        Revealed(parse_cards("4S")[0], Zone.EVENS),
    )
    (king,) = parse_cards("KC")
    step = GAME.step(step.state, GAME.legal_moves(step.state)[0])
    assert step.events == (Drew(king, Zone.ODDS), Discarded(parse_cards("KS JD 9H"), Zone.ODDS))
    winner = Equation.parse("D(13,12) H(2)")
    step = GAME.step(step.state, Assault(winner))
    assert step.events == (
        AssaultWon(winner, 4, H),
        EvensTaken(parse_cards("4S")),
        PilotsReturned((D,)),
    )


def test_defeat_restore_keep_and_division_by_zero_events() -> None:
    base = replace(
        GAME.new_state(1),
        phase=Phase.ASSAULT,
        hand=parse_cards("9S 9H 3D 2C"),
        evens=parse_cards("4D"),
        assault=S,
        ready=(H, C, D),
    )
    zero = Equation.parse("D(3) S(9,9)")
    assert GAME.step(base, Assault(zero)).events[0] == DivisionByZero(zero)
    lost = GAME.step(base, Concede())
    assert lost.events[:2] == (Conceded(S), PilotDefeated(S))
    assert Discarded(parse_cards("4D"), Zone.EVENS) in lost.events
    saved = GAME.step(replace(base, jokers=(JOKER,)), Concede())
    assert saved.events[:3] == (Conceded(S), JokerSpent(JOKER), PilotsReturned((S,)))
    restore = replace(base, phase=Phase.RESTORE, jokers=(JOKER,), defeated=(C,), ready=(H, D))
    restored = GAME.step(restore, GAME.legal_moves(restore)[0])
    assert restored.events[:2] == (JokerSpent(JOKER), PilotsRestored((C,)))
    kept = GAME.step(restore, GAME.legal_moves(restore)[1])
    assert kept.events[0] == JokerKept()


def test_a_spent_joker_taken_back_from_the_discard_pile_is_told_as_coming_from_there() -> None:
    """The Draw puts a spent joker left on the discard pile back on the Joker pile: its event
    moves it from the discard pile, not from the deck (whose top it never was)."""
    from acelab.ace_pilot import DrawDiscard

    state = PilotState(
        seed=0,
        challenge=1,
        phase=Phase.DRAW,
        deck=parse_cards("5S 7H"),
        hand=parse_cards("9S 6H 2D"),
        evens=parse_cards("4S"),
        discard=(*parse_cards("9C"), JOKER),
        assault=S,
        ready=(H, C, D),
    )
    step = GAME.step(state, DrawDiscard())
    account(state, step.events, step.state)
    assert step.state.jokers == (JOKER,) and step.state.hand[-1] == parse_cards("9C")[0]

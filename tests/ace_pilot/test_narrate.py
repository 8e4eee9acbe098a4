"""The learner's sentences (acelab.ace_pilot.narrate): the round log's line of each move, the
status line after it, what to do now and how the game ended.

Seed 4726170: the hand is 2♠ Q♣ Q♠; choosing Duke reveals the odds K♣ K♠ J♦ 9♥ and the target
4♠ (one joker). Drawing K♣, ``D(13,12) H(2)`` wins: ⌈13 / 12⌉ + 2 = 4.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

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
    events,
)
from acelab.ace_pilot.builder import Build
from acelab.ace_pilot.narrate import move_message, narrate, over_text, prompt_text
from acelab.engine import Event, Outcome
from acelab.engine.cards import Card, Suit, parse_cards

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
GAME = AcePilot()
SEED = 4726170
WIN = Assault("D(13,12) H(2)", "H")
SILENT = {
    events.RoundStarted,
    events.Revealed,
    events.EvensTaken,
    events.Reshuffled,
    events.JokerReturned,
}
"""Events said together with others (the Reveal) or not at all (cards moving silently)."""


def at_assault() -> PilotState:
    state = GAME.apply(GAME.new_state(SEED), ChoosePilot(D))
    return GAME.apply(state, DrawOdd("KC"))


def said(state: PilotState, move: object, round_number: int = 1) -> str:
    return narrate(GAME.step(state, move).events, round_number)  # type: ignore[arg-type]


def test_choosing_a_pilot_says_the_reveal_with_its_target_and_odds() -> None:
    assert said(GAME.new_state(SEED), ChoosePilot(D), 0) == (
        "Duke is the Starting Pilot. Round 1: revealed 4♠, target 4. Odds: K♣ K♠ J♦ 9♥."
    )


def test_a_draw_a_victory_and_a_discard() -> None:
    state = GAME.apply(GAME.new_state(SEED), ChoosePilot(D))
    assert said(state, DrawOdd("KC")) == "Drew the revealed K♣."
    assert said(at_assault(), WIN) == (
        "Round 1: Victory! ⌈13 / 12⌉ + 2 = 4. Hailey stays in the Assault Zone."
    )
    won = GAME.apply(at_assault(), WIN)
    assert said(won, Discard("QS")) == "Discarded Q♠."


def test_a_joker_spent_on_a_lost_round_is_said_once() -> None:
    assert said(at_assault(), Concede()) == (
        "Round 1: Defeat (you gave up). A joker was spent, so Duke is Ready again."
    )
    no_joker = replace(at_assault(), jokers=(), deck=(*at_assault().deck, Card.of("JK")))
    text = said(no_joker, Concede(), 3)
    assert text.startswith("Round 3: Defeat (you gave up). Duke is Defeated.")
    assert "joker" not in text


def test_restoring_pilots_with_a_joker_and_keeping_it() -> None:
    state = replace(at_assault(), ready=(H, C), defeated=(S,))
    won = GAME.apply(state, WIN)
    assert won.phase is Phase.RESTORE
    assert said(won, RestorePilots()) == "Spent a joker: Sabina is Ready again."
    assert said(won, KeepJoker()) == "Kept the joker."


def test_a_division_by_zero_and_the_end_of_the_game() -> None:
    state = replace(at_assault(), hand=parse_cards("2S QC QS KC"))
    zero = Assault(Equation.parse("D(13,2) S(12,12)"), S)
    assert zero.equation.divides_by_zero
    text = said(state, zero)
    assert text == (
        "Round 1: the equation ⌊13 / 2⌋ / |12 − 12| divides by zero. "
        "Game over: dividing by zero loses the game for everyone."
    )


def test_every_event_kind_is_said_or_deliberately_silent() -> None:
    from acelab.ace_pilot import narrate as module

    kinds = {
        kind
        for kind in vars(events).values()
        if isinstance(kind, type) and issubclass(kind, events.PilotEvent)
    } - {events.PilotEvent}
    assert set(module.SENTENCES) | SILENT == kinds
    assert not set(module.SENTENCES) & SILENT


@pytest.mark.parametrize(
    ("happened", "expected"),
    [
        ((events.JokerKept(),), None),
        ((events.Conceded(D),), ("the log line", "warning")),
        (
            (events.DivisionByZero(Equation.parse("D(2,12) S(12,12)")),),
            ("The equation divided by zero: the game is lost for everyone.", "error"),
        ),
    ],
)
def test_the_status_line_after_a_move(happened: tuple[Event, ...], expected: object) -> None:
    assert move_message(happened, "the log line") == expected


def test_the_status_line_explains_a_victory() -> None:
    step = GAME.step(at_assault(), WIN)
    assert move_message(step.events, "") == (
        "Victory! Duke: 13 / 12 = 1.08…, rounded up to 2. Hailey: 2 + 2 = 4. "
        "That makes 4, the target!",
        "success",
    )


def test_what_to_do_now_in_every_phase() -> None:
    state = GAME.new_state(SEED)
    view = GAME.observation
    assert prompt_text(view(state, 0)) == "Choose the Starting Pilot: click a Ready pilot."
    state = GAME.apply(state, ChoosePilot(D))
    assert prompt_text(view(state, 0)).startswith("Draw a fourth card: click one Revealed Odd")
    state = GAME.apply(state, DrawOdd("KC"))
    build = Build.begin(state.hand, D, state.ready)
    assert prompt_text(view(state, 0), build).startswith("Make 4: click a hand card, then Duke.")
    assert prompt_text(view(state, 0)).startswith("Make 4: put hand cards on the aces")
    state = GAME.apply(state, WIN)
    assert prompt_text(view(state, 0)).startswith("Discard 2 cards down to 3")
    state = GAME.apply(state, Discard("QS"))
    assert prompt_text(view(state, 0)).startswith("Discard 1 card down to 3")


def test_how_the_game_ended() -> None:
    over = replace(GAME.new_state(1), phase=Phase.OVER)
    won = replace(over, outcome=Outcome((0,), "The deck is empty."))
    assert over_text(GAME.observation(won, 0)) == "🏆 You win: the deck is cleared."
    lost = replace(over, outcome=Outcome((), "x"), ready=(), defeated=(H, S, C, D))
    assert over_text(GAME.observation(lost, 0)) == "Game over: all four pilots are Defeated."
    assert prompt_text(GAME.observation(lost, 0)).endswith("Press New game to play again.")

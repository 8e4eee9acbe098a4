"""The learner's sentences: the round log's line for each move (from the events it made
happen), what the status line says after it, what to do now, and how the game ended. Cards are
written ``Q♣``, pilots by name; no internal notation.

Each kind of event is said by one entry of a table keyed by the event's type; an event that is
not in the table (a card revealed, the evens taken into the hand…) is said together with others
or not at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Literal

from acelab.ace_pilot.actions import PRACTICE_CONCEDED, PRACTICE_SOLVED
from acelab.ace_pilot.builder import Build
from acelab.ace_pilot.events import (
    AssaultWon,
    Conceded,
    DeckCleared,
    Discarded,
    DivisionByZero,
    Drew,
    GameOver,
    JokerKept,
    JokerSpent,
    PilotDefeated,
    PilotsRestored,
    PilotsReturned,
    Revealed,
    RoundStarted,
    SessionContinued,
    StartingPilotChosen,
    Zone,
)
from acelab.ace_pilot.pilots import pilot_name, pilot_names
from acelab.ace_pilot.state import HAND_SIZE, Phase, PilotView
from acelab.engine import Event, Outcome, events_of, expect, what_kind
from acelab.engine.cards import Card, Suit
from acelab.engine.narration import Narration, Sentence

__all__ = [
    "SENTENCES",
    "move_message",
    "narrate",
    "over_text",
    "prompt_text",
    "starts_round",
    "summary",
]

MessageKind = Literal["success", "warning", "error"]


def _symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _are(pilots: Sequence[Suit]) -> str:
    return f"{pilot_names(pilots)} {'is' if len(pilots) == 1 else 'are'}"


_SOURCES: Final = {
    Zone.ODDS: "the revealed",
    Zone.DISCARD: "from the discard pile",
    Zone.DECK: "from the deck",
}


def _drew(event: Drew, move: Narration) -> str:
    if event.source is Zone.ODDS:
        return f"Drew the revealed {event.card.symbol}."
    return f"Drew {event.card.symbol} {_SOURCES.get(event.source, 'into the hand')}."


def _won(event: AssaultWon, move: Narration) -> str:
    formula = event.equation.formula(target=event.target)
    return (
        f"Round {move.round_number}: Victory! {formula} = {event.target}. "
        f"{pilot_name(event.ending)} stays in the Assault Zone."
    )


def _joker_spent(event: JokerSpent, move: Narration) -> str:
    """Said with the pilots it brought back, when it brought any."""
    if move.has(PilotsRestored) or (move.has(Conceded) and move.has(PilotsReturned)):
        return ""
    return "A joker was spent."


def _returned(event: PilotsReturned, move: Narration) -> str:
    """Pilots back to Ready: worth saying only when a joker saved a lost round."""
    if not move.has(Conceded):
        return ""
    return f"A joker was spent, so {_are(event.pilots)} Ready again."


def _game_over(event: GameOver, move: Narration) -> str:
    if event.outcome.reason == PRACTICE_SOLVED:
        return "🏆 Practice deal solved."
    if event.outcome.reason == PRACTICE_CONCEDED:
        return "Practice deal given up."
    if event.outcome.won():
        return "🏆 You win: the deck is cleared."
    if move.has(DivisionByZero):
        return "Game over: dividing by zero loses the game for everyone."
    if move.has(PilotDefeated):
        return "Game over: all four pilots are Defeated."
    return "Game over."


SENTENCES: Final[dict[type[Event], Sentence]] = {
    StartingPilotChosen: lambda e, m: f"{pilot_name(e.pilot)} is the Starting Pilot.",
    Drew: _drew,
    Discarded: lambda e, m: f"Discarded {_symbols(e.cards)}." if e.source is Zone.HAND else "",
    AssaultWon: _won,
    DivisionByZero: lambda e, m: (
        f"Round {m.round_number}: the equation {e.equation.formula()} divides by zero."
    ),
    Conceded: lambda e, m: f"Round {m.round_number}: Defeat (you gave up).",
    JokerSpent: _joker_spent,
    PilotDefeated: lambda e, m: f"{pilot_name(e.pilot)} is Defeated.",
    PilotsRestored: lambda e, m: f"Spent a joker: {_are(e.pilots)} Ready again.",
    PilotsReturned: _returned,
    JokerKept: lambda e, m: "Kept the joker.",
    DeckCleared: lambda e, m: f"The deck is cleared at Challenge Rating {e.challenge}!",
    SessionContinued: lambda e, m: f"Playing on at Challenge Rating {e.challenge}.",
    GameOver: _game_over,
}
"""How each kind of event is said in the round log ("" when other events say it)."""


def starts_round(events: Sequence[Event]) -> bool:
    """True when a move with these ``events`` started a round: it revealed Evens (the round log
    and the panel's round number both count rounds this way, from the events alone)."""
    move = Narration(events=events_of(events))
    return move.has(RoundStarted) and any(e.to is Zone.EVENS for e in move.each(Revealed))


def _reveal(move: Narration) -> list[str]:
    """The next round's Reveal, when this move started one."""
    if not starts_round(move.events):
        return []
    revealed = [e.card for e in move.each(Revealed) if e.to is Zone.EVENS]
    target = sum(card.value for card in revealed)
    words = [f"Round {move.round_number + 1}: revealed {_symbols(revealed)}, target {target}."]
    odds = [e.card for e in move.each(Revealed) if e.to is Zone.ODDS]
    if odds:
        words.append(f"Odds: {_symbols(odds)}.")
    return words


def narrate(events: Sequence[Event], round_number: int) -> str:
    """The round log's line for one move, from the events it made happen."""
    if type(round_number) is not int:
        raise ValueError(f"The round is numbered by a whole number, not {what_kind(round_number)}.")
    move = Narration(events=events_of(events), round_number=round_number)
    said = [SENTENCES[type(e)](e, move) for e in move.events if type(e) in SENTENCES]
    return " ".join(w for w in [*said, *_reveal(move)] if w)


def move_message(events: Sequence[Event], logged: str) -> tuple[str, MessageKind] | None:
    """What the status line says after a move with these ``events`` (``logged``: its line in
    the round log), if anything: a victory explained, a division by zero, a round given up."""
    move = Narration(events=events_of(events))
    for won in move.each(AssaultWon):
        return f"Victory! {won.equation.explain(won.target)}", "success"
    if move.has(DivisionByZero):
        return "The equation divided by zero: the game is lost for everyone.", "error"
    if move.has(Conceded):
        return logged, "warning"
    return None


def summary(events: Iterable[Event]) -> str:
    """The game in one sentence, for its end: rounds won and lost, Evil Evens beaten."""
    try:
        said = list(events)
    except TypeError:
        raise ValueError("summary() reads the game's events (a list of them).") from None
    won = sum(isinstance(event, AssaultWon) for event in said)
    lost = sum(isinstance(event, Conceded) for event in said)

    def rounds(count: int) -> str:
        return f"{count} round{'' if count == 1 else 's'}"

    beaten = f"{won} Evil Even{'' if won == 1 else 's'} beaten"
    return f"You won {rounds(won)} and lost {rounds(lost)}: {beaten}."


def over_text(view: PilotView) -> str:
    """How the game ended, in the learner's words."""
    outcome: Outcome | None = expect(view, PilotView, "an Ace Pilot view").outcome
    if outcome is not None and outcome.won():
        return "🏆 You win: the deck is cleared."
    equation = view.last_equation
    if equation is not None and equation.divides_by_zero:
        return "Game over: the equation divided by zero, and that loses the game for everyone."
    if not view.ready and view.defeated:
        return "Game over: all four pilots are Defeated."
    return "Game over."


_PROMPTS: Final = {
    Phase.CHOOSE_PILOT: "Choose the Starting Pilot: click a Ready pilot.",
    Phase.DRAW: "Draw a fourth card.",
    Phase.RESTORE: (
        "Victory! You hold a joker and a pilot is Defeated: spend the joker to restore every "
        "Defeated pilot, or keep it."
    ),
    Phase.CLEARED: "The deck is cleared! Play on at the next Challenge Rating, or end the session.",
}


def prompt_text(view: PilotView, build: Build | None = None) -> str:
    """What to do now, in one or two sentences (``build``: the equation being built)."""
    phase = expect(view, PilotView, "an Ace Pilot view").phase
    if build is not None:
        expect(build, Build, "the equation being built")
    if phase is Phase.OVER:
        return over_text(view) + " Press New game to play again."
    if phase is Phase.DRAW:
        if view.odds:
            return "Draw a fourth card: click one Revealed Odd (the others are discarded)."
        if view.discard:
            return "No odd was revealed: take the discard pile's top card."
        return "No odd was revealed and the discard pile is empty: take the deck's top card."
    if phase is Phase.ASSAULT:
        start = pilot_name(view.assault) if view.assault is not None else "the Starting Pilot"
        if build is not None and not build.complete:
            return (
                f"Make {view.target}: click a hand card, then {start}. The Starting Pilot needs "
                "two or more cards before another pilot joins."
            )
        return (
            f"Make {view.target}: put hand cards on the aces, or drag a Ready pilot onto a "
            "+ pilot space. Confirm when it reaches the target."
        )
    if phase is Phase.DISCARD:
        extra = len(view.hand) - HAND_SIZE
        return (
            f"Discard {extra} card{'s' if extra > 1 else ''} down to {HAND_SIZE}: click a card to "
            "discard it. The last one you discard stays on top for the next round."
        )
    if phase is Phase.CHOOSE_PILOT and view.evens:
        return f"The target is {view.target}. Choose the Starting Pilot: click a Ready pilot."
    return _PROMPTS[phase]

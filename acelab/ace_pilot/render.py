"""Pure renderers for the Ace Pilot panel: the equation being built (LaTeX for MathJax), its
resolution step by step, what to do now, and the round log's line for each move, all in the
learner's words (cards as ``Q♣``, pilots by name, no internal notation). The table itself is
drawn by :mod:`acelab.ace_pilot.table_view` on the shared card table.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final, Literal

import sympy

from acelab.ace_pilot.builder import OPERATION, Build
from acelab.ace_pilot.equation import pilot_name
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
from acelab.ace_pilot.rules import Assault, Concede, Phase, PilotMove, PilotState, PilotView
from acelab.cards import Card, Rank, Suit
from acelab.engine import Event, Outcome

__all__ = [
    "MAX_CHALLENGE",
    "equation_html",
    "explanation_html",
    "move_message",
    "narrate",
    "over_text",
    "pilot_label",
    "prompt_text",
    "verb",
    "warm_up",
]

_FONT: Final = "font-family:'DejaVu Sans','Liberation Sans',Arial,sans-serif"
_ZONE: Final = (
    "display:inline-block;vertical-align:top;margin:0 10px 6px 0;padding:4px 8px;"
    "border:1px solid #d0d7de;border-radius:6px;background:#fafbfc;min-height:88px"
)
_LABEL: Final = "font-size:0.8em;color:#57606a;text-transform:uppercase;letter-spacing:0.04em"
_VERB: Final = {Suit.HEARTS: "adds", Suit.SPADES: "subtracts", Suit.CLUBS: "multiplies"}
MAX_CHALLENGE: Final = 6


# --------------------------------------------------------------------------------------------
# Pure renderers: view (and build) in, HTML out.


def _ace(suit: Suit) -> Card:
    return Card(Rank.ACE, suit)


def pilot_label(suit: Suit) -> str:
    return f"{pilot_name(suit)} {suit.symbol} {OPERATION[suit]}"


def verb(suit: Suit) -> str:
    return _VERB.get(suit, "divides")


def equation_html(build: Build, target: int) -> str:
    """The equation in the learner's order and grouping (LaTeX for MathJax), its value with the
    chosen roundings, the values the roundings can give, and a division-by-zero warning."""
    latex = build.latex()
    equation = build.equation()
    if equation is None:
        status = escape(build.missing())
        shown = f"$${latex}$$"
    elif build.divides_by_zero:
        shown = f"$${latex}$$"
        status = (
            '<b style="color:#c62828">⚠ This equation divides by zero. The rulebook says that '
            "loses the game for everyone: confirming it ends the game.</b>"
        )
    else:
        value = build.value()
        reached = value == target
        shown = f"$${latex} = {value}$$"
        others = sorted(build.values())
        choices = (
            f" The roundings can give {', '.join(map(str, others))}." if len(others) > 1 else ""
        )
        if reached:
            status = f'<b style="color:#2e7d32">✔ It makes {target}, the target.</b>{choices}'
        else:
            status = f"It makes {value}; the target is {target}.{choices}"
    return (
        f'<div class="acelab-equation-text" style="font-size:1.25em">{shown}</div>'
        f'<div class="acelab-equation-status">{status}</div>'
    )


def explanation_html(build: Build, target: int) -> str:
    """The resolution step by step (the engine's words) and SymPy's reading of the same tree."""
    equation = build.equation()
    if equation is None:
        return f"<div>{escape(build.missing())}</div>"
    roundings = build.padded_roundings()
    words = escape(equation.explain(target=None, roundings=roundings))
    if build.divides_by_zero:
        return f"<div>{words}</div>"
    expression = equation.to_sympy(roundings)
    printed = sympy.latex(expression, order="none", mul_symbol="times")
    return (
        f"<div>{words}</div>"
        f'<div style="margin-top:4px">The same sum written as one line: \\({printed}\\) = '
        f"{expression.doit()} (worked out again by SymPy, a maths library).</div>"
    )


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
    """What to do now, in one or two sentences."""
    phase = view.phase
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
        extra = len(view.hand) - 3
        return (
            f"Discard {extra} card{'s' if extra > 1 else ''} down to 3: click a card to discard "
            "it. The last one you discard stays on top for the next round."
        )
    if phase is Phase.CHOOSE_PILOT and view.evens:
        return f"The target is {view.target}. Choose the Starting Pilot: click a Ready pilot."
    return _PROMPTS[phase]


_warmed: list[bool] = []


def warm_up() -> None:
    """Pay SymPy's one-time set-up (about 40 ms) when a panel opens, not on a click."""
    if not _warmed:
        from acelab.ace_pilot.equation import Equation

        sympy.latex(Equation.parse("D(13,12) H(2)").to_sympy(("up",)).doit())
        _warmed.append(True)


def over_text(view: PilotView) -> str:
    """How the game ended, in the learner's words."""
    outcome = view.outcome
    if outcome is not None and outcome.won():
        return "🏆 You win: the deck is cleared."
    equation = view.last_equation
    if equation is not None and equation.divides_by_zero:
        return "Game over: the equation divided by zero, and that loses the game for everyone."
    if not view.ready and view.defeated:
        return "Game over: all four pilots are Defeated."
    return "Game over."


def move_message(
    move: PilotMove, before: PilotState, logged: str
) -> tuple[str, Literal["success", "warning", "error"]] | None:
    """What the status line says after ``move`` (played from ``before``), if anything."""
    if isinstance(move, Assault) and before.phase is Phase.ASSAULT:
        if move.equation.divides_by_zero:
            return "The equation divided by zero: the game is lost for everyone.", "error"
        return f"Victory! {move.equation.explain(before.target)}", "success"
    if isinstance(move, Concede):
        return logged, "warning"
    return None


def _symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _names(pilots: Sequence[Suit]) -> str:
    names = [pilot_name(p) for p in pilots]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _are(pilots: Sequence[Suit]) -> str:
    return f"{_names(pilots)} {'is' if len(pilots) == 1 else 'are'}"


_SOURCES: Final = {
    Zone.ODDS: "the revealed",
    Zone.DISCARD: "from the discard pile",
    Zone.DECK: "from the deck",
}


def _event_words(event: Event, round_number: int) -> str:
    """One event in the learner's words ("" for events said together elsewhere)."""
    if isinstance(event, StartingPilotChosen):
        return f"{pilot_name(event.pilot)} is the Starting Pilot."
    if isinstance(event, Drew):
        if event.source is Zone.ODDS:
            return f"Drew the revealed {event.card.symbol}."
        return f"Drew {event.card.symbol} {_SOURCES.get(event.source, 'into the hand')}."
    if isinstance(event, Discarded) and event.source is Zone.HAND:
        return f"Discarded {_symbols(event.cards)}."
    if isinstance(event, AssaultWon):
        formula = event.equation.formula(target=event.target)
        return (
            f"Round {round_number}: Victory! {formula} = {event.target}. "
            f"{pilot_name(event.ending)} stays in the Assault Zone."
        )
    if isinstance(event, DivisionByZero):
        formula = event.equation.formula()
        return f"Round {round_number}: the equation {formula} divides by zero."
    if isinstance(event, Conceded):
        return f"Round {round_number}: Defeat (you gave up)."
    if isinstance(event, JokerSpent):
        return "A joker was spent."
    if isinstance(event, PilotDefeated):
        return f"{pilot_name(event.pilot)} is Defeated."
    if isinstance(event, PilotsRestored):
        return f"Spent a joker: {_are(event.pilots)} Ready again."
    if isinstance(event, JokerKept):
        return "Kept the joker."
    if isinstance(event, DeckCleared):
        return f"The deck is cleared at Challenge Rating {event.challenge}!"
    if isinstance(event, SessionContinued):
        return f"Playing on at Challenge Rating {event.challenge}."
    return ""


def _over_words(outcome: Outcome, events: Sequence[Event]) -> str:
    if outcome.won():
        return "🏆 You win: the deck is cleared."
    if any(isinstance(e, DivisionByZero) for e in events):
        return "Game over: dividing by zero loses the game for everyone."
    if any(isinstance(e, PilotDefeated) for e in events):
        return "Game over: all four pilots are Defeated."
    return "Game over."


def narrate(events: Sequence[Event], round_number: int) -> str:
    """The round log's line for one move, from the events it made happen."""
    words = []
    revealed = [e.card for e in events if isinstance(e, Revealed) and e.to is Zone.EVENS]
    odds = [e.card for e in events if isinstance(e, Revealed) and e.to is Zone.ODDS]
    started = any(isinstance(e, RoundStarted) for e in events)
    restored = any(isinstance(e, PilotsRestored) for e in events)
    for event in events:
        if isinstance(event, RoundStarted | Revealed):
            continue
        if isinstance(event, JokerSpent) and restored:
            continue
        if isinstance(event, GameOver):
            words.append(_over_words(event.outcome, events))
            continue
        if isinstance(event, PilotsReturned) and any(isinstance(e, Conceded) for e in events):
            words.append(f"A joker was spent, so {_are(event.pilots)} Ready again.")
            continue
        words.append(_event_words(event, round_number))
    if started and revealed:
        target = sum(card.value for card in revealed)
        words.append(f"Round {round_number + 1}: revealed {_symbols(revealed)}, target {target}.")
        if odds:
            words.append(f"Odds: {_symbols(odds)}.")
    text = " ".join(w for w in words if w)
    return text.replace("A joker was spent. A joker was spent, so", "A joker was spent, so")

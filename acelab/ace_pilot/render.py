"""Pure renderers of the Ace Pilot table: from the player's view and the equation being built
to HTML strings (no widgets), so they are unit-tested without a browser. The play panel
(:mod:`acelab.ace_pilot.panel`) puts them on screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final

import sympy

from acelab.ace_pilot.builder import OPERATION, Build
from acelab.ace_pilot.equation import pilot_name
from acelab.ace_pilot.rules import Phase, PilotView
from acelab.cards import Card, Rank, Suit
from acelab.widgets.card_face import card_colour, card_svg

__all__ = [
    "MAX_CHALLENGE",
    "equation_html",
    "explanation_html",
    "pilot_label",
    "pilots_html",
    "prompt_text",
    "row_html",
    "table_html",
    "verb",
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


def _zone(title: str, inner: str, css: str = "") -> str:
    return (
        f'<div class="acelab-zone {css}" style="{_ZONE}">'
        f'<div style="{_LABEL}">{escape(title)}</div>{inner}</div>'
    )


def _faces(cards: Sequence[Card], four_colour: bool, scale: float = 0.8) -> str:
    if not cards:
        return '<div style="color:#8c959f;padding-top:20px">none</div>'
    return "".join(card_svg(c, four_colour=four_colour, scale=scale) for c in cards)


def table_html(view: PilotView, four_colour: bool = False) -> str:
    """The table at a glance: deck, Revealed Odds, target, Jokers and the discard pile's top."""
    deck = (
        card_svg(None, scale=0.8, label=f"deck, {view.deck_count} cards") if view.deck_count else ""
    )
    deck_inner = f"{deck}<b>{view.deck_count}</b> card{'s' if view.deck_count != 1 else ''}"
    target = "—"
    if view.evens:
        sums = " + ".join(str(c.value) for c in view.evens)
        target = f"{sums} = {view.target}" if len(view.evens) > 1 else str(view.target)
    target_inner = (
        f"{_faces(view.evens, four_colour)}"
        f'<div class="acelab-target" style="font-size:1.35em;font-weight:bold">'
        f"target {escape(target)}</div>"
    )
    jokers = [Card(None, None)] * view.jokers
    top = view.discard[-1:] if view.discard else ()
    discard_inner = _faces(top, four_colour) + (
        f'<div style="color:#57606a">{len(view.discard)} in the pile</div>' if view.discard else ""
    )
    zones = [
        _zone("Deck", deck_inner, "acelab-deck"),
        _zone("Revealed Odds", _faces(view.odds, four_colour), "acelab-odds"),
        _zone(f"Revealed Evens (rating {view.challenge})", target_inner, "acelab-evens"),
        _zone(
            "Jokers", _faces(jokers, four_colour, 0.6) + f"<b>{view.jokers}</b>", "acelab-jokers"
        ),
        _zone("Discard top", discard_inner, "acelab-discard"),
    ]
    return f'<div class="acelab-table" style="{_FONT}">{"".join(zones)}</div>'


def _pilot_chip(suit: Suit, four_colour: bool, note: str = "") -> str:
    colour = card_colour(_ace(suit), four_colour)
    spoken = f"{pilot_name(suit)}, ace of {suit.noun}, {verb(suit)}"
    face = card_svg(_ace(suit), four_colour=four_colour, scale=0.55, label=spoken)
    extra = f' <span style="color:#57606a;font-size:0.85em">{escape(note)}</span>' if note else ""
    return (
        f'<span class="acelab-pilot" data-pilot="{suit.letter}" '
        f'style="display:inline-block;margin-right:8px;white-space:nowrap">{face}'
        f'<b style="color:{colour}">{escape(pilot_name(suit))}</b> '
        f'<span style="color:{colour}">{OPERATION[suit]}</span>{extra}</span>'
    )


def pilots_html(view: PilotView, four_colour: bool = False) -> str:
    """The four pilots by name, suit and operation in their zones: Ready, Assault, Defeated."""
    assault = [view.assault] if view.assault is not None else []
    columns = [
        ("Assault Zone", assault, "acelab-assault-zone", "Starting Pilot"),
        ("Ready", list(view.ready), "acelab-ready", ""),
        ("Defeated", list(view.defeated), "acelab-defeated", ""),
    ]
    parts = []
    for title, pilots, css, note in columns:
        chips = "".join(_pilot_chip(p, four_colour, note) for p in pilots)
        parts.append(
            _zone(title, chips or '<div style="color:#8c959f;padding-top:14px">none</div>', css)
        )
    return f'<div class="acelab-pilots" style="{_FONT}">{"".join(parts)}</div>'


def row_html(build: Build, four_colour: bool = False) -> str:
    """The Assault Zone's row: each ace with its cards; carryover cards are drawn sideways."""
    boxes = []
    for ace in build.aces:
        carry = len(ace.cards) == 1 and ace.suit is not build.start
        cards = "".join(
            card_svg(c, four_colour=four_colour, scale=0.8, sideways=carry) for c in ace.cards
        )
        if not ace.cards:
            cards = '<span style="color:#8c959f">(no card yet)</span>'
        role = "Starting Pilot" if ace.suit is build.start else "carryover" if carry else "added"
        spoken = f"{pilot_name(ace.suit)}, ace of {ace.suit.noun}"
        boxes.append(
            f'<div class="acelab-row-ace" data-pilot="{ace.suit.letter}" '
            'style="display:inline-block;vertical-align:top;margin:0 6px 4px 0;padding:4px 6px;'
            'border:2px solid #c9d1d9;border-radius:8px;background:#ffffff">'
            f'<div style="font-size:0.85em"><b>{escape(pilot_name(ace.suit))}</b> '
            f'{OPERATION[ace.suit]} <span style="color:#57606a">· {role}</span></div>'
            f"{card_svg(_ace(ace.suit), four_colour=four_colour, scale=0.8, label=spoken)}"
            f"{cards}</div>"
        )
    return f'<div class="acelab-row" style="{_FONT}">{"".join(boxes)}</div>'


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
        f'<div style="margin-top:4px">SymPy reads the same tree as \\({printed}\\) and '
        f"evaluates it to {expression.doit()}.</div>"
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
        reason = view.outcome.reason if view.outcome is not None else ""
        won = view.outcome is not None and view.outcome.won()
        return f"{'🏆 You win' if won else 'Game over'}: {reason} Start a new game above."
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
                f"Make {view.target}: click a hand card, then {start} (the Starting Pilot needs "
                "two or more cards before another pilot joins)."
            )
        return (
            f"Make {view.target}: click a card, then an ace in the row, or add a Ready pilot left, "
            "right or between. Confirm when it reaches the target."
        )
    if phase is Phase.DISCARD:
        extra = len(view.hand) - 3
        return (
            f"Discard {extra} card{'s' if extra > 1 else ''} down to 3: click a card to discard "
            "it. The last one you discard stays on top, and you may have to draw it next round."
        )
    if phase is Phase.CHOOSE_PILOT and view.evens:
        return f"The target is {view.target}. Choose the Starting Pilot: click a Ready pilot."
    return _PROMPTS[phase]


# --------------------------------------------------------------------------------------------
# The panel.

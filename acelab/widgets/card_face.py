"""Card faces as inline SVG: pure functions from cards to HTML strings (no widgets needed).

Every face carries a text alternative (``role="img"`` with ``aria-label`` and a ``<title>``) so
screen readers say "queen of hearts". The optional four-colour deck gives diamonds blue and clubs
green, which helps colour-blind learners tell the suits apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Final

from acelab.engine.cards import Card, Suit, parse_cards

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "card_colour", "card_svg", "cards_html", "spoken_name"]

CARD_WIDTH: Final = 60
CARD_HEIGHT: Final = 84

_TWO_COLOURS: Final = {
    Suit.SPADES: "#1b1b1b",
    Suit.CLUBS: "#1b1b1b",
    Suit.HEARTS: "#c62828",
    Suit.DIAMONDS: "#c62828",
}
_FOUR_COLOURS: Final = {
    Suit.SPADES: "#1b1b1b",
    Suit.HEARTS: "#c62828",
    Suit.DIAMONDS: "#1257b8",
    Suit.CLUBS: "#1e7a34",
}
_JOKER_COLOUR: Final = "#6a1b9a"
_NUMBER_WORDS: Final = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
    10: "ten",
}  # fmt: skip
_UNDERLINED: Final = frozenset({6, 9})


def spoken_name(card: Card | None) -> str:
    """The card as a screen reader should say it: "nine of spades", "queen of hearts"."""
    if card is None:
        return "face-down card"
    if card.rank is None or card.suit is None:
        return "joker"
    noun = _NUMBER_WORDS.get(card.rank.value, card.rank.noun)
    return f"{noun} of {card.suit.noun}"


def card_colour(card: Card, four_colour: bool = False) -> str:
    """The ink colour of ``card`` as a CSS hex colour."""
    if card.suit is None:
        return _JOKER_COLOUR
    return (_FOUR_COLOURS if four_colour else _TWO_COLOURS)[card.suit]


def card_svg(
    card: Card | None,
    *,
    four_colour: bool = False,
    scale: float = 1.0,
    sideways: bool = False,
    highlight: bool = False,
    dimmed: bool = False,
    label: str | None = None,
    decorative: bool = False,
) -> str:
    """One card as an inline ``<svg>``; ``card=None`` draws a face-down back.

    ``sideways`` turns the card a quarter (Ace Pilot's carryover cards), ``highlight`` rings it
    (a selected card), ``dimmed`` greys it (a card that cannot be played now). ``label``
    replaces the spoken text alternative. ``decorative`` leaves the name out (hidden from
    screen readers) for a face inside an element that carries the name itself.
    """
    width, height = CARD_WIDTH * scale, CARD_HEIGHT * scale
    spoken = label or spoken_name(card)
    box_w, box_h = (height, width) if sideways else (width, height)
    body = _back() if card is None else _face(card, four_colour)
    turn = f' transform="translate({CARD_HEIGHT} 0) rotate(90)"' if sideways else ""
    view = f"0 0 {CARD_HEIGHT} {CARD_WIDTH}" if sideways else f"0 0 {CARD_WIDTH} {CARD_HEIGHT}"
    ring = "#f9a825" if highlight else "#9e9e9e"
    ring_width = 4 if highlight else 1.2
    classes = "acelab-card" + (" acelab-card-back" if card is None else "")
    style = "vertical-align:middle;margin:2px;" + ("opacity:0.45;" if dimmed else "")
    code = escape(str(card) if card else "back")
    named = (
        f'aria-hidden="true" data-face="{code}"'
        if decorative
        else f'role="img" aria-label="{escape(spoken)}" data-card="{code}"'
    )
    title = "" if decorative else f"<title>{escape(spoken)}</title>"
    return (
        f'<svg class="{classes}" {named} '
        f'xmlns="http://www.w3.org/2000/svg" width="{box_w:g}" height="{box_h:g}" '
        f'viewBox="{view}" style="{style}">'
        f"{title}<g{turn}>"
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="6" '
        f'fill="{"#1e3a8a" if card is None else "#fffdf8"}" stroke="{ring}" '
        f'stroke-width="{ring_width}"/>{body}</g></svg>'
    )


def _face(card: Card, four_colour: bool) -> str:
    ink = card_colour(card, four_colour)
    font = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"'
    if card.rank is None or card.suit is None:
        return (
            f'<text x="30" y="50" text-anchor="middle" font-size="30" fill="{ink}" {font}>★</text>'
            f'<text x="8" y="18" font-size="10" font-weight="bold" fill="{ink}" {font}>JK</text>'
            f'<text x="52" y="78" font-size="10" font-weight="bold" fill="{ink}" {font} '
            f'text-anchor="end">JOKER</text>'
        )
    rank, suit = escape(card.rank.label), card.suit.symbol
    # 6 and 9 are underlined, so the upside-down corner of a 6 does not read as 9.
    line = (
        f'<rect class="acelab-underline" x="6" y="22" width="10" height="1.8" fill="{ink}"/>'
        if card.rank.value in _UNDERLINED
        else ""
    )
    corner = (
        f'<text x="6" y="20" font-size="16" font-weight="bold" fill="{ink}" {font}>{rank}</text>'
    )
    return (
        f"{corner}{line}"
        f'<text x="6" y="36" font-size="13" fill="{ink}" {font}>{suit}</text>'
        f'<text x="30" y="57" text-anchor="middle" font-size="28" fill="{ink}" {font}>{suit}</text>'
        f'<g transform="rotate(180 30 42)">{corner}{line}</g>'
    )


def _back() -> str:
    return (
        '<rect x="7" y="7" width="46" height="70" rx="4" fill="none" stroke="#93c5fd" '
        'stroke-width="1.5"/><path d="M7 7 L53 77 M53 7 L7 77" stroke="#3b5bb5" '
        'stroke-width="1"/>'
    )


def cards_html(
    cards: Iterable[Card | str] | str,
    *,
    four_colour: bool = False,
    scale: float = 1.0,
    caption: str | None = None,
) -> str:
    """A row of card faces in a ``<div class="acelab-cards">``, with an optional caption.

    ``cards`` may be a string such as ``"AS 10H JK"`` or a list of cards.
    """
    parsed = parse_cards(cards)
    faces = "".join(card_svg(c, four_colour=four_colour, scale=scale) for c in parsed)
    if not parsed:
        faces = '<span class="acelab-empty" style="color:#777">(no cards)</span>'
    head = f'<div class="acelab-caption">{escape(caption)}</div>' if caption else ""
    spoken = ", ".join(spoken_name(c) for c in parsed) or "no cards"
    return (
        f'<div class="acelab-cards" role="group" aria-label="{escape(spoken)}">{head}{faces}</div>'
    )

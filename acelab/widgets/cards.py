"""Card widgets: a row of card faces, and a clickable card button."""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as widgets

from acelab.cards import Card
from acelab.widgets.card_face import card_colour, cards_html

__all__ = ["CardButton", "show_cards"]


def show_cards(
    cards: Iterable[Card | str] | str,
    *,
    four_colour: bool = False,
    caption: str | None = None,
    scale: float = 1.0,
) -> widgets.HTML:
    """A widget showing ``cards`` as card faces (``"AS 10H JK"`` or a list of cards)."""
    shown = widgets.HTML(cards_html(cards, four_colour=four_colour, caption=caption, scale=scale))
    shown.add_class("acelab-hand")
    return shown


class CardButton(widgets.Button):  # type: ignore[misc]
    """A focusable button drawn like a card; its tooltip is the card's name for screen readers."""

    def __init__(self, card: Card, *, four_colour: bool = False, selected: bool = False):
        super().__init__(description=card.symbol, tooltip=card.name)
        self.card = card
        self.layout = widgets.Layout(width="54px", height="76px", margin="3px", padding="0")
        self.style.text_color = card_colour(card, four_colour)
        self.style.font_size = "18px"
        self.style.font_weight = "bold"
        self.add_class("acelab-card-button")
        self.set_selected(selected)

    def set_selected(self, selected: bool) -> None:
        """Ring the card when it is selected."""
        self.style.button_color = "#ffe08a" if selected else "#fffdf8"
        self.layout.border = "3px solid #f9a825" if selected else "1px solid #9e9e9e"
        self.selected = selected

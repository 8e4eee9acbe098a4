"""A row of card faces as a widget (:func:`show_cards`), for a notebook cell."""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as widgets

from acelab.engine.cards import Card
from acelab.widgets.card_face import cards_html

__all__ = ["show_cards"]


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

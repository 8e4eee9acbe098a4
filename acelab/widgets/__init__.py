"""Shared widget pieces for every game panel.

The HTML renderers (``card_svg``, ``cards_html``, ``message_html``, ``move_log_html``) are pure
functions; the widget classes wrap them for Jupyter.
"""

from acelab.widgets.answer import AnswerBox
from acelab.widgets.card_face import (
    CARD_HEIGHT,
    CARD_WIDTH,
    card_colour,
    card_svg,
    cards_html,
    spoken_name,
)
from acelab.widgets.card_row import show_cards
from acelab.widgets.messages import MessageBar, MoveLog, message_html, move_log_html
from acelab.widgets.panel import Panel
from acelab.widgets.table import CardTable, Gesture
from acelab.widgets.view_model import CardSpot, Control, Status, TableView, Zone

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "AnswerBox",
    "CardSpot",
    "CardTable",
    "Control",
    "Gesture",
    "MessageBar",
    "MoveLog",
    "Panel",
    "Status",
    "TableView",
    "Zone",
    "card_colour",
    "card_svg",
    "cards_html",
    "message_html",
    "move_log_html",
    "show_cards",
    "spoken_name",
]

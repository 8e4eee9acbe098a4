"""Shared widget pieces for every game panel.

The HTML renderers (``card_svg``, ``cards_html``, ``message_html``, ``move_log_html``) are pure
functions; the widget classes wrap them for Jupyter.
"""

from acelab.widgets.answer import AnswerBox
from acelab.widgets.card_face import CARD_HEIGHT, CARD_WIDTH, card_colour, card_svg, cards_html
from acelab.widgets.cards import CardButton, show_cards
from acelab.widgets.messages import MessageBar, MoveLog, message_html, move_log_html
from acelab.widgets.panel import Panel

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "AnswerBox",
    "CardButton",
    "MessageBar",
    "MoveLog",
    "Panel",
    "card_colour",
    "card_svg",
    "cards_html",
    "message_html",
    "move_log_html",
    "show_cards",
]

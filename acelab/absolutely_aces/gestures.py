"""Absolutely Aces gestures, pure: what a click, drag or key on the table means.

:func:`interpret` reads a gesture as a call of the play panel's Python API: a card of your hand
clicked (or dropped on the opponent's Reserve) is ``pick(card)`` during the secret pick and
``play_card(card)`` on a go; a Pair button is ``play_pair(type)``; "Show me the tree" is
``show_tree()``, "New game" ``new_game()``. The hot seat's "I am Player 2 — show my cards"
(``reveal()``) is answered by the seated panel while that "pass the device" screen is up
(:attr:`~acelab.absolutely_aces.panel.AbsolutelyAcesPanel.SCREEN_CONTROLS`: nothing but it
and New game is).
Anything else is a :class:`~acelab.widgets.view_model.Refusal` with a sentence.
"""

from __future__ import annotations

from acelab.absolutely_aces.state import AcesView, Phase
from acelab.absolutely_aces.table_view import NEW, PAIR, REVEAL, TREE
from acelab.widgets.view_model import Call, ReadGesture, Refusal, interpreter

__all__ = ["interpret"]


def _control(zone: str | None) -> Call | Refusal:
    if zone == REVEAL:
        return Refusal("The cards are already shown.")
    if zone == TREE:
        return Call("show_tree")
    if zone == NEW:
        return Call("new_game")
    if zone is not None and zone.startswith(PAIR):
        return Call("play_pair", (zone[len(PAIR) :],))
    return Refusal("That button does nothing here.")


@interpreter(AcesView)
def interpret(gesture: ReadGesture, view: AcesView) -> Call | Refusal:
    """The panel call ``gesture`` means for the player of ``view``, or why it means none
    (``context``: what the panel holds; Absolutely Aces reads the view alone, and the seated
    panel answers what is tried behind the pass-the-device screen)."""
    kind, card, zone = gesture.kind, gesture.card, gesture.zone
    if kind == "control":
        return _control(zone)
    if kind == "cancel":
        return Refusal("Put back.")
    if kind not in ("card", "drop") or card is None:
        return Refusal("Click a card of your hand.")
    if kind == "drop" and zone not in ("their_reserve", "discard"):
        return Refusal("Play a card onto the other Reserve.")
    if card not in view.hands[view.player]:
        return Refusal("That card is not in your hand: click one of yours.")
    if view.phase is Phase.PICK:
        return Call("pick", (card,))
    if view.phase is Phase.OVER:
        return Refusal("The game is over: start a new game.")
    if view.mover != view.player:
        return Refusal("It is not your go yet.")
    return Call("play_card", (card,))

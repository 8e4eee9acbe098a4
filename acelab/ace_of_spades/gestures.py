"""What a gesture on the Ace of Spades table asks for: pure, no widgets.

:func:`interpret` reads a click (a card of the hand or the shared cards: choose it; a card of
the discard pile while an effect searches it: take it; a button) into a :class:`Call` of the
panel's Python API, or a :class:`Refusal` with the sentence to show.
"""

from __future__ import annotations

from acelab.ace_of_spades.state import Phase, SpadesView
from acelab.widgets.view_model import Call, GestureLike, ReadGesture, Refusal, interpreter

__all__ = ["Call", "GestureLike", "Refusal", "interpret"]


_SIMPLE = {
    "play": Call("play_hand"),
    "discard": Call("discard"),
    "renew": Call("renew"),
    "clear": Call("clear"),
    "undo": Call("undo"),
    "new": Call("new_game"),
    "reveal": Call("reveal"),
}


def _control(key: str) -> Call | Refusal:
    if key in _SIMPLE:
        return _SIMPLE[key]
    head, _, rest = key.partition(":")
    if head in ("declare", "benefit", "difficulty") and rest:
        return Call(
            {"declare": "declare", "benefit": "use_benefit"}.get(head, "set_difficulty"), (rest,)
        )
    if head == "hint" and rest.isdigit():
        return Call("hint", (int(rest),))
    return Refusal("That button is not part of this game.")


@interpreter(SpadesView)
def interpret(gesture: ReadGesture, view: SpadesView) -> Call | Refusal:
    """The panel call that ``gesture`` asks for, given what the player at the table sees
    (``context``: what the panel holds; Ace of Spades reads the view alone, and the seated
    panel refuses what is tried behind the pass-the-device screen)."""
    kind, card, zone = gesture.kind, gesture.card, gesture.zone
    if kind == "control":
        return _control(zone or "")
    if kind == "cancel":  # Escape: the chosen cards go back, as the table's hint says
        return Call("clear") if view.outcome is None else Refusal("")
    if view.outcome is not None:
        return Refusal("The game is over: press New game to play again.")
    if kind == "card" and card is not None:
        if card.startswith("pile:"):
            if view.phase is Phase.SEARCH:
                return Call("take", (card.removeprefix("pile:"),))
            return Refusal("The discard pile is only looked at; choose cards from your hand.")
        if card == "deck":
            return Refusal("Discard and Draw draws for you: choose cards, then press it.")
        if view.phase is Phase.SEARCH:
            return Refusal("First take a card from the discard pile.")
        if card in {str(c) for c in view.available}:
            return Call("choose", (card,))
    return Refusal("Click cards of your hand to choose them.")

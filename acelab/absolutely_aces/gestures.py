"""Absolutely Aces gestures, pure: what a click, drag or key on the table means.

A card of your hand clicked (or dropped on the opponent's Reserve) is your pick during the
secret pick and your play on a go; a Pair button plays that Pair; "Show me the tree" and "New
game" are commands for the panel, and so is the hot seat's "I am Player 2 — show my cards"
(while that "pass the device" screen is up, ``hidden=True``, nothing else is). Anything else
is a :class:`Refusal` with a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from acelab.absolutely_aces.rules import AcesMove, AcesView, Phase, Pick, Play, PlayPair
from acelab.absolutely_aces.table_view import NEW, PAIR, REVEAL, TREE

__all__ = ["Command", "Refusal", "interpret"]


@dataclass(frozen=True)
class Refusal:
    """A gesture that does nothing, and why (one sentence)."""

    reason: str


@dataclass(frozen=True)
class Command:
    """A panel command: ``"tree"`` (show or hide the values), ``"new"`` (a new game) or
    ``"reveal"`` (the next player of a hot seat is at the device: show their cards)."""

    name: str


def interpret(
    kind: str, card: str | None, zone: str | None, view: AcesView, *, hidden: bool = False
) -> AcesMove | Command | Refusal:
    """The move or command a gesture means for the player of ``view``, or why it means none;
    ``hidden`` says the hot seat's "pass the device" screen is up."""
    if kind == "control" and zone == NEW:
        return Command("new")
    if hidden:
        if kind == "control" and zone == REVEAL:
            return Command("reveal")
        return Refusal("Pass the device, then press the button to show the cards.")
    if kind == "control":
        if zone == REVEAL:
            return Refusal("The cards are already shown.")
        if zone == TREE:
            return Command("tree")
        if zone == NEW:
            return Command("new")
        if zone is not None and zone.startswith(PAIR):
            return PlayPair(zone[len(PAIR) :])
        return Refusal("That button does nothing here.")
    if kind == "cancel":
        return Refusal("Put back.")
    if kind not in ("card", "drop") or card is None:
        return Refusal("Click a card of your hand.")
    if kind == "drop" and zone not in ("their_reserve", "discard"):
        return Refusal("Play a card onto the other Reserve.")
    you = view.player
    if card not in view.hands[you]:
        return Refusal("That card is not in your hand: click one of yours.")
    if view.phase is Phase.PICK:
        return Pick(you, card)
    if view.phase is Phase.OVER:
        return Refusal("The game is over: start a new game.")
    if view.mover != you:
        return Refusal("It is not your go yet.")
    return Play(card)

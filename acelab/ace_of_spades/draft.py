"""The cards chosen for a Hand, as plain JSON data, so a resumed game puts them back on the table.

A draft is ``{"seat": 0, "chosen": ["KS", "KD"], "declared": "pair"}`` (``declared`` may be
``None``): the player at the device, the cards they had chosen for the next Hand or Discard,
and the lesser combination they had declared. :func:`read_draft` checks one read back from the
store against what that player sees now, and refuses it with the one sentence the learner reads
("The cards you had chosen (K♠ K♦) were not kept: choose them again."). Nothing here imports a
widget library.
"""

from __future__ import annotations

from typing import Any

from acelab.ace_of_spades.scoring import COMBINATIONS
from acelab.ace_of_spades.state import SpadesView
from acelab.engine.cards import parse_card

__all__ = ["DRAFT_LOST", "chosen_draft", "read_draft"]

DRAFT_LOST = "The cards you had chosen were not kept: choose them again."


def chosen_draft(seat: int, chosen: list[str], declared: str | None) -> dict[str, Any] | None:
    """The draft of ``chosen`` cards at ``seat`` (``None`` when no card is chosen)."""
    return {"seat": seat, "chosen": list(chosen), "declared": declared} if chosen else None


def read_draft(data: object, view: SpadesView, seat: int) -> tuple[list[str], str | None]:
    """The chosen cards and declared combination of ``data`` when they are still to be had by
    the player at ``seat``, who sees ``view``; ``ValueError`` with the sentence saying what was
    dropped otherwise."""
    if not isinstance(data, dict) or set(data) != {"seat", "chosen", "declared"}:
        raise ValueError(DRAFT_LOST)
    chosen, declared = data["chosen"], data["declared"]
    if not isinstance(chosen, list) or not chosen:
        raise ValueError(DRAFT_LOST)
    try:
        cards = [parse_card(code) for code in chosen if isinstance(code, str)]
    except ValueError:
        raise ValueError(DRAFT_LOST) from None
    if len(cards) != len(chosen) or len(set(cards)) != len(cards):
        raise ValueError(DRAFT_LOST)
    fits = data["seat"] == seat and type(data["seat"]) is int
    fits = fits and set(cards) <= set(view.available)
    if not fits or not (declared is None or declared in COMBINATIONS):
        shown = " ".join(card.symbol for card in cards)
        raise ValueError(f"The cards you had chosen ({shown}) were not kept: choose them again.")
    return [str(card) for card in cards], declared

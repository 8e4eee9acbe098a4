"""Ace Pilot Practice on the game's own table: the learner's session and the message above it.

Practice is a mode of :class:`acelab.ace_pilot.panel.AcePilotPanel` (``practice=True``): one
round at a time, dealt at the learner's level by :class:`acelab.practice.session.AcePilotPractice`
(which chooses and rates) and played with the same cards, clicks, drags, keys and Confirm as
ordinary play. This module holds what the panel needs besides its table:
:func:`learner_practice` (the session of the learner of a store, started from the class's
ratings when a teacher gave some) and :class:`PracticeBox` (why this deal, the predicted
chance, the rating, and any note about the store, in words above the table).
(:mod:`acelab.widgets.practice` keeps the older ``PracticePanel`` name working.)
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from acelab.practice.calibrate import class_ratings
from acelab.practice.session import AcePilotPractice
from acelab.store import Store, open_store

__all__ = ["PracticeBox", "learner_practice"]


def learner_practice(
    store: Store | None = None, seed: int | None = None, save: bool = True
) -> AcePilotPractice:
    """The Ace Pilot Practice of the learner of ``store`` (default: their progress store;
    ``save=False``: nothing is kept), started from the class's ratings file when there is one.
    A ratings file that cannot be used is said in :attr:`AcePilotPractice.notes`."""
    ratings, problem = class_ratings()
    kept = (store or open_store()) if save else None
    practice = AcePilotPractice(kept, seed=seed, class_ratings=ratings)
    if problem:
        practice.notes.append(problem)
    return practice


class PracticeBox(widgets.HTML):  # type: ignore[misc]
    """The Practice message above the table: why this deal comes next and the learner's
    predicted chance of solving it, the notes of the session (said with the first deal), how
    the round went, and the learner's rating."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("acelab-practice-deal")

    def show(self, practice: AcePilotPractice, result: str = "", notes: bool = False) -> None:
        """Draw the message for the deal on offer in ``practice``; ``result`` says how the
        round went, ``notes`` adds the session's notes."""
        offer = practice.offer
        count = len(practice.history)
        rating = (
            f'<span style="color:#57606a">Your rating: {practice.ability:+.2f} after {count} '
            f"deal{'s' if count != 1 else ''} (0 is the middle).</span>"
        )
        parts = []  # few lines: the table under it fits the screen at 1024×768
        said = "".join(
            f' <span style="color:#57606a">{html.escape(note)}</span>'
            for note in (practice.notes if notes else ())
        )
        if offer is not None:
            parts.append(
                f"<div><b>Practice</b>: {html.escape(offer.deal.describe())}. "
                f"<i>{html.escape(offer.reason)}</i> You should solve a deal like this about "
                f"{round(offer.chance * 100)} times in 100. {'' if result else rating}{said}</div>"
            )
        elif said:
            parts.append(f"<div>{said.strip()}</div>")
        if result or offer is None:
            said = f"<b>{html.escape(result)}</b> " if result else ""
            parts.append(f"<div>{said}{rating}</div>")
        self.value = f'<div style="line-height:1.35;margin:2px 0">{"".join(parts)}</div>'

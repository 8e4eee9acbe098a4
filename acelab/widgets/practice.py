"""Ace Pilot Practice: :func:`PracticePanel`, the older name of the Ace Pilot panel in Practice
mode (``AcePilotPanel(practice=True)``: a round at a time at the learner's level, played with the
game's own cards, clicks, drags, keys and Confirm). The pieces the panel uses are in
:mod:`acelab.widgets.practice_box`.
"""

from __future__ import annotations

from acelab.ace_pilot.panel import AcePilotPanel
from acelab.store import Store
from acelab.widgets.practice_box import PracticeBox, learner_practice

__all__ = ["PracticeBox", "PracticePanel", "learner_practice"]


def PracticePanel(store: Store | None = None, seed: int | None = None) -> AcePilotPanel:  # noqa: N802
    """Ace Pilot Practice for the learner of ``store`` (default: their progress store): the
    Ace Pilot panel in Practice mode (the older name, kept working). ``seed`` fixes the deals
    drawn (for tests)."""
    return AcePilotPanel(practice=learner_practice(store, seed))

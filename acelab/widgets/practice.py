"""Ace Pilot Practice as a small panel: one deal at a time at the learner's level.

A thin view of :class:`acelab.practice.session.AcePilotPractice` (which chooses, checks and
rates): the deal and why it comes next, a box for the equation (``D(6,12) H(10)``, as the
lesson writes them), Check, Show me a way, Next deal, and the learner's rating. It uses no part
of the game panel; a Practice mode inside :class:`acelab.ace_pilot.panel.AcePilotPanel` would
need the game to start a round from a chosen hand, target and Starting Pilot.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from acelab.ace_pilot.pilots import PILOTS, pilot_name
from acelab.practice.calibrate import class_ratings
from acelab.practice.session import AcePilotPractice
from acelab.store import Store, open_store
from acelab.widgets.messages import MessageBar

__all__ = ["PracticePanel"]


class PracticePanel(widgets.VBox):  # type: ignore[misc]
    """Ace Pilot Practice for the learner of ``store`` (default: their progress store).

    ``seed`` fixes the deals drawn (for tests). ``answer(text)``, ``show_a_way()`` and
    ``next_deal()`` do from Python what the buttons do.
    """

    def __init__(self, store: Store | None = None, seed: int | None = None) -> None:
        ratings, problem = class_ratings()
        self.practice = AcePilotPractice(store or open_store(), seed=seed, class_ratings=ratings)
        notes = list(self.practice.notes) + ([problem] if problem else [])
        self.notes = widgets.HTML(
            "".join(f'<div style="color:#57606a">{html.escape(n)}</div>' for n in notes)
        )
        self.deal = widgets.HTML()
        self.deal.add_class("acelab-practice-deal")
        self.field = widgets.Text(
            placeholder="your equation, like D(6,12) H(10)", continuous_update=False
        )
        self.check = widgets.Button(description="Check", button_style="primary", icon="check")
        self.way = widgets.Button(description="Show me a way", icon="eye")
        self.again = widgets.Button(description="Next deal", icon="forward")
        self.feedback = MessageBar()
        self.rating = widgets.HTML()
        self.check.on_click(lambda _: self.answer(self.field.value))
        self.field.observe(lambda change: self.answer(change["new"]), names="value")
        self.way.on_click(lambda _: self.show_a_way())
        self.again.on_click(lambda _: self.next_deal())
        super().__init__(
            [
                widgets.HTML("<b>Ace Pilot Practice</b>: a deal at your level, one at a time."),
                self.notes,
                self.deal,
                widgets.HBox([self.field, self.check, self.way, self.again]),
                self.feedback,
                self.rating,
            ]
        )
        self.add_class("acelab-practice")
        self._last = ""
        self.next_deal()

    def next_deal(self) -> None:
        """Deal the next round at the learner's level and say why it comes next."""
        offer = self.practice.next()
        deal = offer.deal
        ready = ", ".join(pilot_name(p) for p in PILOTS if p is not deal.start)
        hand = " ".join(f"<b>{v}</b>" for v in deal.hand)
        self.deal.value = (
            f"<div>Your hand: {hand} · target <b>{deal.target}</b> · "
            f"<b>{pilot_name(deal.start)}</b> starts ({ready} are Ready)</div>"
            f"<div><i>{html.escape(offer.reason)}</i> You should solve a deal like this about "
            f"{round(offer.chance * 100)} times in 100.</div>"
        )
        self._last = ""
        self.field.value = ""
        self.feedback.clear()
        self._show_rating()

    def answer(self, text: str) -> None:
        """Check an equation for the deal on show."""
        if not text.strip() or text == self._last:
            return
        self._last = text
        verdict = self.practice.answer(text)
        self.feedback.show(verdict.message, "success" if verdict.correct else "error")
        self._show_rating()

    def show_a_way(self) -> None:
        """Show one winning equation (the deal counts as not solved, if not solved yet)."""
        self.feedback.show(self.practice.give_up(), "info")
        self._show_rating()

    def _show_rating(self) -> None:
        count = len(self.practice.history)
        self.rating.value = (
            f'<span style="color:#57606a">Your rating: {self.practice.ability:+.2f} after '
            f"{count} deal{'s' if count != 1 else ''} (0 is the middle).</span>"
        )

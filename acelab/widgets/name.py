"""The welcome notebook's name box: a learner gives their name once, or skips it.

The name is kept in the learner's progress store (:func:`acelab.classroom.learners.name_learner`)
and recorded with every answer they check; on a JupyterHub the hub's user name is used instead.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from acelab.classroom.learners import learner, logged_in_as, name_learner
from acelab.widgets.messages import MessageBar

__all__ = ["NameBox", "your_name"]


class NameBox(widgets.VBox):  # type: ignore[misc]
    """A text field and a Keep button; ``keep(name)`` does from Python what they do."""

    def __init__(self) -> None:
        known = learner()
        self.field = widgets.Text(value=known, placeholder="your name (you can skip this)")
        self.button = widgets.Button(description="Keep my name", icon="user")
        self.feedback = MessageBar()
        self.button.on_click(lambda _: self.keep(self.field.value))
        if logged_in_as():
            said = f"Your answers are recorded as <b>{html.escape(known)}</b>."
        elif known:
            said = f"Your answers are recorded as <b>{html.escape(known)}</b>; change it here."
        else:
            said = "Give your name once, so your teacher knows whose answers these are."
        super().__init__(
            [widgets.HTML(said), widgets.HBox([self.field, self.button]), self.feedback]
        )
        self.add_class("acelab-name")

    def keep(self, name: str) -> str:
        """Keep ``name`` and show the sentence that says so (or why not)."""
        try:
            said = name_learner(name)
        except ValueError as refusal:
            self.feedback.show(str(refusal), "warning")
            return str(refusal)
        self.feedback.show(said, "success")
        return said


def your_name() -> NameBox:
    """The name box, as the welcome notebook shows it."""
    return NameBox()

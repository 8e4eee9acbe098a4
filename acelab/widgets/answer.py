"""An answer box for exercises: the learner types, presses Check, and reads the feedback."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from acelab.answers import Verdict
from acelab.widgets.messages import MessageBar

__all__ = ["AnswerBox"]


class AnswerBox(widgets.VBox):  # type: ignore[misc]
    """A question, a text field and a Check button backed by ``checker(text) -> Verdict``.

    ``answer(text)`` does from Python what typing and pressing Check does, for tests and nbval.
    """

    def __init__(self, question: str, checker: Callable[[str], Verdict], placeholder: str = ""):
        self.checker = checker
        self.field = widgets.Text(placeholder=placeholder or "your answer", continuous_update=False)
        self.button = widgets.Button(description="Check", button_style="primary", icon="check")
        self.feedback = MessageBar()
        self.verdict: Verdict | None = None
        self.button.on_click(lambda _: self._check(self.field.value))
        self.field.observe(lambda change: self._check(change["new"]), names="value")
        prompt = widgets.HTML(f"<b>{question}</b>")
        super().__init__([prompt, widgets.HBox([self.field, self.button]), self.feedback])
        self.add_class("acelab-answer")

    def answer(self, text: str) -> Verdict:
        """Check ``text`` and show the verdict under the box."""
        if self.field.value != text:
            self.field.value = text  # the observer checks it
        else:
            self._check(text)
        return self.verdict if self.verdict is not None else self.checker(text)

    def _check(self, text: str) -> None:
        self.verdict = self.checker(text)
        self.feedback.show(self.verdict.feedback, "success" if self.verdict.correct else "error")

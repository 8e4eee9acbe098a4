"""An answer box for exercises: the learner types, presses Check, and reads the feedback.

Built from a question (:class:`acelab.teaching.answers.NumberQuestion` and friends), the box counts
attempts so hints climb, and keeps every attempt in the learner's progress store.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from acelab.engine.seeds import fresh_seed
from acelab.engine.terms import cut
from acelab.teaching.answers import NumberQuestion, Question, Verdict, answer_of, record_attempt
from acelab.widgets.messages import MessageBar

__all__ = ["AnswerBox", "ask"]

LABEL_STYLE = (
    "<style>.acelab-answer-field > label.widget-label{position:absolute;width:1px;height:1px;"
    "margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}"
    "</style>"
)
"""The field's label carries the question's words for screen readers (its accessible name)
but is not shown twice: the question is printed above the field."""


class AnswerBox(widgets.VBox):  # type: ignore[misc]
    """A question, a text field and a Check button.

    ``AnswerBox(question)`` takes a question object (it has ``id``, ``question`` and
    ``check(text, attempt)``); ``AnswerBox(text, checker)`` takes a prompt and a plain
    ``checker(text) -> Verdict``. ``answer(text)`` does from Python what typing and pressing
    Check does. Attempts at a question with an id are recorded (``record=False`` to stop it).
    """

    def __init__(
        self,
        question: Question | str,
        checker: Callable[[str], Verdict] | None = None,
        placeholder: str = "",
        *,
        record: bool = True,
    ):
        if isinstance(question, str):
            if checker is None:
                raise ValueError("An answer box made from a prompt needs a checker.")
            self.question: Question | None = None
            self._checker: Callable[[str], Verdict] | None = checker
            prompt_text = question
        else:
            self.question = question
            self._checker = None
            prompt_text = question.question
        self.record = record and self.question is not None
        self.attempts = 0
        self.field = widgets.Text(
            placeholder=placeholder or "your answer",
            continuous_update=False,
            description=cut(" ".join(prompt_text.split()), 300),
        )
        self.field.add_class("acelab-answer-field")
        self.button = widgets.Button(description="Check", button_style="primary", icon="check")
        self.feedback = MessageBar()
        self.verdict: Verdict | None = None
        self.saved: bool | None = None
        self._checked: str | None = None  # the text of the verdict on show
        self.practising = False  # a fresh seed given by Another like this
        self.context: widgets.Output | None = None  # what a fresh seed's question reads
        self.context_shown: object = None
        self.button.on_click(lambda _: self._check(self.field.value, pressed=True))
        self.field.observe(lambda change: self._check(change["new"]), names="value")
        self.prompt = widgets.HTML(self._prompt_html(prompt_text))
        self.another_button = widgets.Button(
            description="Another like this",
            icon="refresh",
            tooltip="A fresh question of the same exercise, until it is right twice running",
        )
        self.another_button.layout.display = "none"
        self.another_button.on_click(lambda _: self.another())
        row = widgets.HBox([self.field, self.button, self.another_button])
        super().__init__([self.prompt, row, self.feedback])
        self.add_class("acelab-answer")

    def _prompt_html(self, prompt_text: str) -> str:
        options = getattr(self.question, "choices", None)
        listed = "".join(f"<br>{html.escape(line)}" for line in options()) if options else ""
        precision = getattr(self.question, "precision", "")
        if precision:
            listed += (
                f'<br><span class="acelab-precision" style="color:#57606a">'
                f"{html.escape(precision)}</span>"
            )
        return f"{LABEL_STYLE}<b>{html.escape(prompt_text)}</b>{listed}"

    def another(self, seed: int | None = None) -> Question:
        """Put a fresh question of the same exercise (``seed``, else a new one) in the box:
        "Another like this", offered after a wrong answer until the exercise is right twice
        running (:func:`acelab.practice.mastery.offers_another`)."""
        from acelab.practice.mastery import find
        from acelab.teaching.skills import (
            lesson_skills,  # the answer box alone never needs the lessons
        )

        found = find(self.question.id) if self.question is not None else None
        if found is None or self.question is None:
            raise ValueError("This box's question belongs to no lesson exercise.")
        skills, seed = lesson_skills(found[0]), seed or fresh_seed()
        fresh = skills.another(self.question.id, seed)
        self.context_shown = skills.context(self.question.id, seed)
        shown: tuple[object, ...] = self.children  # type: ignore[has-type]
        rest = [child for child in shown if child is not self.context]
        self.context = widgets.Output()
        if self.context_shown is not None:  # the table or cards the question reads, for its seed
            self.context.append_display_data(self.context_shown)
        self.children = (self.context, *rest)
        self.question, self.attempts, self.verdict = fresh, 0, None
        self.practising = True
        self._checked = None
        self.field.value = ""
        self.feedback.show("", "warning")
        self.prompt.value = self._prompt_html(fresh.question)
        self.another_button.layout.display = "none"
        return fresh

    def _offer_another(self) -> None:
        from acelab.practice.retry import another_offered

        shown = self.question is not None and another_offered(self.question.id)
        self.another_button.layout.display = None if shown else "none"

    def checker(self, text: str) -> Verdict:
        """The verdict on ``text`` at the current attempt (no recording)."""
        if self.question is not None:
            return self.question.check(text, max(self.attempts, 1))
        assert self._checker is not None
        return self._checker(text)

    def answer(self, text: str) -> Verdict:
        """Check ``text`` and show the verdict under the box."""
        if self.field.value != text:
            self.field.value = text  # the observer checks it
        if not text.strip() or text != self._checked:
            self._check(text, pressed=True)
        return self.verdict if self.verdict is not None else self.checker(text)

    def _check(self, text: str, pressed: bool = False) -> None:
        if not text.strip():
            # Check on an empty box says so (not an attempt); emptying the field clears it.
            self._checked = None
            self.verdict = self.checker(text) if pressed else None
            self.feedback.show(self.verdict.message if self.verdict else "", "warning")
            return
        if text == self._checked:
            return  # Check pressed after the field already sent this answer: one attempt
        self._checked = text
        self.attempts += 1
        before = self.verdict
        self.verdict = self.checker(text)
        if before is not None and before.correct and self.verdict.correct:
            self.verdict = self._still_right(text, self.verdict)
        self.feedback.show(self.verdict.message, "success" if self.verdict.correct else "error")
        if self.record and self.question is not None:
            if self.practising:  # a fresh seed: the store only, never the marked answer file
                from acelab.practice.retry import record_practice_attempt

                self.saved = record_practice_attempt(self.question.id, text, self.verdict)
            else:
                self.saved = record_attempt(self.question.id, text, self.verdict)
            self._offer_another()

    def _still_right(self, text: str, verdict: Verdict) -> Verdict:
        """A right answer checked again in another form says so: "Still right: 886656/2598960
        is 34.1%"."""
        typed = cut(" ".join(text.split()), 40)
        if isinstance(self.question, NumberQuestion):
            return Verdict(
                verdict.score, True, f"Still right: {typed} is {answer_of(self.question)}."
            )
        rest = verdict.message.removeprefix("Right").lstrip("!.:").strip()
        return Verdict(verdict.score, True, " ".join(("Still right:", f"{typed}.", rest)).strip())


def ask(question: Question) -> AnswerBox:
    """The answer box of ``question``, as an exercise cell shows it."""
    return AnswerBox(question)

"""A lesson exercise with one version, for the mastery and answer-box tests: every exercise of
the lessons here has versions now, so one is declared with none (its maker taken away) for the
length of a test."""

from __future__ import annotations

import dataclasses

import pytest

from acelab.ace_of_spades.lessons import counting
from acelab.teaching.answers import ChoiceQuestion, right_of
from acelab.teaching.exercises import choice
from acelab.teaching.skills import SkillList


@pytest.fixture
def one_version(monkeypatch: pytest.MonkeyPatch) -> ChoiceQuestion:
    """The counting lesson's "why divide?" declared with one version, and its question under
    the id a one-version exercise has (no seed)."""
    skills = counting.SKILLS
    items = tuple(
        dataclasses.replace(item, make=None) if item.id == "poker-why-divide" else item
        for item in skills.exercises
    )
    monkeypatch.setattr(counting, "SKILLS", SkillList(skills.words, items))
    question = counting.why_divide()
    return choice("poker-why-divide", question.question, question.options, right_of(question))

"""The one-page lesson plans print on one A4 page and one Letter page each, in Chromium."""

from __future__ import annotations

import re

import pytest

from acelab.teaching.exercises import LESSONS
from acelab.teaching.plans import write_plan

pytestmark = pytest.mark.browser


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_plan_prints_on_one_page(page, paper, name, tmp_path):
    plan = write_plan(name, tmp_path)
    page.goto(plan.as_uri())
    page.emulate_media(media="print")
    wide = page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
    assert not wide, "the plan is wider than the page"
    pdf = page.pdf(format=paper, print_background=True)
    (tmp_path / f"{name}-{paper}.pdf").write_bytes(pdf)
    assert pdf.startswith(b"%PDF") and _pages(pdf) == 1
    # a negative control: on a small page the same plan needs more than one
    assert _pages(page.pdf(format="A6")) > 1

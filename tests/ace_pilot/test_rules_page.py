"""The rules page names a test for every rule and ruling, and every test it names exists."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support import functions_in

HERE = Path(__file__).parent
PAGE = HERE.parents[1] / "docs" / "rules" / "ace_pilot.md"


def test_every_test_the_rules_page_names_exists() -> None:
    named = re.findall(r"`(?:(\w+\.py)::)?(test_\w+)`", PAGE.read_text(encoding="utf-8"))
    assert len(named) >= 35
    for file, name in named:
        assert name in functions_in(HERE / (file or "test_rules.py")), f"{file}::{name}"


def test_every_rule_ruling_and_misprint_is_pinned_by_a_test() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for section in ("## A round", "## The equation", "## Choices acelab made", "## Misprints"):
        body = text.split(section)[1].split("\n## ")[0]
        items = re.split(r"\n(?=\d+\. |- |\*\*Extended)", body)[1:]
        assert items, section
        for item in items:
            assert "`test_" in item or "::test_" in item, item[:60]

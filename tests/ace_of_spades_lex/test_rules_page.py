"""The rules page names a test for every ruling, and every test it names exists."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support import functions_in

HERE = Path(__file__).parent
PAGE = HERE.parents[1] / "docs" / "rules" / "ace_of_spades_lex.md"


def test_every_test_the_rules_page_names_exists() -> None:
    text = PAGE.read_text(encoding="utf-8")
    named = re.findall(r"`(?:(\w+\.py)::)?(test_\w+)`", text)
    assert len(named) >= 40
    for file, name in named:
        assert name in functions_in(HERE / (file or "test_rules.py")), f"{file}::{name}"


def test_every_numbered_ruling_is_pinned_by_a_test() -> None:
    text = PAGE.read_text(encoding="utf-8")
    rulings = text.split("## acelab's rulings")[1].split("\n## ")[0]
    items = re.split(r"\n(?=\d+\. )", rulings)[1:]
    assert len(items) == 12
    for item in items[:-1]:  # the last says a rule does not apply
        assert "`test_" in item or "::test_" in item, item[:60]


def test_the_python_examples_work() -> None:
    import doctest

    failures, tried = doctest.testfile(str(PAGE), module_relative=False)
    assert tried >= 6 and failures == 0

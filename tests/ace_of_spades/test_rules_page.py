"""Every test that the rules page names exists, so each ruling stays pinned."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_named_test_exists() -> None:
    page = (ROOT / "docs/rules/ace_of_spades.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_\w+)`", page))
    assert len(named) >= 20
    sources = [
        *(ROOT / "tests/ace_of_spades").glob("test_*.py"),
        ROOT / "tests/conformance/test_leaks.py",
        ROOT / "tests/conformance/test_golden_deals.py",
    ]
    defined = {name for path in sources for name in re.findall(r"def (test_\w+)", path.read_text())}
    assert named <= defined, sorted(named - defined)


def test_every_scoring_ruling_names_its_test() -> None:
    page = (ROOT / "docs/rules/ace_of_spades.md").read_text(encoding="utf-8")
    rulings = page.split("## acelab's scoring rulings")[1].split("\n## ")[0]
    items = re.split(r"\n(?=\d+\. )", rulings)[1:]
    assert len(items) == 8
    for item in items:
        assert "`test_" in item, item[:60]

"""The rules page names real tests, and its figures match the deal table."""

import re
from pathlib import Path

from acelab.absolutely_aces import summary

ROOT = Path(__file__).parents[2]
PAGE = (ROOT / "docs" / "rules" / "absolutely_aces.md").read_text("utf-8")


def test_every_test_the_rules_page_names_exists() -> None:
    names = set(re.findall(r"`?(test_[a-z0-9_]+)`", PAGE)) - {"test_"}
    paths = [*(ROOT / "tests" / "absolutely_aces").glob("*.py")]
    paths.append(ROOT / "tests" / "conformance" / "test_golden_deals.py")
    sources = "".join(p.read_text("utf-8") for p in paths)
    missing = [n for n in sorted(names) if f"def {n}(" not in sources]
    assert len(names) >= 25 and not missing


def test_the_pages_table_figures() -> None:
    report = summary()
    assert round(100 * report.favoured / report.deals) == 30
    assert round(100 * report.even / report.deals) == 40
    assert round(report.deals / report.mixed) == 8  # "about one deal in eight"
    assert "30% of deals favour player 0, 30% player 1, and 40% are worth 0" in PAGE

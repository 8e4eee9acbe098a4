"""Every link in every notebook, rules page and guide opens a file that is there, and a learner's
notebook links only inside the folder ``make lab`` and Voila serve (``notebooks/``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVED = ROOT / "notebooks"
_LINK = re.compile(r"\]\(([^)\s]+)\)|(?:href|src)=\"([^\"]+)\"")
_NAMED = re.compile(r"`((?:docs|notebooks|teachers|lessons|acelab|tests)/[^`\s]+)`")


def _text(path: Path) -> str:
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def _links(text: str) -> list[str]:
    found = [a or b for a, b in _LINK.findall(text)]
    return [link for link in found if not re.match(r"[a-z]+:|#|data:", link)]


def _opens(page: Path, link: str, inside: Path) -> str:
    """Why ``link`` on ``page`` does not open a file inside ``inside`` ("" when it does)."""
    target, _, anchor = link.partition("#")
    path = (page.parent / target).resolve()
    if not path.exists():
        return f"{page.relative_to(ROOT)} links {link}, which does not exist"
    if inside not in (path, *path.parents):
        return f"{page.relative_to(ROOT)} links {link}, outside {inside.relative_to(ROOT)}/"
    if anchor and path.suffix == ".html" and f'id="{anchor}"' not in path.read_text("utf-8"):
        return f"{page.relative_to(ROOT)} links {link}, whose page has no id {anchor!r}"
    return ""


def _pages(folder: str, *patterns: str) -> list[Path]:
    return sorted(
        p
        for pattern in patterns
        for p in (ROOT / folder).rglob(pattern)
        if ".ipynb_checkpoints" not in p.parts
    )


LEARNERS = _pages("notebooks", "*.ipynb", "*.html")
OTHERS = [
    *_pages("teachers", "*.ipynb"),
    *_pages("docs", "*.md", "*.html"),
    ROOT / "README.md",
]


@pytest.mark.parametrize("page", LEARNERS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_learners_notebook_links_only_what_make_lab_serves(page):
    links = _links(_text(page))
    assert [why for link in links if (why := _opens(page, link, SERVED))] == []


@pytest.mark.parametrize("page", OTHERS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_link_of_a_guide_or_teacher_edition_opens(page):
    links = _links(_text(page))
    assert [why for link in links if (why := _opens(page, link, ROOT))] == []


@pytest.mark.parametrize("page", [*LEARNERS, *OTHERS], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_file_a_page_names_exists(page):
    named = [path.split("#")[0].split("::")[0] for path in _NAMED.findall(_text(page))]
    made_by_runs = ("tests/browser/artifacts",)
    missing = [
        path
        for path in named
        if "*" not in path and not path.startswith(made_by_runs) and not (ROOT / path).exists()
    ]
    assert missing == [], f"{page.relative_to(ROOT)} names files that do not exist"


def test_the_rules_pages_are_served_beside_each_play_notebook():
    for play in SERVED.glob("*/play.ipynb"):
        assert (play.parent / "rules.html").exists(), play
        welcome = (SERVED / "00_welcome.ipynb").read_text(encoding="utf-8")
        assert f"]({play.parent.name}/rules.html)" in welcome
    allowed = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]["file_allowlist"]
    assert any(re.fullmatch(pattern, "rules.html") for pattern in allowed), "Voila serves it"


def test_a_broken_link_is_caught():
    page = SERVED / "00_welcome.ipynb"
    assert "does not exist" in _opens(page, "nowhere.ipynb", SERVED)
    assert "outside notebooks/" in _opens(page, "../docs/rules/ace_pilot.md", SERVED)
    assert "no id" in _opens(page, "../docs/teachers/unplugged.html#nope", ROOT)

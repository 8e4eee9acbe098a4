"""Every game notebook is linked from the welcome notebook and the README; every link works."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"


def _game_notebooks() -> set[str]:
    found = {p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.ipynb")}
    return {p for p in found if ".ipynb_checkpoints" not in p and p != "00_welcome.ipynb"}


def _welcome_markdown() -> str:
    cells = json.loads((NOTEBOOKS / "00_welcome.ipynb").read_text())["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_the_welcome_notebook_links_every_game_notebook_and_nothing_missing():
    links = set(re.findall(r"\]\(([^)#]+\.ipynb)\)", _welcome_markdown()))
    assert links == _game_notebooks()


def test_the_readme_lists_every_notebook_and_every_link_exists():
    readme = (ROOT / "README.md").read_text()
    links = set(re.findall(r"\]\((notebooks/[^)#]+\.ipynb)\)", readme))
    assert {f"notebooks/{nb}" for nb in _game_notebooks()} <= links
    for link in links:
        assert (ROOT / link).exists(), link
    for page in re.findall(r"\]\((docs/[^)#]+)\)", readme):
        assert (ROOT / page).exists(), page


def test_every_link_in_every_edition_resolves():
    for folder in ("notebooks", "teachers"):
        for notebook in (ROOT / folder).rglob("*.ipynb"):
            if ".ipynb_checkpoints" in notebook.parts:
                continue
            cells = json.loads(notebook.read_text())["cells"]
            text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
            for link in re.findall(r"\]\(([^)#:]+\.(?:ipynb|md|html))(?:#[^)]*)?\)", text):
                assert (notebook.parent / link).exists(), (notebook, link)

"""The old flat names of acelab's modules still work (issue 24): each old name in the one alias
table (acelab/_moved.py) imports the very module at its new home, ``python -m`` runs every
command the README, the guide and the Makefile name, and saves naming a moved class load."""

from __future__ import annotations

import importlib
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from acelab._moved import FORWARDED, MOVED, MovedFinder

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_name_is_the_module_at_its_new_home(old: str) -> None:
    new = importlib.import_module(MOVED[old])
    assert importlib.import_module(old) is new
    assert sys.modules[old] is new
    # the module keeps its own name and spec (pickles, reloads and mypy see the new home)
    assert new.__name__ == MOVED[old]
    assert new.__spec__ is not None and new.__spec__.name == MOVED[old]
    parent, _, leaf = old.rpartition(".")
    assert getattr(importlib.import_module(parent), leaf) is new


def test_old_names_reach_private_names_and_monkeypatches(monkeypatch: pytest.MonkeyPatch) -> None:
    old = importlib.import_module("acelab." + "marking")
    from acelab.classroom import marking

    monkeypatch.setattr(old, "_acelab_probe", 1, raising=False)
    assert marking._acelab_probe == 1  # type: ignore[attr-defined]
    lessons = importlib.import_module("acelab." + "lessons")
    from acelab.teaching.cells import ask

    assert lessons.ask is ask


def test_no_old_name_is_a_file_and_every_new_home_is() -> None:
    for old, new in MOVED.items():
        assert not (ROOT / (old.replace(".", "/") + ".py")).exists(), f"{old} is still a file"
        spec = importlib.util.find_spec(new)
        assert spec is not None and spec.loader is not None
        assert not isinstance(spec.loader, MovedFinder), new


def test_the_package_that_took_an_old_name_hands_on_its_names() -> None:
    ((package, home),) = FORWARDED.items()
    old = importlib.import_module(package)
    new = importlib.import_module(home)
    for name in new.__all__:
        assert getattr(old, name) is getattr(new, name)
    with pytest.raises(AttributeError):
        old.no_such_name  # noqa: B018


def _commands() -> set[str]:
    """Every ``python -m acelab…`` module named in the README, the guide and the Makefile."""
    texts = [ROOT / "README.md", ROOT / "Makefile", *sorted((ROOT / "docs").rglob("*.md"))]
    found: set[str] = set()
    for path in texts:
        found |= set(re.findall(r"python3? -m (acelab(?:\.[a-z_]+)*)", path.read_text("utf-8")))
    return found


def _runnable(name: str) -> bool:
    """What ``python -m NAME`` needs (runpy): a spec, and code from its loader (a package's
    ``__main__``), as in a fresh process, where no old name is imported yet."""
    spec = MovedFinder().find_spec(name, None) if name in MOVED else importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        return False
    if spec.submodule_search_locations is not None:
        return _runnable(f"{name}.__main__")
    get_code = getattr(spec.loader, "get_code", None)
    return get_code is not None and get_code(name) is not None


def test_every_documented_command_and_every_old_name_runs_with_dash_m() -> None:
    commands = _commands()
    assert {
        "acelab.classroom",
        "acelab.classroom.report",
        "acelab.teaching.answer_keys",
    } <= commands
    not_runnable = sorted(name for name in commands | set(MOVED) if not _runnable(name))
    assert not_runnable == []


def test_python_dash_m_with_an_old_name_runs_the_moved_module() -> None:
    old = "acelab." + "report"
    done = subprocess.run(
        [sys.executable, "-m", old], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2, done.stderr
    assert "Usage: python -m acelab.classroom.report FOLDER" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_a_save_naming_a_class_by_its_old_module_still_loads() -> None:
    from acelab.engine import from_json, to_json
    from acelab.engine.cards import Suit

    text = to_json(Suit.HEARTS)
    assert '"acelab.engine.cards.Suit"' in text
    old = text.replace("acelab.engine.cards.Suit", "acelab." + "cards.Suit")
    assert from_json(None, old) is Suit.HEARTS

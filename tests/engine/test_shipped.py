"""Shipped results: written one entry a line with how they were made, read back as written, and
made again by the code that makes them (issue 17)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from acelab.ace_of_spades import duels
from acelab.ace_of_spades_lex import going_first
from acelab.engine.shipped import read_shipped, write_shipped

#: each module that ships results, with its file
SHIPPED = [(duels, duels.DUELS_FILE), (going_first, going_first.GOING_FIRST_FILE)]


def test_a_written_table_reads_back(tmp_path: Path) -> None:
    table = {"2": {"wins": [512, 488], "turns": 15838}, "greedy": [178, 172]}
    path = tmp_path / "results.json"
    write_shipped(path, "Made by a test.", table)
    text = path.read_text(encoding="utf-8")
    assert json.loads(text) == {"about": "Made by a test.", "table": table}
    assert '  "greedy": [178, 172]\n' in text  # one entry a line


@pytest.mark.parametrize(("module", "name"), SHIPPED)
def test_the_shipped_files_say_how_they_were_made(module: ModuleType, name: str) -> None:
    assert read_shipped(module.__package__ or "", name)
    about = json.loads(Path(module.__file__ or "").with_name(name).read_text("utf-8"))["about"]
    assert f"python -m {module.__name__} --make" in about


@pytest.mark.soak
@pytest.mark.parametrize(("module", "name"), SHIPPED)
def test_each_shipped_file_is_made_again(module: ModuleType, name: str, tmp_path: Path) -> None:
    made = tmp_path / name
    module.main(["--make", "--out", str(made)])
    shipped = Path(module.__file__ or "").with_name(name)
    assert made.read_text(encoding="utf-8") == shipped.read_text(encoding="utf-8")

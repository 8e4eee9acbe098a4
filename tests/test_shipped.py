"""Shipped results: written one entry a line with how they were made, read back as written."""

from __future__ import annotations

import json
from pathlib import Path

from acelab.shipped import read_shipped, write_shipped


def test_a_written_table_reads_back(tmp_path: Path) -> None:
    table = {"2": {"wins": [512, 488], "turns": 15838}, "greedy": [178, 172]}
    path = tmp_path / "results.json"
    write_shipped(path, "Made by a test.", table)
    text = path.read_text(encoding="utf-8")
    assert json.loads(text) == {"about": "Made by a test.", "table": table}
    assert '  "greedy": [178, 172]\n' in text  # one entry a line


def test_the_shipped_files_say_how_they_were_made() -> None:
    for package, name, command in [
        ("acelab.ace_of_spades", "first_duels.json", "acelab.ace_of_spades.duels --make"),
        ("acelab.ace_of_spades_lex", "going_first.json", "acelab.ace_of_spades_lex.going_first"),
    ]:
        assert read_shipped(package, name)
        root = Path(__file__).resolve().parent.parent
        about = json.loads((root / package.replace(".", "/") / name).read_text("utf-8"))["about"]
        assert f"python -m {command}" in about

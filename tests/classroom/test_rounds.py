"""Duplicate rounds in the class report (issue 25 item 4): a comparison saved by the teacher's
board is printed a section per round by ``python -m acelab.classroom.report`` (and the old
``python -m acelab.report``) and written to ``class-rounds.csv``; a damaged file, a file that is no
comparison and a link each get one sentence, never a traceback."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from acelab.classroom.report import main
from acelab.classroom.rounds import read_rounds, round_file_name, rounds_text
from acelab.engine import encode
from acelab.tables import Tables

SAVED = {
    "format": 1,
    "round": "round-1a2b",
    "game": "ace_of_spades",
    "title": "Ace of Spades co-op",
    "tables": [{"code": "KMPRTX"}, {"code": "BCDFGH"}],
    "rows": [
        {
            "point": "Level 0 (Rusty, the Tin Bandit), Hand 1",
            "positions": 1,
            "summary": "1 of 2 tables: pair; 1: three of a kind",
            "cells": [
                {"table": "KMPRTX", "seat": 1, "who": "pia", "bot": False,
                 "decision": "played 8♠ 8♥ 8♦ 5♣ 6♦: three of a kind, 3 damage",
                 "result": "", "value": 3, "best": 3, "loss": 0},
                {"table": "BCDFGH", "seat": 1, "who": "sam (bot)", "bot": True,
                 "decision": "played 8♠ 8♥ 5♣ 6♦ 10♥: pair, 1 damage",
                 "result": "", "value": 1, "best": 3, "loss": 2},
            ],
        }
    ],
}  # fmt: skip

GOLDEN = """\
Duplicate round round-1a2b (Ace of Spades co-op, 2 tables: KMPRTX, BCDFGH)
  Level 0 (Rusty, the Tin Bandit), Hand 1: 1 of 2 tables: pair; 1: three of a kind
      KMPRTX pia: played 8♠ 8♥ 8♦ 5♣ 6♦: three of a kind, 3 damage; lost 0
      BCDFGH sam (bot) [bot]: played 8♠ 8♥ 5♣ 6♦ 10♥: pair, 1 damage; lost 2"""


def _class_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / round_file_name("round-1a2b")).write_text(json.dumps(SAVED), encoding="utf-8")
    return folder


def test_the_report_prints_a_saved_round_and_writes_its_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _class_folder(tmp_path)
    main([str(folder), "--csv", str(tmp_path / "out")])
    printed = capsys.readouterr().out
    assert GOLDEN in printed
    with (tmp_path / "out" / "class-rounds.csv").open(encoding="utf-8", newline="") as file:
        rows = list(csv.reader(file))
    assert rows[0][:4] == ["round", "game", "point", "positions"]
    assert [row[4] for row in rows[1:]] == ["KMPRTX", "BCDFGH"]
    assert [row[-1] for row in rows[1:]] == ["0", "2"] and rows[2][7] == "True"


def test_the_old_command_prints_it_too(tmp_path: Path) -> None:
    folder = _class_folder(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "acelab.report", str(folder)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert GOLDEN in done.stdout and "Traceback" not in done.stderr


def test_bad_round_files_get_one_sentence_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _class_folder(tmp_path)
    (folder / "acelab-round-broken.json").write_text('{"format": 1, "round": ', encoding="utf-8")
    (folder / "acelab-round-other.json").write_text('{"format": 1}', encoding="utf-8")
    damaged = json.loads(json.dumps(SAVED))
    damaged["rows"][0]["cells"][0]["loss"] = "lots"
    (folder / "acelab-round-damaged.json").write_text(json.dumps(damaged), encoding="utf-8")
    outside = tmp_path / "elsewhere.json"
    outside.write_text(json.dumps(SAVED), encoding="utf-8")
    (folder / "acelab-round-linked.json").symlink_to(outside)
    rounds, problems = read_rounds(folder)
    assert [r["round"] for r in rounds] == ["round-1a2b"]
    assert len(problems) == 4
    assert any("broken" in p and "cannot be read" in p for p in problems)
    assert any("other" in p and "it has no round" in p for p in problems)
    assert any("damaged" in p and "is damaged" in p for p in problems)
    assert any("linked" in p and "not a regular file" in p for p in problems)
    main([str(folder)])
    printed = capsys.readouterr()
    assert GOLDEN in printed.out and "Traceback" not in printed.out + printed.err
    assert all(problem in printed.out for problem in problems)


def test_a_real_round_s_comparison_reads_back(tmp_path: Path) -> None:
    tables = Tables()
    round_, codes = tables.duplicate_round("ace_of_spades", ["bot", "person"], 2, seed=11)
    for code in codes:
        tables.join(code, f"p-{code}")
        room = tables.room(code)
        for _ in range(6):
            if room.to_move() != 1:
                break
            move = room.kind.game().legal_moves(room.state)[0]
            tables.move(code, f"p-{code}", encode(move), room.version)
    (tmp_path / round_file_name(round_)).write_text(
        json.dumps(tables.comparison(round_)), encoding="utf-8"
    )
    rounds, problems = read_rounds(tmp_path)
    assert problems == [] and rounds == [tables.comparison(round_)]
    text = rounds_text(rounds)
    assert text.startswith(f"Duplicate round {round_} (Ace of Spades co-op, 2 tables:")
    assert "Level 0 (Rusty, the Tin Bandit), Hand 1: 2 of 2 tables:" in text

"""Duplicate rounds in the class report: the comparisons the teacher's board saved
(``acelab-round-NAME.json``, one file a round, written by "Save for the report" on
``teachers/tables.ipynb``) read back from the class folder, as text and as CSV.

A comparison is plain JSON (:func:`acelab.tables.compare.compare_round` makes it), so the report
reads it without the games' code. As for the report's other files, only regular files inside the
folder are read: a link, a FIFO or a device named like a round file, a file too big, damaged or not
a comparison each get one sentence, and the rest of the report goes on.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from acelab.classroom.answer_file import read_regular
from acelab.store.sheets import write_rows

__all__ = ["PREFIX", "ROUNDS_CSV", "read_rounds", "round_file_name", "rounds_text", "write_rounds"]

PREFIX: Final = "acelab-round-"
"""A saved comparison's file name: ``acelab-round-`` then the round's name, then ``.json``."""
ROUNDS_CSV: Final = "class-rounds.csv"
MAX_ROUND_BYTES: Final = 20_000_000
_CELL_TEXTS: Final = ("table", "who", "decision", "result")
CSV_COLUMNS: Final = (
    "round", "game", "point", "positions", "table", "seat", "who", "bot", "decision", "result",
    "value", "best", "loss",
)  # fmt: skip


def round_file_name(round_name: str) -> str:
    """The file name a round's comparison is saved under (only letters, digits and ``-``)."""
    safe = "".join(ch if ch.isalnum() or ch == "-" else "-" for ch in round_name)[:60]
    return f"{PREFIX}{safe or 'round'}.json"


def _is_round_file(name: str) -> bool:
    return name.startswith(PREFIX) and name.endswith(".json")


def _number(value: object) -> bool:
    return value is None or (isinstance(value, int | float) and not isinstance(value, bool))


def _why_not(data: object) -> str | None:
    """Why ``data`` is not a saved comparison, in a few words, or ``None``."""
    if not isinstance(data, Mapping) or data.get("format") != 1:
        return "it is not a duplicate round's comparison saved by acelab"
    for key in ("round", "game", "title"):
        if not isinstance(data.get(key), str):
            return f"it has no {key}"
    tables, rows = data.get("tables"), data.get("rows")
    if not isinstance(tables, list) or not all(
        isinstance(t, Mapping) and isinstance(t.get("code"), str) for t in tables
    ):
        return "its list of tables is damaged"
    if not isinstance(rows, list):
        return "it has no decision points"
    for row in rows:
        if not isinstance(row, Mapping) or not isinstance(row.get("point"), str):
            return "a decision point is damaged"
        if not isinstance(row.get("summary"), str) or not isinstance(row.get("cells"), list):
            return f"the decision point {str(row.get('point'))[:40]} is damaged"
        for cell in row["cells"]:
            if (
                not isinstance(cell, Mapping)
                or not all(isinstance(cell.get(k), str) for k in _CELL_TEXTS)
                or not isinstance(cell.get("bot"), bool)
                or not all(_number(cell.get(k)) for k in ("value", "best", "loss"))
            ):
                return f"a table's line at {row['point'][:40]} is damaged"
    return None


def read_rounds(folder: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """Every saved comparison under ``folder`` (sorted by file), and one sentence for each file
    named like one that cannot be used. Never follows a link; never raises for a file."""
    rounds: list[dict[str, Any]] = []
    problems: list[str] = []
    if not folder.is_dir():
        return rounds, problems
    for top, folders, files in os.walk(folder, followlinks=False):
        folders[:] = sorted(f for f in folders if not (Path(top) / f).is_symlink())
        for name in sorted(files):
            if not _is_round_file(name):
                continue
            path = Path(top) / name
            try:
                mode = os.lstat(path).st_mode
                if not stat.S_ISREG(mode):
                    problems.append(
                        f"{path} is not a regular file (a link, a pipe or a device), so it is "
                        "not read: only regular files inside the folder count."
                    )
                    continue
                data = json.loads(read_regular(path, MAX_ROUND_BYTES).decode("utf-8"))
            except FileNotFoundError:
                continue  # gone since it was listed
            except (OSError, ValueError, UnicodeDecodeError, RecursionError) as error:
                why = getattr(error, "strerror", None) or str(error).split(":")[0]
                problems.append(
                    f"The duplicate round file {path} cannot be read ({why}), so it is left out."
                )
                continue
            why_not = _why_not(data)
            if why_not is not None:
                problems.append(
                    f"The duplicate round file {path} cannot be used ({why_not}), so it is left "
                    "out."
                )
                continue
            rounds.append(dict(data))
    return rounds, problems


def _shown(value: object) -> str:
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def rounds_text(rounds: Sequence[Mapping[str, Any]], problems: Sequence[str] = ()) -> str:
    """The duplicate rounds as plain text, a section per round: each decision point, what the
    tables did there, and each table's line (a bot's decision marked as such)."""
    lines: list[str] = []
    if problems:
        lines += ["Duplicate round files that could not be used:"]
        lines += [f"  - {problem}" for problem in problems]
    for saved in rounds:
        codes = ", ".join(str(t["code"]) for t in saved["tables"])
        lines += [
            "",
            f"Duplicate round {saved['round']} ({saved['title']}, {len(saved['tables'])} "
            f"tables: {codes})",
        ]
        for row in saved["rows"]:
            lines.append(f"  {row['point']}: {row['summary']}")
            for cell in row["cells"]:
                bot = " [bot]" if cell["bot"] else ""
                loss = f"; lost {_shown(cell['loss'])}" if cell.get("loss") is not None else ""
                what = cell["decision"] or "in all"
                result = f" — {cell['result']}" if cell["result"] else ""
                lines.append(f"      {cell['table']} {cell['who']}{bot}: {what}{loss}{result}")
    return "\n".join(lines).strip("\n")


def write_rounds(rounds: Sequence[Mapping[str, Any]], folder: Path) -> Path:
    """``class-rounds.csv`` in ``folder``: one line per table at each decision point."""
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / ROUNDS_CSV
    with out.open("w", newline="", encoding="utf-8") as file:
        write_rows(
            file,
            CSV_COLUMNS,
            (
                _csv_row(saved, row, cell)
                for saved in rounds
                for row in saved["rows"]
                for cell in row["cells"]
            ),
        )
    return out


def _csv_row(
    saved: Mapping[str, Any], row: Mapping[str, Any], cell: Mapping[str, Any]
) -> list[object]:
    return [
        saved["round"], saved["game"], row["point"], row.get("positions", ""), cell["table"],
        cell.get("seat", ""), cell["who"], cell["bot"], cell["decision"], cell["result"],
        _shown(cell.get("value")), _shown(cell.get("best")), _shown(cell.get("loss")),
    ]  # fmt: skip

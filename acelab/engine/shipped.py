"""Results that ship with acelab as small JSON files, because working them out again takes
longer than a lesson should wait: seeded simulations whose answers are the same on every
computer. Each file says how it was made (``about``) and holds one ``table``; a test works the
results out again and compares. :func:`maker_arguments` is the command line of every module
that makes a shipped file (``python -m MODULE --make``).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["maker_arguments", "read_shipped", "write_shipped"]


def read_shipped(package: str, name: str) -> dict[str, Any]:
    """The ``table`` of the file ``name`` shipped in ``package``."""
    text = resources.files(package).joinpath(name).read_text("utf-8")
    table: dict[str, Any] = json.loads(text)["table"]
    return table


def write_shipped(path: Path, about: str, table: Mapping[str, object]) -> None:
    """Write ``table`` (one entry a line, to read and compare by eye) with how it was made."""
    entries = ",\n".join(
        f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in table.items()
    )
    text = f'{{\n"about": {json.dumps(about)},\n"table": {{\n{entries}\n}}\n}}\n'
    path.write_text(text, encoding="utf-8")


def maker_arguments(
    argv: Sequence[str] | None, description: str, making: str, out: Path, processes: bool = False
) -> argparse.Namespace:
    """The command line of a module that makes a shipped file: ``--make`` (``making`` says what
    it does), ``--out`` (the file, ``out`` unless told) and, with ``processes``, ``--processes``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--make", action="store_true", help=making)
    if processes:
        parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--out", type=Path, default=out)
    return parser.parse_args(argv)

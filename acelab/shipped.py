"""Results that ship with acelab as small JSON files, because working them out again takes
longer than a lesson should wait: seeded simulations whose answers are the same on every
computer. Each file says how it was made (``about``) and holds one ``table``; a test works the
results out again and compares.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["read_shipped", "write_shipped"]


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

"""notebooks/my_progress.ipynb run on a seeded, temporary store (issue 26): the next step, the
games and lessons tables and both plots show what the store holds."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from tests.practice.test_progress import seeded_store

NOTEBOOK = Path(__file__).parents[2] / "notebooks" / "my_progress.ipynb"


def _text(cell: nbformat.NotebookNode) -> str:
    shown = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        shown.append(data.get("text/markdown", "") + data.get("text/plain", ""))
        assert "image/png" in data or "text/markdown" in data, output
    return "\n".join(shown)


def test_my_progress_shows_a_seeded_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seeded_store(tmp_path).close()
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path))
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    texts = [_text(cell) for cell in code]
    assert "Next: back to [Order of operations" in texts[0]
    assert "won 18 to 7" in texts[1] and "three wins running" in texts[1]
    assert "rounding up or down" in texts[2]
    assert "order of operations: 1 of 7" in texts[3]
    assert "over 3 deals, now +0.70" in texts[4]
    assert "No game played at a class table yet." in texts[5]

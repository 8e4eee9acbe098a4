"""The class benchmarks run end to end on a small class on the real hub (soak): a change to the
hub, the table service or the panels that breaks a benchmark is caught here, not the next time
someone measures. (The tables benchmark's hub half once failed only at its end, reading the
service's record where the service no longer kept it.) Their figures are not judged here: tests
never assert on time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser.hub import needs_the_hub

pytestmark = pytest.mark.soak

ROOT = Path(__file__).resolve().parents[2]


def _run(*command: str) -> str:
    """``command`` (a benchmark and its arguments) run by this Python from the repository; its
    output, once it ended well."""
    needs_the_hub()
    done = subprocess.run(
        [sys.executable, *command], cwd=ROOT, capture_output=True, text=True, timeout=1200,
        check=False,
    )  # fmt: skip
    said = f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    assert done.returncode == 0, f"{' '.join(command)} ended with {done.returncode}:\n{said}"
    return done.stdout


def _row(output: str, label: str) -> list[str]:
    """The figures of the row of ``output`` that begins with ``label``."""
    rows = [line.strip() for line in output.splitlines()]
    row = next((line for line in rows if line.startswith(label)), None)
    assert row is not None, f"no row {label!r} in:\n{output}"
    return row.removeprefix(label).split()


def test_the_tables_benchmark_s_hub_half_plays_a_lex_table_and_a_duel() -> None:
    output = _run("benchmarks/tables.py", "0", "--pupils", "5", "--seconds", "20", "--think", "0.3")
    assert "pupils through the hub: 2 tables" in output, output
    assert _row(output, "lost moves") == ["0", "0"]
    assert _row(output, "failures") == ["0", "0"]
    applied = _row(output, "moves applied")
    assert int(applied[0]) > 0, output
    assert _row(output, "early secret picks, held then applied")[0].isdigit()


def test_the_classroom_benchmark_runs_for_two_pupils() -> None:
    output = _run("benchmarks/classroom.py", "2")
    assert "failures: 0 (goal 0)" in output, output

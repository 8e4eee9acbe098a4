"""benchmarks/panel_clicks.py stays runnable: two timed clicks of its hot-seat row (the pass
screen's button among them), on the module's shared JupyterLab; under soak, the script itself,
every row, and one row beside acelab as of HEAD (``--before``). The figures themselves are
the benchmark's to print; here each is only a real timing from the page."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import panel_clicks

pytestmark = pytest.mark.browser


def test_the_click_benchmark_runs_a_row(page, jupyter_lab, notebooks_copy):
    row = next(r for r in panel_clicks.ROWS if r.name == "Lex's Ace of Spades, hot seat")
    timings = panel_clicks.measure_row(page, jupyter_lab, notebooks_copy, row, 2)
    assert len(timings) == 2 and all(math.isfinite(t) and t > 0 for t in timings), timings
    assert set(panel_clicks.BEFORE) <= {r.name for r in panel_clicks.ROWS}


def _run(*args: str) -> str:
    """What ``python benchmarks/panel_clicks.py ARGS`` prints (it must succeed)."""
    script = Path(panel_clicks.__file__)
    done = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, timeout=1800
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.mark.soak  # every row, each in a notebook of its own, on servers of its own: minutes
def test_the_whole_click_benchmark_runs_and_prints_every_row(chromium_path):
    printed = _run("--clicks", "3")
    for row in panel_clicks.ROWS:
        line = next((x for x in printed.splitlines() if x.strip().startswith(row.name)), "")
        figures = line[len(row.name) + 2 :].split()
        assert figures[:1] == ["3"] and all(f.isdigit() for f in figures[1:4]), (row.name, line)
    assert "Load average (1, 5, 15 min):" in printed and "The goal (" in printed


@pytest.mark.soak  # two JupyterLabs, acelab as it was and as it is
def test_the_click_benchmark_compares_with_an_earlier_acelab(chromium_path):
    row = "Absolutely Aces, hot seat"
    printed = _run("--clicks", "2", "--before", "HEAD", row)
    assert "before: acelab as of HEAD, same run" in printed
    line = next(x for x in printed.splitlines() if x.strip().startswith(row))
    assert "(worst " in line, line  # the earlier acelab's figures, measured in this run

"""benchmarks/panel_clicks.py stays runnable: two timed clicks of its hot-seat row (the pass
screen's button among them), on the module's shared JupyterLab. The figures themselves are
the benchmark's to print; here each is only a real timing from the page."""

from __future__ import annotations

import math

import pytest

from benchmarks import panel_clicks

pytestmark = pytest.mark.browser


def test_the_click_benchmark_runs_a_row(page, jupyter_lab, notebooks_copy):
    row = next(r for r in panel_clicks.ROWS if r.name == "Lex's Ace of Spades, hot seat")
    timings = panel_clicks.measure_row(page, jupyter_lab, notebooks_copy, row, 2)
    assert len(timings) == 2 and all(math.isfinite(t) and t > 0 for t in timings), timings
    assert set(panel_clicks.BEFORE) <= {r.name for r in panel_clicks.ROWS}

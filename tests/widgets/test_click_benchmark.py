"""benchmarks/panel_python.py stays runnable: every row of benchmarks/panel_clicks.py, built
from its notebook code and clicked as the browser benchmark clicks it, in process (a few clicks
each; the figures are the benchmark's to print, here each is only a real timing)."""

from __future__ import annotations

import math

import pytest

from benchmarks import panel_clicks, panel_python
from tests.support import run_coroutine


@pytest.mark.parametrize("row", panel_clicks.ROWS, ids=lambda row: row.name)
def test_each_row_of_the_click_benchmark_plays_in_process(row):
    timings, messages, sent = run_coroutine(panel_python.measure(row, 4, pause=0.01))
    assert len(timings) >= 4 and all(math.isfinite(t) and t > 0 for t in timings), timings
    assert messages >= len(timings) and sent > 0  # every click is answered on the wire


def test_a_row_s_code_is_read_never_run_as_text():
    with pytest.raises(ValueError, match="imports its panel"):
        panel_python.build("import os\nos.getcwd()")
    with pytest.raises(ValueError, match="malformed node"):
        panel_python.build(
            "from acelab.ace_pilot.panel import AcePilotPanel\nAcePilotPanel(seed=len('x'))"
        )

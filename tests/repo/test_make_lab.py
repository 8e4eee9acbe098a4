"""`make lab ARGS=--no-browser` starts JupyterLab on notebooks/ headless and prints its URL."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.browser.conftest import _isolated_jupyter_env, free_port

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.soak
@pytest.mark.slow
def test_make_lab_runs_headless_and_prints_the_url(tmp_path):
    port = free_port()
    args = f"--no-browser --ip=127.0.0.1 --port={port} --ServerApp.port_retries=0"
    process = subprocess.Popen(
        ["make", "--no-print-directory", "lab", f"ARGS={args}"],
        cwd=ROOT,
        env=_isolated_jupyter_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    seen: list[str] = []
    try:
        deadline = time.monotonic() + 120
        assert process.stdout is not None
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            seen.append(line)
            if re.search(rf"http://127\.0\.0\.1:{port}/lab", line):
                break
        output = "".join(seen)
        assert re.search(rf"http://127\.0\.0\.1:{port}/lab", output), output[-3000:]
        assert "notebooks" in output
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)

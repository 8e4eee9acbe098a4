"""acelab.server_extension (issue 27, clicks under 100 ms): every kernel websocket Jupyter
Server opens sets TCP_NODELAY, so a click's answer is not held ~40 ms behind the kernel's
"busy" by Nagle's algorithm; the environment's Jupyter Servers load it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

from acelab import server_extension
from tests.support import run_coroutine

ROOT = Path(__file__).resolve().parents[2]
CONFIG = "jupyter-config/jupyter_server_config.d/acelab.json"


class _Socket:
    def __init__(self) -> None:
        self.calls: list[object] = []

    def set_nodelay(self, value: bool) -> None:
        self.calls.append(("nodelay", value))


def test_a_kernel_websocket_sets_nodelay_before_it_opens(monkeypatch):
    async def opened(self, kernel_id):  # stands in for Jupyter Server's own open()
        self.calls.append(("open", kernel_id))
        return "opened"

    monkeypatch.setattr(KernelWebsocketHandler, "open", opened)
    assert server_extension.nodelay_kernel_websockets()
    assert not server_extension.nodelay_kernel_websockets()  # once is enough
    socket = _Socket()
    assert run_coroutine(KernelWebsocketHandler.open(socket, "k1")) == "opened"
    assert socket.calls == [("nodelay", True), ("open", "k1")]


def test_the_extension_is_declared_and_loads():
    assert server_extension._jupyter_server_extension_points() == [
        {"module": "acelab.server_extension"}
    ]
    enabled = json.loads((ROOT / CONFIG).read_text())["ServerApp"]["jpserver_extensions"]
    assert enabled == {"acelab.server_extension": True}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    files = project["tool"]["setuptools"]["data-files"]
    assert files == {"etc/jupyter/jupyter_server_config.d": [CONFIG]}  # in every wheel
    assert (
        "jupyter-config/jupyter_server_config.d/acelab.json $(VENV)/$(SERVER_CONFIG)"
        in (ROOT / "Makefile").read_text()
    )  # and in make venv's editable install, which leaves data files out


@pytest.mark.slow
def test_jupyter_server_lists_it_enabled_in_this_environment():
    listed = subprocess.run(
        [sys.executable, "-m", "jupyter", "server", "extension", "list"],
        capture_output=True,
        text=True,
        check=True,
    )
    text = re.sub(r"\x1b\[[0-9;]*m", "", listed.stdout + listed.stderr)  # no colours
    assert re.search(r"acelab\.server_extension\s+enabled", text), text
    assert re.search(r"acelab\.server_extension\s+OK", text), text

"""A local JupyterHub from deploy/hub/jupyterhub_config.py, for the hub test and the classroom
benchmark: dummy logins (tests only), a service token, pupils' homes in a temporary folder."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HUB = ROOT / "deploy" / "hub"
PROXY = HUB / "node_modules" / ".bin" / "configurable-http-proxy"
TOKEN = "acelab-test-token-not-secret"


def missing() -> str:
    """Why the hub cannot start here, or ``""``."""
    try:
        import jupyterhub  # noqa: F401
        import nbgitpuller  # noqa: F401
    except ImportError:
        return 'JupyterHub and nbgitpuller are not installed (pip install -e ".[hub]")'
    if not PROXY.exists():
        return "configurable-http-proxy is not installed (cd deploy/hub && npm ci)"
    return ""


@dataclass
class Hub:
    """A running hub: its URL, its pupils' homes and the hub process."""

    url: str
    homes: Path
    process: subprocess.Popen[bytes]
    log: Path

    def api(self, method: str, path: str, body: Any = None) -> Any:
        """Call the hub's REST API with the test's service token."""
        request = urllib.request.Request(
            f"{self.url}/hub/api{path}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {TOKEN}"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
        return json.loads(text) if text else None

    def start_server(self, pupil: str, timeout: float = 180) -> str:
        """Add ``pupil`` and start their server; returns its URL."""
        try:
            self.api("POST", f"/users/{pupil}")
        except urllib.error.HTTPError as error:
            if error.code != 409:  # already there
                raise
        self.api("POST", f"/users/{pupil}/server")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            user = self.api("GET", f"/users/{pupil}")
            if user.get("server") and not user.get("pending"):
                return f"{self.url}{user['server'].rstrip('/')}"
            time.sleep(0.5)
        raise RuntimeError(f"{pupil}'s server did not start:\n{self.log.read_text()[-3000:]}")

    def pull(self, pupil: str, repo: Path, target: str) -> str:
        """nbgitpuller's pull of ``repo`` into ``target`` in the pupil's home; its output."""
        query = f"repo={repo}&branch=main&targetpath={target}"
        request = urllib.request.Request(
            f"{self.url}/user/{pupil}/git-pull/api?{query}",
            headers={"Authorization": f"token {TOKEN}"},
        )
        with urllib.request.urlopen(request, timeout=120) as response:
            return str(response.read().decode())


def _settings(home: Path) -> None:
    """JupyterLab settings in a pupil's home: no news toast, every cell rendered."""
    user = home / ".jupyter" / "lab" / "user-settings" / "@jupyterlab"
    (user / "apputils-extension").mkdir(parents=True, exist_ok=True)
    (user / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    (user / "notebook-extension").mkdir(parents=True, exist_ok=True)
    (user / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none"})
    )


@contextmanager
def running_hub(folder: Path, port: int, pupils: list[str]) -> Iterator[Hub]:
    """deploy/hub/jupyterhub_config.py on 127.0.0.1:``port`` (and the next two ports)."""
    homes = folder / "homes"
    for pupil in pupils:
        _settings(homes / pupil)
    env = dict(os.environ)
    env |= {
        "ACELAB_HUB_DUMMY": "1",
        "ACELAB_HUB_PORT": str(port),
        "ACELAB_HUB_STATE": str(folder / "state"),
        "ACELAB_HUB_HOMES": str(homes),
        "ACELAB_HUB_API_TOKEN": TOKEN,
        "PATH": f"{Path(sys.executable).parent}:{env.get('PATH', '')}",
    }
    for variable in ("ACELAB_HOME", "ACELAB_ANSWERS", "JUPYTERHUB_USER", "ACELAB_LEARNER"):
        env.pop(variable, None)
    log = folder / "hub.log"
    command = [sys.executable, "-m", "jupyterhub", "-f", str(HUB / "jupyterhub_config.py")]
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command, env=env, cwd=folder, stdout=sink, stderr=subprocess.STDOUT
        )
    hub = Hub(f"http://127.0.0.1:{port}", homes, process, log)
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"The hub stopped:\n{log.read_text()[-3000:]}")
            try:
                hub.api("GET", "/")
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"The hub did not start:\n{log.read_text()[-3000:]}"
                    ) from error
                time.sleep(0.5)
        yield hub
    finally:
        for pupil in pupils:
            with suppress(urllib.error.URLError, ConnectionError, TimeoutError):
                hub.api("DELETE", f"/users/{pupil}/server")
        process.send_signal(signal.SIGTERM)  # the hub stops its pupils' servers and its proxy
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def class_repo(folder: Path) -> Path:
    """A local git repository of the pupils' edition as ``make class`` writes it (class/, no
    teacher edition), committed as the teacher would publish it for nbgitpuller to pull."""
    from acelab.classroom import write_class

    repo = folder / "class-repo"
    write_class(repo, ROOT)
    git = ["git", "-c", "user.name=acelab", "-c", "user.email=acelab@example.invalid"]
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    subprocess.run([*git, "-C", str(repo), "add", "."], check=True)
    subprocess.run([*git, "-C", str(repo), "commit", "-qm", "pupils' edition"], check=True)
    return repo

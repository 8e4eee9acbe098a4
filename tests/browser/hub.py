"""A local class hub from deploy/hub/jupyterhub_config.py, for the hub tests and the classroom
benchmark (issue 23): run as root on 127.0.0.1, each pupil's server as the pupil's own system
user (``acelabt-<name>``: the test prefix) with a home in a temporary folder (``homes/<name>``),
from the pupils' environment ``make hub`` installs (/opt/acelab-hub/venv). Logins are dummy ones
(tests only) or the real NativeAuthenticator with a teacher set up by ``acelab_hub.py teacher``.
Needs no pytest: the benchmark imports it too.

Everything made is removed when the hub stops, even after a failure: the hub's processes, then
every system user with the test prefix whose home is in the temporary folder (and its processes),
then the folder."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import pwd
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
HUB = ROOT / "deploy" / "hub"
PROXY = HUB / "node_modules" / ".bin" / "configurable-http-proxy"
PREFIX = Path(os.environ.get("ACELAB_HUB_PREFIX", "/opt/acelab-hub"))
PUPILS_VENV = PREFIX / "venv"
TOKEN = "acelab-test-token-not-secret"
USER_PREFIX = "acelabt-"  # the tests' system users: acelabt-amir, ...


TABLES_HOME = ".tables"  # the table service's home in the homes folder (no hub name starts so)


def tables_user(base: Path) -> str:
    """The table service's system user for the hub in ``base``: the test prefix, so the hub's
    clean-up removes it with its home, and a part of the folder's name, so two hubs started side
    by side never share it."""
    return f"{USER_PREFIX}tables-{base.name.rsplit('-', 1)[-1].lower()}"


def missing() -> str:
    """Why the hub cannot start here, or ``""``."""
    if os.geteuid() != 0:
        return "the class hub runs as root (it starts pupils' servers as their own system users)"
    if not (PUPILS_VENV / "bin" / "jupyterhub").exists():
        return f"the pupils' environment {PUPILS_VENV} is missing (make hub, as root)"
    if not PROXY.exists():
        return "configurable-http-proxy is not installed (cd deploy/hub && npm ci)"
    if not (shutil.which("useradd") or Path("/usr/sbin/useradd").exists()):
        return "useradd is missing"
    return ""


def needs_the_hub() -> None:
    """Skip a test when the hub cannot start here, saying why; under ``CI=true`` fail instead
    (CI runs ``make soak``, which installs everything as root)."""
    why = missing()
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{why}; make soak installs everything, as root.")
        pytest.skip(why)


def free_port() -> int:
    """A port nobody listens on, nor on the next three (the hub takes the next two, the table
    service the third): chosen below the kernel's range of ports for outgoing connections and
    for ``bind(0)`` (32768 and up), where another test's kernel or browser may take one."""
    chooser = random.Random()
    for _ in range(200):
        port = chooser.randrange(20_000, 32_000)
        if all(_bindable(port + n) for n in range(4)):
            return port
    raise RuntimeError("No four free ports in a row between 20000 and 32000 on 127.0.0.1.")


def _bindable(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@dataclass
class Hub:
    """A running hub: its URL, its folders and the hub process."""

    url: str
    base: Path
    homes: Path
    state: Path
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def tables_user(self) -> str:
        """The table service's system user on this hub (one of its own: hubs run side by side)."""
        return tables_user(self.base)

    @property
    def tables_db(self) -> Path:
        """The table service's SQLite file, in its user's home (root may read it)."""
        return self.homes / TABLES_HOME / "tables.sqlite3"

    def home(self, pupil: str) -> Path:
        """The pupil's home (their system user's): the homes folder, then their hub name."""
        return self.homes / pupil

    def api(self, method: str, path: str, body: Any = None, timeout: float = 30) -> Any:
        """Call the hub's REST API with the test's service token."""
        request = urllib.request.Request(
            f"{self.url}/hub/api{path}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {TOKEN}"},
        )
        with urllib.request.urlopen(request, timeout=timeout) as response:
            text = response.read()
        return json.loads(text) if text else None

    def start_server(self, pupil: str, timeout: float = 180) -> str:
        """Add ``pupil`` and start their server; returns its URL.

        A class logging in at once keeps a 2-core hub busy for minutes (a system user made for
        each, every server starting): a request that times out or that the hub answers with
        "too many" is asked again until ``timeout``, as a pupil's browser would.
        """
        deadline = time.monotonic() + timeout
        self._until(deadline, "POST", f"/users/{pupil}", ok=(409,))  # 409: already there
        self._until(deadline, "POST", f"/users/{pupil}/server", ok=(400,))  # 400: already asked
        while time.monotonic() < deadline:
            user = self._until(deadline, "GET", f"/users/{pupil}")
            if user and user.get("server") and not user.get("pending"):
                return f"{self.url}{user['server'].rstrip('/')}"
            time.sleep(0.5)
        raise RuntimeError(f"{pupil}'s server did not start:\n{self.log.read_text()[-3000:]}")

    def _until(self, deadline: float, method: str, path: str, ok: tuple[int, ...] = ()) -> Any:
        """:meth:`api`, asked again after a timeout or a busy hub (429, 502, 503) until
        ``deadline``; an HTTP error whose code is in ``ok`` counts as done (``None``)."""
        while True:
            try:
                return self.api(method, path, timeout=120)
            except urllib.error.HTTPError as error:
                if error.code in ok:
                    return None
                if error.code not in (429, 502, 503) or time.monotonic() > deadline:
                    raise
            except (urllib.error.URLError, TimeoutError, ConnectionError):
                if time.monotonic() > deadline:
                    raise
            time.sleep(2)

    def write_as(self, pupil: str, relative: str, text: str) -> Path:
        """Write a file in the pupil's home, owned by the pupil (as if they had made it)."""
        entry = pwd.getpwnam(f"{USER_PREFIX}{pupil}")
        path = self.home(pupil) / relative
        folder = self.home(pupil)
        for part in Path(relative).parent.parts:
            folder = folder / part
            folder.mkdir(exist_ok=True)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
        path.write_text(text, encoding="utf-8")
        os.chown(path, entry.pw_uid, entry.pw_gid)
        return path

    def lab_settings(self, pupil: str) -> None:
        """JupyterLab settings in a pupil's home: no news toast, every cell rendered."""
        user = ".jupyter/lab/user-settings/@jupyterlab"
        self.write_as(
            pupil,
            f"{user}/apputils-extension/notification.jupyterlab-settings",
            json.dumps({"fetchNews": "false", "checkForUpdates": False}),
        )
        self.write_as(
            pupil,
            f"{user}/notebook-extension/tracker.jupyterlab-settings",
            json.dumps({"windowingMode": "none"}),
        )

    def pull(self, pupil: str, repo: Path, target: str) -> str:
        """nbgitpuller's pull of ``repo`` into ``target`` in the pupil's home; its output."""
        query = f"repo={repo}&branch=main&targetpath={target}"
        request = urllib.request.Request(
            f"{self.url}/user/{pupil}/git-pull/api?{query}",
            headers={"Authorization": f"token {TOKEN}"},
        )
        with urllib.request.urlopen(request, timeout=120) as response:
            return str(response.read().decode())

    def start_servers(self, pupils: list[str], timeout: float = 900) -> dict[str, str]:
        """Every pupil's server asked for at once, as a class logging in does (a thread each);
        why each one that failed did, by pupil (``{}`` when every server is up)."""
        with concurrent.futures.ThreadPoolExecutor(max(1, len(pupils))) as pool:
            started = {p: pool.submit(self.start_server, p, timeout) for p in pupils}
            concurrent.futures.wait(started.values())
        return {
            pupil: f"server: {type(error).__name__}: {error}"
            for pupil, future in started.items()
            if (error := future.exception()) is not None
        }

    def service_pid(self, name: str = "acelab.tables") -> int:
        """The process of the hub's service run as ``python -m NAME`` (a child of the hub)."""
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                status = (entry / "status").read_text()
                command = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            parent = int(
                next(line.split()[1] for line in status.splitlines() if line.startswith("PPid"))
            )
            if parent == self.process.pid and name.encode() in command:
                return int(entry.name)
        raise RuntimeError(f"the hub runs no {name}")

    def run_in_kernel(self, pupil: str, code: str, timeout: float = 120, keep: bool = False) -> str:
        """Run ``code`` in a new kernel of the pupil's server (the kernel protocol, as
        JupyterLab does); its standard output. Raises on an error in the code. The kernel is
        shut down after, unless ``keep``."""
        run = lambda: asyncio.run(_run_in_kernel(self, pupil, code, timeout, keep))  # noqa: E731
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return run()
        # A browser test's sync Playwright keeps a loop running in this thread: use another.
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(run).result()


async def _run_in_kernel(hub: Hub, pupil: str, code: str, timeout: float, keep: bool) -> str:
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    headers = {"Authorization": f"token {TOKEN}"}
    base = f"{hub.url}/user/{pupil}/api/kernels"
    client = AsyncHTTPClient()
    response = await client.fetch(
        HTTPRequest(
            base,
            method="POST",
            headers=headers,
            body=json.dumps({"name": "python3"}),
            connect_timeout=timeout,
            request_timeout=timeout,
        )
    )
    kernel = json.loads(response.body)["id"]
    ws = f"{base.replace('http', 'ws', 1)}/{kernel}/channels"
    socket_ = await websocket_connect(
        HTTPRequest(ws, headers=headers, connect_timeout=timeout, request_timeout=timeout)
    )
    try:
        reply, output = await execute(socket_, uuid.uuid4().hex, code, timeout)
    finally:
        socket_.close()
        if not keep:
            await client.fetch(HTTPRequest(f"{base}/{kernel}", method="DELETE", headers=headers))
    if reply["status"] != "ok":
        raise RuntimeError(f"{reply.get('ename')}: {reply.get('evalue')}\n{output}")
    return output


async def open_kernel(hub: Hub, pupil: str, path: str = "", timeout: float = 300) -> Any:
    """A new kernel of the pupil's server (``path``: the folder it starts in, as a notebook's)
    and its websocket through the hub's proxy, as JupyterLab opens them: as patient as a
    browser (tornado's own default gives up at 20 s)."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    headers = {"Authorization": f"token {TOKEN}"}
    base = f"{hub.url}/user/{pupil}/api/kernels"
    response = await AsyncHTTPClient().fetch(
        HTTPRequest(
            base,
            method="POST",
            headers=headers,
            body=json.dumps({"name": "python3", "path": path}),
            connect_timeout=timeout,
            request_timeout=timeout * 2,
        )
    )
    kernel = json.loads(response.body)["id"]
    return await websocket_connect(
        HTTPRequest(
            f"{base.replace('http', 'ws', 1)}/{kernel}/channels",
            headers=headers,
            connect_timeout=timeout,
            request_timeout=timeout,
        ),
        max_message_size=100 * 1024 * 1024,
    )


async def execute(socket_: Any, session: str, code: str, timeout: float) -> tuple[dict, str]:
    """Send ``code`` as an execute_request; its execute_reply content and its stdout, once
    the kernel is idle again: the reply (shell channel) may come before the last output
    (iopub), as Jupyter's protocol allows, on a busy machine."""
    msg_id = uuid.uuid4().hex
    message = {
        "header": {"msg_id": msg_id, "msg_type": "execute_request", "session": session,
                   "username": "test", "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
        "content": {"code": code, "silent": False, "store_history": True,
                    "user_expressions": {}, "allow_stdin": False, "stop_on_error": True},
    }  # fmt: skip
    await socket_.write_message(json.dumps(message))
    output: list[str] = []
    content: dict | None = None
    idle = False
    while content is None or not idle:
        raw = await asyncio.wait_for(socket_.read_message(), timeout=timeout)
        if raw is None:
            raise RuntimeError("the kernel's websocket closed")
        reply = json.loads(raw)
        if reply.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        if reply["msg_type"] == "stream" and reply["content"]["name"] == "stdout":
            output.append(reply["content"]["text"])
        elif reply["msg_type"] == "execute_reply":
            content = reply["content"]
        elif reply["msg_type"] == "status" and reply["content"]["execution_state"] == "idle":
            idle = True
    return content, "".join(output)


def set_up_teacher(state: Path, name: str, password: str) -> subprocess.CompletedProcess[str]:
    """The documented set-up command, ``acelab_hub.py teacher NAME``, with the password on
    standard input."""
    return subprocess.run(
        [str(PUPILS_VENV / "bin" / "python"), str(HUB / "acelab_hub.py"), "teacher", name,
         "--password-stdin"],
        input=password + "\n", env={**os.environ, "ACELAB_HUB_STATE": str(state)},
        capture_output=True, text=True, check=False,
    )  # fmt: skip


def remove_test_users(homes: Path) -> list[str]:
    """Remove every test system user whose home is in ``homes`` (their processes first)."""
    removed = []
    for entry in pwd.getpwall():
        if not entry.pw_name.startswith(USER_PREFIX):
            continue
        if not Path(entry.pw_dir).is_relative_to(homes):
            continue
        found = subprocess.run(
            ["pgrep", "-u", str(entry.pw_uid)], capture_output=True, text=True, check=False
        )
        for pid in found.stdout.split():
            with suppress(ProcessLookupError):
                os.kill(int(pid), signal.SIGKILL)
        for _ in range(50):
            done = subprocess.run(
                [shutil.which("userdel") or "/usr/sbin/userdel", "--remove", entry.pw_name],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode in (0, 12):  # 12: the home was already gone
                removed.append(entry.pw_name)
                break
            time.sleep(0.2)  # killed processes may take a moment to go
    return removed


@contextmanager
def running_hub(
    port: int,
    pupils: list[str],
    *,
    dummy: bool = True,
    teacher: tuple[str, str] | None = None,
    extra_env: dict[str, str] | None = None,
) -> Iterator[Hub]:
    """deploy/hub/jupyterhub_config.py on 127.0.0.1:``port`` (and the next two ports), its state
    and the pupils' homes in a new folder of /var/tmp (pupils must reach their homes, which
    pytest's root-only temporary folders would not let them). ``teacher`` is (name, password),
    set up with the documented command before the hub starts; ``extra_env`` adds to the hub's
    environment (``{base}`` in a value is the hub's base folder)."""
    base = Path(tempfile.mkdtemp(prefix="acelabt-", dir="/var/tmp"))
    os.chmod(base, 0o755)
    homes, state = base / "homes", base / "state"
    homes.mkdir(mode=0o755)
    log = base / "hub.log"
    process = None
    try:
        if teacher:
            done = set_up_teacher(state, *teacher)
            if done.returncode:
                raise RuntimeError(f"teacher set-up failed: {done.stderr}")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ACELAB_", "JUPYTER"))}
        env |= {
            "ACELAB_HUB_PREFIX": str(PREFIX),  # where make hub put the pupils' environment
            "ACELAB_HUB_PORT": str(port),
            "ACELAB_HUB_STATE": str(state),
            "ACELAB_HUB_HOMES": str(homes),
            "ACELAB_HUB_USER_PREFIX": USER_PREFIX,
            "ACELAB_HUB_API_TOKEN": TOKEN,
            "ACELAB_HUB_LOCAL_REPOS": str(base / "class-repo"),  # class_repo(hub.base)
            "ACELAB_HUB_GITCONFIG": str(base / "gitconfig"),
            "ACELAB_HUB_SECRET_FOR_THE_TEST": "the-hub-s-environment",  # no pupil may see it
            "ACELAB_HUB_EXCHANGE": str(base / "srv" / "exchange"),  # nbgrader's, made by the hub
            "ACELAB_HUB_TABLES_USER": tables_user(base),  # removed with the pupils' users
            "ACELAB_HUB_TABLES_HOME": str(homes / TABLES_HOME),
        }
        env |= {k: v.replace("{base}", str(base)) for k, v in (extra_env or {}).items()}
        if dummy:
            env["ACELAB_HUB_DUMMY"] = "1"
        command = [str(PUPILS_VENV / "bin" / "jupyterhub"), "-f", str(HUB / "jupyterhub_config.py")]
        with log.open("wb") as sink:
            process = subprocess.Popen(
                command, env=env, cwd=base, stdout=sink, stderr=subprocess.STDOUT
            )
        hub = Hub(f"http://127.0.0.1:{port}", base, homes, state, process, log)
        deadline = time.monotonic() + 120
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
        try:
            yield hub
        finally:
            for pupil in pupils:
                with suppress(urllib.error.URLError, ConnectionError, TimeoutError):
                    hub.api("DELETE", f"/users/{pupil}/server")
    finally:
        if process is not None:
            process.send_signal(signal.SIGTERM)  # the hub stops its pupils' servers and proxy
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        remove_test_users(homes)
        shutil.rmtree(base, ignore_errors=True)


def class_repo(folder: Path) -> Path:
    """A local git repository of the pupils' edition as ``make class`` writes it (class/, no
    teacher edition), committed as the teacher would publish it for nbgitpuller to pull.
    ``folder`` must be one pupils can read (the hub's base folder)."""
    from acelab.classroom.pupils import write_class

    repo = folder / "class-repo"
    write_class(repo, ROOT)
    git = ["git", "-c", "user.name=acelab", "-c", "user.email=acelab@example.invalid"]
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    subprocess.run([*git, "-C", str(repo), "add", "."], check=True)
    subprocess.run([*git, "-C", str(repo), "commit", "-qm", "pupils' edition"], check=True)
    subprocess.run(["chmod", "-R", "a+rX", str(repo)], check=True)
    return repo

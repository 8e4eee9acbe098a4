"""Fixtures for browser tests: a JupyterLab (or Voila) server on 127.0.0.1 and Debian's Chromium.

Chromium is Debian's (`apt-get install chromium`); Playwright only drives it. Under CI=true a
missing Chromium fails the run; elsewhere the browser tests skip and say why.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(
    os.environ.get("ACELAB_BROWSER_ARTIFACTS") or Path(__file__).resolve().parent / "artifacts"
)
"""Where screenshots go: tests/browser/artifacts/ (git-ignored), or $ACELAB_BROWSER_ARTIFACTS."""
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
BROKEN_WIDGET_TEXTS = ("Error displaying widget", "Loading widget...", "VBox(children=", "model_id")


def _require_chromium() -> str:
    if Path(CHROMIUM).exists():
        return CHROMIUM
    reason = f"Debian's Chromium is not installed at {CHROMIUM} (apt-get install -y chromium)"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; browser tests must run in CI.")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_for(url: str, timeout: float, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"The server stopped early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer within {timeout} s:\n{log.read_text()[-3000:]}")


def _isolated_jupyter_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    for name, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
        ("JUPYTERLAB_SETTINGS_DIR", "settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
    ]:
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / sub)
    notification = home / "settings" / "@jupyterlab" / "apputils-extension"
    notification.mkdir(parents=True, exist_ok=True)
    (notification / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    # Render every cell (JupyterLab 4 otherwise detaches cells scrolled out of view).
    notebook = home / "settings" / "@jupyterlab" / "notebook-extension"
    notebook.mkdir(parents=True, exist_ok=True)
    (notebook / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    env.pop("MPLBACKEND", None)  # the notebooks' inline figures need the kernel's default
    env["ACELAB_HOME"] = str(home / "acelab")  # the kernels' progress store, never the real home
    return env


def _stop(*processes: subprocess.Popen[bytes]) -> None:
    """Stop servers: all are told at once, then each is waited for (killed after 15 s)."""
    for process in processes:
        process.terminate()
    deadline = time.monotonic() + 15
    for process in processes:
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def chromium_path() -> str:
    return _require_chromium()


@pytest.fixture(scope="session")
def stopped_together() -> Iterator[list[subprocess.Popen[bytes]]]:
    """The session's servers: each fixture only tells its servers to stop, and they are waited
    for here, together, once every one of them has been told (they shut down side by side)."""
    told: list[subprocess.Popen[bytes]] = []
    yield told
    _stop(*told)


@pytest.fixture(scope="session")
def notebooks_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A throw-away copy of notebooks/, so a browser run never edits the real files."""
    target = tmp_path_factory.mktemp("root") / "notebooks"
    shutil.copytree(ROOT / "notebooks", target, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return target


@pytest.fixture(scope="session")
def jupyter_lab(
    chromium_path: str,
    notebooks_copy: Path,
    tmp_path_factory: pytest.TempPathFactory,
    stopped_together: list[subprocess.Popen[bytes]],
) -> Iterator[str]:
    """A JupyterLab server with no token on a free port of 127.0.0.1; yields its base URL."""
    home = tmp_path_factory.mktemp("jupyter-home")
    port = free_port()
    log = home / "lab.log"
    command = [
        sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser", "--ip=127.0.0.1",
        f"--port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
        "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={notebooks_copy}",
    ]  # fmt: skip
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command, env=_isolated_jupyter_env(home), stdout=sink, stderr=subprocess.STDOUT
        )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(f"{base}/api/status", 60, process, log)
        _wait_for(f"{base}/lab", 60, process, log)
        yield base
    finally:
        process.terminate()
        stopped_together.append(process)


@pytest.fixture(scope="session")
def voila_server(
    chromium_path: str,
    notebooks_copy: Path,
    tmp_path_factory: pytest.TempPathFactory,
    stopped_together: list[subprocess.Popen[bytes]],
) -> Iterator[Callable[..., str]]:
    """Voila on one notebook (a path under notebooks/); returns its base URL.

    One server per notebook serves the whole run (each page opened gets its own kernel), so a
    page may find a game an earlier test saved and offer to resume it; ``fresh=True`` gives a
    server of its own, with a progress store no earlier page wrote to."""
    processes: list[subprocess.Popen[bytes]] = []
    shared: dict[str, str] = {}

    def start(notebook: str, fresh: bool = False) -> str:
        if notebook in shared and not fresh:
            return shared[notebook]
        shared[notebook] = url = _start_voila(notebook)
        return url

    def _start_voila(notebook: str) -> str:
        home = tmp_path_factory.mktemp("voila-home")
        port = free_port()
        log = home / "voila.log"
        command = [
            sys.executable, "-m", "voila", str(notebooks_copy / notebook), "--no-browser",
            f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.token=",
        ]  # fmt: skip
        with log.open("wb") as sink:
            process = subprocess.Popen(
                command,
                env=_isolated_jupyter_env(home),
                stdout=sink,
                stderr=subprocess.STDOUT,
                cwd=ROOT,  # Voila reads the project's voila.json (it serves the rules pages)
            )
        processes.append(process)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"Voila stopped early:\n{log.read_text()[-3000:]}")
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    return f"http://127.0.0.1:{port}"
            time.sleep(0.3)
        raise RuntimeError(f"Voila did not listen within 60 s:\n{log.read_text()[-3000:]}")

    yield start
    for process in processes:
        process.terminate()
    stopped_together.extend(processes)


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    opened = context.new_page()
    opened.set_default_timeout(60_000)
    yield opened
    context.close()


def screenshot(page, name: str, **options) -> Path:  # type: ignore[no-untyped-def]
    """Save a PNG under :data:`ARTIFACTS` and return its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), **options)
    return path


def update_readme_screenshot(shot: Path, name: str) -> None:
    """Copy a screenshot into docs/ for the README when ACELAB_UPDATE_SCREENSHOTS=1 is set.

    Ordinary test runs leave the committed images alone.
    """
    if os.environ.get("ACELAB_UPDATE_SCREENSHOTS") == "1":
        target = ROOT / "docs" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, target)


def open_notebook_and_run_all(page, base_url: str, notebook: str) -> None:  # type: ignore[no-untyped-def]
    """Open ``notebook`` (a path under notebooks/) in JupyterLab and run all its cells.

    Waits for the kernel to be idle first (an early Run All opens a "Select Kernel" dialog),
    then uses the Run menu, and waits until every cell has run and the kernel is idle again.
    """
    page.goto(f"{base_url}/lab/tree/{notebook}?reset")
    page.wait_for_selector(".jp-Notebook", state="visible")
    _wait_kernel_idle(page)
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator("li.lm-Menu-item[data-command='runmenu:run-all']").click()
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
            return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""",
        timeout=180_000,
    )
    _wait_kernel_idle(page)


def _wait_kernel_idle(page) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_function(
        """() => {
            const status = [...document.querySelectorAll('.jp-StatusBar-TextItem')]
                .map(e => e.textContent).join(' ');
            return /\\|\\s*Idle/.test(status) && !document.querySelector('.jp-Dialog');
        }""",
        timeout=120_000,
    )


def wait_settled(table) -> None:  # type: ignore[no-untyped-def]
    """Wait until a card table (``.acelab-table-widget``) has applied its last gesture."""
    table.wait_for(state="visible")
    table.evaluate(
        """node => new Promise(resolve => {
            const done = () => node.dataset.busy === 'false'
                && (node.dataset.sent || '0') === (node.dataset.settled || '0');
            const poll = () => done() ? requestAnimationFrame(() => resolve(true))
                                      : setTimeout(poll, 10);
            poll();
        })"""
    )


def in_viewport(page, locator) -> bool:  # type: ignore[no-untyped-def]
    """True when ``locator``'s box lies wholly inside the page's viewport."""
    box = locator.bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["y"] >= 0
        and box["x"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] + box["width"] <= size["width"]
    )


def lab_view(page) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The top and bottom (px) of the notebook's view in JupyterLab: what shows unscrolled."""
    box = page.locator(".jp-WindowedPanel-outer, .jp-Notebook").first.bounding_box()
    assert box, "no notebook on the page"
    return float(box["y"]), float(box["y"] + box["height"])


def window_view(page) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The top and bottom (px) of the browser's window (Voila: the page itself scrolls)."""
    return 0.0, float(page.viewport_size["height"])


def assert_fits(page, parts, view: tuple[float, float], name: str) -> Path:  # type: ignore[no-untyped-def]
    """Screenshot the page as ``name``, then check each of ``parts`` (``{what: locator}``,
    every element each matches) lies wholly between the ``view``'s top and bottom: seen
    without scrolling. The message names every part outside, with its span, and the shot."""
    shot = screenshot(page, name)
    top, bottom = view
    outside = []
    for what, locator in parts.items():
        boxes = [element.bounding_box() for element in locator.all()]
        if not boxes or not all(boxes):
            outside.append(f"{what} is not drawn")
            continue
        start = min(box["y"] for box in boxes)
        end = max(box["y"] + box["height"] for box in boxes)
        if start < top - 0.5 or end > bottom + 0.5:
            outside.append(f"{what} spans {start:.0f}–{end:.0f} px")
    assert not outside, f"outside the view ({top:.0f}–{bottom:.0f} px): {outside}; see {shot}"
    return shot


def assert_no_broken_widgets(page, scope: str = "body") -> None:  # type: ignore[no-untyped-def]
    """Fail if the page shows a widget error, a loading placeholder, a raw repr or a traceback."""
    text = page.locator(scope).inner_text()
    for broken in BROKEN_WIDGET_TEXTS:
        assert broken not in text, f"The page shows {broken!r}"
    assert "Traceback (most recent call last)" not in text


_NEXT_KEY = """key => {
    const active = document.activeElement;
    if (active?.dataset?.key === key) return "";
    const table = active?.closest?.(".acelab-table-widget");
    const target = (table || document).querySelector(`[data-key="${CSS.escape(key)}"]`);
    const zone = target?.closest("[data-zone]");
    if (!zone || !zone.contains(active)) return "Tab";
    const items = [...zone.querySelectorAll("[data-zone-button], .acelab-t-movable")];
    return items.indexOf(target) > items.indexOf(active) ? "ArrowRight" : "ArrowLeft";
}"""


def key_to(page, key: str, limit: int = 60) -> int:  # type: ignore[no-untyped-def]
    """Move the keyboard focus to the element with ``data-key`` ``key`` as a learner would
    (Tab from zone to zone, or among a held card's places; arrow keys within a zone); returns
    the number of keys pressed."""
    for presses in range(limit):
        step = page.evaluate(_NEXT_KEY, key)
        if not step:
            return presses
        page.keyboard.press(step)
    raise AssertionError(f"The keyboard never reached {key}")


def focused_key(page) -> str | None:  # type: ignore[no-untyped-def]
    """The data-key of the focused element when it is inside a card table, else None."""
    return page.evaluate(  # type: ignore[no-any-return]
        "() => document.activeElement?.closest('.acelab-table-widget')"
        " ? document.activeElement.dataset.key || '' : null"
    )


def target_number(table, key: str) -> str:  # type: ignore[no-untyped-def]
    """The number key that takes a held card to the place ``key`` (shown on it)."""
    number = table.locator(f'[data-key="{key}"]').get_attribute("data-target")
    assert number, f"{key} is not one of the held card's places"
    return str(number)


_RUN_IN_KERNEL = """async ([base, path, code]) => {
    const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || '';
    const headers = {'X-XSRFToken': decodeURIComponent(xsrf)};
    const sessions = await (await fetch(`${base}/api/sessions`, {headers})).json();
    if (!Array.isArray(sessions)) return {status: 'none', errors: [JSON.stringify(sessions)]};
    const session = sessions.find(s => s.path === path);
    if (!session) return {status: 'no session', errors: [path]};
    const [id, sid] = [crypto.randomUUID(), crypto.randomUUID()];
    const url = `${location.origin.replace(/^http/, 'ws')}${base}/api/kernels/${session.kernel.id}`;
    const socket = new WebSocket(`${url}/channels?session_id=${sid}&_xsrf=${xsrf}`);
    return await new Promise((resolve, reject) => {
        const errors = [];
        socket.onerror = () => reject(new Error('the kernel websocket failed'));
        socket.onopen = () => socket.send(JSON.stringify({
            header: {msg_id: id, msg_type: 'execute_request', username: 'test', session: sid,
                     date: new Date().toISOString(), version: '5.3'},
            parent_header: {}, metadata: {}, channel: 'shell', buffers: [],
            content: {code, silent: false, store_history: false, user_expressions: {},
                      allow_stdin: false, stop_on_error: true},
        }));
        socket.onmessage = event => {
            if (typeof event.data !== 'string') return;
            const message = JSON.parse(event.data);
            if (message.parent_header?.msg_id !== id) return;
            if (message.msg_type === 'error') errors.push(message.content.traceback.join('\\n'));
            if (message.msg_type === 'execute_reply') {
                socket.close();
                resolve({status: message.content.status, errors});
            }
        };
    });
}"""


def run_in_kernel(page, notebook: str, code: str, base: str = "") -> None:  # type: ignore[no-untyped-def]
    """Run ``code`` in the kernel of ``notebook`` (open in JupyterLab on ``page``, served at
    ``base``: ``/user/NAME`` on the hub), as a cell would, without adding a cell; its widget
    changes reach the page. Fails on an error."""
    reply = page.evaluate(_RUN_IN_KERNEL, [base, notebook, code])
    assert reply["status"] == "ok" and not reply["errors"], reply

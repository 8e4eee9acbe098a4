"""A classroom on one small server (issues 17, 23): N pupils on the class hub at once.

Starts deploy/hub/jupyterhub_config.py as root on 127.0.0.1 (dummy logins, a service token), each
pupil's server as the pupil's own system user from the pupils' environment, exactly as the class
hub runs them (``sudo make hub`` installs everything; the benchmark installs the pinned Playwright
itself if it is missing, and needs Debian's Chromium at /usr/bin/chromium; no pytest). Then, for N
pupils at the same time: their server, a kernel, every code cell of the Ace Pilot lesson (the
pupils' edition), then 20 moves of an Ace Pilot play panel, each sent as an ``execute_request``
over the kernel's websocket through the hub's proxy, timed from the request to its
``execute_reply``. Meanwhile three more pupils log in with Chromium, run the Ace Pilot play
notebook and click through its panel (50 clicks each), each click timed to settled by the card
table itself (``data-last-ms``, as benchmarks/panel_clicks.py).

Prints the failures (goal 0; any failure makes the exit status 1), hub start to N servers up
(goal under 3 minutes), the memory of each pupil (server and kernel; goal under 300 MB), move ->
reply p50 and p90 (goal p90 under 1 s), the browser pupils' click-to-settled median and p90
(goal median under 250 ms), the hub's and its proxy's memory, and the load average before and
after (the machine is shared).

Run: sudo .venv/bin/python benchmarks/classroom.py [PUPILS]   (default 30; 1 to 200, e.g. 60)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.hub import Hub, free_port, missing, open_kernel, running_hub  # noqa: E402

LESSON = ROOT / "notebooks" / "ace_pilot" / "lesson.ipynb"
PLAY = ROOT / "notebooks" / "ace_pilot" / "play.ipynb"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
WATCHERS = ["watch1", "watch2", "watch3"]  # the pupils in Chromium
SETUP = """
from acelab.ace_pilot.panel import AcePilotPanel
def tap(kind, card=None, zone=None):
    seq = panel.table.settled + 1
    panel.table.gesture({"kind": kind, "card": card, "zone": zone, "seq": seq})
    assert not panel.table.errors, panel.table.errors
panel = AcePilotPanel(seed=4726170)
panel
"""
ROUND = [  # seed 4726170's winning first round (benchmarks/ace_pilot_panel.py)
    ("card", "AD", None), ("card", "KC", None), ("card", "KC", None), ("zone", None, "ace:D"),
    ("card", "QC", None), ("zone", None, "ace:D"), ("card", "2S", None), ("card", "AH", None),
    ("control", None, "round:0:up"), ("control", None, "check"), ("control", None, "hint"),
    ("control", None, "undo"), ("control", None, "round:0:up"), ("control", None, "confirm"),
]  # fmt: skip
MOVES = 20
CYCLE = [  # benchmarks/panel_clicks.py's Ace Pilot clicks
    "[data-zone='hand'] [data-card='KC']",
    "[data-zone-button='ace:D']",
    "[data-zone='hand'] [data-card='QC']",
    "[data-zone-button='ace:D']",
    "[data-zone='hand'] [data-card='2S']",
    "[data-zone='ready'] [data-card='AH']",
    "[data-control='round:0:up']",
    "[data-control='clear']",
]
CLICKS = ["[data-card='AD']", "[data-zone='odds'] [data-card='KC']", *CYCLE * 6]
SETTLED = """node => new Promise(resolve => {
    const done = () => node.dataset.busy === 'false'
        && (node.dataset.sent || '0') === (node.dataset.settled || '0');
    const poll = () => done() ? requestAnimationFrame(() => resolve(true)) : setTimeout(poll, 10);
    poll();
})"""
ALL_RUN = """() => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
    return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}"""
IDLE = """() => {
    const status = [...document.querySelectorAll('.jp-StatusBar-TextItem')]
        .map(e => e.textContent).join(' ');
    return /\\|\\s*Idle/.test(status) && !document.querySelector('.jp-Dialog');
}"""


def ensure_playwright() -> None:
    """Install the Playwright pinned in pyproject.toml's test extra when it is missing."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
        pin = next(p for p in project["optional-dependencies"]["test"] if "playwright" in p)
        print(f"installing {pin} (the browser slice needs it)")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", pin], check=True)


def moves() -> list[str]:
    """20 moves: the winning round, then a new game of the same seed and its first moves."""
    codes = [f"tap({kind!r}, {card!r}, {zone!r})" for kind, card, zone in ROUND]
    codes.append("panel.new_game(4726170)")
    codes += codes[: MOVES - len(codes)]
    return codes[:MOVES]


def lesson_cells() -> list[str]:
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


async def execute(socket: Any, session: str, code: str) -> float:
    """Run ``code`` in the kernel; seconds to its execute_reply. Raises on an error."""
    from tests.browser.hub import execute as run

    start = time.perf_counter()
    reply, _ = await run(socket, session, code, 600)
    elapsed = time.perf_counter() - start
    if reply["status"] != "ok":
        raise RuntimeError(f"{reply.get('ename')}: {code[:60]!r}")
    return elapsed


async def pupil_session(hub: Hub, pupil: str, times: list[float]) -> str:
    """One pupil's lesson and moves; ``""`` or why it failed."""
    socket = None
    try:
        socket = await open_kernel(hub, pupil, "class/ace_pilot")
        session = uuid.uuid4().hex
        for code in lesson_cells():
            await execute(socket, session, code)
        await execute(socket, session, SETUP)
        for code in moves():
            times.append(await execute(socket, session, code))
        socket.close()
        return ""
    except Exception as error:  # a benchmark counts failures; it does not stop at the first
        closed = ""
        if socket is not None and socket.close_code is not None:
            closed = f" (the server closed the kernel's websocket: {socket.close_code} "
            closed += f"{socket.close_reason or 'without a reason'})"
        return f"{pupil}: {type(error).__name__}: {error}{closed}"


async def browser_pupil(browser: Any, hub: Hub, pupil: str, clicks: dict[str, list[float]]) -> str:
    """A pupil in Chromium: log in, run the play notebook, click through the panel; ``""`` or
    why it failed. Each click's milliseconds to settled go in ``clicks``."""
    context = await browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        page = await context.new_page()
        page.set_default_timeout(600_000)
        await page.goto(f"{hub.url}/hub/login")
        await page.locator("#username_input").fill(pupil)
        await page.locator("#password_input").fill("anything")
        await page.locator("#login_submit").click()
        await page.wait_for_url(f"{hub.url}/user/{pupil}/**")
        await page.goto(f"{hub.url}/user/{pupil}/lab/tree/class/ace_pilot/play.ipynb?reset")
        await page.wait_for_selector(".jp-Notebook", state="visible")
        await page.wait_for_function(IDLE, timeout=600_000)
        await page.locator(".lm-MenuBar-item", has_text="Run").first.click()
        await page.locator("li.lm-Menu-item[data-command='runmenu:run-all']").click()
        await page.wait_for_function(ALL_RUN, timeout=600_000)
        await page.wait_for_function(IDLE, timeout=600_000)
        table = page.locator(".acelab-ace-pilot .acelab-table-widget").first
        await table.wait_for(state="visible")
        await table.evaluate(SETTLED)
        if await table.locator("[data-control='resume:no']").count():
            await table.locator("[data-control='resume:no']").first.click()
            await table.evaluate(SETTLED)
        for selector in CLICKS:
            await table.locator(selector).first.click()
            await table.evaluate(SETTLED)
            clicks.setdefault(pupil, []).append(
                float(await table.get_attribute("data-last-ms") or "nan")
            )
        return ""
    except Exception as error:
        shot = ROOT / "tests" / "browser" / "artifacts" / f"classroom_{pupil}.png"
        shot.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(Exception):
            await page.screenshot(path=str(shot))
        return f"{pupil} (Chromium): {type(error).__name__}: {str(error)[:300]} (see {shot})"
    finally:
        await context.close()


async def browser_slice(hub: Hub, clicks: dict[str, list[float]]) -> list[str]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        results = await asyncio.gather(*(browser_pupil(browser, hub, p, clicks) for p in WATCHERS))
        await browser.close()
    return [r for r in results if r]


def memory(hub: Hub, pupils: list[str]) -> tuple[list[float], float, float]:
    """Resident MB of each pupil (their server and its kernels), of the hub, of its proxy."""
    import psutil

    each = []
    hub_process = psutil.Process(hub.process.pid)
    proxy = sum(p.memory_info().rss for p in hub_process.children() if "node" in p.name().lower())
    for pupil in pupils:
        state = hub.api("GET", f"/users/{pupil}")["servers"][""]["state"]
        server = psutil.Process(state["pid"])
        family = [server, *server.children(recursive=True)]
        each.append(sum(p.memory_info().rss for p in family) / 2**20)
    return each, hub_process.memory_info().rss / 2**20, proxy / 2**20


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[8] if len(values) > 1 else max(values, default=0)


async def classroom(hub: Hub, pupils: list[str], hub_started: float) -> list[str]:
    """The class: every pupil's server, then lessons and moves beside the browser slice."""
    from tornado.httpclient import AsyncHTTPClient

    loop = asyncio.get_running_loop()
    everyone = pupils + WATCHERS
    AsyncHTTPClient.configure(None, max_clients=len(everyone) + 10)  # tornado's default: 10
    # every server asked for at once, as a class logging in does
    failed = await loop.run_in_executor(None, hub.start_servers, everyone, 900)
    failures = [f"{pupil}: {why}" for pupil, why in failed.items()]
    up = time.perf_counter() - hub_started
    for pupil in everyone:
        if any(f.startswith(f"{pupil}:") for f in failures):
            continue
        hub.write_as(pupil, "class/ace_pilot/lesson.ipynb", LESSON.read_text(encoding="utf-8"))
        hub.write_as(pupil, "class/ace_pilot/play.ipynb", PLAY.read_text(encoding="utf-8"))
        hub.lab_settings(pupil)
    times: list[float] = []
    by_watcher: dict[str, list[float]] = {}
    start = time.perf_counter()
    sessions = asyncio.gather(*(pupil_session(hub, p, times) for p in pupils))
    results, browsed = await asyncio.gather(sessions, browser_slice(hub, by_watcher))
    lessons = time.perf_counter() - start
    during = os.getloadavg()  # the last minute's, with every pupil's server still up
    clicks = [ms for watched in by_watcher.values() for ms in watched]
    failures += [r for r in results if r] + browsed
    each, hub_mb, proxy_mb = memory(hub, [p for p in everyone if p not in str(failures)])
    print(f"{len(pupils)} pupils at once (+{len(WATCHERS)} in Chromium), each their own system "
          f"user; hub start to {len(everyone)} servers up: {up:.0f} s (goal under 180 s); "
          f"lessons and moves in {lessons:.0f} s")  # fmt: skip
    print(f"failures: {len(failures)} (goal 0)")
    for failure in failures[:10]:
        print(f"  {failure}")
    if each:
        print(f"memory per pupil (server + kernel) over {len(each)} pupils: median "
              f"{statistics.median(each):.0f} MB, p90 {p90(each):.0f} MB, largest "
              f"{max(each):.0f} MB (goal under 300 MB)")  # fmt: skip
    if times:
        print(f"move -> reply over {len(times)} moves (kernel protocol): p50 "
              f"{statistics.median(times) * 1000:.0f} ms, p90 {p90(times) * 1000:.0f} ms, "
              f"worst {max(times) * 1000:.0f} ms (goal p90 under 1 s)")  # fmt: skip
    if clicks:
        print(f"click -> settled over {len(clicks)} clicks (Chromium, {len(WATCHERS)} pupils): "
              f"median {statistics.median(clicks):.0f} ms, p90 {p90(clicks):.0f} ms, worst "
              f"{max(clicks):.0f} ms (goal median under 250 ms)")  # fmt: skip
        medians = ", ".join(
            f"{pupil} {statistics.median(ms):.0f} ms" for pupil, ms in sorted(by_watcher.items())
        )
        print(f"click -> settled median of each Chromium pupil: {medians}")
    print(f"hub: {hub_mb:.0f} MB resident; its proxy: {proxy_mb:.0f} MB")
    print(f"load average as the lessons ended: {' '.join(f'{x:.2f}' for x in during)} "
          f"on {os.cpu_count()} cores")  # fmt: skip
    return failures


def main() -> int:
    try:
        count = int(sys.argv[1]) if len(sys.argv) > 1 else 30
        if not 1 <= count <= 200 or len(sys.argv) > 2:
            raise ValueError
    except ValueError:
        print("Usage: benchmarks/classroom.py [PUPILS]: PUPILS is a whole number from 1 to 200 "
              f"(30 unless given), not {' '.join(sys.argv[1:])!r}.", file=sys.stderr)  # fmt: skip
        return 2
    why = missing()
    if why:
        print(f"The hub cannot start: {why}. Run `sudo make hub` first.", file=sys.stderr)
        return 2
    if not Path(CHROMIUM).exists():
        print(f"Debian's Chromium is missing at {CHROMIUM} (apt-get install chromium).")
        return 2
    ensure_playwright()
    pupils = [f"pupil{n:02d}" for n in range(1, count + 1)]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")  # fmt: skip
    hub_started = time.perf_counter()
    with running_hub(free_port(), pupils + WATCHERS) as hub:
        failures = asyncio.run(classroom(hub, pupils, hub_started))
        if failures:  # the hub's log goes with its folder: keep it to see why
            kept = Path(tempfile.gettempdir()) / "acelab-classroom-hub.log"
            shutil.copyfile(hub.log, kept)
            print(f"the hub's log (every pupil's server too): {kept}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

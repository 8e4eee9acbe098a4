"""A classroom on one small server (issue 17): 30 pupils on the local JupyterHub at once.

Starts deploy/hub/jupyterhub_config.py on 127.0.0.1 (dummy logins, a service token; needs
``make hub``), then for 30 pupils at the same time: their server, a kernel, every code cell of
the Ace Pilot lesson (the pupils' edition), then 20 moves of an Ace Pilot play panel, each sent
as an ``execute_request`` over the kernel's websocket through the hub's proxy, timed from the
request to its ``execute_reply``. Prints the failures (goal 0), each kernel's resident memory
(goal under 250 MB), the p50 and p90 of move → reply (goal p90 under 1 s), the memory of the
hub and its proxy, and the load average before and after (the machine is shared).

Run: .venv/bin/python benchmarks/classroom.py [PUPILS]
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.hub import TOKEN, Hub, missing, running_hub  # noqa: E402

LESSON = ROOT / "notebooks" / "ace_pilot" / "lesson.ipynb"
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
HEADERS = {"Authorization": f"token {TOKEN}"}


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
    msg_id = uuid.uuid4().hex
    message = {
        "header": {
            "msg_id": msg_id,
            "msg_type": "execute_request",
            "session": session,
            "username": "bench",
            "version": "5.3",
            "date": "",
        },
        "parent_header": {},
        "metadata": {},
        "content": {
            "code": code,
            "silent": False,
            "store_history": True,
            "user_expressions": {},
            "allow_stdin": False,
            "stop_on_error": True,
        },
        "channel": "shell",
        "buffers": [],
    }
    start = time.perf_counter()
    await socket.write_message(json.dumps(message))
    while True:
        raw = await asyncio.wait_for(socket.read_message(), timeout=600)
        if raw is None:
            raise RuntimeError("the kernel's websocket closed")
        reply = json.loads(raw)
        if reply.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        if reply["msg_type"] == "execute_reply":
            elapsed = time.perf_counter() - start
            if reply["content"]["status"] != "ok":
                raise RuntimeError(f"{reply['content'].get('ename')}: {code[:60]!r}")
            return elapsed


async def pupil_session(hub: Hub, pupil: str, times: list[float]) -> str:
    """One pupil's lesson and moves; ``""`` or why it failed."""
    client = AsyncHTTPClient()
    base = f"{hub.url}/user/{pupil}/api"
    try:
        response = await client.fetch(
            HTTPRequest(
                f"{base}/kernels",
                method="POST",
                headers=HEADERS,
                body=json.dumps({"name": "python3", "path": "class/ace_pilot"}),
                request_timeout=600,
            )
        )
        kernel = json.loads(response.body)["id"]
        ws = hub.url.replace("http", "ws", 1)
        socket = await websocket_connect(
            HTTPRequest(f"{ws}/user/{pupil}/api/kernels/{kernel}/channels", headers=HEADERS),
            max_message_size=100 * 1024 * 1024,
        )
        session = uuid.uuid4().hex
        for code in lesson_cells():
            await execute(socket, session, code)
        await execute(socket, session, SETUP)
        for code in moves():
            times.append(await execute(socket, session, code))
        socket.close()
        return ""
    except Exception as error:  # a benchmark counts failures; it does not stop at the first
        return f"{pupil}: {type(error).__name__}: {error}"


def memory(hub: Hub, pupils: list[str]) -> tuple[list[float], list[float], float, float]:
    """Resident MB of each kernel and each pupil's server, of the hub and of its proxy."""
    kernels, servers = [], []
    hub_process = psutil.Process(hub.process.pid)
    proxy = sum(p.memory_info().rss for p in hub_process.children() if "node" in p.name().lower())
    for pupil in pupils:
        state = hub.api("GET", f"/users/{pupil}")["servers"][""]["state"]
        server = psutil.Process(state["pid"])
        servers.append(server.memory_info().rss / 2**20)
        for child in server.children(recursive=True):
            if "ipykernel" in " ".join(child.cmdline()):
                kernels.append(child.memory_info().rss / 2**20)
    return kernels, servers, hub_process.memory_info().rss / 2**20, proxy / 2**20


async def classroom(hub: Hub, pupils: list[str]) -> None:
    start = time.perf_counter()
    loop = asyncio.get_running_loop()
    urls = await asyncio.gather(
        *(loop.run_in_executor(None, hub.start_server, p, 900) for p in pupils),
        return_exceptions=True,
    )
    failures = [
        f"{p}: server: {u}" for p, u in zip(pupils, urls, strict=True) if not isinstance(u, str)
    ]
    started = time.perf_counter() - start
    for pupil in pupils:
        target = hub.homes / pupil / "class" / "ace_pilot"
        target.mkdir(parents=True, exist_ok=True)
        (target / LESSON.name).write_bytes(LESSON.read_bytes())
    times: list[float] = []
    start = time.perf_counter()
    results = await asyncio.gather(*(pupil_session(hub, p, times) for p in pupils))
    lessons = time.perf_counter() - start
    failures += [r for r in results if r]
    kernels, servers, hub_mb, proxy_mb = memory(hub, pupils)
    quantiles = statistics.quantiles(times, n=10) if len(times) > 1 else [0.0] * 9
    print(f"{len(pupils)} pupils at once; servers up in {started:.0f} s; lessons and moves "
          f"in {lessons:.0f} s")  # fmt: skip
    print(f"failures: {len(failures)} (goal 0)")
    for failure in failures[:10]:
        print(f"  {failure}")
    if kernels:
        print(f"kernel resident memory: median {statistics.median(kernels):.0f} MB, largest "
              f"{max(kernels):.0f} MB, {len(kernels)} kernels (goal under 250 MB)")  # fmt: skip
        print(f"pupil's server (without its kernel): median {statistics.median(servers):.0f} MB")
    print(f"move -> reply over {len(times)} moves: p50 {statistics.median(times) * 1000:.0f} ms, "
          f"p90 {quantiles[8] * 1000:.0f} ms, worst {max(times, default=0) * 1000:.0f} ms "
          "(goal p90 under 1 s)")  # fmt: skip
    print(f"hub: {hub_mb:.0f} MB resident; its proxy: {proxy_mb:.0f} MB")


def main() -> None:
    why = missing()
    if why:
        raise SystemExit(f"The hub cannot start: {why}. Run `make hub` first.")
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    pupils = [f"pupil{n:02d}" for n in range(1, count + 1)]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as temp, running_hub(Path(temp), _port(), pupils) as hub:
        asyncio.run(classroom(hub, pupils))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def _port() -> int:
    from tests.browser.conftest import free_port

    return free_port()


if __name__ == "__main__":
    main()

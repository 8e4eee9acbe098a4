"""Shared by the table service's tests: a real service on 127.0.0.1 (the hub's sign-in replaced
by a fixed list of test tokens: the hub's own OAuth is tested on the real hub, in
tests/browser/test_hub_tables.py), and the independent checks of what a seat is sent."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tornado import web

from acelab.engine import encode
from acelab.tables.service import Who, make_app, start_ticking
from acelab.tables.tables import Tables
from tests.conformance.games import ADAPTERS
from tests.conformance.test_leaks import named


class TokenIdentity:
    """Test tokens: ``token test-NAME`` is pupil NAME, ``token teach-NAME`` the teacher NAME;
    any other token is nobody (as the hub answers for a forged one). ``token busy-N-NAME`` is
    pupil NAME once the first N checks of that token have failed as HubOAuth fails when the
    hub's API does not answer (an HTTP 500)."""

    def __init__(self) -> None:
        self.failed: dict[str, int] = {}

    async def who(self, handler: web.RequestHandler) -> Who | None:
        header = handler.request.headers.get("Authorization", "")
        token = header.removeprefix("token ")
        if token.startswith("busy-"):
            _, failures, name = token.split("-", 2)
            if self.failed.get(token, 0) < int(failures):
                self.failed[token] = self.failed.get(token, 0) + 1
                raise web.HTTPError(500, "Failed to connect to Hub API")
            return Who(name, False)
        kind, _, name = token.partition("-")
        if kind not in ("test", "teach") or not name:
            return None
        return Who(name, kind == "teach")


@contextmanager
def serving(tables: Tables, tick: float = 0.05) -> Iterator[str]:
    """``tables`` served on 127.0.0.1 (a free port) from a thread of its own; the URL."""
    ready = threading.Event()
    box: dict[str, Any] = {}

    def run() -> None:
        async def main() -> None:
            app = make_app(tables, TokenIdentity(), "/services/acelab-tables/", tick=tick)
            server = app.listen(0, address="127.0.0.1")
            port = next(iter(server._sockets.values())).getsockname()[1]
            box["url"] = f"http://127.0.0.1:{port}/services/acelab-tables/"
            start_ticking(app)
            box["stop"] = stop = asyncio.Event()
            box["loop"] = asyncio.get_running_loop()
            ready.set()
            await stop.wait()
            server.stop()
            app.settings["ticker"].stop()

        asyncio.run(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(30), "the service did not start"
    try:
        yield box["url"]
    finally:
        box["loop"].call_soon_threadsafe(box["stop"].set)
        thread.join(30)


def check_reply(
    reply: Any, game: str, states: list[Any], steps: list[Any], seat: int, seed: object
) -> None:
    """Nothing in ``reply`` (a view sent to ``seat``) names a card ``seat`` may not see (the
    conformance adapters say which, independently of the service), nor the seed: in the
    observation, in the legal moves, in each move's events, anywhere else. ``states`` are the
    engine's states by version (replayed by the test), ``steps`` each move's own events."""
    adapter = ADAPTERS[game]
    text = json.dumps(reply)
    assert '"seed"' not in text, "the seed was sent to a seat"
    if not isinstance(seed, int) or seed >= 10_000:  # a small number is in any reply (a count)
        said = re.escape(json.dumps(seed))  # a whole token: 14821 is no part of 1764821…
        assert not re.search(rf"(?<![\w.]){said}(?![\w.])", text), "the seed was sent to a seat"
    view = reply.get("view", reply)
    if "observation" not in view:
        return
    state = states[view["version"]]
    hidden = adapter.hidden(state, seat)
    shown = named(view["observation"], adapter.history) | named(view["legal"], ())
    assert not hidden & shown, f"seat {seat} was sent {sorted(hidden & shown)}"
    rest = {k: v for k, v in view.items() if k not in ("observation", "legal", "events")}
    assert not hidden & named(rest, ("name",)), "a hidden card in the table's details"
    for entry in view["events"]:
        version = entry["version"]
        before, after = states[version - 1], states[version]
        secret = adapter.hidden(before, seat) & adapter.hidden(after, seat)
        secret -= adapter.face_up(steps[version - 1])
        told = named(entry["events"], ())
        assert not secret & told, f"seat {seat} heard of {sorted(secret & told)}"


def encoded(value: Any) -> Any:
    """``value`` as the service sends it (acelab's JSON codec)."""
    return json.loads(json.dumps(encode(value)))


def db_path(folder: Path) -> Path:
    return folder / "tables.sqlite3"

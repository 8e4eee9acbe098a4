"""The Python side of a click, in process (no browser, no kernel): the rows of
``panel_clicks.py``, each click timed from the gesture's arrival to the last message sent.

Run: python benchmarks/panel_python.py [--clicks N] [--profile] [--before REV] [ROW …]. Each
row's panel is built as its notebook builds it (the same code, read with
:func:`ast.literal_eval`, never run as text) and saves every move into a progress store in a
temporary ``ACELAB_HOME``, as the notebooks' panels do. The clicks are the rows' own, read
from their selectors, or played as a player would (the same choice as the browser's). A fake
comm stands for the kernel's: every message is serialized as JSON (the kernel's own cost), and
counted. Bots play at their pace on
a running event loop between two clicks, as in a live notebook, and are not timed.

Printed per row: the median, 90th percentile and worst milliseconds of a click, the messages
and bytes a click sends; ``--profile`` adds the functions that took the most time overall.
``--before REV`` runs each row twice, each in a fresh Python: first with acelab as it was at git
revision ``REV`` (its ``acelab/`` exported to a temporary folder), then as it is now.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import cProfile
import importlib
import io
import json
import os
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OLDER = "ACELAB_BENCH_OLDER"  # a folder holding an older acelab/, imported in its place
if os.environ.get(OLDER):
    sys.path.insert(0, os.environ[OLDER])

from benchmarks import panel_clicks  # noqa: E402


class Wire:
    """A stand-in for a widget's comm: serializes what is sent as the kernel would, and
    counts messages and bytes."""

    comm_id = "wire"
    messages = 0
    bytes = 0

    def send(self, data: dict[str, Any], buffers: object = None) -> None:
        Wire.messages += 1
        Wire.bytes += len(json.dumps(data, separators=(",", ":")))

    def on_msg(self, callback: object) -> None:
        pass

    def close(self, *args: object, **kwargs: object) -> None:
        pass


def build(code: str) -> Any:
    """The panel a row's notebook code builds: ``from M import C`` then ``C(literal, …)``."""
    tree = ast.parse(code)
    imported: dict[str, Any] = {}
    for node in tree.body[:-1]:
        if not isinstance(node, ast.ImportFrom) or node.module is None:
            raise ValueError("A row's code imports its panel, then calls it.")
        module = importlib.import_module(node.module)
        imported.update({alias.name: getattr(module, alias.name) for alias in node.names})
    call = tree.body[-1]
    if not (isinstance(call, ast.Expr) and isinstance(call.value, ast.Call)):
        raise ValueError("A row's code ends with the call that builds the panel.")
    func = call.value.func
    if not isinstance(func, ast.Name):
        raise ValueError("A row's panel is called by name.")
    args = [ast.literal_eval(arg) for arg in call.value.args]
    kwargs = {k.arg: ast.literal_eval(k.value) for k in call.value.keywords if k.arg}
    return imported[func.id](*args, **kwargs)


def wire_everything(panel: Any) -> None:
    """Put a :class:`Wire` in place of the comm of every widget the panel shows."""
    seen: set[int] = set()

    def walk(widget: Any) -> None:
        if id(widget) in seen:
            return
        seen.add(id(widget))
        widget.comm = Wire()
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(panel.widget)
    walk(panel.table)


class Player:
    """Clicks on a panel's table as the browser benchmark does, from Python."""

    def __init__(self, panel: Any) -> None:
        self.panel = panel
        self.table = panel.table
        self.held: str | None = None
        self.seq = 0
        self.refused: list[str] = []  # buttons refused since the last move (not pressed again)

    def send(self, kind: str, card: str | None = None, zone: str | None = None) -> float:
        """One gesture: the seconds until the table has answered it."""
        self.seq = max(self.seq, self.table.settled) + 1
        gesture = {"kind": kind, "card": card, "zone": zone, "seq": self.seq, "confirmed": True}
        started = time.perf_counter()
        self.table.gesture(gesture)
        spent = time.perf_counter() - started
        highlighted = {
            c["key"] for z in self.table.zones for c in z["cards"] if c.get("highlighted")
        }
        if kind == "card":
            self.held = card if card in highlighted else None
        elif kind in ("drop", "zone", "control"):
            self.held = self.held if self.held in highlighted else None
        return spent

    def selector(self, selector: str) -> float:
        """The click a row's selector names."""
        if found := re.search(r"data-card='([^']+)'", selector):
            return self.send("card", card=found.group(1))
        if found := re.search(r"data-zone-button='([^']+)'", selector):
            if self.held:
                return self.send("drop", card=self.held, zone=found.group(1))
            return self.send("zone", zone=found.group(1))
        if found := re.search(r"data-control='([^']+)'", selector):
            return self.send("control", zone=found.group(1))
        raise ValueError(f"No gesture for {selector}")

    def next_click(self, cards: int) -> float:
        """The click a player makes next (the browser benchmark's choice, from the traits)."""
        controls = [c for c in self.table.controls if not c.get("disabled")]
        keys = [c["key"] for c in controls]
        if "reveal" in keys:
            self.refused.clear()  # a new choice: every button may be tried again
            return self.send("control", zone="reveal")
        hand = next((z for z in self.table.zones if z["key"] == "hand"), None)
        movable = [c for c in hand["cards"] if c.get("movable")] if hand else []
        chosen = [c for c in movable if c.get("highlighted")]
        free = [c for c in movable if not c.get("highlighted")]
        if free and len(chosen) < cards:
            self.refused.clear()
            return self.send("card", card=free[0]["key"])
        avoid = (*panel_clicks.NOT_PLAY, *self.refused)
        play = [k for k in keys if not any(k == a or k.startswith(f"{a}:") for a in avoid)]
        button = play[0] if play else "new"
        spent = self.send("control", zone=button)
        if self.table.status.get("kind") == "error":
            self.refused.append(button)
        elif button == "reveal":
            self.refused.clear()
        return spent


async def _bots_done(panel: Any) -> None:
    while getattr(panel, "bots_running", False):
        await asyncio.sleep(0.01)


async def measure(
    row: panel_clicks.Row, clicks: int, pause: float | None = None
) -> tuple[list[float], int, int]:
    """The row's clicks: seconds each, and the messages and bytes they sent in all; ``pause``
    (seconds) paces the bots in place of the row's own pause (a test's quick run)."""
    panel = build(row.code)
    if pause is not None and hasattr(panel, "pause"):
        panel.pause = pause
    wire_everything(panel)
    player = Player(panel)
    await _bots_done(panel)
    if any(c["key"] == "resume:no" for c in panel.table.controls):
        player.send("control", zone="resume:no")
    timings: list[float] = []
    Wire.messages = Wire.bytes = 0
    steps = getattr(row.measure, "steps", None)
    if steps is not None:  # scripted: the row's selectors
        first, cycle = steps
        order = list(first) + list(cycle) * (1 + clicks // len(cycle))
        for selector in order[: max(clicks, len(first))]:
            timings.append(player.selector(selector))
            await _bots_done(panel)
    else:
        cards = getattr(row.measure, "cards", 0)
        while len(timings) < clicks:
            await _bots_done(panel)
            timings.append(player.next_click(cards))
            wire_everything(panel)  # a new game may show new widgets
    await _bots_done(panel)
    return timings, Wire.messages, Wire.bytes


def p90(values: list[float]) -> float:
    return sorted(values)[int(0.9 * (len(values) - 1))]


def _row_figures(
    row: panel_clicks.Row, clicks: int, profile: cProfile.Profile | None
) -> dict[str, Any]:
    build(row.code)  # warm imports and caches once
    if profile:
        profile.enable()
    timings, messages, sent = asyncio.run(measure(row, clicks))
    if profile:
        profile.disable()
    return {"ms": [t * 1000 for t in timings], "messages": messages, "bytes": sent}


def _figures_of(code: Path | None, row: panel_clicks.Row, clicks: int) -> dict[str, Any]:
    """The row's figures from a fresh Python: acelab from ``code`` (an older tree), or from
    this one."""
    env = dict(os.environ)
    env.pop(OLDER, None)
    if code is not None:
        env[OLDER] = str(code)
    command = [sys.executable, __file__, "--json", "--clicks", str(clicks), row.name]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    figures: dict[str, Any] = json.loads(out.splitlines()[-1])
    expected = (code or ROOT) / "acelab"
    if Path(figures["acelab"]) != expected:
        raise RuntimeError(f"The run imported {figures['acelab']}, not {expected}.")
    return figures


def _line(name: str, figures: dict[str, Any]) -> str:
    """One row of the table: the figures of one run."""
    ms = figures["ms"]
    return (
        f"  {name:32} {statistics.median(ms):7.1f} {p90(ms):6.1f} {max(ms):6.1f}"
        f" {figures['messages'] / len(ms):6.1f} {figures['bytes'] / len(ms):7.0f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=60, help="clicks per row (default 60)")
    parser.add_argument("--profile", action="store_true", help="print the costliest functions")
    parser.add_argument(
        "--before", metavar="REV", help="also run acelab as of git revision REV, row by row"
    )
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one row, as JSON
    parser.add_argument("rows", nargs="*", help="the rows to run (default: all)")
    args = parser.parse_args(argv)
    rows = [row for row in panel_clicks.ROWS if not args.rows or row.name in args.rows]
    if not rows:
        parser.error(f"the rows are: {', '.join(row.name for row in panel_clicks.ROWS)}")
    work = Path(tempfile.mkdtemp(prefix="acelab-python-clicks-"))
    os.environ["ACELAB_HOME"] = str(work / "home")
    if args.json:
        import acelab

        figures = _row_figures(rows[0], args.clicks, None)
        print(json.dumps({**figures, "acelab": str(Path(acelab.__file__).parent)}))
        return
    older = panel_clicks.export_acelab(args.before, work / "before") if args.before else None
    profile = cProfile.Profile() if args.profile else None
    print(f"The Python side of a click, in process ({args.clicks} clicks a row; ms)")
    print(f"  {'panel':32} {'median':>7} {'p90':>6} {'worst':>6} {'msgs':>6} {'bytes':>7}")
    load = os.getloadavg()
    for row in rows:
        if older is not None:
            print(_line(f"{row.name[:23]} (before)", _figures_of(older, row, args.clicks)))
            print(_line(row.name, _figures_of(None, row, args.clicks)), flush=True)
        else:
            print(_line(row.name, _row_figures(row, args.clicks, profile)), flush=True)
    after = os.getloadavg()
    print(f"Load average (1 min): {load[0]:.1f} ... {after[0]:.1f} on {os.cpu_count()} cores")
    if args.before:
        print(f"(before: acelab as of {args.before}, each row run just before the same row now)")
    shutil.rmtree(work, ignore_errors=True)
    if profile:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(
            int(os.environ.get("ACELAB_BENCH_TOP", "45"))
        )
        print(out.getvalue())


if __name__ == "__main__":
    main()

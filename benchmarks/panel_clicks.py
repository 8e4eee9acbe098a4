"""Click to settled panel, in Chromium, for every game panel in every mode (issue 27).

Run: python benchmarks/panel_clicks.py [--clicks N] [--before REV] [ROW …] (needs Debian's
Chromium at /usr/bin/chromium). Starts a JupyterLab on a throw-away folder (with a temporary
ACELAB_HOME), writes one small notebook per row (one panel, a fixed seed, saving every move as
the notebooks' panels do), runs it and makes at least ``N`` scripted clicks (default 30) on its
panel. Each figure is the browser's own timing (``performance.now()`` in the card table's
module) from the click to the frame after Python has answered and the table is redrawn (the
widgets around the table, a move log or an equation, are sent just after the table's answer).
The goal (issue 27): on this machine, idle, a median under 50 ms and a 90th percentile under
100 ms for every row; the load average is printed beside the figures, for other work shares
the machine. ``--before REV`` measures each row twice in the same run, on a second JupyterLab
whose kernels import acelab as it was at git revision ``REV``, then on this one, one after the
other (the load changes slowly), and prints the two side by side.

A row is a name, the notebook code that builds its panel (``from … import …`` then one call
with plain values: ``panel_python.py`` reads it too) and how it is clicked (:func:`scripted`
selectors, or :func:`playing` as a player would); add one to :data:`ROWS`.

The rows (every panel in every mode it has):

- Ace Pilot, solitaire (seed 4726170): choose Duke, draw K♣, then K♣ on Duke, Q♣ on Duke, 2♠
  and Hailey, round up, Clear, again and again;
- Ace Pilot, Practice (seed 4726170, a learner with no ratings yet: 2♣ 3♥ 3♣ 9♥, target 10,
  Duke starts): 2♣ and 3♥ on Duke, 3♣ and Hailey, Clear, again and again;
- Devir's Ace of Spades, solitaire (seed 7): choose and put back 2♠ 2♥ 2♣ K♠ K♥;
- Devir's, co-op in the hot seat (seed 7, Easy): each player chooses five cards and plays them
  (or Discards and Draws), with the pass screen's button between the two (its clicks are timed
  too); a button refused is not pressed again before the next choice (New game when none is
  left);
- Devir's, co-op with a bot partner (seed 7, Easy): the same, the bot playing between;
- Lex's Ace of Spades against three bots (seed 9, pause 0.3 s) and in the hot seat (three
  players, seed 5, as in its notebook, with the pass screen): the first button each time
  (New game at the end);
- Absolutely Aces against the perfect bot (seed 85) and in the hot seat: a card, then the
  first usable button (the pass screen's button in the hot seat).

Against bots each click is timed to the learner's own settled click; the next click waits
until the bots have played (their paced moves are not the learner's wait).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.browser import conftest as lab  # noqa: E402  (the browser tests' server helpers)

#: click to settled in Chromium before issue 27 (ms): median and 90th percentile, from the issue
BEFORE = {
    "Ace Pilot": "76 / 146",
    "Devir's Ace of Spades": "56 / 78",
    "Lex's Ace of Spades, bots": "42 / 53",
    "Lex's Ace of Spades, hot seat": "about 500 (a learner)",
    "Absolutely Aces, bot": "57 / 75",
}
GOAL_MEDIAN, GOAL_P90 = 50, 100
SKIP = ".acelab-t-controls [data-key='control:bots:skip']"
#: buttons a player does not press to play on (a key, or the start of keys: "difficulty:…")
NOT_PLAY = ("new", "undo", "bots:skip", "tree", "clear", "renew", "give-up", "difficulty", "hint")

PRACTICE_CYCLE = [  # seed 4726170 with no ratings yet deals 2♣ 3♥ 3♣ 9♥, target 10, Duke first
    "[data-zone='hand'] [data-card='2C']",
    "[data-zone-button='ace:D']",
    "[data-zone='hand'] [data-card='3H']",
    "[data-zone-button='ace:D']",
    "[data-zone='hand'] [data-card='3C']",
    "[data-zone='ready'] [data-card='AH']",
    "[data-control='clear']",
]
PILOT_CYCLE = [
    "[data-zone='hand'] [data-card='KC']",
    "[data-zone-button='ace:D']",
    "[data-zone='hand'] [data-card='QC']",
    "[data-zone-button='ace:D']",
    "[data-zone='hand'] [data-card='2S']",
    "[data-zone='ready'] [data-card='AH']",
    "[data-control='round:0:up']",
    "[data-control='clear']",
]
DEVIR_CLICKS = [f"[data-zone='hand'] [data-card='{c}']" for c in ("2S", "2H", "2C", "KS", "KH")]

# The next thing a player would click, from the DOM: the pass screen's button; else a usable
# card of the viewer's hand not yet chosen (up to ``cards`` of them), else the first usable
# button that plays and was not refused since the last move (then New game).
_NEXT = """([table, cards, avoid]) => {
    const key = e => e && e.dataset.key;
    const reveal = table.querySelector("[data-control='reveal']:not([disabled])");
    if (reveal) return key(reveal);
    const hand = table.querySelector("[data-zone='hand']");
    const chosen = hand ? hand.querySelectorAll('.acelab-t-movable.acelab-t-highlighted') : [];
    const free = hand ? hand.querySelector('.acelab-t-movable:not(.acelab-t-highlighted)') : null;
    if (free && chosen.length < cards) return key(free);
    const usable = '.acelab-t-controls [data-control]:not([disabled])';
    const buttons = [...table.querySelectorAll(usable)];
    const avoided = c => avoid.some(a => c === a || c.startsWith(`${a}:`));
    const play = buttons.find(b => !avoided(b.dataset.control));
    if (play) return key(play);
    return key(table.querySelector("[data-control='new']"));
}"""


def click(table, selector: str) -> float:  # type: ignore[no-untyped-def]
    """Click ``selector``: the browser's milliseconds from the click to the settled table.
    A question the button asks (New game) is answered Yes, and that click is the one timed."""
    table.locator(selector).first.click()
    question = table.locator("[data-answer='yes']")
    if question.count():
        question.click()
    lab.wait_settled(table)
    return float(table.get_attribute("data-last-ms") or "nan")


def scripted(selectors: list[str], first: list[str] = ()) -> Callable[..., list[float]]:  # type: ignore[assignment]
    """Click ``first`` once, then ``selectors`` round and round: ``clicks`` clicks in all."""

    def measure(table, clicks: int) -> list[float]:  # type: ignore[no-untyped-def]
        order = list(first) + selectors * (1 + clicks // len(selectors))
        return [click(table, selector) for selector in order[: max(clicks, len(first))]]

    measure.steps = (list(first), selectors)  # type: ignore[attr-defined]  (panel_python.py)
    return measure


def playing(cards: int = 0) -> Callable[..., list[float]]:
    """Play on as a player would (:data:`_NEXT`): ``cards`` chosen before a button."""

    def measure(table, clicks: int) -> list[float]:  # type: ignore[no-untyped-def]
        timings: list[float] = []
        refused: list[str] = []  # buttons refused since the last move: try another
        while len(timings) < clicks:
            table.locator(SKIP).wait_for(state="detached")  # the bots' paced moves are over
            avoid = json.dumps([*NOT_PLAY, *refused])
            key = table.evaluate(f"node => ({_NEXT})([node, {cards}, {avoid}])")
            timings.append(click(table, f'[data-key="{key}"]'))
            if table.locator(".acelab-t-status-error").count():
                refused.append(key.removeprefix("control:"))
            elif key.startswith("card:") or key == "control:reveal":
                refused.clear()  # a new choice: every button may be tried again
            if os.environ.get("ACELAB_BENCH_VERBOSE"):  # when Python's answer came, drawn in
                answer = table.get_attribute("data-answer-ms")
                drawn = table.get_attribute("data-draw-ms")
                print(
                    f"    {key}: {timings[-1]:.0f} ms (answered at {answer} ms, drawn in {drawn})"
                )
        return timings

    measure.cards = cards  # type: ignore[attr-defined]  (panel_python.py plays the same)
    return measure


@dataclass(frozen=True)
class Row:
    """One row of the benchmark: a panel in one mode, and how it is clicked."""

    name: str
    code: str
    measure: Callable[..., list[float]]


PILOT = "from acelab.ace_pilot.panel import AcePilotPanel\n"
DEVIR = "from acelab.ace_of_spades.panel import AceOfSpadesPanel\n"
LEX = "from acelab.ace_of_spades_lex.panel import LexPanel\n"
ACES = "from acelab.absolutely_aces.panel import AbsolutelyAcesPanel\n"
ROWS = [
    Row(
        "Ace Pilot",
        PILOT + "AcePilotPanel(seed=4726170)",
        scripted(PILOT_CYCLE, ["[data-card='AD']", "[data-zone='odds'] [data-card='KC']"]),
    ),
    Row(
        "Ace Pilot, Practice",
        PILOT + "AcePilotPanel(seed=4726170, practice=True)",
        scripted(PRACTICE_CYCLE),
    ),
    Row(
        "Devir's Ace of Spades",
        DEVIR + "AceOfSpadesPanel(seed=7)",
        scripted(DEVIR_CLICKS),
    ),
    Row(
        "Devir's, co-op hot seat",
        DEVIR + "AceOfSpadesPanel(seed=7, difficulty='easy', players=2)",
        playing(cards=5),
    ),
    Row(
        "Devir's, co-op with a bot",
        DEVIR + "AceOfSpadesPanel(seed=7, difficulty='easy', players=2, partner='bot', pause=0.3)",
        playing(cards=5),
    ),
    Row(
        "Lex's Ace of Spades, bots",
        LEX + "LexPanel(seed=9, players=4, pause=0.3)",
        playing(),
    ),
    Row(
        "Lex's Ace of Spades, hot seat",
        LEX + "LexPanel(seed=5, players=3, hot_seat=True)",
        playing(),
    ),
    Row(
        "Absolutely Aces, bot",
        ACES + "AbsolutelyAcesPanel(seed=85, pause=0.3)",
        playing(cards=1),
    ),
    Row(
        "Absolutely Aces, hot seat",
        ACES + "AbsolutelyAcesPanel(seed=85, hot_seat=True)",
        playing(cards=1),
    ),
]


def export_acelab(rev: str, folder: Path) -> Path:
    """Export the package ``acelab/`` as it was at git revision ``rev`` into ``folder`` (a
    Python with ``folder`` first on its path imports that acelab); returns ``folder``."""
    folder.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "acelab"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def write_notebook(folder: Path, row: Row) -> str:
    """Write the row's one-cell notebook under ``folder``; its path relative to ``folder``."""
    name = "bench_" + "".join(c if c.isalnum() else "_" for c in row.name.lower()) + ".ipynb"
    notebook = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": "bench", "metadata": {},
             "outputs": [], "source": row.code},
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }  # fmt: skip
    (folder / name).write_text(json.dumps(notebook))
    return name


def measure_row(page, base: str, folder: Path, row: Row, clicks: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Open the row's notebook in JupyterLab at ``base`` (serving ``folder``), run it, and time
    ``clicks`` clicks on its panel."""
    lab.open_notebook_and_run_all(page, base, write_notebook(folder, row))
    table = page.locator(".acelab-table-widget").first
    lab.wait_settled(table)
    fresh = table.locator("[data-control='resume:no']")  # a game of an earlier run is saved
    if fresh.count():
        click(table, "[data-control='resume:no']")
    return row.measure(table, clicks)


def p90(timings: list[float]) -> float:
    ordered = sorted(timings)
    return ordered[int(0.9 * (len(ordered) - 1))]


def report(
    results: dict[str, list[float]],
    loads: list[tuple[float, float, float]],
    before: dict[str, list[float]] | None = None,
    rev: str = "",
) -> bool:
    """Print each row's median and 90th percentile beside the goal and the figures before
    (measured in the same run with acelab as of ``rev``, else issue 27's), and the load
    average; True when every row meets the goal."""
    then = f"acelab as of {rev}, same run" if before else "issue 27's figures"
    print(f"Click to settled panel in Chromium (ms); before: {then} (median / p90)")
    print(f"  {'panel':32} {'clicks':>6} {'median':>7} {'p90':>6} {'worst':>6}   before")
    met = True
    for name, timings in results.items():
        median, high = statistics.median(timings), p90(timings)
        met = met and median < GOAL_MEDIAN and high < GOAL_P90
        old = before.get(name) if before else None
        was = (
            f"{statistics.median(old):.0f} / {p90(old):.0f} (worst {max(old):.0f})"
            if old
            else BEFORE.get(name, "not measured")
        )
        print(
            f"  {name:32} {len(timings):6d} {median:7.0f} {high:6.0f} {max(timings):6.0f}   {was}"
        )
    print("Load average (1, 5, 15 min): " + " ... ".join(
        ", ".join(f"{x:.1f}" for x in load) for load in loads
    ) + f" on {os.cpu_count()} cores (before ... after)")  # fmt: skip
    goal = f"median < {GOAL_MEDIAN} ms and 90th percentile < {GOAL_P90} ms on every row"
    print(f"The goal ({goal}) is {'met' if met else 'NOT met'}.")
    return met


def start_lab(folder: Path, older: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """A JupyterLab serving ``folder / "notebooks"`` (made here), its kernels importing the
    acelab in ``older`` when given; the server and its base URL, once it answers."""
    notebooks, home = folder / "notebooks", folder / "home"
    notebooks.mkdir(parents=True)
    home.mkdir()
    port = lab.free_port()
    log = home / "lab.log"
    command = [
        sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser", "--ip=127.0.0.1",
        f"--port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
        "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={notebooks}",
    ]  # fmt: skip
    env = lab._isolated_jupyter_env(home)
    if older is not None and not (older / "acelab" / "server_extension.py").exists():
        # that acelab had no server extension: the one installed now is not loaded either
        command.append('--ServerApp.jpserver_extensions={"acelab.server_extension": False}')
    if older is not None:  # the kernels find this acelab first
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(older), env.get("PYTHONPATH")]))
    with log.open("wb") as sink:  # not run from the repository: `python -m` puts its folder,
        server = subprocess.Popen(  # and so this acelab, first on the server's path
            command, env=env, stdout=sink, stderr=subprocess.STDOUT, cwd=folder
        )
    base = f"http://127.0.0.1:{port}"
    try:
        lab._wait_for(f"{base}/api/status", 60, server, log)
    except BaseException:
        lab._stop(server)
        raise
    return server, base


def main(argv: list[str] | None = None) -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30, help="clicks per row (default 30)")
    parser.add_argument(
        "--before", metavar="REV", help="also run acelab as of git revision REV, row by row"
    )
    parser.add_argument("rows", nargs="*", help="the rows to run (default: all)")
    args = parser.parse_args(argv)
    rows = [row for row in ROWS if not args.rows or row.name in args.rows]
    if not rows:
        parser.error(f"the rows are: {', '.join(row.name for row in ROWS)}")
    work = Path(tempfile.mkdtemp(prefix="acelab-bench-"))
    servers: list[subprocess.Popen[bytes]] = []
    results: dict[str, list[float]] = {}
    before: dict[str, list[float]] = {}
    loads = [os.getloadavg()]
    try:
        server, base = start_lab(work / "now")
        servers.append(server)
        labs = [(results, base, work / "now" / "notebooks")]
        if args.before:
            older = export_acelab(args.before, work / "older")
            server, old_base = start_lab(work / "then", older)
            servers.append(server)
            labs.insert(0, (before, old_base, work / "then" / "notebooks"))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=lab.CHROMIUM, args=lab.CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.set_default_timeout(60_000)
            for row in rows:  # with --before, each row then and now, one after the other
                for figures, url, notebooks in labs:
                    figures[row.name] = measure_row(page, url, notebooks, row, args.clicks)
                    page.goto("about:blank")  # the next notebook starts from a quiet page
            browser.close()
    finally:
        lab._stop(*servers)
        shutil.rmtree(work, ignore_errors=True)
    loads.append(os.getloadavg())
    report(results, loads, before, args.before or "")


if __name__ == "__main__":
    main()

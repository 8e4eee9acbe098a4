"""Click to settled panel, in Chromium, for every game panel, beside the figures of issue 19.

Run: python benchmarks/panel_clicks.py (needs Debian's Chromium at /usr/bin/chromium). Starts
a JupyterLab on a throw-away copy of notebooks/ (with a temporary ACELAB_HOME), runs each play
notebook and makes scripted clicks on its first panel. Each figure is the browser's own timing
(``performance.now()`` in the card table's module) from the click to the frame after Python has
answered and the table is redrawn. The goal (issue 19): median under 80 ms and 90th percentile
under 150 ms on this machine, which other work shares: the load average is printed too.

- Ace Pilot (seed 4726170): choose Duke, draw K♣, then six times K♣ on Duke, Q♣ on Duke, 2♠
  and Hailey, round up, Clear (50 clicks).
- Devir's Ace of Spades (seed 7): choose and put back 2♠ 2♥ 2♣ K♠ K♥, four times (40 clicks).
- Lex's Ace of Spades against three bots (seed 9, pause 0.4 s): the first button until the
  game ends, each click timed to the learner's own settled click; the bots then play one move
  at a time, and the next click waits until they have.
- Absolutely Aces (seed 85, the perfect bot): "Show me the tree" and back, ten times, then the
  winning round (pick 7♠, the Scissors Pair, 10♥), each waiting for the bot's paced answer.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser import conftest as lab  # noqa: E402  (the browser tests' server helpers)

#: click to settled in Chromium before issue 19 (ms): median and 90th percentile, from the issue
TODAY = {
    "Ace Pilot": (195, 258),
    "Devir's Ace of Spades": (149, 320),
    "Lex's Ace of Spades (bots)": (579, 2500),
    "Absolutely Aces": (160, None),
}
CYCLE = [
    "[data-zone='hand'] [data-card='KC']",
    "[data-zone-button='ace:D']",
    "[data-zone='hand'] [data-card='QC']",
    "[data-zone-button='ace:D']",
    "[data-zone='hand'] [data-card='2S']",
    "[data-zone='ready'] [data-card='AH']",
    "[data-control='round:0:up']",
    "[data-control='clear']",
]
PILOT_CLICKS = ["[data-card='AD']", "[data-zone='odds'] [data-card='KC']", *CYCLE * 6]
DEVIR_CLICKS = [f"[data-zone='hand'] [data-card='{c}']" for c in ("2S", "2H", "2C", "KS", "KH")]
ACES_CLICKS = [
    "[data-zone='hand'] [data-card='S7']",
    "[data-control='pair:Scissors']",
    "[data-zone='hand'] [data-card='H10']",
]
SKIP = ".acelab-t-controls [data-key='control:bots:skip']"
LEX_BUTTON = (
    ".acelab-t-controls [data-key^='control:']:not([data-key='control:new'])"
    ":not([data-key='control:bots:skip'])"
)


def click(table, selector: str, bots: bool = False) -> float:  # type: ignore[no-untyped-def]
    """Click ``selector``: the browser's milliseconds to settled (after any bots, when asked)."""
    if bots:  # the bots' paced moves are over before the learner clicks again
        table.locator(SKIP).wait_for(state="detached")
    table.locator(selector).first.click()
    lab.wait_settled(table)
    return float(table.get_attribute("data-last-ms") or "nan")


def measure_pilot(table) -> list[float]:  # type: ignore[no-untyped-def]
    return [click(table, selector) for selector in PILOT_CLICKS]


def measure_devir(table) -> list[float]:  # type: ignore[no-untyped-def]
    return [click(table, selector) for selector in DEVIR_CLICKS * 8]


def measure_lex(table) -> list[float]:  # type: ignore[no-untyped-def]
    """Click the first button until the game ends (at most 40 clicks)."""
    timings = []
    for _ in range(40):
        table.locator(SKIP).wait_for(state="detached")
        if "wins with" in table.locator(".acelab-t-prompt").inner_text():
            break
        timings.append(click(table, LEX_BUTTON))
    return timings


def measure_aces(table) -> list[float]:  # type: ignore[no-untyped-def]
    timings = [click(table, "[data-control='tree']") for _ in range(20)]
    return timings + [click(table, selector, bots=True) for selector in ACES_CLICKS]


PANELS = [  # name, notebook, the panel's class, the scripted clicks
    ("Ace Pilot", "ace_pilot/play.ipynb", "acelab-ace-pilot", measure_pilot),
    ("Devir's Ace of Spades", "ace_of_spades/play.ipynb", "acelab-ace-of-spades", measure_devir),
    ("Lex's Ace of Spades (bots)", "ace_of_spades_lex/play.ipynb", "acelab-lex", measure_lex),
    ("Absolutely Aces", "absolutely_aces/play.ipynb", "acelab-absolutely-aces", measure_aces),
]


def p90(timings: list[float]) -> float:
    ordered = sorted(timings)
    return ordered[int(0.9 * (len(ordered) - 1))]


def report(results: dict[str, list[float]], loads: list[tuple[float, float, float]]) -> None:
    """Print each panel's median and 90th percentile beside today's, and the load average."""
    print("Click to settled panel in Chromium (ms): now, and before issue 19")
    print(f"  {'panel':28} {'clicks':>6} {'median':>7} {'p90':>6} {'worst':>6}   before")
    met = True
    for name, timings in results.items():
        median, high = statistics.median(timings), p90(timings)
        met = met and median < 80 and high < 150
        was_median, was_p90 = TODAY[name]
        was = f"median {was_median}" + (f", p90 {was_p90}" if was_p90 else "")
        print(
            f"  {name:28} {len(timings):6d} {median:7.0f} {high:6.0f} {max(timings):6.0f}   {was}"
        )
    print("Load average (1, 5, 15 min): " + " ... ".join(
        ", ".join(f"{x:.1f}" for x in load) for load in loads
    ) + f" on {os.cpu_count()} cores (before ... after)")  # fmt: skip
    print(f"The goal (median < 80 ms, 90th percentile < 150 ms) is {'met' if met else 'NOT met'}.")


def main() -> None:
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="acelab-bench-"))
    notebooks = work / "notebooks"
    shutil.copytree(ROOT / "notebooks", notebooks)
    home = work / "home"
    home.mkdir()
    port = lab.free_port()
    log = home / "lab.log"
    command = [
        sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser", "--ip=127.0.0.1",
        f"--port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
        "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={notebooks}",
    ]  # fmt: skip
    with log.open("wb") as sink:
        server = subprocess.Popen(
            command, env=lab._isolated_jupyter_env(home), stdout=sink, stderr=subprocess.STDOUT
        )
    base = f"http://127.0.0.1:{port}"
    results: dict[str, list[float]] = {}
    loads = [os.getloadavg()]
    try:
        lab._wait_for(f"{base}/api/status", 60, server, log)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=lab.CHROMIUM, args=lab.CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.set_default_timeout(60_000)
            for name, notebook, css, measure in PANELS:
                lab.open_notebook_and_run_all(page, base, notebook)
                table = page.locator(f".{css} .acelab-table-widget").first
                lab.wait_settled(table)
                fresh = table.locator("[data-control='resume:no']")
                if fresh.count():
                    click(table, "[data-control='resume:no']")
                results[name] = measure(table)
            browser.close()
    finally:
        lab._stop(server)
        shutil.rmtree(work, ignore_errors=True)
    loads.append(os.getloadavg())
    report(results, loads)


if __name__ == "__main__":
    main()

"""Play together at speed (issue 25): 30 pupils at 12 tables through the real class hub, and
beside it 200 simulated seats on one table service, in one run, figures side by side.

**Pupils through the hub** (as root: ``make hub`` first). Starts deploy/hub/jupyterhub_config.py on
127.0.0.1 with tests/browser/hub.py's ``running_hub`` (as benchmarks/classroom.py does); the hub
starts the table service itself (deploy/hub/config.d/70-tables.py). PUPILS pupils (tbench01…,
each their own system user) start their servers at once, each a kernel through the hub's proxy
(the kernel protocol, as JupyterLab does) that builds the game's play panel and runs its real
"Play with classmates" control (benchmarks/in_kernel/table_seat.py: ``panel.together``, no
browser): the first pupil of each table starts it, the others join with its code. The tables
are six of Lex's Ace of Spades for 3 and six Absolutely Aces duels for 30 (the mix is printed).
Each seat's kernel, on its go, thinks (THINK seconds on average, exponentially distributed) and
plays a random legal move through the control; the others' moves reach it through the
control's own watch. An Absolutely Aces seat makes its secret pick early, before its go, at
six chances in ten when it may (held by the service, applied on its go; checked as the moves
are, not timed apart: it is applied with the other seat's pick, which is). A move is timed from
the moment its kernel sends it to the moment each other seat's kernel has its panel redrawn with
it: ``time.monotonic()`` in each kernel, which is CLOCK_MONOTONIC, one clock for every process
of a Linux machine, so the times of different kernels compare. A move is lost when the
service's record (its SQLite file) does not hold it as sent, or when a seat of its table never
showed it.

**Simulated seats** (no hub, no kernels). Starts the service (acelab.tables' tornado app and
its SQLite file) in a process of its own on 127.0.0.1, with the benchmark's tokens in place of
the hub's sign-in (the hub's OAuth caches each token's owner, so after a seat's first request
the sign-in is a dictionary lookup; the hub itself is measured by benchmarks/classroom.py).
Then SEATS seats, as tables of Absolutely Aces (2 seats), Ace of Spades co-op (2) and Lex's Ace
of Spades (4), each seat a loop in one client process: wait for news with the long poll
(``wait``), and when it is the seat's go, think (THINK seconds on average) and send a random
legal move: the same protocol as the control. Every move is timed from just before it is sent
to the moment each other seat of its table holds a view with it.

Prints, side by side, beside the issue's goals (p50 under 100 ms, p90 under 300 ms for 30
pupils): the mix; move -> every other seat updated, p50 and p90, over all (move, other seat)
pairs; moves per second; the service's memory (resident at the end and at its peak; the hub's
service found by its pid); lost moves (goal 0) and refused moves; pupils who failed (goal 0);
the load average before and after (the machine is shared). The exit status is 1 when a move is
lost or a pupil fails.

Run: sudo .venv/bin/python benchmarks/tables.py [SEATS] [--pupils 30] [--seconds 60] [--think 1]
(SEATS: the simulated seats, 200 unless given; ``--pupils 0`` or ``SEATS`` 0 leaves that half
out; the pupils' half needs root.)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.hub import (  # noqa: E402
    Hub,
    execute,
    free_port,
    missing,
    open_kernel,
    running_hub,
)

SEAT_CODE = ROOT / "benchmarks" / "in_kernel" / "table_seat.py"
LEX, ACES = "ace_of_spades_lex", "absolutely_aces"
NAMES = {LEX: "Lex's Ace of Spades", ACES: "Absolutely Aces"}
MIX = (("absolutely_aces", 2, {"target": 15}), ("ace_of_spades", 2, {}),
       ("ace_of_spades_lex", 4, {}))  # fmt: skip


class BenchIdentity:
    """``token bench-NAME`` is pupil NAME (the benchmark's stand-in for the hub's sign-in)."""

    async def who(self, handler: Any) -> Any:
        from acelab.tables.service import Who

        header = handler.request.headers.get("Authorization", "")
        name = header.removeprefix("token bench-")
        return Who(name, False) if name and name != header else None


def serve(port: int, db: str) -> None:
    """The service's process."""
    from acelab.tables.service import make_app, start_ticking
    from acelab.tables.tables import Tables

    async def main() -> None:
        app = make_app(Tables(db, bot_pause=1.0), BenchIdentity(), "/services/acelab-tables/")
        app.listen(port, address="127.0.0.1")
        start_ticking(app)
        print("ready", flush=True)
        await asyncio.Event().wait()

    asyncio.run(main())


class Bench:
    """The client side: every seat's loop, and what they measured."""

    def __init__(self, url: str, think: float, until: float) -> None:
        from tornado.httpclient import AsyncHTTPClient

        AsyncHTTPClient.configure(None, max_clients=1000)
        self.http = AsyncHTTPClient()
        self.url, self.think, self.until = url, think, until
        self.sent: dict[tuple[str, int], float] = {}
        self.seen: dict[tuple[str, int], list[float]] = {}
        self.acknowledged: dict[str, int] = {}
        self.refused = 0
        self.errors: list[str] = []

    async def call(self, user: str, method: str, path: str, body: Any = None,
                   session: str = "", timeout: float = 60) -> Any:  # fmt: skip
        from tornado.httpclient import HTTPClientError, HTTPRequest

        headers = {"Authorization": f"token bench-{user}", "X-Acelab-Session": session}
        request = HTTPRequest(self.url + path, method=method, headers=headers,
                              body=None if body is None else json.dumps(body),
                              request_timeout=timeout)  # fmt: skip
        try:
            response = await self.http.fetch(request)
        except HTTPClientError as error:
            if error.response is not None and error.code == 409:
                self.refused += 1
                return None
            raise
        return json.loads(response.body)

    async def seat(self, user: str, code: str, session: str, tables: int) -> None:
        rng = random.Random(user)
        version = revision = 0
        wait = 25  # 0 when it is still this seat's go after its move: nothing else will change
        while time.monotonic() < self.until:
            view = await self.call(
                user, "GET", f"api/tables/{code}?since={version}&revision={revision}&wait={wait}",
                session=session,
            )  # fmt: skip
            wait = 25
            now = time.monotonic()
            for event in view["events"]:
                if event["seat"] != view["seat"]:
                    self.seen.setdefault((code, event["version"]), []).append(now)
            version, revision = view["version"], view["revision"]
            if view["status"] != "playing":
                return
            if view["to_move"] == view["seat"] and view["legal_count"] and not view["legal"]:
                listed = await self.call(user, "GET", f"api/tables/{code}?since={version}"
                                         "&legal=all", session=session)  # fmt: skip
                view["legal"] = listed["legal"]
            if view["to_move"] == view["seat"] and view["legal"]:
                await asyncio.sleep(rng.expovariate(1 / self.think) if self.think else 0)
                move = view["legal"][rng.randrange(len(view["legal"]))]
                self.sent[(code, version + 1)] = time.monotonic()
                reply = await self.call(user, "POST", f"api/tables/{code}/move",
                                        {"move": move, "version": version}, session)  # fmt: skip
                if reply is None:
                    wait = 0  # refused: look again at once
                elif reply["applied"]:
                    self.acknowledged[code] = self.acknowledged.get(code, 0) + 1
                    view = reply["view"]
                    version, revision = view["version"], view["revision"]
                    wait = 0 if view["to_move"] == view["seat"] else 25


async def run(url: str, seats: int, seconds: float, think: float) -> tuple[Bench, dict[str, int]]:
    bench = Bench(url, think, time.monotonic() + seconds)
    groups, mix, made, n = [], {}, 0, 0
    while made < seats:
        game, count, options = MIX[n % len(MIX)]
        count = min(count, seats - made) if game == "ace_of_spades_lex" else count
        if made + count > seats or count < 2:
            break
        groups.append(table_after_table(bench, [f"p{made + k}" for k in range(count)], game,
                                        options))  # fmt: skip
        mix[f"{game} x{count}"] = mix.get(f"{game} x{count}", 0) + 1
        made += count
        n += 1
    counts = await asyncio.gather(*groups)
    mix["tables played"] = sum(counts)
    return bench, mix


async def table_after_table(bench: Bench, users: list[str], game: str, options: Any) -> int:
    """The same people at one table after another until the time is up (a finished game is
    followed by a new one, so every seat keeps playing); how many tables they played."""
    played = 0
    while time.monotonic() < bench.until:
        created = await bench.call(users[0], "POST", "api/tables",
                                   {"game": game, "seats": ["person"] * len(users),
                                    "options": options})  # fmt: skip
        code = created["code"]
        entries = [(users[0], created["session"])]
        for user in users[1:]:
            joined = await bench.call(user, "POST", f"api/tables/{code}/join", {})
            entries.append((user, joined["session"]))
        await asyncio.gather(*(bench.seat(u, code, s, len(users)) for u, s in entries))
        played += 1
        for user, session in entries:  # leave, so nobody sits at more than a few tables
            await bench.call(user, "POST", f"api/tables/{code}/leave", {}, session)
    return played


def memory(pid: int) -> tuple[float, float]:
    """Resident MB of process ``pid`` now and at its peak."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def percentile(values: list[float], share: float) -> float:
    """The value ``share`` of the way up the sorted ``values`` (nearest rank below)."""
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


def class_tables(pupils: int) -> list[tuple[str, int]]:
    """The tables of ``pupils`` pupils: a Lex table of 3 and an Absolutely Aces duel in turn
    (30: six of each); what is left over sits at one more table (4: two duels; 1: a Lex table
    of 4)."""
    if pupils < 2:
        raise ValueError(f"A table needs at least 2 pupils, not {pupils}.")
    tables: list[tuple[str, int]] = []
    left = pupils
    while left >= 5:
        tables += [(LEX, 3), (ACES, 2)]
        left -= 5
    if left == 1:
        tables[-2] = (LEX, 4)
    elif left == 4:
        tables += [(ACES, 2), (ACES, 2)]
    elif left:
        tables.append((LEX, 3) if left == 3 else (ACES, 2))
    return tables


def mix_text(tables: list[tuple[str, int]]) -> str:
    """``"6 tables of Lex's Ace of Spades for 3, 6 of Absolutely Aces for 2"``."""
    counts: dict[tuple[str, int], int] = {}
    for table in tables:
        counts[table] = counts.get(table, 0) + 1
    parts = [f"{n} of {NAMES.get(game, game)} for {size}" for (game, size), n in counts.items()]
    return f"{len(tables)} tables: " + ", ".join(parts)


def judge(
    tables: dict[str, list[dict[str, Any]]], saved: dict[tuple[str, int], tuple[int, Any]]
) -> tuple[list[float], list[str]]:
    """Every (move, other seat) delay in ms, and every lost move said in a sentence.

    ``tables`` holds each table's seats' reports (``seat``, ``sent``: the moves the service
    applied, each ``version``, ``at``, ``move``; ``drawn``: version -> when that seat's panel
    showed it); ``saved`` is the service's record, (code, version) -> (seat, move). A move is
    lost when the record does not hold it as sent, or a seat of its table never showed it."""
    delays: list[float] = []
    lost: list[str] = []
    for code, seats in tables.items():
        for mover in seats:
            for move in mover["sent"]:
                where = f"table {code} version {move['version']} (seat {mover['seat']})"
                if saved.get((code, move["version"])) != (mover["seat"], move["move"]):
                    lost.append(f"{where}: not in the service's record as sent")
                for other in seats:
                    if other is mover:
                        continue
                    shown = other["drawn"].get(move["version"])
                    if shown is None:
                        lost.append(f"{where}: never shown at seat {other['seat']}")
                    else:
                        delays.append((shown - move["at"]) * 1000)
            lost += _held_lost(code, mover, seats, saved)
    return delays, lost


def _held_lost(
    code: str,
    mover: dict[str, Any],
    seats: list[dict[str, Any]],
    saved: dict[tuple[str, int], tuple[int, Any]],
) -> list[str]:
    """The early picks of ``mover`` (held by the service, applied on its go) that its record
    does not hold, or that a seat of the table never showed. They are not timed apart: each is
    applied with the other seat's pick, whose delay is timed."""
    lost = []
    applied = sorted(
        v for (c, v), (seat, _) in saved.items() if c == code and seat == mover["seat"]
    )
    claimed: set[int] = set()  # the same pick may be made in two rounds: one version each
    for pick in mover.get("held", []):
        where = f"table {code}, an early pick of seat {mover['seat']}"
        found = [v for v in applied if v not in claimed and saved[(code, v)][1] == pick["move"]]
        if not found:
            lost.append(f"{where}: not in the service's record")
            continue
        claimed.add(found[0])
        for other in seats:
            if other is not mover and found[0] not in other["drawn"]:
                lost.append(f"{where}: never shown at seat {other['seat']}")
    return lost


async def pupils_at_tables(
    hub: Hub, pupils: list[str], seconds: float, think: float
) -> dict[str, Any]:
    """The pupils' half: servers, kernels with the control, play, and what was measured."""
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=len(pupils) + 10)  # tornado's default: 10
    failures: dict[str, str] = {}
    loop = asyncio.get_running_loop()
    started = time.monotonic()
    failures |= await loop.run_in_executor(None, hub.start_servers, pupils, 900)
    up = time.monotonic() - started
    seating, at, n = [], [], 0
    for game, size in class_tables(len(pupils)):
        seating.append((game, pupils[n : n + size]))
        at += [(game, size)] * size
        n += size
    sockets: dict[str, Any] = {}
    sessions: dict[str, str] = {}

    async def run(pupil: str, code: str, timeout: float = 600) -> str:
        """``code`` in the pupil's kernel; its output (a failure is kept and raised)."""
        try:
            if pupil in failures:
                raise RuntimeError("failed before")
            if pupil not in sockets:
                sockets[pupil] = await open_kernel(hub, pupil)
                sessions[pupil] = uuid.uuid4().hex
            reply, output = await execute(sockets[pupil], sessions[pupil], code, timeout)
            if reply["status"] != "ok":
                raise RuntimeError(f"{reply.get('ename')}: {reply.get('evalue')}")
            return output.strip()
        except Exception as error:
            failures.setdefault(pupil, f"{type(error).__name__}: {error}")
            raise

    async def quietly(pupil: str, code: str, timeout: float = 600) -> str:
        try:
            return await run(pupil, code, timeout)
        except Exception:
            return ""

    seat_code = SEAT_CODE.read_text(encoding="utf-8")
    made = (f"{seat_code}\nbench = BenchSeat({game!r}, {size})" for game, size in at)
    await asyncio.gather(*(quietly(p, code) for p, code in zip(pupils, made, strict=True)))

    async def sit(people: list[str]) -> str:
        said = await quietly(people[0], "print(bench.start())")
        code = said.splitlines()[-1] if said else ""
        if not code.isalnum():
            failures.setdefault(people[0], f"start printed {said!r}, not a table's code")
            return ""
        await asyncio.gather(*(quietly(p, f"print(bench.join({code!r}))") for p in people[1:]))
        return code

    played = time.monotonic()
    until = played + seconds

    async def table_after_table(people: list[str]) -> list[str]:
        """The same pupils at one table after another until the time is up (a finished game
        is followed by a new one, so every seat keeps playing); the codes of their tables."""
        codes: list[str] = []
        while time.monotonic() < until - 1:
            code = await sit(people)
            if not code:
                break
            codes.append(code)
            left = until - time.monotonic()
            await asyncio.gather(
                *(quietly(p, f"bench.play({left}, {think}, {p + code!r})") for p in people)
            )  # fmt: skip
            left = until - time.monotonic()
            if await quietly(people[0], f"print(bench.ended({left}))", left + 600) != "finished":
                break
        return codes

    tables = await asyncio.gather(*(table_after_table(people) for _, people in seating))
    await asyncio.sleep(max(0.0, until - time.monotonic()))
    await asyncio.gather(*(quietly(p, "bench.stop()") for p in pupils))
    elapsed = time.monotonic() - played
    rss, peak = memory(hub.service_pid())
    saved = service_record(hub.tables_db)
    final: dict[str, int] = {}
    for code, version in saved:
        final[code] = max(final.get(code, 0), version)
    measured: dict[str, dict[str, Any]] = {}

    async def report(pupil: str, codes: list[str]) -> None:
        """What the pupil's seat measured, once its panel shows each table's last move."""
        if not codes:
            failures.setdefault(pupil, "their table was not started")
            return
        mine = {code: final.get(code, 0) for code in codes}
        text = await quietly(pupil, f"print(bench.report({mine!r}, 60))")
        if text:
            measured[pupil] = json.loads(text)
            for error in measured[pupil]["errors"]:
                failures.setdefault(pupil, error)

    everyone = [
        (p, codes) for codes, (_, people) in zip(tables, seating, strict=True) for p in people
    ]
    await asyncio.gather(*(report(pupil, codes) for pupil, codes in everyone))
    for socket_ in sockets.values():
        socket_.close()
    reports = by_table(measured)
    delays, lost = judge(reports, saved)
    moves = sum(len(r["sent"]) for seats in reports.values() for r in seats)
    return {
        "mix": mix_text(class_tables(len(pupils)))
        + f" at once; {sum(map(len, tables))} played in all",
        "delays": delays,
        "moves": moves,
        "rate": moves / elapsed,
        "refused": sum(m["refused"] for m in measured.values()),
        "held": sum(len(r["held"]) for seats in reports.values() for r in seats),
        "lost": lost,
        "memory": (rss, peak),
        "failures": [f"{pupil}: {why}" for pupil, why in sorted(failures.items())],
        "servers up": up,
    }


def by_table(measured: dict[str, dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Each pupil's report (``seats``: code -> seat, ``sent``, ``drawn``: code -> version ->
    time, as JSON keeps them) as each table's seats' reports, for :func:`judge`."""
    tables: dict[str, list[dict[str, Any]]] = {}
    for report in measured.values():
        for code, seat in report["seats"].items():
            drawn = {int(v): t for v, t in report["drawn"].get(code, {}).items()}
            sent = [move for move in report["sent"] if move["code"] == code]
            held = [pick for pick in report.get("held", []) if pick["code"] == code]
            tables.setdefault(code, []).append(
                {"seat": seat, "sent": sent, "held": held, "drawn": drawn}
            )
    return tables


def service_record(db: Path) -> dict[tuple[str, int], tuple[int, Any]]:
    """The moves the service saved: (code, version) -> (seat, move as sent)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as saved:
        rows = saved.execute("SELECT code, version, seat, move FROM moves").fetchall()
    return {(code, version): (seat, json.loads(move)) for code, version, seat, move in rows}


def simulated(seats: int, seconds: float, think: float) -> dict[str, Any]:
    """The simulated seats' half: their own service process, played through its protocol."""
    folder = tempfile.mkdtemp(prefix="acelab-tables-bench-")
    db, port = os.path.join(folder, "tables.sqlite3"), free_port()
    service = subprocess.Popen([sys.executable, __file__, "--serve", str(port), db],
                               stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert service.stdout is not None and service.stdout.readline().strip() == "ready"
        url = f"http://127.0.0.1:{port}/services/acelab-tables/"
        started = time.monotonic()
        bench, mix = asyncio.run(run(url, seats, seconds, think))
        elapsed = time.monotonic() - started
        rss, peak = memory(service.pid)
    finally:
        service.terminate()
        service.wait(30)
    with sqlite3.connect(db) as saved:
        held = dict(saved.execute("SELECT code, COUNT(*) FROM moves GROUP BY code").fetchall())
    shutil.rmtree(folder, ignore_errors=True)
    lost = [
        f"table {code}: {n - held.get(code, 0)} acknowledged moves not in the service's record"
        for code, n in bench.acknowledged.items() if n > held.get(code, 0)
    ]  # fmt: skip
    delays = [
        (arrived - bench.sent[key]) * 1000
        for key, times in bench.seen.items() if key in bench.sent for arrived in times
    ]  # fmt: skip
    moves = sum(bench.acknowledged.values())
    played = mix.pop("tables played")
    return {
        "mix": ", ".join(f"{n} tables of {name}" for name, n in mix.items())
        + f" at once; {played} played in all",
        "delays": delays,
        "moves": moves,
        "rate": moves / elapsed,
        "refused": bench.refused,
        "lost": lost,
        "memory": (rss, peak),
        "failures": bench.errors,
    }


def side_by_side(columns: dict[str, dict[str, Any]]) -> list[str]:
    """The figures of each half in a column of its own, the goal in the last."""
    rows: list[tuple[str, list[str], str]] = []

    def row(label: str, show: Any, goal: str = "") -> None:
        rows.append((label, [show(c) for c in columns.values()], goal))

    def ms(share: float) -> Any:
        return lambda c: f"{percentile(c['delays'], share):.0f} ms" if c["delays"] else "-"

    row("move -> every other seat, p50", ms(0.5), "under 100 ms")
    row("move -> every other seat, p90", ms(0.9), "under 300 ms")
    row("  worst", ms(1.0))
    row("  over (move, other seat) pairs", lambda c: str(len(c["delays"])))
    row("moves applied", lambda c: f"{c['moves']} ({c['rate']:.1f} a second)")
    row("moves refused (409)", lambda c: str(c["refused"]))
    row("early secret picks, held then applied", lambda c: str(c.get("held", "-")))
    row("lost moves", lambda c: str(len(c["lost"])), "0")
    row("failures", lambda c: str(len(c["failures"])), "0")
    row("service memory, resident", lambda c: f"{c['memory'][0]:.0f} MB")
    row("service memory, at its peak", lambda c: f"{c['memory'][1]:.0f} MB")
    header = ("", list(columns), "goal")
    widths = [max(len(r[0]) for r in [*rows, header])]
    widths += [max(len(r[1][i]) for r in [*rows, header]) for i in range(len(columns))]
    lines = []
    for label, cells, goal in [header, *rows]:
        line = label.ljust(widths[0])
        for cell, width in zip(cells, widths[1:], strict=True):
            line += "  " + cell.rjust(width)
        lines.append(f"  {line}  {goal}".rstrip())
    return lines


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line; a mistake ends the program with one sentence (exit status 2)."""
    parser = argparse.ArgumentParser(
        prog="benchmarks/tables.py", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("seats", nargs="?", type=int, default=200,
                        help="simulated seats (200; 0 leaves them out)")  # fmt: skip
    parser.add_argument("--pupils", type=int, default=30,
                        help="pupils through the class hub (30; 0 leaves them out)")  # fmt: skip
    parser.add_argument("--seconds", type=float, default=60, help="how long each half plays")
    parser.add_argument("--think", type=float, default=1.0, help="think time on average (s)")
    parser.add_argument("--serve", nargs=2, metavar=("PORT", "DB"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.seats and not 2 <= args.seats <= 2000:
        parser.error(f"SEATS is 0 or from 2 to 2000, not {args.seats}.")
    if args.pupils and not 2 <= args.pupils <= 200:
        parser.error(f"--pupils is 0 or from 2 to 200, not {args.pupils}.")
    if not args.seats and not args.pupils:
        parser.error("SEATS and --pupils are both 0: there is nothing to measure.")
    if not 0 < args.seconds <= 3600:
        parser.error(f"--seconds is more than 0 and at most 3600, not {args.seconds:g}.")
    if not 0 <= args.think <= 60:
        parser.error(f"--think is from 0 to 60 seconds, not {args.think:g}.")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    if args.serve:
        serve(int(args.serve[0]), args.serve[1])
        return 0
    if args.pupils and (why := missing()):
        print(f"The hub cannot start: {why}. Run `sudo make hub` first, or --pupils 0 for the "
              "simulated seats alone.", file=sys.stderr)  # fmt: skip
        return 2
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average before: {load} on {os.cpu_count()} cores (shared)")
    print(f"think time: {args.think:g} s on average (exponential); each half plays "
          f"{args.seconds:g} s")  # fmt: skip
    columns: dict[str, dict[str, Any]] = {}
    if args.pupils:
        pupils = [f"tbench{n:02d}" for n in range(1, args.pupils + 1)]
        with running_hub(free_port(), pupils) as hub:
            result = asyncio.run(pupils_at_tables(hub, pupils, args.seconds, args.think))
            if result["failures"] or result["lost"]:  # the hub's log goes with its folder
                kept = Path(tempfile.gettempdir()) / "acelab-tables-hub.log"
                shutil.copyfile(hub.log, kept)
                print(f"the hub's log (every pupil's server too): {kept}")
        columns[f"{args.pupils} pupils, hub"] = result
        print(
            f"pupils through the hub: {result['mix']}; hub start to {args.pupils} servers up: "
            f"{result['servers up']:.0f} s"
        )
    if args.seats:
        result = simulated(args.seats, args.seconds, args.think)
        columns[f"{args.seats} simulated seats"] = result
        print(f"simulated seats (one service, no hub, no kernels): {result['mix']}")
    print("\n".join(side_by_side(columns)))
    for name, column in columns.items():
        for problem in (column["failures"] + column["lost"])[:10]:
            print(f"  {name}: {problem}")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average after: {load}")
    bad = any(column["failures"] or column["lost"] for column in columns.values())
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

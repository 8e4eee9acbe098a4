"""Play together on the real class hub (issue 25): deploy/hub/jupyterhub_config.py as root on
127.0.0.1 starts the table service (config.d/70-tables.py); two pupils' kernels create and join a
table with the client and their servers' own tokens, the hub's OAuth says who each request is
from; a pupil's token is refused by the teacher's endpoints and for the other seat's go; the
service killed comes back (the hub restarts it) with every table as it was. Every reply to a
pupil is checked for cards that pupil may not see."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from acelab.engine import decode
from acelab.engine.games import by_name
from acelab.tables import TableRefused, words
from acelab.tables.client import TableClient, TableSeat
from tests.browser.hub import TOKEN, Hub, free_port, needs_the_hub, running_hub
from tests.tables.support import check_reply

pytestmark = pytest.mark.soak
PUPILS = ["tamy", "tben"]

CREATE = """
import json, os
from acelab.tables.client import TableClient
seat = TableClient().create("absolutely_aces", ["person", "person"], {"target": 5})
print(json.dumps({"code": seat.code, "seat": seat.seat,
                  "token": os.environ["JUPYTERHUB_API_TOKEN"]}))
"""
JOIN = """
import json, os
from acelab.tables.client import TableClient
seat = TableClient().join({code!r})
print(json.dumps({{"seat": seat.seat, "version": seat.view.version,
                   "token": os.environ["JUPYTERHUB_API_TOKEN"]}}))
"""
NO_URL = """
import os
os.environ.pop("ACELAB_TABLES_URL")
from acelab.tables.client import TableClient
try:
    TableClient()
except ValueError as refusal:
    print(refusal)
"""


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    needs_the_hub()
    with running_hub(free_port(), PUPILS) as running:
        for pupil in PUPILS:
            running.start_server(pupil)
        yield running


class Recording(TableClient):
    """The client, keeping every reply (to check each one for hidden cards)."""

    replies: list[Any]

    def call(self, *args: Any, **kwargs: Any) -> Any:
        reply = super().call(*args, **kwargs)
        self.__dict__.setdefault("replies", []).append(reply)
        return reply


def _service_url(hub: Hub) -> str:
    port = int(hub.url.rsplit(":", 1)[1]) + 3
    return f"http://127.0.0.1:{port}/services/acelab-tables/"


def _saved(hub: Hub, code: str) -> tuple[Any, list[Any]]:
    """The table's seed and moves as the service saved them (its SQLite file, its user's), read
    from a copy: root opening the live file could leave root's write-ahead log files, which the
    service, not root, could then not open."""
    copy = Path(tempfile.mkdtemp()) / "tables.sqlite3"
    for suffix in ("", "-wal"):
        if Path(f"{hub.tables_db}{suffix}").exists():
            shutil.copyfile(f"{hub.tables_db}{suffix}", f"{copy}{suffix}")
    with sqlite3.connect(copy) as db:
        (seed,) = db.execute("SELECT seed FROM tables WHERE code = ?", (code,)).fetchone()
        rows = db.execute("SELECT move FROM moves WHERE code = ? ORDER BY version", (code,))
        moves = [decode(json.loads(move)) for (move,) in rows]
    shutil.rmtree(copy.parent)
    return json.loads(seed), moves


def _play(seats: dict[int, TableSeat], moves: int) -> None:
    for _ in range(moves):
        views = {n: s.refresh() for n, s in seats.items()}
        mover = views[0].to_move
        if mover is None:
            return
        seats[mover].move(views[mover].legal[0])


def test_two_pupils_play_through_the_hub(hub: Hub) -> None:
    made = json.loads(hub.run_in_kernel("tamy", CREATE))
    joined = json.loads(hub.run_in_kernel("tben", JOIN.format(code=made["code"])))
    assert (made["seat"], joined["seat"]) == (0, 1)
    assert made["token"] != joined["token"]
    url = _service_url(hub)
    amy = Recording(url, made["token"]).join(made["code"])  # takes the seat over from the kernel
    ben = Recording(url, joined["token"]).join(made["code"])
    assert amy.client.whoami() == {"name": "tamy", "teacher": False}
    seats = {0: amy, 1: ben}
    _play(seats, 12)
    code = made["code"]
    seed, moves = _saved(hub, code)
    game = by_name("absolutely_aces")
    states = [game.new_state(seed, target=5)]
    steps = []
    for move in moves:
        step = game.step(states[-1], move)
        states.append(step.state)
        steps.append(step.events)
    assert len(moves) >= 12 or game.is_over(states[-1])
    for number, seat in seats.items():
        assert seat.refresh().observation == game.observation(states[-1], number)
        for reply in seat.client.replies:
            check_reply(reply, "absolutely_aces", states, steps, number, seed)

    # A pupil's token: refused by the teacher's endpoints, and for the other seat's go.
    teachers_only = (
        amy.client.tables,
        lambda: amy.client.set_bot_timeout(5),
        lambda: amy.client.duplicate_round("absolutely_aces", ["person"] * 2, 2),
    )
    for call in teachers_only:
        with pytest.raises(TableRefused) as refusal:
            call()
        assert str(refusal.value) == words.TEACHER_ONLY
    if not game.is_over(states[-1]):
        waiting = seats[1 - game.to_move(states[-1])]
        with pytest.raises(TableRefused) as refusal:
            waiting.move(seats[game.to_move(states[-1])].refresh().legal[0])
        assert str(refusal.value) == words.NOT_YOUR_GO
    with pytest.raises(TableRefused) as refusal:
        TableClient(url, "forged-" + made["token"][::-1]).join(code)
    assert str(refusal.value) == words.NOT_SIGNED_IN
    assert _saved(hub, code)[1] == moves, "a refused request changed the table"

    # The teacher (here the scripts' service, which holds the teacher's scope) sees it.
    teacher = TableClient(url, TOKEN)
    listed = {t["code"]: t for t in teacher.tables()}
    assert listed[code]["version"] == len(moves)
    assert [s["name"] for s in listed[code]["seats"]] == ["tamy", "tben"]
    assert str(seed) not in json.dumps(listed)

    # Without the hub's address the kernel's client says it in one sentence.
    said = hub.run_in_kernel("tamy", NO_URL).strip()
    assert said == words.NO_HUB

    # The service killed: one sentence while it is down; the hub starts it again, every table
    # as it was.
    os.kill(hub.service_pid(), signal.SIGKILL)
    with pytest.raises(TableRefused) as refusal:
        amy.refresh()
    assert str(refusal.value) == words.SERVICE_DOWN
    deadline = time.monotonic() + 120
    while True:
        try:
            back = TableClient(url, made["token"]).join(code)
            break
        except TableRefused as down:
            assert str(down) == words.SERVICE_DOWN
            assert time.monotonic() < deadline, (
                f"the hub did not restart the service:\n{hub.log.read_text()[-3000:]}"
            )
            time.sleep(1)
    assert back.seat == 0 and back.view.version == len(moves)
    assert back.view.observation == game.observation(states[-1], 0)


TEACHER_KERNEL = """
import json
from acelab.tables.client import TableClient
client = TableClient()
me = client.whoami()
round_, codes = client.duplicate_round("absolutely_aces", ["person", "person"], 2)
client.set_bot_timeout(5)
print(json.dumps({"me": me, "codes": codes, "listed": len(client.tables())}))
"""
PUPIL_KERNEL = """
import json, time
from acelab.tables.client import TableClient
seat = TableClient().join({code!r})
print(json.dumps({{"me": seat.client.whoami(), "seat": seat.seat,
                   "bot_timeout": seat.view.bot_timeout}}))
"""


def test_the_teacher_s_kernel_holds_the_teacher_s_scope_and_pupils_do_not() -> None:
    """On a hub with a real login and a teacher set up (``acelab_hub.py teacher``), the
    teacher's own kernel starts a duplicate round and changes the bot timeout; a pupil's kernel
    joins a table of it; a seat left silent goes to its bot, and comes back on rejoin."""
    needs_the_hub()  # the module's hub has dummy logins: this test starts one with real ones
    with running_hub(free_port(), ["mrsk", "tcat"], dummy=False,
                     teacher=("mrsk", "a-long-teacher-password")) as real:  # fmt: skip
        for user in ("mrsk", "tcat"):
            real.start_server(user)
        said = json.loads(real.run_in_kernel("mrsk", TEACHER_KERNEL))
        assert said["me"] == {"name": "mrsk", "teacher": True}
        assert said["listed"] == 2
        code = said["codes"][0]
        pupil = json.loads(real.run_in_kernel("tcat", PUPIL_KERNEL.format(code=code)))
        assert pupil == {"me": {"name": "tcat", "teacher": False}, "seat": 0, "bot_timeout": 5}
        teacher = TableClient(_service_url(real), TOKEN)
        deadline = time.monotonic() + 60
        while not _table(teacher, code)["seats"][0]["bot_now"]:  # tcat's kernel is gone
            assert time.monotonic() < deadline, "a silent seat never went to its bot"
            time.sleep(1)
        while _table(teacher, code)["version"] < 1:  # the bot plays after its pause
            assert time.monotonic() < deadline + 60, "the bot did not play the silent seat"
            time.sleep(1)
        back = json.loads(real.run_in_kernel("tcat", PUPIL_KERNEL.format(code=code)))
        assert back["seat"] == 0
        assert _table(teacher, code)["seats"][0]["bot_now"] is False


def _table(teacher: TableClient, code: str) -> dict[str, Any]:
    return next(t for t in teacher.tables() if t["code"] == code)


PROBE = """
import json, os, sqlite3
db = {db!r}
found = {{}}
for name, attempt in {{
    "list": lambda: os.listdir(os.path.dirname(db)),
    "read": lambda: open(db, "rb").read(16),
    "write": lambda: open(db, "ab").write(b"x"),
    "sqlite": lambda: sqlite3.connect(f"file:{{db}}?mode=ro", uri=True).execute(
        "SELECT count(*) FROM tables").fetchone(),
    "new": lambda: open(os.path.join(os.path.dirname(db), "mine"), "w").write("x"),
}}.items():
    try:
        found[name] = repr(attempt())
    except (OSError, sqlite3.Error) as error:
        found[name] = type(error).__name__
found["own"] = repr(open(os.path.expanduser("~/mine"), "w").write("x"))  # the probe can succeed
print(json.dumps(found))
"""


def test_the_service_runs_as_its_own_user_and_pupils_cannot_reach_its_tables(hub: Hub) -> None:
    """The table service's process is its own system user's (not root, not a pupil's), with no
    login shell; its folder is that user's, mode 0700; a pupil's kernel can neither list, read
    nor write the tables' database."""
    import pwd

    entry = pwd.getpwnam(hub.tables_user)
    assert entry.pw_uid != 0 and entry.pw_shell.endswith("nologin")
    status = Path(f"/proc/{hub.service_pid()}/status").read_text()
    uids = next(line.split()[1:] for line in status.splitlines() if line.startswith("Uid:"))
    assert uids == [str(entry.pw_uid)] * 4, status  # real, effective, saved, file system
    folder = hub.tables_db.parent
    assert Path(entry.pw_dir) == folder
    assert (folder.stat().st_uid, folder.stat().st_mode & 0o777) == (entry.pw_uid, 0o700)
    assert hub.tables_db.stat().st_uid == entry.pw_uid
    assert not (hub.state / "tables.sqlite3").exists()
    found = json.loads(hub.run_in_kernel("tamy", PROBE.format(db=str(hub.tables_db))))
    assert found == {
        "list": "PermissionError",
        "read": "PermissionError",
        "write": "PermissionError",
        "sqlite": "OperationalError",
        "new": "PermissionError",
        "own": "1",
    }

"""Play with classmates in real browsers on the real class hub (issue 25).

deploy/hub/jupyterhub_config.py as root on 127.0.0.1 (its table service as its own system user);
four pupils, each in a Chromium context of their own with their own copy of Lex's play notebook,
sit at one Lex table, and two at an Absolutely Aces table: one starts a table from the "Play
with classmates" box by clicks and keys, reads its code, the others type the code and join.
Then, after every move (made in the mover's own kernel, or by a click on the card table):

- every seat's page shows the move, without anyone pressing anything;
- no card another seat holds (nor the deck) is in any page's card table, in any comm message
  the page's kernel sent to the classmates' card table (every websocket frame the page received,
  ``page.on("websocket")``, text or Jupyter's binary protocol, kept when it is for that widget's
  comm: the notebook's own solitary panels deal their own cards), nor in any reply the service
  sent that pupil's kernel (a test-only cell wraps the client and writes each reply to a file in
  the pupil's home, checked with ``tests.tables.support.check_reply``); and each page's frames
  did carry its own cards, so the check can fail;
- a pupil's kernel killed: after the bot timeout (the teacher's settings endpoint, 30 s) the seat
  is played by the bot and the other seat's page says so; the pupil runs the notebook again,
  types the same code, and has the seat back as it was;
- the service killed: the hub starts it again and every table is as it was.

Screenshots at 1024×768 of a Lex seat and an Aces seat go to tests/browser/artifacts/.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from acelab.engine import encode
from acelab.engine.cards import parse_card
from acelab.engine.games import by_name
from acelab.tables import TableRefused
from acelab.tables.client import TableClient
from acelab.tables.kinds import kind_of
from tests.browser.conftest import assert_fits, lab_view, open_notebook_and_run_all, run_in_kernel
from tests.browser.hub import (
    ROOT,
    TOKEN,
    USER_PREFIX,
    Hub,
    free_port,
    needs_the_hub,
    running_hub,
)
from tests.browser.test_hub_nbgrader import log_in
from tests.browser.test_hub_tables import _saved, _service_url
from tests.conformance.games import ADAPTERS
from tests.tables.support import check_reply

pytestmark = [pytest.mark.browser, pytest.mark.soak]
LEX, ACES = "ace_of_spades_lex", "absolutely_aces"
PUPILS = {LEX: ["tlea", "tlib", "tlou", "tlyn"], ACES: ["tace", "tart"]}
NOTEBOOK = "play.ipynb"
REPLIES = ".acelab-test-replies.jsonl"
RECORD = f"""
import json, os
from acelab.tables import TableRefused
from acelab.tables.client import TableClient
if not getattr(TableClient, "recorded_for_the_test", False):
    plain_call = TableClient.call
    def call(self, *args, **kwargs):
        reply = plain_call(self, *args, **kwargs)
        with open(os.path.expanduser("~/{REPLIES}"), "a") as sink:
            sink.write(json.dumps(reply) + "\\n")
        return reply
    TableClient.call, TableClient.recorded_for_the_test = call, True
"""
SEEN = ".acelab-test-seen.json"
TELL = f"""
import json, os
t = classmates.together
with open(os.path.expanduser("~/{SEEN}"), "w") as sink:
    json.dump({{"version": t.view.version if t.view else -1,
               "last": (t.log.entries or [""])[-1],
               "comm": t.table.comm.comm_id if t.table.comm else None}}, sink)
"""
PLAY_FIRST = "t = classmates.together\nt.play(t.view.legal[0])"


@pytest.fixture(scope="module")
def hub(chromium_path: str) -> Iterator[Hub]:
    needs_the_hub()
    everyone = [p for pupils in PUPILS.values() for p in pupils]
    with running_hub(free_port(), everyone) as running:
        for game, pupils in PUPILS.items():
            notebook = (ROOT / "notebooks" / game / NOTEBOOK).read_text(encoding="utf-8")
            for pupil in pupils:
                running.start_server(pupil)
                running.lab_settings(pupil)
                running.write_as(pupil, NOTEBOOK, notebook)
        yield running


class Seat:
    """One pupil's page at a table, and every websocket frame it received."""

    def __init__(self, browser: Any, hub: Hub, pupil: str, game: str) -> None:
        self.hub, self.pupil, self.game = hub, pupil, game
        self.frames: list[str | bytes] = []
        self.table_comms: set[str] = set()
        """The comms of this page's classmates' card table (a new one after a rejoin)."""
        self.context = browser.new_context(viewport={"width": 1024, "height": 768})
        self.page = self.context.new_page()
        self.page.set_default_timeout(180_000)
        self.page.on("websocket", self._socket)
        log_in(self.page, hub, pupil)
        self.open()

    def _socket(self, socket: Any) -> None:
        socket.on("framereceived", lambda data: self.frames.append(data))

    def open(self) -> None:
        """Open the play notebook, run every cell, and wrap the client to record replies."""
        open_notebook_and_run_all(self.page, f"{self.hub.url}/user/{self.pupil}", NOTEBOOK)
        self.run(RECORD)

    def run(self, code: str) -> None:
        """Run ``code`` in the notebook's kernel, as a cell would."""
        run_in_kernel(self.page, NOTEBOOK, code, base=f"/user/{self.pupil}")

    @property
    def box(self) -> Any:
        return self.page.locator(".acelab-together").last  # the classmates' panel's

    def open_box(self) -> None:
        self.box.scroll_into_view_if_needed()
        self.box.get_by_text("Play with classmates").click()
        self.box.get_by_role("button", name="Start a table").wait_for()

    def start(self, seats: str) -> str:
        """Start a table by clicks and keys; its code, as the page shows it."""
        self.open_box()
        typed = self.box.locator("input[type='text']").first
        typed.click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(seats)
        self.box.get_by_role("button", name="Start a table").click()
        return str(self.box.locator(".acelab-together-about b").inner_text(timeout=180_000))

    def join(self, code: str) -> None:
        """Type the code and press Join with the keyboard."""
        self.open_box()
        typed = self.box.locator("input[type='text']").nth(1)
        for _ in range(5):  # a page just reloaded may lose the first keys: type again
            typed.click()
            self.page.keyboard.press("Control+A")
            self.page.keyboard.press("Backspace")
            typed.press_sequentially(code, delay=50)
            if typed.input_value() == code:
                break
        assert typed.input_value() == code
        join = self.box.get_by_role("button", name="Join")
        join.focus()
        self.page.keyboard.press("Enter")
        try:
            self.box.locator(".acelab-together-about b", has_text=code).wait_for()
        except Exception as error:
            raise AssertionError(f"{self.pupil} did not join: {self.about()!r}") from error

    def shows(self, version: int) -> None:
        """Wait until the page's kernel has heard the table at ``version`` (or later), from
        its own watch, then until the page's move log shows the kernel's newest line."""
        seen = self.hub.home(self.pupil) / SEEN
        seen.unlink(missing_ok=True)
        deadline = time.monotonic() + 180
        while True:
            self.run(TELL)
            told = json.loads(seen.read_text(encoding="utf-8"))
            if told["comm"]:
                self.table_comms.add(told["comm"])
            if told["version"] >= version:
                break
            assert time.monotonic() < deadline, f"{self.pupil}'s kernel never heard {version}"
            time.sleep(1)
        if told["last"]:
            self.box.locator(".acelab-move-log", has_text=told["last"]).wait_for()

    def shoot(self, name: str) -> None:
        """A screenshot with the box scrolled to the top of the notebook's view: the table,
        whose go, who is connected, the code and the message bar all in sight."""
        self.box.evaluate("node => node.scrollIntoView({block: 'start'})")
        table = self.box.locator(".acelab-table-widget")
        parts = {
            "the table": table.locator(".acelab-t-zones"),
            "whose go, who is connected, the code": self.box.locator(".acelab-together-about"),
            "the message bar": table.locator(".acelab-t-status"),
        }
        assert_fits(self.page, parts, lab_view(self.page), name)

    def about(self) -> str:
        return str(self.box.locator(".acelab-together-about").inner_text())

    def replies(self) -> list[Any]:
        path = self.hub.home(self.pupil) / REPLIES
        lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
        return [json.loads(line) for line in lines if line.strip()]

    def shown_cards(self) -> tuple[set[str], str]:
        """The card keys in the page's card table, and every card label and text there."""
        table = self.box.locator(".acelab-table-widget")
        keys = set(table.locator("[data-card]").evaluate_all("es => es.map(e => e.dataset.card)"))
        labels = table.locator("[aria-label]").evaluate_all(
            "es => es.map(e => e.getAttribute('aria-label')).join('\\n')"
        )
        return keys, f"{labels}\n{self.box.inner_text()}"


def _replayed(hub: Hub, code: str) -> tuple[Any, list[Any], list[Any]]:
    """The table's seed, states (by version) and each move's events, from the service's file."""
    seed, moves = _saved(hub, code)
    copy = Path(tempfile.mkdtemp()) / "tables.sqlite3"
    for suffix in ("", "-wal"):
        if Path(f"{hub.tables_db}{suffix}").exists():
            shutil.copyfile(f"{hub.tables_db}{suffix}", f"{copy}{suffix}")
    with sqlite3.connect(copy) as db:
        game, options, seats = db.execute(
            "SELECT game, options, seats FROM tables WHERE code = ?", (code,)
        ).fetchone()
    shutil.rmtree(copy.parent)
    kind = kind_of(game)
    rules = by_name(game)
    states = [
        rules.new_state(seed, **kind.new_options(json.loads(options), len(json.loads(seats))))
    ]
    steps = []
    for move in moves:
        step = rules.step(states[-1], move)
        states.append(step.state)
        steps.append(step.events)
    return seed, states, steps


def _names(game: str, tokens: set[str]) -> set[str]:
    """What a card table calls each card (its label), for the games whose cards are a deck's."""
    if game != LEX:
        return set()
    return {parse_card(t).name for t in tokens}


def _message(frame: str | bytes) -> Any:
    """A kernel message from a websocket frame: JSON text, or Jupyter's binary protocol
    (v1.kernel.websocket.jupyter.org: a count and offsets, then channel, header, parent header,
    metadata, content, buffers), which JupyterLab 4 uses."""
    if isinstance(frame, str):
        return json.loads(frame)
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    parts = [frame[offsets[i] : offsets[i + 1]] for i in range(count - 1)]
    return {"content": json.loads(parts[4])}


def _zone_cards(frame: str | bytes, comms: set[str]) -> set[str]:
    """Every card key and face in the zones of a comm message's widget state, for a message to
    one of ``comms`` (nothing for any other message)."""
    try:
        message = _message(frame)
    except (ValueError, IndexError, UnicodeDecodeError):
        return set()
    if message.get("content", {}).get("comm_id") not in comms:
        return set()
    state = message.get("content", {}).get("data", {}).get("state", {}) or {}
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str) and value[:1] in "[{":
            try:
                value = json.loads(value)
            except ValueError:
                return
        if isinstance(value, dict):
            for key in ("key", "face"):
                if isinstance(value.get(key), str):
                    found.add(value[key])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for name, value in state.items():
        if name.startswith("zone"):
            walk(value)
    return found


class Checker:
    """After each move: every page at the new version, and nothing hidden anywhere."""

    def __init__(self, hub: Hub, code: str, game: str, seats: list[Seat]) -> None:
        self.hub, self.code, self.game, self.seats = hub, code, game, seats
        self.adapter = ADAPTERS[game]
        self.never_seen: dict[int, set[str]] = {}  # hidden from the seat in every state so far
        self.frames_read = [0] * len(seats)
        self.cards_heard: dict[int, set[str]] = {n: set() for n in range(len(seats))}
        self.own: dict[int, set[str]] = {n: set() for n in range(len(seats))}
        """The cards each seat has held or seen so far."""
        self.away: set[int] = set()  # seats whose kernel is gone: their page stands still

    def frames_were_read(self) -> None:
        """Every page's frames carried cards its seat holds: the frames were read, so the
        check that no hidden card is in them could fail."""
        for number, seat in enumerate(self.seats):
            heard = self.cards_heard[number] & self.own[number]
            assert heard, f"no card of {seat.pupil}'s own in its table's frames: none was read"

    def check(self) -> tuple[list[Any], int]:
        seed, states, steps = _replayed(self.hub, self.code)
        version = len(states) - 1
        now = states[-1]
        face_up = set().union(*(self.adapter.face_up(step) for step in steps))  # shown to all
        for number, seat in enumerate(self.seats):
            if number not in self.away:
                seat.shows(version)
            hidden = set(self.adapter.hidden(now, number))
            if version:
                hidden &= set(self.adapter.hidden(states[-2], number))  # a page a move behind
            hidden -= face_up
            for state in states:
                seen = self.never_seen.setdefault(number, set(self.adapter.hidden(state, number)))
                seen &= set(self.adapter.hidden(state, number))
            self.never_seen[number] -= face_up
            keys, text = seat.shown_cards()
            assert not keys & hidden, f"{seat.pupil}'s page shows {sorted(keys & hidden)}"
            named = {n for n in _names(self.game, hidden) if n in text}
            assert not named, f"{seat.pupil}'s page names {sorted(named)}"
            new = seat.frames[self.frames_read[number] :]
            self.frames_read[number] += len(new)
            for frame in new:
                cards = _zone_cards(frame, seat.table_comms)
                self.cards_heard[number] |= cards
                leaked = cards & self.never_seen[number]
                assert not leaked, f"{seat.pupil}'s kernel sent {sorted(leaked)}"
            self.own[number] |= set(self.adapter.cards(now)) - set(self.adapter.hidden(now, number))
            replies = seat.replies()
            assert replies, f"{seat.pupil}'s kernel recorded no reply of the service"
            for reply in replies:
                if "record" in reply:  # a finished table, to save: its seed and moves, now
                    assert by_name(self.game).is_over(now), "a table's seed before its end"
                    continue
                check_reply(reply, self.game, states, steps, number, seed)
        return states, version

    def mover(self, states: list[Any]) -> int | None:
        rules = by_name(self.game)
        return None if rules.is_over(states[-1]) else rules.to_move(states[-1])


def _kernel_pids(pupil: str) -> list[int]:
    uid = pwd.getpwnam(f"{USER_PREFIX}{pupil}").pw_uid
    found = subprocess.run(
        ["pgrep", "-u", str(uid), "-f", "ipykernel"], capture_output=True, text=True, check=False
    )
    return [int(pid) for pid in found.stdout.split()]


def _wait(what: str, done: Any, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.5)


def test_classmates_play_at_two_tables_in_their_browsers(hub: Hub, browser: Any) -> None:
    url = _service_url(hub)
    teacher = TableClient(url, TOKEN)
    # a silent seat goes to its bot after 30 s (a watching seat asks again every 25 s at most)
    assert teacher.set_bot_timeout(30) == 30  # before any table: every view says so

    # Lex: four pupils at one table; Absolutely Aces: two (a short game). Every page open
    # first: a seat still empty when the timeout ends goes to its bot.
    lex = [Seat(browser, hub, pupil, LEX) for pupil in PUPILS[LEX]]
    aces = [Seat(browser, hub, pupil, ACES) for pupil in PUPILS[ACES]]
    lex_code = lex[0].start("person, person, person, person")
    for seat in lex[1:]:
        seat.join(lex_code)
    aces[0].run("classmates.together.options['target'] = 30")  # a few rounds
    aces_code = aces[0].start("person, person")
    aces[1].join(aces_code)
    for seats in (lex, aces):
        about = seats[0].about()
        for seat in seats[1:]:
            assert f"{seat.pupil} (connected)" in about, about
    lexed = Checker(hub, lex_code, LEX, lex)
    duel = Checker(hub, aces_code, ACES, aces)

    # Absolutely Aces: the first pick by a click on the card table, then moves in the kernel.
    states, version = duel.check()
    mover = duel.mover(states)
    assert mover is not None
    pick = by_name(ACES).legal_moves(states[-1])[0]
    table = aces[mover].box.locator(".acelab-table-widget")
    table.locator(f'[data-card="{pick.card}"]').first.click()
    aces[mover].shows(version + 1)
    aces[mover].shoot("hub_tables_aces_seat")
    for _ in range(3):
        states, version = duel.check()
        mover = duel.mover(states)
        if mover is None:
            break
        aces[mover].run(PLAY_FIRST)

    # Lex: eight moves, each by the seat to move, in its own kernel.
    for _ in range(8):
        states, version = lexed.check()
        mover = lexed.mover(states)
        if mover is None:
            break
        lex[mover].run(PLAY_FIRST)
    states, version = lexed.check()
    lex[0].shoot("hub_tables_lex_seat")

    # A pupil's kernel killed: the bot plays the seat, visibly; the pupil comes back to it.
    states, version = duel.check()
    if duel.mover(states) is not None:
        gone, stays = aces[1], aces[0]
        for pid in _kernel_pids(gone.pupil):
            os.kill(pid, signal.SIGKILL)
        stays.page.wait_for_function(
            """() => [...document.querySelectorAll('.acelab-together-about')]
                .some(e => e.textContent.includes('played by a bot now'))""",
            timeout=180_000,
        )
        assert f"{gone.pupil} (played by a bot now)" in stays.about()
        duel.away.add(1)
        if duel.mover(states) == 0:  # the other seat plays, so the silent seat has a go
            stays.run(PLAY_FIRST)
            states, version = duel.check()
        while duel.mover(states) == 1:  # the bot plays the silent seat's go
            _wait(
                "the bot did not play the silent seat",
                lambda v=version: len(_replayed(hub, aces_code)[1]) > v + 1,
            )
            states, version = duel.check()
        before = version
        gone.open()
        gone.join(aces_code)
        duel.away.discard(1)
        assert gone.box.locator(".acelab-table-widget").is_visible()
        _wait(
            "the seat did not come back to its pupil",
            lambda: f"{gone.pupil} (connected)" in stays.about(),
        )
        back = gone.replies()[-1]
        back = back.get("view", back)
        assert back["seat"] == 1 and back["version"] >= before
        states, version = duel.check()
        assert back["observation"] == json.loads(
            json.dumps(encode(by_name(ACES).observation(states[back["version"]], 1)))
        )

    # The service killed: the hub starts it again, every table as it was, the pages still play.
    versions = {t["code"]: t["version"] for t in teacher.tables()}
    os.kill(hub.service_pid(), signal.SIGKILL)

    def listed() -> dict[str, int] | None:
        try:
            return {t["code"]: t["version"] for t in TableClient(url, TOKEN).tables()}
        except TableRefused:  # down while the hub starts it again
            return None

    _wait("the hub did not start the service again", lambda: listed() is not None)
    after = listed()
    assert after is not None
    for code in (lex_code, aces_code):
        assert after[code] >= versions[code]
    states, version = lexed.check()
    mover = lexed.mover(states)
    if mover is not None:
        lex[mover].run(PLAY_FIRST)
        lexed.check()
    lexed.frames_were_read()
    duel.frames_were_read()
    for seat in [*lex, *aces]:
        seat.context.close()

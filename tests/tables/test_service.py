"""The table service over HTTP on 127.0.0.1, through the pupils' client (issue 25): random games
equal the engine's replay, each seat's stream of views is its ``observation`` and
``visible_events`` and names no card it may not see (every reply checked), a move reaches the
other seats' waiting requests, and bad input gets one sentence and changes nothing.

The hub's sign-in is replaced by test tokens (``tests.tables.support.TokenIdentity``); the real
hub's OAuth is tested in tests/browser/test_hub_tables.py."""

from __future__ import annotations

import json
import random
import re
import threading
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import acelab.tables.tables as tables_module
from acelab.engine import replay
from acelab.tables import TableRefused, Tables, words
from acelab.tables.client import TableClient, TableSeat
from tests.tables.support import check_reply, serving

GAMES = [
    ("absolutely_aces", 2, {"target": 5}),
    ("ace_of_spades", 2, {}),
    ("ace_of_spades_lex", 2, {}),
    ("ace_of_spades_lex", 4, {}),
    ("ace_of_spades_lex", 6, {}),
]


class Recording(TableClient):
    """The pupils' client, keeping every reply the service sent it (to check each one)."""

    def __init__(self, url: str, name: str) -> None:
        super().__init__(url, f"test-{name}")
        self.replies: list[Any] = []

    def call(self, *args: Any, **kwargs: Any) -> Any:
        reply = super().call(*args, **kwargs)
        self.replies.append(reply)
        return reply


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Tables]]:
    tables = Tables(tmp_path_factory.mktemp("tables") / "tables.sqlite3")
    with serving(tables) as url:
        yield url, tables
    tables.close()


def _states(tables: Tables, code: str) -> tuple[list[Any], list[Any]]:
    room = tables.room(code)
    rules = room.kind.game()
    state = rules.new_state(room.seed, **room.kind.new_options(room.options, len(room.seats)))
    states, steps = [state], []
    for move in room.moves:
        step = rules.step(states[-1], move)
        states.append(step.state)
        steps.append(step.events)
    return states, steps


GAME = st.sampled_from(GAMES)
SEED = st.integers(0, 2**31 - 1)


@contextmanager
def dealt_from(seed: int) -> Iterator[None]:
    """The service deals its next tables from ``seed``, not a fresh one: a failing random game
    is found again from what hypothesis prints."""
    with mock.patch.object(tables_module, "fresh_seed", return_value=seed):
        yield


SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


@pytest.mark.slow
@settings(max_examples=8, **SETTINGS)  # type: ignore[arg-type]
@given(game=GAME, seed=SEED, choices=st.integers(0, 10**6), bots=st.integers(0, 2))
def test_random_games_through_the_protocol(
    service: tuple[str, Tables],
    game: tuple[str, int, dict[str, Any]],
    seed: int,
    choices: int,
    bots: int,
) -> None:
    with dealt_from(seed):
        play_through_the_protocol(service, game, choices, bots)


@pytest.mark.soak
@settings(max_examples=150, **SETTINGS)  # type: ignore[arg-type]
@given(game=GAME, seed=SEED, choices=st.integers(0, 10**6), bots=st.integers(0, 2))
def test_many_random_games_through_the_protocol(
    service: tuple[str, Tables],
    game: tuple[str, int, dict[str, Any]],
    seed: int,
    choices: int,
    bots: int,
) -> None:
    with dealt_from(seed):
        play_through_the_protocol(service, game, choices, bots)


def play_through_the_protocol(
    service: tuple[str, Tables], game: tuple[str, int, dict[str, Any]], choices: int, bots: int
) -> None:
    """One table played through the client by its people, up to 30 moves, then every check."""
    url, tables = service
    name, count, options = game
    rng = random.Random(choices)
    tag = uuid.uuid4().hex[:6]
    seats = ["person"] + ["bot" if n < bots else "person" for n in range(count - 1)]
    clients = [Recording(url, f"{tag}{n}") for n in range(seats.count("person"))]
    first = clients[0].create(name, seats, options)
    at: dict[int, TableSeat] = {first.seat: first}
    for client in clients[1:]:
        joined = client.join(first.code.lower())
        at[joined.seat] = joined
    heard: dict[int, list[Any]] = {seat: list(s.view.events) for seat, s in at.items()}
    for _ in range(30):
        views = {seat: s.refresh() for seat, s in at.items()}
        for seat, view in views.items():
            heard[seat] += view.events
        mover = views[next(iter(views))].to_move
        if mover is None or mover not in at:
            break
        early = [seat for seat, v in views.items() if seat != mover and v.early]
        if early and rng.random() < 0.6:  # the second seat picks first: held, not refused
            seat, before = early[0], views[early[0]]
            at[seat].move(before.early[rng.randrange(len(before.early))])
            assert at[seat].view.held is not None and at[seat].view.version == before.version
            heard[seat] += at[seat].view.events
            continue
        view = views[mover]
        if view.legal_count > len(view.legal):  # hundreds (Devir's duels): asked for
            view = at[mover].every_legal()
        assert view.my_go and view.legal and len(view.legal) == view.legal_count
        others = [s for seat, s in at.items() if seat != mover]
        if others:
            with pytest.raises(TableRefused, match=words.NOT_YOUR_GO):
                others[0].move(view.legal[0])
        chosen = view.legal[rng.randrange(len(view.legal))]
        at[mover].move(chosen)
        heard[mover] += at[mover].view.events
    for seat, s in at.items():
        heard[seat] += s.refresh().events
    room = tables.room(first.code)
    rules = room.kind.game()
    states, steps = _states(tables, first.code)
    assert room.state == replay(
        rules, room.seed, room.moves, **room.kind.new_options(room.options, len(seats))
    )
    for seat, stream in heard.items():
        assert [v for v, _, _ in stream] == list(range(1, room.version + 1)), "a move was missed"
        for version, mover, told in stream:
            assert mover == room.movers[version - 1]
            assert told == rules.visible_events(steps[version - 1], seat)
        assert at[seat].view.observation == rules.observation(states[-1], seat)
    for client in clients:
        seat = next(s for s, t in at.items() if t.client is client)
        for reply in client.replies:
            check_reply(reply, name, states, steps, seat, room.seed)


def test_a_joker_standing_for_a_card_still_in_the_deck_is_no_leak(
    service: tuple[str, Tables],
) -> None:
    """Devir, seed 93967, move 39: seat 0 plays a pair of Kings, the joker standing for the King
    of Spades, while that King lies in the deck. The event names it only as what the joker stood
    for, which says nothing of where it lies (the soak once took this for a leak)."""
    with dealt_from(93967):
        play_through_the_protocol(service, ("ace_of_spades", 2, {}), 1, 1)


def test_a_hub_slow_to_say_who_is_asking_is_asked_again(service: tuple[str, Tables]) -> None:
    """HubOAuth answers 500 when the hub's API does not answer it in time (a hub busy with a
    class logging in). The service tells the pupil so in a sentence, as a 503, and the client
    asks again by itself: twice, then the 503 reaches a watching seat, which tries later. A
    request that makes something new (a table) is not sent twice."""
    url, _ = service
    assert TableClient(url, "busy-2-amy5").whoami()["name"] == "amy5", "asked twice more"
    with pytest.raises(TableRefused) as refused:
        TableClient(url, "busy-3-ben5").whoami()
    assert (str(refused.value), refused.value.status) == (words.HUB_BUSY, 503)
    assert TableClient(url, "busy-0-ben5").whoami()["name"] == "ben5"
    with pytest.raises(TableRefused, match=re.escape(words.HUB_BUSY)):
        TableClient(url, "busy-1-cat5").create("absolutely_aces", ["person", "bot"])
    seat = TableClient(url, "busy-1-cat5").create("absolutely_aces", ["person", "bot"])
    assert seat.view.my_go or seat.view.to_move is not None, "made once, on the second press"


def test_a_move_reaches_the_other_seats_waiting_requests(service: tuple[str, Tables]) -> None:
    url, _ = service
    amy = TableClient(url, "test-amy2").create("ace_of_spades_lex", ["person"] * 3)
    others = [TableClient(url, f"test-{n}").join(amy.code) for n in ("ben2", "cat2")]
    arrived: list[Any] = []
    done = threading.Event()

    def wait(seat: TableSeat) -> None:
        heard: list[Any] = []
        for _ in range(5):  # woken by anything: a join, a seat changing hands, the move
            heard += seat.wait(25).events
            if seat.view.version >= 1:
                break
        arrived.append((seat.view, heard))
        if len(arrived) == len(others):
            done.set()

    threads = [threading.Thread(target=wait, args=(s,)) for s in others]
    for thread in threads:
        thread.start()
    amy.refresh()
    assert amy.view.my_go
    amy.move(amy.view.legal[0])
    assert done.wait(20), "a waiting seat was not told of the move before its wait ran out"
    for view, heard in arrived:
        assert view.version >= 1 and heard[0][0] == 1


def test_the_leak_check_sees_a_leak(service: tuple[str, Tables]) -> None:
    """The check every reply goes through fails on a reply holding another seat's hand."""
    url, tables = service
    amy = Recording(url, "amy4")
    with dealt_from(54_321):  # a seed of five figures is looked for (a small number is anywhere)
        seat = amy.create("absolutely_aces", ["person", "bot"])
    room = tables.room(seat.code)
    states, steps = _states(tables, seat.code)
    reply = dict(amy.replies[-1]["view"])
    check_reply(reply, "absolutely_aces", states, steps, 0, room.seed)
    reply["observation"] = _encoded(room.kind.game().observation(states[-1], 1))
    with pytest.raises(AssertionError, match="was sent"):
        check_reply(reply, "absolutely_aces", states, steps, 0, room.seed)
    with pytest.raises(AssertionError, match="seed"):
        check_reply({**reply, "x": room.seed}, "absolutely_aces", states, steps, 0, room.seed)


def _raw(url: str, path: str, body: bytes | None, token: str = "test-amy3", **headers: str) -> Any:
    request = urllib.request.Request(
        url + path, data=body, method="POST" if body is not None else "GET",
        headers={"Authorization": f"token {token}", **headers},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_bad_requests_get_one_sentence_and_change_nothing(service: tuple[str, Tables]) -> None:
    url, tables = service
    amy = TableClient(url, "test-amy3").create("absolutely_aces", ["person", "person"])
    ben = TableClient(url, "test-ben3").join(amy.code)
    room = tables.room(amy.code)
    before = (room.state, room.version)
    path = f"api/tables/{amy.code}/move"
    said = {
        "malformed": _raw(url, path, b"{not json"),
        "not an object": _raw(url, path, b"[1, 2]"),
        "huge": _raw(url, path, b'{"move": "' + b"x" * 100_000 + b'", "version": 0}'),
        "no version": _raw(url, path, b'{"move": 1}'),
        "forged token": _raw(url, path, b"{}", token="forged-x"),
        "no token": _raw(url, path, b"{}", token=""),
        "another seat's move": _raw(url, path, json.dumps(
            {"move": _encoded(amy.view.legal[0]), "version": 0}
        ).encode(), token="test-ben3"),
        "not seated": _raw(url, path, b'{"move": 1, "version": 0}', token="test-dan3"),
        "teacher's list": _raw(url, "api/teacher/tables", None),
        "teacher's round": _raw(url, "api/teacher/rounds", b"{}"),
        "teacher's settings": _raw(url, "api/teacher/settings", b'{"bot_timeout": 5}'),
        "wrong code": _raw(url, "api/tables/KKKKKK/join", b"{}"),
        "bad code": _raw(url, "api/tables/0000/join", b"{}"),
        "no such page": _raw(url, "api/nothing", None),
        "bad since": _raw(url, f"api/tables/{amy.code}?since=x", None),
    }  # fmt: skip
    expected = {
        "malformed": (400, words.MALFORMED.format(why="it is not JSON.")),
        "not an object": (400, words.MALFORMED.format(why="it is not a JSON object.")),
        "huge": (413, words.TOO_BIG),
        "forged token": (403, words.NOT_SIGNED_IN),
        "no token": (403, words.NOT_SIGNED_IN),
        "another seat's move": (409, words.NOT_YOUR_GO),
        "not seated": (403, words.NOT_SEATED.format(code=amy.code)),
        "teacher's list": (403, words.TEACHER_ONLY),
        "teacher's round": (403, words.TEACHER_ONLY),
        "teacher's settings": (403, words.TEACHER_ONLY),
        "wrong code": (404, words.NO_TABLE.format(code="KKKKKK")),
    }
    for what, (status, reply) in said.items():
        sentence = reply["error"]
        assert set(reply) == {"error"} and 400 <= status < 500, (what, status, reply)
        assert sentence.endswith(".") and sentence.count(". ") == 0, (what, sentence)
        if what in expected:
            assert (status, sentence) == expected[what], what
    assert (room.state, room.version) == before
    with pytest.raises(TableRefused, match="too big"):
        amy.client.call("POST", path, {"move": "x" * 20_000, "version": 0})
    # A second window takes the seat over; the first is told so in one sentence.
    again = TableClient(url, "test-ben3").join(amy.code)
    with pytest.raises(TableRefused, match="another window"):
        ben.refresh()
    assert again.refresh().seat == ben.seat
    assert (room.state, room.version) == before


def _encoded(move: Any) -> Any:
    from acelab.engine import encode

    return encode(move)


def test_the_teacher_sees_every_table_and_starts_a_duplicate_round(
    service: tuple[str, Tables],
) -> None:
    url, tables = service
    teacher = TableClient(url, "teach-mrs_k")
    round_, codes = teacher.duplicate_round("absolutely_aces", ["person", "bot"], 3)
    assert len(codes) == 3 and len({tables.room(c).seed for c in codes}) == 1
    listed = {t["code"]: t for t in teacher.tables()}
    assert {listed[c]["round"] for c in codes} == {round_}
    assert json.dumps(teacher.tables()).count(str(tables.room(codes[0]).seed)) == 0
    assert teacher.set_bot_timeout(30) == 30
    pupil = TableClient(url, "test-eve").join(codes[1])
    assert pupil.view.bot_timeout == 30
    teacher.set_bot_timeout(60)


def test_without_a_hub_or_a_service_the_client_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("ACELAB_TABLES_URL", "JUPYTERHUB_API_TOKEN"):
        monkeypatch.delenv(variable, raising=False)
    with pytest.raises(TableRefused) as refusal:
        TableClient()
    assert str(refusal.value) == words.NO_HUB
    assert str(refusal.value).startswith("Playing with classmates needs the class hub: ")
    down = TableClient("http://127.0.0.1:9/services/acelab-tables/", "test-amy")
    with pytest.raises(TableRefused) as refusal:
        down.create("absolutely_aces", ["person", "bot"])
    assert str(refusal.value) == words.SERVICE_DOWN


def test_a_restarted_service_keeps_every_table(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    first = Tables(path)
    with serving(first) as url:
        amy = TableClient(url, "test-amy").create("ace_of_spades_lex", ["person", "person"])
        ben = TableClient(url, "test-ben").join(amy.code)
        for _ in range(6):
            seat = amy if amy.refresh().my_go else ben
            if not seat.refresh().my_go:
                break  # the game is over
            seat.move(seat.view.legal[0])
        assert first.room(amy.code).version > 0
        kept = (first.room(amy.code).state, first.room(amy.code).version)
    first.close()
    second = Tables(path)
    with serving(second) as url:
        back = TableClient(url, "test-ben").join(amy.code)
        assert back.seat == ben.seat
        assert (second.room(amy.code).state, back.view.version) == kept
        rules = second.room(amy.code).kind.game()
        assert back.view.observation == rules.observation(kept[0], back.seat)
    second.close()


def test_a_fresh_kernel_reads_every_game_s_views() -> None:
    """A pupil's kernel has imported no game when its first view arrives: the client loads
    the game's values itself (acelab's codec rebuilds only types it has seen)."""
    import subprocess
    import sys

    tables = Tables()
    views = []
    for game, count, options in GAMES[:3]:
        code = tables.create("amy", game, ["person"] * count, options)
        views.append(tables.view(code, "amy"))
    read = (
        "import json, sys\nfrom acelab.tables.client import SeatView\n"
        "for view in json.load(sys.stdin):\n"
        "    print(type(SeatView.read(view).observation).__name__)"
    )
    done = subprocess.run([sys.executable, "-c", read], input=json.dumps(views), text=True,
                          capture_output=True, check=True)  # fmt: skip
    assert done.stdout.split() == ["AcesView", "SpadesView", "LexView"]


def test_watch_calls_the_panel_back_with_each_new_view(service: tuple[str, Tables]) -> None:
    """What a panel uses to show the others' moves without a button: ``watch`` calls back
    from a thread of its own with every new view, until ``stop``; a refusal comes as its
    sentence."""
    url, _ = service
    amy = TableClient(url, "test-amy5").create("absolutely_aces", ["person", "person"])
    ben = TableClient(url, "test-ben5").join(amy.code)
    seen: list[Any] = []
    said: list[str] = []
    moved = threading.Event()

    def on_view(view: Any) -> None:
        seen.append(view)
        if view.version >= 1:
            moved.set()

    ben.watch(on_view, said.append)
    amy.refresh()
    amy.move(amy.view.legal[0])
    assert moved.wait(20), "the watching seat was not called back with the move"
    ben.stop()
    assert seen[-1].version >= 1 and seen[-1].events[-1][1] == 0 and not said
    TableClient(url, "test-ben5").join(amy.code)  # another window takes the seat over
    errors = threading.Event()
    ben.watch(on_view, lambda sentence: (said.append(sentence), errors.set()))
    assert errors.wait(20)
    ben.stop()
    assert said == [words.TAKEN_OVER.format(code=amy.code)], "told once, then it stops"


def test_seats_that_keep_asking_stay_theirs_under_a_short_bot_timeout(
    service: tuple[str, Tables],
) -> None:
    """A panel's watch asks again at least three times per bot timeout, so with the shortest
    timeout the teacher may set (5 s) a seat whose pupil is there is never given to its bot;
    a seat whose watch stops is."""
    url, _ = service
    teacher = TableClient(url, "teach-mrs_w")
    teacher.set_bot_timeout(5)
    try:
        amy = TableClient(url, "test-amy5").create("ace_of_spades_lex", ["person"] * 2)
        ben = TableClient(url, "test-ben5").join(amy.code)
        heard: list[Any] = []
        for seat in (amy, ben):
            seat.watch(heard.append)
        threading.Event().wait(12)  # more than twice the timeout: still theirs all along
        seats = next(t for t in teacher.tables() if t["code"] == amy.code)["seats"]
        assert [s["bot_now"] for s in seats] == [False, False]
        assert not [v.seats for v in heard if any(s["bot_now"] for s in v.seats)]
        ben.stop()
        for _ in range(60):
            seats = next(t for t in teacher.tables() if t["code"] == amy.code)["seats"]
            if seats[1]["bot_now"]:
                break
            threading.Event().wait(0.5)
        assert [s["bot_now"] for s in seats] == [False, True]
        amy.stop()
    finally:
        teacher.set_bot_timeout(60)

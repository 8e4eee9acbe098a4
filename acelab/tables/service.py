"""The table service over HTTP: a tornado app the class hub starts and authenticates.

Every request carries the hub's token of the person making it (a pupil's kernel sends its
server's ``JUPYTERHUB_API_TOKEN``; a browser has the hub's OAuth cookie); the service asks the hub
who that is (:class:`HubIdentity`, JupyterHub's own :class:`jupyterhub.services.auth.HubOAuth`) and
lets in only tokens holding ``access:services!service=acelab-tables``; the teacher's endpoints need
the custom scope :data:`TEACH_SCOPE` too. A seat waiting for news asks with ``wait`` and is answered
as soon as anything at its table changes (long polling), so a move reaches every other seat without
anyone pressing anything.

Routes, under the service's prefix (``/services/acelab-tables/``), all JSON:

- ``POST api/tables`` ``{game, seats, options}``: a new table, you at its first seat for a person;
- ``POST api/tables/CODE/join``: your seat (again); ``POST api/tables/CODE/leave``;
- ``GET api/tables/CODE?since=V&revision=R&wait=S``: your seat's view; with ``wait``, answered
  when the table's revision passes ``R`` (or after ``S`` seconds, at most 25); ``legal=all``
  lists every legal move even when there are hundreds;
- ``POST api/tables/CODE/move`` ``{move, version}``: your move at that version;
- ``GET api/tables/CODE/record``: once the game is over, its record for your seat (seed,
  options, moves, names: :meth:`Tables.record`), refused in a sentence before;
- ``GET api/teacher/tables``, ``POST api/teacher/rounds`` ``{game, seats, tables, options}``,
  ``POST api/teacher/settings`` ``{bot_timeout}``: the teacher's;
- ``GET api/teacher/rounds/ROUND``: the teacher's comparison of a duplicate round, decision
  point by decision point (:mod:`acelab.tables.compare`; it names the cards played, so only the
  teacher's scope gets it).

A window's session (from create or join) goes in the ``X-Acelab-Session`` header. A refusal is a
JSON ``{"error": sentence}`` with a 4xx status, or 503 when the hub did not answer in time who is
asking (the client asks again by itself); nothing changes.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final, Protocol

from tornado import web
from tornado.ioloop import PeriodicCallback

from acelab.tables.tables import Tables, compared
from acelab.tables.words import (
    HUB_BUSY,
    MALFORMED,
    NOT_SIGNED_IN,
    TEACHER_ONLY,
    TOO_BIG,
    TableRefused,
)

__all__ = [
    "MAX_BODY",
    "MAX_WAIT",
    "SERVICE_NAME",
    "TEACH_SCOPE",
    "HubIdentity",
    "Identity",
    "Who",
    "make_app",
]

SERVICE_NAME: Final = "acelab-tables"
TEACH_SCOPE: Final = "custom:acelab-tables:teach"
"""The hub scope the teacher's endpoints need (deploy/hub/config.d/70-tables.py grants it to the
hub's teachers)."""
MAX_BODY: Final = 16 * 1024
"""The largest request the service reads, in bytes (a move is a few hundred)."""
MAX_WAIT: Final = 25.0
"""The longest a seat's request waits for news, in seconds (well under a bot's timeout, so a
seat that keeps asking stays connected)."""
SESSION_HEADER: Final = "X-Acelab-Session"
log = logging.getLogger("acelab.tables")


@dataclass(frozen=True)
class Who:
    """Who sent a request: their hub name, and whether they hold the teacher's scope."""

    name: str
    teacher: bool


class Identity(Protocol):
    """How the service learns who sent a request (the hub's OAuth in the service)."""

    async def who(self, handler: web.RequestHandler) -> Who | None:
        """The sender of ``handler``'s request, or ``None`` if not allowed in."""


class HubIdentity:
    """The hub's own OAuth (:class:`jupyterhub.services.auth.HubOAuth`, configured from the
    ``JUPYTERHUB_*`` variables the hub gives its managed services): a token or the OAuth cookie
    names the sender; the token must hold this service's access scope."""

    def __init__(self) -> None:
        from jupyterhub.services.auth import HubOAuth

        self.auth = HubOAuth.instance()
        self.auth.cache_max_age = 60

    async def who(self, handler: web.RequestHandler) -> Who | None:
        from jupyterhub.services.auth import check_scopes

        model = await self.auth.get_user(handler, sync=False)
        if not model:
            return None
        scopes = set(model.get("scopes", ()))
        if not check_scopes(self.auth.access_scopes, scopes):
            return None
        name = str(model["name"])
        if model.get("kind", "user") == "service":
            name = f"service:{name}"
        return Who(name, TEACH_SCOPE in scopes)


class Waiters:
    """Requests waiting for news of a table: woken all at once when it changes."""

    def __init__(self) -> None:
        self._waiting: dict[str, set[asyncio.Future[None]]] = {}

    async def wait(self, code: str, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(code, set()).add(future)
        try:
            await asyncio.wait_for(asyncio.shield(future), seconds)
        except TimeoutError:
            pass
        finally:
            waiting = self._waiting.get(code)
            if waiting is not None:
                waiting.discard(future)
                if not waiting:
                    del self._waiting[code]

    def wake(self, code: str) -> None:
        for future in self._waiting.pop(code, set()):
            if not future.done():
                future.set_result(None)


class Base(web.RequestHandler):
    """Reads JSON, answers JSON, turns every refusal into one sentence."""

    tables: Tables
    identity: Identity
    waiters: Waiters
    who: Who

    def initialize(self, tables: Tables, identity: Identity, waiters: Waiters) -> None:
        self.tables, self.identity, self.waiters = tables, identity, waiters

    def check_xsrf_cookie(self) -> None:
        """Token requests need no XSRF check; HubOAuth patches in its own for cookie ones."""

    async def prepare(self) -> None:
        try:
            who = await self.identity.who(self)
        except web.HTTPError as error:  # the hub's API did not answer HubOAuth (a busy hub)
            if error.status_code < 500:
                raise
            log.warning("The hub did not confirm a sender: %s", error)
            self.refuse(TableRefused(HUB_BUSY, 503))
            return
        if who is None:
            self.refuse(TableRefused(NOT_SIGNED_IN, 403))
            return
        self.who = who

    def body(self) -> dict[str, Any]:
        """The request's JSON object; a sentence for anything else."""
        raw = self.request.body or b"{}"
        if len(raw) > MAX_BODY:
            raise TableRefused(TOO_BIG, 413)
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise TableRefused(MALFORMED.format(why="it is not JSON.")) from None
        if not isinstance(data, dict):
            raise TableRefused(MALFORMED.format(why="it is not a JSON object."))
        return data

    def session(self) -> str | None:
        value = self.request.headers.get(SESSION_HEADER)
        return value[:64] if value else None

    def answer(self, data: dict[str, Any]) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data))

    def refuse(self, refusal: TableRefused) -> None:
        self.set_status(refusal.status)
        self.answer({"error": refusal.sentence})

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        sentence = {
            404: "There is no such page in the table service.",
            405: "The table service does not answer that kind of request there.",
        }.get(status_code, "The table service could not answer that request.")
        self.answer({"error": sentence})

    async def run(self, action: Callable[[], Awaitable[dict[str, Any]] | dict[str, Any]]) -> None:
        try:
            result = action()
            data = await result if isinstance(result, Awaitable) else result
        except TableRefused as refusal:
            self.refuse(refusal)
            return
        self.answer(data)

    def teacher(self) -> None:
        if not self.who.teacher:
            raise TableRefused(TEACHER_ONLY, 403)

    def changed(self, code: str) -> None:
        self.waiters.wake(code)


class CreateHandler(Base):
    async def post(self) -> None:
        def create() -> dict[str, Any]:
            data = self.body()
            code = self.tables.create(
                self.who.name, data.get("game"), data.get("seats"), data.get("options")
            )
            room = self.tables.room(code)
            session = room.seats[room.seat_of(self.who.name) or 0].session
            self.changed(code)
            return {"code": code, "session": session, "view": self._view(code, session)}

        await self.run(create)

    def _view(self, code: str, session: str | None) -> dict[str, Any]:
        return self.tables.view(code, self.who.name, 0, session)


class JoinHandler(Base):
    async def post(self, code: str) -> None:
        def join() -> dict[str, Any]:
            self.body()
            session, _ = self.tables.join(code, self.who.name)
            room = self.tables.room(code)
            self.changed(room.code)
            return {"code": room.code, "session": session,
                    "view": self.tables.view(code, self.who.name, 0, session)}  # fmt: skip

        await self.run(join)


class LeaveHandler(Base):
    async def post(self, code: str) -> None:
        def leave() -> dict[str, Any]:
            self.body()
            self.tables.leave(code, self.who.name, self.session())
            self.changed(self.tables.room(code).code)
            return {"left": True}

        await self.run(leave)


class ViewHandler(Base):
    gone = False

    def on_connection_close(self) -> None:
        self.gone = True

    async def get(self, code: str) -> None:
        async def look() -> dict[str, Any]:
            since = _number(self.get_argument("since", "0"), "since")
            revision = _number(self.get_argument("revision", "-1"), "revision")
            wait = min(float(_number(self.get_argument("wait", "0"), "wait")), MAX_WAIT)
            every = self.get_argument("legal", "") == "all"
            session = self.session()
            view = self.tables.view(code, self.who.name, since, session, every)
            if wait > 0 and view["revision"] <= revision:
                await self.waiters.wait(view["code"], wait)
                if self.gone:
                    return view
                view = self.tables.view(code, self.who.name, since, session, every)
            return view

        await self.run(look)


class MoveHandler(Base):
    async def post(self, code: str) -> None:
        def move() -> dict[str, Any]:
            data = self.body()
            if "move" not in data or "version" not in data:
                raise TableRefused(MALFORMED.format(why="a move needs 'move' and 'version'."))
            session = self.session()
            version = data["version"]
            applied = self.tables.move(code, self.who.name, data["move"], version, session)
            room = self.tables.room(code)
            self.changed(room.code)
            since = version if type(version) is int else 0
            reply = {"applied": applied,
                     "view": self.tables.view(code, self.who.name, since, session)}  # fmt: skip
            if not applied:
                reply["note"] = "That move was already made: it counted once."
            return reply

        await self.run(move)


class RecordHandler(Base):
    async def get(self, code: str) -> None:
        def record() -> dict[str, Any]:
            return {"record": self.tables.record(code, self.who.name)}

        await self.run(record)


class TeacherTablesHandler(Base):
    async def get(self) -> None:
        def overview() -> dict[str, Any]:
            self.teacher()
            return {"tables": self.tables.overview(), "bot_timeout": self.tables.bot_timeout}

        await self.run(overview)


class RoundHandler(Base):
    async def post(self) -> None:
        def start() -> dict[str, Any]:
            self.teacher()
            data = self.body()
            round_, codes = self.tables.duplicate_round(
                data.get("game"), data.get("seats"), data.get("tables"), data.get("options")
            )
            return {"round": round_, "codes": codes}

        await self.run(start)


class CompareHandler(Base):
    async def get(self, round_: str) -> None:
        async def compare() -> dict[str, Any]:
            self.teacher()
            played = self.tables.round_tables(round_)  # a copy, taken in the service's thread
            # replaying and solving a whole round takes a while: in a thread, so the tables'
            # moves and views go on meanwhile
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(None, compared, round_, played)

        await self.run(compare)


class SettingsHandler(Base):
    async def post(self) -> None:
        def settle() -> dict[str, Any]:
            self.teacher()
            data = self.body()
            self.tables.set_bot_timeout(data.get("bot_timeout"))
            for code in self.tables.rooms:
                self.changed(code)
            return {"bot_timeout": self.tables.bot_timeout}

        await self.run(settle)


class WhoHandler(Base):
    async def get(self) -> None:
        self.answer({"name": self.who.name, "teacher": self.who.teacher})


class NotFound(Base):
    async def prepare(self) -> None:
        self.set_status(404)
        self.answer({"error": "There is no such page in the table service."})


def _number(text: str, name: str) -> int:
    if len(text) > 12 or not text.lstrip("-").isdigit():
        raise TableRefused(MALFORMED.format(why=f"{name} is a whole number."))
    return int(text)


def make_app(
    tables: Tables, identity: Identity, prefix: str = "/", tick: float = 0.25
) -> web.Application:
    """The service's tornado application at ``prefix`` (the hub's ``JUPYTERHUB_SERVICE_PREFIX``);
    a background tick every ``tick`` seconds lets bots play and wakes the tables they change."""
    waiters = Waiters()
    shared = {"tables": tables, "identity": identity, "waiters": waiters}
    code = r"([^/]{1,40})"
    api = prefix.rstrip("/") + "/api"
    routes: list[Any] = [
        (rf"{api}/tables", CreateHandler, shared),
        (rf"{api}/tables/{code}/join", JoinHandler, shared),
        (rf"{api}/tables/{code}/leave", LeaveHandler, shared),
        (rf"{api}/tables/{code}/move", MoveHandler, shared),
        (rf"{api}/tables/{code}/record", RecordHandler, shared),
        (rf"{api}/tables/{code}", ViewHandler, shared),
        (rf"{api}/teacher/tables", TeacherTablesHandler, shared),
        (rf"{api}/teacher/rounds", RoundHandler, shared),
        (rf"{api}/teacher/rounds/{code}", CompareHandler, shared),
        (rf"{api}/teacher/settings", SettingsHandler, shared),
        (rf"{api}/whoami", WhoHandler, shared),
    ]
    if isinstance(identity, HubIdentity):
        from jupyterhub.services.auth import HubOAuthCallbackHandler

        routes.append((prefix.rstrip("/") + "/oauth_callback", HubOAuthCallbackHandler))
    settings: dict[str, Any] = {"default_handler_class": NotFound,
                                "default_handler_args": shared}  # fmt: skip
    if isinstance(identity, HubIdentity):
        settings["hub_auth"] = identity.auth
        settings["cookie_secret"] = os.urandom(32)  # the OAuth cookie: renewed after a restart
    app = web.Application(routes, **settings)

    def on_tick() -> None:
        for changed in tables.tick():
            waiters.wake(changed)

    app.settings["ticker"] = PeriodicCallback(on_tick, tick * 1000)
    return app


def start_ticking(app: web.Application) -> None:
    """Start the app's background tick (bots, silent seats, abandoned tables)."""
    app.settings["ticker"].start()


def stop_ticking(app: web.Application) -> None:
    """Stop it."""
    app.settings["ticker"].stop()

"""The table service's client, for a pupil's kernel (and the teacher's): create or join a table,
move, wait for the others' moves. Standard library only; the panels build on it.

On the class hub a pupil's Jupyter has the hub's token for its user (``JUPYTERHUB_API_TOKEN``)
and the hub tells it where the service is (``ACELAB_TABLES_URL``); the client sends that token
with each request, so the service knows which pupil asks. Without a hub it refuses in one sentence
(:data:`~acelab.tables.words.NO_HUB`), and every refusal of the service arrives as a
:class:`~acelab.tables.words.TableRefused` whose ``str`` is the service's sentence::

    from acelab.tables.client import TableClient
    table = TableClient().create("absolutely_aces", ["person", "person"])
    table.code                      # 'KMPRTX': read it out to a classmate, who calls join(code)
    table.view.legal                # your moves, when it is your go
    table.move(table.view.legal[0])
    table.wait()                    # returns when anyone at the table has moved (or joined...)

For the panels ("Play with classmates"): a panel holds one :class:`TableSeat` and renders from
its :class:`SeatView` exactly as it renders today from ``observation(state, seat)``: ``observation``
is that value, ``events`` are each new move's ``visible_events`` for narration (with the seat that
moved), ``legal`` greys out what is not allowed (``legal_count`` when the list is long: Devir's
duels), ``seats`` says who sits where, who is connected and who is a bot now, ``to_move`` and
``my_go`` whose turn it is. A gesture becomes an engine move as today and goes to
:meth:`TableSeat.move`; a refusal is a :class:`TableRefused` whose sentence goes in the message
bar (out of turn it is the solitary panels' "It is not your go yet."). :meth:`TableSeat.watch`
calls the panel back with each new view from a background thread (no button to press);
:meth:`TableSeat.stop` ends it when the panel closes. A kernel that restarts calls
:meth:`TableClient.join` with the same code and gets its seat back as it was.
"""

from __future__ import annotations

import json
import os
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from acelab.engine import Outcome, decode, encode
from acelab.tables.early import early_moves
from acelab.tables.words import NO_HUB, SERVICE_DOWN, TOO_BIG, TableRefused

__all__ = ["SeatView", "TableClient", "TableSeat"]

URL_VARIABLE: Final = "ACELAB_TABLES_URL"
MAX_BODY: Final = 16 * 1024
PAUSES: Final = (0.5, 1.5)
"""The seconds waited before asking a busy hub or service again: twice, then a refusal."""
BUSY: Final = frozenset({502, 503, 504})
"""What the hub's proxy answers while the service restarts or the hub is busy."""


@dataclass(frozen=True)
class SeatView:
    """One seat's view of a table, decoded into the game's own values.

    ``observation`` is the engine's ``observation(state, seat)`` (a ``LexView``, ``AcesView``
    or ``SpadesView``); ``events`` the moves since the last view, each ``(version, seat that
    moved, visible_events for this seat)``; ``legal`` this seat's legal moves when it is its go
    (empty otherwise; ``legal_count`` says how many there are, and when there are hundreds, as
    in Devir's duels, only :meth:`TableSeat.every_legal` lists them); ``seats`` who sits where
    (``name``, ``person``, ``connected``, ``bot_now``); ``held`` this seat's pick made before
    its go (held by the table, applied on its go) and ``held_seats`` who has such a pick held;
    ``status`` is ``"playing"``,
    ``"finished"`` or ``"abandoned"``.
    """

    code: str
    game: str
    seat: int
    version: int
    revision: int
    to_move: int | None
    status: str
    observation: Any
    legal: tuple[Any, ...]
    legal_count: int
    events: tuple[tuple[int, int, tuple[Any, ...]], ...]
    seats: tuple[dict[str, Any], ...]
    outcome: Outcome | None
    bot_timeout: float
    held: Any = None
    """This seat's move made before its go and held by the table until its go (Absolutely
    Aces' secret pick made first), or ``None``."""
    held_seats: tuple[int, ...] = ()
    """The seats whose early move the table holds (all another seat hears of it)."""

    @property
    def my_go(self) -> bool:
        """True when this seat is to move."""
        return self.to_move == self.seat and self.status == "playing"

    @property
    def early(self) -> tuple[Any, ...]:
        """The moves this seat may make now though it is not its go, held by the table until
        its go (:mod:`acelab.tables.early`: Absolutely Aces' secret pick made first); none on
        its go, once one is held, or when the game is not being played."""
        if self.my_go or self.held is not None or self.status != "playing":
            return ()
        return tuple(early_moves(self.game, self.observation, self.seat))

    @classmethod
    def read(cls, data: dict[str, Any]) -> SeatView:
        """A view from the service's JSON."""
        _load_game(data["game"])
        return cls(
            code=data["code"],
            game=data["game"],
            seat=data["seat"],
            version=data["version"],
            revision=data["revision"],
            to_move=data["to_move"],
            status=data["status"],
            observation=decode(data["observation"]),
            legal=tuple(decode(move) for move in data["legal"]),
            legal_count=data["legal_count"],
            events=tuple(
                (e["version"], e["seat"], tuple(decode(e["events"]))) for e in data["events"]
            ),
            seats=tuple(data["seats"]),
            outcome=None if data["outcome"] is None else decode(data["outcome"]),
            bot_timeout=data["bot_timeout"],
            held=None if data.get("held") is None else decode(data["held"]),
            held_seats=tuple(data.get("held_seats", ())),
        )


def _load_game(name: object) -> None:
    """Import the game's values (its state, moves and events), so acelab's codec rebuilds them."""
    from acelab.tables.kinds import kind_of

    kind_of(name).load_values()


class TableClient:
    """Talks to the class hub's table service as the hub user whose ``token`` it holds.

    ``url`` and ``token`` default to what the hub gives a pupil's Jupyter
    (``ACELAB_TABLES_URL``, ``JUPYTERHUB_API_TOKEN``); without them, :data:`NO_HUB`.
    """

    def __init__(self, url: str | None = None, token: str | None = None, timeout: float = 30):
        url = url or os.environ.get(URL_VARIABLE)
        token = token or os.environ.get("JUPYTERHUB_API_TOKEN")
        if not url or not token:
            raise TableRefused(NO_HUB, 503)
        self.url = url.rstrip("/") + "/"
        self.token = token
        self.timeout = timeout

    # ---- a pupil's -----------------------------------------------------------------------------

    def create(
        self, game: str, seats: Sequence[str], options: dict[str, Any] | None = None
    ) -> TableSeat:
        """A new table of ``game`` (``"ace_of_spades_lex"``, ``"absolutely_aces"``,
        ``"ace_of_spades"`` for the co-op) with ``seats`` (``"person"``, ``"bot"``), you at
        its first seat for a person."""
        body = {"game": game, "seats": list(seats), "options": options or {}}
        reply = self.call("POST", "api/tables", body, again=False)
        return TableSeat(self, reply["code"], reply["session"], SeatView.read(reply["view"]))

    def join(self, code: str) -> TableSeat:
        """Your seat at table ``code`` (the same seat again after a restart or from another
        window, which it takes over)."""
        path = f"api/tables/{urllib.parse.quote(str(code)[:40], safe='')}/join"
        reply = self.call("POST", path, {})
        return TableSeat(self, reply["code"], reply["session"], SeatView.read(reply["view"]))

    def whoami(self) -> dict[str, Any]:
        """Your name on the hub and whether you are the teacher."""
        reply: dict[str, Any] = self.call("GET", "api/whoami")
        return reply

    # ---- the teacher's -------------------------------------------------------------------------

    def tables(self) -> list[dict[str, Any]]:
        """Every table of the class, live (the teacher's)."""
        return list(self.call("GET", "api/teacher/tables")["tables"])

    def duplicate_round(
        self,
        game: str,
        seats: Sequence[str],
        tables: int,
        options: dict[str, Any] | None = None,
    ) -> tuple[str, list[str]]:
        """``tables`` new tables all dealt from one seed (the teacher's); the round and codes."""
        body = {"game": game, "seats": list(seats), "tables": tables, "options": options or {}}
        reply = self.call("POST", "api/teacher/rounds", body, again=False)
        return reply["round"], list(reply["codes"])

    def round_comparison(self, round_: str) -> dict[str, Any]:
        """How the tables of duplicate round ``round_`` played the same deal, decision point by
        decision point (the teacher's; :func:`acelab.tables.compare.compare_round`'s JSON)."""
        path = f"api/teacher/rounds/{urllib.parse.quote(str(round_)[:40], safe='')}"
        reply: dict[str, Any] = self.call("GET", path)
        return reply

    def set_bot_timeout(self, seconds: float) -> float:
        """How long a silent seat waits for its pupil before its bot plays (the teacher's)."""
        return float(
            self.call("POST", "api/teacher/settings", {"bot_timeout": seconds})["bot_timeout"]
        )

    # ---- the wire ------------------------------------------------------------------------------

    def call(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        *,
        session: str | None = None,
        timeout: float | None = None,
        again: bool = True,
    ) -> Any:
        """One request; its JSON reply, or :class:`TableRefused` with the service's sentence
        (or :data:`SERVICE_DOWN` when it does not answer).

        A hub or service that is busy or restarting (no answer, or 502, 503, 504 from the hub's
        proxy) is asked again after :data:`PAUSES` when ``again`` (every request but those that
        make something new: a second try of a move is counted once); then the refusal is a 503,
        which a watching seat tries again later."""
        data = None if body is None else json.dumps(body).encode()
        if data is not None and len(data) > MAX_BODY:
            raise TableRefused(TOO_BIG, 413)
        headers = {"Authorization": f"token {self.token}", "Content-Type": "application/json"}
        if session:
            headers["X-Acelab-Session"] = session
        pauses = list(PAUSES) if again else []
        while True:
            try:
                return self._send(method, path, data, headers, timeout or self.timeout)
            except TableRefused as refusal:
                if refusal.status != 503 or not pauses:
                    raise
                time.sleep(pauses.pop(0))

    def _send(
        self, method: str, path: str, data: bytes | None, headers: dict[str, str], timeout: float
    ) -> Any:
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            if error.code in BUSY:
                raise TableRefused(_sentence(error), 503) from None
            raise TableRefused(_sentence(error), error.code) from None
        except (OSError, ValueError):
            raise TableRefused(SERVICE_DOWN, 503) from None


def _sentence(error: urllib.error.HTTPError) -> str:
    try:
        text = json.loads(error.read())["error"]
    except (OSError, ValueError, KeyError, TypeError):
        return SERVICE_DOWN
    return str(text) if isinstance(text, str) else SERVICE_DOWN


class TableSeat:
    """Your seat at one table: its latest :attr:`view`, moves, and waiting for the others."""

    def __init__(self, client: TableClient, code: str, session: str, view: SeatView) -> None:
        self.client, self.code, self.session, self.view = client, code, session, view
        self._watching: threading.Event | None = None

    @property
    def seat(self) -> int:
        """Your seat's number."""
        return self.view.seat

    def refresh(self) -> SeatView:
        """The table now (events: the moves since the last view)."""
        return self._look(0)

    def every_legal(self) -> SeatView:
        """The table now, with every legal move listed however many there are."""
        return self._look(0, every=True)

    def wait(self, seconds: float = 25) -> SeatView:
        """The table as soon as anything changes there (a move, a join, a seat going to its
        bot), or after ``seconds`` (at most 25, and at most a third of the table's bot timeout:
        a seat is heard when it asks, so one that keeps asking never goes to its bot) if
        nothing does."""
        return self._look(max(1.0, min(seconds, self.view.bot_timeout / 3)))

    def move(self, move: Any) -> SeatView:
        """Make ``move`` (one of :attr:`SeatView.legal`) at the version you last saw; sent
        twice, it counts once. A refusal (not your go, the table moved on…) changes nothing."""
        path = f"api/tables/{self.code}/move"
        body = {"move": encode(move), "version": self.view.version}
        reply = self.client.call("POST", path, body, session=self.session)
        self.view = SeatView.read(reply["view"])
        return self.view

    def record(self) -> dict[str, Any]:
        """Once the game is over, its record for your seat (the seed, the options, every
        move, who sat where: :meth:`acelab.tables.tables.Tables.record`), as the service's
        JSON; refused in a sentence before the end (:mod:`acelab.tables.record` reads it)."""
        reply = self.client.call("GET", f"api/tables/{self.code}/record", session=self.session)
        return dict(reply["record"])

    def leave(self) -> None:
        """Leave the table: a bot plays your seat from now on."""
        self.stop()
        self.client.call("POST", f"api/tables/{self.code}/leave", {}, session=self.session)

    def watch(
        self, on_view: Callable[[SeatView], None], on_error: Callable[[str], None] | None = None
    ) -> None:
        """Wait for news in a background thread, calling ``on_view`` with each new view (and
        ``on_error`` with a sentence when the service refuses or does not answer) until
        :meth:`stop`: how a panel shows the others' moves without anyone pressing anything.
        A service that does not answer is tried again every 2 seconds; any other refusal (the
        seat taken over from another window, say) ends the watch."""
        self.stop()
        stopped = self._watching = threading.Event()

        def loop() -> None:
            while not stopped.is_set():
                try:
                    view = self.wait()
                except TableRefused as refusal:
                    if stopped.is_set():
                        return
                    if on_error is not None:
                        on_error(refusal.sentence)
                    if refusal.status != 503 or stopped.wait(2.0):
                        return  # only a service that is down is tried again
                    continue
                if not stopped.is_set():
                    on_view(view)

        threading.Thread(target=loop, name=f"acelab table {self.code}", daemon=True).start()

    def stop(self) -> None:
        """Stop :meth:`watch`."""
        if self._watching is not None:
            self._watching.set()
            self._watching = None

    def _look(self, wait: float, every: bool = False) -> SeatView:
        query = urllib.parse.urlencode(
            {"since": self.view.version, "revision": self.view.revision if wait else -1,
             "wait": int(min(wait, 25)), "legal": "all" if every else ""}
        )  # fmt: skip
        reply = self.client.call(
            "GET", f"api/tables/{self.code}?{query}", session=self.session, timeout=wait + 30
        )
        self.view = SeatView.read(reply)
        return self.view

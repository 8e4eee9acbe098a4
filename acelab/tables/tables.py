"""Every table of a class: create, join, move, look, leave; the teacher's list and duplicate
rounds; kept in the service's SQLite file so a restart loses no table.

:class:`Tables` is the whole service without the network: the HTTP layer
(:mod:`acelab.tables.service`) only reads requests, asks the hub who sent them and calls these
methods. Every refusal is a :class:`~acelab.tables.words.TableRefused` sentence and changes
nothing.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from acelab.engine import check_seed, encode, fresh_seed
from acelab.tables.codes import new_code, read_code
from acelab.tables.compare import PlayedTable, SeatInfo, compare_round
from acelab.tables.kinds import kind_of, read_options, read_seats
from acelab.tables.room import BOT_TIMEOUT, EXPIRE_AFTER, Seat, TableRoom
from acelab.tables.storage import TableStore
from acelab.tables.words import (
    BAD_NAME,
    BAD_TABLES,
    BAD_TIMEOUT,
    NO_RECORD_ABANDONED,
    NO_RECORD_ROUND,
    NO_RECORD_YET,
    NO_ROUND,
    NO_TABLE,
    NOT_SEATED,
    TOO_MANY,
    TableRefused,
)

__all__ = ["MAX_TABLES_EACH", "Tables"]

MAX_TABLES_EACH: Final = 10
"""How many tables still going one person may sit at (and so start): a runaway loop in a
pupil's kernel cannot fill the service."""

Clock = Callable[[], float]


class Tables:
    """The class's tables, saved in ``path`` (an SQLite file; ``None`` keeps them in memory
    only). ``clock`` gives the time in seconds (a test passes its own); ``bot_pause`` is the
    seconds between two bot moves, so pupils see each one."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        clock: Clock = time.time,
        bot_pause: float = 0.0,
        expire_after: float = EXPIRE_AFTER,
    ) -> None:
        self.clock = clock
        self.bot_pause = bot_pause
        self.expire_after = expire_after
        self.rooms: dict[str, TableRoom] = {}
        self._held_saved: dict[str, dict[int, tuple[Any, int]]] = {}
        self.store = TableStore(path) if path is not None else None
        self.bot_timeout = BOT_TIMEOUT
        if self.store is not None:
            self.bot_timeout = float(self.store.settings().get("bot_timeout", BOT_TIMEOUT))
            self._load()

    # ---- for everyone --------------------------------------------------------------------------

    def create(
        self,
        user: str | None,
        game: object,
        seats: object,
        options: object = None,
        *,
        seed: int | str | None = None,
        round_: str = "",
    ) -> str:
        """A new table of ``game`` with ``seats`` (``"person"``, ``"bot"`` or
        ``"bot:NAME"`` each) and the game's ``options``; its code. ``user`` (if any) sits at its
        first seat for a person. The seed is fresh unless given (a duplicate round's)."""
        kind = kind_of(game)
        plans = read_seats(kind, seats)
        chosen = read_options(kind, options)
        if user is not None:
            _check_name(user)
            playing = [r for r in self.rooms.values() if r.status == "playing" and _sits(r, user)]
            if len(playing) >= MAX_TABLES_EACH:
                raise TableRefused(TOO_MANY.format(count=len(playing)), 409)
        seed = fresh_seed() if seed is None else check_seed(seed)
        now = self.clock()
        code = new_code(frozenset(self.rooms))
        room = TableRoom.open(
            code, kind, seed, chosen, plans, now,
            round=round_, bot_timeout=self.bot_timeout, bot_pause=self.bot_pause,
        )  # fmt: skip
        if user is not None:
            room.join(user, now, self.expire_after)
        self.rooms[code] = room
        if self.store is not None:
            self.store.add(
                code, kind.name, seed, chosen, _seat_rows(room.seats), round_, room.status,
                room.bot_timeout, now,
            )  # fmt: skip
        self._after(room, 0)
        return code

    def join(self, code: object, user: str) -> tuple[str, int]:
        """Seat ``user`` at table ``code`` (again, if they sat there: same seat, table as it
        was); the window's session and the seat."""
        _check_name(user)
        room = self.room(code)
        session = room.join(user, self.clock(), self.expire_after)
        self._save_seats(room)
        seat = room.seat_of(user)
        assert seat is not None
        return session, seat

    def leave(self, code: object, user: str, session: str | None = None) -> None:
        """``user`` leaves table ``code``; its bot plays their seat from now on."""
        room = self.room(code)
        room.leave(user, self.clock(), session)
        self._save_seats(room)

    def view(
        self,
        code: object,
        user: str,
        since: int = 0,
        session: str | None = None,
        all_legal: bool = False,
    ) -> dict[str, Any]:
        """What ``user``'s seat at ``code`` may see (:meth:`TableRoom.view`)."""
        room = self.room(code)
        room.heard(user, self.clock(), session)
        self.tick(room)
        return room.view(user, since, self.clock(), session, all_legal)

    def move(
        self,
        code: object,
        user: str,
        move: Any,
        version: object,
        session: str | None = None,
    ) -> bool:
        """Apply ``user``'s ``move`` (acelab's JSON of it) at ``version``; False when it was a
        repeat of the move just applied (:meth:`TableRoom.move`). Bots then play on."""
        room = self.room(code)
        before = room.version
        applied = room.move(user, move, version, self.clock(), session)
        self._after(room, before)
        if self.store is not None:
            self._save_held(room)
        return applied

    def record(self, code: object, user: str) -> dict[str, Any]:
        """The finished game of table ``code`` for ``user``, who sat there (even one who left
        before the end): its seed, the options its game was dealt with, every move with the seat
        that made it, each seat's name (``None`` for a bot's), ``user``'s seat and the outcome;
        JSON data (acelab's codec), so the pupil's progress store keeps it and their solitary
        panel replays it.

        Refused in a sentence while the game goes on (the seed would show every hidden hand),
        for a table abandoned before its end, and for a table of a duplicate round until every
        table of the round has ended (they share the seed)."""
        room = self.room(code)
        seat = room.seat_of(user)
        if seat is None:
            raise TableRefused(NOT_SEATED.format(code=room.code), 403)
        if room.status == "abandoned":
            raise TableRefused(NO_RECORD_ABANDONED.format(code=room.code), 409)
        if room.status != "finished" or room.to_move() is not None:
            raise TableRefused(NO_RECORD_YET.format(code=room.code), 409)
        if room.round and any(
            other.round == room.round and other.status == "playing" for other in self.rooms.values()
        ):
            raise TableRefused(NO_RECORD_ROUND.format(code=room.code), 409)
        outcome = room.kind.game().outcome(room.state)
        return {
            "code": room.code,
            "game": room.kind.name,
            "seed": room.seed,
            "options": room.kind.new_options(room.options, len(room.seats)),
            "moves": [
                {"seat": mover, "move": encode(move)}
                for mover, move in zip(room.movers, room.moves, strict=True)
            ],
            "names": [s.user if s.plan.person else None for s in room.seats],
            "seat": seat,
            "round": room.round,
            "outcome": None if outcome is None else encode(outcome),
        }

    def room(self, code: object) -> TableRoom:
        """The table ``code``; a sentence for a code that is wrong or unknown."""
        read = read_code(code)
        if read not in self.rooms:
            raise TableRefused(NO_TABLE.format(code=read), 404)
        return self.rooms[read]

    def tick(self, room: TableRoom | None = None) -> list[str]:
        """Let bots play where they play now (every table, or ``room``); the codes of the
        tables that changed."""
        changed = []
        for each in [room] if room is not None else list(self.rooms.values()):
            before, revision, status = each.version, each.revision, each.status
            self._after(each, before)
            if each.status != status:
                self._save_seats(each)
            if each.revision != revision:
                changed.append(each.code)
        return changed

    # ---- for the teacher -----------------------------------------------------------------------

    def overview(self) -> list[dict[str, Any]]:
        """Every table, newest first: game, round, status, whose go, seats, who is a bot now,
        outcome."""
        now = self.clock()
        rooms = sorted(self.rooms.values(), key=lambda r: (-r.created, r.code))
        return [room.summary(now) for room in rooms]

    def duplicate_round(
        self,
        game: object,
        seats: object,
        tables: object,
        options: object = None,
        seed: int | str | None = None,
    ) -> tuple[str, list[str]]:
        """``tables`` new tables of ``game``, every one dealt from the same seed (a duplicate
        round, so the teacher compares how each played the same deal); the round's name and
        the tables' codes."""  # fmt: skip
        if type(tables) is not int or not 1 <= tables <= 100:
            raise TableRefused(BAD_TABLES.format(value=_shown(tables)))
        kind = kind_of(game)
        read_seats(kind, seats)
        read_options(kind, options)
        seed = fresh_seed() if seed is None else check_seed(seed)
        round_ = f"round-{secrets.token_hex(4)}"
        codes = [
            self.create(None, game, seats, options, seed=seed, round_=round_) for _ in range(tables)
        ]
        return round_, codes

    def comparison(self, round_: object) -> dict[str, Any]:
        """How the tables of the duplicate round ``round_`` played the same deal, decision point
        by decision point (:func:`acelab.tables.compare.compare_round`; the teacher's only: it
        names every card played); a sentence for a round that does not exist."""
        return compared(str(round_), self.round_tables(round_))

    def round_tables(self, round_: object) -> list[PlayedTable]:
        """The tables of duplicate round ``round_`` as they stand now, oldest first (a copy:
        the comparison may be worked out in another thread while play goes on); a sentence for
        a round that does not exist."""
        rooms = [r for r in self.rooms.values() if r.round and r.round == round_]
        if not isinstance(round_, str) or not rooms:
            raise TableRefused(NO_ROUND.format(round=_shown(round_)), 404)
        rooms.sort(key=lambda r: (r.created, r.code))
        return [self._played(room) for room in rooms]

    def _played(self, room: TableRoom) -> PlayedTable:
        return PlayedTable(
            room.code, room.kind.name, room.seed, dict(room.options),
            tuple(SeatInfo(seat.user, seat.plan.person) for seat in room.seats),
            tuple(room.moves), tuple(room.movers),
            frozenset(v - 1 for v in room.by_bot),
        )  # fmt: skip

    def set_bot_timeout(self, seconds: object) -> None:
        """How long a person's seat may stay silent before its bot plays it, at every table
        and at tables made from now on."""
        if not isinstance(seconds, int | float) or isinstance(seconds, bool):
            raise TableRefused(BAD_TIMEOUT.format(value=_shown(seconds)))
        if not 5 <= seconds <= 3600:
            raise TableRefused(BAD_TIMEOUT.format(value=_shown(seconds)))
        self.bot_timeout = float(seconds)
        for room in self.rooms.values():
            room.set_bot_timeout(self.bot_timeout)
            self._save_seats(room)
        if self.store is not None:
            self.store.set_setting("bot_timeout", self.bot_timeout)

    def close(self) -> None:
        """Close the SQLite file."""
        if self.store is not None:
            self.store.close()

    # ---- inside --------------------------------------------------------------------------------

    def _after(self, room: TableRoom, before: int) -> None:
        """Let bots play on, then save every move made since version ``before``."""
        room.tick(self.clock())
        bots = sorted(version for version in room.by_bot if version > before)
        if self.store is None:
            return
        self._save_held(room)
        for version in range(before, room.version):
            status = room.status if version == room.version - 1 else "playing"
            self.store.add_move(
                room.code, version + 1, room.movers[version], room.moves[version],
                room.last_move, status,
            )  # fmt: skip
        if bots:
            self.store.add_bot_moves(room.code, bots)

    def _save_held(self, room: TableRoom) -> None:
        """Save the moves ``room`` holds for later goes when they changed."""
        held = room.held_moves()
        if self.store is not None and held != self._held_saved.get(room.code, {}):
            self.store.set_held(room.code, held)
            self._held_saved[room.code] = held

    def _save_seats(self, room: TableRoom) -> None:
        if self.store is not None:
            self.store.update(
                room.code, _seat_rows(room.seats), room.status, room.bot_timeout, self.clock()
            )

    def _load(self) -> None:
        assert self.store is not None
        now = self.clock()
        for saved in self.store.load():
            room = TableRoom.open(
                saved.code, kind_of(saved.game), saved.seed, saved.options,
                [plan for plan, _, _ in saved.seats], saved.created,
                round=saved.round, bot_timeout=saved.bot_timeout, bot_pause=self.bot_pause,
            )  # fmt: skip
            room.restore(saved.moves)
            room.last_move = saved.updated
            for seat, (_, user, gone) in zip(room.seats, saved.seats, strict=True):
                seat.user, seat.gone, seat.seen = user, gone, now
            room.status = saved.status
            self.rooms[room.code] = room
            room.by_bot = set(saved.by_bot)
        for code, held in self.store.held().items():
            if code in self.rooms:
                self.rooms[code].hold_again(held)
                self._held_saved[code] = held


def compared(round_: str, tables: Sequence[PlayedTable]) -> dict[str, Any]:
    """:func:`~acelab.tables.compare.compare_round` with its refusal as a table sentence."""
    try:
        return compare_round(round_, tables)
    except ValueError as error:
        raise TableRefused(str(error), 409) from None


def _seat_rows(seats: Sequence[Seat]) -> list[tuple[Any, str | None, bool]]:
    return [(seat.plan, seat.user, seat.gone) for seat in seats]


def _sits(room: TableRoom, user: str) -> bool:
    number = room.seat_of(user)
    return number is not None and not room.seats[number].gone


def _check_name(user: object) -> None:
    if not isinstance(user, str) or not 1 <= len(user) <= 64:
        raise TableRefused(BAD_NAME.format(name=_shown(user)))


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "..."

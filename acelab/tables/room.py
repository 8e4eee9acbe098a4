"""One table: a game's real state, its seats and the moves that made it (pure: no I/O, no clock).

A :class:`TableRoom` holds the engine's state of one game dealt from a seed and every move applied
to it since, with who sits where. It answers each seat with that seat's view only
(:meth:`TableRoom.view`: the engine's ``observation`` and ``visible_events`` for that seat, the
seat's legal moves, who sits where and who is a bot now) and applies a seat's move only when it is
that seat's go and the move is legal (:meth:`TableRoom.move`). A move the game lets a seat make
before its go (Absolutely Aces' secret pick: :mod:`acelab.tables.early`) is held, shown to nobody
(the other seats hear only that this seat has moved early: ``held_seats``) and applied the
moment it is that seat's go; the first such move stands (the same move sent again counts once,
another is refused), as a pick made on one's go stands. Time is passed in as ``now`` (seconds),
so a test decides what time it is.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from acelab.engine import IllegalMove, decode, derive_rng, encode
from acelab.tables.early import early_moves
from acelab.tables.kinds import Kind, SeatPlan
from acelab.tables.words import (
    ABANDONED,
    AHEAD,
    EXPIRED,
    FINISHED,
    FULL,
    HELD,
    NOT_A_MOVE,
    NOT_SEATED,
    NOT_YOUR_GO,
    OVER,
    STALE,
    TAKEN_OVER,
    TableRefused,
)

__all__ = ["ABANDON_AFTER", "BOT_TIMEOUT", "EXPIRE_AFTER", "LEGAL_LISTED", "Seat", "TableRoom"]

BOT_TIMEOUT: Final = 60.0
"""Seconds a person's seat may stay silent (or empty, from the table's start) before its bot
plays it; the teacher can change it."""
ABANDON_AFTER: Final = 15 * 60.0
"""Seconds after which a table whose every person is silent or gone ends as abandoned."""
EXPIRE_AFTER: Final = 12 * 3600.0
"""Seconds after its last move when a table that is still going can no longer be joined."""

LEGAL_LISTED: Final = 60
"""A view lists the seat's legal moves when there are at most this many (or when asked)."""

PLAYING, DONE, LEFT = "playing", "finished", "abandoned"


@dataclass
class Seat:
    """One seat: its plan, who sits there (``user``), when they were last heard from and the
    current window's session (a join from another window takes the seat over)."""

    plan: SeatPlan
    user: str | None = None
    seen: float = 0.0
    session: str = ""
    gone: bool = False

    def silent(self, now: float, start: float, timeout: float) -> bool:
        """True when nobody has been heard at this person's seat for ``timeout`` seconds
        (counted from the table's ``start`` while the seat is empty)."""
        if self.gone:
            return True
        last = self.seen if self.user is not None else start
        return now - last > timeout


@dataclass
class TableRoom:
    """One table. Build it with :meth:`open`; every change goes through its methods."""

    code: str
    kind: Kind
    seed: int | str
    options: dict[str, Any]
    seats: list[Seat]
    created: float
    round: str = ""
    bot_timeout: float = BOT_TIMEOUT
    bot_pause: float = 0.0
    status: str = PLAYING
    moves: list[Any] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)
    steps: list[tuple[Any, ...]] = field(default_factory=list)
    last_move: float = 0.0
    revision: int = 0
    held: dict[int, Any] = field(default_factory=dict)
    """Moves made before their seat's go, by seat, waiting to be applied (never sent to
    another seat)."""
    held_from: dict[int, int] = field(default_factory=dict)
    """For a held move once applied: its version, and the version it was sent at (so the same
    request sent again counts once)."""
    by_bot: set[int] = field(default_factory=set)
    """The versions (1 for the first move) a bot made, at a person's seat too, held picks
    included: what the teacher's comparison marks as a bot's."""
    _state: Any = None
    _bots_now: tuple[bool, ...] = ()
    _sent: dict[int, int] = field(default_factory=dict)
    _held_by_bot: set[int] = field(default_factory=set)

    @classmethod
    def open(
        cls,
        code: str,
        kind: Kind,
        seed: int | str,
        options: dict[str, Any],
        plans: Sequence[SeatPlan],
        now: float,
        **settings: Any,
    ) -> TableRoom:
        """A new table dealt from ``seed``; raises :class:`TableRefused` for options the game
        refuses."""
        room = cls(code, kind, seed, options, [Seat(p) for p in plans], now, **settings)
        room.last_move = now
        game = kind.game()
        try:
            room._state = game.new_state(seed, **kind.new_options(options, len(plans)))
        except (ValueError, TypeError) as error:
            raise TableRefused(_sentence(error)) from None
        room._bots_now = room.bots_now(now)
        return room

    # ---- reading -----------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The engine's full state (for the service's own checks and the teacher's comparison;
        never sent to a seat)."""
        return self._state

    @property
    def version(self) -> int:
        """How many moves have been applied."""
        return len(self.moves)

    def to_move(self) -> int | None:
        """The seat whose decision it is, or ``None`` when the game is over."""
        seat: int | None = self.kind.game().to_move(self._state)
        return seat

    def seat_of(self, user: str) -> int | None:
        """The seat ``user`` sits at, or ``None``."""
        for number, seat in enumerate(self.seats):
            if seat.user == user:
                return number
        return None

    def bots_now(self, now: float) -> tuple[bool, ...]:
        """For each seat, whether a bot plays it now (a bot's seat; a person's seat that is
        empty, silent for longer than :attr:`bot_timeout`, or left)."""
        return tuple(
            not seat.plan.person or seat.silent(now, self.created, self.bot_timeout)
            for seat in self.seats
        )

    def seats_view(self, now: float) -> list[dict[str, Any]]:
        """Who sits where: name, person or bot, connected, played by a bot now."""
        bots = self.bots_now(now)
        return [
            {
                "seat": number,
                "name": seat.user if seat.user is not None else None,
                "person": seat.plan.person,
                "bot": seat.plan.bot,
                "connected": seat.user is not None and not bots[number],
                "bot_now": bots[number],
            }
            for number, seat in enumerate(self.seats)
        ]

    def view(
        self,
        user: str,
        since: int,
        now: float,
        session: str | None = None,
        all_legal: bool = False,
    ) -> dict[str, Any]:
        """What ``user``'s seat may see: the engine's ``observation`` for that seat, the
        ``visible_events`` of each move after version ``since``, the seat's legal moves when it
        is its go (all of them when ``all_legal`` or when there are at most
        :data:`LEGAL_LISTED`; else none, and ``legal_count`` says how many: Devir's duels have
        hundreds, and a panel builds its move from the cards picked), the seats and the
        versions; JSON data (acelab's codec for game values).

        Being asked counts as being heard from. Raises :class:`TableRefused` for a person with
        no seat here or a window whose seat was taken over.
        """
        number = self.heard(user, now, session)
        game = self.kind.game()
        since = min(max(since, 0), self.version) if type(since) is int else 0
        events = [
            {
                "version": version + 1,
                "seat": self.movers[version],
                "events": encode(game.visible_events(self.steps[version], number)),
            }
            for version in range(since, self.version)
        ]
        mover = self.to_move()
        moves = game.legal_moves(self._state) if mover == number else ()
        count = len(moves)
        legal = list(moves) if all_legal or count <= LEGAL_LISTED else []
        outcome = game.outcome(self._state)
        return {
            "code": self.code,
            "game": self.kind.name,
            "options": self.options,
            "status": self.status,
            "seat": number,
            "version": self.version,
            "revision": self.revision,
            "to_move": mover,
            "observation": encode(game.observation(self._state, number)),
            "events": events,
            "legal": [encode(move) for move in legal],
            "legal_count": count,
            "seats": self.seats_view(now),
            "outcome": None if outcome is None else encode(outcome),
            "bot_timeout": self.bot_timeout,
            "held": encode(self.held[number]) if number in self.held else None,
            "held_seats": sorted(self.held),
        }

    def heard(self, user: str, now: float, session: str | None = None) -> int:
        """Note that ``user`` was heard from now; their seat. Raises :class:`TableRefused` for
        a person with no seat here or a window whose seat was taken over."""
        number = self._seated(user, session)
        self.seats[number].seen = now
        return number

    def summary(self, now: float) -> dict[str, Any]:
        """The teacher's line for this table: game, status, whose go, seats, outcome (no card
        of any hand)."""
        game = self.kind.game()
        outcome = game.outcome(self._state)
        return {
            "code": self.code,
            "game": self.kind.name,
            "round": self.round,
            "status": self.status,
            "version": self.version,
            "to_move": self.to_move(),
            "seats": self.seats_view(now),
            "outcome": None if outcome is None else encode(outcome),
            "bot_timeout": self.bot_timeout,
        }

    # ---- changing ----------------------------------------------------------------------------

    def join(self, user: str, now: float, expire_after: float = EXPIRE_AFTER) -> str:
        """Seat ``user`` (or sit them again at their seat: a rejoin takes the seat over from any
        other window); returns the new window's session. Raises :class:`TableRefused` for a
        finished, abandoned, expired or full table."""
        number = self.seat_of(user)
        if number is None:
            self._open_for_joining(now, expire_after)
            free = [n for n, s in enumerate(self.seats) if s.plan.person and s.user is None]
            if not free:
                raise TableRefused(FULL.format(code=self.code), 409)
            number = free[0]
        elif self.status == LEFT:
            raise TableRefused(ABANDONED.format(code=self.code), 409)
        seat = self.seats[number]
        seat.user, seat.seen, seat.gone = user, now, False
        seat.session = secrets.token_urlsafe(12)
        self.revision += 1
        return seat.session

    def leave(self, user: str, now: float, session: str | None = None) -> None:
        """``user`` leaves their seat (its bot plays on); a table whose people have all left
        ends as abandoned."""
        number = self._seated(user, session)
        self.seats[number].gone = True
        self.revision += 1
        people = [s for s in self.seats if s.plan.person and s.user is not None]
        if self.status == PLAYING and people and all(s.gone for s in people):
            self.status = LEFT

    def move(
        self, user: str, move: Any, version: object, now: float, session: str | None = None
    ) -> bool:
        """Apply ``move`` (acelab's JSON of a move) for ``user``'s seat at table ``version``.

        Returns True when it was applied now, False when this seat made this very move at that
        version already (a request sent twice applies once). Raises
        :class:`TableRefused` with a sentence otherwise (out of turn, stale, illegal…): nothing
        changes.
        """
        number = self.heard(user, now, session)
        if type(version) is not int:
            raise TableRefused(STALE, 409)
        decoded = _decoded(move)
        if self._made(number, decoded, version):
            return False  # this very request was taken already: it counts once
        if self.status != PLAYING or self.to_move() is None:
            raise TableRefused(OVER if self.status == PLAYING else self._ended(), 409)
        if version < self.version:
            raise TableRefused(STALE, 409)
        if version > self.version:
            raise TableRefused(AHEAD, 409)
        if self.to_move() != number:
            return self._hold(decoded, number, version)
        self._apply(decoded, number, now)
        return True

    def tick(self, now: float, rng: random.Random | None = None) -> int:
        """Let bots play every seat a bot plays now whose go it is (one move per
        :attr:`bot_pause` seconds), end a table whose people are all silent for
        :data:`ABANDON_AFTER` seconds, and note seats that changed hands. Returns the number of
        moves made."""
        made = 0
        bots = self.bots_now(now)
        if bots != self._bots_now:
            self._bots_now = bots
            self.revision += 1
        if self.status != PLAYING:
            return 0
        people = [s for s in self.seats if s.plan.person]
        if all(s.silent(now, self.created, ABANDON_AFTER) for s in people):
            self.status = LEFT
            self.revision += 1
            return 0
        self._bots_early(bots, rng)
        while True:
            mover = self.to_move()
            if mover is None or not bots[mover] or now - self.last_move < self.bot_pause:
                break
            game = self.kind.game()
            choose = self.kind.bots()[self.seats[mover].plan.bot]
            legal = game.legal_moves(self._state)
            chance = rng or derive_rng(self.seed, "table bot", self.version)
            move = choose(game.observation(self._state, mover), legal, chance)
            self._apply(move, mover, now, by_bot=True)
            made += 1
            if self.bot_pause > 0:
                break
        return made

    def restore(self, moves: Sequence[tuple[int, Any]]) -> None:
        """Replay ``moves`` (seat, move) from the table's first state: how a table comes back
        after the service restarts."""
        for number, move in moves:
            self._apply(move, number, self.last_move)

    def held_moves(self) -> dict[int, tuple[Any, int]]:
        """The moves held for later goes, by seat, each with the version it was sent at (what
        the service's file keeps)."""
        return {
            seat: (move, self._sent.get(seat, self.version)) for seat, move in self.held.items()
        }

    def hold_again(self, held: dict[int, tuple[Any, int]]) -> None:
        """Hold again the moves :meth:`held_moves` gave (after the service restarts)."""
        for seat, (move, sent) in held.items():
            if self.status == PLAYING and move in early_moves(self.kind.name, self._state, seat):
                self.held[seat], self._sent[seat] = move, sent
                if not self.seats[seat].plan.person:
                    self._held_by_bot.add(seat)

    def set_bot_timeout(self, seconds: float) -> None:
        """Change how long a person's seat may stay silent before its bot plays it."""
        self.bot_timeout = float(seconds)
        self.revision += 1

    # ---- inside ------------------------------------------------------------------------------

    def _made(self, number: int, move: Any, version: int) -> bool:
        """Whether ``number`` made ``move`` at ``version`` already: applied then, held now, or
        held then and applied since."""
        if 0 <= version < self.version and (self.movers[version], self.moves[version]) == (
            number,
            move,
        ):
            return True
        if number in self.held and self.held[number] == move:
            return True
        return any(
            sent == version and self.movers[applied] == number and self.moves[applied] == move
            for applied, sent in self.held_from.items()
        )

    def _hold(self, move: Any, number: int, version: int | None = None) -> bool:
        """Hold ``move`` of ``number`` (not its go) when the game lets it be made early;
        :data:`NOT_YOUR_GO` otherwise, or :data:`HELD` when another is held already."""
        early = early_moves(self.kind.name, self._state, number)
        if move not in early:
            raise TableRefused(NOT_YOUR_GO, 409)
        if number in self.held:
            raise TableRefused(HELD, 409)
        self.held[number] = move
        self._sent[number] = self.version if version is None else version
        self.revision += 1
        return True

    def _bots_early(self, bots: tuple[bool, ...], rng: random.Random | None) -> None:
        """Every seat a bot plays now makes its early move (a secret pick), held as a
        person's."""
        mover = self.to_move()
        for number, bot in enumerate(bots):
            if not bot or number == mover or number in self.held:
                continue
            early = early_moves(self.kind.name, self._state, number)
            if not early:
                continue
            choose = self.kind.bots()[self.seats[number].plan.bot]
            chance = rng or derive_rng(self.seed, "table bot early", self.version, number)
            view = self.kind.game().observation(self._state, number)
            self._hold(choose(view, early, chance), number)
            self._held_by_bot.add(number)

    def _apply(self, move: Any, number: int, now: float, by_bot: bool = False) -> None:
        game = self.kind.game()
        try:
            legal = move in game.legal_moves(self._state)
        except (ValueError, TypeError, AttributeError):
            legal = False
        if not legal:
            try:
                game.step(self._state, move)
            except IllegalMove as error:
                raise TableRefused(error.reason, 409) from None
            except (ValueError, TypeError, AttributeError):
                raise TableRefused(NOT_A_MOVE) from None
            raise TableRefused(NOT_A_MOVE)
        try:
            step = game.step(self._state, move)
        except IllegalMove as error:
            raise TableRefused(error.reason, 409) from None
        self._state = step.state
        self.moves.append(move)
        self.movers.append(number)
        self.steps.append(tuple(step.events))
        if by_bot:
            self.by_bot.add(self.version)
        self.last_move = now
        self.revision += 1
        if game.is_over(self._state):
            self.status = DONE
            self.held.clear()
            self._held_by_bot.clear()
            return
        mover = self.to_move()
        if mover is not None and mover in self.held:
            waiting = self.held.pop(mover)
            sent = self._sent.pop(mover, self.version - 1)
            held_by_bot = mover in self._held_by_bot
            self._held_by_bot.discard(mover)
            if waiting in game.legal_moves(self._state):  # always, for a pick held
                self._apply(waiting, mover, now, by_bot=held_by_bot)
                self.held_from[self.version - 1] = sent

    def _seated(self, user: str, session: str | None) -> int:
        number = self.seat_of(user)
        if number is None:
            raise TableRefused(NOT_SEATED.format(code=self.code), 403)
        if session is not None and session != self.seats[number].session:
            raise TableRefused(TAKEN_OVER.format(code=self.code), 409)
        return number

    def _open_for_joining(self, now: float, expire_after: float) -> None:
        if self.status != PLAYING:
            raise TableRefused(self._ended(), 409)
        if now - self.last_move > expire_after:
            raise TableRefused(EXPIRED.format(code=self.code), 409)

    def _ended(self) -> str:
        return (FINISHED if self.status == DONE else ABANDONED).format(code=self.code)


def _decoded(move: Any) -> Any:
    try:
        return decode(move)
    except ValueError:
        raise TableRefused(NOT_A_MOVE) from None


def _sentence(error: BaseException) -> str:
    text = str(error).strip() or "Those options do not make a game."
    return text if len(text) <= 300 else text[:297] + "..."

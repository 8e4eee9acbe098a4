"""The store's rows as values: saved games, attempts and achievements, and the checks and
JSON texts of what is written (moves, events, drafts, dates); a row that cannot be read becomes
a saved game with a ``problem`` sentence, never an exception."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Final

from acelab.engine import Event, Game, Move, Outcome, decode, encode, replay, what_kind
from acelab.engine.games import by_name

MAX_DRAFT_CHARS: Final = 10_000
"""The longest draft (what is on the table besides the moves) a game keeps, as JSON text."""
PLAYING, FINISHED, ABANDONED = "playing", "finished", "abandoned"


@dataclass(frozen=True)
class TableGame:
    """Where a game played at a class table was played: the table's ``code``, the learner's
    ``seat`` and each seat's name (``None`` for a bot), as the table service gave them."""

    code: str
    seat: int
    names: tuple[str | None, ...]
    round: str = ""

    def others(self) -> str:
        """Who else sat there, in words: "ana and ben", "ana and a bot"."""
        names = [n or "a bot" for seat, n in enumerate(self.names) if seat != self.seat]
        if not names:
            return "nobody"
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def line(self) -> str:
        """ "played at table KMPRTX with ana and ben"."""
        return f"played at table {self.code} with {self.others()}"


@dataclass(frozen=True)
class SavedGame:
    """One game kept in the store: enough to replay it exactly.

    ``moves`` are the engine's move values and ``events`` the events of each move (one tuple
    per move). ``outcome`` is ``None`` while the game is in progress (or was abandoned);
    ``status`` is ``"playing"``, ``"finished"`` or ``"abandoned"``.

    ``draft`` is what was on the table besides the moves (:meth:`Store.save_draft`: an
    equation being built, cards chosen), as the JSON value saved, or ``None``; a draft that
    cannot be read is ``None`` with ``draft_problem`` saying so (the game itself still replays).

    A saved game that cannot be read back (its rows damaged or edited, or of a game this acelab
    does not know) is still listed: ``problem`` says why in one sentence, its ``moves`` are
    empty, and :meth:`replay` raises ``ValueError`` with that sentence.
    """

    id: int
    game: str
    seed: int | str
    options: dict[str, Any]
    moves: tuple[Any, ...]
    outcome: Outcome | None
    status: str
    started: datetime
    updated: datetime
    events: tuple[tuple[Event, ...], ...] = field(default=(), repr=False)
    problem: str | None = None
    draft: Any = field(default=None, repr=False)
    draft_problem: str | None = None
    table: TableGame | None = None
    """Where it was played when at a class table (:meth:`Store.record_table_game`), or
    ``None`` for a game played alone."""

    @property
    def finished(self) -> bool:
        """True once the game has ended and its outcome is recorded."""
        return self.status == FINISHED

    @property
    def seat(self) -> int:
        """The learner's seat in this game: 0, unless played at a class table."""
        return 0 if self.table is None else self.table.seat

    def replay(self) -> Any:
        """The state this game reached: its seed dealt again and its moves applied in order.

        Raises ``ValueError`` with a sentence when the moves no longer replay (a save edited
        by hand, or written under other rules).
        """
        if self.problem is not None:
            raise ValueError(self.problem)
        game = by_name(self.game)
        try:
            return replay(game, self.seed, self.moves, **self.options)
        except (TypeError, ValueError) as error:
            raise ValueError(f"This saved {self.game} game does not replay: {error}") from None


@dataclass(frozen=True)
class Attempt:
    """One answer a learner gave to an exercise, with its score (0 to 1), verdict and who gave
    it (``learner``, ``""`` when nobody said)."""

    exercise: str
    answer: str
    score: float
    correct: bool
    time: datetime
    learner: str = ""


@dataclass(frozen=True)
class Achievement:
    """An achievement earned in a game, with a detail (how it was earned) and when."""

    game: str
    achievement: str
    detail: str
    time: datetime


def saved_game(
    row: tuple[Any, ...], moves: list[tuple[Any, ...]], rules: dict[object, Game[Any, Any] | str]
) -> SavedGame:
    """A game read back from the store; one with ``problem`` set when its rows cannot be read.

    ``rules`` remembers each game's rules (or why there are none) by name: looking them up
    imports the game's modules, which teaches :func:`~acelab.engine.decode` its moves."""
    game_id, game, seed, options, status, outcome, started, updated = row
    if game not in rules:
        try:
            rules[game] = by_name(game)
        except ValueError as error:
            rules[game] = str(error)
    try:
        known = rules[game]
        if isinstance(known, str):
            raise ValueError(known)
        seed_value = _load(seed)
        options_value = _load(options)
        outcome_value = _load(outcome) if outcome is not None else None
        if [number for number, _, _ in moves] != list(range(len(moves))):
            raise ValueError("some of its moves are missing.")
        move_values = tuple(_load(text) for _, text, _ in moves)
        events = tuple(as_events(_load(text)) for _, _, text in moves)
        if isinstance(seed_value, bool) or not isinstance(seed_value, int | str):
            raise ValueError("its seed is not a whole number or a word.")
        if not isinstance(options_value, dict) or not all(
            isinstance(k, str) for k in options_value
        ):
            raise ValueError("its options are not a dict of names.")
        if not (outcome_value is None or isinstance(outcome_value, Outcome)):
            raise ValueError("its outcome is not an outcome.")
        if not all(isinstance(m, Move) for m in move_values):
            raise ValueError("its move log holds something that is not a move.")
        if status not in (PLAYING, FINISHED, ABANDONED):
            raise ValueError(f"its status {status!r} is not one acelab writes.")
        return SavedGame(
            id=game_id,
            game=game,
            seed=seed_value,
            options=options_value,
            moves=move_values,
            outcome=outcome_value,
            status=status,
            started=read_time(started),
            updated=read_time(updated),
            events=events,
        )
    except (TypeError, ValueError, RecursionError) as error:
        return _unreadable(row, error)


def _unreadable(row: tuple[Any, ...], error: BaseException) -> SavedGame:
    """What can be shown of a saved game that cannot be read, with the sentence why."""
    game_id, game, _, _, status, _, started, updated = row
    name = game if isinstance(game, str) else "?"
    reason = str(error).strip().rstrip(".") or type(error).__name__
    reason = reason if len(reason) <= 200 else reason[:197] + "..."
    reason = reason[:1].lower() + reason[1:]
    shown = name if len(name) <= 40 else name[:37] + "..."
    return SavedGame(
        id=game_id,
        game=name,
        seed="",
        options={},
        moves=(),
        outcome=None,
        status=status if status in (PLAYING, FINISHED, ABANDONED) else ABANDONED,
        started=_time_or_epoch(started),
        updated=_time_or_epoch(updated),
        problem=f"Saved game {game_id} ({shown}) cannot be read: {reason}.",
    )


@dataclass(frozen=True)
class Encoded:
    """A move as given to :meth:`Store.save_progress`, with its events, and both as stored."""

    move: Any
    events: tuple[Event, ...]
    move_text: str
    events_text: str


def as_events(value: object) -> tuple[Event, ...]:
    """The events of one move, as a tuple; ``ValueError`` for anything else."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise ValueError(f"The events of a move are a list of events, not {what_kind(value)}.")
    happened = tuple(value)
    for event in happened:
        if not isinstance(event, Event):
            raise ValueError(f"The events of a move are events, not {what_kind(event)}.")
    return happened


def draft_text(draft: Any) -> str:
    """A draft as the JSON text kept; ``ValueError`` with a sentence for anything else."""
    try:
        text = json.dumps(
            draft, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False
        )
    except (TypeError, ValueError, RecursionError):
        raise ValueError(
            "A draft is plain data: dicts of names, lists, texts, numbers, True, False or None."
        ) from None
    if len(text) > MAX_DRAFT_CHARS:
        raise ValueError(f"A draft holds at most {MAX_DRAFT_CHARS:,} characters as JSON.")
    return text


def with_draft(saved: SavedGame, text: Any) -> SavedGame:
    """``saved`` with the draft read from ``text``, or with the sentence saying it cannot be."""
    try:
        if not isinstance(text, str) or len(text) > MAX_DRAFT_CHARS:
            raise ValueError
        return replace(saved, draft=json.loads(text, parse_constant=_no_constant))
    except (ValueError, RecursionError):
        return replace(saved, draft_problem="What was on the table cannot be read.")


def table_text(table: TableGame) -> str:
    """How a :class:`TableGame` is kept (JSON text)."""
    return json.dumps(
        {"code": table.code, "seat": table.seat, "names": list(table.names),
         "round": table.round},
        ensure_ascii=False, sort_keys=True,
    )  # fmt: skip


def with_table(saved: SavedGame, text: Any) -> SavedGame:
    """``saved`` with where it was played, read from ``text`` (``None``: alone); a game whose
    table cannot be read is kept as played alone."""
    if text is None:
        return saved
    try:
        data = json.loads(text) if isinstance(text, str) else None
        names = data["names"] if isinstance(data, dict) else None
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("code"), str)
            or type(data.get("seat")) is not int
            or not isinstance(names, list)
            or not all(n is None or isinstance(n, str) for n in names)
            or not 0 <= data["seat"] < len(names)
        ):
            return saved
        table = TableGame(data["code"], data["seat"], tuple(names), str(data.get("round", "")))
    except (ValueError, RecursionError):
        return saved
    return replace(saved, table=table)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a draft holds.")


def dump_checked(value: Any) -> str:
    """:func:`dump`, with ``ValueError`` and a sentence for a value that cannot be saved."""
    try:
        return dump(value)
    except (TypeError, ValueError, RecursionError) as error:
        raise ValueError(f"This move cannot be saved: {str(error).rstrip('.')}.") from None


def _time_or_epoch(text: Any) -> datetime:
    try:
        return read_time(text)
    except (TypeError, ValueError):
        return datetime.fromtimestamp(0, UTC)


def dump(value: Any) -> str:
    return json.dumps(encode(value), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _load(text: Any) -> Any:
    try:
        if not isinstance(text, str):
            raise ValueError
        data = json.loads(text)
    except ValueError:
        raise ValueError("some of its rows are not JSON text.") from None
    return decode(data)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def read_time(text: Any) -> datetime:
    try:
        if not isinstance(text, str):
            raise ValueError
        return datetime.fromisoformat(text)
    except ValueError:
        raise ValueError("its dates are not dates acelab writes.") from None


def check_text(value: object, what: str) -> None:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{what} is a non-empty text, not {value!r}.")


def check_id(value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"A saved game's id is a whole number, not {what_kind(value)}.")
    if not -(2**63) <= value < 2**63:
        raise ValueError("A saved game's id is a whole number of at most 18 digits.")

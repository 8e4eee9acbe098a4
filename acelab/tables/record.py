"""A finished table's record in the pupil's kernel: read, checked by replaying it, and kept in
the pupil's progress store (issue 25 item 5).

When a table's game is over the service gives each seated pupil its record
(:meth:`acelab.tables.tables.Tables.record`: the seed, the options, every move and who sat where);
never before, as the seed shows every hidden hand. :func:`read_record` turns the service's JSON
into a :class:`TableRecord` and replays it with the engine: a record that is not well formed,
whose moves are not legal in turn, that does not end the game, whose outcome differs, or whose end
is not the table this seat last saw, is refused with one sentence
(:data:`~acelab.tables.words.BAD_RECORD`). :func:`keep` saves a checked record in the store as a
finished game, marked as played at that table (:class:`acelab.store.TableGame`), with the events
this seat heard; the solitary panel of the game then replays it exactly
(:meth:`acelab.widgets.panel.Panel.open_saved`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from acelab.engine import Event, IllegalMove, Outcome, check_seed, decode
from acelab.store import Store, TableGame
from acelab.tables.kinds import kind_of
from acelab.tables.words import BAD_RECORD, TableRefused

__all__ = ["TableRecord", "keep", "read_record"]


@dataclass(frozen=True)
class TableRecord:
    """One finished table's game, as this seat keeps it: ``options`` are what the game's
    ``new_state`` takes; ``events`` each move's events as this seat heard them; ``final`` the
    state its moves reach."""

    code: str
    game: str
    seed: int | str
    options: dict[str, Any]
    seat: int
    names: tuple[str | None, ...]
    round: str
    movers: tuple[int, ...]
    moves: tuple[Any, ...]
    events: tuple[tuple[Event, ...], ...]
    outcome: Outcome
    final: Any

    @property
    def table(self) -> TableGame:
        """Where it was played, as the store keeps it."""
        return TableGame(self.code, self.seat, self.names, self.round)


def read_record(data: object, seen: Any = None) -> TableRecord:
    """The record the service sent (``data``), replayed and checked; ``seen`` is the last
    :class:`~acelab.tables.client.SeatView` this seat had of the table (its end), which the
    replay must match. Raises :class:`~acelab.tables.words.TableRefused` with one sentence for a
    damaged record."""
    code = data.get("code") if isinstance(data, dict) else None
    code = code if isinstance(code, str) and len(code) <= 40 else "?"
    try:
        return _read(data, seen)
    except (KeyError, TypeError, ValueError, AttributeError, IllegalMove, RecursionError):
        raise TableRefused(BAD_RECORD.format(code=code)) from None


def _read(data: Any, seen: Any) -> TableRecord:
    kind = kind_of(data["game"])
    kind.load_values()
    rules = kind.game()
    seed = check_seed(data["seed"])
    options, names, seat = data["options"], data["names"], data["seat"]
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise ValueError("options")
    if not isinstance(names, list) or not all(n is None or isinstance(n, str) for n in names):
        raise ValueError("names")
    if type(seat) is not int or not 0 <= seat < len(names) or not isinstance(data["round"], str):
        raise ValueError("seat")
    state = rules.new_state(seed, **options)
    movers, moves, events = [], [], []
    for entry in data["moves"]:
        mover, move = entry["seat"], decode(entry["move"])
        if type(mover) is not int or rules.to_move(state) != mover:
            raise ValueError("a move out of turn")
        step = rules.step(state, move)
        movers.append(mover)
        moves.append(move)
        events.append(tuple(rules.visible_events(step.events, seat)))
        state = step.state
    outcome = rules.outcome(state)
    if not rules.is_over(state) or outcome is None or decode(data["outcome"]) != outcome:
        raise ValueError("the end")
    if seen is not None and (
        (seen.code, seen.seat) != (data["code"], seat)
        or seen.version > len(moves)
        or (seen.version == len(moves) and seen.observation != rules.observation(state, seat))
    ):
        raise ValueError("not the table seen")
    return TableRecord(
        data["code"], kind.name, seed, dict(options), seat, tuple(names), data["round"],
        tuple(movers), tuple(moves), tuple(events), outcome, state,
    )  # fmt: skip


def keep(record: TableRecord, store: Store) -> int:
    """Save ``record`` in ``store`` as a finished game played at its table; its id (the same
    id when it was kept before; ``0`` when the store does not save)."""
    return store.record_table_game(
        record.game, record.seed, record.options, list(record.moves), list(record.events),
        record.outcome, record.table,
    )  # fmt: skip


def others(names: Sequence[str | None], seat: int) -> str:
    """Who else sat at the table, in words (:meth:`acelab.store.TableGame.others`)."""
    return TableGame("", seat, tuple(names)).others()

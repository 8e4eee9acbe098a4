"""The games a table can hold (each declared by its ``game.toml``'s ``[table]``), their seats
and their bots (read from each game's ``BOTS``)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from acelab.engine import Game
from acelab.engine.catalogue import GAMES
from acelab.engine.games import by_name
from acelab.tables.words import (
    BAD_OPTIONS,
    BAD_SEAT,
    BAD_SEATS,
    NO_PERSON,
    UNKNOWN_GAME,
    TableRefused,
)

__all__ = ["KINDS", "Kind", "SeatPlan", "kind_of", "read_options", "read_seats"]

Bot = Callable[[Any, Sequence[Any], Any], Any]
_RULES: dict[str, Game[Any, Any]] = {}


@dataclass(frozen=True)
class Kind:
    """A game played at tables: its engine name, how many seats, the options it takes."""

    name: str
    title: str
    seats: tuple[int, int]
    options: frozenset[str]
    fixed: tuple[tuple[str, Any], ...] = ()
    """Options the table always passes (co-op Ace of Spades: ``players=2``)."""
    seats_option: str | None = None
    """The option that takes the number of seats (Lex: ``players``)."""
    only: tuple[tuple[str, tuple[Any, ...], str], ...] = ()
    """Options limited at a table: (name, the values allowed, the sentence for any other)."""

    def game(self) -> Game[Any, Any]:
        """The engine's rules of this game (one object, as a Game holds no state)."""
        if self.name not in _RULES:
            _RULES[self.name] = by_name(self.name)
        return _RULES[self.name]

    def load_values(self) -> None:
        """Import the game's values (state, moves, events), so acelab's codec rebuilds them
        (it builds only the types it has seen registered)."""
        for module in ("state", "moves", "events"):
            importlib.import_module(f"acelab.{self.name}.{module}")

    def bots(self) -> Mapping[str, Bot]:
        """The game's named bots (its ``bots.BOTS``)."""
        module = importlib.import_module(f"acelab.{self.name}.bots")
        bots: Mapping[str, Bot] = module.BOTS
        return bots

    def new_options(self, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """The keyword arguments of ``new_state`` for a table of ``seats`` seats."""
        full = dict(options) | dict(self.fixed)
        if self.seats_option:
            full[self.seats_option] = seats
        return full

    def count(self) -> str:
        low, high = self.seats
        return f"{low} seats" if low == high else f"{low} to {high} seats"


KINDS: Final = {
    game.folder: Kind(
        game.folder,
        game.table.title,
        game.table.seats,
        frozenset(game.table.options),
        fixed=game.table.fixed,
        seats_option=game.table.seats_option or None,
    )
    for game in GAMES
    if game.table is not None
}
"""The games for several people, each as its own ``game.toml`` declares its ``[table]``: Ace
of Spades' co-op (two partners), Lex's (2 to 6), Absolutely Aces (a duel)."""


def kind_of(name: object) -> Kind:
    """The table game called ``name``; a sentence for any other."""
    if not isinstance(name, str) or name not in KINDS:
        shown = repr(name) if len(repr(name)) <= 40 else "that"
        raise TableRefused(UNKNOWN_GAME.format(game=shown))
    return KINDS[name]


@dataclass(frozen=True)
class SeatPlan:
    """One seat as the table was set: for a person, or for a bot; ``bot`` names the bot that
    plays it (for a person's seat: the bot that stands in while it is empty or silent)."""

    person: bool
    bot: str


def read_seats(kind: Kind, seats: object) -> tuple[SeatPlan, ...]:
    """``seats`` (``["person", "bot", "bot:random"]``) as seat plans; a sentence otherwise."""
    low, high = kind.seats
    if isinstance(seats, str) or not isinstance(seats, Sequence) or not low <= len(seats) <= high:
        raise TableRefused(BAD_SEATS.format(title=kind.title, count=kind.count()))
    bots = kind.bots()
    plans = []
    for seat in seats:
        text = seat if isinstance(seat, str) and len(seat) <= 40 else None
        if text == "person":
            plans.append(SeatPlan(True, "strong"))
            continue
        name = (text.partition(":")[2] or "strong") if text and text.startswith("bot") else None
        if text not in ("bot", f"bot:{name}") or name not in bots:
            shown = repr(seat) if len(repr(seat)) <= 40 else "that"
            raise TableRefused(BAD_SEAT.format(names=", ".join(bots), seat=shown))
        plans.append(SeatPlan(False, str(name)))
    if not any(plan.person for plan in plans):
        raise TableRefused(NO_PERSON)
    return tuple(plans)


def read_options(kind: Kind, options: object) -> dict[str, Any]:
    """``options`` checked to be this game's, with plain short values (the engine checks the
    values themselves when it deals)."""
    if options is None:
        return {}
    if not isinstance(options, Mapping) or len(options) > 8:
        raise TableRefused(BAD_OPTIONS)
    for key, value in options.items():
        plain = value is None or isinstance(value, bool | int | str)
        if not isinstance(key, str) or key not in kind.options or not plain:
            raise TableRefused(BAD_OPTIONS)
        if (isinstance(value, str) and len(value) > 40) or (
            isinstance(value, int) and abs(value) > 10**6
        ):
            raise TableRefused(BAD_OPTIONS)
    for name, allowed, sentence in kind.only:
        if name in options and options[name] not in allowed:
            raise TableRefused(sentence)
    return dict(options)

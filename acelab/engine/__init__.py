"""The engine protocol shared by every acelab game.

A game is a :class:`Game` object whose states are immutable values. ``apply(state, move)``
returns a new state and never changes the old one, so undo is keeping the old state. An illegal
move raises :class:`IllegalMove` with a sentence a learner understands, and nothing changes.

Chance is seeded: a state carries everything its randomness needs, so the same seed and the same
moves give the same game on every machine (:func:`replay`). Every state and move serializes to
JSON and back (:func:`to_json`, :func:`from_json`) through a small tagged format that only
rebuilds types registered with :func:`serializable`.
"""

from __future__ import annotations

import dataclasses
import json
import numbers
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from fractions import Fraction
from typing import Any, Final, Generic, TypeVar

from acelab.engine.cards import Card, Rank, Suit, parse_card
from acelab.engine.dispatch import Handler, MoveTable, describe
from acelab.engine.frozen import replace_fast
from acelab.engine.lazy import LazyMoves
from acelab.engine.play import Bot, PlayedGame, play_out
from acelab.engine.seeds import check_seed, derive_rng, fresh_seed, seed_or_fresh
from acelab.engine.stats import MAX_GAMES, Simulation, WinRate, check_games
from acelab.engine.terms import Event, IllegalMove, Move, Step, events_of, expect, shown, what_kind

__all__ = [
    "FORMAT_VERSION",
    "MAX_GAMES",
    "Bot",
    "Event",
    "Game",
    "GameRecord",
    "Handler",
    "IllegalMove",
    "LazyMoves",
    "Move",
    "MoveTable",
    "Outcome",
    "PlayedGame",
    "Simulation",
    "Step",
    "WinRate",
    "check_games",
    "check_seed",
    "decode",
    "derive_rng",
    "describe",
    "encode",
    "events_of",
    "expect",
    "formerly",
    "fresh_seed",
    "from_json",
    "play_out",
    "replace_fast",
    "replay",
    "seed_or_fresh",
    "serializable",
    "shown",
    "to_json",
    "what_kind",
]

FORMAT_VERSION: Final = 1
"""Version of acelab's JSON format; :func:`from_json` refuses any other."""


T = TypeVar("T")
S = TypeVar("S")
M = TypeVar("M")
_REGISTRY: dict[str, type[Any]] = {}


def _type_name(cls: type[Any]) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def serializable(cls: type[T]) -> type[T]:
    """Class decorator: allow :func:`decode` to rebuild this dataclass or enum from JSON."""
    if not (dataclasses.is_dataclass(cls) or issubclass(cls, Enum)):
        raise TypeError(f"{cls.__name__} must be a dataclass or an Enum to be serializable.")
    _REGISTRY[_type_name(cls)] = cls
    return cls


def formerly(*modules: str) -> Callable[[type[T]], type[T]]:
    """Class decorator, above :func:`serializable`: :func:`decode` also rebuilds this class
    from saves that name it in one of ``modules``, where it used to live (so the games in a
    learner's store still load after a class moves to another module)."""

    def register(cls: type[T]) -> type[T]:
        if _REGISTRY.get(_type_name(cls)) is not cls:
            raise TypeError(f"Mark {cls.__name__} @serializable before giving its old homes.")
        for module in modules:
            _REGISTRY.setdefault(f"{module}.{cls.__qualname__}", cls)
        return cls

    return register


serializable(Suit)
serializable(Rank)
formerly("acelab.cards")(Suit)  # relayer: keep (saves before the engine package name it)
formerly("acelab.cards")(Rank)  # relayer: keep


@serializable
@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` lists the winning players (empty when everybody lost); ``scores`` is empty for
    games without scores; ``reason`` says in words what happened.
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for name in ("winners", "scores"):
            value = getattr(self, name)
            if isinstance(value, list):
                value = tuple(value)
                object.__setattr__(self, name, value)
            kind = numbers.Integral if name == "winners" else numbers.Real
            if not isinstance(value, tuple) or not all(
                isinstance(v, kind) and not isinstance(v, bool) for v in value
            ):
                raise ValueError(f"An outcome's {name} are numbers, not {value!r}.")
        if not isinstance(self.reason, str):
            raise ValueError(f"An outcome's reason is a sentence, not {self.reason!r}.")

    def won(self, player: int = 0) -> bool:
        """True when ``player`` is among the winners."""
        return player in self.winners


class Game(ABC, Generic[S, M]):
    """A game's rules: builds states and applies moves. Holds no state of its own."""

    name: str = "game"
    """A short identifier, stored in JSON so a save is not loaded into another game."""

    @abstractmethod
    def new_state(self, seed: int | str, **options: Any) -> S:
        """The first state of a game dealt from ``seed`` with the named house-rule options."""

    def to_move(self, state: S) -> int | None:
        """The seat whose decision it is in ``state``, or ``None`` when the game is over.

        :meth:`legal_moves` lists that seat's moves. Secret picks made at the same time are
        taken in seat order: the lowest seat that has not picked yet is to move. (OpenSpiel's
        ``current_player()``.) Every game overrides it.
        """
        raise NotImplementedError(f"{type(self).__name__} does not say whose move it is yet.")

    @abstractmethod
    def legal_moves(self, state: S) -> Sequence[M]:
        """Every move that is legal in ``state`` for the seat :meth:`to_move` names (empty when
        the game is over)."""

    @abstractmethod
    def step(self, state: S, move: M) -> Step[S]:
        """The state after ``move`` and the events it caused.

        Raises :class:`IllegalMove` with a sentence when the rules forbid ``move`` (anything
        that is not one of this game's moves included); ``state`` never changes.
        """

    def apply(self, state: S, move: M) -> S:
        """The state after ``move``. Raises :class:`IllegalMove`; ``state`` never changes."""
        return self.step(state, move).state

    def check_state(self, state: object) -> None:
        """Raise ``ValueError`` with a sentence unless ``state`` is a well-formed state of this
        game (right types, every card exactly once, each player or pilot once).

        :func:`from_json` calls it on everything it loads for this game, so a damaged or edited
        save is refused instead of played on. Games override it; the default accepts anything.
        """

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True when the game has ended."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    def observation(self, state: S, player: int) -> Any:
        """What ``player`` may see of ``state``. Games with hidden information override this."""
        return state

    def visible_events(self, events: Sequence[Event], seat: int) -> tuple[Event, ...]:
        """What ``seat`` may hear of a move's ``events``: the same events with every card that
        seat may not see taken out (as boardgame.io redacts its log per player). Panels,
        narration, the store and the table service read a move only through this. Games with
        hidden cards in their events override it; the default hides nothing."""
        return events_of(events)

    def why_illegal(self, state: S, move: M) -> str | None:
        """The reason ``move`` is illegal in ``state``, or ``None`` if it is legal."""
        try:
            self.apply(state, move)
        except IllegalMove as error:
            return error.reason
        return None

    def can_apply(self, state: S, move: M) -> bool:
        """True when ``move`` is legal in ``state``."""
        return self.why_illegal(state, move) is None


def replay(game: Game[S, M], seed: int | str, moves: Iterable[M], **options: Any) -> S:
    """The state reached by dealing from ``seed`` and applying ``moves`` in order."""
    if isinstance(moves, str) or not isinstance(moves, Iterable):
        raise ValueError("Replay a list of moves.")
    state = game.new_state(seed, **options)
    for move in moves:
        state = game.apply(state, move)
    return state


@serializable
@dataclasses.dataclass(frozen=True)
class GameRecord:
    """A whole game as its seed, options and move log: replaying it gives the final state."""

    game: str
    seed: int | str
    options: dict[str, Any]
    moves: tuple[Any, ...]

    def replay(self, game: Game[Any, Any]) -> Any:
        """The state this record leads to under ``game``'s rules."""
        if game.name != self.game:
            raise ValueError(f"This record is of {self.game!r}, not {game.name!r}.")
        return replay(game, self.seed, self.moves, **self.options)


def encode(value: Any) -> Any:
    """``value`` as plain JSON data, with tags for cards, fractions, tuples and dataclasses."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, Card):
        return {"$card": str(value)}
    if isinstance(value, Fraction):
        return {"$fraction": str(value)}
    if isinstance(value, Enum):
        return {"$enum": _checked_name(type(value)), "value": encode(value.value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"$type": _checked_name(type(value)), "fields": fields}
    if isinstance(value, tuple):
        return {"$tuple": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, frozenset | set):
        items = sorted((encode(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
        return {"$frozenset": items}
    if isinstance(value, dict):
        return {"$dict": [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"Cannot save a {type(value).__name__} as JSON.")


def _checked_name(cls: type[Any]) -> str:
    name = _type_name(cls)
    if name not in _REGISTRY:
        raise TypeError(f"{name} is not marked @serializable, so it cannot be saved as JSON.")
    return name


def _registered(name: Any) -> type[Any]:
    if not isinstance(name, str) or name not in _REGISTRY:
        shown = repr(name) if len(repr(name)) <= 60 else repr(name)[:57] + "..."
        raise _Damaged(f"This save names an unknown type {shown}.")
    return _REGISTRY[name]


def _list(data: dict[str, Any], tag: str) -> list[Any]:
    items = data[tag]
    if not isinstance(items, list):
        raise _Damaged(f"This save is damaged: {tag} holds a {type(items).__name__}, not a list.")
    return items


def _fraction(data: dict[str, Any]) -> Fraction:
    text = data["$fraction"]
    if not isinstance(text, str) or len(text) > 100:
        raise _Damaged("This save is damaged: a fraction is written as short text like '1/3'.")
    return Fraction(text)


def _build(data: dict[str, Any]) -> Any:
    cls = _registered(data["$type"])
    fields = data["fields"]
    if not isinstance(fields, dict) or not all(isinstance(k, str) for k in fields):
        raise _Damaged(f"This save is damaged: the fields of a {cls.__name__} are missing.")
    names = {f.name for f in dataclasses.fields(cls) if f.init}
    unknown = sorted(set(fields) - names)
    if unknown:
        raise _Damaged(f"This save is damaged: a {cls.__name__} has no field {unknown[0]!r}.")
    return cls(**{k: _decode(v) for k, v in fields.items()})


def _enum(data: dict[str, Any]) -> Any:
    cls = _registered(data["$enum"])
    try:
        return cls(_decode(data["value"]))
    except ValueError:
        raise _Damaged(
            f"This save is damaged: {data['value']!r} is not a {cls.__name__}."
        ) from None


_TAGS: Final[dict[str, Callable[[dict[str, Any]], Any]]] = {
    "$card": lambda d: parse_card(d["$card"]),
    "$fraction": _fraction,
    "$tuple": lambda d: tuple(_decode(v) for v in _list(d, "$tuple")),
    "$frozenset": lambda d: frozenset(_decode(v) for v in _list(d, "$frozenset")),
    "$dict": lambda d: {_decode(k): _decode(v) for k, v in _list(d, "$dict")},
    "$enum": _enum,
    "$type": _build,
}


_DAMAGE: Final = (
    ArithmeticError,
    AttributeError,
    IndexError,
    KeyError,
    LookupError,
    RecursionError,
    TypeError,
)
"""What building a value from damaged JSON can raise; :func:`decode` turns it into ValueError."""


def decode(data: Any) -> Any:
    """The value that :func:`encode` turned into ``data``. Only registered types are built.

    Raises ``ValueError`` with a sentence for anything that is not such data (whatever went
    wrong inside: a zero denominator, a missing field, a field of the wrong type, nesting too
    deep).
    """
    try:
        return _decode(data)
    except ValueError as error:
        if isinstance(error, _Damaged):
            raise ValueError(str(error)) from None
        raise ValueError(f"This save is damaged: {_sentence(error)}") from None
    except _DAMAGE as error:
        raise ValueError(f"This save is damaged: {_sentence(error)}") from None


class _Damaged(ValueError):
    """A message already written for the learner."""


def _sentence(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    text = text if len(text) <= 200 else text[:197] + "..."
    return text if text.endswith((".", "!", "?")) else text + "."


def _decode(data: Any) -> Any:
    if isinstance(data, list):
        return [_decode(v) for v in data]
    if isinstance(data, dict):
        for tag, build in _TAGS.items():
            if tag in data:
                return build(data)
        raise _Damaged("This save has a JSON object acelab does not recognise.")
    if data is None or isinstance(data, bool | int | float | str):
        return data
    raise _Damaged(f"This save holds a {type(data).__name__}, which JSON cannot hold.")


def to_json(state: Any, game: Game[Any, Any] | None = None) -> str:
    """``state`` (or a move, or a :class:`GameRecord`) as a JSON text with a format version."""
    document = {
        "acelab": FORMAT_VERSION,
        "game": game.name if game is not None else None,
        "value": encode(state),
    }
    return json.dumps(document, ensure_ascii=False, sort_keys=True)


def from_json(game: Game[Any, Any] | None, text: str | bytes) -> Any:
    """The value saved by :func:`to_json`. Checks the format version and the game's name.

    With a ``game``, what is loaded must be one of its moves or events, a :class:`GameRecord`,
    an :class:`Outcome`, or a state that passes ``game.check_state``. Every failure is a
    ``ValueError`` with a sentence; nothing else escapes.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise ValueError(f"An acelab save is JSON text, not {type(text).__name__}.")
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"This is not an acelab save: {error.msg}.") from None
    except (RecursionError, UnicodeDecodeError, ValueError):
        raise ValueError("This is not an acelab save: it cannot be read as JSON.") from None
    if not isinstance(document, dict) or "acelab" not in document:
        raise ValueError("This is not an acelab save: it has no 'acelab' format version.")
    version = document["acelab"]
    if type(version) is not int or version != FORMAT_VERSION:
        shown = repr(version) if len(repr(version)) <= 20 else "another"
        raise ValueError(
            f"This save uses format {shown}; this acelab reads format {FORMAT_VERSION}."
        )
    expected = game.name if game is not None else None
    if expected is not None and document.get("game") != expected:
        found = document.get("game")
        shown = repr(found) if isinstance(found, str) and len(found) <= 40 else "another game"
        raise ValueError(f"This save is of {shown}, not {expected!r}.")
    value = decode(document.get("value"))
    if game is not None and not isinstance(value, Move | Event | GameRecord | Outcome):
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            raise ValueError(f"This save holds a {type(value).__name__}, not a game state.")
        try:
            game.check_state(value)
        except ValueError:
            raise
        except _DAMAGE as error:
            raise ValueError(f"This save does not hold a game state: {_sentence(error)}") from None
    return value

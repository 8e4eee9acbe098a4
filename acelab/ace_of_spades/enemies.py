"""The Enemy deck as data: ``enemies.toml`` read with :mod:`tomllib` into typed values.

Every effect is an :class:`Effect` of a kind listed in :data:`KINDS`, which the rules engine
implements; nothing is free text. :func:`load_enemies` refuses a bad file with its name, the
line and the reason (:class:`EnemyFileError`): TOML syntax, an unknown effect, a life of 0 or
less, a dial above 4, a missing level, ...
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from acelab.ace_of_spades.scoring import COMBINATIONS, Modifiers
from acelab.engine import serializable
from acelab.engine.terms import shown

__all__ = [
    "DEFAULT_FILE",
    "DIFFICULTIES",
    "KINDS",
    "MAX_AMOUNT",
    "MAX_BOOST",
    "MAX_DIAL",
    "Effect",
    "Enemy",
    "EnemyDeck",
    "EnemyFileError",
    "Scene",
    "check_enemy",
    "load_enemies",
    "modifiers_of",
]

DEFAULT_FILE: Final = Path(__file__).with_name("enemies.toml")
DIFFICULTIES: Final = ("easy", "normal", "hard", "nightmare")
MAX_DIAL: Final = 4
"""No dial ever shows more than 4."""
MAX_AMOUNT: Final = 50
"""An effect's amount is at most this, so every bonus added up stays within what scoring takes."""
MAX_BOOST: Final = 600
"""The most a next-Hand bonus can add up to (eleven Henchmen's, each at most MAX_AMOUNT)."""
LEVELS: Final = 12
VILLAIN_LEVELS: Final = (3, 6, 9)
ROLES: Final = ("benefit", "penalty", "bonus")


@dataclass(frozen=True)
class Kind:
    """One kind of effect: the fields it needs, the roles it may play, how it reads."""

    fields: tuple[str, ...]
    roles: tuple[str, ...]
    text: str


KINDS: Final[dict[str, Kind]] = {
    # one-time benefits of Henchmen
    "extra_hands": Kind(("amount",), ("benefit", "bonus"), "+{amount} Hands"),
    "extra_discards": Kind(("amount",), ("benefit", "bonus"), "+{amount} Discards"),
    "draw_extra": Kind(("amount",), ("benefit",), "draw {amount} extra cards past 8"),
    "search_discard": Kind(
        ("amount",), ("benefit",), "take {amount} card(s) of your choice from the discard pile"
    ),
    "free_redraw": Kind((), ("benefit",), "a free Discard and Draw (your own cards only)"),
    "free_renew": Kind((), ("benefit",), "a free Renew: the discard pile back into the deck"),
    "next_hand_bonus": Kind(("amount",), ("benefit",), "your next Hand deals +{amount}"),
    # ongoing bonuses of beaten Villains
    "combination_bonus": Kind(("combination", "amount"), ("bonus",), "{combination} +{amount}"),
    "value_bonus": Kind(("value", "amount"), ("bonus",), "each scoring {value} +{amount}"),
    "suit_bonus": Kind(("suit", "amount"), ("bonus",), "each scoring {suit} card +{amount}"),
    "flat_bonus": Kind(("amount",), ("bonus",), "every scoring Hand +{amount}"),
    "value_as": Kind(("value", "as_value"), ("bonus",), "a {value} may count as a {as_value}"),
    "suit_as": Kind(("suit", "as_suit"), ("bonus",), "a {suit} card may count as {as_suit}"),
    "bigger_hand": Kind(("amount",), ("bonus",), "hold {amount} more card(s)"),
    # penalties of Villains and Lord Overkill, while you duel them
    "no_face_bonus": Kind((), ("penalty",), "no bonus for J, Q, K"),
    "no_ace_bonus": Kind((), ("penalty",), "no bonus for Aces"),
    "banned_combination": Kind(("combination",), ("penalty",), "a {combination} deals nothing"),
    "combination_penalty": Kind(("combination", "amount"), ("penalty",), "{combination} −{amount}"),
    "fewer_hands": Kind(("amount",), ("penalty",), "−{amount} Hands"),
    "fewer_discards": Kind(("amount",), ("penalty",), "−{amount} Discards"),
    "smaller_hand": Kind(("amount",), ("penalty",), "hold {amount} card(s) fewer"),
}
"""The effect vocabulary: every kind the engine implements."""

_VALUES: Final = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
_VALUE_NAMES: Final = {v: k for k, v in _VALUES.items()}
_SUITS: Final = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
_SUIT_NAMES: Final = {v: k for k, v in _SUITS.items()}
_ENEMY_KINDS: Final = ("henchman", "villain", "lord")


@serializable
@dataclass(frozen=True)
class Effect:
    """One effect of an Enemy card: a ``kind`` from :data:`KINDS` and the fields it needs
    (``value``/``as_value`` 1..13, ``suit``/``as_suit`` letters S H D C)."""

    kind: str
    amount: int = 0
    combination: str = ""
    value: int = 0
    as_value: int = 0
    suit: str = ""
    as_suit: str = ""

    def __str__(self) -> str:
        words = {
            "amount": self.amount,
            "combination": self.combination.replace("_", " "),
            "value": _VALUE_NAMES.get(self.value, "?"),
            "as_value": _VALUE_NAMES.get(self.as_value, "?"),
            "suit": _SUIT_NAMES.get(self.suit, "?"),
            "as_suit": _SUIT_NAMES.get(self.as_suit, "?"),
        }
        return KINDS[self.kind].text.format(**words)


@serializable
@dataclass(frozen=True)
class Enemy:
    """One Enemy card. ``kind`` is henchman, villain or lord; ``benefit`` (one-time, Henchmen),
    ``penalty`` (while dueled) and ``bonus`` (ongoing once beaten, Villains) are effects."""

    id: str
    level: int
    kind: str
    name: str
    life: int
    flavour: str = ""
    benefit: tuple[Effect, ...] = ()
    penalty: tuple[Effect, ...] = ()
    bonus: tuple[Effect, ...] = ()
    unlocks_joker: bool = False
    difficulty: str = ""

    @property
    def is_villain(self) -> bool:
        """True for the Villains at levels 3, 6 and 9 (each ends a scene)."""
        return self.kind == "villain"

    def describe(self) -> str:
        """The card in one line: name, life and effects."""
        parts = [f"{self.name} (level {self.level}, {self.life} life)"]
        for role, effects in (("benefit", self.benefit), ("penalty", self.penalty)):
            if effects:
                parts.append(f"{role}: " + "; ".join(str(e) for e in effects))
        if self.bonus:
            parts.append("once beaten: " + "; ".join(str(e) for e in self.bonus))
        if self.unlocks_joker:
            parts.append("beating it brings the Joker into the deck")
        return ", ".join(parts) + "."


@dataclass(frozen=True)
class Scene:
    """Levels played with the same dials; the last is a Villain (or Lord Overkill)."""

    levels: tuple[int, ...]
    hands: int
    discards: int


@dataclass(frozen=True)
class EnemyDeck:
    """Every Enemy card of a file, and its scenes."""

    enemies: tuple[Enemy, ...]
    scenes: tuple[Scene, ...]
    source: str

    def at_level(self, level: int) -> tuple[Enemy, ...]:
        """The cards of one level (Lord Overkill: one per difficulty)."""
        return tuple(e for e in self.enemies if e.level == level)

    def lord(self, difficulty: str) -> Enemy:
        """The Lord Overkill card of a difficulty."""
        return next(e for e in self.enemies if e.level == LEVELS - 1 and e.difficulty == difficulty)

    def scene_of(self, level: int) -> int:
        """The scene (0..3) a level belongs to."""
        return next(i for i, scene in enumerate(self.scenes) if level in scene.levels)


class EnemyFileError(ValueError):
    """A bad Enemy file: ``str`` gives the file, the line and the reason."""

    def __init__(self, source: str, line: int, reason: str) -> None:
        super().__init__(f"{source}, line {line}: {reason}")
        self.source, self.line, self.reason = source, line, reason


class _Lines:
    """Finds where a table or a key sits in the file's text, for error messages."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.headers: dict[str, list[int]] = {}
        for number, line in enumerate(self.lines, start=1):
            stripped = line.strip()
            if stripped.startswith("[[") and stripped.endswith("]]"):
                self.headers.setdefault(stripped[2:-2].strip(), []).append(number)

    def table(self, name: str, index: int) -> int:
        found = self.headers.get(name, [])
        return found[index] if index < len(found) else max(1, len(self.lines))

    def key(self, name: str, index: int, key: str) -> int:
        start = self.table(name, index)
        found = self.headers.get(name, [])
        stop = found[index + 1] if index + 1 < len(found) else len(self.lines) + 1
        for number in range(start, min(stop, len(self.lines) + 1)):
            text = self.lines[number - 1].split("=", 1)[0].strip()
            if text == key:
                return number
        return start


def _int(data: Mapping[str, Any], key: str, what: str) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise _Problem(key, f"{what} needs a whole number {key}, not {shown(value)}.")
    return value


class _Problem(Exception):
    """A reason tied to a key of the table being read."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(reason)
        self.key, self.reason = key, reason


def _effect(data: Any, role: str, name: str) -> Effect:
    if not isinstance(data, Mapping):
        raise _Problem(role, f"{name}'s {role} must be a list of tables like {{ kind = ... }}.")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise _Problem(
            role, f"{name} has an unknown effect {shown(kind)}: use one of {', '.join(KINDS)}."
        )
    spec = KINDS[kind]
    if role not in spec.roles:
        raise _Problem(role, f"{name}: {kind} cannot be a {role} (it is a {spec.roles[0]}).")
    extra = set(data) - {"kind", *spec.fields}
    if extra:
        raise _Problem(role, f"{name}: {kind} takes no {', '.join(sorted(extra))}.")
    fields: dict[str, Any] = {}
    for field in spec.fields:
        value = data.get(field)
        if field == "amount":
            if type(value) is not int or not 1 <= value <= MAX_AMOUNT:
                raise _Problem(role, f"{name}: {kind} needs an amount from 1 to {MAX_AMOUNT}.")
            fields[field] = value
        elif field == "combination":
            if not isinstance(value, str) or value not in COMBINATIONS:
                raise _Problem(
                    role,
                    f"{name}: {shown(value)} is not a combination ({', '.join(COMBINATIONS)}).",
                )
            fields[field] = value
        elif field in ("value", "as_value"):
            if not isinstance(value, str) or value not in _VALUES:
                raise _Problem(
                    role, f"{name}: {shown(value)} is not a card value (A, 2..10, J, Q, K)."
                )
            fields[field] = _VALUES[value]
        else:
            if not isinstance(value, str) or value not in _SUITS:
                raise _Problem(role, f"{name}: {shown(value)} is not a suit ({', '.join(_SUITS)}).")
            fields[field] = _SUITS[value]
    return Effect(kind=kind, **fields)


_ENEMY_KEYS: Final = {
    "id",
    "level",
    "kind",
    "name",
    "life",
    "flavour",
    "benefit",
    "penalty",
    "bonus",
    "unlocks_joker",
    "difficulty",
}


_ONCE_A_BENEFIT: Final = ("free_renew", "free_redraw", "search_discard")
"""Effects that act on the cards at once: a second one in a benefit would find nothing to
shuffle back, to throw or to search."""


def _enemy(data: Any) -> Enemy:
    if not isinstance(data, Mapping):
        raise _Problem("", "An [[enemy]] must be a table.")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _Problem("name", "Every Enemy needs a name.")
    unknown = set(data) - _ENEMY_KEYS
    if unknown:
        raise _Problem(
            sorted(unknown)[0], f"{name} has an unknown key {shown(sorted(unknown)[0])}."
        )
    ident = data.get("id")
    if not isinstance(ident, str) or not ident:
        raise _Problem("id", f"{name} needs an id (a short word).")
    level = _int(data, "level", name)
    if not 0 <= level < LEVELS:
        raise _Problem("level", f"{name}'s level must be 0 to 11, not {level}.")
    life = _int(data, "life", name)
    if life <= 0:
        raise _Problem("life", f"{name}'s life must be 1 or more, not {life}.")
    kind = data.get("kind")
    expected = (
        "lord" if level == LEVELS - 1 else "villain" if level in VILLAIN_LEVELS else "henchman"
    )
    if kind != expected:
        raise _Problem(
            "kind", f"{name} is at level {level}, so its kind must be {shown(expected)}."
        )
    difficulty = data.get("difficulty", "")
    if kind == "lord" and difficulty not in DIFFICULTIES:
        raise _Problem("difficulty", f"{name} needs a difficulty: {', '.join(DIFFICULTIES)}.")
    effects: dict[str, tuple[Effect, ...]] = {}
    allowed = {"henchman": ("benefit",), "villain": ("penalty", "bonus"), "lord": ("penalty",)}
    for role in ROLES:
        raw = data.get(role, [])
        if raw and role not in allowed[kind]:
            raise _Problem(role, f"{name} is a {kind}: it has no {role}.")
        if not isinstance(raw, list):
            raise _Problem(role, f"{name}'s {role} must be a list of effects.")
        effects[role] = tuple(_effect(item, role, name) for item in raw)
        kinds = [effect.kind for effect in effects[role]]
        for once in _ONCE_A_BENEFIT:
            if kinds.count(once) > 1:
                raise _Problem(role, f"{name}'s {role} lists {once} twice: once is all it can do.")
    flavour = data.get("flavour", "")
    joker = data.get("unlocks_joker", False)
    if not isinstance(flavour, str) or not isinstance(joker, bool):
        raise _Problem("flavour", f"{name}: flavour is text and unlocks_joker true or false.")
    return Enemy(
        id=ident,
        level=level,
        kind=kind,
        name=name,
        life=life,
        flavour=flavour,
        unlocks_joker=joker,
        difficulty=difficulty,
        **effects,
    )


def check_enemy(enemy: object) -> None:
    """Raise ``ValueError`` with a sentence unless ``enemy`` is an Enemy card that an Enemy
    file could hold (a saved game carries its twelve, and a damaged save may change them)."""
    if type(enemy) is not Enemy:
        raise ValueError(f"An Enemy card is expected here, not a {type(enemy).__name__}.")
    try:
        rebuilt = _enemy(_as_table(enemy))
    except _Problem as problem:
        reason = problem.reason.split(": use one of")[0].rstrip(".") + "."  # no list of kinds
        if len(reason) > 300:  # a long name or a value that is not text: say less
            reason = f"its {problem.key or 'card'} holds a value the game does not know."
        raise ValueError(f"An Enemy card is damaged: {reason}") from None
    if rebuilt != enemy:
        raise ValueError("An Enemy card is damaged: an effect holds a field it does not take.")


def _as_table(enemy: Enemy) -> dict[str, Any]:
    """``enemy`` written back as the table of an Enemy file."""
    table = {f.name: getattr(enemy, f.name) for f in fields(Enemy)}
    for role in ROLES:
        effects = table[role]
        if not isinstance(effects, tuple) or not all(type(e) is Effect for e in effects):
            raise _Problem(role, f"{role} is a list of effects, not {shown(effects)}.")
        table[role] = [_effect_table(e) for e in effects]
    return table


def _effect_table(effect: Effect) -> dict[str, Any]:
    """``effect`` written back as an effect of an Enemy file (an unknown kind left as it is,
    for :func:`_effect` to refuse)."""
    data: dict[str, Any] = {"kind": effect.kind}
    spec = KINDS.get(effect.kind) if isinstance(effect.kind, str) else None
    for name in spec.fields if spec is not None else ():
        value = getattr(effect, name)
        if name in ("value", "as_value") and type(value) is int:
            value = _VALUE_NAMES.get(value, value)
        elif name in ("suit", "as_suit") and isinstance(value, str):
            value = _SUIT_NAMES.get(value, value)
        data[name] = value
    return data


def _scene(data: Any, number: int) -> Scene:
    if not isinstance(data, Mapping):
        raise _Problem("", "A [[scene]] must be a table.")
    levels = data.get("levels")
    if not isinstance(levels, list) or not all(type(v) is int for v in levels) or not levels:
        raise _Problem("levels", f"Scene {number} needs a list of levels.")
    dials = {}
    for dial in ("hands", "discards"):
        value = _int(data, dial, f"Scene {number}")
        if not 0 <= value <= MAX_DIAL:
            raise _Problem(dial, f"Scene {number}'s {dial} dial is {value}: dials run 0 to 4.")
        dials[dial] = value
    if dials["hands"] < 1:
        raise _Problem("hands", f"Scene {number} needs at least 1 Hand.")
    return Scene(tuple(levels), dials["hands"], dials["discards"])


def _whole_deck(enemies: Sequence[Enemy], scenes: Sequence[Scene]) -> str | None:
    """What is missing or inconsistent in the deck as a whole, or None."""
    for level in range(LEVELS):
        found = [e for e in enemies if e.level == level]
        if level == 0 and len(found) != 1:
            return f"Level 0 needs exactly one starting Enemy, not {len(found)}."
        if 0 < level < LEVELS - 1 and not found:
            return f"Level {level} is missing: every level 1..10 needs at least one Enemy."
    for difficulty in DIFFICULTIES:
        if not any(e.level == LEVELS - 1 and e.difficulty == difficulty for e in enemies):
            return f"Lord Overkill (level 11) needs a card for the {difficulty} difficulty."
    ids = [e.id for e in enemies]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        return f"Enemy ids must differ: {', '.join(repeated)} is used twice."
    listed = sorted(level for scene in scenes for level in scene.levels)
    if listed != list(range(LEVELS)):
        return "The scenes must list each level 0..11 exactly once."
    for number, scene in enumerate(scenes, start=1):
        if list(scene.levels) != list(range(scene.levels[0], scene.levels[-1] + 1)):
            return f"Scene {number}'s levels must follow each other."
        if scene.levels[-1] not in (*VILLAIN_LEVELS, LEVELS - 1):
            return f"Scene {number} must end with a Villain (level 3, 6 or 9) or Lord Overkill."
    unlocking = {e.level for e in enemies if e.unlocks_joker}
    for level in unlocking:
        if not all(e.unlocks_joker for e in enemies if e.level == level):
            return f"Every card of level {level} must unlock the Joker, so that one Enemy does."
    if len(unlocking) != 1 or (LEVELS - 1) in unlocking:
        return "Exactly one level (below 11) must unlock the Joker."
    return None


def _tables(
    data: Mapping[str, Any], table: str, lines: _Lines, source: str
) -> list[tuple[int, Any]]:
    """The items of one array of tables, each checked by building it once here."""
    raw = data.get(table, [])
    if not isinstance(raw, list):
        raise EnemyFileError(source, 1, f"write each {table} as [[{table}]].")
    for index, item in enumerate(raw):
        try:
            _scene(item, index + 1) if table == "scene" else _enemy(item)
        except _Problem as problem:
            line = (
                lines.key(table, index, problem.key) if problem.key else lines.table(table, index)
            )
            raise EnemyFileError(source, line, problem.reason) from None
    return list(enumerate(raw))


def _parse(text: str, source: str) -> EnemyDeck:
    lines = _Lines(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        line = 1
        if "(at line " in message:
            line = int(message.split("(at line ")[1].split(",")[0])
            message = message.split(" (at line ")[0]
        raise EnemyFileError(source, line, f"this is not valid TOML: {message}.") from None
    unknown = set(data) - {"scene", "enemy"}
    if unknown:
        raise EnemyFileError(
            source, 1, f"unknown table {shown(sorted(unknown)[0])}: use [[scene]] and [[enemy]]."
        )
    scenes = [_scene(item, n + 1) for n, item in _tables(data, "scene", lines, source)]
    enemies = [_enemy(item) for _, item in _tables(data, "enemy", lines, source)]
    if len(scenes) != 4:
        raise EnemyFileError(
            source, lines.table("scene", 0), f"the deck needs 4 scenes, not {len(scenes)}."
        )
    whole = _whole_deck(enemies, scenes)
    if whole is not None:
        raise EnemyFileError(source, 1, whole)
    return EnemyDeck(tuple(enemies), tuple(scenes), source)


def load_enemies(path: str | Path | None = None) -> EnemyDeck:
    """The Enemy deck of a TOML file (default: acelab's own ``enemies.toml``).

    Raises :class:`EnemyFileError` (a ``ValueError``) naming the file, the line and the reason.
    """
    if path is None:
        return _default()
    if not isinstance(path, str | Path):
        raise ValueError(f"An Enemy file is a path, not {type(path).__name__}.")
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as error:
        name = str(file) if len(str(file)) <= 80 else "The Enemy file"
        raise EnemyFileError(name, 1, f"cannot read it ({error.__class__.__name__}).") from None
    return _parse(text, str(file))


@lru_cache(maxsize=1)
def _default() -> EnemyDeck:
    return _parse(DEFAULT_FILE.read_text(encoding="utf-8"), DEFAULT_FILE.name)


def modifiers_of(effects: Sequence[Effect], flat: int = 0) -> Modifiers:
    """The scoring :class:`Modifiers` of the active effects (others are ignored here)."""
    if not isinstance(effects, Sequence) or not all(isinstance(e, Effect) for e in effects):
        raise ValueError("Give the effects in force as a list of Effect values.")
    if type(flat) is not int:
        raise ValueError(f"The flat bonus is a whole number, not {shown(flat)}.")
    combo: list[tuple[str, int]] = []
    banned: list[str] = []
    value_bonus: list[tuple[int, int]] = []
    suit_bonus: list[tuple[str, int]] = []
    value_as: list[tuple[int, int]] = []
    suit_as: list[tuple[str, str]] = []
    face = ace = True
    for e in effects:
        kind = e.kind
        if kind == "combination_bonus":
            combo.append((e.combination, e.amount))
        elif kind == "combination_penalty":
            combo.append((e.combination, -e.amount))
        elif kind == "banned_combination":
            banned.append(e.combination)
        elif kind == "value_bonus":
            value_bonus.append((e.value, e.amount))
        elif kind == "suit_bonus":
            suit_bonus.append((e.suit, e.amount))
        elif kind == "flat_bonus":
            flat += e.amount
        elif kind == "value_as":
            value_as.append((e.value, e.as_value))
        elif kind == "suit_as":
            suit_as.append((e.suit, e.as_suit))
        elif kind == "no_face_bonus":
            face = False
        elif kind == "no_ace_bonus":
            ace = False
    return _modifiers(
        tuple(combo),
        tuple(banned),
        tuple(value_bonus),
        tuple(suit_bonus),
        face,
        ace,
        flat,
        tuple(value_as),
        tuple(suit_as),
    )


@lru_cache(maxsize=256)
def _modifiers(*fields: Any) -> Modifiers:
    combo, banned, value_bonus, suit_bonus, face, ace, flat, value_as, suit_as = fields
    return Modifiers(
        combination_bonus=combo,
        banned=banned,
        value_bonus=value_bonus,
        suit_bonus=suit_bonus,
        face_bonus=face,
        ace_bonus=ace,
        flat=flat,
        value_as=value_as,
        suit_as=suit_as,
    )

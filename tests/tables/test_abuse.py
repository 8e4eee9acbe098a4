"""Anything a class may do to its tables, in any order, gets an answer or a refusal in one
sentence, never another error (which the service would send as a 500): views with any
``since``, moves at stale or future versions, from a window taken over or a seat not at the
table, early secret picks, the clock jumping past the bot timeout and the expiry, leaving and
joining again, the teacher changing the bot timeout, a restart from the service's file, and
asking for records and the overview. Each table is then still the engine's replay of its moves.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acelab.engine import encode, replay
from acelab.tables import TableRefused, Tables
from acelab.tables.early import early_moves
from tests.tables.test_tables_core import Clock

GAMES = [
    ("absolutely_aces", 2, {"target": 5}),
    ("ace_of_spades", 2, {}),
    ("ace_of_spades_lex", 2, {}),
    ("ace_of_spades_lex", 3, {}),
]
USERS = ("amy", "ben", "cat", "dan")


class Class:
    """The pupils around one table: each one's window (its session, from joining), now and
    then a stale one (a window another has taken over)."""

    def __init__(self, tables: Tables, code: str, rng: random.Random) -> None:
        self.tables, self.code, self.rng = tables, code, rng
        self.sessions: dict[str, str | None] = dict.fromkeys(USERS)

    def session(self, user: str) -> str | None:
        return "stale" if self.rng.random() < 0.05 else self.sessions[user]

    def to_move(self) -> str | None:
        """The pupil whose go it is, if a pupil sits in that seat."""
        room = self.tables.room(self.code)
        mover = room.to_move()
        return None if mover is None else room.seats[mover].user

    def join(self, user: str) -> None:
        self.sessions[user], _ = self.tables.join(self.code, user)

    def move(self, user: str) -> int:
        """One of ``user``'s legal moves or early picks, at the version it saw (or, now and
        then, one before or one after); how many it sent (0 when it had none)."""
        rng, tables = self.rng, self.tables
        view = tables.view(self.code, user, 0, self.session(user), all_legal=True)
        room = tables.room(self.code)
        moves = list(view["legal"])
        moves += [encode(m) for m in early_moves(room.kind.name, room.state, view["seat"])]
        if moves:
            version = view["version"] + rng.choice((0,) * 8 + (-1, 1))
            tables.move(self.code, user, rng.choice(moves), version, self.session(user))
        return len(moves[:1])


def abuse(path: Path | None, seed: int, steps: int) -> Counter[str]:
    """Tables of random games, one after another as each ends, and ``steps`` random things
    done to them; how many of each were answered, how many refused, how many tables and moves
    in all. Each table ends as the engine's replay of its moves."""
    rng = random.Random(seed)
    clock = Clock()
    tables = Tables(path, clock=clock, bot_pause=rng.choice((0.0, 1.0)))
    done: Counter[str] = Counter()
    pupils, seated = _new_table(tables, rng, done)
    for _ in range(steps):
        if tables.room(pupils.code).status != "playing":
            _same_as_replay(tables, pupils.code, done)
            pupils, seated = _new_table(tables, rng, done)
        user = rng.choice(seated) if rng.random() < 0.9 else rng.choice(USERS)  # dan: no seat
        try:
            tables = _one_thing(tables, pupils, user, path, clock, done)
        except TableRefused:
            done["refused"] += 1
    _same_as_replay(tables, pupils.code, done)
    tables.close()
    return done


def _new_table(
    tables: Tables, rng: random.Random, done: Counter[str]
) -> tuple[Class, tuple[str, ...]]:
    """A table of a random game, its first pupil's; the other pupils join it."""
    game, count, options = rng.choice(GAMES)
    seats = ["person"] + [rng.choice(("person", "bot")) for _ in range(count - 1)]
    seated = USERS[: seats.count("person")]
    for code, room in tables.rooms.items():  # each pupil may sit at so many tables at once
        if room.status == "playing":
            for user in seated:
                if room.seat_of(user) is not None:
                    tables.leave(code, user)
    pupils = Class(tables, tables.create(USERS[0], game, seats, options), rng)
    for user in seated[1:]:
        pupils.join(user)
    done["tables"] += 1
    return pupils, seated


def _one_thing(
    tables: Tables, pupils: Class, user: str, path: Path | None, clock: Clock, done: Counter[str]
) -> Tables:
    """One random thing ``user`` (or the teacher, or the clock) does; the tables after it (a
    restart makes them anew from their file)."""
    rng, code, roll = pupils.rng, pupils.code, pupils.rng.random()
    if roll < 0.25:
        version = tables.room(code).version
        since = rng.choice((0, version, max(0, version - 3), version + 2, 30))
        tables.view(code, user, since, pupils.session(user), rng.random() < 0.2)
        done["view"] += 1
    elif roll < 0.7:  # mostly by the seat whose go it is
        done["move"] += pupils.move(pupils.to_move() or user if rng.random() < 0.7 else user)
    elif roll < 0.78:
        long = rng.random() < 0.01  # the class gone: the table abandoned or expired
        clock.now += rng.choice((4000, 90_000) if long else (1, 1, 5, 5, 31, 61, 200))
        tables.tick()
        done["tick"] += 1
    elif roll < 0.85:
        pupils.join(user)
        done["join"] += 1
    elif roll < 0.853:
        tables.leave(code, user, pupils.session(user))
        done["leave"] += 1
    elif roll < 0.88:
        tables.set_bot_timeout(rng.choice((5, 30, 60, 0, "x")))
        done["bot timeout"] += 1
    elif roll < 0.93 and path is not None:
        tables.close()
        tables = pupils.tables = Tables(path, clock=clock)
        done["restart"] += 1
    elif roll < 0.97:
        tables.record(code, user)
        done["record"] += 1
    else:
        tables.overview()
        done["overview"] += 1
    return tables


def _same_as_replay(tables: Tables, code: str, done: Counter[str]) -> None:
    room = tables.room(code)
    rules = room.kind.game()
    options = room.kind.new_options(room.options, len(room.seats))
    assert room.state == replay(rules, room.seed, room.moves, **options)
    done["versions"] += room.version


SETTINGS: dict[str, Any] = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


@settings(max_examples=12, **SETTINGS)
@given(seed=st.integers(0, 10**9), saved=st.booleans())
def test_anything_done_to_a_table_is_answered_or_refused_in_a_sentence(
    tmp_path_factory: pytest.TempPathFactory, seed: int, saved: bool
) -> None:
    path = tmp_path_factory.mktemp("abuse") / "tables.sqlite3" if saved else None
    abuse(path, seed, 150)


@pytest.mark.soak
@settings(max_examples=300, **SETTINGS)
@given(seed=st.integers(0, 10**9), saved=st.booleans())
def test_much_done_to_many_tables_is_answered_or_refused_in_a_sentence(
    tmp_path_factory: pytest.TempPathFactory, seed: int, saved: bool
) -> None:
    path = tmp_path_factory.mktemp("abuse") / "tables.sqlite3" if saved else None
    abuse(path, seed, 300)


def test_the_abuse_plays_the_games_too() -> None:
    """The random pupils are not refused at every turn: their moves make the games go on."""
    done: Counter[str] = Counter()
    for seed in range(12):
        done += abuse(None, seed, 150)
    assert done["move"] * 2 > done["refused"] and done["versions"] > 12 * 40, done

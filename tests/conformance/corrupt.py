"""Saves damaged the ways files get damaged or edited, for every game."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

from acelab.engine import IllegalMove, from_json, to_json
from tests.conformance.games import ADAPTERS

WILD: list[Any] = [
    None,
    0,
    -1,
    1,
    2,
    99,
    -(10**30),
    10**30,
    2**63,
    1.5,
    float("inf"),
    "",
    "x",
    "S7",
    True,
    [],
    {},
    [[[[[]]]]],
    {"$card": "AS"},
    {"$card": "JK"},
    {"$card": 5},
    {"$tuple": []},
    {"$tuple": 3},
    {"$tuple": [None]},
    {"$fraction": "1/0"},
    {"$dict": [[1]]},
    {"$frozenset": [{"$card": "AS"}]},
    {"$enum": "acelab.engine.cards.Suit", "value": "X"},
    {"$type": "acelab.engine.Outcome", "fields": {"winners": {"$tuple": [0]}, "reason": "won"}},
    {"$type": "acelab.engine.Outcome", "fields": {"winners": {"$tuple": [9]}, "reason": "won"}},
    {"$type": "builtins.object", "fields": {}},
]
"""Values of other types and out of range, put where a field or an element was."""


DEEP = "deeply nested"
"""Put in a document where, once it is text, lists nested thousands deep go (a save built to
exhaust the reader; Python's own json could not write it)."""


def deepen(text: str, depth: int) -> str:
    return text.replace(json.dumps(DEEP), "[" * depth + "]" * depth)


def containers(node: Any, found: list[Any]) -> list[Any]:
    """Every dict and list inside ``node``."""
    if isinstance(node, dict | list):
        found.append(node)
        for child in node.values() if isinstance(node, dict) else node:
            containers(child, found)
    return found


def card_lists(document: Any) -> list[list[Any]]:
    return [
        node["$tuple"]
        for node in containers(document, [])
        if isinstance(node, dict) and isinstance(node.get("$tuple"), list)
    ]


def corrupt(document: Any, rng: random.Random) -> None:
    """Damage ``document`` in place, in one of the ways files are damaged."""
    kind = rng.randrange(9)
    nodes = containers(document, [])
    dicts = [n for n in nodes if isinstance(n, dict) and n]
    lists = [n for n in nodes if isinstance(n, list) and n]
    wild = copy.deepcopy(rng.choice([*WILD, DEEP]))
    if kind == 0 and dicts:  # a field deleted
        node = rng.choice(dicts)
        del node[rng.choice(sorted(node))]
    elif kind == 1 and lists:  # an element duplicated (a card twice)
        node = rng.choice(lists)
        node.insert(rng.randrange(len(node) + 1), copy.deepcopy(rng.choice(node)))
    elif kind == 2 and lists:  # an element removed (a card lost)
        node = rng.choice(lists)
        del node[rng.randrange(len(node))]
    elif kind == 3:  # a card moved to another zone
        zones = card_lists(document)
        full = [z for z in zones if z]
        if full:
            source = rng.choice(full)
            rng.choice(zones).append(source.pop(rng.randrange(len(source))))
    elif kind == 4 and dicts:  # a value replaced by one of another type or out of range
        node = rng.choice(dicts)
        node[rng.choice(sorted(node))] = wild
    elif kind == 5 and lists:  # an element replaced
        node = rng.choice(lists)
        node[rng.randrange(len(node))] = wild
    elif kind == 6 and dicts:  # two fields swapped
        node = rng.choice(dicts)
        if len(node) >= 2:
            a, b = rng.sample(sorted(node), 2)
            node[a], node[b] = node[b], node[a]
    elif kind == 7:  # two cards swapped between zones
        full = [z for z in card_lists(document) if z]
        if len(full) >= 2:
            a, b = rng.sample(full, 2)
            i, j = rng.randrange(len(a)), rng.randrange(len(b))
            a[i], b[j] = b[j], a[i]
    elif kind == 8:  # a number nudged
        numbers = [
            (node, key)
            for node in dicts
            for key, value in node.items()
            if type(value) is int and key != "acelab"
        ]
        if numbers:
            node, key = rng.choice(numbers)
            node[key] += rng.choice((-1, 1, -100, 100))


def damage_text(text: str, rng: random.Random) -> str:
    """The text cut short, or one character changed."""
    if rng.random() < 0.5:
        return text[: rng.randrange(len(text))]
    at = rng.randrange(len(text))
    return text[:at] + rng.choice('{}[]",:0AJKx\\') + text[at + 1 :]


def plays_on(name: str, state: Any, rng: random.Random) -> None:
    """Everything a panel asks of a loaded state works: each listed move applies, each seat's
    observation, the outcome, whose move it is; then a few moves are played."""
    adapter = ADAPTERS[name]
    game = adapter.game
    assert from_json(game, to_json(state, game)) == state
    for _ in range(4):
        for seat in range(adapter.seats(state)):
            game.observation(state, seat)
        game.outcome(state)
        seat = game.to_move(state)
        moves = game.legal_moves(state)
        if game.is_over(state) or len(moves) == 0:
            return
        for move in [moves[0], moves[len(moves) // 2], moves[-1]]:
            game.check_state(game.apply(state, move))
        state = game.apply(state, moves[rng.randrange(len(moves))])


def saves_of(states: list[Any], game: Any) -> list[str]:
    return [to_json(state, game) for state in states]


def try_corrupted(name: str, texts: list[str], inputs: int, seed: int = 8) -> Counter[str]:
    """Load ``inputs`` corrupted versions of ``texts``: count each refused, loaded and played
    on, or ending in another exception (named with the first words of its message)."""
    game = ADAPTERS[name].game
    rng = random.Random(f"{name} {seed}")
    counts: Counter[str] = Counter()
    for number in range(inputs):
        text = texts[number % len(texts)]
        if number % 10 == 9:
            corrupted = damage_text(text, rng)
        else:
            document = json.loads(text)
            for _ in range(1 + rng.randrange(3)):
                corrupt(document, rng)
            corrupted = deepen(json.dumps(document), rng.choice((50, 5000)))
        counts["inputs"] += 1
        try:
            loaded = from_json(game, corrupted)
        except ValueError as error:
            message = str(error)
            if not (message.endswith(".") and len(message) < 400):
                counts[f"refused without a sentence: {message[:80]!r}"] += 1
            counts["refused"] += 1
            continue
        except Exception as error:  # counted, and the test fails on it
            counts[f"other: {type(error).__name__} loading: {str(error)[:80]}"] += 1
            continue
        try:
            if type(loaded) is type(game.new_state(1)):
                plays_on(name, loaded, rng)
                counts["loaded and played on"] += 1
            else:
                counts["loaded (not a state)"] += 1
        except IllegalMove as error:
            counts[f"other: a listed move refused: {error.reason[:80]}"] += 1
        except Exception as error:
            counts[f"other: {type(error).__name__} playing on: {str(error)[:80]}"] += 1
    return counts

"""Thousands of corrupted Ace Pilot saves: each is refused with a ValueError, or loads as a
well-formed state that the engine plays on without surprises.

Saves of states from every phase are corrupted the ways files get damaged or edited: a field
deleted, a card duplicated, dropped or moved to another zone, a pilot repeated, a value
swapped for one of another type, the text cut short or a character changed.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest

from acelab.ace_pilot import AcePilot, PilotState, random_bot
from acelab.engine import IllegalMove, derive_rng, from_json, to_json

GAME = AcePilot()
REPLACEMENTS: list[Any] = [
    None,
    0,
    -1,
    1,
    99,
    "",
    "x",
    True,
    1.5,
    [],
    {},
    {"$card": "AS"},
    {"$card": "JK"},
    {"$card": "QC"},
    {"$card": 5},
    {"$tuple": []},
    {"$tuple": 3},
    {"$fraction": "1/0"},
    {"$enum": "acelab.cards.Suit", "value": "H"},
    {"$enum": "acelab.cards.Suit", "value": "X"},
    {"$enum": "acelab.ace_pilot.rules.Phase", "value": "over"},
    {"$type": "acelab.ace_pilot.rules.PilotState", "fields": {}},
    {"$type": "acelab.engine.Outcome", "fields": {"winners": {"$tuple": [0]}, "reason": "won"}},
    {"$type": "builtins.object", "fields": {}},
]


def sample_states(count: int = 40) -> list[PilotState]:
    """States from every phase of random games."""
    states: list[PilotState] = []
    for number in range(count):
        state = GAME.new_state(number, challenge=1 + number % 3, extended=number % 4 == 0)
        rng = derive_rng("corrupt", number)
        seen = [state]
        while not GAME.is_over(state):
            state = GAME.apply(
                state, random_bot(GAME.observation(state, 0), GAME.legal_moves(state), rng)
            )
            seen.append(state)
        states.extend(seen[i] for i in range(0, len(seen), max(1, len(seen) // 6)))
        states.append(seen[-1])
    return states


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
    kind = rng.randrange(7)
    nodes = containers(document, [])
    dicts = [n for n in nodes if isinstance(n, dict) and n]
    lists = [n for n in nodes if isinstance(n, list) and n]
    if kind == 0 and dicts:  # a field deleted
        node = rng.choice(dicts)
        del node[rng.choice(sorted(node))]
    elif kind == 1 and lists:  # an element duplicated (a card twice, a pilot twice)
        node = rng.choice(lists)
        node.insert(rng.randrange(len(node) + 1), copy.deepcopy(rng.choice(node)))
    elif kind == 2 and lists:  # an element dropped
        node = rng.choice(lists)
        del node[rng.randrange(len(node))]
    elif kind == 3:  # a card moved to another zone
        zones = card_lists(document)
        full = [z for z in zones if z]
        if full and zones:
            source = rng.choice(full)
            rng.choice(zones).append(source.pop(rng.randrange(len(source))))
    elif kind == 4 and dicts:  # a value replaced by one of another type
        node = rng.choice(dicts)
        node[rng.choice(sorted(node))] = copy.deepcopy(rng.choice(REPLACEMENTS))
    elif kind == 5 and lists:  # a value in a list replaced
        node = rng.choice(lists)
        node[rng.randrange(len(node))] = copy.deepcopy(rng.choice(REPLACEMENTS))
    elif kind == 6 and dicts:  # two fields swapped
        node = rng.choice(dicts)
        if len(node) >= 2:
            a, b = rng.sample(sorted(node), 2)
            node[a], node[b] = node[b], node[a]


def damage_text(text: str, rng: random.Random) -> str:
    if rng.random() < 0.5:
        return text[: rng.randrange(len(text))]
    at = rng.randrange(len(text))
    return text[:at] + rng.choice('{}[]",:0AJKx\\') + text[at + 1 :]


def plays_on(state: PilotState, rng: random.Random) -> None:
    """The engine plays on from a loaded state: every legal move applies, refusals are
    IllegalMove, and the state survives saving again."""
    assert from_json(GAME, to_json(state, GAME)) == state
    for _ in range(8):
        if GAME.is_over(state):
            return
        moves = GAME.legal_moves(state)
        assert len(moves) > 0, f"no legal move in {state.phase}"
        for move in list(moves)[:12]:
            GAME.check_state(GAME.apply(state, move))
        state = GAME.apply(state, moves[rng.randrange(len(moves))])


@pytest.mark.slow
def test_thousands_of_corrupted_saves_are_refused_or_play_on() -> None:
    states = sample_states()
    texts = [to_json(state, GAME) for state in states]
    rng = random.Random(8)
    outcomes: Counter[str] = Counter()
    for number in range(4000):
        text = texts[number % len(texts)]
        if number % 10 == 9:
            corrupted = damage_text(text, rng)
        else:
            document = json.loads(text)
            for _ in range(1 + rng.randrange(3)):
                corrupt(document, rng)
            corrupted = json.dumps(document)
        try:
            loaded = from_json(GAME, corrupted)
        except IllegalMove:
            outcomes["refused (a move)"] += 1
        except ValueError as error:
            message = str(error)
            assert message.endswith(".") and len(message) < 400, message
            outcomes["refused"] += 1
            continue
        else:
            if isinstance(loaded, PilotState):
                GAME.check_state(loaded)
                plays_on(loaded, rng)
                outcomes["loaded"] += 1
            else:
                outcomes[f"loaded a {type(loaded).__name__}"] += 1
    assert outcomes["refused"] > 3000, outcomes
    assert outcomes["loaded"] > 20, outcomes  # corruptions that leave a playable state


def test_the_breakages_the_issue_found_are_refused() -> None:
    state = GAME.new_state(7)
    document = json.loads(to_json(state, GAME))
    fields = document["value"]["fields"]
    fields["hand"]["$tuple"].append({"$card": "AS"})
    with pytest.raises(ValueError, match="A♠ is not in the Ace Pilot deck"):
        from_json(GAME, json.dumps(document))
    document = json.loads(to_json(state, GAME))
    fields = document["value"]["fields"]
    fields["ready"]["$tuple"].append(fields["ready"]["$tuple"][0])
    with pytest.raises(ValueError, match="out of order or repeated"):
        from_json(GAME, json.dumps(document))
    document = json.loads(to_json(state, GAME))
    document["value"]["fields"]["hand"]["$tuple"].append(
        document["value"]["fields"]["deck"]["$tuple"][0]
    )
    with pytest.raises(ValueError, match="times"):
        from_json(GAME, json.dumps(document))

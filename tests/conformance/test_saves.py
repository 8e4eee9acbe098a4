"""Thousands of corrupted saves of every game: each is refused with a ValueError and a
sentence, or loads as a state that plays on without error."""

from __future__ import annotations

import pytest

from acelab.engine.games import NAMES
from tests.conformance.corrupt import saves_of, try_corrupted
from tests.conformance.games import ADAPTERS
from tests.conformance.play import random_games

SAVES = 500
"""Corrupted saves per game (``make soak``: :data:`SOAK_SAVES`)."""
SOAK_SAVES = 10_000


def corrupted_saves(name: str, inputs: int) -> None:
    states = [state for played in random_games(name, 12) for state in played.states[::3]]
    counts = try_corrupted(name, saves_of(states, ADAPTERS[name].game), inputs)
    print(name, dict(counts))
    others = {k: v for k, v in counts.items() if k.startswith(("other", "refused without"))}
    assert not others, others
    assert counts["refused"] > inputs // 2, counts
    assert counts["loaded and played on"] > 0, counts


@pytest.mark.parametrize("name", NAMES)
def test_corrupted_saves_are_refused_or_play_on(name: str) -> None:
    corrupted_saves(name, SAVES)


@pytest.mark.soak
@pytest.mark.parametrize("name", NAMES)
def test_many_corrupted_saves_are_refused_or_play_on(name: str) -> None:
    corrupted_saves(name, SOAK_SAVES)

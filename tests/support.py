"""Checks shared by the tests of every game."""

from __future__ import annotations

from typing import Any

import pytest

from acelab.engine import Game, IllegalMove, to_json


def illegal(game: Game[Any, Any], state: Any, move: object, *words: str) -> str:
    """``game`` refuses ``move`` in ``state`` with :class:`IllegalMove`: its reason is one
    sentence holding each of ``words``, and ``state`` is unchanged. Returns the reason."""
    before = to_json(state)
    with pytest.raises(IllegalMove) as info:
        game.step(state, move)
    reason = info.value.reason
    for word in words:
        assert word in reason, reason
    assert reason.endswith((".", "!", "?")), reason
    assert not any(f"{end} " in reason for end in ".!?"), f"more than one sentence: {reason}"
    assert to_json(state) == before
    return reason

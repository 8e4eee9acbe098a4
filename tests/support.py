"""Checks shared by the tests of every game."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from acelab.cards import JOKER, Rank, Suit, parse_card
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


anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.lists(st.integers(-5, 60), max_size=10),
    st.tuples(st.text(max_size=3)),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.sampled_from([Suit.HEARTS, Suit.SPADES, Rank.ACE, JOKER, parse_card("KC"), object()]),
)
"""Values of every kind a careless caller passes: what a public function must refuse in words."""


def one_sentence(error: BaseException) -> None:
    """``error`` says one short sentence."""
    text = str(error)
    assert text and text[-1] in ".!?" and len(text) < 400, text


def refused(call: Callable[[], object]) -> ValueError:
    """The ValueError (one sentence) that ``call()`` raises."""
    try:
        call()
    except ValueError as error:
        one_sentence(error)
        return error
    pytest.fail("this bad input was accepted")


def functions_in(path: Path) -> set[str]:
    """The names of the functions defined at the top of a test file (what a rules page names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def sized(name: str, quick: int, full: int) -> pytest.MarkDecorator:
    """Parametrize ``name`` with two sizes of one check: ``make test`` runs it at the ``quick``
    size, ``make soak`` (the ``soak`` marker) at the ``full`` size, with the same assertions."""
    return pytest.mark.parametrize(name, [quick, pytest.param(full, marks=pytest.mark.soak)])

"""Checks shared by the tests of every game."""

from __future__ import annotations

import ast
import asyncio
import json
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from acelab.engine import Game, IllegalMove, to_json
from acelab.engine.cards import JOKER, Rank, Suit, parse_card
from acelab.teaching.answers import ChoiceQuestion, NumberQuestion, answer_of, value_of


def run_coroutine(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run(coroutine)`` in a thread of its own: the browser tests' Playwright keeps an
    event loop running in the main thread for the whole session, where ``asyncio.run`` fails."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


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


def notebook_cells(path: Path) -> list[dict[str, Any]]:
    """The cells of the notebook at ``path``."""
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def markdown_text(path: Path) -> str:
    """The notebook's prose: its Markdown cells, joined."""
    return "\n".join(
        "".join(c["source"]) for c in notebook_cells(path) if c["cell_type"] == "markdown"
    )


def as_fraction(value: Any) -> str:
    """``value`` typed as a learner would type a fraction: ``3/8``."""
    return f"{value.numerator}/{value.denominator}"


def check_each_kind(question: NumberQuestion | ChoiceQuestion) -> None:
    """A lesson question marks its answer right, nonsense wrong with a message, shows plain
    text only, and names each of its mistakes (a number question) or options (a choice)."""
    assert question.check(answer_of(question)).correct, answer_of(question)
    nonsense = question.check("a lot")
    assert not nonsense.correct and nonsense.score == 0 and nonsense.message
    shown = [question.question]  # answer boxes show plain text: no Markdown, no LaTeX
    if isinstance(question, NumberQuestion):
        shown += [m.feedback for m in question.mistakes] + list(question.hints)
    else:
        shown += [part for option in question.options for part in option]
    for text in shown:
        assert "$" not in text and "*" not in text and "\\" not in text, text
    if isinstance(question, NumberQuestion):
        assert question.check(as_fraction(value_of(question))).correct
        assert question.mistakes, "named mistakes"
        for mistake in question.mistakes:
            verdict = question.check(as_fraction(mistake.value))
            assert not verdict.correct and mistake.feedback in verdict.message, mistake
        assert question.hints
    else:
        for letter, (_, feedback) in zip(question.letters, question.options, strict=True):
            verdict = question.check(letter)
            assert feedback in verdict.message
            assert verdict.correct == (letter == answer_of(question))

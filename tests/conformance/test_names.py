"""The same names across games (issue 24 item 2): every game's ``bots.simulate`` has one
signature, ``simulate(bots, games, seed, **options)`` with the same default count, and returns
the one :class:`~acelab.engine.stats.Simulation`; every game's ``narrate.SENTENCES`` says each event
with the one :class:`~acelab.engine.narration.Narration` context."""

from __future__ import annotations

import importlib
import inspect

import pytest

from acelab.engine.games import NAMES
from acelab.engine.narration import Narration, Sentence
from acelab.engine.stats import SIMULATED_GAMES, Simulation

QUICK = {"ace_of_spades_lex": {"players": 2}}
"""What a game's simulate needs besides the strong bot for one quick call."""


@pytest.mark.parametrize("name", NAMES)
def test_every_simulate_has_the_one_signature(name: str) -> None:
    simulate = importlib.import_module(f"acelab.{name}.bots").simulate
    parameters = list(inspect.signature(simulate).parameters.values())
    assert [p.name for p in parameters[:3]] == ["bots", "games", "seed"]
    assert [p.default for p in parameters[:3]] == ["strong", SIMULATED_GAMES, 0]
    assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in parameters[:3])
    assert all(p.kind is p.KEYWORD_ONLY for p in parameters[3:]), "options go by keyword"
    assert inspect.signature(simulate).return_annotation in (Simulation, "Simulation")


@pytest.mark.parametrize("name", NAMES)
def test_every_simulate_plays_by_the_names_and_returns_one_type(name: str) -> None:
    simulate = importlib.import_module(f"acelab.{name}.bots").simulate
    played = simulate("strong", 2, "names", **QUICK.get(name, {}))
    assert type(played) is Simulation and played.games == 2
    assert played == simulate(bots="strong", games=2, seed="names", **QUICK.get(name, {}))
    assert 0 <= played.draws <= 2 and len(played.rates) == len(played.intervals)
    with pytest.raises(ValueError, match=r"\.$"):
        simulate("no such bot", 2, "names", **QUICK.get(name, {}))


@pytest.mark.parametrize("name", NAMES)
def test_every_sentence_is_said_in_the_one_narration(name: str) -> None:
    """Every game's table is declared ``dict[type[Event], Sentence]``: each maker is given the
    event and one :class:`Narration`, whatever the game."""
    narrate = importlib.import_module(f"acelab.{name}.narrate")
    assert narrate.SENTENCES, "every game says its events through one table"
    assert narrate.__annotations__["SENTENCES"] == "Final[dict[type[Event], Sentence]]"
    assert narrate.Sentence is Sentence and narrate.Narration is Narration


@pytest.mark.parametrize("name", NAMES)
def test_every_interpret_has_the_one_signature_and_the_panel_base_calls_it(name: str) -> None:
    """``interpret(gesture, view, context)`` in every game, the context one
    :class:`~acelab.widgets.view_model.TableContext`; the game's panel names it
    (``GESTURES``) and says what it knows (``gesture_context``), and the panel base reads
    every gesture through it: no game's panel reads gestures its own way."""
    from acelab.widgets.panel import Panel
    from acelab.widgets.seated import SeatedPanel
    from acelab.widgets.view_model import NO_CONTEXT, TableContext

    interpret = importlib.import_module(f"acelab.{name}.gestures").interpret
    parameters = list(inspect.signature(interpret).parameters.values())
    assert [p.name for p in parameters] == ["gesture", "view", "context"]
    assert parameters[2].default is NO_CONTEXT
    panel = importlib.import_module(f"acelab.{name}.panel")
    (panel_class,) = (
        value
        for value in vars(panel).values()
        if isinstance(value, type)
        and issubclass(value, Panel)
        and value.__module__ == panel.__name__
    )
    assert panel_class.GESTURES is interpret
    assert "interpret" not in vars(panel_class), "the Panel base dispatches"
    assert panel_class.interpret in (Panel.interpret, SeatedPanel.interpret)
    with pytest.raises(ValueError, match="TableContext"):
        interpret(object(), _a_view(name), "not a context")
    assert interpret(object(), _a_view(name), TableContext()).text.endswith(".")


def _a_view(name: str) -> object:
    from acelab.engine.games import by_name

    game = by_name(name)
    return game.observation(game.new_state(1), 0)

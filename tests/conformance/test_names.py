"""The same names across games (issue 24 item 2): every game's ``bots.simulate`` has one
signature, ``simulate(bots, games, seed, **options)`` with the same default count, and returns
the one :class:`~acelab.stats.Simulation`; every game's ``narrate.SENTENCES`` says each event
with the one :class:`~acelab.narration.Narration` context."""

from __future__ import annotations

import importlib
import inspect

import pytest

from acelab.games import NAMES
from acelab.narration import Narration, Sentence
from acelab.stats import SIMULATED_GAMES, Simulation

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

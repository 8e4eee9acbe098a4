"""Every game's panel, played to the end many times by random moves for every seat: no message
a learner sees (table, prompt, status line, log) shows an internal id, says a phrase twice or
reads badly (:func:`~acelab.widgets.wording.wording_problems`), and while a decision waits the
prompt and the status line are never blank."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from acelab.ace_of_spades.enemies import load_enemies
from acelab.widgets.wording import assert_good_wording

ENEMY_IDS = re.compile(
    "|".join(rf"\b{re.escape(enemy.id)}\b" for enemy in load_enemies().enemies if "-" in enemy.id)
)
SNAKE_ID = re.compile(r"\b[A-Za-z]+_[a-z_]+\b")  # "two_pair", "extra_hands"
SAID_TWICE = re.compile(r"(\S+) \(\1\)")  # "the A♠ (A♠)"
MOST_MOVES = 3_000


def _aces(seed: int) -> Any:
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

    return AbsolutelyAcesPanel(seed=seed, bot="random", save=False, pause=0)


def _devir(seed: int) -> Any:
    from acelab.ace_of_spades.panel import AceOfSpadesPanel

    return AceOfSpadesPanel(seed=seed, difficulty="easy", save=False, pause=0)


def _lex(seed: int) -> Any:
    from acelab.ace_of_spades_lex.panel import LexPanel

    return LexPanel(seed=seed, players=2 + seed % 3, save=False, pause=0)


def _pilot(seed: int) -> Any:
    from acelab.ace_pilot.panel import AcePilotPanel

    return AcePilotPanel(seed=seed, challenge=1 + seed % 2, save=False)


PANELS: dict[str, Callable[[int], Any]] = {
    "Absolutely Aces": _aces,
    "Devir's Ace of Spades": _devir,
    "Lex's Ace of Spades": _lex,
    "Ace Pilot": _pilot,
}


def check_text(text: str) -> None:
    assert not ENEMY_IDS.search(text), f"an internal id in {text!r}"
    assert not SNAKE_ID.search(text), f"an internal id in {text!r}"
    assert not SAID_TWICE.search(text), f"a phrase said twice in {text!r}"
    assert_good_wording(text)


def check_shown(panel: Any) -> None:
    table = panel.table
    for text in (*panel.table_view().texts(), table.prompt, table.status_text):
        check_text(text)
    if panel.log.entries:
        check_text(panel.log.entries[-1])
    if not panel.game.is_over(panel.state):
        assert table.prompt.strip(), "the prompt is blank while a decision waits"
        assert table.status_text.strip(), "the status line is blank while a decision waits"


def play_out(make: Callable[[int], Any], seed: int) -> int:
    """Play one game of the panel ``make(seed)`` by random legal moves; the moves played."""
    panel, rng, played = make(seed), random.Random(seed), 0
    check_shown(panel)
    while not panel.game.is_over(panel.state) and played < MOST_MOVES:
        moves = list(panel.game.legal_moves(panel.state))
        assert moves, "a game not over has a legal move"
        assert panel.play(rng.choice(moves))
        played += 1
        check_shown(panel)
    assert panel.game.is_over(panel.state)
    return played


@pytest.mark.parametrize("game", PANELS)
def test_a_dozen_games_of_every_panel_read_well(game: str) -> None:
    assert sum(play_out(PANELS[game], seed) for seed in range(12)) > 12


@pytest.mark.soak
@pytest.mark.parametrize("game", PANELS)
def test_a_thousand_games_of_every_panel_read_well(game: str) -> None:
    for seed in range(1_000):
        play_out(PANELS[game], 10_000 + seed)


@pytest.mark.parametrize(
    "text",
    [
        "Pair, 5 damage (+count-coyote); life 9 → 4.",
        "Bot 3 wins with the A♠ (A♠).",
        "A two_pair, 3 damage.",
        "You used a benefit (pickle-twins).",
    ],
)
def test_the_check_finds_what_the_panels_once_said(text: str) -> None:
    with pytest.raises(AssertionError):
        check_text(text)


@pytest.mark.parametrize("game", PANELS)
def test_every_panel_says_how_to_play_open_before_the_first_game(game: str) -> None:
    panel = PANELS[game](1)
    assert panel.widget.children[0] is panel.how_to_play
    html = panel.how_to_play.value
    assert "<details open>" in html and "How to play" in html and "first" in html.lower()
    check_text(panel.HOW_TO_PLAY)


def test_how_to_play_is_folded_once_a_game_of_that_kind_was_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel
    from acelab.engine import Outcome
    from acelab.store import open_store

    monkeypatch.setenv("ACELAB_HOME", str(tmp_path))  # a learner who never finished a game
    store = open_store()
    assert not store.has_finished("absolutely_aces")
    finished = store.start_game("absolutely_aces", 4, {})
    store.finish_game(finished, Outcome((0,), "won"))
    store.start_game("ace_pilot", 4, {})  # another game, still playing
    assert store.has_finished("absolutely_aces") and not store.has_finished("ace_pilot")
    html = AbsolutelyAcesPanel(seed=5, bot="random", pause=0).how_to_play.value
    assert html.startswith("<details>") and "How to play" in html

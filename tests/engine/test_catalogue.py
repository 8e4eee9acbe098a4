"""Each game is declared once, in :data:`acelab.engine.catalogue.GAMES` (name, title, rules page,
lessons, notebooks), and what lists games or lessons elsewhere reads it: the games' names, the
lessons and their notebooks, My progress's titles, the rules pages ``make editions`` makes."""

from __future__ import annotations

from pathlib import Path

import pytest

from acelab.engine.catalogue import GAMES, game_of, lesson_notebook
from acelab.engine.games import NAMES
from acelab.practice.progress import GAME_TITLES
from acelab.teaching.exercises import LESSONS, lesson

ROOT = Path(__file__).resolve().parents[2]


def test_every_list_of_games_and_lessons_is_read_from_the_catalogue() -> None:
    assert tuple(game.folder for game in GAMES) == NAMES
    assert list(LESSONS) == [entry.id for game in GAMES for entry in game.lessons]
    assert {game.folder: game.title for game in GAMES} == GAME_TITLES
    assert GAME_TITLES["ace_of_spades"] == "Ace of Spades (Devir)"
    for game in GAMES:
        assert game_of(game.folder) is game
        for entry in game.lessons:
            assert lesson(entry.id).notebook == lesson_notebook(entry.id)
            assert lesson_notebook(entry.id) == f"lessons/{game.folder}/{entry.notebook}"


def test_every_declared_page_and_notebook_exists() -> None:
    for game in GAMES:
        assert game.rules == f"docs/rules/{game.folder}.md" and (ROOT / game.rules).exists()
        assert (ROOT / "notebooks" / game.rules_html).exists()
        assert game.notebooks[0] == f"{game.folder}/play.ipynb"
        for notebook in game.notebooks:
            assert (ROOT / "notebooks" / notebook).exists(), notebook
    assert "ace_pilot/practice.ipynb" in game_of("ace_pilot").notebooks


@pytest.mark.parametrize("name", ["chess", "", None])
def test_an_unknown_game_or_lesson_is_refused_in_a_sentence(name: object) -> None:
    with pytest.raises(ValueError, match="not the name of an acelab game"):
        game_of(name)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no lesson"):
        lesson_notebook(name)  # type: ignore[arg-type]

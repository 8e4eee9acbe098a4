"""Each game is declared once, by its own package (``acelab/<game>/game.toml``: name, title, rules
page, lessons, notebooks), read into :data:`acelab.engine.catalogue.GAMES`, and what lists games
or lessons elsewhere reads it: the games' names, the lessons and their notebooks, My progress's
titles, the rules pages ``make editions`` makes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from acelab.engine.catalogue import (
    DECLARATION,
    GAMES,
    declared_games,
    game_of,
    lesson_notebook,
    read_declaration,
)
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


def _declaration(folder: str) -> str:
    return (ROOT / "acelab" / folder / DECLARATION).read_text(encoding="utf-8")


def test_each_game_is_read_from_its_own_declaration() -> None:
    for order, game in enumerate(GAMES, start=1):
        assert read_declaration(game.folder, _declaration(game.folder)) == (order, game)
    assert declared_games() == GAMES


def test_the_declarations_are_found_in_a_package_folder_in_their_order(tmp_path: Path) -> None:
    for folder in ("zebra", "aardvark"):
        (tmp_path / folder).mkdir()
    (tmp_path / "store").mkdir()  # a folder declaring nothing is no game
    (tmp_path / "zebra" / DECLARATION).write_text(_declaration("ace_pilot"), encoding="utf-8")
    (tmp_path / "aardvark" / DECLARATION).write_text(
        _declaration("ace_pilot").replace("order = 1", "order = 2"), encoding="utf-8"
    )
    assert [game.folder for game in declared_games(tmp_path)] == ["zebra", "aardvark"]
    assert declared_games(tmp_path)[1].rules == "docs/rules/aardvark.md"
    (tmp_path / "aardvark" / DECLARATION).write_text(_declaration("ace_pilot"), encoding="utf-8")
    with pytest.raises(ValueError, match="aardvark and zebra both declare order = 1"):
        declared_games(tmp_path)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda text: text + "\n[oops", "not TOML"),
        (lambda text: text.replace("order = 1", ""), "missing order"),
        (lambda text: text + 'colour = "blue"\n', "unknown colour"),
        (lambda text: text.replace("order = 1", "order = true"), "order must be a whole number"),
        (lambda text: text.replace("order = 1", 'order = "1"'), "order must be a whole number"),
        (lambda text: text.replace('ages = "11–14"', "ages = 11"), "ages must be text"),
        (lambda text: text.replace('ages = "11–14"', 'ages = ""'), "ages is empty"),
        (lambda text: text.replace("order = 1", "order = 1\napp = 1"), "app must be true or"),
        (lambda text: text.replace("[[lessons]]", "[lessons.one]"), "lessons must be a list"),
        (
            lambda text: text.replace('id = "order_of_operations"', ""),
            r"\(lesson 1\) is damaged: missing id",
        ),
        (
            lambda text: text.replace('id = "order_of_operations"', "id = 7"),
            r"\(lesson 1\) is damaged: id must be text",
        ),
        (lambda text: text.split("[[lessons]]")[0] + "lessons = [1]\n", "lesson 1 is not a"),
    ],
)
def test_a_damaged_declaration_is_refused_in_one_sentence(change: Any, said: str) -> None:
    _refused_in_one_sentence("ace_pilot", change, said)


def _refused_in_one_sentence(folder: str, change: Any, said: str) -> None:
    """``folder``'s declaration, damaged by ``change``, is refused in one sentence that says
    ``said`` and names the file."""
    with pytest.raises(ValueError, match=said) as refused:
        read_declaration(folder, change(_declaration(folder)))
    sentence = str(refused.value)
    assert sentence.startswith(f"acelab/{folder}/game.toml")
    assert sentence.endswith(".") and "\n" not in sentence


def test_the_class_s_tables_are_the_games_that_declare_a_table() -> None:
    """The table service's games are read from each game's ``[table]``: nothing lists them
    elsewhere, and a game for one (Ace Pilot) has none."""
    from acelab.tables.kinds import KINDS

    declared = {game.folder: game.table for game in GAMES if game.table is not None}
    assert set(KINDS) == set(declared) == {"ace_of_spades", "ace_of_spades_lex", "absolutely_aces"}
    for name, kind in KINDS.items():
        table = declared[name]
        assert (kind.title, kind.seats, kind.fixed) == (table.title, table.seats, table.fixed)
        assert kind.options == frozenset(table.options)
    assert KINDS["ace_of_spades_lex"].seats == (2, 6)
    assert KINDS["ace_of_spades_lex"].seats_option == "players"
    assert KINDS["ace_of_spades"].new_options({}, 2) == {"players": 2}


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            lambda text: text.replace("seats = [2, 2]", ""),
            r"\(\[table\]\) is damaged: missing seats",
        ),
        (lambda text: text.replace("seats = [2, 2]", "seats = [2]"), "seats must be two whole"),
        (lambda text: text.replace("seats = [2, 2]", "seats = [3, 2]"), "lowest first"),
        (lambda text: text.replace("seats = [2, 2]", "seats = [2, 40]"), "from 1 to 10"),
        (lambda text: text.replace("seats = [2, 2]", 'seats = ["2", 2]'), "seats must be two"),
        (lambda text: text.replace("seats = [2, 2]", "seats = 2"), "seats must be a list"),
        (lambda text: text.replace('options = ["', 'options = [1, "'), "options must be a list of"),
        (lambda text: text.replace('title = "Absolutely Aces"', ""), "missing title"),
        (lambda text: text.replace("[table]", "[table]\ncolour = 1"), "unknown colour"),
        (
            lambda text: text.split("[table]")[0].replace("order = 4", "order = 4\ntable = 1"),
            "table must be a table",
        ),
    ],
)
def test_a_damaged_table_declaration_is_refused_in_one_sentence(change: Any, said: str) -> None:
    _refused_in_one_sentence("absolutely_aces", change, said)

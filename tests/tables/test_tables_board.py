"""The teacher's board of tables (issue 25 item 4, teachers/tables.ipynb) against the real
table service on 127.0.0.1: every table listed with whose go and who is a bot now, kept live by
its own thread, a duplicate round started from it, the bots' wait set; a pupil's token and a
missing hub are one sentence each."""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from acelab.classroom.report import main as report_main
from acelab.tables import Tables, words
from acelab.tables.client import TableClient
from acelab.widgets.tables_board import TablesBoard
from tests.tables.support import serving


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Tables]]:
    tables = Tables(tmp_path_factory.mktemp("board") / "tables.sqlite3")
    with serving(tables) as url:
        yield url, tables
    tables.close()


def until(condition: Callable[[], bool]) -> None:
    event = threading.Event()
    for _ in range(600):
        if condition():
            return
        event.wait(0.05)
    raise AssertionError("the board never showed it")


def test_the_board_lists_every_table_live(service: tuple[str, Tables]) -> None:
    url, _ = service
    pupil = TableClient(url, "test-pia")
    board = TablesBoard(lambda: TableClient(url, "teach-tina"))
    try:
        assert board.rows == [] or all(row[5] != "pia; bot; bot" for row in board.rows)
        seat = pupil.create("ace_of_spades_lex", ["person", "bot", "bot"])  # after it opened
        until(lambda: any(row[0] == seat.code for row in board.rows))
        row = next(row for row in board.rows if row[0] == seat.code)
        assert row[1] == "Lex's Ace of Spades" and row[3] == "playing"
        assert row[4] == "pia" and row[5] == "pia; bot; bot"
        assert seat.code in board.grid.value
    finally:
        board.close()


def test_a_duplicate_round_deals_every_table_the_same_seed(service: tuple[str, Tables]) -> None:
    url, tables = service
    board = TablesBoard(lambda: TableClient(url, "teach-tina"), live=False)
    codes = board.duplicate_round("absolutely_aces", ["person", "person"], 3)
    assert len(codes) == 3 and all(code in board.said for code in codes)
    assert len({tables.room(code).seed for code in codes}) == 1
    assert set(codes) <= {row[0] for row in board.rows}
    assert board.set_bot_timeout(30) and tables.bot_timeout == 30
    assert not board.set_bot_timeout(1)
    assert board.said == words.BAD_TIMEOUT.format(value="1") and tables.bot_timeout == 30


def test_a_pupil_and_no_hub_get_one_sentence(
    service: tuple[str, Tables], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, tables = service
    before = len(tables.rooms)
    pupil = TablesBoard(lambda: TableClient(url, "test-pia"), live=False)
    assert pupil.said == words.TEACHER_ONLY and pupil.rows == []
    assert pupil.duplicate_round("absolutely_aces", ["person", "person"], 2) == []
    assert pupil.said == words.TEACHER_ONLY and len(tables.rooms) == before
    monkeypatch.delenv("ACELAB_TABLES_URL", raising=False)
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    nowhere = TablesBoard(live=False)
    assert nowhere.said == words.NO_HUB
    assert words.NO_HUB in html.unescape(nowhere.message.value)


def test_after_a_round_the_board_compares_it_and_saves_it_for_the_report(
    service: tuple[str, Tables], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, _ = service
    board = TablesBoard(lambda: TableClient(url, "teach-tina"), live=False)
    codes = board.duplicate_round("ace_of_spades", ["person", "bot"], 2)
    assert board.round.value and codes
    for code in codes:  # through the pupils' client, as the service's own thread plays bots
        seat = TableClient(url, f"test-kai{code.lower()}").join(code)
        for _ in range(3):
            view = seat.every_legal()
            if not view.my_go:
                break
            seat.move(view.legal[0])
    comparison = board.compare()
    assert comparison is not None and comparison["round"] == board.round.value
    shown = html.unescape(board.compared.value)
    assert comparison["rows"] and comparison["rows"][0]["point"] in shown
    assert all(code in shown for code in codes)
    saved = board.save_comparison(tmp_path / "class")
    assert saved is not None and saved.parent == tmp_path / "class"
    assert str(saved) in board.said
    assert report_main([str(tmp_path / "class")]) in (0, 1)
    printed = capsys.readouterr().out
    assert f"Duplicate round {comparison['round']} (Ace of Spades co-op, 2 tables:" in printed
    pupil = TablesBoard(lambda: TableClient(url, "test-kai"), live=False)
    assert pupil.compare(comparison["round"]) is None and pupil.said == words.TEACHER_ONLY
    assert pupil.save_comparison(tmp_path / "pupil") is None
    assert not (tmp_path / "pupil").exists()

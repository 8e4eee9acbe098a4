"""The Panel base's guard rails, confirmations and saved play, and the wording checker."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from acelab.ace_pilot import Phase
from acelab.ace_pilot.panel import AcePilotPanel
from acelab.store import open_store
from acelab.widgets import Panel
from acelab.widgets.panel import NEW_GAME_QUESTION
from acelab.widgets.wording import assert_good_wording, wording_problems
from tests.engine.test_engine import GAME, Take

SEED = 4726170


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("ACELAB_HOME", str(folder))
    return folder


def _played(panel: AcePilotPanel) -> AcePilotPanel:
    assert panel.choose_pilot("D") and panel.draw("KC")
    assert panel.select("KC") and panel.place("D")  # an edit, not a move: not saved
    return panel


def test_a_play_while_another_is_applied_is_ignored():
    panel = Panel(GAME, GAME.new_state(seed=4))
    again: list[bool] = []
    panel.describe = lambda move: again.append(panel.play(Take(1))) or str(move)
    assert panel.play(Take(2))
    assert again == [False] and panel.moves == [Take(2)]


def test_a_control_with_a_question_acts_only_when_confirmed():
    panel = AcePilotPanel(seed=SEED)
    panel.choose_pilot("D")
    assert panel.new_game_question() == NEW_GAME_QUESTION
    panel.table.gesture({"kind": "control", "zone": "new", "seq": 50})
    assert panel.state.assault is not None and "Start a new game?" in panel.messages.text
    panel.table.gesture({"kind": "control", "zone": "new", "seq": 51, "confirmed": True})
    assert panel.state.phase is Phase.CHOOSE_PILOT and panel.state.assault is None


def test_every_move_is_saved_and_a_finished_game_is_kept():
    panel = _played(AcePilotPanel(seed=SEED))
    saved = open_store().in_progress("ace_pilot")
    assert saved is not None and saved.seed == SEED and len(saved.moves) == 2
    assert saved.replay() == panel.state
    panel.undo(2)  # the card placed, then the draw
    assert len(open_store().in_progress("ace_pilot").moves) == 1
    panel.give_up()
    panel.new_game(5)
    games = open_store().games("ace_pilot")
    assert [g.seed for g in games] == [SEED]  # the new deal is saved once it has a move
    assert games[0].status == "abandoned" and games[0].outcome is None


def test_a_new_panel_in_a_new_process_resumes_with_its_undo_history(home):
    panel = _played(AcePilotPanel(seed=SEED))
    expected = (panel.state, [p.label for p in panel.points if p.history == len(panel.history)])
    script = textwrap.dedent(
        f"""
        import os, pickle, sys
        from acelab.ace_pilot.panel import AcePilotPanel
        panel = AcePilotPanel(seed={SEED})
        assert panel.offer is not None, panel.messages.text
        assert "Resume it?" in panel.messages.text
        keys = [c["key"] for c in panel.table.controls]
        assert keys[:2] == ["resume:yes", "resume:no"], keys
        panel.table.gesture({{"kind": "control", "zone": "resume:yes", "seq": 1}})
        state = panel.state
        labels = [p.label for p in panel.points]
        assert panel.undo(2), panel.messages.text  # the equation kept on the table, the draw
        undone = panel.state
        sys.stdout.buffer.write(pickle.dumps((state, labels, undone, panel.log.entries)))
        """
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, check=False, timeout=60
    )
    assert run.returncode == 0, run.stderr.decode()[-2000:]
    import pickle

    state, labels, undone, log = pickle.loads(run.stdout)
    assert state == expected[0]
    assert labels[-3:] == [
        "Duke is the Starting Pilot",
        "Drew the revealed K♣",
        "your equation 13 / …",
    ]
    assert undone.phase is Phase.DRAW and len(log) == 1


def test_declining_the_resume_offer_keeps_the_old_game(home):
    _played(AcePilotPanel(seed=SEED))
    panel = AcePilotPanel(seed=SEED)
    assert panel.offer is not None
    panel.table.gesture({"kind": "control", "zone": "resume:no", "seq": 1})
    assert panel.offer is None and panel.state.phase is Phase.CHOOSE_PILOT
    panel.choose_pilot("H")
    games = open_store().games("ace_pilot")
    assert [g.status for g in games] == ["abandoned", "playing"]
    assert AcePilotPanel(seed=SEED).offer.id == games[1].id


def test_a_panel_opened_without_a_seed_offers_the_game_in_progress(home):
    played = _played(AcePilotPanel(seed=SEED))
    panel = AcePilotPanel()
    assert panel.offer is not None and f"seed {SEED}" in panel.messages.text
    assert panel.resume() and panel.state == played.state and panel.seed == SEED
    assert AcePilotPanel(seed=99).offer is None  # another deal asked for: no offer


def test_a_corrupt_store_is_left_byte_identical_and_play_goes_on(home):
    home.mkdir(parents=True)
    path = home / "acelab.sqlite3"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 50)
    before = path.read_bytes()
    panel = AcePilotPanel(seed=SEED)
    said = panel.messages.text
    assert said.startswith("Your games will not be saved") and "Play goes on" in said
    assert_good_wording(said)
    _played(panel)
    assert panel.give_up() and panel.state.phase is not Phase.ASSAULT
    assert "not be saved" not in panel.messages.text  # said once, at the start
    assert path.read_bytes() == before


def test_a_panel_plays_without_the_store():
    panel = _played(AcePilotPanel(seed=SEED, save=False))
    assert panel.store is None and panel.state.phase is Phase.ASSAULT
    assert open_store().games() == []


@pytest.mark.parametrize(
    "text",
    [
        "QC is not in your hand.",
        "D(9,2) S(12,12) divides by zero.",
        "Taken back: a card on Duke..",
        "Well done!.",
        "Something: None.",
        " ".join(["word"] * 45) + ".",
    ],
)
def test_the_wording_checker_finds_what_a_learner_should_not_read(text):
    assert wording_problems(text)
    with pytest.raises(AssertionError):
        assert_good_wording(text)


@pytest.mark.parametrize(
    "text",
    [
        "Q♣ is not in your hand.",
        "Round 1: Victory! ⌈13 / 12⌉ + 2 = 4. Hailey stays in the Assault Zone.",
        "Hint 4 of 4: Duke: 13 / 12 = 1.08…, rounded up to 2.",
        "Start a new game? This one will be saved.",
        "Seed 10 deals K♣ first.",
    ],
)
def test_the_wording_checker_lets_plain_words_through(text):
    assert wording_problems(text) == []


def test_moves_saved_while_another_notebook_holds_the_store_are_said_and_saved_later(home):
    import sqlite3

    panel = AcePilotPanel(seed=SEED)
    panel._store = open_store(timeout=0.05)
    assert panel.choose_pilot("D")
    other = sqlite3.connect(panel.store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another notebook writing, for longer than the timeout
    assert panel.draw("KC")
    said = panel.messages.text
    assert "wait to be saved" in said or "waits to be saved" in said
    assert_good_wording(said)
    assert len(open_store().in_progress("ace_pilot").moves) == 1
    other.execute("COMMIT")
    assert panel.select("KC") and panel.place("D")
    assert panel.give_up()
    assert "to be saved" not in panel.messages.text  # said once
    saved = open_store().games("ace_pilot")[-1]
    assert saved.moves == tuple(panel.moves) and saved.replay() == panel.state

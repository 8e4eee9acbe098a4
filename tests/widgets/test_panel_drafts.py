"""The Panel base keeps what is on the table (a game's draft) with the saved game: a draft that
cannot be put back is said in one sentence, and never stops the game itself from resuming.

Two panels over one temporary ACELAB_HOME stand for a notebook before and after a kernel
restart."""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acelab.ace_pilot.panel import AcePilotPanel
from acelab.store import FILE_NAME, open_store
from acelab.widgets.wording import assert_good_wording

SEED = 4726170
LOST = "The equation you were building was not kept: build it again."
WELCOME = "Welcome back: your game goes on after 2 moves."


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("ACELAB_HOME", str(folder))
    return folder


def half_built() -> AcePilotPanel:
    """Two moves played and 13 / … on the table (the draft)."""
    panel = AcePilotPanel(seed=SEED)
    assert panel.choose_pilot("D") and panel.draw("KC")
    assert panel.select("KC") and panel.place("D")
    return panel


def write_draft(home: Path, text: object) -> None:
    db = sqlite3.connect(home / FILE_NAME)
    db.execute("UPDATE games SET draft = ?", (text,))
    db.commit()
    db.close()


def resumed() -> AcePilotPanel:
    panel = AcePilotPanel(seed=SEED)
    assert panel.offer is not None, panel.messages.text
    assert panel.resume(), panel.messages.text
    return panel


def test_the_draft_is_saved_as_it_changes_and_cleared_when_played(home: Path) -> None:
    panel = half_built()
    kept = open_store().in_progress("ace_pilot").draft
    assert kept == {"version": 1, "draft": panel.draft()}
    assert panel.clear()  # every card back in the hand: nothing on the table
    assert open_store().in_progress("ace_pilot").draft is None


@pytest.mark.parametrize(
    "text",
    ["{not json", '{"version": 1}', '{"version": 0, "draft": {}}', '"a text"', "[]", "7"],
    ids=["not json", "no draft", "older version", "text", "list", "number"],
)
def test_a_draft_that_cannot_be_read_is_dropped_in_one_sentence(home: Path, text: str) -> None:
    state = half_built().state
    write_draft(home, text)
    panel = resumed()
    assert panel.state == state and panel.build.is_empty
    assert panel.messages.text == f"{WELCOME} {LOST}" and panel.messages.kind == "warning"
    assert_good_wording(panel.messages.text)
    assert open_store().in_progress("ace_pilot").draft is None  # the bad one is not kept


def test_a_draft_that_no_longer_fits_says_what_was_dropped(home: Path) -> None:
    state = half_built().state
    write_draft(
        home,
        '{"version": 1, "draft": {"row": [["D", ["KC", "5H"]]], "deployed": [],'
        ' "roundings": [], "ending": null}}',
    )
    panel = resumed()
    assert panel.state == state and panel.build.is_empty
    dropped = "The equation you were building (⌊13 / 5⌋) was not kept: build it again."
    assert panel.messages.text == f"{WELCOME} {dropped}"


def test_a_restore_that_fails_unexpectedly_still_resumes_the_game(home: Path, monkeypatch) -> None:
    state = half_built().state

    def broken(self, data):
        raise KeyError("a bug")

    monkeypatch.setattr(AcePilotPanel, "restore_draft", broken)
    panel = resumed()
    assert panel.state == state and panel.messages.text == f"{WELCOME} {LOST}"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["version", "draft", "row", "x"]), inner, max_size=4)
    ),
    max_leaves=25,
)
drafts = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=40),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(),
    json_values.map(lambda value: json.dumps(value)),
    json_values.map(lambda value: json.dumps({"version": 1, "draft": value})),
)


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(drafts)
def test_no_draft_ever_breaks_the_resume_of_the_game(home: Path, draft: object) -> None:
    if not (home / FILE_NAME).exists():
        half_built()
    with tempfile.TemporaryDirectory() as folder:
        with (
            sqlite3.connect(home / FILE_NAME) as source,
            sqlite3.connect(Path(folder) / FILE_NAME) as copy,
        ):
            source.backup(copy)
        write_draft(Path(folder), draft)
        old, os.environ["ACELAB_HOME"] = os.environ["ACELAB_HOME"], folder
        try:
            panel = resumed()
        finally:
            os.environ["ACELAB_HOME"] = old
    assert len(panel.history) == 2 and panel.messages.text.startswith(WELCOME[:-1])
    text = panel.messages.text
    assert (
        text in (WELCOME, f"{WELCOME} {LOST}")
        or "still on the table" in text
        or ("was not kept" in text)
    )
    assert panel.build is not None and set(panel.build.used) <= set(panel.view.hand)

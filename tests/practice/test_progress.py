"""My progress from a seeded store (issue 26): per game played, won, best and achievements
(all four games), per lesson tried, right first time and skills mastered, one next step."""

from __future__ import annotations

from pathlib import Path

import pytest

from acelab.engine import Outcome
from acelab.engine.catalogue import START_HERE, start_here
from acelab.practice.progress import my_progress, summary_line
from acelab.practice.scopes import HISTORY_SCOPE
from acelab.store import FILE_NAME, Store, open_store


def _game(store: Store, game: str, outcome: Outcome) -> None:
    store.finish_game(store.start_game(game, 1), outcome)


def seeded_store(home: Path) -> Store:
    store = open_store(home)
    for won in (True, True, True, False):
        _game(
            store, "absolutely_aces", Outcome((0,) if won else (1,), "end", (15 if won else 9, 12))
        )
    _game(store, "absolutely_aces", Outcome((0,), "end", (18, 7)))
    _game(store, "ace_pilot", Outcome((), "lost"))
    store.earn("ace_of_spades", "giant_slayer", "beat Lord Overkill")
    store.record_attempt("ace-pilot-rounding-1", "2, 3", 1.0, True)
    store.record_attempt("ace-pilot-carryover-1", "12", 0.0, False)
    for n, value in enumerate((0.0, 0.4, 0.7), start=1):
        store.save_rating(HISTORY_SCOPE, f"{n:07d}", value, n)
    return store


def test_every_game_and_lesson_is_counted(tmp_path: Path) -> None:
    progress = my_progress(seeded_store(tmp_path))
    games = {g.game: g for g in progress.games}
    assert set(games) == {"ace_pilot", "ace_of_spades", "ace_of_spades_lex", "absolutely_aces"}
    aces = games["absolutely_aces"]
    assert (aces.played, aces.won, aces.best) == (5, 4, "won 18 to 7")
    assert "three wins running" in aces.achievements and "first win" in aces.achievements
    assert (games["ace_pilot"].played, games["ace_pilot"].won) == (1, 0)
    assert games["ace_pilot"].best == "no win yet"
    assert games["ace_of_spades"].achievements == ("giant slayer",)
    lesson = next(p for p in progress.lessons if p.lesson == "order_of_operations")
    assert (lesson.tried, lesson.right_first_time, lesson.skills) == (
        2,
        1,
        ("rounding up or down",),
    )
    assert progress.ability == (0.0, 0.4, 0.7)
    assert progress.lesson_rating[1] == 2
    assert "after 2 first answers" in progress.lesson_rating_text()
    assert progress.next_step.startswith("Next: back to [Order of operations")
    assert "(ace_pilot/lesson.ipynb)" in progress.next_step
    assert "you have mastered rounding up or down" in progress.next_step
    line = summary_line(my_progress(seeded_store(tmp_path / "again"), base="../"))
    assert "(../ace_pilot/lesson.ipynb)" in line and "(../my_progress.ipynb)" in line


def test_a_new_learner_is_sent_to_the_first_step(tmp_path: Path) -> None:
    progress = my_progress(open_store(tmp_path))
    first = START_HERE[1]
    assert progress.next_step == (
        f"Next: [{first.title}]({first.notebook}), about {first.minutes} minutes."
    )
    assert all(g.played == 0 for g in progress.games) and progress.notes == ()
    assert "starts in the middle" in progress.lesson_rating_text()


def test_a_damaged_store_says_so_and_shows_nothing(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"this is no database" * 100)
    progress = my_progress(open_store(tmp_path))
    assert len(progress.notes) == 1 and all(g.played == 0 for g in progress.games)
    assert (tmp_path / FILE_NAME).read_bytes() == b"this is no database" * 100


def test_start_here_lists_every_step_with_ages_and_minutes() -> None:
    text = start_here()
    assert "[My progress](my_progress.ipynb)" in text
    for step in START_HERE[1:]:
        assert f"[{step.title}]({step.notebook}) — ages {step.ages}, about {step.minutes}" in text
    assert "ages 12–16" in text  # chance and simulation, as its teacher's guide says


def test_a_damaged_class_ratings_file_is_said_in_my_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from acelab.practice.calibrate import RATINGS_FILE
    from acelab.practice.show import next_step, progress

    (tmp_path / RATINGS_FILE).write_text("[1, 2")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))
    found = progress()
    assert len(found.notes) == 1 and "cannot be read" in found.notes[0]
    assert "cannot be read" in str(next_step(found))


def test_practice_rounds_are_not_counted_as_games_played(tmp_path: Path) -> None:
    store = seeded_store(tmp_path)
    practice = store.start_game("ace_pilot", 7, {"deal": "2-6-10-12/10/D"})
    store.finish_game(practice, Outcome((0,), "Practice deal solved."))
    games = {g.game: g for g in my_progress(store).games}
    assert (games["ace_pilot"].played, games["ace_pilot"].won) == (1, 0)
    assert games["ace_pilot"].best == "no win yet"

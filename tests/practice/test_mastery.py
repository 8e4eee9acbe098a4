"""Mastery of lesson exercises and skills, from attempts (issue 26): right first time, or right
twice running after a wrong answer; a later wrong answer takes it away."""

from __future__ import annotations

from acelab.practice.mastery import (
    exercise_states,
    find,
    lesson_progress,
    lesson_ratings,
    starting_difficulty,
)
from acelab.teaching.answers import ChoiceQuestion
from acelab.teaching.skills import lesson_skills


def test_right_first_time_is_mastered() -> None:
    state = exercise_states([("ace-pilot-carryover-1", True)])["ace-pilot-carryover"]
    assert state.mastered and state.right_first_time and not state.waiting


def test_after_a_wrong_answer_two_fresh_ones_right_running() -> None:
    tries = [
        ("ace-pilot-carryover-1", False),
        ("ace-pilot-carryover-1", True),  # the same question again: not a fresh one
        ("ace-pilot-carryover-2", True),
    ]
    state = exercise_states(tries)["ace-pilot-carryover"]
    assert not state.mastered and not state.right_first_time and state.streak == 1
    state = exercise_states([*tries, ("ace-pilot-carryover-3", True)])["ace-pilot-carryover"]
    assert state.mastered
    state = exercise_states([*tries, ("ace-pilot-carryover-3", False)])["ace-pilot-carryover"]
    assert not state.mastered and state.waiting and state.streak == 0


def test_a_one_version_exercise_is_mastered_once_right(one_version: ChoiceQuestion) -> None:
    state = exercise_states([(one_version.id, False)])[one_version.id]
    assert not state.mastered and state.waiting
    state = exercise_states([(one_version.id, False), (one_version.id, True)])[one_version.id]
    assert state.mastered and not state.right_first_time


def test_an_exercise_that_now_has_versions_needs_two_fresh_ones_right() -> None:
    # poker-spade-pairs had one version: an answer kept under its old id still counts, but right
    # at a second try it no longer masters the exercise
    tries = [("poker-spade-pairs", False), ("poker-spade-pairs", True)]
    state = exercise_states(tries)["poker-spade-pairs"]
    assert not state.mastered and state.streak == 0
    tries += [("poker-spade-pairs-8", True)]
    assert not exercise_states(tries)["poker-spade-pairs"].mastered
    tries += [("poker-spade-pairs-9", True)]
    assert exercise_states(tries)["poker-spade-pairs"].mastered


def test_lesson_progress_counts_and_names_skills_in_the_lessons_words() -> None:
    tries = [
        ("ace-pilot-rounding-1", True),
        ("ace-pilot-carryover-1", False),
        ("welcome-at-least-one-ace", True),  # the welcome's: no lesson's
        ("ace-pilot-unknown-1", True),
    ]
    progress = lesson_progress(tries)["order_of_operations"]
    assert (progress.tried, progress.right_first_time, progress.mastered) == (2, 1, 1)
    assert progress.skills == ("rounding up or down",)
    assert progress.waiting == ("ace-pilot-carryover",)
    assert progress.exercises == len(lesson_skills("order_of_operations").exercises)
    assert lesson_progress([])["counting"].tried == 0


def test_lesson_ratings_move_with_first_answers_only() -> None:
    found = find("poker-opening-damage-3")
    assert found is not None and found[0] == "counting"
    start = starting_difficulty(found[1])
    me, rated = lesson_ratings([("poker-opening-damage-3", True)] * 3)
    assert me.attempts == 1 and rated["counting:poker-opening-damage"][0] < start
    me, rated = lesson_ratings(
        [("poker-why-divide", False)], items={"counting:poker-why-divide": (2.0, 50)}
    )
    assert me.value < 0 and rated["counting:poker-why-divide"][0] > 2.0


def test_another_like_this_is_offered_from_a_wrong_answer_until_mastered(
    one_version: ChoiceQuestion,
) -> None:
    from acelab.practice.mastery import offers_another

    wrong = [("ace-pilot-carryover-1", False)]
    assert not offers_another("ace-pilot-carryover-1", [])
    assert not offers_another("ace-pilot-carryover-1", [("ace-pilot-carryover-1", True)])
    assert offers_another("ace-pilot-carryover-1", wrong)
    assert offers_another("ace-pilot-carryover-2", [*wrong, ("ace-pilot-carryover-2", True)])
    done = [*wrong, ("ace-pilot-carryover-2", True), ("ace-pilot-carryover-3", True)]
    assert not offers_another("ace-pilot-carryover-3", done)
    # one version: never offered; one that needs its seed's cards above it: offered with them
    assert not offers_another(one_version.id, [(one_version.id, False)])
    assert offers_another("poker-spade-pairs-1", [("poker-spade-pairs-1", False)])
    assert offers_another("deciding-outs-1", [("deciding-outs-1", False)])
    assert not offers_another("welcome-at-least-one-ace", [("welcome-at-least-one-ace", False)])

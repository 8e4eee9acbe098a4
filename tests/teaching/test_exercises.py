"""The exercise kit: every lesson found by name, seeded sources, distinct mistakes, builders."""

from __future__ import annotations

from fractions import Fraction

import pytest

from acelab.classroom.editions import ROOT
from acelab.engine.seeds import check_seed
from acelab.teaching.answers import Mistake
from acelab.teaching.exercises import LESSONS, distinct, lesson, number, seeded


@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_is_found_by_name_and_lists_its_plenary(name):
    found = lesson(name)
    assert found.id == name and (ROOT / found.notebook).exists()
    questions = found.exercises(3)
    ids = [q.id for q in questions]
    assert len(ids) == len(set(ids))
    assert found.plenary().id in [q.id for q in found.exercises(found.seed)]  # its notebook's


def test_an_unknown_lesson_or_a_bad_seed_is_refused_in_a_sentence():
    with pytest.raises(ValueError, match="the lessons are order_of_operations"):
        lesson("algebra")
    for bad in (True, 1.5, None, [1]):
        with pytest.raises(ValueError, match="whole number or a word"):
            check_seed(bad)
        with pytest.raises(ValueError, match="whole number or a word"):
            seeded(bad, "x")


def test_a_seeded_source_is_the_same_for_the_same_seed_and_keys():
    assert seeded(7, "a").random() == seeded(7, "a").random() != seeded(7, "b").random()
    assert seeded("class 7B", "a").random() != seeded(7, "a").random()


def test_distinct_drops_mistakes_that_pass_for_the_answer_or_an_earlier_mistake():
    question = number("q", "?", Fraction(1, 3), places=2)
    kept = distinct(
        question,
        [
            Mistake(Fraction(333, 1000), "same as the answer at 2 places"),
            Mistake(Fraction(1, 2), "a half"),
            Mistake(Fraction(501, 1000), "a half again"),
            Mistake(Fraction(2, 3), "two thirds"),
        ],
    )
    assert [m.feedback for m in kept] == ["a half", "two thirds"]
    built = number("q", "?", Fraction(1, 3), [Mistake(Fraction(1, 3), "the answer")], places=2)
    assert built.mistakes == ()


def test_the_catalogue_lists_every_lesson_notebook_and_its_guide():
    from acelab.engine.catalogue import GAMES, welcome_table

    listed = {f"{g.folder}/{lesson.notebook}" for g in GAMES for lesson in g.lessons}
    on_disk = {
        p.relative_to(ROOT / "lessons").as_posix() for p in (ROOT / "lessons").rglob("*.ipynb")
    }
    assert listed == on_disk == {lesson(name).notebook.removeprefix("lessons/") for name in LESSONS}
    for game in GAMES:
        for entry in game.lessons:
            assert (ROOT / "docs" / "teachers" / entry.guide).exists()
    assert "a game to play and three lessons" in welcome_table()

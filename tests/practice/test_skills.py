"""Every exercise of every lesson is declared once with its skills, and another seed of a seeded
exercise is the same exercise."""

from __future__ import annotations

import pytest

from acelab.teaching.answers import ChoiceQuestion, CustomQuestion, NumberQuestion
from acelab.teaching.exercises import LESSONS, lesson
from acelab.teaching.skills import declare, exercise, lesson_skills

KIND = {NumberQuestion: "number", ChoiceQuestion: "choice", CustomQuestion: "written"}


@pytest.mark.parametrize("name", list(LESSONS))
@pytest.mark.parametrize("seed", [1, 7])
def test_every_exercise_is_declared_once_with_its_kind(name: str, seed: int) -> None:
    skills = lesson_skills(name)
    questions = lesson(name).exercises(seed)
    found = [skills.find(question.id) for question in questions]
    assert all(item is not None for item in found), [q.id for q in questions]
    assert sorted(item.id for item in found if item) == sorted(i.id for i in skills.exercises)
    for question, item in zip(questions, found, strict=True):
        assert item is not None
        assert item.question_id(seed) == question.id
        assert item.kind == KIND[type(question)]
        assert set(item.skills) <= set(skills.words)


@pytest.mark.parametrize("name", list(LESSONS))
def test_another_like_this_is_the_same_exercise_for_a_fresh_seed(name: str) -> None:
    skills = lesson_skills(name)
    for question in lesson(name).exercises(1):
        item = skills.find(question.id)
        assert item is not None
        if item.seeded:
            fresh = skills.another(question.id, 12)
            assert fresh.id == item.question_id(12) and type(fresh) is type(question)
            shown = skills.context(question.id, 12)
            assert (shown is None) == (item.shows is None)
            if shown is not None:  # what the notebook shows above it, for that seed
                assert str(shown) and str(shown) != str(skills.context(question.id, 1))
        else:
            with pytest.raises(ValueError, match="only one version"):
                skills.another(question.id, 12)
            assert skills.context(question.id, 12) is None


def test_every_skill_of_a_lesson_is_used() -> None:
    for name in LESSONS:
        skills = lesson_skills(name)
        used = {skill for item in skills.exercises for skill in item.skills}
        assert used == set(skills.words), name


def test_bad_declarations_and_lookups_say_why() -> None:
    with pytest.raises(ValueError, match="not listed"):
        declare(("a",), exercise("x", None, "b"))
    with pytest.raises(ValueError, match="twice"):
        declare(("a",), exercise("x", None, "a"), exercise("x", None, "a"))
    with pytest.raises(ValueError, match="names no skill"):
        exercise("x", None)
    with pytest.raises(ValueError, match="kind"):
        exercise("x", None, "a", kind="essay")
    with pytest.raises(ValueError, match="shows nothing per seed"):
        exercise("x", None, "a", shows=str)
    with pytest.raises(ValueError, match="no lesson"):
        lesson_skills("cooking")
    with pytest.raises(ValueError, match="No exercise"):
        lesson_skills("counting").another("nothing-1", 2)
    one = declare(("a",), exercise("x", None, "a"), exercise("x-y", lambda seed: None, "a"))
    assert one.find("x-3") is None and one.find("x") is one.exercises[0]  # one version: no seed
    assert one.find("x-y-3") is one.exercises[1]


def test_versions_and_option_orders_keep_the_notebooks_seed_as_written() -> None:
    from acelab.teaching.skills import seeded_order, version

    options = ("a", "b", "c", "d")
    assert version(3, 3, 5, "x") == 0 and seeded_order(3, 3, options, 2, "x") == (options, 2)
    assert version("3", 3, 5, "x") == version("3", 3, 5, "x")  # a word is another seed
    orders = {seeded_order(seed, 3, options, 2, "x") for seed in range(40)}
    assert len(orders) >= 6 and len({version(seed, 3, 5, "x") for seed in range(40)}) == 5
    for shuffled, right in orders:
        assert sorted(shuffled) == list(options) and shuffled[right] == "c"
    assert seeded_order(7, 3, options, 2, "x") != seeded_order(7, 3, options, 2, "y")
    with pytest.raises(ValueError, match="seed"):
        version(True, 1, 3)

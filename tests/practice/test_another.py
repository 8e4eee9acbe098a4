"""'Another like this' in the answer box (issue 26): offered after a wrong answer, a fresh seed of
the same exercise, until it is right twice running; fresh seeds are kept in the store only."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from acelab.absolutely_aces.lessons.secret_pick import plenary as secret_pick_plenary
from acelab.ace_of_spades.lessons.deciding import why_not_add
from acelab.ace_of_spades_lex.lessons.chance import red_aces_first
from acelab.ace_pilot.lessons.order_of_operations import carryover_exercise
from acelab.classroom.marking import ANSWER_FILE
from acelab.store import open_store
from acelab.teaching.answers import ChoiceQuestion, Question, answer_of
from acelab.widgets.answer import AnswerBox


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ACELAB_ANSWERS", str(tmp_path / "answers"))
    return tmp_path


def shown(box: AnswerBox) -> bool:
    return box.another_button.layout.display != "none"


def test_a_wrong_answer_offers_another_until_right_twice_running(home: Path) -> None:
    box = AnswerBox(carryover_exercise(1))
    assert not shown(box)
    box.answer("0")
    assert shown(box)
    first = box.question.id
    fresh = box.another(seed=5)
    assert fresh.id == "ace-pilot-carryover-5" and box.question is fresh and not shown(box)
    assert box.attempts == 0 and box.field.value == "" and fresh.question in box.prompt.value
    box.answer(answer_of(fresh))
    assert shown(box)  # right once: not yet mastered
    box.another(seed=6)
    box.answer(answer_of(box.question))
    assert not shown(box)  # right twice running
    with open_store() as store:
        kept = [a.exercise for a in store.attempts()]
    assert kept == [first, "ace-pilot-carryover-5", "ace-pilot-carryover-6"]
    marked = json.loads((Path(os.environ["ACELAB_ANSWERS"]) / ANSWER_FILE).read_text())
    assert {a["exercise"] for a in marked["attempts"]} == {first}  # the notebook's seed only


def test_right_first_time_or_one_version_offers_nothing(
    home: Path, one_version: ChoiceQuestion
) -> None:
    box = AnswerBox(carryover_exercise(2))
    box.answer(answer_of(box.question))
    assert not shown(box)
    single = AnswerBox(one_version)
    single.answer("(a)")
    assert not shown(single)
    with pytest.raises(ValueError, match="only one version"):
        single.another()
    with pytest.raises(ValueError, match="no lesson exercise"):
        AnswerBox("Two and two?", lambda text: None).another()  # type: ignore[arg-type, return-value]


def test_another_shows_the_cards_its_question_reads(home: Path) -> None:
    from acelab.ace_of_spades.lessons.deciding import flush_draw, outs_count

    box = AnswerBox(outs_count(1))
    box.answer("0")
    assert shown(box) and box.context is None
    box.another(seed=4)
    assert box.children[0] is box.context and box.question.id == "deciding-outs-4"
    cards = " ".join(card.symbol for card in flush_draw(4).pile)
    assert cards in str(box.context_shown)
    assert cards in str(box.context.outputs)
    box.another(seed=5)
    assert sum(isinstance(child, type(box.context)) for child in box.children) == 1


@pytest.mark.parametrize(
    "make", [why_not_add, red_aces_first, secret_pick_plenary], ids=["devir", "lex", "trees"]
)
def test_a_choice_or_plenary_once_of_one_version_now_offers_another(
    home: Path, make: Callable[[], Question]
) -> None:
    question = make()
    box = AnswerBox(question)
    wrong = "0" if question.id.startswith("lex-") else ("A" if answer_of(question) != "A" else "B")
    box.answer(wrong)
    assert shown(box)
    for seed in (8, 9):  # right twice running, each time a fresh version
        fresh = box.another(seed=seed)
        assert fresh.id == f"{question.id.rsplit('-', 1)[0]}-{seed}" and not shown(box)
        box.answer(answer_of(fresh))
    assert not shown(box)

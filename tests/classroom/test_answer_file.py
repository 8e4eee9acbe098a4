"""The answer file beside the notebook, the autograder's re-check, and who answered (issue 17)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from acelab.classroom.learners import learner, name_learner
from acelab.classroom.marking import ANSWER_FILE, grade, keep_answer, mark, read_answers
from acelab.classroom.policy import Policy
from acelab.store import open_store
from acelab.teaching.answers import ChoiceQuestion, NumberQuestion, record_attempt

HANDS = NumberQuestion("hands", "How many 5-card hands?", Fraction(2598960))
WHY = ChoiceQuestion("why", "Why?", (("order", "good"), ("luck", "no")), right=0)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A pupil's notebook folder, where the answer file is written."""
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ACELAB_ANSWERS", str(tmp_path / "pupil"))
    for variable in ("JUPYTERHUB_USER", "ACELAB_LEARNER"):
        monkeypatch.delenv(variable, raising=False)
    return tmp_path / "pupil"


def test_an_answer_box_keeps_each_attempt_in_the_answer_file_with_its_verdict(folder):
    from acelab.widgets.answer import AnswerBox

    box = AnswerBox(HANDS)
    box.answer("2,598,961")
    box.answer("C(52, 5)")
    data = json.loads((folder / ANSWER_FILE).read_text(encoding="utf-8"))
    assert data["format"] == "acelab answers" and data["version"] == 1
    kept = [(a["exercise"], a["answer"], a["correct"], a["score"]) for a in data["attempts"]]
    assert kept == [("hands", "2,598,961", False, 0.0), ("hands", "C(52, 5)", True, 1.0)]
    assert data["attempts"][1]["message"] == HANDS.check("C(52, 5)", 2).message
    assert [a.answer for a in open_store().attempts("hands")] == ["2,598,961", "C(52, 5)"]


def test_the_mark_re_checks_the_last_answer_and_never_trusts_the_stored_verdict(folder):
    record_attempt("hands", "624", HANDS.check("624"))
    assert grade(HANDS, 2, folder).awarded == 0
    record_attempt("hands", "2,598,960", HANDS.check("2,598,960"))
    marked = grade(HANDS, 2, folder, Policy("best"))
    assert marked.awarded == 2 and HANDS.check("2,598,960").message in marked.sentence
    assert grade(HANDS, 2, folder).awarded == 1.8  # the default: 0.1 of the points per wrong try
    data = json.loads((folder / ANSWER_FILE).read_text(encoding="utf-8"))
    data["attempts"][0].update(answer="1", correct=True, score=1.0)  # edited by hand
    data["attempts"][1].update(answer="2", correct=True, score=1.0)
    (folder / ANSWER_FILE).write_text(json.dumps(data), encoding="utf-8")
    marked = grade(HANDS, 2, folder)
    assert marked.awarded == 0 and "acelab's check counts" in marked.sentence


def test_a_choice_in_an_unusual_form_and_a_half_mark(folder):
    record_attempt("why", "(A)", WHY.check("(A)"))
    assert grade(WHY, 1, folder).awarded == 1
    half = NumberQuestion("share", "?", Fraction(1, 3), places=2)
    typed = "33"  # 0.33 without its decimal point: half marks, "did you mean 33%?"
    record_attempt("share", typed, half.check(typed))
    assert grade(half, 2, folder).awarded == 2 * half.check(typed).score


def test_a_seeded_answer_counts_only_for_its_own_seed(folder):
    record_attempt("hands-3", "2598960", HANDS.check("2598960"))
    assert grade(HANDS, 1, folder).awarded == 0
    assert "did not check an answer" in grade(HANDS, 1, folder).sentence


def test_a_deleted_answer_file_is_said_in_one_sentence_and_marks_nothing(folder):
    record_attempt("hands", "2598960", HANDS.check("2598960"))
    assert grade(HANDS, 1, folder).awarded == 1
    (folder / ANSWER_FILE).unlink()
    marked = grade(HANDS, 1, folder)
    assert marked.awarded == 0
    assert marked.sentence.startswith(f"The answer file {ANSWER_FILE} is missing from ")
    assert marked.sentence.count(". ") == 0 and marked.sentence.endswith("0 points.")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        '{"format": "mine"}',
        '{"format": "acelab answers", "version": 9, "attempts": []}',
        '{"format": "acelab answers", "version": 1, "attempts": {}}',
        "\x00\xff" * 10,
        "[" * 100_000,
    ],
)
def test_a_damaged_answer_file_gets_0_in_one_sentence_naming_pupil_and_file(tmp_path, text):
    folder = tmp_path / "autograded" / "bea" / "counting"
    folder.mkdir(parents=True)
    (folder / ANSWER_FILE).write_text(text, encoding="utf-8")
    marked = grade(HANDS, 1, folder)
    assert marked.awarded == 0
    assert "bea" in marked.sentence and str(folder / ANSWER_FILE) in marked.sentence
    assert marked.sentence.count(". ") == 0 and marked.sentence.endswith(".")


@pytest.mark.parametrize(
    "attempt",
    [
        {"exercise": "hands", "answer": 2598960, "score": 1.0, "correct": True},
        {"exercise": "hands", "answer": "2598960", "score": 7, "correct": True},
        {"exercise": "hands", "answer": "2598960", "score": 1.0, "correct": "yes"},
        {"exercise": "hands", "answer": "1" * 5000, "score": 0.0, "correct": False},
    ],
)
def test_a_tampered_attempt_gets_0_for_its_exercise_only(folder, attempt):
    record_attempt("why", "A", WHY.check("A"))
    record_attempt("hands", "2598960", HANDS.check("2598960"))
    data = json.loads((folder / ANSWER_FILE).read_text(encoding="utf-8"))
    data["attempts"].extend([attempt, "not an attempt", {"exercise": 5}])
    (folder / ANSWER_FILE).write_text(json.dumps(data), encoding="utf-8")
    assert grade(HANDS, 1, folder).awarded == 0
    assert "did not write" in grade(HANDS, 1, folder).sentence
    assert grade(WHY, 1, folder).awarded == 1


def test_a_damaged_file_is_kept_aside_when_the_next_answer_is_written(folder):
    folder.mkdir(parents=True)
    (folder / ANSWER_FILE).write_text("{ broken", encoding="utf-8")
    assert keep_answer("why", "A", WHY.check("A"))
    assert (folder / (ANSWER_FILE + ".damaged")).read_text(encoding="utf-8") == "{ broken"
    assert list(read_answers(folder / ANSWER_FILE).attempts) == ["why"]


def test_mark_shows_nothing_outside_nbgrader(folder, monkeypatch, capsys):
    monkeypatch.chdir(folder.parent)
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    assert mark(HANDS, 1) is None and capsys.readouterr().out == ""
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    assert mark(HANDS, 1) == 0 and "did not check" in capsys.readouterr().out


def test_every_attempt_records_the_learner(folder, monkeypatch):
    assert learner() == ""
    assert "Thanks, Cal" in name_learner("Cal")
    record_attempt("why", "A", WHY.check("A"))
    monkeypatch.setenv("ACELAB_LEARNER", "cal.b")
    assert learner() == "cal.b"
    record_attempt("why", "B", WHY.check("B"))
    monkeypatch.setenv("JUPYTERHUB_USER", "pupil07")
    assert "pupil07" in name_learner("Cal")
    record_attempt("why", "A", WHY.check("A"))
    names = ["Cal", "cal.b", "pupil07"]
    assert [a.learner for a in open_store().attempts("why")] == names
    data = json.loads((folder / ANSWER_FILE).read_text(encoding="utf-8"))
    assert [a["learner"] for a in data["attempts"]] == names
    with pytest.raises(ValueError, match="Type your name"):
        name_learner("  ")


def test_the_welcome_notebook_asks_a_name_once_and_never_requires_it(folder):
    from acelab.widgets.name import NameBox

    box = NameBox()
    assert "Give your name once" in box.children[0].value
    assert "Type your name" in box.keep("  ")
    assert "Thanks, Dee" in box.keep("Dee")
    again = NameBox()
    assert again.field.value == "Dee" and "recorded as <b>Dee</b>" in again.children[0].value


def test_a_very_long_answer_pasted_once_does_not_cost_the_exercise(folder):
    pasted = "2" * 5_000
    record_attempt("hands", pasted, HANDS.check(pasted))
    record_attempt("hands", "C(52, 5)", HANDS.check("C(52, 5)", 2))
    marked = grade(HANDS, 2, folder, Policy("best"))
    assert marked.awarded == 2, marked.sentence
    assert grade(HANDS, 2, folder).awarded == 1.8  # one wrong try, under the default penalty
    assert read_answers(folder / ANSWER_FILE).tampered == {}
    kept = [a.answer for a in open_store().attempts("hands")]
    assert len(kept[0]) <= 1_000 and HANDS.check(kept[0]) == HANDS.check(pasted)


def test_recording_an_attempt_closes_the_store_it_opened(folder, monkeypatch):
    import acelab.store

    opened: list[acelab.store.Store] = []
    real = acelab.store.open_store

    def spy(home=None):
        opened.append(real(home))
        return opened[-1]

    monkeypatch.setattr(acelab.store, "open_store", spy)
    assert record_attempt("hands", "624", HANDS.check("624"))
    assert opened and not any(store.writable for store in opened)


def test_the_file_s_learner_is_the_one_of_the_last_attempt_in_time(folder):
    keep_answer("hands", "1", HANDS.check("1"), "bea")
    keep_answer("why", "A", WHY.check("A"), "bea")
    keep_answer("hands", "2", HANDS.check("2"), "amir")  # the last attempt of all
    assert read_answers(folder / ANSWER_FILE).learner == "amir"


def _answer_many(folder: str, who: str, count: int, start: object) -> None:
    import os

    from acelab.teaching.answers import Verdict

    os.environ["ACELAB_ANSWERS"] = folder
    start.wait(30)  # type: ignore[attr-defined]
    for number in range(count):
        assert keep_answer("hands", f"{who} {number}", Verdict(0.0, False, "No."), who)


def test_two_kernels_answering_at_once_lose_no_attempt_and_the_file_is_always_json(folder):
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    start = context.Event()
    count = 150
    workers = [
        context.Process(target=_answer_many, args=(str(folder), who, count, start))
        for who in ("ann", "bob")
    ]
    for worker in workers:
        worker.start()
    folder.mkdir(parents=True, exist_ok=True)
    start.set()
    reads = 0
    while any(worker.is_alive() for worker in workers):
        if (folder / ANSWER_FILE).exists():
            assert read_answers(folder / ANSWER_FILE).problem is None  # never half written
            reads += 1
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    kept = [a["answer"] for a in read_answers(folder / ANSWER_FILE).attempts["hands"]]
    assert sorted(kept) == sorted(f"{who} {n}" for who in ("ann", "bob") for n in range(count))
    assert not list(folder.glob(f"{ANSWER_FILE}.damaged"))
    assert reads > 0

"""Marks a teacher can defend (issue 23): the marking policy (first try, a penalty per wrong try —
the default — or best try) gives the same numbers in the autograder and the class report; half
marks are half marks; exercises are numbered as their lesson numbers them; the report reads only
regular files inside its folder and says every command-line problem in a sentence."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from acelab.classroom.editions import POLICY_ID, editions
from acelab.classroom.marking import ANSWER_FILE, current_policy, grade, keep_answer, marking_policy
from acelab.classroom.policy import DEFAULT, Policy, from_notebook, from_source, parse_policy, score
from acelab.classroom.pupils import class_files, nbgrader_sources
from acelab.classroom.report import class_report, main, shipped_points
from acelab.teaching.exercises import LESSONS, lesson

R, H, W = (1.0, True), (0.5, False), (0.0, False)  # right, half marks, wrong


@pytest.mark.parametrize(
    ("tries", "first", "penalty", "best"),
    [
        ([], 0, 0, 0),
        ([R], 1, 1, 1),
        ([W, R], 0, 0.9, 1),
        ([W, W, R], 0, 0.8, 1),
        ([H, R], 0.5, 0.9, 1),
        ([H], 0.5, 0.5, 0.5),
        ([W, H], 0, 0.4, 0.5),
        ([R, W], 1, 1, 1),
        ([W] * 12 + [R], 0, 0, 1),  # never below 0
        ([(2 / 3, False), W, R], 2 / 3, 0.8, 1),
    ],
)
def test_each_policy_turns_tries_into_a_share_of_the_points(tries, first, penalty, best):
    assert score(tries, Policy("first")) == pytest.approx(first)
    assert score(tries, Policy("penalty", 0.1)) == pytest.approx(penalty)
    assert score(tries, DEFAULT) == pytest.approx(penalty)  # the default is the penalty
    assert score(tries, Policy("best")) == pytest.approx(best)
    assert score([W, R], Policy("penalty", 0.25)) == 0.75


def test_a_policy_is_named_in_words_and_a_wrong_one_gets_a_sentence():
    assert parse_policy("first") == Policy("first")
    assert parse_policy("Best") == Policy("best")
    assert parse_policy("penalty") == DEFAULT == Policy("penalty", 0.1)
    assert parse_policy("penalty 0.2") == parse_policy("penalty=0.2") == Policy("penalty", 0.2)
    for text, said in [
        ("last", "no marking policy"),
        ("", "no marking policy"),
        ("penalty lots", "not a number"),
        ("penalty 2", "from 0 to 1"),
        ("best 0.1", "Only the penalty policy"),
    ]:
        with pytest.raises(ValueError, match=said):
            parse_policy(text)
    assert "0.1 of its points for each wrong try" in DEFAULT.sentence


def test_the_policy_cell_is_read_without_running_it():
    assert from_source('marking_policy("best")') == Policy("best")
    assert from_source("marking_policy('penalty', 0.25)") == Policy("penalty", 0.25)
    assert from_source("marking_policy(kind='first')") == Policy("first")
    assert from_source("x = 1") is None
    with pytest.raises(ValueError, match="not plain"):
        from_source("marking_policy(__import__('os').system('true'))")
    with pytest.raises(ValueError, match="no marking policy"):
        from_source('marking_policy("last")')


def test_the_policy_cell_sets_what_mark_uses_and_tells_the_pupil():
    try:
        shown = marking_policy("first")
        assert current_policy() == Policy("first")
        assert "only your first try" in shown._repr_markdown_()
    finally:
        marking_policy()
    assert current_policy() == DEFAULT
    with pytest.raises(ValueError, match="no marking policy"):
        marking_policy("last")  # type: ignore[arg-type]


def _student_editions() -> dict[str, dict]:
    made = editions()
    return {
        name: json.loads(made[Path("notebooks") / lesson(name).notebook.removeprefix("lessons/")])
        for name in LESSONS
    }


def test_every_student_edition_has_one_locked_policy_cell_and_imports_no_worked():
    for name, notebook in _student_editions().items():
        cells = notebook["cells"]
        policy = [c for c in cells if c.get("id") == POLICY_ID]
        assert len(policy) == 1, name
        assert policy[0]["metadata"]["nbgrader"]["locked"] is True
        assert not policy[0]["metadata"]["nbgrader"]["grade"]
        assert from_notebook(notebook) == DEFAULT
        first_exercise = next(
            i for i, c in enumerate(cells) if "exercise" in c["metadata"].get("tags", [])
        )
        assert cells.index(policy[0]) < first_exercise, name
        for cell in cells:
            code = "".join(cell["source"])
            if cell["cell_type"] == "code":
                assert "import worked" not in code and ", worked" not in code, name
                assert "worked(" not in code, name


def test_the_class_folder_has_no_hidden_tests_and_the_nbgrader_source_has_them():
    for relative, data in class_files().items():
        if relative.suffix == ".ipynb":
            text = data.decode("utf-8")
            assert "HIDDEN TESTS" not in text and "mark(" not in text, relative
    sources = nbgrader_sources()
    assert sorted(path.parts[1] for path in sources) == sorted(LESSONS)
    pupils = class_files()
    for path, text in sources.items():
        notebook = json.loads(text)
        marking = [c for c in notebook["cells"] if "marking" in c["metadata"].get("tags", [])]
        assert marking and all("### BEGIN HIDDEN TESTS" in "".join(c["source"]) for c in marking)
        name = path.parts[1]
        handed = json.loads(pupils[Path(lesson(name).notebook).relative_to("lessons")])
        kept = {
            c["metadata"]["nbgrader"]["grade_id"]
            for c in handed["cells"]
            if "marking" in c["metadata"].get("tags", [])
        }
        # every grade cell is still there for autograde to fill again
        assert kept == {c["metadata"]["nbgrader"]["grade_id"] for c in marking}


# -- the same numbers in the autograder and the report -----------------------------------------

COUNTING = list(lesson("counting").exercises(1))
POINTS = shipped_points()["counting"]  # nbgrader's points, as the lesson's notebook gives them


def _points(question) -> int:
    return POINTS[question.id.removesuffix("-1")]


TRIES = {  # pupil -> exercise index -> answers typed, oldest first
    # right; wrong twice; a 2-point exercise right at try 2; half marks
    "ana": {0: ["9"], 1: ["25", "20"], 3: ["100", "C(52, 5)"], 8: ["0.2%"]},
    "ben": {0: ["1", "2", "9"], 8: ["0.2%", "0.197%"], 9: ["B"]},
    "cy": {1: ["20"], 2: ["1"] * 12 + ["132600"]},
}


def _answer_folder(root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for pupil, tried in TRIES.items():
        folder = root / "submitted" / pupil / "counting"
        folder.mkdir(parents=True)
        monkeypatch.setenv("ACELAB_ANSWERS", str(folder))
        for index, texts in tried.items():
            question = COUNTING[index]
            for n, text in enumerate(texts, start=1):
                assert keep_answer(question.id, text, question.check(text, n), pupil)
    return root


@pytest.mark.parametrize(
    "policy", [Policy("first"), DEFAULT, Policy("penalty", 0.3), Policy("best")]
)
def test_the_report_gives_the_autograder_s_marks_under_each_policy(tmp_path, monkeypatch, policy):
    course = _answer_folder(tmp_path, monkeypatch)
    report = class_report(course, policy)
    assert report.problems == ()
    for pupil, tried in TRIES.items():
        folder = course / "submitted" / pupil / "counting"
        for index in tried:
            question = COUNTING[index]
            key = question.id.removesuffix("-1")
            graded = grade(question, _points(question), folder, policy)
            assert report.marks[pupil][key] == pytest.approx(graded.awarded), (pupil, key)
        assert report.total(pupil, "counting") == pytest.approx(
            sum(grade(q, _points(q), folder, policy).awarded for q in COUNTING)
        )
    assert report.policy("counting") == policy
    assert report.out_of("counting") == sum(POINTS.values()) == 11
    assert report.marks["ana"]["poker-five-card-hands"] == score([W, R], policy) * 2


def test_half_marks_are_half_marks_and_exercises_keep_the_lesson_s_numbers(tmp_path, monkeypatch):
    report = class_report(_answer_folder(tmp_path, monkeypatch))
    flush = COUNTING[8].id.removesuffix("-1")
    assert COUNTING[8].check("0.2%").score == 0.5  # rounded too much
    assert report.grid["ana"][flush] == "½"
    assert report.grid["ben"][flush] == "✔2"
    assert report.marks["ana"][flush] == 0.5 and report.marks["ben"][flush] == 0.9
    row = next(r for r in report.exercises if r.key == flush)
    assert row.number == 9 and row.partly == 1 and row.label == "counting 9"
    assert [r.number for r in report.exercises] == [1, 2, 3, 4, 9, 10]
    text = report.text()
    assert "Exercise 9 (poker-flush-chance)" in text and "part marks only 1" in text
    lines = text.splitlines()
    grid_header = lines[next(i for i, line in enumerate(lines) if line.startswith("Grid of")) + 1]
    assert grid_header.split() == ["1", "2", "3", "4", "9", "10"]
    third = COUNTING[2].id.removesuffix("-1")
    assert report.grid["cy"][third] == "✔13"
    assert report.marks["cy"][third] == 0  # twelve wrong tries: never below 0
    assert "Marks of counting out of 11" in text


def test_the_course_s_policy_cell_sets_the_report_s_policy(tmp_path, monkeypatch):
    course = _answer_folder(tmp_path, monkeypatch)
    source = nbgrader_sources()[Path("source/counting/lesson_counting.ipynb")]
    changed = source.replace('marking_policy(\\"penalty\\", 0.1)', 'marking_policy(\\"first\\")')
    assert changed != source
    (course / "source" / "counting").mkdir(parents=True)
    (course / "source" / "counting" / "lesson_counting.ipynb").write_text(changed)
    for folder in (course, course / "submitted"):
        report = class_report(folder)
        assert report.policy("counting") == Policy("first")
        assert report.marks["ben"][COUNTING[0].id.removesuffix("-1")] == 0
    assert class_report(course, Policy("best")).policy("counting") == Policy("best")


# -- only regular files inside the folder -------------------------------------------------------


def test_a_link_to_another_pupil_s_answers_earns_nothing_and_is_said(tmp_path, monkeypatch):
    course = _answer_folder(tmp_path, monkeypatch)
    thief = course / "submitted" / "dan" / "counting"
    thief.mkdir(parents=True)
    (thief / ANSWER_FILE).symlink_to(course / "submitted" / "ben" / "counting" / ANSWER_FILE)
    (course / "submitted" / "eli").symlink_to(course / "submitted" / "ana")
    outside = tmp_path / "outside.csv"
    outside.write_text("learner,exercise,answer,score,correct,time\nfay,x,1,1,True,t\n")
    (course / "submitted" / "ben" / "attempts.csv").symlink_to(outside)
    report = class_report(course)
    assert "dan" not in report.marks or not any(report.marks["dan"].values())
    assert "eli" not in report.pupils and "fay" not in report.pupils
    said = "\n".join(report.problems)
    assert f"{thief / ANSWER_FILE} is a link, not a file" in said
    assert "eli is a link to another folder, so it is not followed" in said
    assert "attempts.csv is a link, not a file" in said
    assert len(report.problems) == 3


def test_a_fifo_or_a_device_is_never_opened(tmp_path, monkeypatch):
    course = _answer_folder(tmp_path, monkeypatch)
    pupil = course / "submitted" / "gus" / "counting"
    pupil.mkdir(parents=True)
    os.mkfifo(pupil / ANSWER_FILE)  # opening it to read would wait for ever
    os.mkfifo(course / "submitted" / "attempts.csv")
    report = class_report(course)
    said = "\n".join(report.problems)
    assert f"{pupil / ANSWER_FILE} is a pipe (FIFO), not a file" in said
    assert "attempts.csv is a pipe (FIFO), not a file" in said
    device = course / "submitted" / "hal" / "counting"
    device.mkdir(parents=True)
    try:
        os.mknod(device / ANSWER_FILE, 0o600 | 0o020000, os.makedev(1, 3))  # like /dev/null
    except (PermissionError, AttributeError):
        pytest.skip("making a device node needs root")
    assert f"{device / ANSWER_FILE} is a device" in "\n".join(class_report(course).problems)
    # the autograder refuses it too
    marked = grade(COUNTING[0], 1, device)
    assert marked.awarded == 0 and "cannot be read (it is a device, not a file)" in marked.sentence


def test_the_autograder_refuses_a_linked_answer_file(tmp_path, monkeypatch):
    course = _answer_folder(tmp_path, monkeypatch)
    thief = tmp_path / "autograded" / "dan" / "counting"
    thief.mkdir(parents=True)
    (thief / ANSWER_FILE).symlink_to(course / "submitted" / "ana" / "counting" / ANSWER_FILE)
    marked = grade(COUNTING[0], 1, thief)
    assert marked.awarded == 0
    assert "of dan cannot be read (it is a link to another file, not a file)" in marked.sentence


# -- the command line ---------------------------------------------------------------------------


def test_every_command_line_problem_is_one_sentence(tmp_path, monkeypatch, capsys):
    course = _answer_folder(tmp_path, monkeypatch)
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    cases = [
        ([str(tmp_path / "nowhere")], "There is no folder"),
        ([str(course), "--csv", str(a_file)], "is a file, not a folder"),
        ([str(course), "--plots", str(a_file / "plots")], "cannot be made"),
        ([str(course), "--policy", "last"], "There is no marking policy 'last'"),
        ([str(course), "--policy", "penalty 7"], "from 0 to 1"),
        ([str(course), "--colour"], "Unrecognized arguments"),
        ([], "The following arguments are required"),
    ]
    for argv, said in cases:
        code = _run(argv)
        out = capsys.readouterr()
        assert code == 2, argv
        assert said in out.err, (argv, out.err)
        assert "Traceback" not in out.err + out.out


def _run(argv: list[str]) -> int | str | None:
    try:
        return main(argv)
    except SystemExit as stopped:
        return stopped.code


def test_the_command_line_writes_the_marks(tmp_path, monkeypatch, capsys):
    course = _answer_folder(tmp_path, monkeypatch)
    assert main([str(course), "--csv", str(tmp_path / "out"), "--policy", "best"]) == 0
    marks = (tmp_path / "out" / "class-marks.csv").read_text(encoding="utf-8").splitlines()
    assert marks[0] == "pupil,lesson,exercise,number,points,marks,policy"
    assert "ana,counting,poker-flush-chance,9,1,0.5,best" in marks
    assert "Marks of counting out of 11" in capsys.readouterr().out
    shutil.rmtree(tmp_path / "out")


# -- answers not one line away -------------------------------------------------------------------


def test_no_question_a_pupil_holds_shows_its_answer_publicly():
    from acelab.teaching.answers import answer_of

    for name in LESSONS:
        for question in lesson(name).exercises(1):
            public = [n for n in dir(question) if not n.startswith("_")]
            assert not {"answer", "value", "right"} & set(public), (question.id, public)
            for attribute in ("answer", "value", "right"):
                with pytest.raises(AttributeError):
                    getattr(question, attribute)
            shown = repr(question)
            answer = answer_of(question)
            assert question.check(answer).correct  # the teacher side still reads it
            if len(answer) > 3:
                assert answer not in shown, question.id


def test_the_pupil_s_namespace_after_the_import_cells_holds_no_worked_answer():
    from acelab.classroom.editions import editions

    made = editions()
    for name in LESSONS:
        notebook = json.loads(
            made[Path("notebooks") / lesson(name).notebook.removeprefix("lessons/")]
        )
        for cell in notebook["cells"]:
            code = "".join(cell["source"])
            if cell["cell_type"] == "code" and "from acelab.teaching.cells import" in code:
                names: dict[str, object] = {}
                imports = [line for line in code.splitlines() if "import" in line]
                exec("\n".join(imports), names)  # the lesson's own import lines, never pupil text
                assert "worked" not in names, name
                assert not any("answer" in n and n != "ask" for n in names if not n.startswith("_"))

"""The whole nbgrader exchange cycle with nbgrader's own CLI (issue 23): the teacher's course
(``python -m acelab.classroom --nbgrader``), ``generate_assignment`` and ``release_assignment``
into a real exchange; two pupils ``fetch_assignment``, answer (right, wrong, unusual forms,
a second try) and ``submit``; the teacher ``collect``s, ``autograde``s, ``generate_feedback``,
``release_feedback``; each pupil ``fetch_feedback``; ``nbgrader export`` and acelab's report
and gradebooks give the same marks.

The pupils are two system users (``acelabm-ana``, ``acelabm-ben``, made with ``useradd`` and
removed afterwards, homes included, whatever happens) when the test runs as root and a pupils'
environment with nbgrader that they may run exists (``$ACELAB_PUPILS_ENV``, default the hub's
``/opt/acelab-hub/venv``, where ``make hub`` installs nbgrader); otherwise two pupils of one
system user, each named with ``--student`` as nbgrader allows. Either way the exchange is
nbgrader's own, with the permissions its documentation gives (a folder everyone may write).
The same cycle on the real hub, from the pupils' own accounts and their Assignments tab, is
tests/browser/test_hub_nbgrader.py.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from acelab.classroom.marking import ANSWER_FILE
from acelab.classroom.policy import DEFAULT, score
from acelab.classroom.pupils import write_nbgrader_sources
from acelab.teaching.exercises import lesson

pytest.importorskip("nbgrader")

COURSE, ASSIGNMENT, NOTEBOOK = "acelabm", "counting", "lesson_counting"
TOOLS = Path(sys.executable).parent
ANSWERS = {  # pupil -> grade_id -> typed, oldest first
    "acelabm-ana": {
        "poker-opening-damage": ["9"],
        "poker-ordered-three": ["132,600"],
        "poker-four-of-a-kind": ["48", "624"],
        "poker-flush-chance": ["0.2%"],
        "poker-why-divide": ["(B)"],
    },
    "acelabm-ben": {"poker-opening-damage": ["1"], "poker-five-card-hands": ["C(52, 5)"]},
}


def _run(command: list[str], cwd: Path, user: str | None = None, env: dict | None = None) -> str:
    full = {**os.environ, "PATH": f"{Path(command[0]).parent}{os.pathsep}{os.environ['PATH']}"}
    full.update(env or {})
    if user is not None:
        command = [
            "runuser",
            "-u",
            user,
            "--",
            "env",
            *(f"{k}={v}" for k, v in full.items() if k in {"PATH", "HOME", "LANG"}),
            *command,
        ]
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600, env=full)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr


def _pupils_env() -> Path | None:
    """A pupils' environment with nbgrader that other system users may run, when root."""
    if os.geteuid() != 0 or not shutil.which("runuser") or not shutil.which("useradd"):
        return None
    env = Path(os.environ.get("ACELAB_PUPILS_ENV", "/opt/acelab-hub/venv"))
    nbgrader = env / "bin" / "nbgrader"
    if not nbgrader.exists():
        return None
    check = subprocess.run(
        ["runuser", "-u", "nobody", "--", str(env / "bin" / "python"), "-c", "import nbgrader"],
        capture_output=True,
    )
    return env if check.returncode == 0 else None


@contextmanager
def _pupils(root: Path, system: bool) -> Iterator[dict[str, Path]]:
    """Each pupil's home; as system users (made and always removed) when ``system``."""
    made: list[str] = []
    homes = {pupil: root / "homes" / pupil for pupil in ANSWERS}
    try:
        for pupil, home in homes.items():
            home.mkdir(parents=True)
            if system:
                subprocess.run(
                    ["useradd", "--no-create-home", "--home-dir", str(home), pupil], check=True
                )
                made.append(pupil)
                shutil.chown(home, pupil, pupil)
                home.chmod(0o700)
        yield homes
    finally:
        for pupil in made:
            subprocess.run(["userdel", pupil], check=False, capture_output=True)
        shutil.rmtree(root / "homes", ignore_errors=True)


@pytest.fixture
def open_root() -> Iterator[Path]:
    """A folder other system users may pass through (pytest's own tmp_path is inside folders
    only root may enter), removed after the test."""
    root = Path(tempfile.mkdtemp(prefix="acelab-exchange-", dir="/var/tmp"))
    try:
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.mark.soak  # 2-4 minutes: nbgrader runs every step of the cycle
def test_the_whole_exchange_cycle_for_two_pupils(open_root: Path, monkeypatch: pytest.MonkeyPatch):
    root = open_root
    root.chmod(0o755)
    exchange = root / "exchange"
    exchange.mkdir()
    exchange.chmod(0o777)  # nbgrader's documented exchange: chmod ugo+rw
    course = root / "course"
    write_nbgrader_sources(course)
    config = (
        "c = get_config()\n"
        f"c.CourseDirectory.course_id = {COURSE!r}\n"
        f"c.CourseDirectory.root = {str(course)!r}\n"
        f"c.Exchange.root = {str(exchange)!r}\n"
        "c.Execute.timeout = 300\n"
    )
    (course / "nbgrader_config.py").write_text(config, encoding="utf-8")
    teacher = [str(TOOLS / "nbgrader")]
    _run([*teacher, "generate_assignment", ASSIGNMENT, "--force"], course)
    _run([*teacher, "release_assignment", ASSIGNMENT, "--force"], course)

    env = _pupils_env()
    pupil_tool = [str(env / "bin" / "nbgrader")] if env else teacher
    flags = [f"--course={COURSE}", f"--Exchange.root={exchange}"]
    seed = 1
    questions = {q.id.removesuffix(f"-{seed}"): q for q in lesson(ASSIGNMENT).exercises(seed)}
    verdicts: dict[str, dict[str, list]] = {}
    with _pupils(root, system=env is not None) as homes:
        for pupil, home in homes.items():
            user = pupil if env else None
            named = [] if env else [f"--student={pupil}"]
            _run(
                [*pupil_tool, "fetch_assignment", ASSIGNMENT, *flags],
                home,
                user,
                {"HOME": str(home)},
            )
            folder = home / ASSIGNMENT
            assert (folder / f"{NOTEBOOK}.ipynb").is_file()
            # the pupil answers in their folder, as the answer box does
            from acelab.classroom.attempts import record_attempt

            monkeypatch.setenv("ACELAB_ANSWERS", str(folder))
            monkeypatch.setenv("ACELAB_LEARNER", pupil)
            monkeypatch.setenv("ACELAB_HOME", str(root / "stores" / pupil))
            verdicts[pupil] = {}
            for grade_id, texts in ANSWERS[pupil].items():
                for n, text in enumerate(texts, start=1):
                    verdict = questions[grade_id].check(text, n)
                    record_attempt(questions[grade_id].id, text, verdict)
                    verdicts[pupil].setdefault(grade_id, []).append(verdict)
            if env:
                subprocess.run(["chown", "-R", f"{pupil}:{pupil}", str(folder)], check=True)
            _run(
                [*pupil_tool, "submit", ASSIGNMENT, *flags, *named], home, user, {"HOME": str(home)}
            )

        inbound = sorted(p.name for p in (exchange / COURSE / "inbound").iterdir())
        assert [name.split("+")[0] for name in inbound] == sorted(ANSWERS)
        _run([*teacher, "collect", ASSIGNMENT], course)
        for pupil in ANSWERS:
            assert (course / "submitted" / pupil / ASSIGNMENT / ANSWER_FILE).is_file()
        _run([*teacher, "autograde", ASSIGNMENT, "--create", "--force"], course)
        _run([*teacher, "generate_feedback", ASSIGNMENT, "--force"], course)
        _run([*teacher, "release_feedback", ASSIGNMENT], course)
        for pupil, home in homes.items():
            user = pupil if env else None
            named = [] if env else [f"--student={pupil}"]
            _run(
                [*pupil_tool, "fetch_feedback", ASSIGNMENT, *flags, *named],
                home,
                user,
                {"HOME": str(home)},
            )
            pages = list((home / ASSIGNMENT / "feedback").rglob(f"{NOTEBOOK}.html"))
            assert len(pages) == 1, pupil
            page = pages[0].read_text(encoding="utf-8")
            last = verdicts[pupil]["poker-opening-damage"][-1]
            assert last.message.split(":")[0] in page

    # the marks: nbgrader's gradebook (exported), acelab's report and its gradebooks agree
    _run([*teacher, "export"], course)
    exported = list(csv.DictReader((course / "grades.csv").open(encoding="utf-8")))
    points = {
        c["metadata"]["nbgrader"]["grade_id"]: c["metadata"]["nbgrader"]["points"]
        for c in json.loads((course / "source" / ASSIGNMENT / f"{NOTEBOOK}.ipynb").read_text())[
            "cells"
        ]
        if c["metadata"].get("nbgrader", {}).get("grade")
    }
    expected = {
        pupil: sum(
            round(points[g] * score(((v.score, v.correct) for v in tried), DEFAULT), 6)
            for g, tried in verdicts[pupil].items()
        )
        for pupil in ANSWERS
    }
    got = {
        row["student_id"]: float(row["score"])
        for row in exported
        if row["assignment"] == ASSIGNMENT
    }
    assert got == pytest.approx(expected)
    assert expected["acelabm-ana"] == pytest.approx(1 + 1 + 0.9 + 0.5 + 1)

    from acelab.classroom.gradebooks import gradebook_rows
    from acelab.classroom.report import class_report

    report = class_report(course)
    assert {p: report.total(p, ASSIGNMENT) for p in ANSWERS} == pytest.approx(expected)
    _header, rows = gradebook_rows(report, "moodle")
    assert {str(r[0]): float(str(r[2])) for r in rows} == pytest.approx(expected)
    print("exchange cycle as", "system users" if env else "one system user", "; marks", expected)

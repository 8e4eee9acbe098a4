"""nbgrader on the class hub, end to end, from the pupils' own accounts (issue 23).

The real hub (deploy/hub/jupyterhub_config.py, its ``config.d/60-nbgrader.py``) as root on
127.0.0.1, each user's server as their own system user, the course set up as the teacher's guide
says (``acelab_hub.py teacher`` and ``acelab_hub.py course``). The teacher's server has the
formgrader; pupils' servers have the Assignments tab only. Step by step:

1. the teacher generates and releases the counting lesson, in a kernel of their own server;
2. pupils ana and ben, in Chromium, fetch it from their Assignments tab; ana answers in the
   notebook's answer boxes (right, wrong, right in an unusual form), ben through the answer box in
   his own kernel; both submit from the tab; cal and dee do the same with nbgrader's commands in
   their own kernels, but cal changes a verdict in his answer file and dee deletes hers;
3. from inside ana's kernel: the exchange's inbound folder cannot be listed, ben's home and his
   copy of the lesson cannot be read; cal submits again under ben's name (nbgrader lets anybody
   say any student id): the teacher's collect leaves it out, in a sentence, and takes ben's own;
4. the teacher collects, autogrades, generates and releases feedback, and exports;
5. each pupil fetches their feedback (ana from the tab) and reads their own marks only;
6. ``nbgrader export``, nbgrader's gradebook, the class report and acelab's gradebooks give the
   marks the marking policy gives (a penalty of 0.1 per wrong try), cal's changed verdict earns
   nothing and is said in one sentence, dee's missing answer file is said in one sentence.

Everything made (system users, homes, the exchange, the course) is in the hub's base folder or
is a test user, and is removed when the test ends, whatever happens (tests/browser/hub.py).
"""

from __future__ import annotations

import csv
import io
import json
import os
import pwd
import re
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from acelab.classroom.marking import ANSWER_FILE
from acelab.classroom.policy import DEFAULT, score
from acelab.teaching.exercises import lesson
from tests.browser.conftest import screenshot
from tests.browser.hub import (
    HUB,
    PUPILS_VENV,
    TOKEN,
    USER_PREFIX,
    Hub,
    free_port,
    missing,
    running_hub,
)

pytestmark = [pytest.mark.browser, pytest.mark.soak]
COURSE, ASSIGNMENT, NOTEBOOK, SEED = "acelabt", "counting", "lesson_counting", 1
TEACHER = ("mrsq", "a-teacher-password-1")
PUPILS = ["ana", "ben", "cal", "dee"]
BROWSER_PUPILS = ["ana", "ben"]
# pupil -> grade_id -> what they type, oldest first: right, wrong, right in unusual forms,
# right at the second try
ANSWERS: dict[str, dict[str, list[str]]] = {
    "ana": {
        "poker-opening-damage": ["9"],  # right
        "poker-spade-pairs": ["20"],  # wrong (the ordered count)
        "poker-ordered-three": ["132 600"],  # right, with a space for thousands
    },
    "ben": {"poker-opening-damage": ["1", "9"], "poker-five-card-hands": ["52!/(5!47!)"]},
    "cal": {"poker-opening-damage": ["4"], "poker-spade-pairs": ["20"]},
    "dee": {"poker-opening-damage": ["9"]},
}
# how ana's boxes read in the notebook: the question's words, as check() finds each box
BOX_TEXT = {
    "poker-opening-damage": "damage",
    "poker-spade-pairs": "pairs",
    "poker-ordered-three": "order",
}


@pytest.fixture(scope="module")
def hub(chromium_path: str) -> Iterator[Hub]:
    why = missing()
    if not why and not (PUPILS_VENV / "bin" / "nbgrader").exists():
        why = f"nbgrader is not in the pupils' environment {PUPILS_VENV} (make hub, as root)"
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{why}; make soak installs everything, as root.")
        pytest.skip(why)
    extra = {"ACELAB_HUB_COURSE": COURSE}  # the exchange: {base}/srv/exchange (running_hub)
    with running_hub(
        free_port(), [*PUPILS, TEACHER[0]], teacher=TEACHER, extra_env=extra
    ) as running:
        yield running
    assert not [e.pw_name for e in pwd.getpwall() if e.pw_dir.startswith(str(running.base))]
    assert not running.base.exists()


def as_user(hub: Hub, user: str, code: str, timeout: float = 600) -> str:
    """Run ``code`` in a kernel of ``user``'s own server (their system user); its output."""
    return hub.run_in_kernel(user, code, timeout=timeout)


def nbgrader(*arguments: str, cwd: str = "~") -> str:
    """Kernel code running one nbgrader command in ``cwd`` and printing what it said; an
    nbgrader that fails raises (and the test with it)."""
    return (
        "import os, subprocess\n"
        f"done = subprocess.run(['nbgrader', *{list(arguments)!r}], capture_output=True, "
        f"text=True, cwd=os.path.expanduser({cwd!r}))\n"
        "print(done.stdout + done.stderr)\n"
        "assert done.returncode == 0, done.stdout + done.stderr\n"
    )


def answer_in_kernel(grade_ids: dict[str, list[str]]) -> str:
    """Kernel code answering through acelab's answer box in the fetched lesson's folder."""
    return (
        "import os\n"
        f"os.chdir(os.path.expanduser('~/{ASSIGNMENT}'))\n"
        "from acelab.teaching.exercises import lesson\n"
        "from acelab.widgets.answer import AnswerBox\n"
        f"questions = {{q.id.removesuffix('-{SEED}'): q for q in "
        f"lesson({ASSIGNMENT!r}).exercises({SEED})}}\n"
        f"for grade_id, typed in {grade_ids!r}.items():\n"
        "    box = AnswerBox(questions[grade_id])\n"
        "    for text in typed:\n"
        "        print(grade_id, text, box.answer(text).correct)\n"
    )


def log_in(page, hub: Hub, user: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{hub.url}/hub/login")
    page.locator("#username_input").fill(user)
    page.locator("#password_input").fill("anything")
    page.locator("#login_submit").click()
    page.wait_for_url(f"{hub.url}/user/{user}/lab**", timeout=180_000)
    page.locator(".jp-LauncherCard").first.wait_for(timeout=180_000)


def open_assignments(page) -> None:  # type: ignore[no-untyped-def]
    """The Assignments tab, from nbgrader's menu, as a pupil opens it."""
    page.locator("div.lm-MenuBar-itemLabel", has_text="Nbgrader").click()
    page.locator('li[data-command="nbgrader:open-assignment-list"]').click()
    page.locator("#released_assignments_list").wait_for()


def assignment_row(page, listed: str):  # type: ignore[no-untyped-def]
    """The row of the counting lesson in the ``listed`` list (released, fetched, submitted)."""
    page.locator("#refresh_assignments_list").click()
    row = page.locator(f"#{listed}_assignments_list > .list_item", has_text=ASSIGNMENT).first
    row.wait_for(timeout=60_000)
    return row


def check_box(page, words: str, typed: str) -> None:  # type: ignore[no-untyped-def]
    box = page.locator(".acelab-answer", has_text=words).first
    box.scroll_into_view_if_needed()
    box.locator("input").fill(typed)
    box.get_by_role("button", name="Check").click()
    box.locator(".acelab-message-success, .acelab-message-error").first.wait_for()


def served(hub: Hub, user: str, path: str) -> int:
    """The status of ``path`` of ``user``'s server, asked with the test's token."""
    request = urllib.request.Request(
        f"{hub.url}/user/{user}/{path}", headers={"Authorization": f"token {TOKEN}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def page_config(hub: Hub, user: str) -> dict:  # type: ignore[type-arg]
    """JupyterLab's page configuration of ``user``'s server (its disabled extensions)."""
    request = urllib.request.Request(
        f"{hub.url}/user/{user}/lab", headers={"Authorization": f"token {TOKEN}"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        text = response.read().decode()
    found = re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', text, re.DOTALL)
    assert found, text[:500]
    return dict(json.loads(found.group(1)))


def test_a_lesson_goes_round_nbgrader_s_whole_cycle_on_the_hub(hub, browser):
    teacher = TEACHER[0]
    for user in [teacher, *PUPILS]:
        hub.start_server(user)
        hub.lab_settings(user)
    course = hub.home(teacher) / "course"
    made = os.popen(
        f"ACELAB_HUB_HOMES={hub.homes} ACELAB_HUB_USER_PREFIX={USER_PREFIX} "
        f"{PUPILS_VENV / 'bin' / 'python'} {HUB / 'acelab_hub.py'} course {teacher} 2>&1"
    ).read()
    assert f"The course folder of {teacher} is {course}" in made, made
    assert (course / "source" / ASSIGNMENT / f"{NOTEBOOK}.ipynb").is_file()
    assert course.stat().st_mode & 0o777 == 0o700
    assert course.stat().st_uid == pwd.getpwnam(f"{USER_PREFIX}{teacher}").pw_uid
    exchange = hub.base / "srv" / "exchange"
    assert exchange.stat().st_mode & 0o7777 == 0o1777  # nbgrader's ugo+rw, and sticky

    # The teacher's server has the formgrader; a pupil's has the Assignments tab only.
    assert served(hub, teacher, "formgrader") == 200
    assert served(hub, "ana", "formgrader") == 404
    disabled = page_config(hub, "ana")["disabledExtensions"]
    for part in ("formgrader", "course-list", "create-assignment"):
        assert f"@jupyter/nbgrader:{part}" in disabled, disabled
    assert "@jupyter/nbgrader:assignment-list" not in disabled
    assert not {d for d in page_config(hub, teacher)["disabledExtensions"] if "nbgrader" in d}

    # 1. The teacher generates and releases the lesson.
    as_user(
        hub,
        teacher,
        nbgrader("generate_assignment", ASSIGNMENT, "--force", cwd="~/course")
        + nbgrader("release_assignment", ASSIGNMENT, "--force", cwd="~/course"),
    )

    # 2. ana and ben fetch it from the Assignments tab; ana answers in the notebook, ben in his
    # kernel; both submit from the tab.
    pages = {}
    for pupil in BROWSER_PUPILS:
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(120_000)
        log_in(page, hub, pupil)
        open_assignments(page)
        assignment_row(page, "released").locator(".item_status button", has_text="Fetch").click()
        assignment_row(page, "fetched")
        screenshot(page, f"hub_nbgrader_{pupil}_fetched")
        pages[pupil] = page
    assert (hub.home("ana") / ASSIGNMENT / f"{NOTEBOOK}.ipynb").is_file()

    from tests.browser.conftest import open_notebook_and_run_all

    page = pages["ana"]
    open_notebook_and_run_all(page, f"{hub.url}/user/ana", f"{ASSIGNMENT}/{NOTEBOOK}.ipynb")
    questions = {q.id.removesuffix(f"-{SEED}"): q for q in lesson(ASSIGNMENT).exercises(SEED)}
    for grade_id, typed in ANSWERS["ana"].items():
        words = " ".join(questions[grade_id].question.split()[:6])
        for text in typed:
            check_box(page, words, text)
    screenshot(page, "hub_nbgrader_ana_answered")
    as_user(hub, "ben", answer_in_kernel(ANSWERS["ben"]))
    for pupil in BROWSER_PUPILS:
        page = pages[pupil]
        page.goto(f"{hub.url}/user/{pupil}/lab")
        open_assignments(page)
        row = assignment_row(page, "fetched")
        row.locator(".item_status button", has_text="Submit").click()
        assignment_row(page, "submitted")
        screenshot(page, f"hub_nbgrader_{pupil}_submitted")

    # cal and dee with nbgrader's own commands in their kernels; cal makes his wrong first try
    # "correct" with full marks in the answer file, dee deletes her answer file.
    # (one kernel each: a kernel's start is the slow part on a busy machine)
    tamper = (
        "import json, os\n"
        f"path = os.path.expanduser('~/{ASSIGNMENT}/{ANSWER_FILE}')\n"
        "data = json.load(open(path))\n"
        "for attempt in data['attempts']:\n"
        "    attempt['score'], attempt['correct'] = 1.0, True\n"
        "json.dump(data, open(path, 'w'))\n"
    )
    delete = f"import os; os.remove(os.path.expanduser('~/{ASSIGNMENT}/{ANSWER_FILE}'))\n"
    fetch, submit = nbgrader("fetch_assignment", ASSIGNMENT), nbgrader("submit", ASSIGNMENT)
    # cal then submits his work again under ben's name, as nbgrader's exchange lets anybody do
    as_user(
        hub,
        "cal",
        fetch + answer_in_kernel(ANSWERS["cal"]) + tamper + submit
        + nbgrader("submit", ASSIGNMENT, "--student=ben"),
    )  # fmt: skip
    as_user(hub, "dee", fetch + answer_in_kernel(ANSWERS["dee"]) + delete + submit)
    inbound = exchange / COURSE / "inbound"
    names = sorted(p.name.split("+")[0] for p in inbound.iterdir())
    assert names == ["ana", "ben", "ben", "cal", "dee"]  # hub names, and cal's "ben"

    # 3. From ana's kernel: nobody else's submission can be found or read.
    ben_copy = hub.home("ben") / ASSIGNMENT / ANSWER_FILE
    probed = as_user(
        hub,
        "ana",
        "import json, os\n"
        "found = {}\n"
        f"folders = {{'inbound': {str(inbound)!r}, 'ben': {str(hub.home('ben'))!r}}}\n"
        "for name, path in folders.items():\n"
        "    try: found[name] = os.listdir(path)\n"
        "    except OSError as error: found[name] = type(error).__name__\n"
        "try: found['ben_answers'] = open(" + repr(str(ben_copy)) + ").read()\n"
        "except OSError as error: found['ben_answers'] = type(error).__name__\n"
        "found['own'] = sorted(os.listdir(os.path.expanduser('~/counting')))\n"
        "print(json.dumps(found))\n",
    )
    found = json.loads(probed)
    assert found["inbound"] == "PermissionError"
    assert found["ben"] == "PermissionError"
    assert found["ben_answers"] == "PermissionError"
    assert ANSWER_FILE in found["own"]  # the probe can succeed

    # 4. The teacher collects, autogrades, makes and releases the feedback, and exports.
    collected = as_user(hub, teacher, nbgrader("collect", ASSIGNMENT, cwd="~/course"))
    assert f"says it is ben's but {USER_PREFIX}cal made it, so it is not collected" in collected
    ben_kept = json.loads((course / "submitted" / "ben" / ASSIGNMENT / ANSWER_FILE).read_text())
    assert {a["learner"] for a in ben_kept["attempts"]} == {"ben"}  # ben's own, not cal's
    steps = (
        ("autograde", ASSIGNMENT, "--create", "--force"),
        ("generate_feedback", ASSIGNMENT, "--force"),
        ("release_feedback", ASSIGNMENT),
        ("export",),
    )
    said = as_user(hub, teacher, "".join(nbgrader(*step, cwd="~/course") for step in steps))
    for pupil in PUPILS:
        assert (course / "submitted" / pupil / ASSIGNMENT).is_dir(), said

    # 5. Each pupil fetches their feedback (ana from the tab) and sees their own marks only.
    page = pages["ana"]
    page.goto(f"{hub.url}/user/ana/lab")
    open_assignments(page)
    row = assignment_row(page, "submitted")
    row.locator("button", has_text="Fetch Feedback").click()
    feedback = hub.home("ana") / ASSIGNMENT / "feedback"
    for _ in range(120):  # the tab's fetch ends with the feedback in ana's home
        if list(feedback.rglob(f"{NOTEBOOK}.html")):
            break
        page.wait_for_timeout(500)
    screenshot(page, "hub_nbgrader_ana_feedback")
    for pupil in ("ben", "cal", "dee"):
        as_user(hub, pupil, nbgrader("fetch_feedback", ASSIGNMENT))
    for context_page in pages.values():
        context_page.context.close()
    pages_seen = {}
    for pupil in PUPILS:
        found_pages = list((hub.home(pupil) / ASSIGNMENT / "feedback").rglob(f"{NOTEBOOK}.html"))
        assert len(found_pages) == 1, pupil
        pages_seen[pupil] = found_pages[0].read_text(encoding="utf-8")
        for other in set(PUPILS) - {pupil}:
            assert f"{other} answered" not in pages_seen[pupil], (pupil, other)
    assert "ana answered '9'" in pages_seen["ana"]

    # 6. The marks: the policy's, the same everywhere.
    points = {
        c["metadata"]["nbgrader"]["grade_id"]: c["metadata"]["nbgrader"]["points"]
        for c in json.loads((course / "source" / ASSIGNMENT / f"{NOTEBOOK}.ipynb").read_text())[
            "cells"
        ]
        if c["metadata"].get("nbgrader", {}).get("grade")
    }
    verdicts = {
        pupil: {
            grade_id: [questions[grade_id].check(text, n) for n, text in enumerate(typed, 1)]
            for grade_id, typed in answers.items()
        }
        for pupil, answers in ANSWERS.items()
    }
    expected = {
        pupil: {
            g: round(points[g] * score(((v.score, v.correct) for v in tried), DEFAULT), 6)
            for g, tried in verdicts[pupil].items()
        }
        for pupil in PUPILS
    }
    expected["dee"] = {}  # her answer file is gone: nothing to mark
    totals = {pupil: sum(marks.values()) for pupil, marks in expected.items()}
    # ana: right, wrong, right in an unusual form; ben: right at the second try, and 52!/(5!47!)
    assert expected["ana"] == {
        "poker-opening-damage": points["poker-opening-damage"],
        "poker-spade-pairs": 0,
        "poker-ordered-three": points["poker-ordered-three"],
    }
    assert expected["ben"] == pytest.approx(
        {
            "poker-opening-damage": 0.9 * points["poker-opening-damage"],
            "poker-five-card-hands": points["poker-five-card-hands"],
        }
    )
    assert totals["cal"] == 0  # his "correct" verdicts are not acelab's: both wrong
    grades = list(csv.DictReader(io.StringIO((course / "grades.csv").read_text())))
    exported = {r["student_id"]: float(r["score"]) for r in grades if r["assignment"] == ASSIGNMENT}
    assert exported == pytest.approx(totals)

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for pupil in PUPILS:
            got = {g: gradebook.find_grade(g, NOTEBOOK, ASSIGNMENT, pupil).score for g in points}
            assert got == {g: expected[pupil].get(g, 0) for g in points}, pupil

    from acelab.classroom.gradebooks import gradebook_rows
    from acelab.classroom.report import class_report

    report = class_report(course)
    assert {p: report.total(p, ASSIGNMENT) for p in PUPILS} == pytest.approx(totals)
    _header, rows = gradebook_rows(report, "moodle")
    assert {str(r[0]): float(str(r[2])) for r in rows} == pytest.approx(totals)
    said = [p for p in report.problems if "cal" in p]
    assert len(said) == 1 and "acelab's check counts" in said[0], report.problems
    said = [p for p in report.problems if "dee" in p]
    assert len(said) == 1 and "has no answer file" in said[0], report.problems
    assert "the answer file said otherwise; acelab's check counts" in pages_seen["cal"]
    assert f"The answer file {ANSWER_FILE} is missing" in pages_seen["dee"]
    print("marks on the hub:", totals)

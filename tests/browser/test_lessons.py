"""Lessons in a real browser: student editions show no answer and record attempts; the
unplugged sheet prints on A4 and Letter."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import (
    _isolated_jupyter_env,
    _stop,
    _wait_for,
    assert_no_broken_widgets,
    free_port,
    open_notebook_and_run_all,
    screenshot,
)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHEET = ROOT / "docs" / "teachers" / "unplugged.html"
LESSONS = ROOT / "lessons"
ANSWER_TEXTS = ("Answer:", "the checker says", "Teacher note", "Teacher edition")


@pytest.fixture(scope="module")
def learner_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The progress store folder the JupyterLab kernels write attempts to."""
    return tmp_path_factory.mktemp("acelab-home")


@pytest.fixture(scope="module")
def lab_with_store(
    chromium_path: str,
    notebooks_copy: Path,
    learner_home: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[str]:
    """A JupyterLab like the shared fixture's, with ACELAB_HOME set to a temporary folder."""
    home = tmp_path_factory.mktemp("jupyter-home-lessons")
    env = _isolated_jupyter_env(home)
    env["ACELAB_HOME"] = str(learner_home)
    port = free_port()
    log = home / "lab.log"
    command = [
        sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser", "--ip=127.0.0.1",
        f"--port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
        "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={notebooks_copy}",
    ]  # fmt: skip
    with log.open("wb") as sink:
        process = subprocess.Popen(command, env=env, stdout=sink, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(f"{base}/api/status", 60, process, log)
        _wait_for(f"{base}/lab", 60, process, log)
        yield base
    finally:
        _stop(process)


def _answer_box(page, text: str):  # type: ignore[no-untyped-def]
    box = page.locator(".acelab-answer", has_text=text).first
    box.scroll_into_view_if_needed()
    return box


def test_the_ace_pilot_student_edition_shows_no_answer_and_records_attempts(
    page, lab_with_store, learner_home
):
    open_notebook_and_run_all(page, lab_with_store, "ace_pilot/lesson.ipynb")
    boxes = page.locator(".acelab-answer")
    assert boxes.count() == 10
    text = page.locator(".jp-Notebook").inner_text()
    for shown in ANSWER_TEXTS:
        assert shown not in text, f"the student edition shows {shown!r}"
    assert page.locator(".acelab-message-success").count() == 0
    assert page.locator("mjx-container").count() > 0  # worked examples are typeset
    assert_no_broken_widgets(page)

    box = _answer_box(page, "The rulebook says Cam(2, 4)")
    box.get_by_role("button", name="Check").click()  # on an empty box: a sentence, no attempt
    box.locator(".acelab-message-warning", has_text="The box is empty").wait_for()
    box.locator("input").fill("10")
    box.get_by_role("button", name="Check").click()
    box.locator(".acelab-message-error", has_text="the rulebook's number").wait_for()
    box.locator("input").fill("12")
    box.locator("input").press("Enter")
    box.locator(".acelab-message-success").wait_for()
    screenshot(page, "ace_pilot_lesson_answer")

    from acelab.store import open_store

    attempts = open_store(learner_home).attempts("ace-pilot-misprint-1")
    assert [(a.answer, a.correct) for a in attempts] == [("10", False), ("12", True)]
    assert attempts[0].score == 0 and attempts[1].score == 1


def test_the_counting_student_edition_shows_no_answer(page, lab_with_store):
    # The probability lesson's student edition is checked the same way without a browser
    # (tests/lessons) and run by nbval; one poker lesson here keeps the browser budget small.
    open_notebook_and_run_all(page, lab_with_store, "ace_of_spades/lesson_counting.ipynb")
    assert page.locator(".acelab-answer").count() == 10
    text = page.locator(".jp-Notebook").inner_text()
    for shown in ANSWER_TEXTS:
        assert shown not in text
    assert page.locator(".acelab-hand svg.acelab-card").count() == 8
    assert page.locator(".jp-RenderedMarkdown table").count() >= 1
    assert_no_broken_widgets(page)
    first = page.locator(".acelab-answer").nth(1)
    first.scroll_into_view_if_needed()
    first.locator("input").fill("20")
    first.get_by_role("button", name="Check").click()
    first.locator(".acelab-message-error", has_text="the same hand").wait_for()
    page.locator(".acelab-answer").nth(8).scroll_into_view_if_needed()
    screenshot(page, "poker_counting_lesson")


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_unplugged_sheet_prints_one_page_per_lesson(page, paper, tmp_path):
    page.goto(SHEET.as_uri())
    page.emulate_media(media="print")
    sheets = page.locator("section.sheet")
    lessons = len(list(LESSONS.rglob("*.ipynb")))
    assert sheets.count() == lessons, "one unplugged sheet per lesson"
    clipped = sheets.evaluate_all(
        "sheets => sheets.filter(s => s.scrollHeight > s.clientHeight + 1 || "
        "s.scrollWidth > s.clientWidth + 1).map(s => s.id)"
    )
    assert clipped == [], f"content does not fit on the sheet: {clipped}"
    pdf = page.pdf(format=paper, print_background=True)
    (tmp_path / f"unplugged-{paper}.pdf").write_bytes(pdf)
    assert pdf.startswith(b"%PDF") and _pdf_pages(pdf) == lessons
    # a negative control: squeezed onto a small page, the same sheets need more pages
    assert _pdf_pages(page.pdf(format="A6")) > lessons

"""A real JupyterHub for a class (issues 17, 23): deploy/hub/jupyterhub_config.py as root on
127.0.0.1 with dummy logins (tests only), each pupil's server as their own system user, two pupils
log in, the pupils' edition (``make class``'s folder) arrives
by an nbgitpuller link (from a local git repository: no network here), no teacher edition reaches a
pupil's home, a lesson opened through the hub, an answer checked in Chromium, and the class report
finds it, recorded under the hub's user name."""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import quote

import pytest

from tests.browser.conftest import open_notebook_and_run_all, screenshot
from tests.browser.hub import Hub, class_repo, free_port, needs_the_hub, running_hub

pytestmark = [pytest.mark.browser, pytest.mark.soak]
PUPILS = ["amir", "beth"]
LESSON = "ace_pilot/lesson.ipynb"


@pytest.fixture(scope="module")
def hub(chromium_path: str) -> Iterator[Hub]:
    needs_the_hub()
    with running_hub(free_port(), PUPILS) as running:
        for pupil in PUPILS:  # the server first, to give it JupyterLab settings for the test
            running.start_server(pupil)
            running.lab_settings(pupil)
        yield running


def log_in(page, hub: Hub, pupil: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{hub.url}/hub/login")
    page.locator("#username_input").fill(pupil)
    page.locator("#password_input").fill("anything")
    page.locator("#login_submit").click()
    page.wait_for_url(f"{hub.url}/**", timeout=180_000)


def check(page, question: str, typed: str, verdict: str) -> None:  # type: ignore[no-untyped-def]
    box = page.locator(".acelab-answer", has_text=question).first
    box.scroll_into_view_if_needed()
    box.locator("input").fill(typed)
    box.get_by_role("button", name="Check").click()
    box.locator(f".acelab-message-{verdict}").wait_for()


def test_two_pupils_on_the_hub_answer_and_the_class_report_finds_it(hub, browser):
    repo = class_repo(hub.base)  # where pupils (their own system users) can read it
    seen = {}
    for pupil, typed, verdict in (("amir", "12", "success"), ("beth", "10", "error")):
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(120_000)
        log_in(page, hub, pupil)
        # The guide's nbgitpuller link, with a local repository path in place of a GitHub URL.
        link = (
            f"{hub.url}/hub/user-redirect/git-pull?repo={quote(str(repo))}&branch=main"
            f"&targetpath=class&urlpath={quote(f'lab/tree/class/{LESSON}')}"
        )
        page.goto(link)
        page.wait_for_url(f"**/user/{pupil}/lab/tree/class/**", timeout=180_000)
        open_notebook_and_run_all(page, f"{hub.url}/user/{pupil}", f"class/{LESSON}")
        check(page, "The rulebook says Cam(2, 4)", typed, verdict)
        screenshot(page, f"hub_{pupil}_lesson")
        seen[pupil] = page.url
        context.close()

    from acelab.classroom.report import class_report
    from acelab.store import open_store

    for pupil in PUPILS:
        pulled = hub.home(pupil) / "class"
        assert (pulled / LESSON).exists()
        assert (pulled / "requirements.txt").exists()  # make class's folder, not notebooks/
        for notebook in pulled.rglob("*.ipynb"):  # no teacher edition reaches a pupil's home
            assert "teachers" not in notebook.relative_to(pulled).parts, notebook
            meta = json.loads(notebook.read_text(encoding="utf-8"))["metadata"]
            assert meta.get("acelab", {}).get("edition") != "teacher", notebook
        attempts = open_store(hub.home(pupil) / ".acelab").attempts("ace-pilot-misprint-1")
        assert [a.learner for a in attempts] == [pupil]  # JUPYTERHUB_USER names the learner
    report = class_report(hub.homes)
    assert report.pupils == tuple(PUPILS), report.problems
    assert report.grid["amir"] == {"ace-pilot-misprint": "✔"}
    assert report.grid["beth"] == {"ace-pilot-misprint": "✖"}
    row = next(r for r in report.exercises if r.key == "ace-pilot-misprint")
    assert (row.answered, row.first_time, row.eventually) == (2, 1, 1)
    assert all(f"/user/{p}/" in seen[p] for p in PUPILS)

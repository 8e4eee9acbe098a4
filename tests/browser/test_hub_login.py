"""The class hub's real login in Chromium (issue 23): NativeAuthenticator on JupyterHub 5.5.0 as
deploy/hub/jupyterhub_config.py sets it up, the teacher's account made beforehand with the
documented set-up command. Step by step as docs/teachers/class.md shows it: a pupil signs up,
cannot log in before the teacher approves, the teacher logs in and approves on /hub/authorize, a
wrong password is refused, the pupil logs in and their own server starts; a name taken by the
teacher, a name with a space or an accent and a pupil never approved each get a sentence.
Screenshots in tests/browser/artifacts/hub_login_*.png."""

from __future__ import annotations

import pwd
from collections.abc import Iterator

import pytest

from tests.browser.conftest import screenshot
from tests.browser.hub import USER_PREFIX, Hub, free_port, needs_the_hub, running_hub

pytestmark = [pytest.mark.browser, pytest.mark.soak]
TEACHER = ("teacher", "a-teacher-password-1")
PUPIL_PASSWORD = "river-maths-42"


@pytest.fixture(scope="module")
def hub(chromium_path: str) -> Iterator[Hub]:
    needs_the_hub()
    with running_hub(free_port(), ["dana", TEACHER[0]], dummy=False, teacher=TEACHER) as running:
        yield running


def sign_up(page, hub: Hub, name: str, password: str) -> str:  # type: ignore[no-untyped-def]
    page.goto(f"{hub.url}/hub/signup")
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill(password)
    page.locator("#password_confirmation_input").fill(password)
    with page.expect_navigation():
        page.locator("#signup_submit").click()
    return str(page.locator(".alert").inner_text()).strip()


def log_in(page, hub: Hub, name: str, password: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{hub.url}/hub/login")
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill(password)
    with page.expect_navigation():
        page.locator("#login_submit").click()


def login_error(page) -> str:  # type: ignore[no-untyped-def]
    return str(page.locator(".login_error").inner_text()).strip()


def test_sign_up_approval_and_login_as_the_teacher_s_guide_shows_them(hub, browser):
    pupil = browser.new_context(viewport={"width": 1000, "height": 700})
    page = pupil.new_page()
    page.set_default_timeout(120_000)

    # 1. The pupil signs up (capitals are kept as small letters).
    said = sign_up(page, hub, "Dana", PUPIL_PASSWORD)
    assert said == "Your information has been sent to the admin."
    screenshot(page, "hub_login_1_signed_up")

    # Names that cannot be had, each refused in a sentence; nothing made.
    said = sign_up(page, hub, "teacher", "someone-else-9")
    assert said == "This name is taken: choose another one."  # the teacher's, claimed at set-up
    said = sign_up(page, hub, "Zoë Smith", PUPIL_PASSWORD)
    assert said.startswith("'Zoë Smith' cannot be a name here. A name is 1 to 24 letters a-z")
    screenshot(page, "hub_login_2_name_refused")
    said = sign_up(page, hub, "../etc", PUPIL_PASSWORD)
    assert "cannot be a name here" in said
    said = sign_up(page, hub, "eli", "short")
    assert said == "The password needs at least 8 characters, and not a common one."

    # 2. Before the teacher approves: refused, in a sentence.
    log_in(page, hub, "dana", PUPIL_PASSWORD)
    assert login_error(page) == "User dana has not been authorized by an administrator yet."
    screenshot(page, "hub_login_3_not_approved_yet")

    # 3. The teacher logs in and approves Dana on the approval page.
    teacher = browser.new_context(viewport={"width": 1000, "height": 700})
    tpage = teacher.new_page()
    tpage.set_default_timeout(180_000)
    log_in(tpage, hub, *TEACHER)
    tpage.wait_for_url(f"{hub.url}/user/{TEACHER[0]}/**")
    tpage.goto(f"{hub.url}/hub/authorize")
    row = tpage.locator("tr#dana")
    assert "Authorize" in row.inner_text()
    screenshot(tpage, "hub_login_4_approval_page")
    row.get_by_role("button", name="Authorize").click()
    tpage.locator("tr#dana.success").wait_for()
    screenshot(tpage, "hub_login_5_approved")
    teacher.close()

    # 4. A wrong password: refused, in a sentence.
    log_in(page, hub, "dana", "not-her-password")
    assert login_error(page) == "Invalid username or password."
    screenshot(page, "hub_login_6_wrong_password")

    # 5. The right one (typed with a capital): Dana's own server, as her own system user.
    log_in(page, hub, "Dana", PUPIL_PASSWORD)
    page.wait_for_url(f"{hub.url}/user/dana/lab**", timeout=180_000)
    page.locator(".jp-LauncherCard").first.wait_for(timeout=180_000)
    screenshot(page, "hub_login_7_logged_in")
    assert pwd.getpwnam(f"{USER_PREFIX}dana").pw_dir == str(hub.home("dana"))

    # 6. A second login from another browser reaches the same server.
    other = browser.new_context()
    second = other.new_page()
    log_in(second, hub, "dana", PUPIL_PASSWORD)
    second.wait_for_url(f"{hub.url}/user/dana/lab**", timeout=180_000)
    other.close()
    pupil.close()


def test_a_pupil_the_teacher_never_approved_is_refused_in_a_sentence(hub, browser):
    context = browser.new_context()
    page = context.new_page()
    assert sign_up(page, hub, "farid", PUPIL_PASSWORD) == (
        "Your information has been sent to the admin."
    )
    log_in(page, hub, "farid", PUPIL_PASSWORD)
    assert login_error(page) == "User farid has not been authorized by an administrator yet."
    log_in(page, hub, "farid", "a-guess-at-it")  # a wrong password says nothing more
    assert login_error(page) == "Invalid username or password."
    with pytest.raises(KeyError):
        pwd.getpwnam(f"{USER_PREFIX}farid")  # no system user for a pupil never let in
    context.close()


def test_the_hub_will_not_start_before_the_teacher_is_set_up(chromium_path):
    needs_the_hub()
    with pytest.raises(RuntimeError, match="The hub stopped") as stopped:  # noqa: SIM117
        with running_hub(free_port(), [], dummy=False):
            pass
    assert "No teacher is set up for this hub: run" in str(stopped.value)
    assert "deploy/hub/acelab_hub.py teacher NAME" in str(stopped.value)

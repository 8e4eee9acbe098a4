"""Pupils kept apart on the class hub, tried from a pupil's side (issue 23): the real hub
(deploy/hub/jupyterhub_config.py) as root on 127.0.0.1, two pupils' servers as their own system
users, and from inside pupil A's own kernel (code sent over the kernel protocol, as JupyterLab
sends a cell) every way at B's work, B's token, the hub's secrets, the teacher's material and the
answer keys: each must fail. Positive controls (A reads its own files, B its own token) show the
probes can succeed, so the test can fail. Every system user and home it made is removed, even
when it fails (tests/browser/hub.py)."""

from __future__ import annotations

import json
import os
import pwd
import stat
import urllib.error
from collections.abc import Iterator
from urllib.parse import quote

import pytest

from tests.browser.hub import ROOT, USER_PREFIX, Hub, free_port, needs_the_hub, running_hub

pytestmark = pytest.mark.soak
PUPILS = ["amira", "ben"]

# Run in a pupil's kernel: each probe is a name and a bit of code; the answer is "ok" and what
# the code returned, or the error's type.
PROBE = """
import json, os, pathlib, subprocess, sys
def probe(name, action):
    try:
        found[name] = ["ok", repr(action())[:200]]
    except Exception as error:
        found[name] = [type(error).__name__, str(error)[:200]]
found = {}
"""


def probes(checks: dict[str, str]) -> str:
    """Kernel code trying each of ``checks`` (name -> expression) and printing the results."""
    lines = [PROBE]
    lines += [f"probe({name!r}, lambda: {code})" for name, code in checks.items()]
    lines.append("print(json.dumps(found))")
    return "\n".join(lines)


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    needs_the_hub()
    with running_hub(free_port(), PUPILS) as running:
        for pupil in PUPILS:
            running.start_server(pupil)
        yield running
    # the fixture's finaliser: nothing of the test's is left on the machine
    assert not [e.pw_name for e in pwd.getpwall() if e.pw_dir.startswith(str(running.base))]
    assert not running.base.exists()


@pytest.fixture(scope="module")
def ben(hub: Hub) -> dict:
    """B's work, made from B's own kernel: a store with an attempt, an answer file; B's pids,
    and B's own token read from its own environment (the positive control)."""
    code = """
import json, os, pathlib
from acelab.store import open_store
store = open_store()
home = pathlib.Path.home()
(home / "class").mkdir(exist_ok=True)
(home / "class" / "acelab-answers.json").write_text('{"answers": []}')
environ = open("/proc/self/environ", "rb").read()
from ipykernel.connect import get_connection_file, get_connection_info
print(json.dumps({"kernel": os.getpid(), "server": os.getppid(), "home": str(home),
    "store": str(store.path), "token": b"JUPYTERHUB_API_TOKEN=" in environ,
    "connection": get_connection_file(),
    "transport": json.loads(get_connection_info())["transport"]}))
"""
    return json.loads(hub.run_in_kernel("ben", code, keep=True).strip().splitlines()[-1])


def test_each_pupil_runs_as_their_own_system_user_with_a_private_home(hub, ben):
    for pupil in PUPILS:
        entry = pwd.getpwnam(f"{USER_PREFIX}{pupil}")
        home = hub.home(pupil)
        assert entry.pw_dir == str(home)
        assert stat.S_IMODE(home.stat().st_mode) == 0o700
        assert home.stat().st_uid == entry.pw_uid != 0
    assert ben["home"] == str(hub.home("ben"))
    assert ben["store"].startswith(ben["home"])  # acelab's store is in B's home
    assert ben["token"]  # B reads its own environment: the probe below can succeed
    assert pwd.getpwuid(os.stat(f"/proc/{ben['kernel']}").st_uid).pw_name == f"{USER_PREFIX}ben"


def test_a_pupil_s_kernel_talks_to_their_server_over_sockets_in_their_own_home(ben):
    # no TCP port of 127.0.0.1 to race for when a class starts its kernels at once, and none
    # another user could connect to
    assert ben["transport"] == "ipc"
    assert ben["connection"].startswith(f"{ben['home']}/.run/kernel-")


def test_from_pupil_a_s_kernel_nothing_of_b_s_the_hub_s_or_the_teacher_s_can_be_reached(hub, ben):
    b_home = hub.home("ben")
    b_store, b_answers = ben["store"], b_home / "class" / "acelab-answers.json"
    a_own = "(pathlib.Path.home() / 'mine.txt')"
    denied = {
        "list B's home": f"os.listdir({str(b_home)!r})",
        "read B's store": f"open({b_store!r}, 'rb').read()",
        "write B's store": f"open({b_store!r}, 'ab').write(b'x')",
        "read B's answers": f"open({str(b_answers)!r}).read()",
        "write B's answers": f"open({str(b_answers)!r}, 'a').write('x')",
        "make a file in B's home": f"open({str(b_home / 'gift.txt')!r}, 'w').write('x')",
        "read B's kernel's environment": f"open('/proc/{ben['kernel']}/environ', 'rb').read()",
        "read B's server's environment": f"open('/proc/{ben['server']}/environ', 'rb').read()",
        "read the hub's cookie secret": (
            f"open({str(hub.state / 'jupyterhub_cookie_secret')!r}, 'rb').read()"
        ),
        "read the hub's database": f"open({str(hub.state / 'jupyterhub.sqlite')!r}, 'rb').read()",
        "list the hub's state": f"os.listdir({str(hub.state)!r})",
        "read the hub's environment": f"open('/proc/{hub.process.pid}/environ', 'rb').read()",
        "list the repository": f"os.listdir({str(ROOT)!r})",
        "read the README": f"open({str(ROOT / 'README.md')!r}).read()",
        "read a teacher edition": (
            f"open({str(ROOT / 'teachers' / 'ace_pilot' / 'lesson.ipynb')!r}).read()"
        ),
        "read an answer key": (
            f"open({str(ROOT / 'docs/teachers/keys/order_of_operations.html')!r}).read()"
        ),
        "read a lesson's source": f"os.listdir({str(ROOT / 'lessons')!r})",
        "import a teacher edition": (
            f"(sys.path.insert(0, {str(ROOT)!r}), __import__('teachers'))"
        ),
        "import from an answer key": "__import__('docs.teachers.keys')",
        "change acelab": "open(__import__('acelab').__file__, 'a').write('#')",
        "add to the pupils' environment": "open(sys.prefix + '/bin/mine', 'w').write('x')",
        "become root": "os.setuid(0)",
    }
    allowed = {
        "write my own file": f"{a_own}.write_text('mine')",
        "read my own file": f"{a_own}.read_text()",
        "read my own environment": (
            "b'JUPYTERHUB_API_TOKEN=' in open('/proc/self/environ', 'rb').read()"
        ),
        "acelab from the wheel": "__import__('acelab').__file__",
        "acelab's installed files outside its package": (
            "[str(f) for f in __import__('importlib.metadata').metadata.files('acelab')"
            " if f.parts[0] != 'acelab' and not f.parts[0].endswith('.dist-info')"
            " and 'etc/jupyter/jupyter_server_config.d' not in f.as_posix()]"
        ),
        "my own store": "str(__import__('acelab.store').store.open_store().path)",
        "the hub's variables in mine": (
            "[n for n, v in os.environ.items() if 'ACELAB_HUB' in n or 'the-hub-s' in v]"
        ),
        "the names of my variables": "sorted(n[:3] for n in os.environ)",
    }
    found = json.loads(
        hub.run_in_kernel("amira", probes(denied | allowed)).strip().splitlines()[-1]
    )
    reached = {name: found[name] for name in denied if found[name][0] == "ok"}
    assert reached == {}, f"pupil A reached: {reached}"
    for name in denied:  # refused by the system, not by a typo in the probe
        assert found[name][0] in {
            "PermissionError", "ModuleNotFoundError", "FileNotFoundError",
        }, (name, found[name])  # fmt: skip
    not_found = [n for n in denied if found[n][0] == "FileNotFoundError"]
    assert not_found == [], f"probes aimed at nothing: {not_found}"
    for name in allowed:
        assert found[name][0] == "ok", (name, found[name])
    assert found["read my own file"][1] == "'mine'"
    assert found["read my own environment"][1] == "True"
    assert (
        "/opt/" in found["acelab from the wheel"][1]
        or "site-packages" in (found["acelab from the wheel"][1])
    )
    assert str(ROOT) not in found["acelab from the wheel"][1]
    # no teachers/ or keys: only the server extension's switch is beside the package
    assert found["acelab's installed files outside its package"][1] == "[]"
    assert str(hub.home("amira")) in found["my own store"][1]
    assert found["the hub's variables in mine"][1] == "[]"  # e.g. its API token for scripts
    assert "'JUP'" in found["the names of my variables"][1]  # JupyterHub's own, for the server


@pytest.mark.parametrize(
    ("name", "refused"),
    [("Zoë", True), ("amir smith", True), ("../etc", True), ("Carla", True), ("root", False)],
)
def test_a_pupil_s_name_is_checked_before_any_system_user_is_made(hub, name, refused):
    try:
        hub.api("POST", f"/users/{quote(name, safe='')}")
        made = True
    except urllib.error.HTTPError as error:
        made = False
        assert error.code == 400, error
    assert made is not refused
    # the API takes names as the hub keeps them (a login lowers capitals first: test_hub_login)
    if made:  # even "root" would only ever run as the system user acelabt-root
        hub.api("DELETE", f"/users/{name}")
        assert hub.api("GET", "/users")  # the hub is fine

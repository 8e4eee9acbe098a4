"""The class hub's own parts (deploy/hub/): pupils' names, their system users, the login, the
teacher's account (issue 23).

- **Names.** A hub name is lower case (JupyterHub lowers what is typed: ``Amir`` logs in as
  ``amir``), 1 to 24 letters a-z, digits, ``-`` or ``_``, starting with a letter; anything else
  (spaces, Unicode, ``../``) is refused with :data:`NAME_RULE`. The pupil's system user is the
  name with a prefix (``acelab-`` unless ``ACELAB_HUB_USER_PREFIX`` says otherwise), so no hub
  name can ever be ``root`` or another account of the machine.
The JupyterHub classes are in ``classhub.py`` (this module imports no JupyterHub, so the
set-up command and the config's tests run without it).

- **Pupils kept apart, as The Littlest JupyterHub does.** ``classhub.PupilSpawner`` is JupyterHub's
  ``LocalProcessSpawner``: each pupil's server runs as the pupil's own system user, which it
  creates (``useradd``) before the pupil's first server starts, with a private home (mode 0700).
  It is done in the spawner, not the authenticator, because NativeAuthenticator is not one of
  JupyterHub's ``LocalAuthenticator``s (which create system users), and because the spawner is
  what maps a hub name to its system user; systemd, which ``jupyterhub-systemdspawner`` needs,
  does not run on every server (nor in a container). A pupil's home is ``HOMES/<hub name>``
  (``/home/acelab/amir`` for ``acelab-amir``), so ``python -m acelab.classroom.report /home/acelab``
  names each pupil as the hub does. The server gets a clean environment: no
  variable of the hub's own but ``LANG``, only JupyterHub's API token of its own.
- **A real login.** ``classhub.ClassAuthenticator`` is NativeAuthenticator (pupils sign up, the
  teacher approves them on ``/hub/authorize``) with the teacher's account claimed at set-up:
  ``python deploy/hub/acelab_hub.py teacher NAME`` stores the teacher's name and password hash in
  the hub's root-only state folder, and the hub creates that account, approved and admin, before
  it serves a page; signing up under a teacher's name is refused (the name is taken), and the hub
  will not start with no teacher.
- **The teacher's nbgrader course.** ``python deploy/hub/acelab_hub.py course NAME`` (as root,
  with this checkout: the lessons are in it, not in the pupils' environment) makes the teacher's
  system user if needed and the course folder ``HOMES/NAME/course`` (the teacher's, mode 0700)
  with every lesson as ``source/<lesson>/`` (``python -m acelab.classroom --nbgrader``), and
  ``~/.jupyter/nbgrader_config.py`` naming it, so nbgrader's commands and the formgrader find it
  from anywhere in the teacher's server. The course id and the exchange are the hub's
  (``config.d/60-nbgrader.py``).
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import pwd
import re
import shutil
import subprocess
import sys
from pathlib import Path

NAME_PATTERN = r"[a-z][a-z0-9_-]{0,23}"
NAME_RULE = (
    "A name is 1 to 24 letters a-z, digits, '-' or '_', starting with a letter "
    "(no spaces, accents or slashes; capitals count as small letters)."
)
DEFAULT_PREFIX = "acelab-"
HERE = Path(__file__).resolve().parent
TEACHERS_FILE = "teachers.json"
MIN_PASSWORD = 8


def user_prefix() -> str:
    """The prefix of every pupil's system user name (``ACELAB_HUB_USER_PREFIX``)."""
    prefix = os.environ.get("ACELAB_HUB_USER_PREFIX", DEFAULT_PREFIX)
    if not re.fullmatch(r"[a-z][a-z0-9-]{0,7}", prefix):
        raise SystemExit(
            f"ACELAB_HUB_USER_PREFIX {prefix!r} is not a prefix for user names: "
            "1 to 8 letters a-z, digits or '-', starting with a letter."
        )
    return prefix


def check_name(name: str) -> str:
    """``name`` as the hub keeps it (lower case), or ``ValueError`` with :data:`NAME_RULE`."""
    lowered = name.lower()
    if not re.fullmatch(NAME_PATTERN, lowered):
        raise ValueError(f"{name!r} cannot be a name here. {NAME_RULE}")
    return lowered


def system_name(hub_name: str, prefix: str | None = None) -> str:
    """The system user a hub name's server runs as: the prefix and the checked name."""
    return (user_prefix() if prefix is None else prefix) + check_name(hub_name)


def ensure_system_user(name: str, home: Path) -> pwd.struct_passwd:
    """The system user ``name``, created with ``home`` (mode 0700) if missing."""
    try:
        return pwd.getpwnam(name)
    except KeyError:
        pass
    subprocess.run(
        [shutil.which("useradd") or "/usr/sbin/useradd", "--create-home", "--home-dir",
         str(home), "--shell", "/bin/bash", "--user-group", "--comment", "acelab hub user", name],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    entry = pwd.getpwnam(name)
    os.chmod(entry.pw_dir, 0o700)
    return entry


def ensure_service_user(name: str, home: Path) -> pwd.struct_passwd:
    """The system user ``name`` a service of the hub runs as (the table service's), created if
    missing: a system account with no login shell and no password, its own group, its home
    ``home`` made and given to it with mode 0700 (nobody else may list, read or write it).
    ``ValueError`` when ``name`` exists with another home (a pupil's, say): nothing changed."""
    if not re.fullmatch(r"[a-z_][a-z0-9_-]{0,31}", name):
        raise ValueError(f"{name!r} cannot be a system user's name.")
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        nologin = shutil.which("nologin") or "/usr/sbin/nologin"
        subprocess.run(
            [shutil.which("useradd") or "/usr/sbin/useradd", "--system", "--no-create-home",
             "--home-dir", str(home), "--shell", nologin, "--user-group", "--comment",
             "acelab hub service", name],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        entry = pwd.getpwnam(name)
    if Path(entry.pw_dir).resolve() != home.resolve():
        raise ValueError(
            f"The system user {name} exists with the home {entry.pw_dir}, not {home}: "
            "name another user for the service."
        )
    home.mkdir(parents=True, exist_ok=True)
    os.chown(home, entry.pw_uid, entry.pw_gid)
    os.chmod(home, 0o700)
    return entry


# -- the teacher's account, claimed at set-up --------------------------------------------------


def read_teachers(state: Path) -> dict[str, str]:
    """The teachers set up for this hub: name -> bcrypt hash of their password."""
    path = state / TEACHERS_FILE
    if not path.exists():
        return {}
    return dict(json.loads(path.read_text(encoding="utf-8")))


def add_teacher(state: Path, name: str, password: str) -> str:
    """Record teacher ``name`` with ``password`` in ``state`` (root only); their checked name."""
    import bcrypt

    name = check_name(name)
    if len(password) < MIN_PASSWORD:
        raise ValueError(f"The password needs at least {MIN_PASSWORD} characters.")
    state.mkdir(parents=True, exist_ok=True)
    os.chmod(state, 0o700)
    teachers = read_teachers(state)
    teachers[name] = bcrypt.hashpw(password.encode(), bcrypt.gensalt()).decode()
    path = state / TEACHERS_FILE
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as sink:
        json.dump(teachers, sink, indent=1)
    return name


def homes() -> Path:
    """The folder of the hub's homes (``ACELAB_HUB_HOMES``, default /home/acelab)."""
    return Path(os.environ.get("ACELAB_HUB_HOMES", "/home/acelab")).resolve()


def make_course(teacher: str, checkout: Path = HERE.parents[1]) -> Path:
    """The nbgrader course folder of ``teacher`` (their system user made if missing), with
    every lesson in ``source/``; its path. Run as root: the folder is given to the teacher."""
    name = check_name(teacher)
    entry = ensure_system_user(system_name(name), homes() / name)
    home = Path(entry.pw_dir)
    course = home / "course"
    if course.is_symlink():
        raise ValueError(f"{course} is a link: remove it, then run this again.")
    course.mkdir(mode=0o700, exist_ok=True)
    done = subprocess.run(
        [sys.executable, "-m", "acelab.classroom", "--nbgrader", str(course)],
        cwd=checkout, env={**os.environ, "PYTHONPATH": str(checkout)},
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode:
        raise ValueError(f"The lessons could not be written into {course}: {done.stdout}")
    config = home / ".jupyter" / "nbgrader_config.py"
    config.parent.mkdir(exist_ok=True)
    config.write_text(
        "# Written by deploy/hub/acelab_hub.py course: this teacher's nbgrader course folder.\n"
        "# The course id and the exchange are the hub's (etc/jupyter/nbgrader_config.py).\n"
        "c = get_config()  # noqa: F821\n"
        f"c.CourseDirectory.root = {str(course)!r}\n",
        encoding="utf-8",
    )
    for path in (course, config.parent, *course.rglob("*"), config):
        os.lchown(path, entry.pw_uid, entry.pw_gid)
    os.chmod(course, 0o700)
    return course


def main(argv: list[str] | None = None) -> int:
    """``teacher NAME``: set up (or reset) a teacher's account; asks for the password.
    ``course NAME``: the teacher's nbgrader course folder, every lesson in it."""
    parser = argparse.ArgumentParser(prog="deploy/hub/acelab_hub.py", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    teacher = sub.add_parser("teacher", help="set up the teacher's account (admin, approved)")
    teacher.add_argument("name")
    teacher.add_argument(
        "--password-stdin", action="store_true", help="read the password from standard input"
    )
    course = sub.add_parser("course", help="the teacher's nbgrader course folder (lessons in)")
    course.add_argument("name")
    args = parser.parse_args(argv)
    if args.command == "course":
        try:
            folder = make_course(args.name)
        except (ValueError, subprocess.CalledProcessError) as error:
            print(f"{error} Nothing else was changed.", file=sys.stderr)
            return 1
        except PermissionError:
            print("Only root can make a teacher's course: run this with sudo.", file=sys.stderr)
            return 1
        print(
            f"The course folder of {check_name(args.name)} is {folder}: set each lesson's marking "
            "policy cell in source/, then nbgrader generate_assignment LESSON."
        )
        return 0
    state = Path(os.environ.get("ACELAB_HUB_STATE", "/opt/acelab-hub/state"))
    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\n")
    else:
        password = getpass.getpass(f"Password for {args.name}: ")
        if getpass.getpass("The same again: ") != password:
            print("The two passwords differ: nothing was changed.", file=sys.stderr)
            return 1
    try:
        name = add_teacher(state, args.name, password)
    except ValueError as error:
        print(f"{error} Nothing was changed.", file=sys.stderr)
        return 1
    except PermissionError:
        print(f"Only root can change {state}: run this with sudo.", file=sys.stderr)
        return 1
    print(f"Teacher {name} is set up in {state}; (re)start the hub to use the account.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

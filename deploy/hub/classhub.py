"""The class hub's JupyterHub classes (issue 23); the rules they follow are in acelab_hub.py.

- :class:`PupilSpawner`: each pupil's server as the pupil's own system user, made on first start.
- :class:`ClassAuthenticator`: NativeAuthenticator with the teacher claimed at set-up, and a
  sign-up page that names the rule a refused name broke.
"""

from __future__ import annotations

import pwd
from pathlib import Path
from typing import Any

from acelab_hub import DEFAULT_PREFIX, check_name, ensure_system_user, read_teachers, system_name
from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from nativeauthenticator import NativeAuthenticator
from nativeauthenticator.handlers import SignUpHandler
from nativeauthenticator.orm import UserInfo
from traitlets import Unicode


class ClassSignUpHandler(SignUpHandler):  # type: ignore[misc]
    """NativeAuthenticator's sign-up page, saying which rule a refused name broke."""

    def get_result_message(
        self,
        user: Any,
        assume_user_is_human: bool,
        username_already_taken: bool,
        confirmation_matches: bool,
        user_is_admin: bool,
    ) -> tuple[str, str]:
        alert, message = super().get_result_message(
            user, assume_user_is_human, username_already_taken, confirmation_matches, user_is_admin
        )
        if user is None and assume_user_is_human and confirmation_matches:
            if username_already_taken:
                return alert, "This name is taken: choose another one."
            typed = self.get_body_argument("username", "", strip=False)
            try:
                check_name(typed)
            except ValueError as error:
                return alert, str(error)
            minimum = self.authenticator.minimum_password_length
            return alert, f"The password needs at least {minimum} characters, and not a common one."
        return alert, message


class ClassAuthenticator(NativeAuthenticator):  # type: ignore[misc]
    """NativeAuthenticator with the teacher claimed at set-up, and acelab's name rule."""

    state_dir = Unicode(help="The hub's state folder, holding teachers.json").tag(config=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        teachers = read_teachers(Path(self.state_dir))
        if not teachers:
            raise SystemExit(
                "No teacher is set up for this hub: run "
                "`sudo /opt/acelab-hub/venv/bin/python deploy/hub/acelab_hub.py teacher NAME` "
                "first (it asks for the teacher's password)."
            )
        for name, hashed in teachers.items():
            info = UserInfo.find(self.db, name)
            if info is None:
                info = UserInfo(username=name, password=hashed.encode())
                self.db.add(info)
            info.password = hashed.encode()
            info.is_authorized = True
        self.db.commit()
        self.admin_users = set(self.admin_users) | set(teachers)

    def get_handlers(self, app: Any) -> list[tuple[str, Any]]:
        return [
            (path, ClassSignUpHandler if handler is SignUpHandler else handler)
            for path, handler in super().get_handlers(app)
        ]


KERNEL_SOCKET = "kernel-00000000-0000-0000-0000-000000000000-ipc-99"
"""The longest name jupyter_client gives a kernel's IPC socket in the runtime folder."""
SOCKET_PATH_MAX = 107
"""The longest path of a Unix socket Linux takes (``sun_path`` is 108 bytes with its NUL)."""


class PupilSpawner(LocalProcessSpawner):  # type: ignore[misc]
    """Each pupil's server as the pupil's own system user (created on first start).

    Its kernels talk to it over Unix sockets in ``~/.run`` (the pupil's own Jupyter runtime
    folder, inside their 0700 home), not over TCP ports of 127.0.0.1: with a class of pupils
    starting kernels at once, a port a server had just found free was taken by another before
    its kernel could bind it ("Address already in use", and the kernel died), and no other
    user can even reach a socket in a private home. A home so deep that the socket's path would
    be longer than Linux allows keeps TCP.
    """

    homes = Unicode("/home/acelab", help="Where pupils' homes are made").tag(config=True)
    user_prefix = Unicode(DEFAULT_PREFIX, help="Prefix of system user names").tag(config=True)

    @property
    def system_user(self) -> str:
        return system_name(self.user.name, self.user_prefix)

    def make_preexec_fn(self, name: str) -> Any:
        return set_user_setuid(self.system_user)

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        entry = pwd.getpwnam(self.system_user)
        env.update(USER=entry.pw_name, LOGNAME=entry.pw_name, HOME=entry.pw_dir)
        env["SHELL"] = entry.pw_shell or "/bin/bash"
        env["JUPYTER_RUNTIME_DIR"] = str(self._runtime_folder())
        return env

    def get_args(self) -> list[str]:
        args: list[str] = super().get_args()
        if len(f"{self._runtime_folder()}/{KERNEL_SOCKET}") <= SOCKET_PATH_MAX:
            args.append("--KernelManager.transport=ipc")
        else:
            self.log.warning("%s's home is too deep for kernel sockets: TCP", self.user.name)
        return args

    def _runtime_folder(self) -> Path:
        return Path(pwd.getpwnam(self.system_user).pw_dir) / ".run"

    async def start(self) -> Any:
        ensure_system_user(self.system_user, Path(self.homes) / self.user.name)
        return await super().start()

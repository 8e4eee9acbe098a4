"""The class hub's configuration (deploy/): pinned, refusing to start without a login choice,
dummy logins only when asked for (issue 17). The hub itself runs in tests/browser/test_hub.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "hub" / "jupyterhub_config.py"


def load(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Read the config as JupyterHub does (``get_config``), print what it set."""
    code = (
        "from traitlets.config import Config\n"
        "c = Config()\n"
        f"path = {str(CONFIG)!r}\n"
        "scope = {'__file__': path, 'get_config': lambda: c}\n"
        "exec(compile(open(path).read(), path, 'exec'), scope)\n"
        "print(c.JupyterHub.authenticator_class, c.JupyterHub.spawner_class, c.JupyterHub.ip)\n"
    )
    base = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    base |= {"ACELAB_HUB_STATE": str(tmp_path / "state"), "ACELAB_HUB_HOMES": str(tmp_path / "h")}
    return subprocess.run(
        [sys.executable, "-c", code], env=base | env, capture_output=True, text=True, check=False
    )


def test_the_hub_will_not_start_until_the_teacher_chooses_how_pupils_log_in(tmp_path):
    done = load(tmp_path)
    assert done.returncode != 0
    assert "Choose how pupils log in: set ACELAB_HUB_AUTHENTICATOR" in done.stderr


@pytest.mark.parametrize(
    ("env", "login"),
    [
        ({"ACELAB_HUB_DUMMY": "1"}, "dummy"),
        ({"ACELAB_HUB_AUTHENTICATOR": "nativeauthenticator.NativeAuthenticator"}, "native"),
        ({"ACELAB_HUB_DUMMY": "yes", "ACELAB_HUB_AUTHENTICATOR": "pam"}, "pam"),
    ],
)
def test_dummy_logins_only_when_asked_for_exactly(tmp_path, env, login):
    done = load(tmp_path, **env)
    assert done.returncode == 0, done.stderr
    authenticator, spawner, ip = done.stdout.split()
    assert login in authenticator.lower()
    assert (spawner, ip) == ("simple", "127.0.0.1")


def test_the_hub_is_pinned_in_pip_and_npm():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert sorted(re.sub(r"==.*", "", pin) for pin in extra["hub"]) == ["jupyterhub", "nbgitpuller"]
    assert all(re.fullmatch(r"[a-z]+==\d+\.\d+\.\d+", pin) for pin in extra["hub"])
    package = json.loads((ROOT / "deploy" / "hub" / "package.json").read_text())
    assert re.fullmatch(r"\d+\.\d+\.\d+", package["dependencies"]["configurable-http-proxy"])
    lock = json.loads((ROOT / "deploy" / "hub" / "package-lock.json").read_text())
    locked = lock["packages"]["node_modules/configurable-http-proxy"]["version"]
    assert locked == package["dependencies"]["configurable-http-proxy"]


def test_the_kubernetes_values_never_let_anybody_in():
    values = (ROOT / "deploy" / "z2jh" / "values.yaml").read_text()
    assert "authenticator_class: nativeauthenticator.NativeAuthenticator" in values
    assert not re.search(r"^\s*authenticator_class:\s*dummy", values, re.MULTILINE)

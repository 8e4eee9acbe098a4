"""The class hub's configuration (deploy/): pinned, refusing to start without a login choice,
dummy logins only when asked for (issue 17). The hub itself runs in tests/browser/test_hub.py.
The Kubernetes values are checked as Helm checks them, against Zero to JupyterHub's own schema
(tests/vendor/z2jh/); no cluster runs them here."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "hub" / "jupyterhub_config.py"
VALUES = ROOT / "deploy" / "z2jh" / "values.yaml"
Z2JH = ROOT / "tests" / "vendor" / "z2jh"


def load(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Read the config as JupyterHub does (``get_config``), print what it set."""
    code = (
        "from traitlets.config import Config\n"
        "c = Config()\n"
        f"path = {str(CONFIG)!r}\n"
        "scope = {'__file__': path, 'get_config': lambda: c}\n"
        "exec(compile(open(path).read(), path, 'exec'), scope)\n"
        "print(c.JupyterHub.authenticator_class, c.JupyterHub.spawner_class, c.JupyterHub.ip,\n"
        "      c.Authenticator.allow_all is True)\n"
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
    authenticator, spawner, ip, allow_all = done.stdout.split()
    assert login in authenticator.lower()
    assert (spawner, ip) == ("simple", "127.0.0.1")
    # JupyterHub 5+ admits nobody without an allow rule: dummy and NativeAuthenticator (which
    # approves pupils itself) allow every user they let through; others keep their own rules
    assert allow_all == str(login in ("dummy", "native"))


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


def helm_merge(defaults: object, ours: object) -> object:
    """Values as Helm merges them: maps key by key, anything else replaced by ours."""
    if not (isinstance(defaults, dict) and isinstance(ours, dict)):
        return ours
    return {
        key: helm_merge(defaults.get(key), ours[key]) if key in ours else defaults[key]
        for key in defaults.keys() | ours.keys()
    }


def schema_errors(ours: dict) -> list[str]:
    """What Zero to JupyterHub's schema (chart 4.4.0) finds wrong in ``ours`` over its
    defaults, one line each."""
    schema = json.loads((Z2JH / "values.schema.json").read_text(encoding="utf-8"))
    defaults = json.loads((Z2JH / "values.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    merged = helm_merge(defaults, ours)
    return [f"{'.'.join(map(str, e.path))}: {e.message}" for e in validator.iter_errors(merged)]


def test_the_kubernetes_values_pass_zero_to_jupyterhub_s_schema():
    assert schema_errors({}) == []  # the vendored defaults and schema agree
    assert schema_errors(yaml.safe_load(VALUES.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize(
    ("wrong", "found"),
    [
        ({"singleuser": {"imag": {"name": "x"}}}, "'imag' was unexpected"),
        ({"cull": {"timeout": "an hour"}}, "cull.timeout"),
        ({"hub": {"confg": {}}}, "'confg' was unexpected"),
    ],
)
def test_the_schema_check_finds_a_misspelt_key_or_a_wrong_type(wrong, found):
    assert any(found in error for error in schema_errors(wrong))


def test_the_kubernetes_values_let_approved_pupils_in_and_start_them_at_home():
    values = yaml.safe_load(VALUES.read_text(encoding="utf-8"))
    config = values["hub"]["config"]
    # JupyterHub 5 admits nobody without an allow rule; NativeAuthenticator approves pupils
    assert config["JupyterHub"]["authenticator_class"] == "nativeauthenticator.NativeAuthenticator"
    assert config["Authenticator"]["allow_all"] is True
    defaults = json.loads((Z2JH / "values.json").read_text(encoding="utf-8"))
    home = defaults["singleuser"]["storage"]["homeMountPath"]
    assert config["KubeSpawner"]["working_dir"] == home == "/home/jovyan"
    # the image: its user's home is the volume's, and acelab (installed in place) outside it
    text = VALUES.read_text(encoding="utf-8")
    assert "--user-name jovyan" in text and "--user-id 1000" in text
    target = re.search(r"--target-repo-dir (\S+)", text)
    assert target and not target.group(1).startswith(home)
    assert "-e ." in (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8")

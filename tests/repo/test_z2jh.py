"""Zero to JupyterHub (deploy/z2jh/) as safe as the one-server hub where it can be (issue 23): the
chart runs the JupyterHub and NativeAuthenticator acelab's `hub` extra pins; the teacher's
account is claimed when the hub starts, never by whoever signs up first (run here with the
chart's JupyterHub and NativeAuthenticator, from the pupils' environment ``make hub`` builds);
the pupils' image has nbgrader's Assignments tab only, as deploy/hub/install.sh sets it up; the
exchange's values pass the chart's schema. No cluster and no Docker daemon here: the YAML and the
Dockerfile are checked as text, the chart's templates are not rendered."""

from __future__ import annotations

import json
import os
import re
import subprocess
import tomllib
from pathlib import Path

import pytest
import yaml

from tests.repo.test_deploy import CONFIG, VALUES, Z2JH, hub_module, schema_errors

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy" / "z2jh"
HUB_PYTHON = Path(os.environ.get("ACELAB_PUPILS_ENV", "/opt/acelab-hub/venv")) / "bin" / "python"


def values() -> dict:
    return yaml.safe_load(VALUES.read_text(encoding="utf-8"))


def test_the_chart_s_hub_runs_the_jupyterhub_and_nativeauthenticator_acelab_pins():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    ours = dict(pin.split("==") for pin in extra["hub"])
    # the chart's hub image's own pins (images/hub/requirements.txt of chart 4.4.0, vendored)
    chart = dict(
        line.split("==")
        for line in (Z2JH / "hub-requirements.txt").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    )
    for package in ("jupyterhub", "jupyterhub-nativeauthenticator"):
        assert ours[package] == chart[package], package
    assert chart["jupyterhub"] == "5.5.0"


def test_no_name_is_approved_at_sign_up_in_the_values():
    config = values()["hub"]["config"]
    assert "admin_users" not in config["Authenticator"]
    assert "allowed_users" not in config["Authenticator"]
    assert config["NativeAuthenticator"]["open_signup"] is False
    # the one-server hub's rules for names and passwords
    module = hub_module()
    assert config["Authenticator"]["username_pattern"] == f"^{module.NAME_PATTERN}$"
    assert config["NativeAuthenticator"]["minimum_password_length"] == module.MIN_PASSWORD
    login = (CONFIG.parent / "config.d" / "30-login.py").read_text(encoding="utf-8")
    for setting in ("check_common_password = True", "allowed_failed_logins = 10"):
        assert setting in login
    assert config["NativeAuthenticator"]["check_common_password"] is True
    assert config["NativeAuthenticator"]["allowed_failed_logins"] == 10
    # the teacher comes from the secret, read by the hub at start
    env = values()["hub"]["extraEnv"]
    assert env["ACELAB_TEACHER"]["valueFrom"]["secretKeyRef"] == {
        "name": "acelab-teacher",
        "key": "name",
    }
    assert env["ACELAB_TEACHER_HASH"]["valueFrom"]["secretKeyRef"]["key"] == "hash"
    text = VALUES.read_text(encoding="utf-8")
    assert "create secret generic acelab-teacher --from-literal=name=" in text
    assert "bcrypt.hashpw(" in text  # the password itself never reaches the cluster


CLAIM = r"""
import asyncio, json, os, sys
from traitlets.config import Config
from jupyterhub import orm

given = json.loads(sys.stdin.read())
values = given["values"]


class User:
    def __init__(self, name):
        self.name = name


class Spawner:
    def __init__(self, name):
        self.user, self.environment = User(name), {"ACELAB_TABLES_URL": "x"}


def case(env, extra):
    for name in ("ACELAB_TEACHER", "ACELAB_TEACHER_HASH"):
        os.environ.pop(name, None)
    os.environ.update(env)
    c = Config()
    for section, settings in values["hub"]["config"].items():
        for key, value in settings.items():
            setattr(c[section], key, value)
    roles = values["hub"]["loadRoles"].items()
    c.JupyterHub.load_roles = [dict(role, name=name) for name, role in roles]
    for name, value in extra.items():
        section, key = name.split(".")
        setattr(c[section], key, value)
    try:
        scope = {"c": c, "__name__": "jupyterhub_config"}  # run at the top of the chart's config
        exec(values["hub"]["extraConfig"]["acelab-teacher"], scope)
        cls = c.JupyterHub.authenticator_class
        db = orm.new_session_factory("sqlite://")()
        auth = cls(config=c, _deprecated_db_session=db)
        cls(config=c, _deprecated_db_session=db)  # the hub restarted: still one teacher
    except SystemExit as stop:
        return {"stopped": str(stop)}

    def login(name, password):
        return asyncio.run(auth.authenticate(None, {"username": name, "password": password}))

    teacher, pupil = Spawner("mskhan"), Spawner("amir")
    c.KubeSpawner.pre_spawn_hook(teacher)
    c.KubeSpawner.pre_spawn_hook(pupil)
    return {
        "class": [k.__name__ for k in cls.__mro__][:2],
        "admins": sorted(auth.admin_users),
        "teacher": login("mskhan", "a long password"),
        "teacher, in capitals": login("MsKhan", "a long password"),
        "wrong password": login("mskhan", "a wrong password"),
        "sign up as the teacher": auth.create_user("mskhan", "another password") is not None,
        "sign up as amir": auth.create_user("amir", "amir's password") is not None,
        "amir before approval": login("amir", "amir's password"),
        "roles": {role["name"]: role.get("users") for role in c.JupyterHub.load_roles},
        "teacher's server": teacher.environment,
        "pupil's server": pupil.environment,
    }


print(json.dumps([case(env, extra) for env, extra in given["cases"]]))
"""


def claim(*cases: tuple[str | None, str | None, dict[str, object]]) -> list[dict]:
    """What the values' hub.extraConfig does with the chart's JupyterHub and NativeAuthenticator
    in each case: the secret's name and hash (``None``: not in the secret), and more hub config."""
    runs = [
        [{k: v for k, v in (("ACELAB_TEACHER", t), ("ACELAB_TEACHER_HASH", h)) if v is not None}, x]
        for t, h, x in cases
    ]
    done = subprocess.run(
        [str(HUB_PYTHON), "-c", CLAIM],
        input=json.dumps({"values": values(), "cases": runs}),
        env={"PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


REFUSED = {
    "No teacher is set up for this hub: create the secret acelab-teacher": (None, None, {}),
    "No teacher is set up for this hub": ("mskhan", "a password, not its hash", {}),
    "No teacher is set up": ("Zoë Smith", "$2b$04$x", {}),
    "under ['eve']": ("mskhan", "$2b$04$x", {"Authenticator.admin_users": ["eve"]}),
    "under ['bob']": ("mskhan", "$2b$04$x", {"Authenticator.allowed_users": ["bob"]}),
    "under any name": ("mskhan", "$2b$04$x", {"NativeAuthenticator.open_signup": True}),
}


@pytest.fixture(scope="module")
def claimed() -> list[dict]:
    """The teacher set up as the secret holds it, then each case of REFUSED (one hub's Python)."""
    if not HUB_PYTHON.exists():
        pytest.skip("JupyterHub 5.5.0 and NativeAuthenticator 1.3.0 come with `make hub`")
    bcrypt = pytest.importorskip("bcrypt")
    hashed = bcrypt.hashpw(b"a long password", bcrypt.gensalt(4)).decode()
    return claim(("MsKhan", hashed, {}), *REFUSED.values())


def test_the_teacher_is_claimed_when_the_hub_starts_never_at_sign_up(claimed):
    got = claimed[0]
    assert got["class"] == ["TeacherClaimedAuthenticator", "NativeAuthenticator"]
    assert got["admins"] == ["mskhan"]
    assert got["teacher"] == got["teacher, in capitals"] == "mskhan"
    assert got["wrong password"] is None
    assert got["sign up as the teacher"] is False  # the name is taken
    assert got["sign up as amir"] is True and got["amir before approval"] is None
    assert got["roles"]["acelab-tables-teacher"] == ["mskhan"]
    # nbgrader's teacher parts on for the teacher's server only (the image's config folder)
    assert got["teacher's server"] == {
        "ACELAB_TABLES_URL": "x",
        "JUPYTER_CONFIG_PATH": "/opt/acelab/etc/teacher-jupyter",
        "ACELAB_TEACHER": "1",
    }
    assert got["pupil's server"] == {"ACELAB_TABLES_URL": "x"}


def test_the_hub_will_not_start_without_the_teacher_or_with_names_approved_at_sign_up(claimed):
    for said, result in zip(REFUSED, claimed[1:], strict=True):
        assert said in result.get("stopped", ""), (said, result)


def dockerfile_runs() -> str:
    """The Dockerfile's instructions, continued lines joined, comments left out."""
    text = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    return re.sub(r"\\\n\s*", " ", "\n".join(lines))


def test_the_image_switches_nbgrader_s_teacher_parts_off_as_the_one_server_hub_does():
    runs = dockerfile_runs()
    script = (CONFIG.parent / "install.sh").read_text(encoding="utf-8")
    for parts, command in (
        ("formgrader course_list", 'jupyter server extension disable --sys-prefix "nbgrader'),
        ("formgrader course-list create-assignment", "labextension disable --level=sys_prefix"),
    ):
        assert f"for part in {parts}; do" in runs and f"for part in {parts}; do" in script
        assert command in runs and command.split('"')[0].split(" ", 1)[1] in script
    # the settings pupils and teacher share, and the teacher's parts back on: the same as install.sh
    assert "install -m 644 /tmp/nbgrader/nbgrader_config.py /opt/acelab/etc/jupyter/" in runs
    assert "/tmp/nbgrader/acelab_hub_exchange.py" in runs

    printed = r"printf '%s\\n'\s+((?:'[^']*'\s*)+)> /opt/acelab/etc/teacher-jupyter/\S*"
    for name in ("acelab-teacher.json", "page_config.json"):
        ours = re.search(printed + re.escape(name), runs)
        assert ours, name
        parts = re.findall(r"'([^']*)'", ours.group(1))
        heredoc = r"cat > \S*" + re.escape(name) + r"\"? <<'JSON'\n(.*?)\nJSON"
        theirs = re.search(heredoc, script, re.DOTALL)
        assert theirs, name
        assert json.loads("".join(parts)) == json.loads(theirs.group(1))
    # the values' hub.extraConfig points the teacher's server at that folder
    assert "/opt/acelab/etc/teacher-jupyter" in values()["hub"]["extraConfig"]["acelab-teacher"]
    assert "chown -R root:root /opt/acelab" in runs and "chmod -R go-w /opt/acelab" in runs
    # a user who is not root can run what was installed, as install.sh checks
    assert "runuser -u nobody -- /opt/acelab/bin/python -c" in runs
    assert "runuser -u nobody" in script


def test_the_exchange_values_pass_the_chart_s_schema_over_the_class_s_values():
    exchange = yaml.safe_load((DEPLOY / "nbgrader-exchange.yaml").read_text(encoding="utf-8"))
    merged = values()
    for key, value in exchange["singleuser"].items():
        base = merged["singleuser"].get(key)
        merged["singleuser"][key] = {**base, **value} if isinstance(base, dict) else value
    assert schema_errors(merged) == []
    # the exchange where the image's nbgrader_config.py and deploy/hub look for it, mode 1777
    settings = (CONFIG.parent / "nbgrader" / "nbgrader_config.py").read_text(encoding="utf-8")
    path = re.search(r'"ACELAB_EXCHANGE", "([^"]+)"', settings)
    assert path and exchange["singleuser"]["extraEnv"]["ACELAB_EXCHANGE"] == path.group(1)
    mount = exchange["singleuser"]["storage"]["extraVolumeMounts"][0]
    assert mount["mountPath"] == path.group(1)
    (init,) = exchange["singleuser"]["initContainers"]
    assert init["command"] == ["chmod", "1777", path.group(1)]
    assert init["securityContext"] == {"runAsUser": 0}
    hub_exchange = (CONFIG.parent / "config.d" / "60-nbgrader.py").read_text(encoding="utf-8")
    assert "os.chmod(EXCHANGE, 0o1777)" in hub_exchange
    # its volume: one claim every pod mounts at once
    claim_ = yaml.safe_load((DEPLOY / "exchange-pvc.yaml").read_text(encoding="utf-8"))
    assert claim_["kind"] == "PersistentVolumeClaim"
    assert claim_["spec"]["accessModes"] == ["ReadWriteMany"]
    claimed = exchange["singleuser"]["storage"]["extraVolumes"][0]["persistentVolumeClaim"]
    assert claimed["claimName"] == claim_["metadata"]["name"]
    # and it says plainly what it cannot keep apart
    text = (DEPLOY / "nbgrader-exchange.yaml").read_text(encoding="utf-8")
    assert "NOT AS SAFE AS deploy/hub" in text and "same" in text and "uid 1000" in text


def test_the_values_and_the_image_are_valid_yaml_and_a_dockerfile_as_text():
    for name in ("values.yaml", "nbgrader-exchange.yaml", "exchange-pvc.yaml"):
        assert isinstance(yaml.safe_load((DEPLOY / name).read_text(encoding="utf-8")), dict)
    known = {"FROM", "RUN", "COPY", "ENV", "USER", "WORKDIR", "CMD"}
    for name in ("Dockerfile", "Dockerfile.hub"):
        text = (DEPLOY / name).read_text(encoding="utf-8")
        joined = re.sub(r"\\\n", " ", text)
        for line in joined.splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                assert line.split()[0] in known, line

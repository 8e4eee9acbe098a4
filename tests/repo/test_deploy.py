"""The class hub's configuration (deploy/): pinned, a real login unless dummy logins are asked
for (on 127.0.0.1 only), pupils' servers as their own system users from the pupils' environment,
names checked, the teacher set up with a hashed password (issues 17, 23). The hub itself runs in
tests/browser/test_hub.py and tests/browser/test_hub_isolation.py.
The Kubernetes values are checked as Helm checks them, against Zero to JupyterHub's own schema
(tests/vendor/z2jh/); no cluster runs them here."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "hub" / "jupyterhub_config.py"
VALUES = ROOT / "deploy" / "z2jh" / "values.yaml"
Z2JH = ROOT / "tests" / "vendor" / "z2jh"


def hub_module():
    """deploy/hub/acelab_hub.py, imported from its path (it is no package of acelab's)."""
    spec = importlib.util.spec_from_file_location("acelab_hub", CONFIG.parent / "acelab_hub.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load(tmp_path: Path, *, not_root: bool = False, **env: str):
    """Read the config as JupyterHub does (``get_config``), print what it set (as JSON)."""
    venv = tmp_path / "prefix" / "venv" / "bin"
    venv.mkdir(parents=True, exist_ok=True)
    (venv / "jupyterhub-singleuser").write_text("")
    code = (
        ("import os\nos.geteuid = lambda: 1000\n" if not_root else "") + "import json\n"
        "from traitlets.config import Config\n"
        "c = Config()\n"
        f"path = {str(CONFIG)!r}\n"
        "scope = {'__file__': path, 'get_config': lambda: c}\n"
        "exec(compile(open(path).read(), path, 'exec'), scope)\n"
        "print(json.dumps({'login': c.JupyterHub.authenticator_class,\n"
        "    'spawner': c.JupyterHub.spawner_class, 'ip': c.JupyterHub.ip,\n"
        "    'allow_all': c.Authenticator.allow_all, 'cmd': c.Spawner.cmd,\n"
        "    'env_keep': c.Spawner.env_keep, 'environment': c.Spawner.environment,\n"
        "    'pattern': c.Authenticator.username_pattern, 'db': c.JupyterHub.db_url}))\n"
    )
    base = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    base |= {
        "ACELAB_HUB_PREFIX": str(tmp_path / "prefix"),
        "ACELAB_HUB_STATE": str(tmp_path / "state"),
        "ACELAB_HUB_HOMES": str(tmp_path / "h"),
    }
    return subprocess.run(
        [sys.executable, "-c", code],
        env=base | env,
        capture_output=True,
        text=True,
        check=False,
    )


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="the class hub's config runs as root")


def test_the_hub_refuses_to_run_as_anybody_but_root(tmp_path):
    done = load(tmp_path, not_root=True)
    assert done.returncode != 0
    assert "The class hub runs as root" in done.stderr


@needs_root
@pytest.mark.parametrize(
    ("env", "login"),
    [
        ({}, "classhub.ClassAuthenticator"),
        ({"ACELAB_HUB_DUMMY": "1"}, "dummy"),
        ({"ACELAB_HUB_DUMMY": "yes"}, "classhub.ClassAuthenticator"),
    ],
)
def test_a_real_login_unless_dummy_logins_are_asked_for_exactly(tmp_path, env, login):
    done = load(tmp_path, **env)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert (got["login"], got["ip"]) == (login, "127.0.0.1")
    # JupyterHub 5 admits nobody without an allow rule: NativeAuthenticator approves pupils
    assert got["allow_all"] is True
    assert got["pattern"] == f"^{hub_module().NAME_PATTERN}$"


@needs_root
def test_dummy_logins_refuse_to_serve_anything_but_127_0_0_1(tmp_path):
    done = load(tmp_path, ACELAB_HUB_DUMMY="1", ACELAB_HUB_IP="0.0.0.0")
    assert done.returncode != 0
    assert "it is for tests, on 127.0.0.1 only (ACELAB_HUB_IP is 0.0.0.0)" in done.stderr


@needs_root
def test_pupils_servers_run_from_their_environment_with_none_of_the_hub_s_variables(tmp_path):
    done = load(tmp_path)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    venv = tmp_path / "prefix" / "venv"
    assert got["spawner"] == "classhub.PupilSpawner"
    assert got["cmd"] == [str(venv / "bin" / "jupyterhub-singleuser")]
    assert got["env_keep"] == ["LANG", "LC_ALL"]
    assert set(got["environment"]) == {
        "PATH", "VIRTUAL_ENV", "GIT_CONFIG_SYSTEM", "ACELAB_TABLES_URL"
    }  # fmt: skip
    # the table service's address (config.d/70-tables.py), on the hub's machine only
    assert got["environment"]["ACELAB_TABLES_URL"] == (
        "http://127.0.0.1:8003/services/acelab-tables/"
    )
    assert got["environment"]["PATH"].startswith(f"{venv / 'bin'}:")
    state = tmp_path / "state"
    assert got["db"] == f"sqlite:///{state / 'jupyterhub.sqlite'}"
    assert stat.S_IMODE(state.stat().st_mode) == 0o700


@needs_root
def test_the_hub_will_not_start_without_the_pupils_environment(tmp_path):
    done = load(tmp_path, ACELAB_HUB_PREFIX=str(tmp_path / "nowhere"))
    assert done.returncode != 0
    assert "run `sudo deploy/hub/install.sh`" in done.stderr


@needs_root
def test_nbgrader_s_course_and_exchange_reach_every_server_when_nbgrader_is_installed(tmp_path):
    (tmp_path / "prefix" / "venv" / "bin").mkdir(parents=True)
    (tmp_path / "prefix" / "venv" / "bin" / "nbgrader").write_text("")
    exchange = tmp_path / "srv" / "nbgrader" / "exchange"
    done = load(tmp_path, ACELAB_HUB_COURSE="maths-7b", ACELAB_HUB_EXCHANGE=str(exchange))
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)["environment"]
    assert got["ACELAB_COURSE"] == "maths-7b" and got["ACELAB_EXCHANGE"] == str(exchange)
    assert stat.S_IMODE(exchange.stat().st_mode) == 0o1777  # nbgrader's ugo+rw, and sticky
    assert exchange.stat().st_uid == 0
    assert "JUPYTER_CONFIG_PATH" not in got  # a pupil's server: nbgrader's student parts only


@needs_root
def test_a_course_id_that_nbgrader_could_not_use_is_refused_in_a_sentence(tmp_path):
    done = load(tmp_path, ACELAB_HUB_COURSE="../maths 7b")
    assert done.returncode != 0
    assert "ACELAB_HUB_COURSE '../maths 7b' cannot be a course id: 1 to 40 letters" in done.stderr


def test_the_teacher_s_course_command_refuses_a_name_in_a_sentence(tmp_path, capsys):
    module = hub_module()
    assert module.main(["course", "../etc"]) == 1
    said = capsys.readouterr().err
    assert said.startswith("'../etc' cannot be a name here.") and "Nothing else was changed" in said


def test_every_piece_of_the_config_says_what_it_does():
    pieces = sorted((CONFIG.parent / "config.d").glob("*.py"))
    assert len(pieces) >= 4
    for piece in pieces:
        assert ast.get_docstring(ast.parse(piece.read_text(encoding="utf-8"))), piece


@pytest.mark.parametrize(
    ("typed", "kept"), [("amir", "amir"), ("Amir", "amir"), ("beth_2", "beth_2"), ("a-b", "a-b")]
)
def test_a_pupil_s_name_is_kept_in_lower_case_and_their_system_user_is_prefixed(typed, kept):
    hub = hub_module()
    assert hub.check_name(typed) == kept
    assert hub.system_name(typed, "acelab-") == f"acelab-{kept}"


@pytest.mark.parametrize(
    "typed", ["Zoë", "amir smith", "../etc", "a/b", "", "1amir", "-x", "root" + "x" * 21, "ü"]
)
def test_a_name_with_spaces_unicode_or_slashes_is_refused_in_a_sentence(typed):
    hub = hub_module()
    with pytest.raises(ValueError, match=r"cannot be a name here\. A name is 1 to 24 letters"):
        hub.system_name(typed, "acelab-")


def test_the_teacher_is_set_up_with_a_password_kept_as_a_hash_for_root_only(tmp_path):
    import bcrypt

    hub = hub_module()
    state = tmp_path / "state"
    assert hub.add_teacher(state, "MsKhan", "a long secret") == "mskhan"
    saved = json.loads((state / "teachers.json").read_text())
    assert bcrypt.checkpw(b"a long secret", saved["mskhan"].encode())
    assert "a long secret" not in (state / "teachers.json").read_text()
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    assert stat.S_IMODE((state / "teachers.json").stat().st_mode) == 0o600
    with pytest.raises(ValueError, match="The password needs at least 8 characters"):
        hub.add_teacher(state, "mskhan", "short")
    with pytest.raises(ValueError, match="cannot be a name here"):
        hub.add_teacher(state, "Ms Khan", "a long secret")
    assert set(hub.read_teachers(state)) == {"mskhan"}


def test_the_teacher_set_up_command_says_what_it_did_in_a_sentence(tmp_path):
    command = [sys.executable, str(CONFIG.parent / "acelab_hub.py"), "teacher"]
    env = {**os.environ, "ACELAB_HUB_STATE": str(tmp_path / "state")}
    done = subprocess.run(
        [*command, "teacher1", "--password-stdin"],
        input="correct horse\n", env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Teacher teacher1 is set up in" in done.stdout
    done = subprocess.run(
        [*command, "teacher1", "--password-stdin"],
        input="short\n", env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.strip() == "The password needs at least 8 characters. Nothing was changed."


def test_the_hub_is_pinned_in_pip_and_npm_to_the_chart_s_jupyterhub():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    pins = dict(pin.split("==") for pin in extra["hub"])
    assert sorted(pins) == ["jupyterhub", "jupyterhub-nativeauthenticator", "nbgitpuller"]
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", version) for version in pins.values())
    # NativeAuthenticator 1.3.0 needs the statsd JupyterHub 6 removed; chart 4.4.0 ships the pair
    assert pins["jupyterhub"] == "5.5.0"
    assert pins["jupyterhub-nativeauthenticator"] == "1.3.0"
    values = VALUES.read_text(encoding="utf-8")
    assert f"chart 4.4.0 (JupyterHub {pins['jupyterhub']}, NativeAuthenticator 1.3.0" in values
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
    # the image (deploy/z2jh/Dockerfile): its user's home is the volume's, uid 1000 as the chart's
    dockerfile = (ROOT / "deploy" / "z2jh" / "Dockerfile").read_text(encoding="utf-8")
    assert "useradd --create-home --uid 1000 --shell /bin/bash jovyan" in dockerfile
    assert "USER 1000" in dockerfile and f"WORKDIR {home}" in dockerfile
    assert values["singleuser"]["image"]["name"] == "REGISTRY/acelab"


def test_the_kubernetes_image_is_acelab_s_wheel_and_no_checkout():
    dockerfile = (ROOT / "deploy" / "z2jh" / "Dockerfile").read_text(encoding="utf-8")
    instructions = [line for line in dockerfile.splitlines() if line and not line.startswith("#")]
    copies = [line for line in instructions if line.startswith(("COPY", "ADD"))]
    # the build context is deploy/z2jh alone: the wheel and nbgrader's settings (make z2jh-context)
    assert copies == ["COPY wheels/ /tmp/wheels/", "COPY nbgrader/ /tmp/nbgrader/"]
    assert '"$(ls /tmp/wheels/acelab-*.whl)[hub,grading]"' in dockerfile  # the extras' pins
    assert "rm -rf /tmp/wheels" in dockerfile and "chmod -R go-w /opt/acelab" in dockerfile
    base = next(line for line in instructions if line.startswith("FROM"))
    assert re.fullmatch(r"FROM python:3\.\d+-slim-\w+", base)
    text = VALUES.read_text(encoding="utf-8")
    assert "make z2jh-context" in text and "make z2jh-context" in dockerfile
    assert "docker build --tag REGISTRY/acelab:TAG deploy/z2jh" in text
    assert "repo2docker" not in text and "/srv/acelab" not in text
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile[makefile.index("\nz2jh-context:") :].split("\n\n")[0]
    assert "pip wheel --quiet --no-deps --wheel-dir deploy/z2jh/wheels ." in recipe
    assert "deploy/hub/nbgrader/nbgrader_config.py" in recipe
    assert "deploy/hub/nbgrader/acelab_hub_exchange.py" in recipe


def test_make_hub_builds_the_pupils_environment_from_acelab_s_wheel():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile[makefile.index("\nhub:") :].split("\n\n")[0]
    assert "deploy/hub/install.sh" in recipe
    script = (CONFIG.parent / "install.sh").read_text(encoding="utf-8")
    assert '-m pip wheel --quiet --no-deps --wheel-dir "$wheels" "$CHECKOUT"' in script
    assert '"$wheel[hub,grading]"' in script and " -e " not in script  # never the checkout
    # nbgrader's teacher parts off for everyone, as nbgrader documents for students
    for part in ("formgrader", "course_list"):
        assert part in script
    for part in ("formgrader course-list create-assignment",):
        assert part in script
    assert 'chmod -R go-w "$PREFIX/venv"' in script  # read-only to pupils
    assert '"@jupyter/nbgrader:formgrader": false' in script  # back on for the teacher
    assert 'install -d -o root -g root -m 700 "${ACELAB_HUB_STATE:-$PREFIX/state}"' in script
    assert 'chmod o-rwx "$CHECKOUT"' in script  # teachers/ and the keys are in it
    assert "runuser -u nobody" in script  # a pupil can run what was installed

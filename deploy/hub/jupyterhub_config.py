"""JupyterHub for one class on one server: acelab's pupils' edition, a store in each pupil's home.

    pip install -e ".[hub]"                 # JupyterHub and nbgitpuller, pinned (pyproject.toml)
    (cd deploy/hub && npm ci)               # configurable-http-proxy, pinned (package.json)
    ACELAB_HUB_AUTHENTICATOR=nativeauthenticator.NativeAuthenticator \\
        jupyterhub -f deploy/hub/jupyterhub_config.py

- No system users: each pupil's server runs as the hub's own user (SimpleLocalProcessSpawner),
  with its home in ``$ACELAB_HUB_HOMES/<pupil>``. acelab's progress store is that home's
  ``.acelab/`` and each lesson's answer file sits beside the notebook, so the class report reads
  every pupil's work from one folder: ``python -m acelab.report $ACELAB_HUB_HOMES``.
- ``JUPYTERHUB_USER`` (set by the hub) is the learner's name on every attempt.
- The pupils' folder arrives by nbgitpuller: see the README's "A JupyterHub for a class".
- ``ACELAB_HUB_DUMMY=1`` logs anybody in under any name, with no password: tests only.

Settings, all from the environment: ``ACELAB_HUB_IP`` (default 127.0.0.1; 0.0.0.0 to serve a
classroom), ``ACELAB_HUB_PORT`` (8000; the hub also uses the next two ports),
``ACELAB_HUB_STATE`` (the hub's database and cookie secret; default ``deploy/hub/state``),
``ACELAB_HUB_HOMES`` (default ``deploy/hub/homes``),
``ACELAB_HUB_AUTHENTICATOR`` (a class name, e.g. ``nativeauthenticator.NativeAuthenticator``
after ``pip install jupyterhub-nativeauthenticator``), ``ACELAB_HUB_ADMINS`` (teachers' names,
comma-separated), ``ACELAB_HUB_API_TOKEN`` (a token for scripts and tests: a service with the
rights to add pupils and start their servers).
"""

import os
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - JupyterHub provides it

HERE = Path(__file__).resolve().parent
STATE = Path(os.environ.get("ACELAB_HUB_STATE", HERE / "state")).resolve()
HOMES = Path(os.environ.get("ACELAB_HUB_HOMES", HERE / "homes")).resolve()
STATE.mkdir(parents=True, exist_ok=True)
HOMES.mkdir(parents=True, exist_ok=True)

c.JupyterHub.ip = os.environ.get("ACELAB_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("ACELAB_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = c.JupyterHub.port + 1  # the hub itself, behind the proxy
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{c.JupyterHub.port + 2}"
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.command = [str(HERE / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")

# -- who may log in ------------------------------------------------------------------------------
if os.environ.get("ACELAB_HUB_DUMMY") == "1":
    c.JupyterHub.authenticator_class = "dummy"  # anybody, any name, no password: tests only
    c.Authenticator.allow_all = True
elif os.environ.get("ACELAB_HUB_AUTHENTICATOR"):
    c.JupyterHub.authenticator_class = os.environ["ACELAB_HUB_AUTHENTICATOR"]
    if "nativeauthenticator" in c.JupyterHub.authenticator_class.lower():
        # JupyterHub 5 and later let nobody in without an allow rule, and NativeAuthenticator
        # has none of its own: it refuses every pupil the teacher has not approved, so each
        # user it lets through is allowed. (Other authenticators: set their allow rules.)
        c.Authenticator.allow_all = True
else:
    sys.exit(
        "Choose how pupils log in: set ACELAB_HUB_AUTHENTICATOR (see the README's "
        '"A JupyterHub for a class"), or ACELAB_HUB_DUMMY=1 for a test with no passwords.'
    )
admins = {n.strip() for n in os.environ.get("ACELAB_HUB_ADMINS", "").split(",") if n.strip()}
if admins:
    c.Authenticator.admin_users = admins

# -- each pupil's server -------------------------------------------------------------------------
c.JupyterHub.spawner_class = "simple"  # no system users: every server runs as the hub's user
c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.default_url = "/lab"
c.Spawner.http_timeout = 90
c.Spawner.start_timeout = 120
c.Spawner.environment = {
    "ACELAB_HOME": lambda spawner: str(HOMES / spawner.user.name / ".acelab"),
}
if os.geteuid() == 0:  # the single-user server refuses root unless told (CI runs as root)
    c.Spawner.args = ["--ServerApp.allow_root=True"]

# -- a token for scripts (the tests, the classroom benchmark) ------------------------------------
token = os.environ.get("ACELAB_HUB_API_TOKEN")
if token:
    c.JupyterHub.services = [{"name": "acelab-teacher", "api_token": token}]
    c.JupyterHub.load_roles = [
        {
            "name": "acelab-teacher",
            "scopes": ["admin:users", "admin:servers", "access:servers", "list:users"],
            "services": ["acelab-teacher"],
        }
    ]

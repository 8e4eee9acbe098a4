"""Play together (issue 25): the table service, ``python -m acelab.tables``, a service the hub
starts, stops and restarts itself, at ``/services/acelab-tables/``.

It listens on 127.0.0.1 only (``ACELAB_TABLES_PORT``, default the hub's port + 3). It runs from
the pupils' environment as a system user of its own, never root (JupyterHub's ``user`` key of a
managed service, honoured because the hub runs as root): ``ACELAB_HUB_TABLES_USER`` (default
``acelab-tables``), made here when missing, with no login shell and no password, its home
``ACELAB_HUB_TABLES_HOME`` (default ``PREFIX/tables``) its own with mode 0700; the tables are kept
there in ``tables.sqlite3``, so a restart loses no table, and no pupil (nor the pupils' servers,
each its own user) can read or write them. The hub name that would map to that user
(``tables`` with the default prefix) is blocked, so no pupil can become it. A
``STATE/tables.sqlite3`` of an older hub (when the service ran as root) is moved there once.
Who may use it is the hub's to say, with its own scopes:

- every user holds ``access:services!service=acelab-tables`` (the ``user`` role), and each pupil's
  server token carries it (``Spawner.server_token_scopes``), so a pupil's kernel plays with its
  server's ``JUPYTERHUB_API_TOKEN``; the service asks the hub who the token belongs to;
- the teacher's endpoints (every table live, duplicate rounds, the bot timeout) need the custom
  scope ``custom:acelab-tables:teach``, held by the teachers set up with ``acelab_hub.py teacher``
  (role ``acelab-tables-teacher``) and by the scripts' service of ``50-scripts.py``; a token gets it
  only if its owner holds it, so pupils' tokens never do.

Pupils' servers find the service through ``ACELAB_TABLES_URL``.
"""

import os
import re
import shutil
import sys
from pathlib import Path

from acelab_hub import NAME_PATTERN, ensure_service_user, read_teachers

TABLES = "acelab-tables"
TEACH = "custom:acelab-tables:teach"
ACCESS = f"access:services!service={TABLES}"
tables_port = int(os.environ.get("ACELAB_TABLES_PORT", c.JupyterHub.port + 3))
tables_url = f"http://127.0.0.1:{tables_port}"
tables_user = os.environ.get("ACELAB_HUB_TABLES_USER", f"{USER_PREFIX}tables")
tables_home = Path(os.environ.get("ACELAB_HUB_TABLES_HOME", PREFIX / "tables")).resolve()
if tables_user.startswith(USER_PREFIX) and re.fullmatch(
    NAME_PATTERN, tables_user.removeprefix(USER_PREFIX)
):  # a pupil of that hub name would run as the service's user: nobody may take the name
    c.Authenticator.blocked_users.add(tables_user.removeprefix(USER_PREFIX))
tables_db = tables_home / "tables.sqlite3"


def set_up_service_user() -> None:
    """The service's system user and folder, made if missing, and the tables of an older hub
    (``STATE/tables.sqlite3``, from when the service ran as root) moved into the folder."""
    try:
        user = ensure_service_user(tables_user, tables_home)
    except ValueError as error:
        sys.exit(f"The table service's user: {error}")
    older = STATE / "tables.sqlite3"
    if older.exists() and not tables_db.exists():
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{older}{suffix}").exists():
                shutil.move(f"{older}{suffix}", f"{tables_db}{suffix}")
                os.chown(f"{tables_db}{suffix}", user.pw_uid, user.pw_gid)


hub_app = sys.modules.get("jupyterhub.app")
if hub_app is not None and hub_app.JupyterHub.initialized():  # a hub starts, not a config check
    set_up_service_user()

c.JupyterHub.services.append(
    {
        "name": TABLES,
        "url": tables_url,
        "command": [str(PUPILS_VENV / "bin" / "python"), "-m", "acelab.tables"],
        "user": tables_user,
        "cwd": str(tables_home),
        "environment": {"ACELAB_TABLES_DB": str(tables_db)},
        "oauth_no_confirm": True,
        "display": False,
    }
)
c.JupyterHub.custom_scopes = {
    TEACH: {"description": "See every table of the class live and start duplicate rounds."}
}
teacher_role = {
    "name": "acelab-tables-teacher",
    "description": "The teacher's side of the table service.",
    "scopes": [TEACH, ACCESS],
    "users": sorted(read_teachers(STATE)),
}
if os.environ.get("ACELAB_HUB_API_TOKEN"):  # the scripts' service of 50-scripts.py
    teacher_role["services"] = ["acelab-teacher"]
c.JupyterHub.load_roles.append(teacher_role)
pupil_role = {"name": "user", "description": "Your own server, and the tables."}
c.JupyterHub.load_roles.append(pupil_role | {"scopes": ["self", ACCESS]})
c.Spawner.server_token_scopes = [
    "users:activity!user",
    "access:servers!server",
    ACCESS,
    TEACH,  # kept only for the teachers, who hold it
]
c.Spawner.environment["ACELAB_TABLES_URL"] = f"{tables_url}/services/{TABLES}/"

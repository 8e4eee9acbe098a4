"""Play together (issue 25): the table service, ``python -m acelab.tables``, a service the hub
starts, stops and restarts itself, at ``/services/acelab-tables/``.

It listens on 127.0.0.1 only (``ACELAB_TABLES_PORT``, default the hub's port + 3) and keeps its
tables in ``STATE/tables.sqlite3`` (root's, like the rest of the hub's state), so a restart loses
no table. It runs from the pupils' environment, as root like the hub (a dedicated system user is a
follow-up). Who may use it is the hub's to say, with its own scopes:

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

from acelab_hub import read_teachers

TABLES = "acelab-tables"
TEACH = "custom:acelab-tables:teach"
ACCESS = f"access:services!service={TABLES}"
tables_port = int(os.environ.get("ACELAB_TABLES_PORT", c.JupyterHub.port + 3))
tables_url = f"http://127.0.0.1:{tables_port}"

c.JupyterHub.services.append(
    {
        "name": TABLES,
        "url": tables_url,
        "command": [str(PUPILS_VENV / "bin" / "python"), "-m", "acelab.tables"],
        "environment": {"ACELAB_TABLES_DB": str(STATE / "tables.sqlite3")},
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

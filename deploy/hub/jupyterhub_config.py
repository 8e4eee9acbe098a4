"""JupyterHub for one class on one server, kept apart the way The Littlest JupyterHub does it.

    sudo make hub    # JupyterHub, its proxy, the pupils' environment (deploy/hub/install.sh)
    sudo /opt/acelab-hub/venv/bin/python deploy/hub/acelab_hub.py teacher NAME     # once
    sudo ACELAB_HUB_IP=0.0.0.0 /opt/acelab-hub/venv/bin/jupyterhub \
        -f deploy/hub/jupyterhub_config.py

The hub runs as root and starts each pupil's server as the pupil's own system user
(``acelab-<name>``, created on the pupil's first start, private home), from the pupils' environment
``/opt/acelab-hub/venv`` (acelab's wheel and its dependencies; root's, read-only to pupils). Its
state (database, cookie secret, the teacher's password hash) is in ``/opt/acelab-hub/state``, root
only. Pupils sign up and the teacher approves them (NativeAuthenticator); see the README's
"A JupyterHub for a class" and docs/teachers/class.md.

The configuration is the pieces in ``config.d/``, read in the order of their names, each a small
documented file seeing ``c`` and the names the pieces before it set (``HERE``, ``PREFIX``,
``STATE``, ``HOMES``, ``PUPILS_VENV``, ``USER_PREFIX``). To add to the hub (nbgrader, a service),
add a piece, e.g. ``config.d/60-nbgrader.py``; what pupils' servers need goes in the pupils'
environment (``install.sh``).
"""

import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - JupyterHub provides it

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # acelab_hub: the spawner and the authenticator
shared = {"c": c, "HERE": HERE, "__builtins__": __builtins__}
for piece in sorted((HERE / "config.d").glob("*.py")):
    shared["__file__"] = str(piece)
    exec(compile(piece.read_text(encoding="utf-8"), str(piece), "exec"), shared)

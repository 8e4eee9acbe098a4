"""Where things are, from the environment; the hub runs as root.

``ACELAB_HUB_PREFIX`` (default /opt/acelab-hub): holds ``venv/``, the pupils' environment that
install.sh makes, and by default ``state/``. ``ACELAB_HUB_STATE`` (default ``PREFIX/state``): the
hub's database, cookie secret and teachers' password hashes, made root-only (0700) here.
``ACELAB_HUB_HOMES`` (default /home/acelab): the folder of pupils' homes, one per pupil named
as on the hub (the class report reads it: ``python -m acelab.classroom.report /home/acelab``).
``ACELAB_HUB_USER_PREFIX`` (default ``acelab-``): pupil ``amir`` runs as system user
``acelab-amir``.
"""

import os
import sys
from pathlib import Path

from acelab_hub import user_prefix

if os.geteuid() != 0:
    sys.exit(
        "The class hub runs as root: it starts each pupil's server as the pupil's own system "
        "user (run it with sudo)."
    )
PREFIX = Path(os.environ.get("ACELAB_HUB_PREFIX", "/opt/acelab-hub")).resolve()
STATE = Path(os.environ.get("ACELAB_HUB_STATE", PREFIX / "state")).resolve()
HOMES = Path(os.environ.get("ACELAB_HUB_HOMES", "/home/acelab")).resolve()
PUPILS_VENV = PREFIX / "venv"
USER_PREFIX = user_prefix()
if not (PUPILS_VENV / "bin" / "jupyterhub-singleuser").exists():
    sys.exit(f"The pupils' environment {PUPILS_VENV} is missing: run `sudo deploy/hub/install.sh`.")
STATE.mkdir(parents=True, exist_ok=True)
os.chown(STATE, 0, 0)
os.chmod(STATE, 0o700)
HOMES.mkdir(parents=True, exist_ok=True)
os.chmod(HOMES, 0o755)  # pupils pass through to their own home; each home is 0700

"""nbgrader: one course, its exchange, the Assignments tab for pupils and the formgrader for the
teacher (issue 23; the teacher's guide, "Setting up the course").

``ACELAB_HUB_COURSE`` (default ``acelab``): the course id. ``ACELAB_HUB_EXCHANGE`` (default
/srv/nbgrader/exchange): nbgrader's exchange, made here as nbgrader documents it (root's, every
user may write: mode 1777, the sticky bit keeping each user's entries their own). Every server
gets both (``ACELAB_COURSE``, ``ACELAB_EXCHANGE``), which the environment's
``etc/jupyter/nbgrader_config.py`` reads; it also names each pupil to nbgrader by their hub name.

install.sh switches nbgrader's teacher parts off for everyone (formgrader, course list,
create-assignment toolbar), as nbgrader documents for students; a teacher set up with
``acelab_hub.py teacher`` gets them back through a configuration folder install.sh writes
(``PREFIX/etc/teacher-jupyter``), put on the teacher's ``JUPYTER_CONFIG_PATH`` only, with
``ACELAB_TEACHER=1`` (nbgrader then sees every student, not one). Pupils who
switch them on for themselves gain nothing: the course folder is the teacher's, mode 0700.
"""

import os
import re
import sys
from pathlib import Path

from acelab_hub import read_teachers

COURSE = os.environ.get("ACELAB_HUB_COURSE", "acelab")
EXCHANGE = Path(os.environ.get("ACELAB_HUB_EXCHANGE", "/srv/nbgrader/exchange")).resolve()
if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}", COURSE):
    sys.exit(
        f"ACELAB_HUB_COURSE {COURSE!r} cannot be a course id: 1 to 40 letters, digits, '-' or "
        "'_', starting with a letter or digit."
    )
if (PUPILS_VENV / "bin" / "nbgrader").exists():
    for folder in reversed(EXCHANGE.parents):
        if not folder.exists():
            folder.mkdir(mode=0o755)
    EXCHANGE.mkdir(exist_ok=True)
    os.chown(EXCHANGE, 0, 0)
    os.chmod(EXCHANGE, 0o1777)
    c.Spawner.environment["ACELAB_COURSE"] = COURSE
    c.Spawner.environment["ACELAB_EXCHANGE"] = str(EXCHANGE)

    TEACHER_CONFIG = PREFIX / "etc" / "teacher-jupyter"  # install.sh writes it

    def teacher_parts(spawner):
        """The teacher's server: nbgrader's teacher parts on (read when the server starts)."""
        if spawner.user.name in read_teachers(STATE):
            spawner.environment = {
                **spawner.environment,
                "JUPYTER_CONFIG_PATH": str(TEACHER_CONFIG),
                "ACELAB_TEACHER": "1",
                "ACELAB_USER_PREFIX": USER_PREFIX,  # whose submission is whose
            }

    earlier_hook = c.Spawner.pre_spawn_hook if "pre_spawn_hook" in c.Spawner else None

    def pre_spawn(spawner):
        if callable(earlier_hook):
            earlier_hook(spawner)
        teacher_parts(spawner)

    c.Spawner.pre_spawn_hook = pre_spawn

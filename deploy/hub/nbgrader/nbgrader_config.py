"""nbgrader's course set-up for the class hub, for pupils and teacher alike (issue 23).

``setup.sh`` puts this file where every Jupyter of the pupils' environment reads it
(``<env>/etc/jupyter/nbgrader_config.py``), with the course id and the exchange it is given;
the teacher's course folder has its own ``nbgrader_config.py`` (see the teacher's guide,
"Marking with nbgrader") with the same two values.

nbgrader's exchange is a folder every pupil may write (nbgrader's documented permissions:
``chmod ugo+rw``); each pupil's submission goes into ``<exchange>/<course>/inbound/`` under a
name that starts with their user name, and ``nbgrader collect`` takes it from there.
"""

import os

c = get_config()  # noqa: F821 - nbgrader's config loader defines get_config

c.CourseDirectory.course_id = os.environ.get("ACELAB_COURSE", "acelab")
c.Exchange.root = os.environ.get("ACELAB_EXCHANGE", "/srv/nbgrader/exchange")

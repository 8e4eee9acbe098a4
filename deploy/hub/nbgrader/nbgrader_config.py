"""nbgrader's settings for everyone on the class hub, pupils and teacher alike (issue 23).

``install.sh`` puts this file where every Jupyter of the pupils' environment reads it
(``<env>/etc/jupyter/nbgrader_config.py``). The course id and the exchange are the hub's
(``ACELAB_HUB_COURSE``, ``ACELAB_HUB_EXCHANGE``), given to every server by
``config.d/60-nbgrader.py`` as ``ACELAB_COURSE`` and ``ACELAB_EXCHANGE``; the teacher's course
folder is in the teacher's own ``~/.jupyter/nbgrader_config.py`` (``acelab_hub.py course``).

nbgrader's exchange is a folder every user may write (nbgrader's documented permissions, plus
the sticky bit: nobody but its owner may rename or remove what another user put there); each
pupil's submission goes into ``<exchange>/<course>/inbound/`` (which pupils may write but not
list) under their user name, a time and a random string, and ``nbgrader collect`` takes it
from there.
"""

import os

c = get_config()  # noqa: F821 - nbgrader's config loader defines get_config

c.CourseDirectory.course_id = os.environ.get("ACELAB_COURSE", "acelab")
c.Exchange.root = os.environ.get("ACELAB_EXCHANGE", "/srv/nbgrader/exchange")
# A pupil is known to nbgrader by their name on the hub (``amir``), not by their system user
# (``acelab-amir``), so the gradebook, the class report and the exported marks name pupils as
# they log in. A teacher's server (``ACELAB_TEACHER=1``) keeps nbgrader's "every student".
if os.environ.get("JUPYTERHUB_USER") and os.environ.get("ACELAB_TEACHER") != "1":
    c.CourseDirectory.student_id = os.environ["JUPYTERHUB_USER"]
# The teacher collects each pupil's own submissions only (acelab_hub_exchange.py: a submission
# made under another pupil's name is not collected, and said in a sentence).
if os.environ.get("ACELAB_TEACHER") == "1":
    c.ExchangeFactory.collect = "acelab_hub_exchange.OwnedCollect"

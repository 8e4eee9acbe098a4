"""Who may log in.

NativeAuthenticator (``classhub.ClassAuthenticator``): pupils sign up on ``/hub/signup``, the
teacher approves each on ``/hub/authorize``; the teacher's account is the one set up with
``acelab_hub.py teacher NAME`` (stored in the state folder), never whoever signs up first.
JupyterHub 5 lets nobody in without an allow rule and NativeAuthenticator has none of its own: it
refuses every pupil the teacher has not approved, so every user it lets through is allowed.

``ACELAB_HUB_DUMMY=1`` lets anybody in under any name with no password: tests only, and only on
127.0.0.1. Names are checked by ``acelab_hub.NAME_PATTERN`` whichever login is used.
"""

import os
import sys

from acelab_hub import MIN_PASSWORD, NAME_PATTERN

c.Authenticator.username_pattern = f"^{NAME_PATTERN}$"
c.Authenticator.allow_all = True
if os.environ.get("ACELAB_HUB_DUMMY") == "1":
    if c.JupyterHub.ip != "127.0.0.1":
        sys.exit(
            "ACELAB_HUB_DUMMY=1 lets anybody in with no password: it is for tests, on "
            f"127.0.0.1 only (ACELAB_HUB_IP is {c.JupyterHub.ip})."
        )
    c.JupyterHub.authenticator_class = "dummy"
else:
    c.JupyterHub.authenticator_class = "classhub.ClassAuthenticator"
    c.ClassAuthenticator.state_dir = str(STATE)
    c.ClassAuthenticator.minimum_password_length = MIN_PASSWORD
    c.ClassAuthenticator.check_common_password = True
    c.ClassAuthenticator.allowed_failed_logins = 10  # then that name waits 10 minutes

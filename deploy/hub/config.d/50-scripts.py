"""``ACELAB_HUB_API_TOKEN``: a token for scripts (the tests, the classroom benchmark), a service
with the rights to add pupils and start their servers. Unset, there is no such service."""

import os

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

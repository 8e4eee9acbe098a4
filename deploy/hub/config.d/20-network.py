"""Addresses: ``ACELAB_HUB_IP`` (default 127.0.0.1; 0.0.0.0 to serve a classroom) and
``ACELAB_HUB_PORT`` (8000; the hub also uses the next two ports, on 127.0.0.1 only). The proxy is
configurable-http-proxy from deploy/hub/node_modules (``make hub``)."""

import os

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

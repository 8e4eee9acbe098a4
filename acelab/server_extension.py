"""A Jupyter Server extension that lets a click's answer reach the browser at once.

Jupyter Server writes a kernel's messages to the browser on a websocket with Nagle's algorithm
on (tornado's default): a message written while the one before it still waits for the
browser's acknowledgement is held until that acknowledgement comes, and the browser delays it
(40 ms on Linux). Every click on a card table paid it: the kernel's "busy" goes out first and
the table's answer, a millisecond later, waited about 40 ms behind it. This extension sets
``TCP_NODELAY`` on each kernel websocket as it opens, as tornado's documentation advises for
websockets that carry small interactive messages; nothing else changes.

acelab installs ``etc/jupyter/jupyter_server_config.d/acelab.json``, which enables it in every
Jupyter Server of the environment (JupyterLab, Notebook, a JupyterHub's single-user servers):
``jupyter server extension list`` shows it. Voila run on its own loads no server extension
(its kernels' websockets keep Nagle's delay); Voila served by Jupyter Server (``/voila``) has it.
"""

from __future__ import annotations

import inspect
from typing import Any

__all__ = ["nodelay_kernel_websockets"]

_MARK = "_acelab_nodelay"


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Where Jupyter Server finds this extension (this module)."""
    return [{"module": "acelab.server_extension"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Called by Jupyter Server at start: no Nagle delay on kernel websockets."""
    nodelay_kernel_websockets()
    serverapp.log.info("acelab: kernel websockets send each message at once (TCP_NODELAY)")


def nodelay_kernel_websockets() -> bool:
    """Make every kernel websocket Jupyter Server opens from now on set ``TCP_NODELAY``;
    False when it was done before (calling again changes nothing)."""
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    handler: Any = KernelWebsocketHandler
    original = handler.open
    if getattr(original, _MARK, False):
        return False

    async def open(self: Any, *args: Any, **kwargs: Any) -> Any:
        self.set_nodelay(True)
        opened = original(self, *args, **kwargs)
        return await opened if inspect.isawaitable(opened) else opened

    setattr(open, _MARK, True)
    open.__doc__ = original.__doc__
    handler.open = open
    return True

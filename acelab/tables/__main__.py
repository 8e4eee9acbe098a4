"""``python -m acelab.tables``: the table service, as the class hub starts it (a managed service).

The hub gives it ``JUPYTERHUB_SERVICE_URL`` (where to listen), ``JUPYTERHUB_SERVICE_PREFIX`` and
its API token; ``ACELAB_TABLES_DB`` names its SQLite file (deploy/hub/config.d/70-tables.py runs
it as a system user of its own and puts the file in that user's private folder). It listens on the
service URL's host, or on ``ACELAB_TABLES_IP`` (Zero to JupyterHub: 0.0.0.0 in the hub's pod,
reached as ``hub:10101``).
``--bot-pause`` is the seconds between two bot moves.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from pathlib import Path
from urllib.parse import urlparse

from acelab.tables.service import HubIdentity, make_app, start_ticking
from acelab.tables.tables import Tables

NEEDS_HUB = (
    "The table service runs inside the class hub, which starts it and signs its requests in: "
    "register it as a service (deploy/hub/config.d/70-tables.py) instead of starting it by hand."
)


def main(argv: list[str] | None = None) -> int:
    """Serve the tables until stopped (SIGTERM or SIGINT)."""
    parser = argparse.ArgumentParser(prog="python -m acelab.tables", description=__doc__)
    parser.add_argument("--db", default=os.environ.get("ACELAB_TABLES_DB"))
    parser.add_argument("--bot-pause", type=float, default=1.0)
    args = parser.parse_args(argv)
    if not os.environ.get("JUPYTERHUB_API_TOKEN") or not os.environ.get("JUPYTERHUB_SERVICE_URL"):
        print(NEEDS_HUB, file=sys.stderr)
        return 2
    if not args.db:
        print("Name the tables' SQLite file: --db PATH or ACELAB_TABLES_DB.", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s %(asctime)s tables] %(message)s")
    url = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/acelab-tables/")
    tables = Tables(Path(args.db), bot_pause=args.bot_pause)
    logging.info("%d tables loaded from %s", len(tables.rooms), args.db)
    host = os.environ.get("ACELAB_TABLES_IP") or url.hostname or "127.0.0.1"
    return asyncio.run(_serve(tables, host, url.port or 10101, prefix))


async def _serve(tables: Tables, host: str, port: int, prefix: str) -> int:
    app = make_app(tables, HubIdentity(), prefix)
    server = app.listen(port, address=host, xheaders=True, max_body_size=1024 * 1024)
    start_ticking(app)
    logging.info("serving tables on http://%s:%d%s", host, port, prefix)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    server.stop()
    tables.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

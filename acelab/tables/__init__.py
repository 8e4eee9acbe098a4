"""Play together: the class hub's table service (issue 25).

Pupils on their own devices play Lex's Ace of Spades, Absolutely Aces or Ace of Spades' co-op at
one table. The service (``python -m acelab.tables``, a JupyterHub-managed service) holds each
table's real state, applies moves with acelab's engine and sends each seat only what that seat
may see (``observation`` and ``visible_events``); bots play empty and silent seats. Pupils'
kernels talk to it with :class:`acelab.tables.client.TableClient`.

- :mod:`acelab.tables.tables`: :class:`Tables`, every table of a class, without the network;
- :mod:`acelab.tables.room`: :class:`TableRoom`, one table;
- :mod:`acelab.tables.service`: the HTTP service, authenticated by the hub;
- :mod:`acelab.tables.client`: the pupils' (and the teacher's) client.
"""

from __future__ import annotations

from acelab.tables.room import TableRoom
from acelab.tables.tables import Tables
from acelab.tables.words import TableRefused

__all__ = ["TableRefused", "TableRoom", "Tables"]

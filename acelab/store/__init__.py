"""The learner's progress store: saved games, exercise attempts, achievements and practice
ratings, in SQLite.

One file, ``$ACELAB_HOME/acelab.sqlite3`` (default ``~/.acelab/acelab.sqlite3``), in WAL mode so
any number of open notebooks create, upgrade and write it at once without losing anything (a
write that waits longer than the store's ``timeout`` for another notebook is kept and made with
the next one, and a file another notebook holds when the store opens is *busy*, never damaged:
see :attr:`Store.waiting`). Games are kept as seed, options and move log (with each move's
events), so any game replays exactly::

    from acelab.store import open_store
    store = open_store()
    for saved in store.games("ace_pilot"):
        print(saved.seed, len(saved.moves), saved.outcome, saved.replay().phase)

Practice ratings are kept by scope and item (:meth:`Store.save_rating`, :meth:`Store.ratings`).

A damaged file (one that fails SQLite's full ``integrity_check``), a file of another program,
a store written by a newer acelab or a read-only file is never changed: the store opens but is
not :attr:`~Store.writable`, :attr:`~Store.problem` says why in one sentence, and every method
does nothing (or returns nothing). No method raises
because of the file; bad arguments are refused with ``ValueError``.

Three modules: :mod:`acelab.store.files` guards, locks and opens the file (creating and
upgrading its tables, the promises about many notebooks at once), :mod:`acelab.store.records`
turns rows into saved games, attempts and achievements and back, and :mod:`acelab.store.api`
is the :class:`Store` every notebook uses.
"""

from __future__ import annotations

from acelab.store.api import Store, open_store
from acelab.store.files import (
    APPLICATION_ID,
    BUSY_TIMEOUT,
    FILE_NAME,
    SCHEMA_VERSION,
    default_home,
)
from acelab.store.records import MAX_DRAFT_CHARS, Achievement, Attempt, SavedGame, TableGame

__all__ = [
    "APPLICATION_ID",
    "BUSY_TIMEOUT",
    "FILE_NAME",
    "MAX_DRAFT_CHARS",
    "SCHEMA_VERSION",
    "Achievement",
    "Attempt",
    "SavedGame",
    "Store",
    "TableGame",
    "default_home",
    "open_store",
]

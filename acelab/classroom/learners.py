"""Who is answering: the name every attempt is recorded with.

On a JupyterHub the hub's user name (``JUPYTERHUB_USER``) is the learner; elsewhere
``ACELAB_LEARNER`` if it is set; else the name the learner gave once in the welcome notebook,
kept in their progress store (:meth:`acelab.store.Store.name_learner`). Nobody has to give a
name to play or to answer: the name is then ``""``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

__all__ = ["ENVIRONMENT", "learner", "logged_in_as", "name_learner"]

ENVIRONMENT: Final = ("JUPYTERHUB_USER", "ACELAB_LEARNER")
"""The environment variables that name the learner, the first set one winning."""


def logged_in_as() -> str:
    """The name the environment gives (the hub's user, else ``ACELAB_LEARNER``), or ``""``."""
    for variable in ENVIRONMENT:
        name = os.environ.get(variable, "").strip()
        if name:
            return name
    return ""


def learner(home: str | Path | None = None) -> str:
    """The learner's name: :func:`logged_in_as`, else the name kept in the progress store in
    ``home``, else ``""``."""
    if logged_in_as():
        return logged_in_as()
    from acelab.store import open_store

    store = open_store(home)
    try:
        return store.learner()
    finally:
        store.close()


def name_learner(name: str, home: str | Path | None = None) -> str:
    """Keep ``name`` as the learner's name and return the sentence that says so."""
    from acelab.store import open_store

    if not isinstance(name, str) or not name.strip():
        raise ValueError("Type your name first (or skip this: you can play without it).")
    store = open_store(home)
    try:
        if not store.writable:
            return f"Your name cannot be kept: {store.problem}"
        store.name_learner(name)
        if logged_in_as():
            return f"Kept, but here your answers are recorded as {logged_in_as()}."
        return f"Thanks, {name.strip()}: your answers are now recorded with your name."
    finally:
        store.close()

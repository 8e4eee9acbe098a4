"""A pytest plugin: the whole run, nbval's notebook kernels included, uses a throw-away progress
store and answer-file folder. Notebooks open panels and answer boxes that save to ``$ACELAB_HOME``
and ``$ACELAB_ANSWERS``; without this, running ``notebooks/`` and ``teachers/`` under nbval would
write to the real ``~/.acelab`` and leave ``acelab-answers.json`` files in the repository."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_CREATED: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    """Point ``ACELAB_HOME`` and ``ACELAB_ANSWERS`` at a new temporary folder before any kernel
    starts, and name no learner."""
    home = tempfile.mkdtemp(prefix="acelab-test-home-")
    _CREATED.append(home)
    os.environ["ACELAB_HOME"] = home
    os.environ["ACELAB_ANSWERS"] = os.path.join(home, "answers")
    for variable in ("JUPYTERHUB_USER", "ACELAB_LEARNER"):
        os.environ.pop(variable, None)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the folder again."""
    while _CREATED:
        shutil.rmtree(_CREATED.pop(), ignore_errors=True)

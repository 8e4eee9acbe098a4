"""The classroom: who is answering (``learners``), their attempts kept (``attempts``, the
answer file), the autograder's marks (``marking``, ``policy``), the pupils' folder to publish
(``pupils``, ``python -m acelab.classroom``), the student and teacher editions (``editions``),
and the class's work read and counted for the teacher (``submissions``, ``counts``, ``report``,
``gradebooks``, ``sheets``).

This package took the name of the module that wrote the pupils' folder, now
:mod:`acelab.classroom.pupils`: its names are handed on from here, so older imports
(``from acelab.classroom.pupils import write_class``) still work.
"""

from __future__ import annotations

import importlib
from typing import Any

_FORMER = "acelab.classroom.pupils"
_HANDED_ON = frozenset(
    {
        "KEPT_OUT",
        "ROOT",
        "class_files",
        "main",
        "nbgrader_sources",
        "requirements",
        "without_hidden_tests",
        "write_class",
        "write_nbgrader_sources",
    }
)
"""The old module's names (the package's own submodules are not among them, so importing
``acelab.classroom.marking`` does not load the pupils' folder's code)."""


def __getattr__(name: str) -> Any:
    """One of the old module's names, from :mod:`acelab.classroom.pupils`."""
    if name not in _HANDED_ON:
        raise AttributeError(f"module 'acelab.classroom.pupils' has no attribute {name!r}")
    return getattr(importlib.import_module(_FORMER), name)

"""Where the modules of acelab's old flat top level went (issue 24), and the import hook that
keeps their old names working.

``import acelab.marking`` (and ``from acelab.lessons import ask``, ``python -m acelab.report``)
gives the very module now at its new path, the same object: a monkeypatch, an ``isinstance``
check, a private name and a save naming a class all see one module. Pupils' copies of the
notebooks keep importing the old names, so they stay in this one table rather than in a file
of re-exports per old module. The package imports this module first (``acelab/__init__.py``).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import CodeType, ModuleType
from typing import Final

__all__ = ["FORWARDED", "MOVED", "MovedFinder", "install"]

MOVED: Final[dict[str, str]] = {
    # the engine: the protocol and the pieces every game shares
    "acelab.basics": "acelab.engine.terms",
    "acelab.cards": "acelab.engine.cards",
    "acelab.catalogue": "acelab.engine.catalogue",
    "acelab.dispatch": "acelab.engine.dispatch",
    "acelab.frozen": "acelab.engine.frozen",
    "acelab.games": "acelab.engine.games",
    "acelab.lazy": "acelab.engine.lazy",
    "acelab.play": "acelab.engine.play",
    "acelab.seeds": "acelab.engine.seeds",
    "acelab.shipped": "acelab.engine.shipped",
    "acelab.stats": "acelab.engine.stats",
    # the store: CSV cells a spreadsheet cannot run (its export and the class report's files)
    "acelab.sheets": "acelab.store.sheets",
    # teaching: exercises, answers checked, keys and plans
    "acelab.answers": "acelab.teaching.answers",
    "acelab.exercises": "acelab.teaching.exercises",
    "acelab.keys": "acelab.teaching.answer_keys",
    "acelab.lessons": "acelab.teaching.cells",
    "acelab.plans": "acelab.teaching.plans",
    "acelab.reading": "acelab.teaching.reading",
    "acelab.skills": "acelab.teaching.skills",
    # the classroom: learners, attempts kept, marking, the class's work read and reported
    "acelab.answer_file": "acelab.classroom.answer_file",
    "acelab.attempts": "acelab.classroom.attempts",
    "acelab.class_counts": "acelab.classroom.counts",
    "acelab.editions": "acelab.classroom.editions",
    "acelab.gradebooks": "acelab.classroom.gradebooks",
    "acelab.learners": "acelab.classroom.learners",
    "acelab.marking": "acelab.classroom.marking",
    "acelab.policy": "acelab.classroom.policy",
    "acelab.report": "acelab.classroom.report",
    "acelab.submissions": "acelab.classroom.submissions",
    # analysis modules renamed so no name is both an analysis and a lesson of one game
    "acelab.ace_of_spades.deciding": "acelab.ace_of_spades.redraws",
    "acelab.ace_of_spades_lex.chance": "acelab.ace_of_spades_lex.draw_chances",
    # a game's move table and handlers are in its actions.py, in every game
    "acelab.ace_of_spades_lex.turns": "acelab.ace_of_spades_lex.actions",
    # one module called cards (the engine's): the others named for what they hold
    "acelab.absolutely_aces.cards": "acelab.absolutely_aces.card_set",
    "acelab.widgets.cards": "acelab.widgets.card_row",
}
"""Old dotted name -> the module's home now."""

FORWARDED: Final[dict[str, str]] = {"acelab.classroom": "acelab.classroom.pupils"}
"""An old module whose name a package took: the package hands on the old module's names
(``from acelab.classroom import write_class``) and ``python -m`` runs it (``__main__``)."""


class _AliasLoader(importlib.abc.Loader):
    """Loads an old name as the module at its new home (the same object)."""

    def __init__(self, target: str) -> None:
        self.target = target
        self._own_spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.target)
        self._own_spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # the import system has just given the module the alias's spec: it keeps its own
        module.__spec__ = self._own_spec

    def get_code(self, fullname: str) -> CodeType | None:
        """The new module's code, for ``python -m`` with an old name (runpy asks for it)."""
        spec = importlib.util.find_spec(self.target)
        loader = spec.loader if spec is not None else None
        if not isinstance(loader, importlib.abc.InspectLoader):
            return None
        return loader.get_code(self.target)

    def is_package(self, fullname: str) -> bool:
        return False


class MovedFinder(importlib.abc.MetaPathFinder):
    """Finds the old names of :data:`MOVED` (and nothing else)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        found = importlib.util.find_spec(new)
        origin = found.origin if found is not None else None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(new), origin=origin)


def install() -> None:
    """Put one :class:`MovedFinder` first on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())

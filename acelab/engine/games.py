"""Find a game's rules by the name it saves under (``"ace_pilot"``), importing only that game.

The progress store keeps games by name and replays them through :func:`by_name`, so it never
imports a panel or a widget library. A game package ``acelab/<name>/`` whose ``rules`` module
(or the package itself) defines a :class:`~acelab.engine.Game` subclass with that ``name`` is
found without being listed here.
"""

from __future__ import annotations

import importlib
from typing import Any, Final

from acelab.engine import Game
from acelab.engine.catalogue import GAMES

__all__ = ["NAMES", "by_name"]

NAMES: Final = tuple(game.folder for game in GAMES)
"""The four games, by the names they save under, in a fixed order (tests run over it): the
games of :data:`acelab.engine.catalogue.GAMES`, each declared once by its own package
(``acelab/<game>/game.toml``, read without importing the game)."""


def by_name(name: str) -> Game[Any, Any]:
    """The rules of the game saved as ``name``. Raises ``ValueError`` for an unknown name."""
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"{name!r} is not the name of an acelab game.")
    for module_name in (f"acelab.{name}.rules", f"acelab.{name}"):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Game)
                and value is not Game
                and getattr(value, "name", None) == name
            ):
                found: Game[Any, Any] = value()
                return found
    raise ValueError(f"{name!r} is not the name of an acelab game.")

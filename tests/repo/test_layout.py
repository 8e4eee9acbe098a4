"""The one shape of every game package (issue 15): the same files in the same places, no
import circles anywhere in acelab, and a README whose Layout names what is in the tree."""

from __future__ import annotations

import ast
import functools
import importlib
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from acelab.engine.catalogue import DECLARATION
from acelab.engine.dispatch import MoveTable
from acelab.engine.games import NAMES, by_name

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "acelab"

GAME_FILES = (
    "state.py",
    "moves.py",
    "events.py",
    "rules.py",
    "actions.py",
    "validate.py",
    "narrate.py",
    "bots.py",
    "table_view.py",
    "gestures.py",
    "panel.py",
)


@pytest.mark.parametrize("game", NAMES)
def test_every_game_has_the_same_files(game: str) -> None:
    folder = PACKAGE / game
    missing = [name for name in GAME_FILES if not (folder / name).is_file()]
    assert not missing, f"{game} lacks {missing}"
    assert (folder / "lessons" / "__init__.py").is_file()


def _string_constants(path: Path) -> set[str]:
    return {
        node.value
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


def test_each_game_package_declares_itself_and_nothing_else_does() -> None:
    # a game package (one with the Game of rules.py) declares itself in its own game.toml...
    games = {p.parent.name for p in PACKAGE.glob("*/rules.py")}
    declared = {p.parent.name for p in PACKAGE.glob(f"*/{DECLARATION}")}
    assert games == declared == set(NAMES)
    everywhere = sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob(DECLARATION))
    assert everywhere == sorted(f"{game}/{DECLARATION}" for game in NAMES)
    for game in NAMES:
        assert by_name(game).name == game
    # ...and no module lists what a game is: only the catalogue's reader makes a CatalogueGame
    # or CatalogueLesson, and the engine (the catalogue, games.NAMES) names no game
    makers = sorted(
        _module_name(path)
        for path in PACKAGE.rglob("*.py")
        if any(
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in {"CatalogueGame", "CatalogueLesson"}
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        )
    )
    assert makers == ["acelab.engine.catalogue"]
    named = {
        path.name: sorted(_string_constants(path) & set(NAMES))
        for path in (PACKAGE / "engine").glob("*.py")
    }
    assert {name: found for name, found in named.items() if found} == {}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


_BLOCKS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.For, ast.While, ast.With)
"""Statements whose bodies may import (an import inside a function counts)."""


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The acelab modules ``path`` imports, when it is imported or inside its functions (an
    import put off into a function is still a dependency), but not only for type checkers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If):
                test = ast.unparse(node.test)
                if "TYPE_CHECKING" not in test:
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, _BLOCKS):
                visit(node.body)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)

    visit(tree.body)
    return {name for name in found if name in modules and name != here}


@functools.cache
def _import_graph() -> dict[str, set[str]]:
    """Every acelab module and the acelab modules it imports (read once per run: no test changes
    it, and parsing the whole package takes seconds on a busy 2-core machine)."""
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    modules = set(paths)
    return {name: _imports(path, modules) for name, path in paths.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def test_no_import_circles_in_acelab() -> None:
    # a package's __init__ importing its own submodules is not a circle worth naming
    graph = {
        name: {t for t in targets if not (t.startswith(name + "."))}
        for name, targets in _import_graph().items()
    }
    graph = {
        name: {t for t in targets if not name.startswith(t + ".")}
        for name, targets in graph.items()
    }
    assert [c for c in _cycles(graph) if c not in KNOWN_CIRCLES] == []


KNOWN_CIRCLES: list[list[str]] = []
"""None left: the last one (``answers`` ↔ ``marking``, through an import inside
``answers.record_attempt``) went when ``answers.py`` became pure checking (issue 24)."""


def test_the_import_reader_sees_imports_inside_functions() -> None:
    graph = _import_graph()
    assert "acelab.practice.mastery" in graph["acelab.widgets.answer"]  # inside AnswerBox.another


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c"]]


GAME_NAMES: dict[str, tuple[str, ...]] = {
    "actions": ("MOVES", "DOING"),
    "validate": ("check_state",),
    "narrate": ("SENTENCES", "narrate"),
    "bots": ("BOTS", "simulate", "random_bot"),
    "table_view": ("table", "TableOptions"),
    "gestures": ("interpret",),
}
"""The names each game file defines, the same in every game (issue 24)."""

GAME_METHODS = (
    "new_state",
    "to_move",
    "legal_moves",
    "step",
    "observation",
    "visible_events",
    "check_state",
)
RULES_LINES = 210
"""rules.py is the Game only: about 200 lines at most."""


@pytest.mark.parametrize("game", NAMES)
def test_every_game_file_defines_the_same_names(game: str) -> None:
    missing = [
        f"{module}.{name}"
        for module, names in GAME_NAMES.items()
        for name in names
        if not hasattr(importlib.import_module(f"acelab.{game}.{module}"), name)
    ]
    assert not missing, f"{game} lacks {missing}"
    actions = importlib.import_module(f"acelab.{game}.actions")
    assert isinstance(actions.MOVES, MoveTable)
    assert dict(actions.DOING) == dict(actions.MOVES.doing)
    assert isinstance(importlib.import_module(f"acelab.{game}.bots").BOTS["strong"], Callable)


@pytest.mark.parametrize("game", NAMES)
def test_rules_is_the_game_only(game: str) -> None:
    path = PACKAGE / game / "rules.py"
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= RULES_LINES, f"{game}/rules.py has {lines} lines"
    rules = by_name(game)
    assert type(rules).__module__ == f"acelab.{game}.rules"
    for method in GAME_METHODS:
        assert callable(getattr(rules, method, None)), f"{game} has no {method}"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    handlers = [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and [a.arg for a in node.args.args][-2:] == ["move", "events"]
    ]
    assert not handlers, f"{game}/rules.py holds move handlers {handlers}: they go in actions.py"


LAYERS = ("engine", "store", "teaching", "classroom")
"""The layer packages, lowest first: each imports only from the layers before it (and the
engine from nothing above it). The games, practice and widgets stand on them."""

TOP_LEVEL = {
    "__init__.py",
    "_moved.py",
    "poker.py",
    "server_extension.py",
    "lesson_points.json",
    *LAYERS,
    "practice",
    "widgets",
    "tables",
    *NAMES,
}
"""What the top of acelab/ holds: the layers, the games, practice, the widgets, the class table
service (``python -m acelab.tables``, standing on the games like the widgets), poker.py
(hand categories and their counts, shared by Devir and its lessons) and server_extension.py (the
Jupyter Server extension that answers clicks without Nagle's delay; Jupyter finds it by name)."""

UPWARD: dict[tuple[str, str], str] = {
    ("acelab.teaching.answers", "acelab.classroom.attempts"): (
        "record_attempt and main, the old names, handed on when asked for (module __getattr__)"
    ),
}
"""Imports from a layer into a higher one, each with its reason (no other may appear)."""


def _layer(module: str) -> str:
    return module.split(".")[1] if module.count(".") else ""


def test_the_top_level_shows_the_layers() -> None:
    here = {
        p.name
        for p in PACKAGE.iterdir()
        if p.name != "__pycache__" and (p.is_file() or (p / "__init__.py").is_file())
    }
    assert here == TOP_LEVEL, (
        f"unexpected {sorted(here - TOP_LEVEL)}, missing {sorted(TOP_LEVEL - here)}"
    )


def test_each_layer_imports_only_the_layers_below_it() -> None:
    upward = []
    for module, targets in _import_graph().items():
        if _layer(module) not in LAYERS:
            continue
        below = LAYERS[: LAYERS.index(_layer(module)) + 1]
        upward += [
            (module, target)
            for target in sorted(targets)
            if _layer(target) not in below and (module, target) not in UPWARD
        ]
    assert upward == [], "a layer imports from a layer above it (or from a game, practice, widgets)"


def test_the_readme_layout_names_every_module_and_the_game_files() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = text.split("## Layout", 1)[1].split("```")[1]
    listed = set(re.findall(r"\b([a-z_]+\.py)\b", layout))
    for folder in (PACKAGE, *(PACKAGE / layer for layer in LAYERS)):
        modules = {
            p.name for p in folder.glob("*.py") if p.name not in {"__init__.py", "__main__.py"}
        }
        assert modules <= listed, (
            f"README Layout misses {sorted(modules - listed)} of {folder.name}/"
        )
    assert set(GAME_FILES) <= listed


OWN_TEST_FOLDERS = {"browser", "conformance", "repo"}
"""Test folders that mirror no package folder: the browser tests (Playwright), the conformance
suite (every game through one suite) and the repository as a whole (README, layout, links,
Binder, make lab, deploy). Every other folder holding tests mirrors a package folder."""


def _strays(tests: Path, package: Path) -> list[str]:
    """The tests that do not mirror ``package``: a folder of tests with no package folder of the
    same path, or a test at the top of ``tests`` named for no top-level module (test_poker_*.py
    tests poker.py, test_moved.py tests _moved.py)."""
    packages = {p.parent.relative_to(package) for p in package.rglob("__init__.py")}
    modules = {p.stem.lstrip("_") for p in package.glob("*.py") if p.name != "__init__.py"}
    strays = []
    for path in sorted(tests.rglob("test_*.py")):
        folder = path.parent.relative_to(tests)
        if folder.parts and folder.parts[0] in OWN_TEST_FOLDERS:
            continue
        if folder.parts and folder not in packages:
            strays.append(str(path.relative_to(tests)))
        elif not folder.parts:
            topic = path.stem.removeprefix("test_")
            if not any(topic == m or topic.startswith(m + "_") for m in modules):
                strays.append(path.name)
    return strays


def test_the_tests_mirror_the_package() -> None:
    assert _strays(ROOT / "tests", PACKAGE) == [], (
        "put each test in the folder of its package (tests/store/ for acelab/store/, each "
        "lesson's in tests/<game>/lessons/), the repository's in tests/repo/"
    )


def test_the_mirror_check_finds_a_stray(tmp_path: Path) -> None:
    package, tests = tmp_path / "acelab", tmp_path / "tests"
    for folder in (package / "store", tests / "store", tests / "poker", tests / "repo"):
        folder.mkdir(parents=True)
    (package / "__init__.py").touch()
    (package / "store" / "__init__.py").touch()
    (package / "poker.py").touch()
    for name in ("store/test_api.py", "poker/test_counts.py", "repo/test_readme.py"):
        (tests / name).touch()
    for name in ("test_poker_counts.py", "test_store.py", "test_pokerface.py"):
        (tests / name).touch()
    assert _strays(tests, package) == ["poker/test_counts.py", "test_pokerface.py", "test_store.py"]

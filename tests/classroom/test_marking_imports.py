"""No import circle through the marking modules, counting imports inside functions too (issue 24:
``answers.py`` ↔ ``marking.py`` went through an import inside ``answers.record_attempt``)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.repo.test_layout import PACKAGE, _cycles, _module_name

MINE = {
    "acelab.teaching.answers",
    "acelab.classroom.answer_file",
    "acelab.classroom.attempts",
    "acelab.classroom.marking",
    "acelab.classroom.policy",
    "acelab.classroom.submissions",
    "acelab.classroom.counts",
    "acelab.classroom.report",
}


def _every_import(path: Path, modules: set[str]) -> set[str]:
    """The acelab modules ``path`` imports anywhere (in functions too), but for type checkers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module_name(path)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for part in node.body for inner in ast.walk(part))
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name in modules and name != here}


def test_the_marking_modules_are_in_no_import_circle_even_inside_functions() -> None:
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {name: _every_import(path, set(paths)) for name, path in paths.items()}
    graph = {
        name: {t for t in targets if not t.startswith(name + ".") and not name.startswith(t + ".")}
        for name, targets in graph.items()
    }
    circles = [circle for circle in _cycles(graph) if MINE & set(circle)]
    assert circles == []


def test_checking_an_answer_imports_no_storage() -> None:
    source = (PACKAGE / "teaching" / "answers.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    top = {
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("acelab")
    }
    assert top == {"acelab.engine.terms", "acelab.teaching.reading"}


def test_the_old_import_paths_still_work() -> None:
    from acelab.classroom.attempts import main as main_now
    from acelab.classroom.attempts import record_attempt as record_now
    from acelab.classroom.counts import class_report as counted
    from acelab.classroom.marking import ANSWER_FILE, grade, keep_answer, mark, read_answers
    from acelab.classroom.report import Submission, class_report, find_exercise, read_folder
    from acelab.classroom.submissions import read_folder as reading
    from acelab.teaching.answers import main, record_attempt

    assert record_attempt is record_now and main is main_now
    assert class_report is counted and read_folder is reading
    assert ANSWER_FILE == "acelab-answers.json"
    assert all(callable(f) for f in (grade, keep_answer, mark, read_answers, find_exercise))
    assert Submission.__module__ == "acelab.classroom.submissions"

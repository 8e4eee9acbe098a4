"""Student and teacher editions of every lesson, made from one source notebook each.

``python -m acelab.classroom.editions`` (``make editions``) reads every notebook under ``lessons/``
and writes, at the same relative path,

- the **student edition** under ``notebooks/``: outputs cleared, every cell tagged ``teacher``,
  ``solution`` or ``answers`` removed, and each cell tagged ``exercise`` (one ``ask(question)``
  call) made read-only for nbgrader and followed by its autograder test cell: nbgrader's hidden
  tests calling :func:`acelab.classroom.marking.mark` with the exercise's ``points``, which
  re-checks the answer the learner kept in the answer file (``grade_id`` is the exercise's); and,
  after the cell importing ``acelab.teaching.cells``, the locked **marking policy** cell
  ``marking_policy("penalty", 0.1)`` (:mod:`acelab.classroom.policy`), which the teacher may change
  in nbgrader's ``source/`` and which shows pupils how they are marked;
- the **teacher edition** under ``teachers/``: every cell kept (worked answers and teacher
  notes), outputs cleared, a banner on top, and links to other notebooks pointed back at
  ``notebooks/``.

An exercise cell names its exercise in its metadata: ``{"acelab": {"grade_id": "…",
"points": 1}}``. ``python -m acelab.classroom.editions --check`` fails when a committed edition is
not what its source gives.

It also writes what :mod:`acelab.engine.catalogue` makes from the one list of games: the README's
games table, the welcome notebook's table and links, and each game's rules page as
``notebooks/<game>/rules.html``, where ``make lab`` and Voila serve it.
"""

from __future__ import annotations

import ast
import copy
import json
import posixpath
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

from acelab.classroom.policy import DEFAULT
from acelab.engine.catalogue import (
    GAMES,
    between_markers,
    readme_table,
    rules_page,
    start_here,
    welcome_links,
    welcome_table,
)
from acelab.teaching.reading import RULE as ANSWER_RULE

__all__ = [
    "ROOT",
    "TEACHER_TAGS",
    "catalogue_files",
    "editions",
    "student_edition",
    "teacher_edition",
    "write",
]

ROOT: Final = Path(__file__).resolve().parents[2]
TEACHER_TAGS: Final = frozenset({"teacher", "solution", "answers"})
EXERCISE_TAG: Final = "exercise"
POLICY_ID: Final = "marking-policy"
"""The grade_id (and cell id) of the student edition's marking policy cell."""
_LINK: Final = re.compile(r"\]\(([^)#\s]+\.ipynb)(#[^)]*)?\)")

Notebook = dict[str, Any]
Cell = dict[str, Any]


def _tags(cell: Cell) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def _cleared(cell: Cell) -> Cell:
    cell = copy.deepcopy(cell)
    if cell["cell_type"] == "code":
        cell["outputs"] = []
        cell["execution_count"] = None
    metadata = cell.setdefault("metadata", {})
    for transient in ("execution", "collapsed", "scrolled"):
        metadata.pop(transient, None)
    return cell


def _grade_id(cell: Cell, source: str) -> str:
    grade_id = cell["metadata"].get("acelab", {}).get("grade_id")
    if not isinstance(grade_id, str) or not grade_id:
        raise ValueError(f"An exercise cell of {source} has no acelab.grade_id in its metadata.")
    return grade_id


def _nbgrader(grade_id: str, *, points: int | None = None) -> dict[str, Any]:
    """nbgrader's metadata: a read-only cell, or (with ``points``) an autograder test cell."""
    return {
        "grade": points is not None,
        "grade_id": grade_id,
        "locked": True,
        **({"points": points} if points is not None else {}),
        "schema_version": 3,
        "solution": False,
        "task": False,
    }


def _exercise_metadata(cell: Cell, source: str) -> Cell:
    """The exercise's answer box, read-only for nbgrader (autograde puts back an edited one)."""
    cell["metadata"]["nbgrader"] = _nbgrader(f"{_grade_id(cell, source)}-box")
    return cell


def _marking_cell(cell: Cell, source: str) -> Cell:
    """The autograder test cell after an exercise ``ask(QUESTION)``: ``mark(QUESTION, points)``
    between nbgrader's hidden-test markers (see :mod:`acelab.classroom.marking`)."""
    grade_id = _grade_id(cell, source)
    code = "".join(cell["source"]).strip()
    call = ast.parse(code).body if _parses(code) else []
    if not (
        len(call) == 1
        and isinstance(call[0], ast.Expr)
        and isinstance(call[0].value, ast.Call)
        and isinstance(call[0].value.func, ast.Name)
        and call[0].value.func.id == "ask"
        and len(call[0].value.args) == 1
        and not call[0].value.keywords
    ):
        raise ValueError(f"The exercise {grade_id} of {source} is not one ask(question) call.")
    question = ast.get_source_segment(code, call[0].value.args[0])
    points = int(cell["metadata"]["acelab"].get("points", 1))
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": f"{grade_id}-marking"[-64:],
        "metadata": {"nbgrader": _nbgrader(grade_id, points=points), "tags": ["marking"]},
        "outputs": [],
        "source": _split(
            "# Your teacher's marking re-checks the answer you gave above (it does nothing here).\n"
            "### BEGIN HIDDEN TESTS\n"
            "from acelab.classroom.marking import mark\n"
            f"mark({question}, {points})\n"
            "### END HIDDEN TESTS"
        ),
    }


def _policy_cell() -> Cell:
    """The locked cell that sets and shows how the lesson is marked (the default policy)."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": POLICY_ID,
        "metadata": {"nbgrader": _nbgrader(POLICY_ID), "tags": ["marking-policy"]},
        "outputs": [],
        "source": _split(
            "# How this lesson is marked: your teacher chooses (first, penalty or best).\n"
            "from acelab.classroom.marking import marking_policy\n"
            f"{DEFAULT.call()}"
        ),
    }


def _imports_lessons(cell: Cell) -> bool:
    return cell["cell_type"] == "code" and "from acelab.teaching.cells import" in "".join(
        cell["source"]
    )


def _parses(code: str) -> bool:
    try:
        ast.parse(code)
    except SyntaxError:
        return False
    return True


def _check_ids(notebook: Notebook, source: str) -> None:
    seen: set[str] = set()
    for cell in notebook["cells"]:
        if EXERCISE_TAG in _tags(cell):
            grade_id = cell["metadata"].get("acelab", {}).get("grade_id", "")
            if grade_id in seen:
                raise ValueError(f"{source} uses the grade_id {grade_id!r} twice.")
            seen.add(grade_id)


def student_edition(notebook: Notebook, source: str) -> Notebook:
    """The learner's notebook: no teacher cells, no outputs, exercise cells marked for grading."""
    _check_ids(notebook, source)
    edition = copy.deepcopy(notebook)
    cells = []
    policy_set = False
    for cell in notebook["cells"]:
        tags = _tags(cell)
        if tags & TEACHER_TAGS:
            continue
        cleared = _cleared(cell)
        if EXERCISE_TAG in tags:
            cells.extend([_exercise_metadata(cleared, source), _marking_cell(cleared, source)])
        else:
            cells.append(cleared)
        if not policy_set and _imports_lessons(cleared):
            cells.append(_policy_cell())
            policy_set = True
    edition["cells"] = cells
    edition["metadata"]["acelab"] = {"edition": "student", "source": source}
    return edition


def _relink(text: str, folder: str) -> str:
    """Links to other notebooks, from ``teachers/<folder>`` back to ``notebooks/<folder>``."""

    def point(match: re.Match[str]) -> str:
        target, anchor = match.group(1), match.group(2) or ""
        if "://" in target:
            return match.group(0)
        resolved = posixpath.normpath(posixpath.join("notebooks", folder, target))
        teacher = posixpath.normpath(posixpath.join("lessons", folder, target))
        if (ROOT / teacher).exists():
            return match.group(0)  # another lesson: its teacher edition sits beside this one
        depth = len(Path("teachers", folder).parts)
        return f"]({'../' * depth}{resolved}{anchor})"

    return _LINK.sub(point, text)


def teacher_edition(notebook: Notebook, source: str) -> Notebook:
    """The teacher's notebook: everything, outputs cleared, links pointed at the students'."""
    _check_ids(notebook, source)
    edition = copy.deepcopy(notebook)
    folder = posixpath.dirname(posixpath.relpath(source, "lessons"))
    student = posixpath.join("notebooks", posixpath.relpath(source, "lessons"))
    cells = []
    for cell in notebook["cells"]:
        cleared = _cleared(cell)
        if EXERCISE_TAG in _tags(cell):
            cleared = _exercise_metadata(cleared, source)
        if cleared["cell_type"] == "markdown":
            text = "".join(cleared["source"])
            cleared["source"] = _split(_relink(text, folder))
        cells.append(cleared)
    banner = {
        "cell_type": "markdown",
        "id": "teacher-edition-banner",
        "metadata": {"tags": ["teacher"]},
        "source": _split(
            "> **Teacher edition**, with worked answers and teacher notes. Learners open the "
            f"student edition, `{student}`. Both are made from `{source}` by `make editions`: "
            "edit the source, not this file."
        ),
    }
    edition["cells"] = [banner, *cells]
    edition["metadata"]["acelab"] = {"edition": "teacher", "source": source}
    return edition


def _split(text: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    return lines


def dumps(notebook: Notebook) -> str:
    """A notebook as nbformat writes it (one-space indents, keys sorted), ending in a newline."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def sources(root: Path = ROOT) -> Iterator[Path]:
    """Every lesson source under ``root/lessons``."""
    for path in sorted((root / "lessons").rglob("*.ipynb")):
        if ".ipynb_checkpoints" not in path.parts:
            yield path


def _welcome(text: str) -> str:
    notebook = json.loads(text)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"])
            for marker, body in (
                ("games", welcome_table()),
                ("start-here", start_here()),
                ("notebook-links", welcome_links()),
                ("answers", ANSWER_RULE.rstrip("\n")),
            ):
                if f"<!-- acelab:{marker} -->" in source:
                    source = between_markers(source, marker, body)
            cell["source"] = _split(source)
    return dumps(notebook)


def catalogue_files(root: Path = ROOT) -> dict[Path, str]:
    """The README, the welcome notebook and the rules pages as the catalogue makes them."""
    made: dict[Path, str] = {}
    readme, welcome = root / "README.md", root / "notebooks" / "00_welcome.ipynb"
    if readme.exists():
        text = between_markers(readme.read_text(encoding="utf-8"), "games", readme_table())
        made[Path("README.md")] = between_markers(text, "answers", ANSWER_RULE.rstrip("\n"))
    if welcome.exists():
        made[Path("notebooks/00_welcome.ipynb")] = _welcome(welcome.read_text(encoding="utf-8"))
    for game in GAMES:
        rules = root / game.rules
        if rules.exists():
            page = rules_page(rules.read_text(encoding="utf-8"))
            made[Path("notebooks") / game.rules_html] = page
    return made


POINTS_FILE: Final = Path("acelab") / "lesson_points.json"
"""Each lesson's exercises' points as its source gives them to nbgrader, by lesson notebook and
grade_id: shipped with acelab so the class report gives the gradebook's points."""


def points(notebook: Notebook) -> dict[str, int]:
    """Each exercise's points (nbgrader's), by grade_id, in the notebook's order."""
    return {
        _grade_id(cell, "the notebook"): int(cell["metadata"]["acelab"].get("points", 1))
        for cell in notebook["cells"]
        if EXERCISE_TAG in _tags(cell)
    }


def editions(root: Path = ROOT) -> dict[Path, str]:
    """Every edition's path (relative to ``root``) and text, made from the sources, with the
    files the catalogue makes and :data:`POINTS_FILE`."""
    made: dict[Path, str] = catalogue_files(root)
    table: dict[str, dict[str, int]] = {}
    for path in sources(root):
        relative = path.relative_to(root / "lessons")
        source = posixpath.join("lessons", relative.as_posix())
        notebook = json.loads(path.read_text(encoding="utf-8"))
        made[Path("notebooks") / relative] = dumps(student_edition(notebook, source))
        made[Path("teachers") / relative] = dumps(teacher_edition(notebook, source))
        table[source] = points(notebook)
    if table:
        made[POINTS_FILE] = json.dumps(table, indent=1, sort_keys=True) + "\n"
    return made


def write(root: Path = ROOT) -> list[Path]:
    """Write every edition under ``root``; returns the paths that changed."""
    changed = []
    for relative, text in editions(root).items():
        target = root / relative
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            changed.append(relative)
    return changed


def stale(root: Path = ROOT) -> list[Path]:
    """The editions whose committed text is not what their source gives."""
    return [
        relative
        for relative, text in editions(root).items()
        if not (root / relative).exists() or (root / relative).read_text(encoding="utf-8") != text
    ]


def main(argv: list[str]) -> int:
    """``--check``: report stale editions; otherwise write them."""
    if "--check" in argv:
        behind = stale()
        for path in behind:
            print(f"{path} is not up to date with its source: run make editions.")
        return 1 if behind else 0
    for path in write():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

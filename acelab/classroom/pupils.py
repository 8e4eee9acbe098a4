"""The pupils' folder: everything a class gets, and nothing a teacher keeps.

``python -m acelab.classroom [FOLDER]`` (``make class``) writes ``class/`` (or ``FOLDER``), the
folder to publish for nbgitpuller or to copy into an nbgrader course's ``source/``:

- the welcome notebook, and each game's play notebook, rules page and student editions, as
  ``make editions`` makes them (fresh from ``lessons/``, whatever is committed in
  ``notebooks/``);
- ``requirements.txt``: ``acelab`` by version and the same pins as ``binder/requirements.txt``,
  for the pupils' hub image. acelab is not on PyPI: the hub installs it from a wheel built from
  this repository (``pip wheel --no-deps . -w wheels`` then ``pip install --find-links wheels
  -r class/requirements.txt``).

No teacher edition, no worked answer and no answer key goes in: the folder is written afresh
each time (files left from an earlier run are removed), and a student edition found holding a
teacher cell stops the build. The autograder's hidden tests are taken out of every lesson, as
``nbgrader generate_assignment`` takes them out of what it releases: each marking cell keeps
its ``grade_id`` and one comment line, so pupils handed ``class/`` by nbgitpuller see no marking
code.

The teacher's marking step puts them back: ``python -m acelab.classroom --nbgrader COURSE``
writes each lesson's student edition, hidden tests included, as ``COURSE/source/<lesson>/``
(one nbgrader assignment per lesson, named as :data:`acelab.teaching.exercises.LESSONS` names it);
``nbgrader generate_assignment`` records them in the gradebook, and ``nbgrader autograde`` puts
them back into every pupil's notebook (whether it came from nbgrader's exchange or from
``class/``) before running it.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tomllib
from pathlib import Path
from typing import Final

from acelab.classroom.editions import ROOT, TEACHER_TAGS, dumps, editions
from acelab.teaching.exercises import LESSONS, lesson

__all__ = [
    "KEPT_OUT",
    "class_files",
    "nbgrader_sources",
    "requirements",
    "without_hidden_tests",
    "write_class",
    "write_nbgrader_sources",
]

_HIDDEN: Final = re.compile(r"### BEGIN HIDDEN TESTS\n.*?### END HIDDEN TESTS\n?", re.DOTALL)

KEPT_OUT: Final = frozenset({".ipynb_checkpoints", "__pycache__"})
"""Folders of ``notebooks/`` that never go to pupils (with hidden files and answer files)."""


_HEADER: Final = (
    "# What the pupils' hub installs for this folder (made by `make class`: do not edit)."
)


def _version(root: Path) -> str:
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    version: str = project["project"]["version"]
    return version


def requirements(root: Path = ROOT) -> str:
    """``requirements.txt`` of the pupils' folder: acelab by version and Binder's pins."""
    pins = [
        line.strip()
        for line in (root / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith(("#", "-"))
    ]
    return "\n".join(
        [
            _HEADER,
            "# acelab is not on PyPI: build its wheel from the acelab repository and install with",
            "#   pip wheel --no-deps ACELAB_REPOSITORY -w wheels",
            "#   pip install --find-links wheels -r requirements.txt",
            f"acelab=={_version(root)}",
            *pins,
            "",
        ]
    )


def _for_pupils(path: Path) -> bool:
    return not (
        set(path.parts) & KEPT_OUT
        or any(part.startswith(".") for part in path.parts)
        or path.name.startswith("acelab-answers.json")
    )


def _check_student(relative: Path, text: str) -> None:
    """Refuse a notebook that is not for pupils."""
    notebook = json.loads(text)
    if notebook.get("metadata", {}).get("acelab", {}).get("edition") == "teacher":
        raise ValueError(f"{relative} is a teacher edition, so it cannot go to pupils.")
    for cell in notebook["cells"]:
        if set(cell.get("metadata", {}).get("tags", [])) & TEACHER_TAGS:
            raise ValueError(f"{relative} holds a teacher's cell, so it cannot go to pupils.")


def without_hidden_tests(text: str) -> str:
    """A notebook's text with every ``### BEGIN HIDDEN TESTS`` … ``### END HIDDEN TESTS``
    block taken out of its cells, markers included (as ``nbgrader generate_assignment`` does)."""
    notebook = json.loads(text)
    changed = False
    for cell in notebook["cells"]:
        code = "".join(cell["source"])
        if "### BEGIN HIDDEN TESTS" in code:
            cell["source"] = _HIDDEN.sub("", code).rstrip("\n").splitlines(keepends=True)
            changed = True
    return dumps(notebook) if changed else text


def class_files(root: Path = ROOT) -> dict[Path, bytes]:
    """Every file of the pupils' folder, by its path inside it."""
    made = {
        relative.relative_to("notebooks"): (
            without_hidden_tests(text) if relative.suffix == ".ipynb" else text
        ).encode("utf-8")
        for relative, text in editions(root).items()
        if relative.parts[0] == "notebooks"
    }
    for path in sorted((root / "notebooks").rglob("*")):
        relative = path.relative_to(root / "notebooks")
        if path.is_file() and _for_pupils(relative) and relative not in made:
            made[relative] = path.read_bytes()
    for relative, data in made.items():
        if relative.suffix == ".ipynb":
            _check_student(relative, data.decode("utf-8"))
    made[Path("requirements.txt")] = requirements(root).encode("utf-8")
    return made


def write_class(folder: Path, root: Path = ROOT) -> list[Path]:
    """Write the pupils' folder afresh in ``folder``; returns the files written."""
    files = class_files(root)
    if folder.exists() and any(folder.iterdir()):
        made_here = folder / "requirements.txt"
        if not made_here.is_file() or _HEADER not in made_here.read_text(encoding="utf-8"):
            raise ValueError(
                f"{folder} holds files that make class did not write: choose an empty folder."
            )
        shutil.rmtree(folder)
    for relative, data in files.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_bytes(data)
    return sorted(files)


def nbgrader_sources(root: Path = ROOT) -> dict[Path, str]:
    """Each lesson's student edition with its hidden tests, as an nbgrader course's
    ``source/<lesson>/<notebook>.ipynb``."""
    made = editions(root)
    sources: dict[Path, str] = {}
    for name in LESSONS:
        student = Path("notebooks") / Path(lesson(name).notebook).relative_to("lessons")
        sources[Path("source") / name / student.name] = made[student]
    return sources


def write_nbgrader_sources(course: Path, root: Path = ROOT) -> list[Path]:
    """Write every lesson into the nbgrader course folder ``course`` (``source/<lesson>/``);
    returns the files written. A notebook already there is written over: it is acelab's."""
    written = []
    for relative, text in nbgrader_sources(root).items():
        (course / relative).parent.mkdir(parents=True, exist_ok=True)
        (course / relative).write_text(text, encoding="utf-8")
        written.append(course / relative)
    return written


def main(argv: list[str]) -> int:
    """``python -m acelab.classroom [FOLDER]``: write the pupils' folder (default ``class/``);
    ``python -m acelab.classroom --nbgrader COURSE``: each lesson as ``COURSE/source/<lesson>/``,
    hidden tests included, for ``nbgrader generate_assignment``."""
    if argv[:1] == ["--nbgrader"]:
        if len(argv) != 2:
            print("Usage: python -m acelab.classroom --nbgrader COURSE_FOLDER")
            return 2
        try:
            written = write_nbgrader_sources(Path(argv[1]))
        except OSError as error:
            print(f"The course folder {argv[1]} cannot be written ({error.strerror}).")
            return 2
        print(
            f"Wrote {len(written)} lessons to {Path(argv[1]) / 'source'}: set each one's "
            "marking policy cell, then nbgrader generate_assignment LESSON."
        )
        return 0
    folder = Path(argv[0]) if argv else ROOT / "class"
    written = write_class(folder)
    print(f"Wrote {len(written)} files to {folder}: publish this folder for your pupils.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

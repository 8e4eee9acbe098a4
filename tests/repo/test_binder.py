"""Binder (repo2docker) builds from binder/: it must agree with pyproject.toml and run."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINDER = ROOT / "binder"


def _requirement_lines() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_binder_installs_acelab_itself():
    assert "-e ." in _requirement_lines()


def test_binder_pins_exactly_what_pyproject_requires_and_nbgitpuller():
    """An image repo2docker builds from binder/ may serve a school's hub, whose pupils get their
    lessons by an nbgitpuller link: it pins nbgitpuller as `hub` does (deploy/z2jh/ builds its
    own image from acelab's wheel)."""
    binder = sorted(line for line in _requirement_lines() if line != "-e .")
    puller = [pin for pin in _project()["optional-dependencies"]["hub"] if "nbgitpuller" in pin]
    assert len(puller) == 1 and puller[0].startswith("nbgitpuller==")
    assert binder == sorted([*_project()["dependencies"], *puller])


def test_binder_runtime_names_a_python_the_project_supports():
    runtime = (BINDER / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-3\.(\d+)", runtime)
    assert match, f"runtime.txt must read like python-3.11, not {runtime!r}"
    minimum = re.search(r">=\s*3\.(\d+)", _project()["requires-python"])
    assert minimum and int(match.group(1)) >= int(minimum.group(1))


def test_the_readme_binder_link_opens_the_welcome_notebook():
    readme = (ROOT / "README.md").read_text()
    assert "mybinder.org/v2/gh/" in readme
    assert "urlpath=lab/tree/notebooks/00_welcome.ipynb" in readme
    assert (ROOT / "notebooks" / "00_welcome.ipynb").exists()


def _binder_python() -> str:
    version = (BINDER / "runtime.txt").read_text().strip().removeprefix("python-")
    return shutil.which(f"python{version}") or sys.executable


@pytest.mark.soak
@pytest.mark.slow
def test_a_fresh_venv_built_from_binder_runs_every_notebook(tmp_path):
    """What repo2docker does, on this machine: a fresh venv, pip -r from the repo root."""
    venv = tmp_path / "binder-venv"
    subprocess.run([_binder_python(), "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = [str(python), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"]
    subprocess.run(install, cwd=ROOT, check=True)
    notebooks = sorted((ROOT / "notebooks").rglob("*.ipynb"))
    notebooks = [nb for nb in notebooks if ".ipynb_checkpoints" not in nb.parts]
    assert notebooks
    env = {**os.environ, "JUPYTER_DATA_DIR": str(tmp_path / "data")}
    env.pop("MPLBACKEND", None)
    for notebook in notebooks:
        result = subprocess.run(
            [
                str(python),
                "-m",
                "jupyter",
                "nbconvert",
                "--to",
                "notebook",
                "--execute",
                "--output-dir",
                str(tmp_path / "out"),
                str(notebook),
            ],
            cwd=notebook.parent,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert result.returncode == 0, (
            f"{notebook.name} failed in the Binder venv:\n{result.stderr[-3000:]}"
        )

"""The class at a glance, from the command line: ``python -m acelab.classroom.report FOLDER``.

``python -m acelab.classroom.report FOLDER [--policy POLICY] [--csv OUT] [--plots OUT]`` (and
``teachers/class_report.ipynb``, also a Voila app) reads a folder of pupils' work
(:mod:`acelab.classroom.submissions`), counts it (:mod:`acelab.classroom.counts`) and prints the
report: per exercise, numbered as its lesson numbers it, the pupils who answered, were right first
time, right eventually and got part marks only, the common named mistakes, a pupil × exercise grid
and each pupil's marks under the marking policy (``--policy first``, ``penalty``, ``penalty 0.2`` or
``best``; without it, each lesson's policy cell in the nbgrader course's ``source/``, else a
penalty of 0.1 per wrong try). ``--csv`` writes the report's CSV files (``class-marks.csv``
among them), ``--plots`` one PNG per lesson, ``--gradebook canvas|moodle|google FILE`` the marks
in the layout that platform documents (:mod:`acelab.classroom.gradebooks`; ``--roster`` gives names,
email addresses and platform logins). Duplicate rounds the teacher's board saved in the folder
(``acelab-round-*.json``, :mod:`acelab.classroom.rounds`) follow, a section per round, and go in
``class-rounds.csv`` with ``--csv``.

Every problem on the command line (a folder that is not there, ``--csv`` or ``--plots`` to a
place that cannot be written, a policy that does not exist) is one sentence and exit status 2,
never a traceback.

The names of :mod:`acelab.classroom.submissions` and :mod:`acelab.classroom.counts` are re-exported
here, so ``from acelab.classroom.report import class_report`` keeps working.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from acelab.classroom.counts import (
    MAX_SEEDS,
    WELCOME,
    ClassReport,
    ExerciseRow,
    MistakeCount,
    Seeds,
    Where,
    class_report,
    course_policies,
    find_exercise,
    named_mistake,
    shipped_points,
)
from acelab.classroom.counts import _questions as _questions  # its cache, as tests read it
from acelab.classroom.gradebooks import LAYOUTS, read_roster, write_gradebook
from acelab.classroom.policy import Policy, parse_policy
from acelab.classroom.rounds import read_rounds, rounds_text, write_rounds
from acelab.classroom.submissions import CSV_HEADER, Submission, read_folder, regular_files

__all__ = [
    "CSV_HEADER",
    "MAX_SEEDS",
    "WELCOME",
    "ClassReport",
    "ExerciseRow",
    "MistakeCount",
    "Seeds",
    "Submission",
    "Where",
    "class_report",
    "course_policies",
    "find_exercise",
    "main",
    "named_mistake",
    "read_folder",
    "regular_files",
    "shipped_points",
]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one sentence and exit status 2."""

    def error(self, message: str) -> NoReturn:
        print(
            f"python -m acelab.classroom.report: {message[:1].upper()}{message[1:]}.",
            file=sys.stderr,
        )
        print(
            "Usage: python -m acelab.classroom.report FOLDER [--policy POLICY] [--csv OUT] "
            "[--plots OUT]"
        )
        raise SystemExit(2)


def _policy(text: str) -> Policy:
    try:
        return parse_policy(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error).rstrip(".")) from None


def _writable(folder: Path, option: str) -> str | None:
    """Why ``folder`` cannot take the report's files, in a sentence, or ``None``."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"{option} {folder} is a file, not a folder: give a folder for the report's files."
    except OSError as error:
        return f"{option} {folder} cannot be made ({error.strerror}): give a folder you can write."
    if not folder.is_dir():
        return f"{option} {folder} is not a folder: give a folder for the report's files."
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m acelab.classroom.report FOLDER [--policy POLICY] [--csv OUT] [--plots OUT]``."""
    parser = _Parser(
        prog="python -m acelab.classroom.report",
        description="The class at a glance from a folder of pupils' submissions.",
    )
    parser.add_argument("folder", type=Path, help="nbgrader's submitted/ or a folder of CSVs")
    parser.add_argument(
        "--policy",
        type=_policy,
        help="marking policy for every lesson: first, penalty, 'penalty 0.2' or best "
        "(default: the course's source/ policy cells, else penalty 0.1)",
    )
    parser.add_argument("--csv", type=Path, help="write the report's CSV files in this folder")
    parser.add_argument("--plots", type=Path, help="write one PNG per lesson in this folder")
    parser.add_argument(
        "--gradebook",
        nargs=2,
        metavar=("LAYOUT", "FILE"),
        help="write the marks as a gradebook to import: canvas, moodle or google, then the file",
    )
    parser.add_argument(
        "--roster",
        type=Path,
        help="a CSV of pupil (hub name) and name, email, username (platform login) if known",
    )
    args = parser.parse_args(argv)
    if args.gradebook and args.gradebook[0] not in LAYOUTS:
        parser.error(
            f"there is no gradebook layout {args.gradebook[0]!r}: choose canvas, moodle or google"
        )
    try:
        roster = read_roster(args.roster) if args.roster else None
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    folder: Path = args.folder.expanduser()
    if not folder.is_dir():
        print(f"There is no folder {folder}: nothing to report.", file=sys.stderr)
        return 2
    for option, place in (("--csv", args.csv), ("--plots", args.plots)):
        why = _writable(place, option) if place is not None else None
        if why:
            print(why, file=sys.stderr)
            return 2
    report = class_report(folder, args.policy)
    print(report.text())
    rounds, round_problems = read_rounds(folder)
    if rounds or round_problems:
        print()
        print(rounds_text(rounds, round_problems))
    try:
        if args.csv:
            for path in [*report.write_csv(args.csv), report.write_marks(args.csv)]:
                print(f"Wrote {path}.")
            if rounds:
                print(f"Wrote {write_rounds(rounds, args.csv)}.")
        if args.gradebook:
            layout, out = args.gradebook
            print(f"Wrote {write_gradebook(report, layout, Path(out), roster)}.")
        if args.plots:
            for name in report.lessons():
                path = args.plots / f"{name}.png"
                path.write_bytes(report.plot(name)._repr_png_())
                print(f"Wrote {path}.")
    except OSError as error:
        print(
            f"The report's file {error.filename} cannot be written ({error.strerror}).",
            file=sys.stderr,
        )
        return 2
    except ImportError:
        print("--plots needs Matplotlib: pip install matplotlib.", file=sys.stderr)
        return 2
    return 0 if report.pupils or not report.problems else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

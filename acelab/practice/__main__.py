"""``python -m acelab.practice calibrate FOLDER [--out FILE]``: a class's item ratings."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from acelab.practice.calibrate import RATINGS_FILE, calibrate, write_ratings


def main(argv: Sequence[str] | None = None) -> int:
    """Pool the ratings of the class under FOLDER and write them; 0 when written, 1 when
    nothing could be rated."""
    parser = argparse.ArgumentParser(
        prog="python -m acelab.practice",
        description="Practice ratings for a class, pooled from the pupils' answers.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser(
        "calibrate",
        help="pool exercise ratings from a class folder (as acelab.classroom.report reads)",
    )
    making.add_argument("folder", type=Path)
    making.add_argument("--out", type=Path, default=Path(RATINGS_FILE))
    arguments = parser.parse_args(argv)
    ratings, problems, pupils = calibrate(arguments.folder)
    for problem in problems:
        print(problem, file=sys.stderr)
    if not ratings:
        print(f"No answer under {arguments.folder} could be rated: nothing is written.")
        return 1
    exercises = {k: v for k, v in ratings.items() if "/" not in k}
    deals = {k: v for k, v in ratings.items() if "/" in k}
    said = (
        f"{len(exercises)} exercises rated from {sum(n for _, n in exercises.values()):,} "
        f"first answers of {pupils} pupils"
    )
    if deals:
        said += (
            f" and {len(deals)} Ace Pilot deals from {sum(n for _, n in deals.values()):,} "
            "practice rounds"
        )
    write_ratings(arguments.out, ratings, said)
    print(f"{said}: written to {arguments.out}. Put it beside the pupils' notebooks.")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

"""The class at a glance: who answered what, who got it right, which named mistakes were common.

``python -m acelab.report FOLDER`` (and ``teachers/class_report.ipynb``, also a Voila app) reads
a folder of pupils' work:

- nbgrader's layout, ``submitted/<pupil>/<assignment>/acelab-answers.json`` (FOLDER may be the
  course folder, ``submitted/`` itself, or any folder of ``<pupil>/…/acelab-answers.json``);
- attempts exported as CSV (``python -m acelab.answers attempts.csv``: learner, exercise,
  answer, score, correct, time), the pupil being each row's learner, else the file's name (in
  nbgrader's ``submitted/<pupil>/``, the rows of that pupil only).

Every answer is checked again with acelab's checker; the verdicts stored in the files are never
trusted. Per exercise it counts the pupils who answered, who were right first time and who were
right eventually (at any try), and the named mistakes (the wrong answers an exercise names with
their feedback), each counted once per pupil who made it. It also gives a learner × exercise
grid, a plot per lesson and CSV files.

A missing, damaged, foreign or tampered answer file (a verdict edited by hand, an answer to an
exercise that does not exist, a pupil found twice) is reported in one sentence naming the pupil
and the file; the rest of the class is still reported, and each pupil's figures come from that
pupil's own files only.
"""

from __future__ import annotations

import argparse
import csv
import html
import re
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Final

from acelab.answers import ChoiceQuestion, NumberQuestion, Question, Verdict, show_number
from acelab.basics import cut
from acelab.exercises import LESSONS, Picture, Seed, lesson
from acelab.marking import ANSWER_FILE, MAX_ANSWER, MAX_BYTES, read_answers
from acelab.seeds import check_seed
from acelab.sheets import read_cell, write_rows

__all__ = [
    "WELCOME",
    "ClassReport",
    "ExerciseRow",
    "MistakeCount",
    "Seeds",
    "Submission",
    "class_report",
    "find_exercise",
    "main",
    "read_folder",
]

CSV_HEADER: Final = ("learner", "exercise", "answer", "score", "correct", "time")
"""The header of an attempts export (:meth:`acelab.store.Store.export_attempts_csv`)."""
_WHOLE: Final = re.compile(r"-?\d+")
MAX_SEEDS: Final = 10
"""The most different seeds of one lesson a pupil's file is read for (a pupil uses one, or a
few when trying again); the answers for its other seeds are left out and reported."""
WELCOME: Final = "welcome-"
"""How the ids of the welcome notebook's questions begin: asked and kept, but in no lesson, so
the report leaves them out without calling them a problem."""


# -- which exercise an answer is for -----------------------------------------------------------


@dataclass(frozen=True)
class Where:
    """An exercise of a lesson: its lesson, its place in the lesson and its seedless key."""

    lesson: str
    index: int
    key: str


@lru_cache(maxsize=512)
def _questions(name: str, seed: Seed) -> tuple[Question, ...]:
    return tuple(lesson(name).exercises(seed))


@dataclass
class Seeds:
    """The seeds one pupil's file answers for: at most :data:`MAX_SEEDS` per lesson are dealt,
    and the exercise ids for a seed no lesson deals or beyond that many are kept to report."""

    dealt: dict[str, dict[Seed, None]] = field(default_factory=dict)
    refused: set[str] = field(default_factory=set)
    beyond: dict[str, set[Seed]] = field(default_factory=dict)
    held: set[str] = field(default_factory=set)
    """The exercise ids left out for their seed (so not reported as unknown too)."""

    def allows(self, name: str, text: str) -> Seed | None:
        """The seed ``text`` (the end of an exercise id of lesson ``name``) when its lesson may
        be dealt for it; ``None`` when it is no seed or one too many, remembered to report."""
        try:
            seed = check_seed(int(text) if _WHOLE.fullmatch(text) else text)
        except ValueError:
            self.refused.add(text)
            return None
        dealt = self.dealt.setdefault(name, {})
        if seed not in dealt and len(dealt) >= MAX_SEEDS:
            self.beyond.setdefault(name, set()).add(seed)
            return None
        dealt[seed] = None
        return seed

    def problems(self, pupil: str, path: Path) -> list[str]:
        """One sentence for the seeds no lesson deals, one per lesson with too many seeds."""
        said = []
        if self.refused:
            shown = ", ".join(cut(text, 24) for text in sorted(self.refused)[:3])
            said.append(
                f"The file {path} of {pupil} answers for seeds no lesson deals ({shown}; a seed "
                "is a whole number up to a billion billion or a word of at most 100 "
                "characters), so those answers are left out."
            )
        for name, extra in sorted(self.beyond.items()):
            count = len(extra) + len(self.dealt[name])
            said.append(
                f"The file {path} of {pupil} answers {name} for {count:,} different seeds: "
                f"only the first {MAX_SEEDS} are read, the answers for the other "
                f"{len(extra):,} are left out."
            )
        return said


@cache
def _layout(name: str) -> tuple[tuple[str, bool], ...]:
    """Each exercise of a lesson: its key and whether its id ends in the seed (ids for seed 1
    end in ``-1`` exactly when they are seeded)."""
    return tuple(
        (q.id[:-2], True) if q.id.endswith("-1") else (q.id, False) for q in _questions(name, 1)
    )


def find_exercise(
    exercise: str, lessons: Sequence[str] = tuple(LESSONS), seeds: Seeds | None = None
) -> tuple[Where, Question] | None:
    """The exercise whose id is ``exercise`` (``poker-opening-damage-3`` is the opening damage
    of seed 3) and its question, or ``None`` when no lesson has it. With ``seeds`` (one pupil's
    file), a lesson is dealt only for the seeds it allows."""
    for name in lessons:
        for index, (key, seeded) in enumerate(_layout(name)):
            if not seeded:
                if exercise == key:
                    return Where(name, index, key), _questions(name, 1)[index]
                continue
            if not exercise.startswith(key + "-"):
                continue
            text = exercise[len(key) + 1 :]
            seed = (seeds or Seeds()).allows(name, text)
            if seed is None:
                if seeds is not None:
                    seeds.held.add(exercise)
                continue
            try:
                question = _questions(name, seed)[index]
            except ValueError:  # a seed this lesson cannot deal
                continue
            if question.id == exercise:
                return Where(name, index, key), question
    return None


def named_mistake(question: Question, verdict: Verdict) -> tuple[str, str] | None:
    """The named mistake a wrong verdict gives: (the answer that makes it, its feedback)."""
    if verdict.correct:
        return None
    if isinstance(question, NumberQuestion):
        for mistake in question.mistakes:
            if verdict.message.startswith(mistake.feedback):
                return show_number(mistake.value), mistake.feedback
    elif isinstance(question, ChoiceQuestion):
        for index, (letter, (_, feedback)) in enumerate(
            zip(question.letters, question.options, strict=True)
        ):
            if index != question.right and verdict.message == f"Not this one. {feedback}".strip():
                return letter, feedback
    return None


# -- reading the folder ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Submission:
    """One file of a pupil's answers: each attempt's exercise id, typed answer and the verdict the
    file claims (``None`` when it claims none), oldest first."""

    pupil: str
    path: Path
    attempts: tuple[tuple[str, str, bool | None], ...]
    own: bool = True
    """Whether the file is in the pupil's own folder (else an export or a file naming them)."""


def _pupil_of(path: Path, folder: Path) -> str:
    """nbgrader's student id: the folder after the first ``submitted`` (a folder of that name
    inside a pupil's own work names nobody), else the first folder under ``folder``; ``""``
    for a file right in ``folder``."""
    parts = (folder.name, *path.relative_to(folder).parts[:-1])
    if "submitted" in parts:
        after = parts.index("submitted") + 1
        return parts[after] if after < len(parts) else ""
    return parts[1] if len(parts) > 1 else ""


def _answer_file(path: Path, folder: Path, problems: list[str]) -> Submission | None:
    answers = read_answers(path)
    own = _pupil_of(path, folder)
    pupil = own or answers.learner
    if not pupil:
        problems.append(f"The answer file {path} names no pupil, so it is left out.")
        return None
    if answers.problem is not None:
        problems.append(
            f"The answer file {path} of {pupil} cannot be read ({answers.problem}), "
            "so none of it is counted."
        )
        return Submission(pupil, path, ())
    for exercise, why in sorted(answers.tampered.items()):
        problems.append(
            f"The answer file {path} of {pupil} holds an answer to {exercise} that acelab did "
            f"not write ({why}), so that exercise is not counted for {pupil}."
        )
    if own and answers.learner and answers.learner != pupil:
        problems.append(
            f"The answer file {path} in {pupil}'s folder was written by {answers.learner}; "
            f"it is counted for {pupil} only."
        )
    attempts = [
        (exercise, str(attempt["answer"]), bool(attempt["correct"]))
        for exercise, tried in answers.attempts.items()
        if exercise not in answers.tampered
        for attempt in tried
    ]
    return Submission(pupil, path, tuple(attempts), bool(own))


def _csv_files(path: Path, problems: list[str], own: str = "") -> list[Submission]:
    """The pupils' attempts in an attempts export, one submission per learner named in it; in
    pupil ``own``'s folder, that pupil's only (rows naming anybody else are left out)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ValueError("it is far too big")
        with path.open(encoding="utf-8", newline="") as file:
            rows = [[read_cell(text) for text in row] for row in csv.reader(file)]
    except (OSError, UnicodeDecodeError, ValueError, csv.Error) as error:
        problems.append(f"The file {path} cannot be read ({error}), so none of it is counted.")
        return []
    if not rows or tuple(rows[0]) != CSV_HEADER:
        problems.append(f"The file {path} is not an acelab attempts export, so it is left out.")
        return []
    found: dict[str, list[tuple[str, str, str, bool | None]]] = {}
    bad = 0
    others: set[str] = set()
    for row in rows[1:]:
        if len(row) != len(CSV_HEADER) or not row[1] or len(row[2]) > MAX_ANSWER:
            bad += 1
            continue
        learner, exercise, answer, _, correct, time = row
        claimed = {"True": True, "False": False}.get(correct)
        pupil = learner.strip() or own or path.stem
        if own and pupil != own:
            others.add(pupil)
            continue
        found.setdefault(pupil, []).append((time, exercise, answer, claimed))
    if bad:
        problems.append(f"{bad} rows of the file {path} cannot be read, so they are not counted.")
    if others:
        names = ", ".join(sorted(others)[:3]) + (", …" if len(others) > 3 else "")
        problems.append(
            f"The file {path} in {own}'s folder holds answers of {names}, so those are left "
            f"out: it counts for {own} only."
        )
    return [
        Submission(
            pupil, path, tuple((e, a, c) for _, e, a, c in sorted(tried, key=_first)), bool(own)
        )
        for pupil, tried in found.items()
    ]


def _first(row: tuple[str, str, str, bool | None]) -> str:
    return row[0]


def read_folder(folder: Path) -> tuple[list[Submission], list[str]]:
    """Every submission under ``folder`` and a sentence for each file that cannot be used.
    In an nbgrader course folder only ``submitted/`` is read (``autograded/`` holds copies)."""
    problems: list[str] = []
    if not folder.is_dir():
        return [], [f"There is no folder {folder}: nothing to report."]
    if (folder / "submitted").is_dir():
        folder = folder / "submitted"
    submissions: list[Submission] = []
    with_answers: set[Path] = set()
    for path in sorted(folder.rglob("*")):
        if path.name == ANSWER_FILE and path.is_file():
            with_answers.add(path.parent)
            found = _answer_file(path, folder, problems)
            if found is not None:
                submissions.append(found)
        elif path.suffix == ".csv" and path.is_file():
            # in nbgrader's submitted/<pupil>/, an export counts for that pupil only
            nbgrader = "submitted" in (folder.name, *path.relative_to(folder).parts)
            own = _pupil_of(path, folder) if nbgrader else ""
            submissions.extend(_csv_files(path, problems, own))
    notebooks = {p.parent for p in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts}
    for missing in sorted(notebooks - with_answers):
        pupil = _pupil_of(missing / ANSWER_FILE, folder)
        if pupil and "submitted" in (folder.name, *missing.relative_to(folder).parts):
            problems.append(
                f"{pupil}'s submission {missing} has no answer file ({ANSWER_FILE}), "
                "so no answer of it can be counted."
            )
            submissions.append(Submission(pupil, missing, ()))
    # a pupil's own folder counts before any export naming them
    submissions.sort(key=lambda sub: (not sub.own, str(sub.path)))
    return submissions, problems


# -- the report --------------------------------------------------------------------------------


@dataclass(frozen=True)
class MistakeCount:
    """A named mistake: the answer that makes it, its feedback, and how many pupils made it."""

    answer: str
    feedback: str
    pupils: int


@dataclass(frozen=True)
class ExerciseRow:
    """One exercise's figures over the class."""

    lesson: str
    key: str
    question: str
    answered: int
    first_time: int
    eventually: int
    mistakes: tuple[MistakeCount, ...]


@dataclass(frozen=True)
class ClassReport:
    """The class at a glance: ``exercises`` in lesson order, ``grid[pupil][key]`` (``"✔"`` right
    first time, ``"✔3"`` right at the third try, ``"✖"`` never right, missing: not answered),
    and one sentence per file that could not be used (``problems``)."""

    folder: Path
    pupils: tuple[str, ...]
    exercises: tuple[ExerciseRow, ...]
    grid: Mapping[str, Mapping[str, str]]
    problems: tuple[str, ...]

    def lessons(self) -> list[str]:
        """The lessons somebody answered, in the course's order."""
        return list(dict.fromkeys(row.lesson for row in self.exercises))

    def text(self) -> str:
        """The report as plain text, for a terminal."""
        lines = [f"Class report for {self.folder}: {len(self.pupils)} pupils."]
        if self.problems:
            lines += ["", "Files that could not be used as they are:"]
            lines += [f"  - {problem}" for problem in self.problems]
        for name in self.lessons():
            lines += ["", f"{lesson(name).title}"]
            for row in (r for r in self.exercises if r.lesson == name):
                lines.append(
                    f"  {row.key}: answered {row.answered}, right first time {row.first_time}, "
                    f"right eventually {row.eventually}"
                )
                for mistake in row.mistakes[:3]:
                    lines.append(f"      {mistake.pupils} × {mistake.answer}: {mistake.feedback}")
        keys = [row.key for row in self.exercises]
        if keys:
            lines += ["", "Grid (exercise numbers as above, in order):"]
            width = max(len(p) for p in self.pupils) if self.pupils else 5
            lines.append(" " * width + " " + " ".join(f"{i + 1:>3}" for i in range(len(keys))))
            for pupil in self.pupils:
                cells = " ".join(f"{self.grid[pupil].get(k, '·'):>3}" for k in keys)
                lines.append(f"{pupil:<{width}} {cells}")
        return "\n".join(lines)

    def write_csv(self, folder: Path) -> list[Path]:
        """``class-exercises.csv``, ``class-mistakes.csv`` and ``class-grid.csv`` in ``folder``."""
        folder.mkdir(parents=True, exist_ok=True)
        out = [folder / f"class-{name}.csv" for name in ("exercises", "mistakes", "grid")]
        size = len(self.pupils)
        with out[0].open("w", newline="", encoding="utf-8") as file:
            write_rows(
                file,
                [
                    "lesson",
                    "exercise",
                    "pupils",
                    "answered",
                    "right first time",
                    "right eventually",
                ],
                (
                    (r.lesson, r.key, size, r.answered, r.first_time, r.eventually)
                    for r in self.exercises
                ),
            )
        with out[1].open("w", newline="", encoding="utf-8") as file:
            write_rows(
                file,
                ["lesson", "exercise", "answer", "pupils", "feedback"],
                (
                    [row.lesson, row.key, m.answer, m.pupils, m.feedback]
                    for row in self.exercises
                    for m in row.mistakes
                ),
            )
        with out[2].open("w", newline="", encoding="utf-8") as file:
            write_rows(
                file,
                ["pupil", *(row.key for row in self.exercises)],
                (
                    [pupil, *(self.grid[pupil].get(r.key, "") for r in self.exercises)]
                    for pupil in self.pupils
                ),
            )
        return out

    def plot(self, name: str) -> Picture:
        """A bar chart of one lesson: answered, right eventually, right first time."""
        from matplotlib.figure import Figure

        rows = [row for row in self.exercises if row.lesson == name]
        figure = Figure(figsize=(8, 0.45 * len(rows) + 1.5))
        axes = figure.add_subplot()
        places = range(len(rows))
        for shift, label, values in (
            (-0.27, "answered", [r.answered for r in rows]),
            (0.0, "right eventually", [r.eventually for r in rows]),
            (0.27, "right first time", [r.first_time for r in rows]),
        ):
            axes.barh([p + shift for p in places], values, height=0.27, label=label)
        axes.set_yticks(list(places), [row.key for row in rows])
        axes.invert_yaxis()
        axes.set_xlim(0, max(len(self.pupils), 1))
        axes.set_xlabel("pupils")
        axes.set_title(lesson(name).title)
        axes.legend(loc="lower right")
        figure.tight_layout()
        described = "; ".join(
            f"{r.key}: {r.answered} answered, {r.eventually} right, {r.first_time} first time"
            for r in rows
        )
        return Picture(figure, f"{lesson(name).title}: {described}")

    def _repr_html_(self) -> str:
        esc = html.escape
        parts = [f"<p>{len(self.pupils)} pupils in {esc(str(self.folder))}.</p>"]
        if self.problems:
            items = "".join(f"<li>{esc(p)}</li>" for p in self.problems)
            parts.append(f"<p>Files that could not be used as they are:</p><ul>{items}</ul>")
        head = "<tr><th>exercise</th><th>answered</th><th>right first time</th>"
        head += "<th>right eventually</th><th>most common named mistakes</th></tr>"
        body = "".join(
            f"<tr><td>{esc(r.key)}</td><td>{r.answered}</td><td>{r.first_time}</td>"
            f"<td>{r.eventually}</td><td>"
            + "<br>".join(
                f"{m.pupils} × <b>{esc(m.answer)}</b>: {esc(m.feedback)}" for m in r.mistakes[:3]
            )
            + "</td></tr>"
            for r in self.exercises
        )
        parts.append(f"<table class='acelab-class-report'>{head}{body}</table>")
        keys = [r.key for r in self.exercises]
        grid_head = "<tr><th>pupil</th>" + "".join(f"<th>{i + 1}</th>" for i in range(len(keys)))
        grid_body = "".join(
            f"<tr><td>{esc(p)}</td>"
            + "".join(f"<td>{esc(self.grid[p].get(k, ''))}</td>" for k in keys)
            + "</tr>"
            for p in self.pupils
        )
        parts.append(f"<table class='acelab-class-grid'>{grid_head}</tr>{grid_body}</table>")
        return "".join(parts)


@dataclass
class _Tally:
    answered: int = 0
    first_time: int = 0
    eventually: int = 0


def _mark(tries: Sequence[tuple[str, bool | None]], question: Question) -> list[Verdict]:
    return [question.check(answer, n) for n, (answer, _) in enumerate(tries, start=1)]


def class_report(folder: str | Path) -> ClassReport:
    """The report of every pupil's work under ``folder`` (see the module docstring)."""
    root = Path(folder).expanduser()
    submissions, problems = read_folder(root)
    # pupil -> exercise key -> (where, question, [(answer, claimed)])
    work: dict[str, dict[str, tuple[Where, Question, list[tuple[str, bool | None]]]]] = {}
    owner: dict[tuple[str, str], Path] = {}
    first: dict[str, Path] = {sub.pupil: sub.path for sub in reversed(submissions)}
    for sub in submissions:
        if not sub.own and first[sub.pupil] != sub.path:
            problems.append(
                f"{sub.pupil} is found twice: {sub.path} names them again, so it is left out "
                f"({first[sub.pupil]} counts)."
            )
            continue
        pupil_work = work.setdefault(sub.pupil, {})
        unknown: list[str] = []
        twice: list[str] = []
        reseeded: list[str] = []
        seeds = Seeds()
        for exercise, answer, claimed in sub.attempts:
            found = find_exercise(exercise, seeds=seeds)
            if found is None:
                if not exercise.startswith(WELCOME) and exercise not in seeds.held:
                    unknown.append(exercise)
                continue
            where, question = found
            if owner.setdefault((sub.pupil, where.key), sub.path) != sub.path:
                twice.append(where.key)
                continue
            tries = pupil_work.setdefault(where.key, (where, question, []))[2]
            if question.id != pupil_work[where.key][1].id:
                reseeded.append(where.key)
                continue
            tries.append((answer, claimed))
        problems.extend(seeds.problems(sub.pupil, sub.path))
        if unknown:
            problems.append(
                f"The file {sub.path} of {sub.pupil} answers {len(set(unknown))} exercise(s) "
                f"that no lesson has ({', '.join(cut(e, 40) for e in sorted(set(unknown))[:3])}), "
                "so they are left out."
            )
        if twice:
            problems.append(
                f"{sub.pupil} is found twice: {sub.path} answers {', '.join(sorted(set(twice)))} "
                f"again, so only the first file's answers ({owner[(sub.pupil, twice[0])]}) count."
            )
        if reseeded:
            problems.append(
                f"The file {sub.path} of {sub.pupil} answers {', '.join(sorted(set(reseeded)))} "
                "for another seed too: only the seed answered first counts."
            )
    tallies: dict[str, _Tally] = {}
    mistakes: dict[str, Counter[tuple[str, str]]] = {}
    places: dict[str, tuple[int, int, str]] = {}
    grid: dict[str, dict[str, str]] = {}
    for pupil in sorted(work):
        edited: list[str] = []
        for key, (where, question, tries) in work[pupil].items():
            verdicts = _mark(tries, question)
            places[key] = (list(LESSONS).index(where.lesson), where.index, where.lesson)
            tally = tallies.setdefault(key, _Tally())
            tally.answered += 1
            right = next((n for n, v in enumerate(verdicts, start=1) if v.correct), 0)
            tally.first_time += right == 1
            tally.eventually += right > 0
            grid.setdefault(pupil, {})[key] = "✔" if right == 1 else f"✔{right}" if right else "✖"
            made = {named_mistake(question, v) for v in verdicts} - {None}
            mistakes.setdefault(key, Counter()).update(m for m in made if m is not None)
            if any(
                c is not None and c != v.correct for (_, c), v in zip(tries, verdicts, strict=True)
            ):
                edited.append(key)
        if edited:
            paths = sorted({str(owner[(pupil, key)]) for key in edited})
            problems.append(
                f"{pupil}'s answer file {', '.join(paths)} gives a verdict acelab's check does not "
                f"({', '.join(sorted(edited))}): acelab's check counts."
            )
        grid.setdefault(pupil, {})
    rows = tuple(
        ExerciseRow(
            places[key][2],
            key,
            _questions(places[key][2], 1)[places[key][1]].question,
            tallies[key].answered,
            tallies[key].first_time,
            tallies[key].eventually,
            tuple(
                MistakeCount(answer, feedback, count)
                for (answer, feedback), count in sorted(
                    mistakes[key].items(), key=lambda item: (-item[1], item[0])
                )
            ),
        )
        for key in sorted(places, key=lambda k: places[k][:2])
    )
    return ClassReport(root, tuple(sorted(grid)), rows, grid, tuple(problems))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m acelab.report FOLDER [--csv OUT] [--plots OUT]``."""
    parser = argparse.ArgumentParser(
        prog="python -m acelab.report",
        description="The class at a glance from a folder of pupils' submissions.",
    )
    parser.add_argument("folder", type=Path, help="nbgrader's submitted/ or a folder of CSVs")
    parser.add_argument("--csv", type=Path, help="write the report's CSV files in this folder")
    parser.add_argument("--plots", type=Path, help="write one PNG per lesson in this folder")
    args = parser.parse_args(argv)
    report = class_report(args.folder)
    print(report.text())
    if args.csv:
        for path in report.write_csv(args.csv):
            print(f"Wrote {path}.")
    if args.plots:
        args.plots.mkdir(parents=True, exist_ok=True)
        for name in report.lessons():
            path = args.plots / f"{name}.png"
            path.write_bytes(report.plot(name)._repr_png_())
            print(f"Wrote {path}.")
    return 0 if report.pupils or not report.problems else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

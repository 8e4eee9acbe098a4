"""The class at a glance, counted: who answered what, who got it right, which named mistakes were
common, and each pupil's marks under the teacher's marking policy.

:func:`class_report` reads a folder of pupils' work
(:func:`acelab.classroom.submissions.read_folder`) and checks every answer again with acelab's
checker; the verdicts stored in the files are never trusted. Per exercise it counts the pupils who
answered, who were right first time, who were right eventually (at any try) and who got part marks
only (half marks for "rounded too much"), and the named mistakes (the wrong answers an exercise
names with their feedback), each counted once per pupil who made it. It also gives a learner ×
exercise grid, each pupil's marks under the marking policy (:mod:`acelab.classroom.policy`: the same
numbers as nbgrader's gradebook), a plot per lesson and CSV files. Exercises are numbered as their
lesson numbers them (Exercise 8 is 8).

A missing, damaged, foreign or tampered answer file (a verdict edited by hand, an answer to an
exercise that does not exist, a pupil found twice) is reported in one sentence naming the pupil
and the file; the rest of the class is still reported, and each pupil's figures come from that
pupil's own files only.
"""

from __future__ import annotations

import copy
import html
import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Final

from acelab.classroom.answer_file import read_regular
from acelab.classroom.policy import DEFAULT, Policy, from_notebook, score
from acelab.classroom.submissions import read_folder, regular_files
from acelab.engine.seeds import check_seed
from acelab.engine.terms import cut
from acelab.store.sheets import write_rows
from acelab.teaching.answers import (
    ChoiceQuestion,
    NumberQuestion,
    Question,
    Verdict,
    right_of,
    show_number,
)
from acelab.teaching.exercises import LESSONS, Picture, Seed, lesson

__all__ = [
    "WELCOME",
    "ClassReport",
    "ExerciseRow",
    "MistakeCount",
    "Seeds",
    "class_report",
    "course_policies",
    "find_exercise",
    "named_mistake",
]

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


def _first_version(name: str, index: int, key: str) -> Question:
    """The version of a lesson's exercise its notebook's seed gives, under the id it had before
    it had versions (``key``): how answer files written then are read."""
    question = copy.copy(_questions(name, lesson(name).seed)[index])
    object.__setattr__(question, "id", key)
    return question


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
            if exercise == key:  # written before the exercise had versions: the lesson's own
                return Where(name, index, key), _first_version(name, index, key)
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
            if (
                index != right_of(question)
                and verdict.message == f"Not this one. {feedback}".strip()
            ):
                return letter, feedback
    return None


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
    number: int = 0
    """The exercise's number in its lesson (Exercise 8 is 8)."""
    points: int = 1
    partly: int = 0
    """Pupils never right whose best try earned part marks (half marks for "rounded too much")."""

    @property
    def label(self) -> str:
        """``counting 8``: the lesson and the exercise's number in it."""
        return f"{self.lesson} {self.number}"


@dataclass(frozen=True)
class ClassReport:
    """The class at a glance: ``exercises`` in lesson order, ``grid[pupil][key]`` (``"✔"`` right
    first time, ``"✔3"`` right at the third try, ``"½"`` half marks at best and never right,
    ``"✖"`` never right, missing: not answered), ``marks[pupil][key]`` the points each pupil earns
    under the lesson's marking policy (``policies``; as nbgrader's gradebook gives them), and one
    sentence per file that could not be used (``problems``)."""

    folder: Path
    pupils: tuple[str, ...]
    exercises: tuple[ExerciseRow, ...]
    grid: Mapping[str, Mapping[str, str]]
    problems: tuple[str, ...]
    marks: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    policies: Mapping[str, Policy] = field(default_factory=dict)
    points: Mapping[str, int] = field(default_factory=dict)
    """Each lesson's points, every exercise counted (as nbgrader's gradebook counts them)."""

    def policy(self, name: str) -> Policy:
        """The marking policy of the lesson ``name``."""
        return self.policies.get(name, DEFAULT)

    def total(self, pupil: str, name: str) -> float:
        """The points ``pupil`` earns in lesson ``name`` under its policy."""
        return round(
            sum(
                self.marks.get(pupil, {}).get(row.key, 0.0)
                for row in self.exercises
                if row.lesson == name
            ),
            6,
        )

    def out_of(self, name: str) -> int:
        """The points of every exercise of lesson ``name``, answered or not."""
        return self.points.get(name, sum(q.points for q in _questions(name, 1)))

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
                part = f", part marks only {row.partly}" if row.partly else ""
                lines.append(
                    f"  Exercise {row.number} ({row.key}): answered {row.answered}, right first "
                    f"time {row.first_time}, right eventually {row.eventually}{part}"
                )
                for mistake in row.mistakes[:3]:
                    lines.append(f"      {mistake.pupils} × {mistake.answer}: {mistake.feedback}")
        width = max((len(p) for p in self.pupils), default=5)
        for name in self.lessons():
            rows = [r for r in self.exercises if r.lesson == name]
            lines += [
                "",
                f"Grid of {name} (✔ right first time, ✔3 right at try 3, ½ half marks, ✖ never "
                "right, · not answered; columns are the lesson's exercise numbers):",
                " " * width + " " + " ".join(f"{r.number:>3}" for r in rows),
            ]
            for pupil in self.pupils:
                cells = " ".join(f"{self.grid[pupil].get(r.key, '·'):>3}" for r in rows)
                lines.append(f"{pupil:<{width}} {cells}")
        for name in self.lessons():
            policy = self.policy(name)
            lines += ["", f"Marks of {name} out of {self.out_of(name)} ({policy.sentence})"]
            for pupil in self.pupils:
                lines.append(f"  {pupil:<{width}} {self.total(pupil, name):g}")
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
                    "number",
                    "part marks only",
                ],
                (
                    (
                        r.lesson,
                        r.key,
                        size,
                        r.answered,
                        r.first_time,
                        r.eventually,
                        r.number,
                        r.partly,
                    )
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

    def write_marks(self, folder: Path) -> Path:
        """``class-marks.csv`` in ``folder``: each pupil's points per exercise, with its number
        in the lesson and the policy that gave them (the gradebook's numbers)."""
        folder.mkdir(parents=True, exist_ok=True)
        out = folder / "class-marks.csv"
        with out.open("w", newline="", encoding="utf-8") as file:
            write_rows(
                file,
                ["pupil", "lesson", "exercise", "number", "points", "marks", "policy"],
                (
                    [
                        pupil,
                        row.lesson,
                        row.key,
                        row.number,
                        row.points,
                        self.marks.get(pupil, {}).get(row.key, 0.0),
                        self.policy(row.lesson).short,
                    ]
                    for pupil in self.pupils
                    for row in self.exercises
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
        axes.set_yticks(list(places), [f"{row.number}. {row.key}" for row in rows])
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
            f"<tr><td>{r.number}. {esc(r.key)}</td><td>{r.answered}</td><td>{r.first_time}</td>"
            f"<td>{r.eventually}</td><td>"
            + "<br>".join(
                f"{m.pupils} × <b>{esc(m.answer)}</b>: {esc(m.feedback)}" for m in r.mistakes[:3]
            )
            + "</td></tr>"
            for r in self.exercises
        )
        parts.append(f"<table class='acelab-class-report'>{head}{body}</table>")
        grid_head = "<tr><th>pupil</th>" + "".join(
            f"<th title='{esc(r.key)}'>{esc(r.label)}</th>" for r in self.exercises
        )
        grid_body = "".join(
            f"<tr><td>{esc(p)}</td>"
            + "".join(f"<td>{esc(self.grid[p].get(r.key, ''))}</td>" for r in self.exercises)
            + "</tr>"
            for p in self.pupils
        )
        parts.append(f"<table class='acelab-class-grid'>{grid_head}</tr>{grid_body}</table>")
        names = self.lessons()
        marks_head = "<tr><th>pupil</th>" + "".join(
            f"<th title='{esc(self.policy(n).sentence)}'>{esc(n)} (of {self.out_of(n)})</th>"
            for n in names
        )
        marks_body = "".join(
            f"<tr><td>{esc(p)}</td>"
            + "".join(f"<td>{self.total(p, n):g}</td>" for n in names)
            + "</tr>"
            for p in self.pupils
        )
        parts.append(f"<table class='acelab-class-marks'>{marks_head}</tr>{marks_body}</table>")
        return "".join(parts)


@dataclass
class _Tally:
    answered: int = 0
    first_time: int = 0
    eventually: int = 0
    partly: int = 0


def _mark(tries: Sequence[tuple[str, bool | None]], question: Question) -> list[Verdict]:
    return [question.check(answer, n) for n, (answer, _) in enumerate(tries, start=1)]


def _cell(right: int, best: float) -> str:
    """A grid cell: ✔ right first time, ✔3 at try 3, ½ half marks, 0.67 part marks, ✖."""
    if right:
        return "✔" if right == 1 else f"✔{right}"
    if best == 0.5:
        return "½"
    return f"{best:.2g}" if best > 0 else "✖"


@cache
def shipped_points() -> dict[str, dict[str, int]]:
    """Each lesson's exercises' points, as ``make editions`` gives them to nbgrader (by lesson
    id, then grade_id): shipped with acelab as ``lesson_points.json``."""
    table = json.loads(files("acelab").joinpath("lesson_points.json").read_text(encoding="utf-8"))
    by_notebook = {lesson(name).notebook: name for name in LESSONS}
    return {
        by_notebook[source]: dict(kept) for source, kept in table.items() if source in by_notebook
    }


def _points_of(notebook: Mapping[str, object]) -> dict[str, int]:
    """nbgrader's points of each exercise of a course's source notebook, by grade_id."""
    found: dict[str, int] = {}
    cells = notebook.get("cells", [])
    for cell in cells if isinstance(cells, list) else []:
        grading = cell.get("metadata", {}).get("nbgrader", {}) if isinstance(cell, dict) else {}
        if grading.get("grade") and isinstance(grading.get("points"), int | float):
            found[str(grading.get("grade_id"))] = grading["points"]
    return found


def course_points(folder: Path) -> dict[str, dict[str, int]]:
    """Each lesson's points as the nbgrader course's ``source/`` sets them (a teacher may
    change them there), by lesson and grade_id; lessons not in ``source/`` are left out."""
    found: dict[str, dict[str, int]] = {}
    for name, notebook in _course_notebooks(folder, []):
        points = _points_of(notebook)
        if points:
            found[name] = points
    return found


def _course_notebooks(folder: Path, problems: list[str]) -> list[tuple[str, dict[str, object]]]:
    """The lesson notebooks in the nbgrader course's ``source/`` (beside or above ``folder``),
    read (never run), by lesson; one that cannot be read gets a sentence."""
    notebooks = {lesson(name).notebook.rpartition("/")[2]: name for name in LESSONS}
    found: list[tuple[str, dict[str, object]]] = []
    for course in (folder, folder.parent):
        source = course / "source"
        if not source.is_dir() or source.is_symlink():
            continue
        for path in regular_files(source, problems):
            name = notebooks.get(path.name)
            if name is None:
                continue
            try:
                notebook = json.loads(read_regular(path).decode("utf-8"))
            except (OSError, ValueError, UnicodeDecodeError, RecursionError) as error:
                problems.append(f"The course notebook {path} cannot be read ({error}).")
                continue
            if isinstance(notebook, dict):
                found.append((name, notebook))
        break
    return found


def course_policies(folder: Path, problems: list[str] | None = None) -> dict[str, Policy]:
    """The marking policy of each lesson as an nbgrader course's ``source/`` sets it (each
    notebook's policy cell, read and never run): ``folder`` is the course folder, its
    ``submitted/`` or a folder beside ``source/``. Lessons without one are left out; a policy
    cell that cannot be read gets a sentence in ``problems``."""
    said = problems if problems is not None else []
    found: dict[str, Policy] = {}
    for name, notebook in _course_notebooks(folder, said):
        try:
            policy = from_notebook(notebook)
        except ValueError as error:
            said.append(
                f"The marking policy of {name} in the course's source/ cannot be read "
                f"({error}), so {name} is marked with the default ({DEFAULT.short})."
            )
            continue
        if policy is not None:
            found[name] = policy
    return found


def class_report(folder: str | Path, policy: Policy | None = None) -> ClassReport:
    """The report of every pupil's work under ``folder`` (see the module docstring). Marks use
    ``policy`` for every lesson when it is given, else each lesson's policy as the nbgrader
    course's ``source/`` sets it (:func:`course_policies`), else the default (a penalty of 0.1
    per wrong try)."""
    root = Path(folder).expanduser()
    submissions, problems = read_folder(root)
    set_by_course = {} if policy is not None else course_policies(root, problems)
    policies = {name: policy or set_by_course.get(name, DEFAULT) for name in LESSONS}
    worth = {**shipped_points(), **course_points(root)}
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
    marks: dict[str, dict[str, float]] = {}
    for pupil in sorted(work):
        edited: list[str] = []
        for key, (where, question, tries) in work[pupil].items():
            verdicts = _mark(tries, question)
            places[key] = (list(LESSONS).index(where.lesson), where.index, where.lesson)
            tally = tallies.setdefault(key, _Tally())
            tally.answered += 1
            right = next((n for n, v in enumerate(verdicts, start=1) if v.correct), 0)
            best = max((v.score for v in verdicts), default=0.0)
            tally.first_time += right == 1
            tally.eventually += right > 0
            tally.partly += not right and best > 0
            grid.setdefault(pupil, {})[key] = _cell(right, best)
            share = score(((v.score, v.correct) for v in verdicts), policies[where.lesson])
            points = worth.get(where.lesson, {}).get(key, question.points)
            marks.setdefault(pupil, {})[key] = round(points * share, 6)
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
        marks.setdefault(pupil, {})
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
            places[key][1] + 1,
            worth.get(places[key][2], {}).get(
                key, _questions(places[key][2], 1)[places[key][1]].points
            ),
            tallies[key].partly,
        )
        for key in sorted(places, key=lambda k: places[k][:2])
    )
    used = {row.lesson: policies[row.lesson] for row in rows}
    totals = {
        name: sum(
            worth.get(name, {}).get(key, q.points)
            for key, q in zip((k for k, _ in _layout(name)), _questions(name, 1), strict=True)
        )
        for name in used
    }
    return ClassReport(root, tuple(sorted(grid)), rows, grid, tuple(problems), marks, used, totals)

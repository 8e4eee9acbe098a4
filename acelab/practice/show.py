"""What My progress and the line at the top of every play and lesson notebook show.

Each function reads the learner's store (``$ACELAB_HOME``) and returns something a notebook
cell shows: Markdown (:class:`acelab.teaching.cells.Shown`) or a plot
(:class:`acelab.teaching.exercises. Picture`). None of them raises because of the store: a store
that cannot be read shows its sentence and empty figures.
"""

from __future__ import annotations

from dataclasses import replace

from acelab.practice.calibrate import class_ratings
from acelab.practice.progress import GAME_TITLES, Progress, my_progress, summary_line
from acelab.store import open_store
from acelab.teaching.cells import Shown, table
from acelab.teaching.exercises import Picture, lesson

__all__ = [
    "ability_plot",
    "games_table",
    "lessons_table",
    "mastery_plot",
    "my_progress_line",
    "next_step",
    "progress",
    "table_games",
]


def progress(base: str = "") -> Progress:
    """The learner's progress, read from their store now (links after ``base``), the lesson
    rating started from the class's ratings file when there is one."""
    items, problem = class_ratings()
    with open_store() as store:
        found = my_progress(store, base, items)
    return replace(found, notes=(*found.notes, problem)) if problem else found


def my_progress_line() -> Shown:
    """The one line at the top of a play or lesson notebook (in a game's folder)."""
    return Shown(summary_line(progress("../"), "../"))


def next_step(found: Progress | None = None) -> Shown:
    """The suggested next step, with its link, and any sentence about the store."""
    found = found or progress()
    notes = "".join(f"\n\n*{note}*" for note in found.notes)
    return Shown(f"**{found.next_step}**{notes}")


def games_table(found: Progress | None = None) -> Shown:
    """Per game: played, won, the best result and the achievements."""
    found = found or progress()
    rows = [
        (
            GAME_TITLES[g.game],
            g.played,
            g.won,
            g.best,
            ", ".join(g.achievements) or "none yet",
        )
        for g in found.games
    ]
    return table(("game", "played", "won", "best", "achievements"), rows)


def table_games(found: Progress | None = None) -> Shown:
    """The games played with classmates at class tables, one line each, or a sentence saying
    there are none yet."""
    found = found or progress()
    lines = [f"- {GAME_TITLES[g.game]}: {line}" for g in found.games for line in g.tables]
    return Shown("\n".join(lines) or "No game played at a class table yet.")


def lessons_table(found: Progress | None = None) -> Shown:
    """Per lesson: exercises tried (of all), right first time, the skills mastered."""
    found = found or progress()
    rows = [
        (
            lesson(p.lesson).title,
            f"{p.tried} of {p.exercises}",
            p.right_first_time,
            ", ".join(p.skills) or "none yet",
        )
        for p in found.lessons
    ]
    shown = table(("lesson", "exercises tried", "right first time", "skills mastered"), rows)
    return Shown(f"{shown.markdown}\n\n{found.lesson_rating_text()}")


def ability_plot(found: Progress | None = None) -> Picture:
    """The learner's Ace Pilot Practice rating after each deal."""
    from matplotlib.figure import Figure

    found = found or progress()
    figure = Figure(figsize=(6, 2.6))
    axes = figure.add_subplot()
    if found.ability:
        axes.plot(range(1, len(found.ability) + 1), found.ability, marker="o", color="#0969da")
    else:
        axes.text(0.5, 0.5, "No Ace Pilot Practice yet", ha="center", va="center")
    axes.axhline(0, color="#999999", linewidth=0.8)
    axes.set_xlabel("deals practised")
    axes.set_ylabel("your rating")
    axes.set_title("Ace Pilot Practice: your rating over time")
    figure.tight_layout()
    last = f", now {found.ability[-1]:+.2f}" if found.ability else ""
    return Picture(figure, f"Your Ace Pilot rating over {len(found.ability)} deals{last}.")


def mastery_plot(found: Progress | None = None) -> Picture:
    """How many of each lesson's skills are mastered, as bars."""
    from matplotlib.figure import Figure

    from acelab.teaching.skills import lesson_skills

    found = found or progress()
    names = [lesson(p.lesson).title.split(": ")[-1] for p in found.lessons]
    mastered = [len(p.skills) for p in found.lessons]
    totals = [len(lesson_skills(p.lesson).words) for p in found.lessons]
    figure = Figure(figsize=(6, 3.4))
    axes = figure.add_subplot()
    axes.barh(names, totals, color="#d0d7de", label="skills in the lesson")
    axes.barh(names, mastered, color="#1a7f37", label="mastered")
    axes.invert_yaxis()
    axes.set_xlabel("skills")
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=2, fontsize="small")
    figure.tight_layout()
    said = "; ".join(f"{n}: {m} of {t}" for n, m, t in zip(names, mastered, totals, strict=True))
    return Picture(figure, f"Skills mastered per lesson: {said}.")

"""My progress: what a learner has done in every game and lesson, and one next step.

:func:`my_progress` reads the learner's store: per game the games played and won, the best
result and the achievements (Devir's twenty, kept as they are earned, and for every game the
milestones its saved games show: a first game finished, a first win, five wins, three wins
running); per lesson the exercises tried, right first time and the skills mastered
(:mod:`acelab.practice.mastery`); the Ace Pilot Practice ability after each deal; and one
suggested next step with its link (:attr:`Progress.next_step`), taken along the suggested path
(:data:`acelab.engine.catalogue.START_HERE`). Games played at a class table count with the seat
the learner sat at, and each is listed (:attr:`GameProgress.tables`). A store that cannot be read
gives empty figures and its sentence in :attr:`Progress.notes`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from acelab.engine.catalogue import GAMES, START_HERE, Step
from acelab.engine.games import NAMES
from acelab.practice.mastery import LessonProgress, lesson_progress, lesson_ratings
from acelab.practice.scopes import HISTORY_SCOPE
from acelab.store import SavedGame, Store
from acelab.teaching.exercises import LESSONS, lesson

__all__ = ["GAME_TITLES", "GameProgress", "Progress", "my_progress", "summary_line"]

GAME_TITLES: Final = {game.folder: game.title for game in GAMES}
"""Each game's name in plain words, by the name it saves under (from the catalogue)."""


@dataclass(frozen=True)
class GameProgress:
    """One game: played (finished), won, the best result in words, achievements earned."""

    game: str
    played: int
    won: int
    best: str
    achievements: tuple[str, ...]
    tables: tuple[str, ...] = ()
    """The games played at class tables, a line each ("game 12, played at table KMPRTX with
    ana and ben: won"); they count in ``played`` and ``won`` with the learner's own seat."""


@dataclass(frozen=True)
class Progress:
    """Everything My progress shows (see the module docstring)."""

    games: tuple[GameProgress, ...]
    lessons: tuple[LessonProgress, ...]
    ability: tuple[float, ...]
    next_step: str
    notes: tuple[str, ...]
    lesson_rating: tuple[float, int] = (0.0, 0)
    """The learner's rating over lesson exercises and the first answers behind it."""

    def lesson_rating_text(self) -> str:
        """The lesson rating in a sentence (a learner with no answer starts in the middle)."""
        value, answers = self.lesson_rating
        if not answers:
            return "No lesson exercise answered yet: your rating starts in the middle (0)."
        return (
            f"Your rating over lesson exercises: {value:+.2f} after {answers} first "
            f"answer{'s' if answers != 1 else ''} (0 is the middle)."
        )


def _margin(saved: SavedGame) -> tuple[float, float]:
    """The learner's score and the best other score of a scored game (the learner's seat: 0,
    or theirs at a class table)."""
    assert saved.outcome is not None
    scores = saved.outcome.scores
    you = scores[saved.seat]
    return you, max(s for n, s in enumerate(scores) if n != saved.seat)


def _best(game: str, won: Sequence[SavedGame]) -> str:
    if not won:
        return "no win yet"
    scored = [
        g
        for g in won
        if g.outcome is not None and len(g.outcome.scores) >= 2 and g.seat < len(g.outcome.scores)
    ]
    if scored:
        top = max(scored, key=lambda g: _margin(g)[0] - _margin(g)[1])
        you, other = _margin(top)
        return f"won {you:g} to {other:g}"
    fewest = min(len(g.moves) for g in won)
    return f"quickest win in {fewest} moves"


def _milestones(finished: Sequence[SavedGame]) -> list[str]:
    found = []
    wins = [g.outcome is not None and g.outcome.won(g.seat) for g in finished]
    if finished:
        found.append("first game finished")
    if any(wins):
        found.append("first win")
    if sum(wins) >= 5:
        found.append("five wins")
    if any(all(wins[i : i + 3]) for i in range(max(0, len(wins) - 2))):
        found.append("three wins running")
    return found


def _practice_round(saved: SavedGame) -> bool:
    """A round of Ace Pilot Practice (one chosen Assault): practice, not a game played."""
    return "deal" in saved.options


def _game(store: Store, game: str) -> GameProgress:
    finished = [g for g in store.games(game) if g.finished and not _practice_round(g)]
    won = [g for g in finished if g.outcome is not None and g.outcome.won(g.seat)]
    earned = [a.achievement.replace("_", " ") for a in store.achievements(game)]
    return GameProgress(
        game,
        len(finished),
        len(won),
        _best(game, won),
        tuple(_milestones(finished) + earned),
        tuple(_table_line(g) for g in finished if g.table is not None),
    )


def _table_line(saved: SavedGame) -> str:
    """A game played at a class table, in words: "game 12, played at table KMPRTX with ana and
    ben: won"."""
    assert saved.table is not None
    result = "won" if saved.outcome is not None and saved.outcome.won(saved.seat) else "not won"
    return f"game {saved.id}, {saved.table.line()}: {result}"


def _lesson_step(name: str) -> Step | None:
    notebook = lesson(name).notebook.removeprefix("lessons/")
    return next((step for step in START_HERE if step.notebook == notebook), None)


def _skills_text(skills: Sequence[str]) -> str:
    items = list(skills)[:3]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def next_step(
    games: Sequence[GameProgress], lessons: Sequence[LessonProgress], base: str = ""
) -> str:
    """One suggested next step in a sentence, with its link (from ``notebooks/``, after
    ``base``: ``"../"`` in a game's folder)."""
    by_lesson = {p.lesson: p for p in lessons}
    mastered = [s for p in lessons for s in p.skills]
    said = f" — you have mastered {_skills_text(mastered)}" if mastered else ""
    for progress in lessons:
        step = _lesson_step(progress.lesson)
        if progress.waiting and step is not None:
            return (
                f"Next: back to [{step.title}]({base}{step.notebook}) for another like the "
                f"exercise you got wrong (press Another like this){said}."
            )
    played = {g.game for g in games if g.played}
    for step in START_HERE[1:]:
        folder = step.notebook.split("/")[0]
        if step.notebook.endswith("play.ipynb"):
            if folder in played:
                continue
        else:
            name = next(n for n in LESSONS if _lesson_step(n) == step)
            progress = by_lesson[name]
            if progress.tried >= progress.exercises:
                continue
        return f"Next: [{step.title}]({base}{step.notebook}), about {step.minutes} minutes{said}."
    return (
        f"Next: [Ace Pilot Practice]({base}ace_pilot/practice.ipynb), a deal at your level{said}."
    )


def my_progress(
    store: Store, base: str = "", class_items: Mapping[str, tuple[float, int]] | None = None
) -> Progress:
    """The learner's progress from ``store``; links start with ``base`` (``"../"`` from a
    game's folder); ``class_items`` (a class's calibration) start the exercises' ratings."""
    notes = (store.problem,) if store.problem else ()
    games = tuple(_game(store, game) for game in NAMES)
    attempts = [(a.exercise, a.correct) for a in store.attempts()]
    lessons = tuple(lesson_progress(attempts).values())
    history = store.ratings(HISTORY_SCOPE)
    ability = tuple(history[key][0] for key in sorted(history))
    me, _ = lesson_ratings(attempts, items=dict(class_items or {}))
    return Progress(
        games,
        lessons,
        ability,
        next_step(games, lessons, base),
        notes,
        (me.value, me.attempts),
    )


def summary_line(progress: Progress, base: str = "../") -> str:
    """The one line at the top of a play or lesson notebook (its links after ``base``): what
    was done and the next step."""
    played = sum(g.played for g in progress.games)
    won = sum(g.won for g in progress.games)
    mastered = sum(len(p.skills) for p in progress.lessons)
    return (
        f"So far: {played} games played, {won} won, {mastered} skills mastered. "
        f"{progress.next_step} ([My progress]({base}my_progress.ipynb))"
    )

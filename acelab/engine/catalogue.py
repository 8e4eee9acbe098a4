"""acelab's games and lessons as each game declares them, and the tables made from them.

Each game declares itself once, in its own package: ``acelab/<game>/game.toml`` holds its
name as the tables show it, what a learner learns, how to play it, its rules page, its
notebooks, its lessons and its place in every list (``order``), as an OpenSpiel game declares
its ``_GAME_TYPE`` beside its rules; nothing central lists what a game is. :data:`GAMES` is
what :func:`declared_games` finds: every folder of acelab holding a ``game.toml``, read and
checked here (a damaged one is refused in one sentence naming the file).

Why a data file and not a Python ``register_game`` call: the names are read where no game may
be imported — the progress store, the class report, :func:`acelab.engine.games.by_name` stand
below the games, and the engine imports nothing above it (``tests/repo/test_layout.py``
counts imports inside functions too). Reading a module ``acelab/<game>/game_type.py`` would
first run ``acelab/<game>/__init__.py``, which imports the game's rules, solvers and NumPy
(1.5 to 2.6 s for the four on this 2-core machine, against 0.1 to 0.3 s for the catalogue),
so every game's ``__init__`` would have to turn lazy. A TOML file beside the game's other data
(``enemies.toml``, ``cards.toml``) is read without running anything, ships in the wheel with
them (``*.toml`` package data) and holds only what a declaration is: words and file names.

The README's games table, the welcome notebook's table and its links to every notebook are all
written from :data:`GAMES` by ``make editions`` (between ``<!-- acelab:games -->`` markers and
the like), so they cannot disagree. A play notebook links its game's rules as ``rules.html``,
made from ``docs/rules/<game>.md`` by ``make editions`` and kept beside it, inside the folder
``make lab`` serves; JupyterLab shows it, and Voila serves it (``voila.json`` allows ``.html``).
"""

from __future__ import annotations

import html
import re
import tomllib
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from itertools import pairwise
from typing import Any, Final

__all__ = [
    "DECLARATION",
    "GAMES",
    "START_HERE",
    "CatalogueGame",
    "CatalogueLesson",
    "CatalogueTable",
    "Step",
    "between_markers",
    "declared_games",
    "game_of",
    "lesson_modules",
    "lesson_notebook",
    "read_declaration",
    "readme_table",
    "rules_page",
    "start_here",
    "welcome_links",
    "welcome_table",
]


@dataclass(frozen=True)
class CatalogueLesson:
    """A lesson: its title as linked, its notebook (in the game's folder), its teacher's guide,
    its id (its module is ``acelab.<game>.lessons.<id>``; :data:`acelab.teaching.exercises.LESSONS`
    is read from here) and how long it takes (the teacher's guide's plan: 55 minutes in class)."""

    title: str
    notebook: str
    guide: str
    id: str
    minutes: int = 55
    ages: str = ""
    """The lesson's ages when they are not its game's."""


@dataclass(frozen=True)
class CatalogueTable:
    """How a game for several people is played at the class's tables (its ``[table]``): its
    name there, how many seats (lowest, highest), the options a table may set, the options
    every table passes (``fixed``: co-op Ace of Spades' ``players = 2``) and the option that
    takes the number of seats (Lex's ``players``)."""

    title: str
    seats: tuple[int, int]
    options: tuple[str, ...] = ()
    fixed: tuple[tuple[str, Any], ...] = ()
    seats_option: str = ""


@dataclass(frozen=True)
class CatalogueGame:
    """A game, declared once by its package (its ``game.toml``, :func:`read_declaration`): its
    folder (the name it saves under), its name as the tables show it (``title`` plain), what a
    learner learns, how to play it, its rules page, its notebooks (``play`` and ``practice``,
    each lesson's) and its lessons.

    ``rules`` is the rules page's Markdown (``docs/rules/<folder>.md`` unless given), made
    into ``notebooks/<folder>/rules.html`` (:attr:`rules_html`) by ``make editions``.
    """

    folder: str
    name: str
    tagline: str
    short: str
    learn: str
    play: str
    play_note: str
    ages: str
    lessons: tuple[CatalogueLesson, ...]
    rules_note: str = ""
    app: bool = True
    practice: str = ""
    """The notebook of Practice at the learner's level, if the game has one."""
    rules: str = ""
    """The rules page (Markdown, from the repository's root): ``docs/rules/<folder>.md``."""
    play_notebook: str = "play.ipynb"
    """The notebook the game is played in (in the game's folder of ``notebooks/``)."""
    table: CatalogueTable | None = None
    """How it is played at the class's tables, if it is a game for several people."""

    def __post_init__(self) -> None:
        if not self.rules:
            object.__setattr__(self, "rules", f"docs/rules/{self.folder}.md")

    @property
    def title(self) -> str:
        """The game's name in plain words: ``"Ace of Spades (Devir)"``."""
        return self.name.replace("**", "")

    @property
    def rules_html(self) -> str:
        """The rules page as ``make editions`` makes it, from ``notebooks/``."""
        return f"{self.folder}/rules.html"

    @property
    def notebooks(self) -> tuple[str, ...]:
        """Every notebook of the game, from ``notebooks/``: the play notebook, each lesson's,
        and Practice's if it has one."""
        found = [self.play_notebook, *(lesson.notebook for lesson in self.lessons)]
        found += [self.practice] if self.practice else []
        return tuple(f"{self.folder}/{notebook}" for notebook in found)


DECLARATION: Final = "game.toml"
"""The file a game package declares itself in (``acelab/<game>/game.toml``)."""

_GAME_KEYS: Final = {
    "order": int,
    "name": str,
    "tagline": str,
    "short": str,
    "learn": str,
    "play": str,
    "play_note": str,
    "ages": str,
    "lessons": list,
    "rules_note": str,
    "app": bool,
    "practice": str,
    "rules": str,
    "play_notebook": str,
    "table": dict,
}
"""What a game's declaration holds, and of which type."""

_TABLE_KEYS: Final[dict[str, type]] = {
    "title": str,
    "seats": list,
    "options": list,
    "fixed": dict,
    "seats_option": str,
}
"""What its ``[table]`` holds, and of which type."""

_LESSON_KEYS: Final = {
    "title": str,
    "notebook": str,
    "guide": str,
    "id": str,
    "minutes": int,
    "ages": str,
}
"""What each of its ``[[lessons]]`` holds, and of which type."""

_GAME_OPTIONS: Final = frozenset(
    {"rules_note", "app", "practice", "rules", "play_notebook", "table"}
)
MOST_SEATS: Final = 10
"""More seats than any table of these games holds: a declaration asking for more is a typo."""
_TABLE_OPTIONS: Final = frozenset({"options", "fixed", "seats_option"})
_LESSON_OPTIONS: Final = frozenset({"minutes", "ages"})
_MAY_BE_EMPTY: Final = frozenset({"play_note", "rules_note", "practice"})
_KIND_WORDS: Final = {
    str: "text",
    int: "a whole number",
    bool: "true or false",
    list: "a list",
    dict: "a table",
}


def _check(
    table: dict[str, Any], keys: dict[str, type], options: frozenset[str], where: str
) -> None:
    """``table`` holds ``keys`` (all but ``options``) and nothing else, each of its type and
    none empty that must say something; otherwise ``ValueError`` in one sentence naming
    ``where``."""
    unknown = sorted(set(table) - set(keys))
    missing = sorted(set(keys) - options - set(table))
    if unknown or missing:
        parts = [f"unknown {', '.join(unknown)}"] if unknown else []
        parts += [f"missing {', '.join(missing)}"] if missing else []
        raise ValueError(f"{where} is damaged: {'; '.join(parts)}.")
    for key, value in table.items():
        if type(value) is not keys[key]:  # a bool is not taken for a number, nor 1 for true
            raise ValueError(f"{where} is damaged: {key} must be {_KIND_WORDS[keys[key]]}.")
        if value == "" and key not in _MAY_BE_EMPTY:
            raise ValueError(f"{where} is damaged: {key} is empty.")


def read_declaration(folder: str, text: str) -> tuple[int, CatalogueGame]:
    """The game that the package ``acelab/<folder>/`` declares in ``text`` (its
    ``game.toml``), with its place in the lists (``order``). ``ValueError`` in one sentence
    naming the file for a damaged declaration: not TOML, a key missing, unknown, empty or of
    the wrong type, a lesson that is not a table."""
    where = f"acelab/{folder}/{DECLARATION}"
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{where} is damaged: it is not TOML ({error}).") from None
    _check(table, _GAME_KEYS, _GAME_OPTIONS, where)
    lessons = []
    for number, lesson in enumerate(table.pop("lessons"), start=1):
        if not isinstance(lesson, dict):
            raise ValueError(f"{where} is damaged: lesson {number} is not a [[lessons]] table.")
        _check(lesson, _LESSON_KEYS, _LESSON_OPTIONS, f"{where} (lesson {number})")
        lessons.append(CatalogueLesson(**lesson))
    order: int = table.pop("order")
    seated = _read_table(table.pop("table"), f"{where} ([table])") if "table" in table else None
    return order, CatalogueGame(folder, lessons=tuple(lessons), table=seated, **table)


def _read_table(table: dict[str, Any], where: str) -> CatalogueTable:
    """A game's ``[table]``; ``ValueError`` in one sentence naming ``where`` if damaged."""
    _check(table, _TABLE_KEYS, _TABLE_OPTIONS, where)
    seats, options = table["seats"], table.get("options", [])
    if not (
        len(seats) == 2
        and all(type(n) is int for n in seats)
        and 1 <= seats[0] <= seats[1] <= MOST_SEATS
    ):
        raise ValueError(
            f"{where} is damaged: seats must be two whole numbers "
            f"from 1 to {MOST_SEATS}, lowest first."
        )
    if not all(isinstance(option, str) and option for option in options):
        raise ValueError(f"{where} is damaged: options must be a list of names.")
    return CatalogueTable(
        table["title"],
        (seats[0], seats[1]),
        tuple(options),
        tuple(sorted(table.get("fixed", {}).items())),
        table.get("seats_option", ""),
    )


def declared_games(package: Traversable | None = None) -> tuple[CatalogueGame, ...]:
    """Every game declared by a folder of ``package`` (acelab's own folder when None) that
    holds a ``game.toml``, in their ``order``. The files are read as data: no game's rules are
    imported. ``ValueError`` in one sentence for a damaged declaration, or for two games
    declaring the same place."""
    root = package if package is not None else files("acelab")
    found: list[tuple[int, str, CatalogueGame]] = []
    for folder in root.iterdir():
        if folder.is_dir() and (folder / DECLARATION).is_file():
            text = (folder / DECLARATION).read_text(encoding="utf-8")
            order, game = read_declaration(folder.name, text)
            found.append((order, folder.name, game))
    found.sort(key=lambda entry: (entry[0], entry[1]))
    for (order, first, _), (other, second, _) in pairwise(found):
        if order == other:
            raise ValueError(
                f"The games {first} and {second} both declare order = {order}: "
                "give each its own place."
            )
    return tuple(game for _, _, game in found)


GAMES: Final = declared_games()
"""Every game, in the order the README and the welcome notebook list them: each declared once,
by its own package (``acelab/<game>/game.toml``, read by :func:`declared_games`);
:data:`acelab.engine.games.NAMES` and :data:`acelab.teaching.exercises.LESSONS` are read from
here, as the README's and welcome notebook's tables are."""


def game_of(folder: str) -> CatalogueGame:
    """The game that saves under ``folder`` (``"ace_pilot"``); ``ValueError`` for another."""
    for game in GAMES:
        if game.folder == folder:
            return game
    raise ValueError(f"{folder!r} is not the name of an acelab game.")


def lesson_notebook(lesson_id: str) -> str:
    """The source notebook of lesson ``lesson_id`` (``"lessons/ace_pilot/lesson.ipynb"``): what
    its :class:`~acelab.teaching.exercises.Lesson` names, as the catalogue declares it."""
    for game in GAMES:
        for lesson in game.lessons:
            if lesson.id == lesson_id:
                return f"lessons/{game.folder}/{lesson.notebook}"
    raise ValueError(f"There is no lesson {lesson_id!r} in the catalogue.")


def lesson_modules() -> dict[str, str]:
    """Every lesson's id and the module that holds it, in catalogue order."""
    return {
        lesson.id: f"acelab.{game.folder}.lessons.{lesson.id}"
        for game in GAMES
        for lesson in game.lessons
    }


@dataclass(frozen=True)
class Step:
    """One step of the suggested path: a notebook (from ``notebooks/``), what it is called, for
    which ages, and about how long it takes (minutes)."""

    notebook: str
    title: str
    ages: str
    minutes: int


def _path() -> tuple[Step, ...]:
    steps = [
        Step("00_welcome.ipynb", "Welcome: cards, seeds, a first exact probability", "11+", 15)
    ]
    for game in GAMES:
        name = game.title
        steps.append(Step(f"{game.folder}/{game.play_notebook}", f"Play {name}", game.ages, 15))
        steps.extend(
            Step(
                f"{game.folder}/{lesson.notebook}",
                lesson.title[0].upper() + lesson.title[1:],
                lesson.ages or game.ages,
                lesson.minutes,
            )
            for lesson in game.lessons
        )
        if game.practice:
            steps.append(Step(f"{game.folder}/{game.practice}", f"{name} Practice", game.ages, 10))
    return tuple(steps)


START_HERE: Final = _path()
"""The suggested order for a learner on their own: the welcome, then each game played before
its lessons, Ace Pilot first (arithmetic, from 11), the absolutely exact game trees last. A game
takes about 15 minutes to learn by playing; a lesson 55 (its teacher's guide's plan)."""


def start_here() -> str:
    """The welcome notebook's "start here": the suggested order with ages and times, and the
    link to My progress."""
    lines = [
        "New here? Go in this order (each game first, then its lessons). "
        "[My progress](my_progress.ipynb) shows what you have done and suggests the next step.",
        "",
    ]
    for number, step in enumerate(START_HERE[1:], start=1):
        what = (
            "to learn it by playing"
            if step.notebook.endswith("play.ipynb")
            else "deals at your level, as often as you like"
            if step.title.endswith("Practice")
            else "a lesson"
        )
        lines.append(
            f"{number}. [{step.title}]({step.notebook}) — ages {step.ages}, "
            f"about {step.minutes} minutes ({what})"
        )
    return "\n".join(lines)


def _lesson_links(game: CatalogueGame, prefix: str) -> list[str]:
    numbered = len(game.lessons) > 1
    practice = [f"[practice at your level]({prefix}{game.practice})"] if game.practice else []
    return [
        f"[lesson{f' {n}' if numbered else ''}: {lesson.title}]({prefix}{lesson.notebook})"
        for n, lesson in enumerate(game.lessons, start=1)
    ] + practice


def _app(game: CatalogueGame, command: str) -> str:
    play = f"notebooks/{game.folder}/{game.play_notebook}"
    return f"also an app: `{command} {play}`" if game.app else ""


def readme_table() -> str:
    """The README's table of games: each game's play notebook, lessons, guides and rules."""
    lines = [
        "| game | notebooks | rules |",
        "|---|---|---|",
        "| Welcome: cards, seeds, a first exact probability "
        "| [`notebooks/00_welcome.ipynb`](notebooks/00_welcome.ipynb) | — |",
    ]
    for game in GAMES:
        prefix = f"notebooks/{game.folder}/"
        notes = "; ".join(
            n for n in (game.play_note.strip("()"), _app(game, ".venv/bin/voila")) if n
        )
        play = f"[{game.play}]({prefix}{game.play_notebook})" + (f" ({notes})" if notes else "")
        guides = ", ".join(
            f"[{'teacher' + chr(39) + 's guide' if len(game.lessons) == 1 else n}]"
            f"(docs/teachers/{lesson.guide})"
            for n, lesson in enumerate(game.lessons, start=1)
        )
        guides = guides if len(game.lessons) == 1 else f"guides: {guides}"
        cells = " · ".join([play, *_lesson_links(game, prefix)]) + f" (ages {game.ages}; {guides})"
        rules = f"[rules]({game.rules}){game.rules_note}"
        lines.append(f"| {game.name}: {game.tagline} | {cells} | {rules} |")
    return "\n".join(lines)


def welcome_table() -> str:
    """The welcome notebook's table: each game, what it teaches and what there is of it."""
    lines = ["| game | what you learn | notebooks |", "|---|---|---|"]
    words = {1: "a lesson", 2: "two lessons", 3: "three lessons", 4: "four lessons"}
    for game in GAMES:
        lessons = words.get(len(game.lessons), f"{len(game.lessons)} lessons")
        lines.append(f"| {game.name}: {game.short} | {game.learn} | a game to play and {lessons} |")
    return "\n".join(lines)


def welcome_links() -> str:
    """The welcome notebook's list of every game's notebooks and rules, linked from notebooks/,
    and My progress."""
    lines = ["* [My progress](my_progress.ipynb): what you have done, and what to do next"]
    for game in GAMES:
        app = _app(game, "voila")
        play = f"[{game.play}]({game.folder}/{game.play_notebook})" + (
            f" ({app.replace('an app', 'as an app')})" if app else ""
        )
        parts = [
            play,
            *_lesson_links(game, f"{game.folder}/"),
            f"[rules]({game.rules_html})",
        ]
        lines.append(f"* {game.name}: " + " · ".join(parts))
    return "\n".join(lines)


def between_markers(text: str, marker: str, body: str) -> str:
    """``text`` with what lies between ``<!-- acelab:marker -->`` and its closing marker
    replaced by ``body``. Raises ``ValueError`` when the markers are missing."""
    pattern = re.compile(
        rf"(<!-- acelab:{marker} -->\n).*?(\n<!-- /acelab:{marker} -->)", re.DOTALL
    )
    if not pattern.search(text):
        raise ValueError(f"The text has no <!-- acelab:{marker} --> markers.")
    return pattern.sub(lambda m: m.group(1) + body + m.group(2), text, count=1)


def rules_page(markdown: str) -> str:
    """A rules page (Markdown) as a standalone HTML page a browser, JupyterLab or Voila shows."""
    import mistune  # JupyterLab's own Markdown library, needed only by make editions

    render = mistune.create_markdown(plugins=["table"])
    title = markdown.splitlines()[0].lstrip("# ").strip() if markdown.strip() else "Rules"
    body = str(render(markdown))
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_RULES_STYLE}</style>\n</head>\n"
        f"<body>\n{body}</body>\n</html>\n"
    )


_RULES_STYLE: Final = (
    "body { font: 16px/1.5 sans-serif; max-width: 48em; margin: 1em auto; padding: 0 1em; }"
    " table { border-collapse: collapse; } th, td { border: 1px solid #999; padding: 0.2em 0.5em; }"
    " code { background: #f3f3f3; }"
)

"""Printable answer keys: one row per seed, every exercise's answer in the form it asks for.

``python -m acelab.teaching.answer_keys LESSON --seeds 1-40`` writes ``LESSON.html`` (``--out
FOLDER``, by default ``docs/teachers/keys``); ``make keys`` writes the key of every lesson for seeds
1–40. A teacher who hands out seeds so that neighbours differ prints the key once (A4 or Letter).
"""

from __future__ import annotations

import argparse
import html
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from acelab.engine.seeds import check_seed
from acelab.engine.terms import cut
from acelab.teaching.answers import ChoiceQuestion, NumberQuestion, Question, answer_of, value_of
from acelab.teaching.exercises import LESSONS, Lesson, Seed, lesson

__all__ = [
    "KEYS",
    "answer_text",
    "key_html",
    "key_parts",
    "main",
    "parse_seeds",
    "write_chosen",
    "write_key",
    "write_page",
]

KEYS: Final = Path(__file__).resolve().parents[2] / "docs" / "teachers" / "keys"
"""Where ``make keys`` writes the keys the teacher's guide links."""
MAX_SEEDS: Final = 500

_STYLE: Final = """
  @page { margin: 12mm; }
  body { font: 9pt/1.3 "DejaVu Sans", "Liberation Sans", sans-serif; margin: 0; color: #000; }
  h1 { font-size: 14pt; margin: 0 0 2mm; }
  p { margin: 0 0 2mm; }
  table { border-collapse: collapse; width: 100%; table-layout: fixed; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  th, td { border: 0.3mm solid #666; padding: 0.8mm 1mm; overflow-wrap: anywhere; }
  th { background: #eee; text-align: left; }
  td.seed, th.seed { width: 9mm; text-align: right; }
  ol.legend { columns: 2; margin: 0 0 3mm; padding-left: 6mm; }
"""


def answer_text(question: Question) -> str:
    """The answer as the question asks for it: ``0.51``, ``29.8%``, ``11/26``, ``B``…"""
    if isinstance(question, NumberQuestion) and question.places is None:
        value = value_of(question)
        if value.denominator == 1:
            return f"{value.numerator:,}"
    return answer_of(question)


def _what(question: Question) -> str:
    if isinstance(question, ChoiceQuestion):
        return "a letter"
    if isinstance(question, NumberQuestion):
        if question.places is None:
            return "exact"
        unit = "place" if question.places == 1 else "places"
        return f"{'a percentage, ' if question.percent else ''}{question.places} decimal {unit}"
    return "one right answer of several"


def parse_seeds(text: str) -> list[Seed]:
    """Seeds from ``1-40``, ``1,5,9``, ``3-5,class 7B``: whole numbers, ranges and words."""
    seeds: list[Seed] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        low, dash, high = part.partition("-")
        if dash and low.strip().isdecimal() and high.strip().isdecimal():
            first, last = (int(check_seed(int(end))) for end in (low, high))
            if first > last:
                raise ValueError(f"The range {part} runs backwards: write it as {last}-{first}.")
            if len(seeds) + last - first + 1 > MAX_SEEDS:
                raise ValueError(f"A key holds at most {MAX_SEEDS} seeds.")
            seeds.extend(range(first, last + 1))
        else:
            seeds.append(check_seed(int(part) if part.lstrip("-").isdecimal() else part))
        if len(seeds) > MAX_SEEDS:
            raise ValueError(f"A key holds at most {MAX_SEEDS} seeds.")
    if not seeds:
        raise ValueError("Give the seeds, such as 1-40.")
    return seeds


def key_parts(
    rows: Sequence[tuple[Seed, Sequence[Question]]],
    *,
    seed_class: str = "seed",
    same_width: int | None = None,
    cell_width: int | None = None,
) -> tuple[str, str, str]:
    """The answer key of ``rows`` (each seed and its questions) in three pieces of HTML, as a
    key and a lesson plan print it: the exercises asked the same, with the same answer, for
    every seed, written once (empty when there is none); the heads of the others' columns; one
    row per seed of their answers (its first cell of class ``seed_class``). Answers are cut to
    ``same_width`` and ``cell_width`` characters when given."""
    first = rows[0][1]
    fixed = [
        n
        for n, question in enumerate(first)
        if all(
            qs[n].id == question.id and answer_of(qs[n]) == answer_of(question) for _, qs in rows
        )
    ]
    seeded = [n for n in range(len(first)) if n not in fixed]

    def written(question: Question, width: int | None) -> str:
        text = answer_text(question)
        return html.escape(text if width is None else cut(text, width))

    same = " · ".join(f"<b>Ex {n + 1}</b> {written(first[n], same_width)}" for n in fixed)
    heads = "".join(f"<th>Ex {n + 1}</th>" for n in seeded)
    body = "".join(
        f'<tr><td class="{seed_class}">{html.escape(str(seed))}</td>'
        + "".join(f"<td>{written(questions[n], cell_width)}</td>" for n in seeded)
        + "</tr>"
        for seed, questions in rows
    )
    return same, heads, body


def key_html(found: Lesson, seeds: Sequence[Seed]) -> str:
    """The answer key of ``found`` for ``seeds`` as one printable HTML page: the exercises that
    are the same for every seed once, then a table with one row per seed."""
    rows = [(seed, found.exercises(seed)) for seed in seeds]
    legend = "".join(
        f"<li>{html.escape(cut(q.question, 90))} <i>({_what(q)})</i></li>" for q in rows[0][1]
    )
    same, heads, body = key_parts(rows)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>Answer key: {html.escape(found.title)}</title>\n<style>{_STYLE}</style>\n"
        "</head>\n<body>\n"
        f"<h1>Answer key: {html.escape(found.title)}</h1>\n"
        f"<p>Seeds {html.escape(str(seeds[0]))} to {html.escape(str(seeds[-1]))}, each answer "
        "in the form its question asks for. A number to so many places is right when it rounds "
        "to the answer shown; a fraction equal to it is right too. Where several answers are "
        "right (an example, an equation), the key shows one and the checker takes any. Made by "
        f"<code>python -m acelab.teaching.answer_keys {found.id} --seeds …</code> from "
        f"<code>{found.notebook}</code>.</p>\n"
        f"<p>The exercises, as seed {html.escape(str(seeds[0]))} asks them:</p>\n"
        f'<ol class="legend">{legend}</ol>\n'
        + (f"<p>The same for every seed: {same}</p>\n" if same else "")
        + f'<table>\n<thead><tr><th class="seed">seed</th>{heads}</tr></thead>\n'
        f"<tbody>{body}</tbody>\n</table>\n</body>\n</html>\n"
    )


def write_key(name: str, seeds: Sequence[Seed], out: Path = KEYS) -> Path:
    """Write the key of lesson ``name`` for ``seeds`` as ``out/name.html``; returns the path."""
    return write_page(name, key_html(lesson(name), seeds), out)


def write_page(name: str, page: str, out: Path) -> Path:
    """Write ``page``, the printable HTML of lesson ``name`` (its key, its plan), as
    ``out/name.html``, making ``out`` if need be; returns the path."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.html"
    path.write_text(page, encoding="utf-8")
    return path


def write_chosen(choice: str, write: Callable[[str], Path]) -> int:
    """What a printable page's command line does with its ``LESSON|all``: ``write(name)`` for
    the lesson ``choice`` names, or for every lesson when it is ``all``, saying each file
    written; an unknown lesson gets its sentence on stderr and the status 2 (nothing
    written)."""
    try:
        names = list(LESSONS) if choice == "all" else [lesson(choice).id]
    except ValueError as error:
        return _refused(error)
    for name in names:
        print(f"wrote {write(name)}")
    return 0


def _refused(error: ValueError) -> int:
    print(error, file=sys.stderr)
    return 2


def main(argv: Sequence[str]) -> int:
    """``python -m acelab.teaching.answer_keys LESSON|all --seeds 1-40 [--out FOLDER]``."""
    parser = argparse.ArgumentParser(
        prog="python -m acelab.teaching.answer_keys", description=__doc__
    )
    parser.add_argument("lesson", help=f"one of: {', '.join(LESSONS)}, or all")
    parser.add_argument("--seeds", default="1-40", help="such as 1-40 or 1,5,9 (default 1-40)")
    parser.add_argument("--out", type=Path, default=KEYS, help="the folder to write into")
    args = parser.parse_args(argv)
    try:
        seeds = parse_seeds(args.seeds)
    except ValueError as error:
        return _refused(error)
    return write_chosen(args.lesson, lambda name: write_key(name, seeds, args.out))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

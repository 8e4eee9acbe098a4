"""Printable one-page lesson plans: what goes on the board, beside the answer keys.

``python -m acelab.teaching.plans`` (``make plans``) writes ``docs/teachers/plans/LESSON.html`` for
every lesson; each teacher's guide page links its plan. A plan is made from the lesson's source
notebook and its exercises, so it never disagrees with them: the timings of the teacher note,
the learning goals, the worked examples, the answer key for the first seeds, and the plenary
question with its answer. Each prints on one A4 or Letter page (a browser test prints them).
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from acelab.engine.terms import cut
from acelab.teaching.answer_keys import (
    key_parts,
    write_chosen,
    write_page,
)
from acelab.teaching.answers import ChoiceQuestion, answer_of, right_of
from acelab.teaching.exercises import LESSONS, Lesson, lesson

__all__ = ["PLANS", "SEEDS", "Timing", "plan_html", "timings", "worked_examples", "write_plan"]

ROOT: Final = Path(__file__).resolve().parents[2]
PLANS: Final = ROOT / "docs" / "teachers" / "plans"
"""Where ``make plans`` writes the plans the teacher's guide pages link."""
SEEDS: Final = range(1, 9)
"""The seeds whose answers a plan's key table shows (the full keys hold seeds 1-40)."""
LONGEST_EXAMPLE: Final = 330
"""A worked example is cut to this many characters, so a plan fits one page."""

Timing = tuple[str, int]
"""One part of the lesson and its minutes."""

_STYLE: Final = """
  @page { margin: 10mm; }
  body { font: 8.6pt/1.28 "DejaVu Sans", "Liberation Sans", sans-serif; margin: 0; color: #000; }
  h1 { font-size: 13pt; margin: 0 0 1mm; }
  h2 { font-size: 10pt; margin: 2.2mm 0 0.8mm; border-bottom: 0.3mm solid #999; }
  p, ol, ul { margin: 0 0 1mm; }
  ol, ul { padding-left: 5mm; }
  table { border-collapse: collapse; width: 100%; table-layout: fixed; }
  th, td { border: 0.3mm solid #666; padding: 0.5mm 1mm; overflow-wrap: anywhere; }
  th { background: #eee; text-align: left; }
  td.n, th.n { width: 12mm; text-align: right; }
  .columns { display: flex; gap: 4mm; }
  .columns > div { flex: 1; min-width: 0; }
  .note { color: #333; }
"""


def _source(found: Lesson) -> list[dict[str, object]]:
    notebook = json.loads((ROOT / found.notebook).read_text(encoding="utf-8"))
    cells: list[dict[str, object]] = notebook["cells"]
    return cells


def _markdown(cells: list[dict[str, object]]) -> list[str]:
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]  # type: ignore[arg-type]


def timings(found: Lesson) -> tuple[int, list[Timing]]:
    """The lesson's minutes and its parts with their minutes, as its teacher note gives them
    (``**Timings (55 minutes).** Play 12 · goals 2 · …``)."""
    text = "\n".join(_markdown(_source(found)))
    match = re.search(r"\*\*Timings \((\d+) minutes\)\.\*\*\s*(.*)", text)
    if match is None:
        raise ValueError(f"The lesson {found.id} has no Timings line in its teacher note.")
    body = re.match(r"(.*?\d+)\.(?:\s|$)", match.group(2))
    if body is None:
        raise ValueError(f"The Timings line of {found.id} lists no minutes.")
    parts = [part.strip() for part in body.group(1).split(" · ")]
    rows = []
    for part in parts:
        name, _, minutes = part.rpartition(" ")
        rows.append((name[:1].upper() + name[1:], int(minutes)))
    return int(match.group(1)), rows


def _paragraph(text: str, start: int) -> str:
    end = text.find("\n\n", start)
    return text[start : end if end >= 0 else len(text)].strip()


def worked_examples(found: Lesson) -> list[str]:
    """Each worked example of the lesson in Markdown: its paragraph, and the explanation after
    it when the paragraph only introduces a table or a tree."""
    cells = _markdown(_source(found))
    examples = []
    for index, text in enumerate(cells):
        for match in re.finditer(r"\*\*Worked example", text):
            said = _paragraph(text, match.start())
            if len(said) < 120 and index + 1 < len(cells):
                said += " " + _paragraph(cells[index + 1], 0)
            examples.append(said)
    return examples


_LATEX: Final = (
    (r"<details>.*?(?:</details>|$)", ""),
    (r"<[^>]+>", ""),
    (r"\{,\}", ","),
    (r"\\frac\{([^{}]*)\}\{([^{}]*)\}", r"\1/\2"),
    (r"\\times", "×"),
    (r"\\div", "÷"),
    (r"\\approx", "≈"),
    (r"\\lfloor\s*", "⌊"),
    (r"\s*\\rfloor", "⌋"),
    (r"\\lceil\s*", "⌈"),
    (r"\s*\\rceil", "⌉"),
    (r"\\text\{([^{}]*)\}", r"\1"),
    (r"\\quad", " "),
    (r"\\%", "%"),
    (r"\\,", " "),
    (r"\$", ""),
)


def _inline(markdown: str) -> str:
    """Markdown and inline LaTeX as plain printable HTML: bold, italics, code, × ÷ and a/b."""
    text = markdown
    for pattern, replacement in _LATEX:
        text = re.sub(pattern, replacement, text, flags=re.DOTALL)
    text = html.escape(text, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", text)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    return re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)


def _goals(found: Lesson) -> list[str]:
    for text in _markdown(_source(found)):
        if "## What you will learn" in text:
            body = text.split("## What you will learn", 1)[1]
            return re.findall(r"^\d+\.\s+(.+)$", body, re.M)
    return []


def _heading(found: Lesson) -> str:
    first = _markdown(_source(found))[0]
    line = next((x for x in first.splitlines() if x.startswith("*") and x.endswith("*")), "")
    return line.strip("*")


def _key(found: Lesson) -> str:
    rows = [(seed, found.exercises(seed)) for seed in SEEDS]
    same, heads, body = key_parts(rows, seed_class="n", same_width=40, cell_width=28)
    return (
        f"<p>The same for every seed: {same}</p>\n"
        f'<table><thead><tr><th class="n">seed</th>{heads}</tr></thead>'
        f"<tbody>{body}</tbody></table>\n"
    )


def _plenary(found: Lesson) -> str:
    question = found.plenary()
    said = f"<p><b>{html.escape(question.question)}</b></p>\n"
    if isinstance(question, ChoiceQuestion):
        items = "".join(f"<li>{html.escape(line)}</li>" for line in question.choices())
        right = question.options[right_of(question)][1]
        said += (
            f'<ul style="list-style:none;padding-left:2mm">{items}</ul>\n'
            f"<p>Answer: <b>{answer_of(question)}</b>. {html.escape(right)}</p>\n"
        )
    else:
        said += f"<p>Answer: <b>{html.escape(answer_of(question))}</b>.</p>\n"
    return said


def plan_html(found: Lesson) -> str:
    """The one-page plan of ``found`` as a printable HTML page."""
    total, parts = timings(found)
    times = "".join(
        f'<tr><td>{_inline(name)}</td><td class="n">{minutes}</td></tr>' for name, minutes in parts
    )
    goals = "".join(f"<li>{_inline(goal)}</li>" for goal in _goals(found))
    examples = "".join(
        f"<li>{_inline(cut(' '.join(x.split()), LONGEST_EXAMPLE))}</li>"
        for x in worked_examples(found)
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>Lesson plan: {html.escape(found.title)}</title>\n<style>{_STYLE}</style>\n"
        "</head>\n<body>\n"
        f"<h1>Lesson plan: {html.escape(found.title)}</h1>\n"
        f'<p class="note">{_inline(_heading(found))} Made by <code>make plans</code> from '
        f"<code>{found.notebook}</code>; answer key for seeds 1–40: "
        f"<code>docs/teachers/keys/{found.id}.html</code>.</p>\n"
        '<div class="columns"><div>\n'
        f"<h2>Timings ({total} minutes)</h2>\n"
        f'<table><thead><tr><th>part</th><th class="n">min</th></tr></thead>'
        f"<tbody>{times}</tbody></table>\n"
        "</div><div>\n"
        f"<h2>Learning goals</h2>\n<ol>{goals}</ol>\n"
        "</div></div>\n"
        f"<h2>Worked example{'s' if len(worked_examples(found)) > 1 else ''} (for the board)</h2>\n"
        f"<ul>{examples}</ul>\n"
        f"<h2>Answer key, seeds {SEEDS[0]}–{SEEDS[-1]}</h2>\n{_key(found)}"
        f"<h2>Plenary</h2>\n{_plenary(found)}"
        "</body>\n</html>\n"
    )


def write_plan(name: str, out: Path = PLANS) -> Path:
    """Write the plan of lesson ``name`` as ``out/name.html``; returns the path."""
    return write_page(name, plan_html(lesson(name)), out)


def main(argv: Sequence[str]) -> int:
    """``python -m acelab.teaching.plans [LESSON|all] [--out FOLDER]``."""
    parser = argparse.ArgumentParser(prog="python -m acelab.teaching.plans", description=__doc__)
    parser.add_argument("lesson", nargs="?", default="all", help=f"one of: {', '.join(LESSONS)}")
    parser.add_argument("--out", type=Path, default=PLANS, help="the folder to write into")
    args = parser.parse_args(argv)
    return write_chosen(args.lesson, lambda name: write_plan(name, args.out))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

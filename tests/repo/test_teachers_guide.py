"""The teacher's guide: every page exists, quotes the feedback the checkers really give, times
its parts to one period, and states only numbers acelab computes."""

from __future__ import annotations

import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from acelab.ace_of_spades.odds import damage_distribution
from acelab.poker import best_hand_counts

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "teachers"
PAGES = ["ace_pilot.md", "poker_counting.md", "poker_probability.md"]


def _messages() -> str:
    """Every message the lessons' checkers give for their named mistakes and some wrong tries."""
    from acelab.ace_of_spades.lessons import counting, probability
    from acelab.ace_pilot.lessons import order_of_operations as lesson
    from acelab.teaching.answers import ChoiceQuestion, NumberQuestion

    questions = [
        *lesson.exercises(1),
        *counting.counting_exercises(1),
        *probability.probability_exercises(probability.DEFAULT_SEED),  # the notebook's
    ]
    said = []
    for question in questions:
        if isinstance(question, NumberQuestion):
            for mistake in question.mistakes:
                value = mistake.value
                said.append(question.check(f"{value.numerator}/{value.denominator}").message)
        if isinstance(question, ChoiceQuestion):
            said.extend(question.check(letter).message for letter in question.letters)
    tries = [
        (lesson.left_to_right_exercise(2), ["-15"]),
        (lesson.counterexample_exercise(), ["9, 2, 5 and 9, 5, 2"]),
        (lesson.brackets_exercise(1), ["2 + 5 × 2 − 9", "9 − (2 + 5) × 2"]),
        (lesson.rounding_exercise(1), ["1"]),
        (
            lesson.zero_trick_exercise(1),
            ["D(2,7) S(6,6)", "D(2,13) H(6)", "D(6,2) H(6,6)", "D(2,7) H(6,6)"],
        ),
        (lesson.carryover_exercise(1), ["18"]),
        (counting.flush_chance(), ["0.2%"]),
    ]
    for question, typed in tries:
        said.extend(question.check(text).message for text in typed)
    return "\n".join(said)


MESSAGES = _messages()


def test_the_overview_links_every_page_and_every_edition():
    overview = (GUIDE / "README.md").read_text(encoding="utf-8")
    for link in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", overview):
        assert (GUIDE / link).exists(), link
    for page in PAGES:
        assert f"]({page})" in overview
        text = (GUIDE / page).read_text(encoding="utf-8")
        for path in re.findall(r"`((?:notebooks|teachers|lessons)/[^`]+\.ipynb)`", text):
            assert (ROOT / path).exists(), path
    for word in ("make lab", "Binder", "nbgitpuller", "make editions", "export_attempts_csv"):
        assert word in overview


@pytest.mark.parametrize("page", PAGES)
def test_each_quoted_feedback_is_what_a_checker_says(page):
    text = (GUIDE / page).read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and '"' in line]
    assert len(rows) >= 6, "a misconceptions table"
    for row in rows:
        for quote in re.findall(r'"([^"]+)"', row.split("|")[-2]):
            for chunk in re.split(r"…|\.\.\.", quote):
                chunk = chunk.strip(" /")
                if len(chunk) >= 12:
                    assert chunk in MESSAGES, (page, chunk)


@pytest.mark.parametrize("page", PAGES)
def test_each_lesson_fits_one_period(page):
    text = (GUIDE / page).read_text(encoding="utf-8")
    timings = text.split("## Timings")[1].split("##")[0]
    minutes = [int(m) for m in re.findall(r"\|\s*(\d+)\s*\|\s*$", timings, re.M)]
    assert 45 <= sum(minutes) <= 60, minutes
    for section in (
        "## Prerequisites",
        "## Curriculum",
        "## Misconceptions",
        "## Support",
        "## Unplugged",
    ):
        assert section in text


def test_the_unplugged_sheet_states_computed_numbers():
    sheet = (GUIDE / "unplugged.html").read_text(encoding="utf-8")
    eight = best_hand_counts(8)
    five = best_hand_counts(5)
    beat = sum((p for d, p in damage_distribution(0).items() if d >= 5), start=Fraction(0))
    assert f"about {float(beat) * 100:.1f}%" in sheet
    assert f"{math.comb(52, 8):,}" in sheet
    assert f"about {round(100 * five['high_card'] / math.comb(52, 5))}%" in sheet
    assert f"about {round(100 * eight['high_card'] / math.comb(52, 8))}%" in sheet
    assert f"{five['flush']:,} flushes, {five['straight']:,} straights" in sheet
    assert sheet.count('class="sheet"') >= 3  # one per lesson; each new lesson's test pins its own

"""The chance lesson of Lex Productions' Ace of Spades: its exercises (right, rounded, named
mistakes, nonsense), every seed well posed, every number it states computed, its editions and
its teacher's guide page."""

from __future__ import annotations

import itertools
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from acelab.ace_of_spades_lex.draw_chances import (
    red_aces_before_spade_ace,
    simplified_win_chances,
    simulate_red_aces_before_spade_ace,
    simulate_simplified,
    simulate_spade_ace_within,
    spade_ace_within,
)
from acelab.ace_of_spades_lex.going_first import going_first
from acelab.ace_of_spades_lex.lessons import chance as lex
from acelab.classroom.editions import ROOT, stale
from acelab.teaching.answers import ChoiceQuestion, NumberQuestion, answer_of, right_of, value_of
from acelab.teaching.cells import percent
from acelab.teaching.skills import lesson_skills
from tests.support import as_fraction, check_each_kind, markdown_text, notebook_cells

SOURCE = ROOT / "lessons" / "ace_of_spades_lex" / "lesson_chance.ipynb"
STUDENT = ROOT / "notebooks" / "ace_of_spades_lex" / "lesson_chance.ipynb"
TEACHER = ROOT / "teachers" / "ace_of_spades_lex" / "lesson_chance.ipynb"
GUIDE = ROOT / "docs" / "teachers" / "lex_chance.md"
SEEDS = range(200)

# Questions that need no simulation of the real game (fast), and those that do.
FAST = [
    lex.within_k(1),
    lex.misprint(1),
    lex.smallest_k(1),
    lex.red_aces_first(),
    lex.ace_order_question(1),
    lex.race_question(1),
]


_fraction = as_fraction


_cells, _text = notebook_cells, markdown_text


def _each_kind(question: NumberQuestion | ChoiceQuestion) -> None:
    check_each_kind(question)


@pytest.mark.parametrize("question", FAST, ids=lambda q: q.id)
def test_each_exercise_kind(question):
    _each_kind(question)


def test_each_exercise_kind_of_the_simulated_game():
    for question in (lex.predict_going_first(), lex.interpret_interval(1), lex.plenary()):
        _each_kind(question)
    assert len(lex.exercises(1)) == 9


def test_what_learners_type_is_read_at_the_stated_precision():
    k = 22  # seed 1 asks for the first 22 cards
    within = lex.within_k(1)
    assert f"first {k} cards" in within.question and value_of(within) == Fraction(k, 52)
    for typed in ("22/52", "11/26", "0.423", "0,423", "42.3%", "0.4231"):
        assert within.check(typed).correct, typed
    assert "rounded too much" in within.check("0.42").message
    assert "not 51" in within.check("22/51").message
    assert "not among them: count" in within.check("30/52").message
    red = lex.red_aces_first()
    for typed in ("1/3", "2/6", "0.333", "33.3%"):
        assert red.check(typed).correct, typed
    assert "A♦ A♥ A♠ also" in red.check("1/6").message
    k = lex.smallest_k(1)
    assert k.check(str(value_of(k))).correct and not k.check(str(value_of(k) - 1)).correct


def _mistakes_apart(question: NumberQuestion) -> None:
    """Every named mistake is told apart from the answer, and from every other mistake."""
    for mistake in question.mistakes:
        assert not question.check(_fraction(mistake.value)).correct
    values = [m.value for m in question.mistakes]
    for i, a in enumerate(values):
        for b in values[i + 1 :]:
            probe = NumberQuestion("x", "", a, places=question.places, percent=question.percent)
            assert not probe.check(_fraction(b)).correct, (question.id, a, b)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_seed_is_well_posed(seed):
    within = lex.within_k(seed)
    k = int(re.search(r"first (\d+) cards", within.question).group(1))
    assert value_of(within) == Fraction(k, 52) and k not in lex.WITHIN_ROWS
    assert len(within.mistakes) >= 4
    _mistakes_apart(within)

    rows = lex.misprint_rows(seed)
    wrong = [i for i, (k, p) in enumerate(rows) if p != spade_ace_within(k)]
    assert len(wrong) == 1 and right_of(lex.misprint(seed)) == wrong[0]
    assert len({k for k, _ in rows}) == 4
    k, printed = rows[wrong[0]]
    assert percent(printed, 1) != percent(spade_ace_within(k), 1)  # visible at 1 decimal place

    smallest = lex.smallest_k(seed)
    target = re.search(r"at least ([\d/%]+)", smallest.question).group(1)
    p = Fraction(target[:-1]) / 100 if target.endswith("%") else Fraction(target)
    k = int(value_of(smallest))
    assert spade_ace_within(k) >= p > spade_ace_within(k - 1)
    _mistakes_apart(smallest)

    order = lex.ace_order_question(seed)
    assert 0 < value_of(order) < 1 and value_of(order).denominator in (2, 3, 6)
    assert len(order.mistakes) >= 3
    _mistakes_apart(order)

    race = lex.race_question(seed)
    cards = int(re.search(r"(\d+) cards are left", race.question).group(1))
    assert cards % 2 == 1 and value_of(race) == Fraction((cards + 1) // 2, cards) != Fraction(1, 2)
    assert len(race.mistakes) >= 2
    _mistakes_apart(race)

    for question in (within, lex.misprint(seed), smallest, order, race):
        assert question.check(answer_of(question)).correct


def test_every_seed_of_the_interval_question_matches_the_simulation():
    rights = set()
    for seed in SEEDS:
        question = lex.interpret_interval(seed)
        n = int(re.search(r"(\d) players", question.question).group(1))
        low, high = lex.going_first(n).intervals[0]
        expected = 0 if low > 1 / n else 2 if high < 1 / n else 1
        assert right_of(question) == expected
        rights.add(expected)
    assert len(rights) >= 2, "different seeds ask questions with different answers"


def test_the_race_recursion_matches_counting_and_checks_a_learners_function():
    def first_wins(cards):
        if cards == 1:
            return Fraction(1)
        return Fraction(1, cards) + Fraction(cards - 1, cards) * (1 - first_wins(cards - 1))

    for cards in range(1, 53):
        places = len(range(1, cards + 1, 2))  # the places 1, 3, 5, … the mover draws
        assert lex.race_chance(cards) == Fraction(places, cards) == first_wins(cards)
    assert lex.race_chance(52) == Fraction(26, 52) == Fraction(1, 2)
    assert lex.check_first_wins(first_wins).correct
    assert not lex.check_first_wins(lambda cards: ...).correct
    assert "stops with" in lex.check_first_wins(lambda cards: 1 / 0).message
    assert not lex.check_first_wins(lambda cards: Fraction(1, cards)).correct
    with pytest.raises(ValueError, match="from 1 to 52"):
        lex.race_chance(0)


def test_seeds_are_refused_in_words():
    for bad in (None, 1.5, True, [1]):
        with pytest.raises(ValueError, match="seed"):
            lex.within_k(bad)
    with pytest.raises(ValueError, match="2 to 6"):
        lex.going_first(7)


# -- every number the lesson states ----------------------------------------------------------


def test_the_counting_numbers_the_lesson_states():
    text = _text(SOURCE)
    assert "$\\frac{13}{52} = \\frac{1}{4}$, or 25%" in text and spade_ace_within(13) == Fraction(
        1, 4
    )
    assert "**any one of the 52 places**" in text
    assert all(spade_ace_within(k) == Fraction(k, 52) for k in range(53))
    assert "$3 \\times 2 \\times 1 = 6$ orders" in text and len(lex.ace_orders()) == math.factorial(
        3
    )
    assert red_aces_before_spade_ace() == Fraction(1, 3)
    assert "In the other four orders" in text
    assert sum(o[2] != "A♠" for o in lex.ace_orders()) == 4
    assert all(o.index("A♠") < max(o.index("A♥"), o.index("A♦")) for o in lex.ace_orders()
               if o[2] != "A♠")  # fmt: skip
    assert "26 of the 52 places, exactly one half" in text
    assert len(range(1, 52, 2)) == 26
    assert "The other 49 cards" in text


def test_the_simulated_numbers_the_lesson_states():
    text = _text(SOURCE)
    assert "shuffle** the deck 10,000 times" in text and "each one here holds" in text
    for k in lex.WITHIN_ROWS:
        assert simulate_spade_ace_within(k, 10_000, lex.SIMULATION_SEED).contains(Fraction(k, 52))
    assert "check both red aces before the A♠ against 10,000 shuffles" in text
    assert simulate_red_aces_before_spade_ace(10_000, lex.SIMULATION_SEED).contains(Fraction(1, 3))
    assert "10,000 simulated games of the same simplified game" in text
    assert lex.SIMPLIFIED_GAMES == 10_000


@pytest.mark.slow
def test_the_exact_simplified_game_agrees_with_its_simulation_as_the_lesson_says():
    text = _text(SOURCE)
    assert "Every exact chance lies inside its simulated interval" in text
    for n in lex.SIMPLIFIED_PLAYERS:
        exact = simplified_win_chances(n)
        assert sum(exact) == 1
        assert simulate_simplified(n, lex.SIMPLIFIED_GAMES, lex.SIMULATION_SEED).agrees_with(exact)
        assert list(exact) == sorted(exact, reverse=True) and exact[0] > exact[-1]
    assert "the exact chances fall seat by seat" in text
    assert "less than one percentage point" in text
    assert 0 < simplified_win_chances(2)[0] - Fraction(1, 2) < Fraction(1, 100)
    assert "| yes" in str(lex.simplified_table()) and "| no" not in str(lex.simplified_table())


@pytest.mark.slow
def test_the_going_first_simulation_as_the_lesson_describes_it():
    text = _text(SOURCE)
    assert "1,000 games for each number of players" in text
    for n in lex.PLAYERS:
        run = lex.going_first(n)
        assert run.games == lex.GOING_FIRST_GAMES == 1000 and len(run.wins) == n
    four = lex.going_first(4).rates[0]
    assert abs(four - 0.25) < 0.05 and right_of(lex.predict_going_first()) == 1
    low, high = lex.going_first(2).intervals[0]
    assert low < 0.5 < high and lex.going_first(2).rates[0] > 0.5  # the plenary's claim
    assert right_of(lex.plenary()) == 1
    assert "as it is here for 5 and 6 players" in text
    assert [lex.first_seat_verdict(n) for n in lex.PLAYERS] == [1, 1, 1, 0, 0]
    assert "$\\frac{1}{n}$" in text
    table = str(lex.going_first_table())
    assert "Fraction(" not in table and "1/6 = 16.7%" in table
    picture = lex.going_first_plot()
    assert picture._repr_png_().startswith(b"\x89PNG") and "fair share" in repr(picture)
    assert len(picture.figure.axes) == 1 and picture.figure.axes[0].get_xlabel() == "players"


# -- editions and guide ----------------------------------------------------------------------


def test_the_editions_are_up_to_date_and_the_student_one_shows_no_answer():
    relative = [Path("notebooks/ace_of_spades_lex/lesson_chance.ipynb"),
                Path("teachers/ace_of_spades_lex/lesson_chance.ipynb")]  # fmt: skip
    assert not set(stale()) & set(relative), "run make editions"
    student = _cells(STUDENT)
    ids = [c["metadata"]["nbgrader"]["grade_id"] for c in student if _marks(c)]
    assert ids == [
        "lex-within",
        "lex-misprint",
        "lex-smallest-k",
        "lex-red-aces-first",
        "lex-ace-order",
        "lex-predict-going-first",
        "lex-interpret-interval",
        "lex-plenary",
        "lex-race",
    ]
    code = "\n".join("".join(c["source"]) for c in student if c["cell_type"] == "code")
    assert "worked(" not in code and "return ...  # fill in" in code
    assert "Fraction(cards - 1, cards)" not in code
    teacher = "\n".join("".join(c["source"]) for c in _cells(TEACHER))
    assert teacher.count("worked(lex.") == len(ids)


def test_core_cells_are_short_and_the_goals_each_have_exercises():
    cells = _cells(SOURCE)
    stretch = next(i for i, c in enumerate(cells) if "## Stretch" in "".join(c["source"]))
    for cell in cells[:stretch]:
        if cell["cell_type"] == "code":
            lines = "".join(cell["source"]).splitlines()
            assert len(lines) <= 3 and all(len(line) <= 60 for line in lines), lines
    text = _text(SOURCE)
    goals = text.split("## What you will learn")[1].split("**The model.**")[0]
    assert re.findall(r"\*\(Exercises (\d)–(\d)\)\*", goals) == [("1", "3"), ("4", "5"), ("6", "7")]
    assert "every order of the 52 cards is equally likely" in text
    assert "Where the model and the game differ" in text


def _checker_messages() -> str:
    said = []
    for question in [*lex.exercises(1), *lex.exercises(lex.LESSON_SEED)]:  # the notebook's too
        if isinstance(question, NumberQuestion):
            said.extend(question.check(_fraction(m.value)).message for m in question.mistakes)
        else:
            said.extend(question.check(letter).message for letter in question.letters)
    return "\n".join(said)


@pytest.mark.slow
def test_the_guide_page_quotes_the_checkers_and_fits_one_period():
    text = GUIDE.read_text(encoding="utf-8")
    said = _checker_messages()
    rows = [line for line in text.splitlines() if line.startswith("| ") and '"' in line]
    assert len(rows) >= 6
    for row in rows:
        for quote in re.findall(r'"([^"]+)"', row.split("|")[-2]):
            for chunk in re.split(r"…|\.\.\.", quote):
                chunk = chunk.strip(" /")
                if len(chunk) >= 12:
                    assert chunk in said, chunk
    timings = text.split("## Timings")[1].split("##")[0]
    minutes = [int(m) for m in re.findall(r"\|\s*(\d+)\s*\|\s*$", timings, re.M)]
    assert 45 <= sum(minutes) <= 60, minutes
    for section in ("## Prerequisites", "## Curriculum", "## Misconceptions", "## Support",
                    "## Unplugged"):  # fmt: skip
        assert section in text
    for path in re.findall(r"`((?:notebooks|teachers|lessons)/[^`]+\.ipynb)`", text):
        assert (ROOT / path).exists(), path
    overview = (ROOT / "docs" / "teachers" / "README.md").read_text(encoding="utf-8")
    assert "](lex_chance.md)" in overview
    sheet = (ROOT / "docs" / "teachers" / "unplugged.html").read_text(encoding="utf-8")
    assert 'id="lex-chance"' in sheet and "unplugged.html#lex-chance" in text


def test_the_welcome_notebook_links_the_lesson():
    welcome = json.loads((ROOT / "notebooks" / "00_welcome.ipynb").read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in welcome["cells"])
    assert "](ace_of_spades_lex/lesson_chance.ipynb)" in text


@pytest.mark.slow
def test_the_unplugged_sheet_states_computed_numbers():
    sheet = (ROOT / "docs" / "teachers" / "unplugged.html").read_text(encoding="utf-8")
    ours = sheet.split('id="lex-chance"')[1].split("</section>")[0]
    assert "13 ÷ 52 = 1/4, or 25%" in ours and spade_ace_within(13) == Fraction(1, 4)
    four = simplified_win_chances(4)
    assert f"first of 4 players\n    about {float(four[0]) * 100:.1f}%" in ours
    assert f"the last about {float(four[-1]) * 100:.1f}%" in ours
    assert "____ ÷ 6" in ours and len(lex.ace_orders()) == 6
    assert f"won {round(lex.going_first(2).rates[0] * 100)}% of 1,000 two-player games" in ours


def _marks(cell: dict) -> bool:
    """Whether ``cell`` is an exercise's hidden marking cell (it carries the exercise's id)."""
    return bool(cell["metadata"].get("nbgrader", {}).get("grade"))


# -- "Another like this": the versions of Exercises 4, 6 and 8 (issue 26) ------------------------

VERSIONED = {
    "lex-red-aces-first": lex.red_aces_first,
    "lex-predict-going-first": lex.predict_going_first,
    "lex-plenary": lex.plenary,
}
VERSION_SEEDS = [*range(1, 41), "7B"]
WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _seed_in_notebook() -> int:
    code = "\n".join("".join(cell["source"]) for cell in _cells(SOURCE))
    return int(re.findall(r"^SEED = (\d+)$", code, re.M)[0])


def test_the_notebooks_seed_gives_the_lessons_own_versions():
    seed = _seed_in_notebook()
    assert seed == lex.LESSON.seed == lex.LESSON_SEED
    red = lex.red_aces_first(seed)
    assert red.question.endswith("both red aces (A♥ and A♦) turn up before the A♠?")
    assert value_of(red) == Fraction(1, 3) and red.id == f"lex-red-aces-first-{seed}"
    predict = lex.predict_going_first(seed)
    assert "four bots play 1,000 games" in predict.question and answer_of(predict) == "B"
    plenary = lex.plenary(seed)
    assert "two-player games the first player won 51.2%" in plenary.question
    assert answer_of(plenary) == "B" and lex.plenary() == plenary


@pytest.mark.parametrize("name", list(VERSIONED))
def test_every_version_names_each_mistake_and_other_seeds_give_other_versions(name):
    skills = lesson_skills("chance")
    seen = set()
    for seed in VERSION_SEEDS:
        question = VERSIONED[name](seed)
        check_each_kind(question)
        assert question.id == f"{name}-{seed}"
        assert skills.another(f"{name}-3", seed) == question  # Another like this
        seen.add(question.question)
    assert len(seen) >= 2


def test_each_ace_order_version_is_right_by_listing_the_orders():
    versions = set()
    for seed in VERSION_SEEDS:
        question = lex.red_aces_first(seed)
        asked = question.question.split("chance that ")[1]
        before = re.fullmatch(r"(?:both )?(.+) turns? up before (?:both )?(.+)\?", asked)
        assert before, asked
        first, then = before.groups()
        firsts = re.findall(r"A[♠♥♦]", first) or ["A♥", "A♦"]
        thens = re.findall(r"A[♠♥♦]", then) or ["A♥", "A♦"]
        orders = list(itertools.permutations(["A♥", "A♦", "A♠"]))
        hits = sum(all(o.index(a) < o.index(b) for a in firsts for b in thens) for o in orders)
        assert value_of(question) == Fraction(hits, 6) == Fraction(1, 3)
        assert question.check("1/3").correct and question.check("0.333").correct
        assert not question.check("0.334").correct and not question.check("0.33").correct
        versions.add(asked)
    assert len(versions) >= 4


def test_the_predicted_share_is_the_one_the_simulation_bears_out():
    for seed in VERSION_SEEDS:
        question = lex.predict_going_first(seed)
        n = WORDS[re.search(r"(\w+) bots play", question.question).group(1)]
        rate = going_first(n).rates[0]
        assert Fraction(1, 2 * n) < rate < Fraction(1, 2)
        assert abs(rate - Fraction(1, n)) < Fraction(4, 100)  # "close to a fair share"
        right = question.options[right_of(question)][0]
        assert right.startswith("About a") and f"1 in {n}" in right


def test_the_plenarys_classmate_is_answered_by_the_interval_in_every_version():
    for seed in VERSION_SEEDS:
        question = lex.plenary(seed)
        n = WORDS[re.search(r"(\w+)-player games", question.question).group(1)]
        run = going_first(n)
        low, high = run.intervals[0]
        assert low <= Fraction(1, n) <= high and lex.first_seat_verdict(n) == 1
        assert f"won {percent(run.rates[0], 1)}." in question.question
        more = run.rates[0] > Fraction(1, n)
        assert ("more than" if more else "less than") in question.question
        right = question.options[right_of(question)][0]
        assert (
            right.startswith("Not proven") and f"{percent(low, 1)} to {percent(high, 1)}" in right
        )

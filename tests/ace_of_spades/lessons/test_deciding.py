"""The deciding lesson (Devir's Ace of Spades): exercises, seeds, stated numbers, editions."""

from __future__ import annotations

import itertools
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from acelab.ace_of_spades import draws
from acelab.ace_of_spades.duels import play_first_duels
from acelab.ace_of_spades.lessons import deciding as dx
from acelab.ace_of_spades.redraws import unseen_cards
from acelab.ace_of_spades.scoring import best_total
from acelab.classroom.counts import find_exercise
from acelab.classroom.editions import stale
from acelab.teaching.answers import ChoiceQuestion, NumberQuestion, answer_of, right_of, value_of
from acelab.teaching.skills import lesson_skills
from tests.support import check_each_kind

ROOT = Path(__file__).resolve().parents[3]
SOURCE = ROOT / "lessons" / "ace_of_spades" / "lesson_deciding.ipynb"
GUIDE = ROOT / "docs" / "teachers"
QUESTIONS = dx.deciding_exercises(1)


def _cells() -> list[dict]:
    return json.loads(SOURCE.read_text(encoding="utf-8"))["cells"]


def _text() -> str:
    return "\n".join("".join(cell["source"]) for cell in _cells())


def _fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _seed_in_notebook() -> int:
    return int(re.findall(r"^SEED = (\d+)$", _text(), re.M)[0])


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.id)
def test_each_exercise_kind(question):
    assert question.check(answer_of(question)).correct
    nonsense = question.check("a lot")
    assert not nonsense.correct and nonsense.score == 0 and nonsense.message
    if isinstance(question, NumberQuestion):
        assert question.check(_fraction_text(value_of(question))).correct
        values = [m.value for m in question.mistakes]
        assert value_of(question) not in values and len(set(values)) == len(values)
        for mistake in question.mistakes:
            verdict = question.check(_fraction_text(mistake.value))
            assert not verdict.correct and mistake.feedback in verdict.message, mistake
    else:
        assert isinstance(question, ChoiceQuestion)
        for letter, (_, feedback) in zip(question.letters, question.options, strict=True):
            assert feedback in question.check(letter).message


def test_the_right_choices_are_not_always_in_one_place():
    rights = {right_of(q) for q in QUESTIONS if isinstance(q, ChoiceQuestion)}
    assert len(rights) >= 3


def test_the_flush_draw_counts():
    draw = dx.flush_draw(1)
    held = [c for c in draw.hand if c.suit is draw.suit]
    assert len(held) == 4 and len(draw.hand) == 8 and len(draw.pile) == dx.PILE
    pool = unseen_cards((*draw.hand, *draw.pile))
    assert len(pool) == draw.unseen == 38
    assert sum(c.suit is draw.suit for c in pool) == draw.outs == 9 - draw.in_pile
    outs = dx.outs_count(1)
    assert "discard pile" in outs.check("9").message
    assert "in your hand" in outs.check(str(13 - draw.in_pile)).message


def test_chances_for_one_and_four_draws_as_learners_type_them():
    draw = dx.flush_draw(1)  # 6 outs among 38 unseen
    assert (draw.outs, draw.unseen) == (6, 38)
    one = dx.one_draw_chance(1)
    assert one.check("6/38").correct and one.check("3/19").correct
    assert "Not out of 52" in one.check("6/52").message
    four = dx.four_draws_chance(1)  # 1 − C(32, 4)/C(38, 4) = 51.28…%
    assert value_of(four) == 1 - Fraction(math.comb(32, 4), math.comb(38, 4))
    assert answer_of(four) == "51.3%"
    for typed in ("51.3%", "51,3 %", "0.513", "51.28%", "1 - C(32,4)/C(38,4)"):
        assert four.check(typed).correct, typed
    assert "rounded too much" in four.check("51%").message
    assert "counted twice" in four.check("4 × 6/38").message
    assert "none of the four" in four.check("32/38 × 31/37 × 30/36 × 29/35").message


def test_listing_every_draw_agrees_with_the_formula():
    for seed in (0, 1):
        draw = dx.flush_draw(seed)
        suited = [c.suit is draw.suit for c in unseen_cards((*draw.hand, *draw.pile))]
        hits = sum(map(any, itertools.combinations(suited, 4)))
        assert Fraction(hits, math.comb(draw.unseen, 4)) == value_of(dx.four_draws_chance(seed))
    shown = dx.three_ways_table(1, samples=2000)._repr_markdown_()
    assert shown.count("\\frac{7{,}571}{14{,}763}") == 2 and "Fraction(" not in shown
    learner = dx.three_ways_table(
        1, lambda o, n, k: 1 - math.comb(n - o, k) / math.comb(n, k), samples=500
    )
    assert "| your at_least_one(6, 38, 4) | 0.5128 | 51.28% |" in learner._repr_markdown_()
    assert "not working yet" in dx.three_ways_table(1, lambda o, n, k: ..., 50)._repr_markdown_()


def test_the_one_card_discard_table_is_every_unseen_card():
    found = dx.one_card_discard(1)
    hand = found.hand
    kept = [c for c in hand if c != found.throw]
    counted: dict[int, int] = {}
    for card in unseen_cards(hand):
        damage = best_total((*kept, card))
        counted[damage] = counted.get(damage, 0) + 1
    assert tuple(sorted(counted.items())) == found.counts and found.unseen == 44
    assert found.expected == Fraction(sum(d * n for d, n in found.counts), 44)
    assert found.throw in hand and found.now < found.state.life


def test_expected_damage_mistakes_and_rounding():
    question = dx.expected_damage_question(1)  # 97/22 = 4.409…
    assert value_of(question) == Fraction(97, 22) and answer_of(question) == "4.41"
    for typed in ("4.41", "4,41", "97/22", "4.409"):
        assert question.check(typed).correct, typed
    assert "rounded too much" in question.check("4.4").message
    assert "cut the digits off" in question.check("4.40").message
    assert "equally likely" in question.check("7").message  # (4 + 8 + 9) ÷ 3
    assert "most likely damage" in question.check("4").message
    assert "did not divide" in question.check("194").message
    knock = dx.knockout_chance(1)
    assert value_of(knock) == Fraction(4, 44) and knock.check("4/44").correct


def test_the_play_first_table_is_the_seeded_deal():
    shown = dx.play_first_table(1)._repr_markdown_()
    assert "| play now: two pair (K♣ K♥ 9♠ 9♥) | — | 4 |" in shown
    assert "discard 10♠, draw one, then play" in shown
    assert dx.duel_state(1) == dx.one_card_discard(1).state
    assert "| 4 | 40 | $\\frac{10}{11}$ |" in dx.outcome_table(1)._repr_markdown_()


@pytest.mark.slow
def test_every_seed_gives_well_posed_questions():
    for seed in [*range(200), "7B", "class 9"]:
        draw = dx.flush_draw(seed)
        assert 1 <= draw.in_pile <= 3 and draw.outs == 9 - draw.in_pile
        found = dx.one_card_discard(seed)
        assert draws._well_posed(found), seed  # a small table, a real choice, distinct mistakes
        for question in (
            dx.outs_count(seed),
            dx.one_draw_chance(seed),
            dx.four_draws_chance(seed),
            dx.expected_damage_question(seed),
            dx.knockout_chance(seed),
        ):
            values = [m.value for m in question.mistakes]
            assert question.check(answer_of(question)).correct, (seed, question.id)
            assert not any(question._same(v, value_of(question)) for v in values), (
                seed,
                question.id,
            )


def test_the_lessons_simulation_shows_the_strong_player_ahead():
    seed = _seed_in_notebook()
    greedy, strong = dx.first_duels("greedy", seed), dx.first_duels("strong", seed)
    assert greedy.duels == strong.duels == dx.DUELS == 200
    assert strong.wins > greedy.wins > 0
    assert strong.interval[0] > greedy.interval[1]  # the intervals do not overlap
    gap = dx.strategy_gap(seed)
    assert value_of(gap) == Fraction(strong.wins - greedy.wins, 200) and gap.percentage_points
    points = f"{float(value_of(gap)) * 100:.1f}"
    assert gap.check(answer_of(gap)).correct and gap.check(points).correct
    assert gap.check(f"{points}%").correct  # accepted, with a note
    table = dx.strategy_table(seed)._repr_markdown_()
    assert f"| {greedy.wins} | 200 |" in table and f"| {strong.wins} | 200 |" in table
    picture = dx.strategy_plot(seed)
    assert len(picture.figure.axes[0].patches) == 2
    assert picture._repr_png_().startswith(b"\x89PNG") and "bar chart" in repr(picture)
    assert dx.predict_strategies().check("C").correct


def test_simulations_are_seeded_and_refuse_bad_input():
    assert dx.first_duels("greedy", 3, 20) == dx.first_duels("greedy", 3, 20)
    with pytest.raises(ValueError, match="strategies"):
        dx.first_duels("lucky", 1)
    with pytest.raises(ValueError, match="duels"):
        dx.first_duels("greedy", 1, 0)
    for bad in (None, 1.5, True, [1]):
        with pytest.raises(ValueError, match="seed"):
            dx.flush_draw(bad)
        with pytest.raises(ValueError, match="seed"):
            dx.one_card_discard(bad)


def test_the_stretch_function_is_checked_without_crashing():
    assert dx.check_at_least_one(lambda o, n, k: 1 - math.comb(n - o, k) / math.comb(n, k)).correct
    assert dx.check_at_least_one(
        lambda o, n, k: 1 - Fraction(math.comb(n - o, k), math.comb(n, k))
    ).correct
    assert not dx.check_at_least_one(lambda o, n, k: ...).correct
    assert not dx.check_at_least_one(lambda o, n, k: k * o / n).correct
    assert "stops with ZeroDivisionError" in dx.check_at_least_one(lambda o, n, k: 1 / 0).message


def test_the_numbers_the_lesson_states():
    text = _text()
    assert "$13 - 4 - 2 = 7$" in text and "\\frac{7}{40}" in text and 13 - 4 - 2 == 7
    example = 2 * Fraction(30, 40) + 6 * Fraction(10, 40)
    assert example == 3 and 2 * Fraction(30, 40) == Fraction(3, 2) == 6 * Fraction(10, 40)
    assert "= 1.5 + 1.5 = 3$" in text and "plain average of 2 and 6, which is 4" in text
    assert "**44** unseen" in text and len(unseen_cards(dx.one_card_discard(1).hand)) == 44
    assert f"{dx.DUELS} seeded games" in text
    assert "**5 life**" in text and dx.duel_state(1).life == 5
    assert "**2 Hands**" in text and dx.duel_state(1).hands_dial == 2
    assert "**2 Discards**" in text and dx.duel_state(1).discards_dial == 2
    assert "20,000 draws" in text
    assert "equally likely" in text and "on Hard the discard pile is hidden" in text


def test_core_cells_are_short_and_show_no_code_to_read():
    cells = _cells()
    stretch = next(i for i, c in enumerate(cells) if "## Stretch" in "".join(c["source"]))
    for cell in cells[:stretch]:
        if cell["cell_type"] == "code":
            assert len(cell["source"]) <= 3, cell["source"]
    goals = _text().split("## What you will learn")[1].split("##")[0]
    assert goals.count("*(Exercises") == 3


def test_the_editions_are_up_to_date():
    mine = {p.as_posix() for p in stale()}
    assert not mine & {
        "notebooks/ace_of_spades/lesson_deciding.ipynb",
        "teachers/ace_of_spades/lesson_deciding.ipynb",
    }
    student = (ROOT / "notebooks/ace_of_spades/lesson_deciding.ipynb").read_text(encoding="utf-8")
    assert "worked(" not in student and "Teacher note" not in student
    graded = [
        c for c in json.loads(student)["cells"] if c["metadata"].get("nbgrader", {}).get("grade")
    ]
    assert len(graded) == len(QUESTIONS)  # one hidden marking cell per exercise


def test_the_teachers_page_and_sheet():
    page = (GUIDE / "devir_deciding.md").read_text(encoding="utf-8")
    timings = page.split("## Timings")[1].split("##")[0]
    minutes = [int(m) for m in re.findall(r"\|\s*(\d+)\s*\|\s*$", timings, re.M)]
    assert 45 <= sum(minutes) <= 60, minutes
    for section in ("## Prerequisites", "## Curriculum", "## Misconceptions", "## Support",
                    "## Unplugged"):  # fmt: skip
        assert section in page
    said = []
    for question in [*dx.deciding_exercises(1), *dx.deciding_exercises(2)]:
        if isinstance(question, NumberQuestion):
            said += [question.check(_fraction_text(m.value)).message for m in question.mistakes]
        else:
            said += [question.check(letter).message for letter in question.letters]
    messages = "\n".join(said)
    rows = [line for line in page.splitlines() if line.startswith("| ") and '"' in line]
    assert len(rows) >= 6
    for row in rows:
        for quote in re.findall(r'"([^"]+)"', row.split("|")[-2]):
            for chunk in re.split(r"…|\.\.\.", quote):
                chunk = chunk.strip(" /")
                if len(chunk) >= 12:
                    assert chunk in messages, chunk
    assert "](devir_deciding.md)" in (GUIDE / "README.md").read_text(encoding="utf-8")
    sheet = (GUIDE / "unplugged.html").read_text(encoding="utf-8")
    assert 'id="devir-deciding"' in sheet
    part = sheet.split('id="devir-deciding"')[1].split("</section>")[0]
    one = Fraction(9, 44)  # four hearts held: 9 hearts among the 44 unseen cards
    four = 1 - Fraction(math.comb(35, 4), math.comb(44, 4))
    assert "9 hearts" in part and "44 cards" in part
    assert f"about {float(one) * 100:.0f}%" in part and f"about {float(four) * 100:.0f}%" in part


def test_the_sheets_table_is_the_lessons_seed_1_discard():
    part = (GUIDE / "unplugged.html").read_text(encoding="utf-8").split('id="devir-deciding"')[1]
    found = dx.one_card_discard(1)
    assert " ".join(c.symbol for c in found.hand) in part and found.throw.symbol == "10♠"
    assert found.counts == ((4, 40), (8, 2), (9, 2)) and found.now == 4
    for damage, cards in found.counts:
        assert f"<tr><td>{damage} (" in part and f"</td><td>{cards}</td>" in part
    assert "35 × 34 × 33 × 32) ÷ (44 × 43 × 42 × 41)" in part
    assert Fraction(35 * 34 * 33 * 32, 44 * 43 * 42 * 41) == Fraction(
        math.comb(35, 4), math.comb(44, 4)
    )


def test_the_damage_the_lesson_prints_is_the_rules():
    from acelab.ace_of_spades.scoring import BASE_DAMAGE, bonus

    printed = ", ".join(
        f"{name.replace('_', ' ')} {BASE_DAMAGE[name]}"
        for name in list(BASE_DAMAGE)[:-1]  # five of a kind needs the Joker: not in this lesson
    )
    assert f"(Damage: {printed};" in _text()
    assert "+1 for each scoring J, Q, K and +3 for each scoring Ace" in _text()
    assert {bonus(v) for v in (11, 12, 13)} == {1} and bonus(1) == 3


def test_the_guides_numbers():
    page = (GUIDE / "devir_deciding.md").read_text(encoding="utf-8")
    state = dx.duel_state(1)
    assert "(5 life, 2 Hands, 2 Discards)" in page
    assert (state.life, state.hands_dial, state.discards_dial) == (5, 2, 2)
    assert f"{dx.DUELS} seeded first duels" in page and "20,000 draws" in page
    four = 1 - Fraction(math.comb(35, 4), math.comb(44, 4))
    assert f"(about {float(four) * 100:.0f}%)" in page and "divide the sum by 44" in page


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 2, 3, "7B"])
def test_other_seeds_keep_the_prediction_right(seed):
    """A teacher may give each table its own SEED: the predicted winner stays the strong one."""
    greedy, strong = dx.first_duels("greedy", seed), dx.first_duels("strong", seed)
    assert strong.interval[0] > greedy.interval[1]
    gap = dx.strategy_gap(seed)
    assert value_of(gap) > 0 and gap.check(answer_of(gap)).correct


# -- "Another like this": the versions of the four choice questions (issue 26) -------------------

VERSIONED = {
    "deciding-why-not-add": dx.why_not_add,
    "deciding-predict-strategies": dx.predict_strategies,
    "deciding-narrower-intervals": dx.narrower_intervals,
    "deciding-plenary": dx.deciding_plenary,
}
VERSION_SEEDS = [*range(1, 41), "7B"]


def _right_text(question: ChoiceQuestion) -> str:
    return question.options[right_of(question)][0]


def test_the_notebooks_seed_gives_the_lessons_own_versions():
    seed = _seed_in_notebook()
    assert seed == dx.LESSON.seed == 1
    asked = {name: make(seed) for name, make in VERSIONED.items()}
    assert asked["deciding-why-not-add"].question == (
        "Why is the chance of at least one flush card in four draws less than 4 × the chance "
        "for one draw?"
    )
    assert asked["deciding-predict-strategies"].question.endswith("which player wins more?")
    assert asked["deciding-narrower-intervals"].question.endswith("make them narrower?")
    assert asked["deciding-plenary"].question.endswith("best reason to use it now?")
    letters = [answer_of(asked[name]) for name in VERSIONED]
    assert letters == ["B", "C", "A", "C"]  # as the printed key of seed 1 says
    assert [q.id for q in asked.values()] == [f"{name}-1" for name in VERSIONED]
    for name, question in asked.items():  # an answer file written before the versions
        where, old = find_exercise(name)
        assert where.lesson == "deciding" and old.id == name
        assert old.question == question.question and answer_of(old) == answer_of(question)


@pytest.mark.parametrize("name", list(VERSIONED))
def test_every_version_names_each_mistake_and_other_seeds_give_other_versions(name):
    make = VERSIONED[name]
    skills = lesson_skills("deciding")
    seen = set()
    for seed in VERSION_SEEDS:
        question = make(seed)
        check_each(question)
        assert question.id == f"{name}-{seed}"
        assert skills.another(f"{name}-1", seed) == question  # Another like this
        seen.add((question.question, tuple(question.options)))
    assert len({text for text, _ in seen}) >= 2 and len(seen) >= 4


def check_each(question: ChoiceQuestion) -> None:
    check_each_kind(question)
    assert len({text for text, _ in question.options}) == len(question.options)


def test_why_not_add_is_right_for_every_number_of_draws():
    for seed in VERSION_SEEDS:
        question = dx.why_not_add(seed)
        k = int(re.search(r"less than (\d) ×", question.question).group(1))
        assert f"in {['', '', 'two', 'three', 'four'][k]} draws" in question.question
        assert _right_text(question).startswith("Adding counts twice")
        for outs in (6, 7, 8):  # every flush draw: 9 of the suit, 1 to 3 of them in the pile
            unseen = 52 - 8 - dx.PILE
            hit = 1 - Fraction(math.comb(unseen - outs, k), math.comb(unseen, k))
            added = Fraction(k * outs, unseen)
            assert added - hit > Fraction(2, 100)  # more than rounding: 2 points or more
            second = Fraction(outs * (outs - 1) + (unseen - outs) * outs, unseen * (unseen - 1))
            assert second == Fraction(outs, unseen)  # a later draw hits as often as the first


def test_the_predicted_strategy_is_the_one_the_seeds_duels_bear_out():
    for seed in VERSION_SEEDS:
        question = dx.predict_strategies(seed)
        greedy, strong = dx.first_duels("greedy", seed), dx.first_duels("strong", seed)
        assert strong.wins > greedy.wins
        more = question.question.endswith("wins more?")
        assert more or question.question.endswith("loses more?")
        assert _right_text(question).startswith("The strong" if more else "The greedy")
        same = next(i for i, (text, _) in enumerate(question.options) if "same" in text)
        assert not question.check("ABC"[same]).correct  # the near miss: it is not luck


def test_more_duels_make_the_intervals_narrower_as_every_version_says():
    share = Fraction(3, 4)
    widths = {}
    for duels in (50, 200, 20_000):
        low, high = dx.StrategyResult("strong", int(share * duels), duels).interval
        widths[duels] = high - low
    assert widths[50] > widths[200] > widths[20_000]
    assert 9 < widths[200] / widths[20_000] < 11  # a hundred times more: about ten times narrower
    assert dx.first_duels("strong", 5) == play_first_duels("strong", 5)  # same seed, same duels
    for seed in VERSION_SEEDS:
        question = dx.narrower_intervals(seed)
        wider = "wider" in question.question
        assert ("fewer duels" if wider else "more duels") in _right_text(question)


def test_the_plenary_names_the_gamblers_fallacy_and_always_or_never_in_every_version():
    for seed in VERSION_SEEDS:
        question = dx.deciding_plenary(seed)
        right = _right_text(question)
        assert "chance" in right and "average damage" in right
        said = [question.check(letter).message for letter in question.letters]
        assert sum("The deck has no memory" in message for message in said) == 1
        assert sum("wasted when you need it later" in message for message in said) == 1

"""The two Absolutely Aces lessons (game trees and choices; the secret pick, split from it in
issue 27 with the same exercise ids): their exercises (right, rounded, named mistakes,
nonsense), every seed well posed, every number it states computed from the shipped deal table
or the solver, its editions, its teacher's guide page and its unplugged sheet."""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction

import pytest

from acelab.absolutely_aces import AbsolutelyAces, deal_table, pick, round_value, summary
from acelab.absolutely_aces import deal_kinds as kinds
from acelab.absolutely_aces.lessons import game_trees as aces
from acelab.absolutely_aces.lessons import secret_pick as second
from acelab.absolutely_aces.seeing import SeeingCase, seeing_cases
from acelab.classroom.editions import ROOT, stale
from acelab.teaching.answers import ChoiceQuestion, NumberQuestion, answer_of, right_of, value_of
from acelab.teaching.cells import percent
from acelab.teaching.skills import lesson_skills
from tests.support import as_fraction, check_each_kind, markdown_text, notebook_cells

SOURCE = ROOT / "lessons" / "absolutely_aces" / "lesson_game_trees.ipynb"
STUDENT = ROOT / "notebooks" / "absolutely_aces" / "lesson_game_trees.ipynb"
TEACHER = ROOT / "teachers" / "absolutely_aces" / "lesson_game_trees.ipynb"
GUIDE = ROOT / "docs" / "teachers" / "absolutely_aces_trees.md"
SOURCE2 = ROOT / "lessons" / "absolutely_aces" / "lesson_secret_pick.ipynb"
STUDENT2 = ROOT / "notebooks" / "absolutely_aces" / "lesson_secret_pick.ipynb"
TEACHER2 = ROOT / "teachers" / "absolutely_aces" / "lesson_secret_pick.ipynb"
GUIDE2 = ROOT / "docs" / "teachers" / "absolutely_aces_secret_pick.md"
SEEDS = range(200)
GAME = AbsolutelyAces()


_fraction = as_fraction


_cells, _text = notebook_cells, markdown_text


@pytest.mark.parametrize("question", aces.exercises(1) + second.exercises(1), ids=lambda q: q.id)
def test_each_exercise_kind(question):
    check_each_kind(question)


def test_what_learners_type_is_read_at_the_stated_precision():
    value = aces.tree_question(1)
    number = int(value_of(value))
    assert number == aces.tree_value(1) == -3
    for typed in ("-3", "−3", "-3/1", " -3 "):
        assert value.check(typed).correct, typed
    best_end = max(_ends(aces.game_tree(aces.position(1))))
    assert "will not help You" in value.check(str(best_end)).message
    assert "Check the sign" in value.check("3").message
    fair = aces.fairness(1)
    share = value_of(fair) * 100
    assert fair.percent and fair.places == 1
    for typed in (f"{float(share):.1f}%", f"{float(share):.1f}%".replace(".", ","),
                  _fraction(value_of(fair))):  # fmt: skip
        assert fair.check(typed).correct, typed
    assert "rounded too much" in fair.check(f"{round(float(share))}%").message
    two = aces.two_by_two(1)
    assert (
        two.check(_fraction(value_of(two))).correct
        and two.check(f"{float(value_of(two)):.2f}").correct
    )


def _mistakes_apart(question: NumberQuestion) -> None:
    """Every named mistake is told apart from the answer, and from every other mistake."""
    for mistake in question.mistakes:
        assert not question.check(_fraction(mistake.value)).correct
    values = [m.value for m in question.mistakes]
    for i, a in enumerate(values):
        for b in values[i + 1 :]:
            probe = NumberQuestion("x", "", a, places=question.places, percent=question.percent)
            assert not probe.check(_fraction(b)).correct, (question.id, a, b)


def _ends(node: aces.Node) -> list[int]:
    return [node.value] if not node.children else [v for k in node.children for v in _ends(k)]


@pytest.mark.parametrize("seed", SEEDS)
def test_every_seed_is_well_posed(seed):
    state = aces.position(seed)
    tree = aces.game_tree(state)
    ends = _ends(tree)
    assert 3 <= len(ends) <= 7 and len(tree.children) >= 2
    assert min(ends) < tree.value < max(ends), "working backwards is needed: both choose"
    assert tree.value == round_value(state), "the solver agrees with the tree"
    for question in (aces.count_ends(seed), aces.tree_question(seed)):
        assert len(question.mistakes) >= 2
        _mistakes_apart(question)
    assert value_of(aces.count_ends(seed)) == len(ends)

    mixed = aces.mixed_deal(seed)
    order = aces.order_matters(seed)
    m = mixed.matrix
    maximin = max(min(r) for r in m)
    minimax = min(max(r[j] for r in m) for j in range(5))
    assert value_of(order) == maximin < mixed.value < minimax, "the order of the picks matters"
    assert len(order.mistakes) >= 2
    _mistakes_apart(order)

    dominant = aces.dominant_deal(seed)
    choice = aces.dominant_pick(seed)
    best = "ABCDE".index(answer_of(choice))
    for other in range(5):
        if other != best:
            assert all(dominant.matrix[best][j] >= dominant.matrix[other][j] for j in range(5))
            assert dominant.matrix[best] != dominant.matrix[other]

    fair = aces.fairness(seed)
    assert len(fair.mistakes) >= 2
    _mistakes_apart(fair)

    row = aces.two_by_two_deal(seed)
    two = aces.two_by_two(seed)
    (a, b), (c, d) = (
        [row.matrix[i][j] for j in kinds.support(row)[1]] for i in kinds.support(row)[0]
    )
    assert value_of(two) == row.value == Fraction(a * d - b * c, a - b - c + d)
    _mistakes_apart(two)

    case = aces.seeing_case(seed)
    seeing = aces.seeing_worth(seed)
    (a, b), (c, d) = case.values
    blind = max(Fraction(a + b, 2), Fraction(c + d, 2))
    assert value_of(seeing) == Fraction(max(a, c) + max(b, d), 2) - blind > 0, "seeing helps"
    assert len({a, b, c, d}) == 4 and len(seeing.mistakes) >= 2
    _mistakes_apart(seeing)
    assert not set(case.hand) & set(case.bots[0][0]) and not set(case.hand) & set(case.bots[1][0])
    equilibrium = pick.equilibrium()
    assert all(equilibrium.strategy(h)[p] == 1 for h, p in case.bots), "Bot's perfect picks"
    assert equilibrium.strategy(case.hand)[case.cards[0]] == 1


@pytest.mark.slow
def test_the_stored_positions_are_what_the_search_finds():
    assert aces.search_position("pool 0") == aces.POSITIONS[0]
    assert aces.search_position("worked example") == aces.WORKED_POSITION
    for i in range(len(aces.POSITIONS)):
        state = aces.position(f"any {i}")
        assert GAME.round_result(state) is None


def test_seeds_are_refused_in_words():
    for bad in (None, 1.5, True, [1]):
        with pytest.raises(ValueError, match="seed"):
            aces.count_ends(bad)


def _flat(tree):
    return [tree] if isinstance(tree, int) else [v for t in tree for v in _flat(t)]


def test_the_learners_backed_up_is_checked():
    assert aces.check_backed_up(aces.backed_up).correct
    always_max = aces.check_backed_up(lambda tree, you: max(_flat(tree)))
    assert not always_max.correct and always_max.score == 0
    broken = aces.check_backed_up(lambda tree, you: ...)
    assert not broken.correct
    crashing = aces.check_backed_up(lambda tree, you: 1 / 0)
    assert "ZeroDivisionError" in crashing.message


# -- the numbers the lesson states --------------------------------------------------------------


def test_the_worked_example_says_what_its_tree_says():
    state = aces.position(aces.WORKED_SEED)
    tree = aces.game_tree(state)
    assert tree.value == round_value(state) == 2
    shown = str(aces.tree_view(state, values=True))
    assert "must answer a Pair of Scissors" in shown
    assert "Your hand: 4♥ Break, 5♠ Break, 6♥ Climb, 8♥ Roll" in shown
    assert "Bot's hand: 7♠ Climb, 10♥ Roll, 12♥ Joker" in shown
    six, pair = tree.children
    assert six.move.card == "H6" and six.value == 2 and pair.value == -11
    seven, ten = six.children
    assert seven.move.card == "S7" and [k.value for k in seven.children] == [9, -11]
    assert ten.move.card == "H10" and ten.value == 2
    text = _text(SOURCE)
    for said in ("You take **+9**", "gives **+2**", "takes **+2**", "leads to −11",
                 "worth **+2** for You"):  # fmt: skip
        assert said in text
    assert "value **+2** for You; best: You play 6♥ Climb" in str(aces.solver_says())


def test_the_deal_table_numbers_the_lesson_states():
    rows = deal_table()
    assert len(rows) == 16_632 == math.comb(12, 5) * math.comb(7, 5)
    bins = aces.value_bins()
    assert sum(bins) == 16_632
    assert bins[0] + bins[1] == bins[3] + bins[4] == 4_982 and bins[2] == 6_668
    value = {r.hands: r.value for r in rows}
    assert all(value[(h1, h0)] == -v for (h0, h1), v in value.items()), "deals come in pairs"
    assert f"{6_668 / 16_632 * 100:.1f}%" == "40.1%" and bins[2] < 16_632 / 2, "most deals unfair"
    assert sum(r.mixed for r in rows) == 2_038
    assert len(kinds.dominant_rows()) == 7_153 and len(kinds.two_by_two_rows()) == 1_647
    assert len(kinds.simply_best_rows()) == 8_586  # the lesson's definition, the table's row
    guide = " ".join(GUIDE2.read_text(encoding="utf-8").split())
    assert "4,982 favour You, 4,982 favour Bot and 6,668 are fair (value 0)" in guide
    shown = str(aces.how_often_table())
    assert len(kinds.both_mix_rows()) == 2_000
    for said in ("8,586", "7,153", "14,594", "2,038", "2,000", "1,647"):
        assert said in shown and said in guide
    assert "all 16,632" in _text(SOURCE2)


def test_the_fair_game_and_the_worth_of_seeing_the_lesson_states():
    text = _text(SOURCE2)
    shown = str(aces.fair_game())
    assert pick.equilibrium().value == 0 and "| 0 points a round: **fair** |" in shown
    assert f"{float(pick.peek_value()):+.2f} a round" in shown
    assert f"about **{float(pick.peek_value()):.2f} points a round**" in text
    # as the table says it (15%), not "about 1 deal in 7" (14.3%) (issue 27)
    assert f"about **{float(pick.peek().changes) * 100:.0f}%** of deals, as the table says" in text
    assert percent(pick.peek().changes, 0) == "15%" and "1 deal in 7" not in text
    assert "Bot's pick is **held fixed**" in text and "**knows** You see its hand" in text
    assert "The **value** of a mixed pick is an **average** (an *expected value*)" in text
    assert "each player sees only their own hand" in text
    guide = " ".join(GUIDE2.read_text(encoding="utf-8").split())
    assert f"would be worth {float(pick.peek_value()):.2f} points a round" in guide
    sheet = (ROOT / "docs" / "teachers" / "unplugged.html").read_text(encoding="utf-8")
    ours = " ".join(sheet.split('id="absolutely-aces-trees"')[1].split())
    case = aces.seeing_case(3)
    assert case.values == ((0, -7), (-11, -5)) and case.worth == 1
    assert "You hold 1♠ 4♥ 6♥ 10♥ J♠ and choose J♠ or 6♥" in ours
    assert "With J♠ You get 0 or −7; with 6♥, −11 or −5" in ours
    assert {p for _, p in case.bots} == {"H12"} and "picks Q♥ in both" in ours


@pytest.mark.slow
def test_the_summary_of_the_package_agrees():
    told = summary()
    bins = aces.value_bins()
    assert (told.favoured, told.against, told.even) == (
        bins[3] + bins[4],
        bins[0] + bins[1],
        bins[2],
    )
    assert told.mixed == 2_038 and told.mean == 0


def test_mixed_strategy_is_typeset_and_certified():
    shown = str(aces.mixed_strategy(1))
    assert "\\frac" in shown and "Fraction(" not in shown
    row = aces.two_by_two_deal(1)
    assert sum(row.picks[0].values()) == 1 == sum(row.picks[1].values())
    from acelab.absolutely_aces.solver import DealValue

    picks = tuple({c: row.picks[p].get(c, Fraction(0)) for c in row.hands[p]} for p in (0, 1))
    assert DealValue(row.hands, row.value, picks, row.matrix).certified


# -- editions and guide ----------------------------------------------------------------------


LESSONS = (
    (SOURCE, STUDENT, TEACHER, ["trees-ends", "trees-value", "trees-order", "trees-dominant",
                                "trees-choices-plenary"]),
    (SOURCE2, STUDENT2, TEACHER2, ["trees-mixing", "trees-fairness", "trees-is-fair",
                                   "trees-seeing", "trees-plenary", "trees-two-by-two"]),
)  # fmt: skip


@pytest.mark.parametrize(("source", "student", "teacher", "ids"), LESSONS)
def test_the_editions_are_up_to_date_and_the_student_one_shows_no_answer(
    source, student, teacher, ids
):
    relative = [student.relative_to(ROOT), teacher.relative_to(ROOT)]
    assert not set(stale()) & set(relative), "run make editions"
    cells = _cells(student)
    assert [c["metadata"]["nbgrader"]["grade_id"] for c in cells if _marks(c)] == ids
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "worked(" not in code
    teacher_text = "\n".join("".join(c["source"]) for c in _cells(teacher))
    assert teacher_text.count("worked(aces.") == len(ids)
    assert 'AbsolutelyAcesPanel(seed=SEED, bot="perfect")' in code
    if source == SOURCE:
        assert "return ...  # fill in" in code and "max(values) if you_to_play" not in code


def test_the_split_keeps_every_exercise_id_of_the_one_lesson_it_was():
    before = {"trees-ends", "trees-value", "trees-order", "trees-dominant", "trees-mixing",
              "trees-fairness", "trees-is-fair", "trees-plenary", "trees-two-by-two",
              "trees-seeing"}  # fmt: skip
    ids = {q.id.rsplit("-", 1)[0] if q.id[-1].isdigit() else q.id
           for q in aces.exercises(1) + second.exercises(1)}  # fmt: skip
    assert before <= ids and ids - before == {"trees-choices-plenary"}
    assert not {q.id for q in aces.exercises(1)} & {q.id for q in second.exercises(1)}
    from acelab.classroom.report import find_exercise

    moved = (
        ("trees-mixing-3", "secret_pick"),
        ("trees-plenary", "secret_pick"),
        ("trees-order-3", "game_trees"),
        ("trees-seeing-7", "secret_pick"),
    )
    for exercise, name in moved:
        found = find_exercise(exercise)
        assert found is not None and found[0].lesson == name and found[1].id == exercise


@pytest.mark.parametrize(
    ("source", "goals"),
    [(SOURCE, [("1", "2"), ("3", ""), ("4", "")]), (SOURCE2, [("1", ""), ("2", "3"), ("4", "")])],
)
def test_core_cells_are_short_and_the_goals_each_have_exercises(source, goals):
    cells = _cells(source)
    stretch = next(i for i, c in enumerate(cells) if "## Stretch" in "".join(c["source"]))
    for cell in cells[:stretch]:
        if cell["cell_type"] == "code" and "teacher" not in cell["metadata"].get("tags", ()):
            lines = "".join(cell["source"]).splitlines()
            assert len(lines) <= 3 and all(len(line) <= 60 for line in lines), lines
    text = _text(source)
    said = text.split("## What you will learn")[1].split("**The model.**")[0]
    assert re.findall(r"\*\(Exercises? (\d)(?:–(\d))?\)\*", said) == goals
    assert "both players play perfectly and know that the other does" in text
    assert "every deal is equally likely" in text
    assert "Where the model and the game differ" in text


def test_each_lesson_says_its_ages_and_one_period():
    first, second_text = _text(SOURCE), _text(SOURCE2)
    assert "Lesson 1 of 2, for ages 11–16, about 50 minutes" in first
    assert "Lesson 2 of 2, for ages 14–16, about 50 minutes" in second_text
    assert "**Timings (50 minutes).**" in first and "**Timings (50 minutes).**" in second_text


def _checker_messages() -> str:
    said = []
    for seed in range(12):
        for question in aces.exercises(seed) + second.exercises(seed):
            if isinstance(question, NumberQuestion):
                said.extend(question.check(_fraction(m.value)).message for m in question.mistakes)
            else:
                assert isinstance(question, ChoiceQuestion)
                said.extend(question.check(letter).message for letter in question.letters)
    return "\n".join(said)


@pytest.mark.parametrize("guide", [GUIDE, GUIDE2], ids=lambda p: p.name)
def test_the_guide_page_quotes_the_checkers_and_fits_one_period(guide):
    text = guide.read_text(encoding="utf-8")
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
    assert f"]({guide.name})" in overview
    sheet = (ROOT / "docs" / "teachers" / "unplugged.html").read_text(encoding="utf-8")
    section = "absolutely-aces-trees" if guide == GUIDE else "absolutely-aces-secret-pick"
    assert f'id="{section}"' in sheet and f"unplugged.html#{section}" in text


def test_the_welcome_notebook_links_the_lesson():
    welcome = json.loads((ROOT / "notebooks" / "00_welcome.ipynb").read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in welcome["cells"])
    assert "](absolutely_aces/lesson_game_trees.ipynb)" in text
    assert "](absolutely_aces/lesson_secret_pick.ipynb)" in text


def test_the_unplugged_sheet_states_computed_numbers():
    sheet = (ROOT / "docs" / "teachers" / "unplugged.html").read_text(encoding="utf-8")
    ours = sheet.split('id="absolutely-aces-trees"')[1].split("</section>")[0]
    second_sheet = sheet.split('id="absolutely-aces-secret-pick"')[1].split("</section>")[0]
    bins = aces.value_bins()
    assert (
        f"{sum(bins):,} deals: {bins[3] + bins[4]:,} favour You, {bins[0] + bins[1]:,} favour Bot"
        in second_sheet
    )
    assert (
        f"{bins[2]:,} are fair. So about {bins[2] / sum(bins) * 100:.1f}% of deals are fair"
        in second_sheet
    )
    tree = aces.game_tree(aces.position(aces.WORKED_SEED))
    assert "You hold 4♥ 5♠ 6♥ 8♥, Bot holds 7♠ 10♥ Q♥" in ours and tree.value == 2
    for end in ("Bot cannot answer:  +9", "You cannot answer: −11", "Bot cannot answer: +2"):
        assert end in ours
    for played, by in GAME.cards.blocked_by:
        if played not in ("Ace", "Joker"):
            assert f"{played} — {', '.join(by)}" in ours
    assert "Ace — anything but another Ace" in ours
    assert set(dict(GAME.cards.blocked_by)["Ace"]) == set(GAME.cards.types) - {"Ace"}
    assert "Joker — Scissors, Break, Climb, Roll, Swoop" in ours


def test_simply_best_means_what_the_lesson_says_and_exercise_5_names_a_safe_pick_truly():
    text = _text(SOURCE)
    assert "at least as well as every other pick, **whatever Bot picks**" in text
    for row in kinds.simply_best_rows()[:500]:
        for i in kinds.simply_best(row):
            assert all(row.matrix[i][j] >= row.matrix[k][j] for k in range(5) for j in range(5))
    for seed in range(1, 201):
        row = aces.mixed_deal(seed)
        option = aces.mixing(seed).options[0][0]
        safe = [
            aces._label(c)
            for c, r in zip(row.hands[0], row.matrix, strict=True)
            if min(r) == kinds.maximin(row)
        ]
        assert (
            any(name in option for name in safe) and "no pick has a better worst result" in option
        )


def _marks(cell: dict) -> bool:
    """Whether ``cell`` is an exercise's hidden marking cell (it carries the exercise's id)."""
    return bool(cell["metadata"].get("nbgrader", {}).get("grade"))


def test_the_worked_example_of_seeing_is_right_and_no_seed_asks_it():
    text = _text(SOURCE2)
    example = SeeingCase(("A",), ("A", "B"), ((("1",), "x"), (("2",), "x")), ((12, -6), (2, 8)))
    assert example.blind == 5 and example.seeing == 10 and example.worth == 5
    assert "| **A** | +12 | −6 |" in text and "| **B** | +2 | +8 |" in text
    assert "**5 points a round** here" in text
    assert all(case.values != example.values for case in seeing_cases())


# -- "Another like this": the versions of the three choice questions (issue 26) ------------------

VERSIONED = {
    "trees-choices-plenary": ("game_trees", aces.choices_plenary),
    "trees-is-fair": ("secret_pick", second.is_fair),
    "trees-plenary": ("secret_pick", second.plenary),
}
VERSION_SEEDS = [*range(1, 41), "7B"]


def _right_text(question: ChoiceQuestion) -> str:
    return question.options[right_of(question)][0]


def test_the_notebooks_seed_gives_the_lessons_own_versions():
    for source, found in ((SOURCE, aces.LESSON), (SOURCE2, second.LESSON)):
        code = "\n".join("".join(cell["source"]) for cell in notebook_cells(source))
        assert int(re.findall(r"^SEED = (\d+)$", code, re.M)[0]) == found.seed == aces.LESSON_SEED
    seed = aces.LESSON_SEED
    chooses = aces.choices_plenary(seed)
    assert chooses.question == "Bot plays perfectly. After the picks, how does it choose its move?"
    fair = aces.is_fair(seed)
    assert fair.question.startswith("Seen with both hands, 4,982 deals favour You and 4,982 favour")
    lose = aces.plenary(seed)
    assert lose.question.endswith("Why can it still lose a round?")
    assert [answer_of(q) for q in (chooses, fair, lose)] == ["B", "A", "B"]
    assert aces.plenary() == lose and aces.choices_plenary() == chooses


@pytest.mark.parametrize("name", list(VERSIONED))
def test_every_version_names_each_mistake_and_other_seeds_give_other_versions(name):
    lesson_name, make = VERSIONED[name]
    skills = lesson_skills(lesson_name)
    seen = set()
    for seed in VERSION_SEEDS:
        question = make(seed)
        check_each_kind(question)
        assert question.id == f"{name}-{seed}"
        assert skills.another(f"{name}-3", seed) == question  # Another like this
        seen.add((question.question, tuple(question.options)))
    assert len({text for text, _ in seen}) >= 2 and len(seen) >= 4


def test_the_fairness_versions_count_the_deals_of_the_table():
    values = [row.value for row in deal_table()]
    counted = {
        "favour You": sum(v > 0 for v in values),
        "favour Bot": sum(v < 0 for v in values),
        "favour You by 5 points or more": sum(v >= 5 for v in values),
        "favour Bot by 5 or more": sum(v <= -5 for v in values),
        "favour You by less than 5 points": sum(0 < v < 5 for v in values),
        "favour Bot by less than 5": sum(-5 < v < 0 for v in values),
    }
    fair = sum(v == 0 for v in values)
    assert fair < len(values) / 2  # most single deals favour someone
    for seed in VERSION_SEEDS:
        question = aces.is_fair(seed)
        said = re.fullmatch(
            r"Seen with both hands, ([\d,]+) deals (.+) and ([\d,]+) (.+); the whole game is "
            r"worth 0\. What does this say about fairness\?",
            question.question,
        )
        assert said, question.question
        you, you_words, bot, bot_words = said.groups()
        assert int(you.replace(",", "")) == counted[you_words] == counted[bot_words]
        assert int(bot.replace(",", "")) == counted[bot_words]
        assert _right_text(question).startswith("The game is fair before the deal")
        said = " ".join(question.check(letter).message for letter in question.letters)
        assert f"Only {fair:,} of the {len(values):,} deals are fair" in said
        assert "The two numbers are equal" in said


def test_the_plenaries_name_the_same_mistakes_in_every_version():
    for seed in VERSION_SEEDS:
        lose = aces.plenary(seed)
        assert "favour" in _right_text(lose) and "mixed" in _right_text(lose)
        said = [lose.check(letter).message for letter in lose.letters]
        assert sum("it makes no mistakes there" in message for message in said) == 1
        chooses = aces.choices_plenary(seed)
        right = _right_text(chooses)
        assert "backwards" in right or "back up the tree" in right
        said = [chooses.check(letter).message for letter in chooses.letters]
        assert sum("a bad end" in message for message in said) == 1
        assert sum("The size of a card is not its value" in message for message in said) == 1

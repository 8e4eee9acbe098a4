"""Every exercise of the order-of-operations, counting and probability lessons has versions
(issue 26, "Another like this"): the notebook's seed gives the question the notebook was written
for, other seeds give the same exercise with other numbers, cards, hands or options, each
checked here against a count made another way, its named mistakes firing in every version."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from fractions import Fraction

import pytest

from acelab.ace_of_spades.lessons import counting, probability
from acelab.ace_pilot import Equation
from acelab.ace_pilot.lessons import order_of_operations as pilot
from acelab.engine.stats import wilson_interval
from acelab.teaching.answers import (
    ChoiceQuestion,
    CustomQuestion,
    NumberQuestion,
    Question,
    answer_of,
    parse_answer,
    right_of,
    value_of,
)
from acelab.teaching.skills import lesson_skills
from tests.support import as_fraction, check_each_kind

SEEDS = [*range(1, 31), "7B", "class 9", 100_000]
MADE: dict[str, tuple[str, ...]] = {
    "order_of_operations": (
        "ace-pilot-order",
        "ace-pilot-counterexample",
        "ace-pilot-misprint",
        "ace-pilot-plenary",
    ),
    "counting": (
        "poker-spade-pairs",
        "poker-ordered-three",
        "poker-five-card-hands",
        "poker-why-divide",
        "poker-four-of-a-kind",
        "poker-one-suit",
        "poker-flush-vs-straight",
        "poker-flush-chance",
        "poker-counting-plenary",
    ),
    "probability": (
        "poker-settling",
        "poker-flush-ratio",
        "poker-why-more-cards",
        "poker-beat-first-enemy",
        "poker-probability-plenary",
    ),
}
EXERCISES = [(lesson, exercise) for lesson, ids in MADE.items() for exercise in ids]
FIVE = {  # 5-card hands of each kind, counted by hand (not by acelab's counter)
    "straight_flush": 10 * 4,
    "four_of_a_kind": 13 * 48,
    "full_house": 13 * 12 * 4 * 6,
    "flush": 4 * (math.comb(13, 5) - 10),
    "straight": 10 * (4**5 - 4),
    "three_of_a_kind": 13 * math.comb(12, 2) * 4**3,
    "two_pair": math.comb(13, 2) * 11 * 6 * 6 * 4,
}
HANDS = math.comb(52, 5)


def _seen(question: Question) -> str:
    """What a learner reads of a question: its text and, for a choice, its options in order."""
    if isinstance(question, ChoiceQuestion):
        return "\n".join([question.question, *question.choices()])
    return question.question


def _versions(make: Callable[[object], Question]) -> dict[object, Question]:
    return {seed: make(seed) for seed in SEEDS}


@pytest.mark.parametrize(("lesson", "exercise"), EXERCISES)
def test_fresh_seeds_give_other_versions_of_the_same_exercise(lesson: str, exercise: str) -> None:
    skills = lesson_skills(lesson)
    item = skills.find(exercise)
    assert item is not None and item.seeded and item.make is not None
    versions = _versions(item.make)
    default = {"probability": probability.DEFAULT_SEED}.get(lesson, 1)
    assert versions[default].id == item.question_id(default)
    texts = {_seen(q) for q in versions.values()}
    assert len(texts) >= 3, texts  # at least two versions besides the notebook's
    notebook = _seen(item.make(default))
    assert sum(text == notebook for text in texts) == 1
    for seed, question in versions.items():
        assert question.id == item.question_id(seed)
        assert item.make(seed).question == question.question  # the same seed, the same question
        if isinstance(question, CustomQuestion):
            assert question.check(answer_of(question)).correct, (seed, question.question)
            assert not question.check("a lot").correct
        else:
            check_each_kind(question)
    fresh = skills.another(item.question_id(default), 4321)
    assert fresh.id == item.question_id(4321) and type(fresh) is type(versions[default])
    assert fresh.question == item.make(4321).question


# -- the notebook's seed gives the notebook's question ------------------------------------------

NOTEBOOK = {
    pilot.order_exercise: ("Duke holds 12, 6, 2 and makes 1. Why not 4?", "C"),
    pilot.misprint_exercise: (
        "The rulebook says Cam(2, 4), Sabina(3), Hailey(7) makes ((2 + 4) − 3) + 7 = 10. "
        "What does it really make?",
        "12",
    ),
    pilot.plenary_exercise: (
        "On the table the cards have no brackets. What decides the order the pilots work in?",
        "B",
    ),
    counting.spade_pairs: (
        "How many different 2-card hands can you make from 10♠ J♠ Q♠ K♠ A♠?",
        "10",
    ),
    counting.ordered_three: (
        "Three cards are dealt one after another from 52 cards, and the order counts "
        "(first, second, third). How many different deals are there?",
        "132600",
    ),
    counting.five_card_hands: (
        "How many different 5-card hands can be dealt from 52 cards? "
        "(You may type a sum, such as 52 × 51 × 50 × 49 × 48 / 120.)",
        "2598960",
    ),
    counting.why_divide: (
        "Why do we divide 52 × 51 × 50 × 49 × 48 by 120 to count 5-card hands?",
        "B",
    ),
    counting.four_of_a_kind: (
        "How many 5-card hands hold four of a kind (four cards of one rank, any rank)?",
        "624",
    ),
    counting.one_suit: (
        "How many 5-card hands are all of one suit (count the straight flushes too)?",
        "5148",
    ),
    counting.flush_vs_straight: (
        "There are 5,108 flushes and 10,200 straights. Why is a flush rarer?",
        "C",
    ),
    counting.flush_chance: (
        "Every 5-card hand is equally likely. What is the chance of a flush that is not a "
        "straight flush (5,108 hands)?",
        "0.197%",
    ),
    counting.counting_plenary: (
        "From rarest to most common, which order is right for 5-card hands?",
        "B",
    ),
    probability.settling: (
        "Predict before you run the plot: as more and more hands are dealt, the relative "
        "frequency of a pair or better…",
        "C",
    ),
    probability.flush_ratio: (
        "Use the table: how many times more likely is a flush with 7 cards than with 5?",
        "15.4",
    ),
    probability.why_more_cards: (
        "With 7 cards a pair is more common than high card (nothing). Why?",
        "B",
    ),
    probability.beat_first_enemy: (
        "The first Enemy has 5 life. Use the table: what is the chance that a random 8-card "
        "hand can deal at least 5 damage in one Hand?",
        "29.8%",
    ),
    probability.probability_plenary: (
        "You deal 20 opening hands and 9 can beat the first Enemy. The exact chance is 29.8%. "
        "What do you conclude?",
        "C",
    ),
}


@pytest.mark.parametrize("make", NOTEBOOK, ids=lambda make: make.__name__)
def test_the_notebooks_seed_keeps_the_notebooks_question(make) -> None:
    text, answer = NOTEBOOK[make]
    question = make()  # the default seed is the notebook's
    assert question.question == text and answer_of(question) == answer
    module = probability if make.__module__.endswith("probability") else counting
    assert make(module.DEFAULT_SEED if module is probability else 1).question == text


def test_the_notebooks_choices_keep_their_order() -> None:
    assert counting.counting_plenary().choices() == [
        "A. straight, flush, four of a kind",
        "B. four of a kind, flush, straight",
        "C. flush, straight, four of a kind",
    ]
    assert probability.settling().choices()[0] == "A. becomes exactly 49.9% after 100 hands."
    assert (
        pilot.order_exercise().choices()[2]
        == "C. He works left to right: 12 ÷ 6 = 2, then 2 ÷ 2 = 1."
    )
    assert pilot.counterexample_exercise().question.endswith(
        "like 8, 2, 5 and 8, 5, 2 (which is not a counter-example: both make 1)."
    )


# -- counting: each version's answer counted again, its named mistakes firing -----------------


def _said(question: NumberQuestion, typed: object) -> str:
    return question.check(str(typed)).message


def test_spade_pairs_versions() -> None:
    for question in _versions(counting.spade_pairs).values():
        cards = re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", question.question)
        n = len(cards)
        assert n in (5, 6) and len(set(cards)) == n and len({c[-1] for c in cards}) == 1
        pairs = {frozenset((a, b)) for a in cards for b in cards if a != b}
        assert value_of(question) == len(pairs) == math.comb(n, 2)
        assert "same hand" in _said(question, n * (n - 1))
        assert "twice" in _said(question, n * n)
        assert "not a hand" in _said(question, math.comb(n, 2) + n)
        assert not question.check(str(len(pairs) + 1)).correct


@pytest.mark.parametrize(
    "make",
    [counting.ordered_three, counting.five_card_hands, counting.four_of_a_kind],
    ids=lambda make: make.__name__,
)
def test_deck_versions_count_from_the_deck_they_name(make) -> None:
    for question in _versions(make).values():
        found = re.findall(r"\b(\d\d) (?:cards|red|spades|picture)", question.question)
        n = int(found[0]) if found else 52  # four of a kind's own question: the whole deck
        assert n in counting.DECKS
        assert n == 52 or any(name in question.question for name in counting.DECKS[n])
        if make is counting.ordered_three:
            assert value_of(question) == math.perm(n, 3)
            assert f"{n - 1} are left" in _said(question, n**3)
            assert "order does not matter" in _said(question, math.comb(n, 3))
            assert "Multiply" in _said(question, n + n - 1 + n - 2)
        elif make is counting.five_card_hands:
            assert value_of(question) == math.comb(n, 5)
            assert f"{n} × {n - 1} × {n - 2} × {n - 3} × {n - 4} / 120" in question.question
            assert "ordered hands" in _said(question, math.perm(n, 5))
            assert "not 5" in _said(question, Fraction(math.perm(n, 5), 5))
        else:  # four of a kind: a rank for the four, then any other card
            deck = [(rank, suit) for rank in range(n // 4) for suit in range(4)]
            ranks = len({rank for rank, _ in deck})
            fours = sum(1 for rank in range(ranks) for other in deck if other[0] != rank)
            assert value_of(question) == fours == ranks * (n - 4)
            assert f"there are {ranks} ranks" in _said(question, n - 4)
            assert "fifth card too" in _said(question, ranks)
            assert f"{n - 4} are left" in _said(question, ranks * n)


def test_why_divide_versions_name_the_orders_of_their_hand() -> None:
    for question in _versions(counting.why_divide).values():
        k = int(re.search(r"count (\d)-card hands", question.question).group(1))
        product = " × ".join(str(52 - i) for i in range(k))
        assert f"divide {product} by {math.factorial(k)}" in question.question
        right = question.options[right_of(question)][0]
        assert f"{math.factorial(k)} different orders" in right
        assert math.perm(52, k) // math.factorial(k) == math.comb(52, k)


def test_one_suit_versions() -> None:
    for question in _versions(counting.one_suit).values():
        k = int(re.search(r"(\d)-card hands", question.question).group(1))
        named = re.search(r"all (hearts|spades|diamonds|clubs)", question.question)
        suits = 1 if named else 4
        assert value_of(question) == suits * math.comb(13, k)
        if named:
            assert f"asks for {named.group(1)} only" in _said(question, 4 * math.comb(13, k))
            assert "in order" in _said(question, math.perm(13, k))
        else:
            assert "4 suits" in _said(question, math.comb(13, k))
            assert "in order" in _said(question, 4 * math.perm(13, k))
        if k == 5:
            flushes = 10 if named else 40
            assert "straight flushes too" in question.question
            assert "this question counts them too" in _said(
                question, suits * math.comb(13, 5) - flushes
            )


def test_flush_vs_straight_versions_state_counted_numbers() -> None:
    names = {
        "flushes": "flush",
        "straights": "straight",
        "hands with four of a kind": "four_of_a_kind",
        "full houses": "full_house",
        "hands with three of a kind": "three_of_a_kind",
        "hands with two pair": "two_pair",
    }
    for question in _versions(counting.flush_vs_straight).values():
        stated = re.findall(r"([\d,]+) ([a-z ]+?)(?= and|\.)", question.question)
        assert len(stated) == 2, question.question
        (rare, rarer), (common, more) = stated
        assert int(rare.replace(",", "")) == FIVE[names[rarer]]
        assert int(common.replace(",", "")) == FIVE[names[more]] > FIVE[names[rarer]]
        right = question.options[right_of(question)][0]
        assert "suit" in right and "damage" not in right


def test_flush_chance_versions() -> None:
    for question in _versions(counting.flush_chance).values():
        count = int(re.search(r"\(([\d,]+) hands\)", question.question).group(1).replace(",", ""))
        assert count in FIVE.values() and value_of(question) == Fraction(count, HANDS)
        assert "number of hands" in _said(question, as_fraction(Fraction(count, math.perm(52, 5))))
        if "not a straight flush" in question.question:
            assert "40 straight flushes" in _said(
                question, as_fraction(Fraction(count + 40, HANDS))
            )
        near = f"{float(Fraction(count, HANDS)) * 100 + 0.002:.3f}%"
        assert not question.check(near).correct


def test_counting_plenary_versions_put_counted_hands_in_order() -> None:
    for question in _versions(counting.counting_plenary).values():
        right = question.options[right_of(question)][0].split(", ")
        counts = [FIVE[name.replace(" ", "_")] for name in right]
        assert counts == sorted(counts) and len(set(counts)) == 3
        for text, _ in question.options:
            assert sorted(text.split(", ")) == sorted(right)


# -- probability: answers read from the tables the notebook shows ------------------------------


def _table(markdown: str) -> dict[str, list[str]]:
    rows = [line.strip("|").split("|") for line in markdown.splitlines()[2:]]
    return {cells[0].strip(): [cell.strip() for cell in cells[1:]] for cells in rows}


def test_flush_ratio_versions_are_right_from_the_table_and_refuse_a_near_miss() -> None:
    shown = _table(probability.category_table()._repr_markdown_())
    for question in _versions(probability.flush_ratio).values():
        found = re.search(r"is (?:an? )?([a-z ]+?) with (\d) cards", question.question)
        name, size = found.group(1), int(found.group(2))
        five, more = (float(shown[name][i].rstrip("%")) for i in (0, (7, 8).index(size) + 1))
        assert question.check(f"{more / five:.1f}").correct, question.question
        assert question.check(f"{more / five:.3f}").correct
        assert not question.check(f"{more / five + 0.1:.1f}").correct
        assert len(question.mistakes) == 2, question.question  # none lost to a coincidence
        assert "Upside down" in question.check(f"{five / more:.3f}").message
        assert "difference" in question.check(f"{more - five:.3f}").message


def test_beat_first_enemy_versions_are_right_from_the_table() -> None:
    shown = {int(k): float(v[0].rstrip("%")) for k, v in _table(
        probability.damage_table()._repr_markdown_()).items()}  # fmt: skip
    for question in _versions(probability.beat_first_enemy).values():
        life = int(re.search(r"at least (\d+) damage", question.question).group(1))
        assert f"{life} life" in question.question
        added = sum(v for d, v in shown.items() if d >= life)
        assert question.check(f"{added:.2f}%").correct and question.check(f"{added:.1f}%").correct
        assert not question.check(f"{added + 0.2:.1f}%").correct
        assert f"That is exactly {life}" in question.check(f"{shown[life]}%").message
        assert f"the row for {life}" in question.check(f"{added - shown[life]:.2f}%").message


def test_the_plenary_tallies_are_too_few_to_tell() -> None:
    for question in _versions(probability.probability_plenary).values():
        hands, hits = map(int, re.search(r"deal (\d+) .*? and (\d+) ", question.question).groups())
        what = "enemy" if "Enemy" in question.question else "pair"
        exact = probability.plenary_chance(what)
        low, high = wilson_interval(hits, hands)
        assert low <= exact <= high and abs(Fraction(hits, hands) - exact) >= Fraction(12, 100)
        assert f"{float(exact) * 100:.1f}%" in question.question
        assert "too few" in question.options[right_of(question)][0]


def test_why_more_cards_claims_are_true() -> None:
    for question in _versions(probability.why_more_cards).values():
        assert "More cards give more chances" in question.options[right_of(question)][0]
    for _, claim, *_ in probability._MORE_CARDS:
        assert probability.more_cards_claim(claim)


def test_settling_versions_never_offer_a_share_that_could_be_exact() -> None:
    for question in _versions(probability.settling).values():
        hands = int(re.search(r"after ([\d,]+) hands", " ".join(question.choices())).group(1))
        exact = Fraction(499, 1000)  # 49.9%, as the option shows it
        assert (exact * hands).denominator != 1
        assert "settles" in question.options[right_of(question)][0]


# -- Ace Pilot ----------------------------------------------------------------------------------


def test_order_versions_are_worked_by_the_engine() -> None:
    for seed, question in _versions(pilot.order_exercise).items():
        a, b, c, made, other = map(int, re.findall(r"\d+", question.question))
        assert Equation.parse(f"D({a},{b},{c})").values() == {made}
        assert Fraction(a) / (Fraction(b) / c) == other != made
        right = question.options[right_of(question)][0]
        assert (
            right == f"He works left to right: {a} ÷ {b} = {a // b}, then {a // b} ÷ {c} = {made}."
        )
        assert f"Duke holds {a}, {b}, {c} " not in pilot.left_to_right_exercise(seed).question


def test_counterexample_versions() -> None:
    for question in _versions(pilot.counterexample_exercise).values():
        found = re.search(r"like ([\d, ]+) and ([\d, ]+) \(.*both make (\d+)\)", question.question)
        first, second = ([int(n) for n in part.split(", ")] for part in found.groups()[:2])
        size = len(first)
        assert size in (3, 4) and sorted(first) == sorted(second)
        made = int(found.group(3))
        assert abs(first[0] - sum(first[1:])) == abs(second[0] - sum(second[1:])) == made
        assert not question.check(f"{found.group(1)} and {found.group(2)}").correct
        verdict = question.check(answer_of(question))
        assert verdict.correct, answer_of(question)
        swapped = f"{found.group(1)} and {found.group(2)}"
        assert "change the first card" in question.check(swapped).message
        if size == 4:
            assert "Type two orders of four cards" in question.check("8, 2, 5 and 8, 5, 2").message


def test_misprint_versions_are_the_rulebooks_slip_worked_by_the_engine() -> None:
    for question in _versions(pilot.misprint_exercise).values():
        named = re.search(r"says? (.+?) makes (.+?) = (\d+)\.", question.question)
        pilots = re.findall(r"([A-Z][a-z]+)\(([\d, ]+)\)", named.group(1))
        equation = " ".join(f"{name[0]}({cards.replace(' ', '')})" for name, cards in pilots)
        assert Equation.parse(equation).values() == {value_of(question)}
        working, printed = named.group(2), int(named.group(3))
        assert parse_answer(working) == printed != value_of(question)
        cam = re.search(r"Cam\(([\d, ]+)\)", named.group(1)).group(1).split(", ")
        if len(cam) == 2:  # Cam's own two cards added: multiply them instead
            fixed = working.replace(f"{cam[0]} + {cam[1]}", f"{cam[0]} × {cam[1]}")
        else:  # Cam's carryover added to the core: multiply by it instead
            fixed = working.replace(f") + {cam[0]})", f") × {cam[0]})")
        assert fixed != working and parse_answer(fixed) == value_of(question)
        assert "Which pilot is Cam?" in question.check(named.group(3)).message
        assert not question.check(str(value_of(question) + 1)).correct


def test_plenary_versions_work_their_example() -> None:
    for question in _versions(pilot.plenary_exercise).values():
        right = question.options[right_of(question)][0]
        assert right.startswith("The core first")
        wrong = question.check(next(
            letter for letter, (text, _) in zip(question.letters, question.options, strict=True)
            if text.startswith("×")
        )).message  # fmt: skip
        example = r"H\((\d+),(\d+)\) C\((\d+)\) makes .*? = (\d+), where .*? is (\d+)"
        a, b, c, made, flat = map(int, re.findall(example, wrong)[0])
        assert Equation.parse(f"H({a},{b}) C({c})").value() == made and a + b * c == flat


@pytest.mark.parametrize(("lesson", "exercise"), EXERCISES)
def test_the_answer_box_offers_another_like_this_after_a_wrong_answer(
    lesson: str, exercise: str, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from acelab.widgets.answer import AnswerBox

    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ACELAB_ANSWERS", str(tmp_path / "answers"))
    item = lesson_skills(lesson).find(exercise)
    assert item is not None and item.make is not None
    box = AnswerBox(item.make(1))
    question = box.question
    if isinstance(question, ChoiceQuestion):
        wrong = next(letter for letter in question.letters if letter != answer_of(question))
    elif isinstance(question, NumberQuestion):
        wrong = str(value_of(question) + 1)
    else:
        wrong = "2, 3, 4 and 2, 4, 3"
    box.answer(wrong)
    assert box.another_button.layout.display != "none"
    fresh = box.another(seed=77)
    assert fresh.id == item.question_id(77) and box.question is fresh
    box.answer(answer_of(fresh))
    assert box.verdict is not None and box.verdict.correct


@pytest.mark.parametrize("lesson", list(MADE))
def test_the_notebook_asks_each_exercise_for_its_seed(lesson: str) -> None:
    """A learner who changes SEED gets, in every box, the version the answer key lists."""
    from acelab.teaching.exercises import lesson as find_lesson
    from tests.classroom.marking import read_with_seed

    asked = [question for question, _ in read_with_seed(lesson, 7)]
    assert [q.id for q in asked] == [q.id for q in find_lesson(lesson).exercises(7)]
    assert [q.question for q in asked] == [q.question for q in find_lesson(lesson).exercises(7)]

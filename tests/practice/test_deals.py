"""Ace Pilot Practice (issue 26): the deal figures from the exact solver, the starting difficulty,
the next deal at a predicted 0.75 and a reason that is always true, checked against the solver."""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from acelab.ace_pilot.deal_figures import (
    DEAL_COUNT,
    Deal,
    all_deals,
    deal_figures,
    deal_skills,
    figures_for_hand,
    figures_table,
    make_table,
    parse_deal,
    read_table,
)
from acelab.ace_pilot.solvability import solvability
from acelab.ace_pilot.solver import solve
from acelab.engine.cards import Suit
from acelab.practice.bots import limited_search_rate
from acelab.practice.deals import (
    SKILL_WORDS,
    choose_deal,
    deal_keys,
    difficulty,
    starting_difficulty,
)
from acelab.practice.rating import chance
from acelab.practice.simulate import spearman


def test_the_table_holds_every_deal() -> None:
    table = figures_table()
    assert len(table) == DEAL_COUNT == 32_760
    assert list(table) == [str(deal) for deal in all_deals()]
    # weighted by how likely each hand is dealt, the solvable share is the exact solvability
    weight = sum(
        math.prod(math.comb(4, hand.count(v)) for v in set(hand))
        for hand in (parse_deal(key).hand for key in deal_keys())
    )
    assert Fraction(weight, math.comb(48, 4) * 24) == solvability("all", 1)


@pytest.mark.parametrize("key", ["2-6-10-12/10/D", "3-5-7-9/8/H", "3-4-8-13/6/S"])
def test_the_table_agrees_with_the_solver(key: str) -> None:
    assert figures_table()[key] == deal_figures(parse_deal(key))


def _every_way(deal: Deal) -> list[str]:
    """The worked explanation of every way to win (each solution, each winning rounding)."""
    return [
        equation.explain(deal.target, roundings)
        for equation in solve(deal.hand, deal.target, deal.start)
        for roundings, value in equation.outcomes().items()
        if value == deal.target
    ]


def check_skills_against_the_solver(deal: Deal) -> None:
    """Each skill named for the deal is needed by every way to win, as the solver says, and
    each skill not named is not needed by some way."""
    ways = _every_way(deal)
    solutions = solve(deal.hand, deal.target, deal.start)
    truth = {
        "rounding down": all("rounded down" in way for way in ways),
        "rounding up": all("rounded up" in way for way in ways),
        "absolute value": all("which becomes" in way for way in ways),
        "division": all(Suit.DIAMONDS in e.suits for e in solutions),
        "carryovers in order": all(len(e.groups) >= 2 for e in solutions),
    }
    named = set(deal_skills(figures_table()[str(deal)]))
    assert named == {skill for skill, needed in truth.items() if needed and ways}, deal


def test_the_skills_are_true_for_sampled_deals() -> None:
    rng = random.Random(26)
    keys = deal_keys()
    for key in rng.sample(keys, 60):
        check_skills_against_the_solver(parse_deal(key))


@pytest.mark.soak
def test_the_skills_are_true_for_ten_thousand_deals() -> None:
    rng = random.Random(2026)
    for key in rng.sample(deal_keys(), 10_000):
        check_skills_against_the_solver(parse_deal(key))


def test_a_bad_deal_key_is_refused_in_a_sentence() -> None:
    for bad in ("2-6-10/10/D", "2-6-10-12/11/D", "12-6-10-2/10/D", "2-6-10-12/10/X", "", "a/b/c"):
        with pytest.raises(ValueError, match="is not a deal"):
            parse_deal(bad)
    with pytest.raises(ValueError, match="not int"):
        parse_deal(7)  # type: ignore[arg-type]


def check_counts(reason: str, deal: Deal, before: Deal) -> None:
    """The pilots or equations a reason counts are the solver's."""
    now, then = solve(deal.hand, deal.target, deal.start), solve(*_situation(before))
    found = re.search(r"at least (\d+), against (\d+)", reason)
    if found:
        fewest = (min(len(e.groups) for e in now), min(len(e.groups) for e in then))
        assert (int(found[1]), int(found[2])) == fewest
    found = re.search(r"([\d,]+) equations make the target, against ([\d,]+)", reason)
    if found:
        counts = (int(found[1].replace(",", "")), int(found[2].replace(",", "")))
        assert counts == (len(now), len(then))


def _situation(deal: Deal) -> tuple[tuple[int, ...], int, Suit]:
    return deal.hand, deal.target, deal.start


def test_the_next_deal_is_pitched_at_three_in_four() -> None:
    rng = random.Random(1)
    for ability in (-2.0, 0.0, 1.5):
        offer = choose_deal(ability, {}, rng)
        assert abs(offer.chance - 0.75) < 0.05, (ability, offer)
        assert offer.chance == pytest.approx(chance(ability, difficulty(str(offer.deal), {})))


def check_offers(count: int, seed: int) -> None:
    """``count`` deals offered one after another to a learner whose rating wanders: each
    reason names what is new or gone, and everything it says is the solver's."""
    rng = random.Random(seed)
    before = None
    for _ in range(count):
        offer = choose_deal(rng.uniform(-2, 2), {}, rng, before)
        now = set(deal_skills(figures_table()[str(offer.deal)]))
        if before is None:
            assert offer.reason.startswith("A first deal")
        else:
            then = set(deal_skills(figures_table()[str(before)]))
            for skill in now - then:
                assert SKILL_WORDS[skill] in offer.reason
            if now == then:
                assert "needs" not in offer.reason or "pilots" in offer.reason
            if not now - then and then - now:
                assert offer.reason.startswith("This one is easier: it does not need")
            check_counts(offer.reason, offer.deal, before)
        check_skills_against_the_solver(offer.deal)
        before = offer.deal


def test_the_reason_names_what_is_new_or_gone_and_is_true() -> None:
    check_offers(40, 3)


@pytest.mark.soak
def test_the_reasons_of_ten_thousand_offered_deals_are_true() -> None:
    check_offers(10_000, 2026)


def test_choosing_uses_the_ratings_of_play() -> None:
    key = "2-6-10-12/10/D"
    assert difficulty(key, {key: (4.0, 9)}) == 4.0
    assert difficulty(key, {}) != 4.0


def test_a_sample_of_hands_is_made_again() -> None:
    rng = random.Random(9)
    hands = sorted({deal.hand for deal in map(parse_deal, rng.sample(deal_keys(), 4))})
    for hand in hands:
        for start in (Suit.HEARTS, Suit.DIAMONDS):
            for figures in figures_for_hand(hand, start):
                assert figures_table()[str(figures.deal)] == figures


@pytest.mark.soak
def test_the_shipped_table_is_made_again(tmp_path: Path) -> None:
    """Every deal worked out again from the solver (about ten minutes on two cores)."""
    made = tmp_path / "deal_figures.csv.gz"
    assert make_table(made, processes=2) == DEAL_COUNT
    assert read_table(made.read_bytes()) == figures_table()


def test_the_starting_difficulty_ranks_deals_as_a_limited_search_bot_solves_them() -> None:
    """Over 2,000 deals: the harder the start, the lower the bot's solve rate (ρ printed by
    benchmarks/practice.py)."""
    table = figures_table()
    keys = random.Random(26).sample(deal_keys(), 2000)
    rho = spearman(
        [starting_difficulty(table[key]) for key in keys],
        [limited_search_rate(table[key], 20) for key in keys],
    )
    assert rho < -0.7


def test_the_bot_rate_is_exact_at_the_edges() -> None:
    figures = figures_table()["2-6-10-12/10/D"]
    assert limited_search_rate(figures, figures.equations) == 1.0
    assert (
        0 < limited_search_rate(figures, 1) == pytest.approx(figures.solutions / figures.equations)
    )
    unsolvable = next(f for f in figures_table().values() if not f.solvable)
    assert limited_search_rate(unsolvable) == 0.0 and deal_skills(unsolvable) == ()

"""Ace Pilot Practice: the next deal at the learner's level, and why it is harder or easier.

Every solvable deal of :mod:`acelab.ace_pilot.deal_figures` has a starting difficulty
(:func:`starting_difficulty`, in logits) worked out from what solving it takes: how many
equations make the target, the fewest pilots needed, whether every way to win needs rounding,
Sabina's absolute value or Duke's division, and how many legal equations there are to search.
Play refines it (:mod:`acelab.practice.rating`). :func:`choose_deal` picks, at random among
the deals whose predicted chance of being solved is nearest 0.75, the next one, and
:func:`reason` says in words why it is harder or easier than the deal before, from the
solver's figures only (so it is always true).
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Final

from acelab.ace_pilot.deal_figures import Deal, DealFigures, deal_skills, figures_table
from acelab.ace_pilot.practice_round import can_deal
from acelab.practice.rating import TARGET, chance

__all__ = [
    "SKILL_WORDS",
    "Offer",
    "choose_deal",
    "deal_keys",
    "difficulty",
    "reason",
    "starting_difficulty",
    "unplayable",
]

SKILL_WORDS: Final = {
    "carryovers in order": "a carryover (two pilots or more)",
    "division": "a division by Duke",
    "rounding down": "rounding down",
    "rounding up": "rounding up",
    "absolute value": "Sabina's absolute value (a negative turned positive)",
}
"""Each deal skill as the reasons say it."""
NEAREST: Final = 20
""":func:`choose_deal` picks at random among this many deals nearest the aim."""


def starting_difficulty(figures: DealFigures) -> float:
    """A deal's difficulty (logits) before anybody plays it, from the solver's figures.

    The search it takes (the legal equations for each winning one, on a log scale: a learner
    trying equations at random meets a winner after about that many), more pilots, and every
    way to win needing rounding (up more than down), absolute value or division all make it
    harder. The constant puts the median deal at about −1.1, where a learner in the middle (0)
    solves it three times in four.
    """
    search = math.log(figures.equations / max(figures.solutions, 1))
    return (
        -4.0
        + 0.8 * search
        + 0.4 * max(0, figures.fewest_pilots - 1)
        + 0.6 * figures.rounding
        + 0.3 * figures.up
        + 0.5 * figures.absolute
        + 0.2 * figures.division
    )


@cache
def deal_keys() -> tuple[str, ...]:
    """The keys of every solvable deal, in the table's order."""
    return tuple(key for key, figures in figures_table().items() if figures.solvable)


@cache
def _starting() -> dict[str, float]:
    table = figures_table()
    return {key: starting_difficulty(table[key]) for key in deal_keys()}


def difficulty(key: str, rated: Mapping[str, tuple[float, int]]) -> float:
    """The deal's rating when play has rated it, else its starting difficulty."""
    found = rated.get(key)
    return found[0] if found is not None else _starting()[key]


@dataclass(frozen=True)
class Offer:
    """The next deal, the learner's predicted chance of solving it, and why it was chosen."""

    deal: Deal
    chance: float
    reason: str
    skills: tuple[str, ...]


def _listed(words: Iterable[str]) -> str:
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def reason(figures: DealFigures, before: DealFigures | None, harder: bool | None) -> str:
    """Why this deal comes next, in words, from the solver's figures of it (and of the deal
    ``before``): what it needs that the last did not, or no longer needs. ``harder`` says which
    way the ratings moved (``None`` for the first deal)."""
    now = deal_skills(figures)
    if before is None:
        if not now:
            return (
                "A first deal at your level: none of rounding, division, absolute value or "
                "carryovers is a must to win it."
            )
        needs = _listed(SKILL_WORDS[s] for s in now)
        return f"A first deal at your level: every way to win it needs {needs}."
    then = deal_skills(before)
    gained = [SKILL_WORDS[s] for s in now if s not in then]
    lost = [SKILL_WORDS[s] for s in then if s not in now]
    if gained:
        return f"This one needs {_listed(gained)}."
    if lost:
        return f"This one is easier: it does not need {_listed(lost)}."
    if figures.fewest_pilots != before.fewest_pilots:
        more = figures.fewest_pilots > before.fewest_pilots
        return (
            f"This one needs {'more' if more else 'fewer'} pilots: at least "
            f"{figures.fewest_pilots}, against {before.fewest_pilots} last time."
        )
    if figures.solutions != before.solutions:
        fewer = figures.solutions < before.solutions
        return (
            f"This one has {'fewer' if fewer else 'more'} ways to win: {figures.solutions:,} "
            f"equations make the target, against {before.solutions:,} last time."
        )
    if harder is None:
        return "This one is at your level, by how learners like you have done on it."
    way = "harder" if harder else "easier"
    return f"This one is a little {way}, by how learners like you have done on it."


@cache
def unplayable() -> frozenset[str]:
    """The solvable deals one deck cannot lay out as a round (a hand of four 2s and the target
    2: no even is left to make it), never offered by :func:`choose_deal`."""
    return frozenset(
        key
        for key in deal_keys()
        if len(set(key.split("/")[0].split("-"))) == 1 and not can_deal(key)
    )


@cache
def _by_difficulty() -> tuple[list[float], list[str]]:
    """Every solvable deal's starting difficulty, sorted, with its key."""
    pairs = sorted((value, key) for key, value in _starting().items())
    return [value for value, _ in pairs], [key for _, key in pairs]


def choose_deal(
    ability: float,
    rated: Mapping[str, tuple[float, int]],
    rng: random.Random,
    before: Deal | None = None,
    seen: Iterable[str] = (),
) -> Offer:
    """The next deal for a learner of ``ability``: one of the :data:`NEAREST` deals (not
    ``seen``) whose difficulty is nearest the one solved three times in four, at random (deals
    rated by play count with their ratings, the others with their starting difficulty). Every
    deal offered can be laid out as a round (:func:`unplayable` ones never are)."""
    skip = set(seen)
    aim = ability - math.log(TARGET / (1 - TARGET))
    values, keys = _by_difficulty()
    bad = unplayable()
    found: list[tuple[float, str]] = [
        (abs(value - aim), key)
        for key, (value, _) in rated.items()
        if key in _starting() and key not in bad
    ]
    left = bisect.bisect_left(values, aim)
    right = left
    taken = 0
    while taken < 4 * NEAREST and (left > 0 or right < len(values)):
        if right < len(values) and (left == 0 or values[right] - aim <= aim - values[left - 1]):
            at, right = right, right + 1
        else:
            left -= 1
            at = left
        if keys[at] not in rated and keys[at] not in bad:
            found.append((abs(values[at] - aim), keys[at]))
            taken += 1
    fresh = sorted(item for item in found if item[1] not in skip) or sorted(found)
    best = fresh[rng.randrange(min(NEAREST, len(fresh)))][1]
    table = figures_table()
    figures = table[best]
    last = table.get(str(before)) if before is not None else None
    harder = None
    if before is not None and str(before) in _starting():
        harder = difficulty(best, rated) > difficulty(str(before), rated)
    return Offer(
        figures.deal,
        chance(ability, difficulty(best, rated)),
        reason(figures, last, harder),
        deal_skills(figures),
    )

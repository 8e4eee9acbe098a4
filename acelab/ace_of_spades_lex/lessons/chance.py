"""Exercises, tables and plots of the lesson on chance in Lex Productions' Ace of Spades.

Every number is computed by :mod:`acelab.ace_of_spades_lex.draw_chances` or by simulating the game
with :func:`acelab.ace_of_spades_lex.simulate`; every seeded question is well posed for every
seed (the tests check the first 200), states its precision and names the likely mistakes.
The model behind every exact chance: every order of the 52 cards is equally likely.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Final

from acelab.ace_of_spades_lex.draw_chances import (
    ACES,
    ace_orders,
    race_chance,
    red_aces_before_spade_ace,
    simplified_win_chances,
    simulate_red_aces_before_spade_ace,
    simulate_simplified,
    simulate_spade_ace_within,
    spade_ace_within,
)
from acelab.ace_of_spades_lex.going_first import (
    GOING_FIRST_GAMES,
    PLAYERS,
    SIMULATION_SEED,
    first_seat_verdict,
    going_first,
)
from acelab.engine.cards import random_index
from acelab.engine.catalogue import lesson_notebook
from acelab.teaching.answers import ChoiceQuestion, Mistake, NumberQuestion, Question
from acelab.teaching.cells import Shown, fraction_latex, percent, table
from acelab.teaching.exercises import Lesson, Picture, choice, function_check, number, seeded
from acelab.teaching.skills import declare, exercise, seeded_order, version

__all__ = [
    "ACES",
    "GOING_FIRST_GAMES",
    "LESSON",
    "LESSON_SEED",
    "PLAYERS",
    "SIMPLIFIED_GAMES",
    "SIMPLIFIED_PLAYERS",
    "SIMULATION_SEED",
    "SKILLS",
    "WITHIN_ROWS",
    "ace_order_question",
    "ace_orders",
    "ace_orders_table",
    "check_first_wins",
    "exercises",
    "first_seat_verdict",
    "going_first",
    "going_first_plot",
    "going_first_table",
    "interpret_interval",
    "misprint",
    "misprint_rows",
    "misprint_table",
    "plenary",
    "predict_going_first",
    "race_chance",
    "race_question",
    "red_aces_first",
    "red_aces_table",
    "simplified_table",
    "smallest_k",
    "within_k",
    "within_table",
]

WITHIN_ROWS: Final = (1, 13, 26)
"""The values of k the counting-and-simulation table shows."""
SIMPLIFIED_PLAYERS: Final = (2, 3, 4)
SIMPLIFIED_GAMES: Final = 10_000
_TRIALS: Final = 10_000


def _pick(seed: int | str, what: str, options: Sequence[Any]) -> Any:
    return options[random_index(seeded(seed, "lex chance lesson", what), len(options))]


def _chance_cell(value: Fraction) -> str:
    return f"${fraction_latex(value)}$ ≈ {percent(value, 1)}"


# -- 1. the A♠ within the first k cards ---------------------------------------------------------


def within_table(ks: Sequence[int] = WITHIN_ROWS, trials: int = _TRIALS) -> Shown:
    """For each k: the counted chance that the A♠ is among the first k cards, and a simulation."""
    rows = []
    for k in ks:
        estimate = simulate_spade_ace_within(k, trials, SIMULATION_SEED)
        rows.append(
            (
                k,
                f"$\\frac{{{k}}}{{52}}$ ≈ {percent(spade_ace_within(k), 1)}",
                f"{estimate.hits:,} of {trials:,} = {percent(estimate.rate, 1)}",
                f"{percent(estimate.low, 1)} to {percent(estimate.high, 1)}",
            )
        )
    return table(
        ("first k cards", "counting: k places of 52", "simulated shuffles", "95% interval"), rows
    )


_WITHIN_KS: Final = tuple(k for k in range(2, 40) if k not in WITHIN_ROWS)


def within_k(seed: int | str = 1) -> NumberQuestion:
    """The chance that the A♠ is among the first k cards, for a seeded k."""
    k = _pick(seed, "within", _WITHIN_KS)
    value = spade_ace_within(k)
    return number(
        f"lex-within-{seed}",
        f"The deck is shuffled. What is the chance that the A♠ is among the first {k} cards?",
        value,
        (
            Mistake(
                Fraction(k, 51),
                "The A♠ can be in any of the 52 places, so divide by 52, not 51.",
            ),
            Mistake(
                1 - value,
                "That is the chance that the A♠ is not among them: count the places that are.",
            ),
            Mistake(
                Fraction(k - 1, 52),
                f"The first {k} cards fill {k} places: count place 1 too.",
            ),
            Mistake(
                Fraction(1, k),
                f"1/{k} would mean the A♠ is always among the first {k} cards. "
                "It can be in any of 52 places.",
            ),
            Mistake(
                Fraction(1, 52),
                f"That is the chance for one place. The first {k} cards are {k} places.",
            ),
        ),
        (
            "The A♠ is equally likely to be in each of the 52 places of the deck.",
            f"How many of those 52 places are among the first {k}?",
            f"{k} places of 52: the chance is {k}/52.",
        ),
        places=3,
    )


def _over_51(k: int) -> Fraction:
    return Fraction(k, 51)


def _one_too_few(k: int) -> Fraction:
    return Fraction(k - 1, 52)


def _one_too_many(k: int) -> Fraction:
    return Fraction(k + 1, 52)


def _complement(k: int) -> Fraction:
    return 1 - Fraction(k, 52)


_MISPRINTS: Final[tuple[tuple[Callable[[int], Fraction], str], ...]] = (
    (_over_51, "divides by 51 instead of 52"),
    (_one_too_few, "counts one place too few"),
    (_one_too_many, "counts one place too many"),
    (_complement, "gives the chance that the A♠ is not there"),
)
_MISPRINT_KS: Final = (2, 4, 6, 8, 10, 12, 16, 20, 30, 39, 45)


def misprint_rows(seed: int | str = 1) -> tuple[tuple[int, Fraction], ...]:
    """Four (k, printed chance) rows of a seeded table, exactly one of them misprinted."""
    rng = seeded(seed, "lex chance lesson", "misprint")
    pool = list(_MISPRINT_KS)
    ks = []
    for _ in range(4):
        ks.append(pool.pop(random_index(rng, len(pool))))
    ks.sort()
    wrong = random_index(rng, 4)
    error, _ = _MISPRINTS[random_index(rng, len(_MISPRINTS))]
    return tuple((k, error(k) if row == wrong else spade_ace_within(k)) for row, k in enumerate(ks))


def misprint_table(seed: int | str = 1) -> Shown:
    """The seeded table of a classmate's chances (to 1 decimal place), one row misprinted."""
    rows = [
        (letter, k, percent(p, 1))
        for letter, (k, p) in zip("ABCD", misprint_rows(seed), strict=True)
    ]
    return table(("row", "first k cards", "chance the A♠ is among them"), rows)


def misprint(seed: int | str = 1) -> ChoiceQuestion:
    """Spot the misprinted row of the seeded table."""
    rows = misprint_rows(seed)
    wrong = next(i for i, (k, p) in enumerate(rows) if p != spade_ace_within(k))
    k, printed = rows[wrong]
    kind = next(name for error, name in _MISPRINTS if error(k) == printed)
    options = []
    for i, (row_k, row_p) in enumerate(rows):
        if i == wrong:
            feedback = (
                f"Row {'ABCD'[i]} {kind}: the chance for the first {k} cards is {k}/52 "
                f"≈ {percent(spade_ace_within(k), 1)}, not {percent(printed, 1)}."
            )
        else:
            feedback = (
                f"Row {'ABCD'[i]} is right: {row_k} places of 52 is {row_k}/52 "
                f"≈ {percent(row_p, 1)}."
            )
        options.append((f"Row {'ABCD'[i]}", feedback))
    return choice(
        f"lex-misprint-{seed}",
        "A classmate worked out the chance that the A♠ is among the first k cards for four "
        "values of k, as percentages to 1 decimal place (the table above). One row is "
        "misprinted. Which one?",
        tuple(options),
        right=wrong,
    )


_THRESHOLDS: Final = (
    Fraction(1, 10),
    Fraction(1, 5),
    Fraction(1, 4),
    Fraction(1, 3),
    Fraction(2, 5),
    Fraction(1, 2),
    Fraction(3, 5),
    Fraction(2, 3),
    Fraction(3, 4),
    Fraction(9, 10),
)


def _threshold_text(p: Fraction) -> str:
    return f"{percent(p, 0)}" if (p * 100).denominator == 1 else f"{p.numerator}/{p.denominator}"


def _threshold(seed: int | str) -> Fraction:
    shown = {*WITHIN_ROWS, *(k for k, _ in misprint_rows(seed))}
    chance: Fraction = _pick(
        seed, "threshold", [t for t in _THRESHOLDS if math.ceil(t * 52) not in shown]
    )
    return chance


def smallest_k(seed: int | str = 1) -> NumberQuestion:
    """The fewest first cards that give the A♠ at least a seeded chance of being among them:
    never a k whose chance the lesson shows above the question (a row of the table of k/52 or
    of the seed's misprint table)."""
    p = _threshold(seed)
    k = math.ceil(p * 52)
    exact = 52 * p
    return number(
        f"lex-smallest-k-{seed}",
        f"How many cards must be drawn from the top of a shuffled deck so that the chance "
        f"that the A♠ is among them is at least {_threshold_text(p)}? Give the smallest "
        "whole number of cards.",
        Fraction(k),
        (
            Mistake(
                Fraction(k - 1),
                f"With {k - 1} cards the chance is {k - 1}/52, less than {_threshold_text(p)}: "
                "round up, not down.",
            ),
            Mistake(
                Fraction(math.ceil(p * 51)),
                "The A♠ can be in any of 52 places: use 52, not 51.",
            ),
            Mistake(
                Fraction(52 - k),
                "That many cards leave the A♠ out with at least that chance: count the cards "
                "that hold it.",
            ),
        ),
        (
            "With k cards the chance is k/52. Which k makes k/52 reach the target?",
            f"k/52 ≥ {_threshold_text(p)} means k ≥ 52 × {_threshold_text(p)} = {float(exact):g}.",
            "k is a whole number of cards: take the next whole number up (or the number "
            "itself if it is whole).",
        ),
    )


# -- 2. two red aces before the A♠ --------------------------------------------------------------


def ace_orders_table() -> Shown:
    """The six orders of the three aces, first to last."""
    rows = [(i, *order) for i, order in enumerate(ace_orders(), start=1)]
    return table(("order", "first", "second", "third"), rows)


LESSON_SEED: Final = 3
"""The seed the lesson's notebook uses: it gives each exercise the version the notebook shows."""

_PAIRS: Final = {
    "A♠": "both red aces (A♥ and A♦)",
    "A♥": "both the A♦ and the A♠",
    "A♦": "both the A♥ and the A♠",
}
_SHORT: Final = {"A♠": "both red aces", "A♥": "the A♦ and the A♠", "A♦": "the A♥ and the A♠"}
_AFTER: Final = tuple((ace, True) for ace in _PAIRS) + tuple((ace, False) for ace in _PAIRS)
"""The versions of Exercise 4: the ace that turns up after both others (``True``) or before
both, the lesson's own (both red aces before the A♠) first."""


def red_aces_first(seed: int | str = LESSON_SEED) -> NumberQuestion:
    """The chance that two named aces both turn up before the third (by listing orders), or
    the third before both: the lesson's both red aces before the A♠ for its seed."""
    ace, last = _AFTER[version(seed, LESSON_SEED, len(_AFTER), "red aces first")]
    x, y = (other for other in ("A♥", "A♦", "A♠") if other != ace)
    pair, short = _PAIRS[ace], _SHORT[ace]
    orders = ace_orders()
    place = 2 if last else 0
    value = Fraction(sum(order[place] == ace for order in orders), len(orders))
    if last:
        asked = f"{pair} turn up before the {ace}"
        counted = f"You counted {x} {y} {ace} only. {y} {x} {ace} also has {short} first."
        not_it = (
            f"That is the chance that the {ace} is not last. {short[0].upper()}{short[1:]} "
            f"first means the {ace} is last."
        )
        each = f"Each of the {x} and the {y} comes before the {ace} with chance 1/2"
        if ace == "A♠":
            each = "Each red ace comes before the A♠ with chance 1/2"
    else:
        asked = f"the {ace} turns up before {pair}"
        counted = f"You counted {ace} {x} {y} only. {ace} {y} {x} also has the {ace} first."
        not_it = (
            f"That is the chance that the {ace} is not first. Before {pair} means the {ace} "
            "is first."
        )
        each = f"The {ace} comes before each of the {x} and the {y} with chance 1/2"
    where, ends = ("third", "end") if last else ("first", "start")
    return number(
        f"lex-red-aces-first-{seed}",
        "The deck is shuffled and cards are turned up one by one. What is the chance that "
        f"{asked}?",
        value,
        (
            Mistake(Fraction(1, 6), counted),
            Mistake(1 - value, not_it),
            Mistake(
                Fraction(1, 2),
                "There are six equally likely orders of three aces, not four: list them.",
            ),
            Mistake(
                Fraction(1, 4),
                f"{each}, but the two events are not independent: list the six orders and count.",
            ),
        ),
        (
            "Only the order of the three aces matters: the other cards do not change it.",
            f"Use the table of the six orders: in how many is the {ace} {where}?",
            f"Two of the six orders {ends} with the {ace}.",
        ),
        places=3,
    )


def red_aces_table(trials: int = _TRIALS) -> Shown:
    """The counted chance of both red aces before the A♠ against a seeded simulation."""
    exact = red_aces_before_spade_ace()
    estimate = simulate_red_aces_before_spade_ace(trials, SIMULATION_SEED)
    return table(
        ("method", "both red aces before the A♠"),
        [
            ("listing the 6 orders", _chance_cell(exact)),
            (
                f"{trials:,} simulated shuffles",
                f"{estimate.hits:,} times = {percent(estimate.rate, 1)} "
                f"(95% interval {percent(estimate.low, 1)} to {percent(estimate.high, 1)})",
            ),
        ],
    )


_EVENTS: Final[tuple[tuple[str, Callable[[tuple[str, ...]], bool]], ...]] = (
    ("the A♠ turns up before both red aces", lambda o: o[0] == "A♠"),
    ("the A♥ turns up before the A♠", lambda o: o.index("A♥") < o.index("A♠")),
    ("the A♠ turns up between the two red aces", lambda o: o[1] == "A♠"),
    ("the aces turn up in exactly the order A♦, A♥, A♠", lambda o: o == ("A♦", "A♥", "A♠")),
    ("the A♠ is not the last of the three aces", lambda o: o[2] != "A♠"),
    ("the A♦ turns up after the A♠", lambda o: o.index("A♦") > o.index("A♠")),
)


def ace_order_question(seed: int | str = 1) -> NumberQuestion:
    """A seeded question on the order of the three aces, answered by counting orders."""
    orders = ace_orders()
    # never Exercise 4's answer (in the table above) or the chance Exercise 3 names
    shown = {red_aces_before_spade_ace(), _threshold(seed)}
    events = [(t, e) for t, e in _EVENTS if Fraction(sum(map(e, orders)), len(orders)) not in shown]
    text, event = _pick(seed, "ace order", events)
    favourable = sum(event(order) for order in orders)
    value = Fraction(favourable, len(orders))
    return number(
        f"lex-ace-order-{seed}",
        f"What is the chance that {text}? Give a fraction.",
        value,
        (
            Mistake(
                Fraction(favourable, 4),
                "Three aces have six orders, not four: list them all.",
            ),
            Mistake(
                1 - value,
                "That is the chance that it does not happen: count the orders where it does.",
            ),
            Mistake(
                Fraction(favourable + 1, len(orders)),
                "Check each of the six orders again: one too many is counted.",
            ),
            Mistake(
                Fraction(favourable, 52),
                "Only the order of the three aces matters, so count out of their 6 orders, not "
                "52 cards.",
            ),
        ),
        (
            "Look at the table of six orders and count those where it happens.",
            f"It happens in {favourable} of the 6 orders.",
        ),
    )


# -- 3. is going first an advantage? ------------------------------------------------------------


def going_first_table() -> Shown:
    """How often the first player won with 2 to 6 players, with 95% intervals and fair shares."""
    rows = []
    for n in PLAYERS:
        run = going_first(n)
        low, high = run.intervals[0]
        rows.append(
            (
                n,
                f"{run.wins[0]:,} of {run.games:,} = {percent(run.rates[0], 1)}",
                f"{percent(low, 1)} to {percent(high, 1)}",
                f"1/{n} = {percent(Fraction(1, n), 1)}",
            )
        )
    return table(("players", "first player won", "95% interval", "fair share (no advantage)"), rows)


def going_first_plot() -> Picture:
    """The first player's win rate with its 95% interval for 2 to 6 players, and the fair share."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 3.4))
    axes = figure.subplots()
    rates = [going_first(n).rates[0] for n in PLAYERS]
    below = [going_first(n).rates[0] - going_first(n).intervals[0][0] for n in PLAYERS]
    above = [going_first(n).intervals[0][1] - going_first(n).rates[0] for n in PLAYERS]
    axes.errorbar(PLAYERS, rates, yerr=[below, above], fmt="o", capsize=5,
                  label="first player's share of wins (95% interval)")  # fmt: skip
    axes.plot(PLAYERS, [1 / n for n in PLAYERS], "k--", marker="x", label="fair share 1/n")
    axes.set_xticks(list(PLAYERS))
    axes.set_xlabel("players")
    axes.set_ylabel("share of games won")
    axes.set_ylim(0, 0.6)
    axes.legend(loc="lower left")
    figure.tight_layout()
    return Picture(
        figure, "the first player's share of wins for 2 to 6 players, against the fair share 1/n"
    )


_HOW_MANY: Final = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_SHARE: Final = {3: "a third", 4: "a quarter", 5: "a fifth"}
_PREDICTED: Final = (4, 3, 5)
"""The numbers of players Exercise 6 asks about, the lesson's four first (with six, the first
player's share, 21%, is too far from a sixth to call it about a sixth)."""


def predict_going_first(seed: int | str = LESSON_SEED) -> ChoiceQuestion:
    """Predict the first player's share of wins with 3 to 6 players before the simulation;
    the right option is the one the simulation's share bears out."""
    n = _PREDICTED[version(seed, LESSON_SEED, len(_PREDICTED), "predict going first")]
    run = going_first(n)
    rate = run.rates[0]
    right = 0 if rate > Fraction(1, 2) else 2 if rate < Fraction(1, 2 * n) else 1
    options, place = seeded_order(
        seed,
        LESSON_SEED,
        (
            (
                "More than half: the first player draws first, so usually wins.",
                "Every player draws in turn, and a game lasts many turns: the head start is "
                "one card.",
            ),
            (
                f"About {_SHARE[n]}, close to a fair share of 1 in {n}.",
                f"With {n} players a fair share is 1/{n}; the head start changes it only a little.",
            ),
            (
                "Almost none: the others gang up on the leader.",
                "The bots do attack whoever is closest to winning, but that is rarely the "
                "first player for long.",
            ),
        ),
        right,
        "predict going first",
    )
    return choice(
        f"lex-predict-going-first-{seed}",
        f"Predict before you run the simulation: {_HOW_MANY[n]} bots play {run.games:,} games, "
        "and the same bot always goes first. About what share of the games will it win?",
        options,
        right=place,
    )


def interpret_interval(seed: int | str = 1) -> ChoiceQuestion:
    """Read the simulation's interval for a seeded number of players."""
    n = _pick(seed, "players", PLAYERS)
    low, high = going_first(n).intervals[0]
    fair = percent(Fraction(1, n), 1)
    interval = f"{percent(low, 1)} to {percent(high, 1)}"
    return choice(
        f"lex-interpret-interval-{seed}",
        f"Look at the row for {n} players in the table. What does the simulation show "
        "about going first?",
        (
            (
                "Going first is an advantage: the whole interval is above the fair share.",
                f"The interval is {interval} and the fair share is {fair}: is all of the "
                "interval above it?",
            ),
            (
                "These games cannot tell: the interval includes the fair share, so any "
                "advantage is too small to see in 1,000 games.",
                f"The interval {interval} includes the fair share {fair}.",
            ),
            (
                "Going first is a disadvantage: the whole interval is below the fair share.",
                f"The interval is {interval} and the fair share is {fair}: is all of the "
                "interval below it?",
            ),
        ),
        right=first_seat_verdict(n),
    )


def _unproven() -> tuple[int, ...]:
    """The numbers of players whose interval holds the fair share, two players first."""
    return tuple(n for n in PLAYERS if first_seat_verdict(n) == 1)


def plenary(seed: int | str = LESSON_SEED) -> ChoiceQuestion:
    """The plenary: a classmate's claim from a simulation whose interval holds the fair share
    (the lesson's: 2 players, more than 50%)."""
    players = _unproven()
    n = players[version(seed, LESSON_SEED, len(players), "plenary")]
    run = going_first(n)
    low, high = run.intervals[0]
    fair = Fraction(1, n)
    interval = f"{percent(low, 1)} to {percent(high, 1)}"
    more = run.rates[0] > fair
    fair_text = percent(fair, 0 if (fair * 100).denominator == 1 else 1)  # 50%, 33.3%, 25%
    claim = f"{'more' if more else 'less'} than {fair_text}"
    luck = (
        "A fair coin tossed 1,000 times also gives 'more than half' often."
        if n == 2
        else f"With no advantage at all, {run.games:,} games often give a little more or less "
        f"than {fair_text}."
    )
    said = (
        f"That is {claim}, so going first is an advantage."
        if n == 2
        else f"That is {claim}, the fair share, so going first is "
        f"{'an advantage' if more else 'a disadvantage'}."
    )
    right = 1 if low <= fair <= high else 0
    options, place = seeded_order(
        seed,
        LESSON_SEED,
        (
            (f"Right: {claim} proves it.", f"{luck} The interval {interval} holds {fair_text}."),
            (
                f"Not proven: the interval {interval} holds {fair_text}, so luck could explain "
                "it. Many more games, or an exact count, can tell.",
                "A simulation estimates; its interval says how sure it is. The Stretch "
                "section counts the simplified game exactly.",
            ),
            (
                f"Wrong: going first must be {'a disadvantage' if more else 'an advantage'}.",
                f"Nothing in the games shows that: the interval holds {fair_text}.",
            ),
        ),
        right,
        "plenary",
    )
    return choice(
        f"lex-plenary-{seed}",
        f"A classmate says: “In {run.games:,} {_HOW_MANY[n]}-player games the first player won "
        f"{percent(run.rates[0], 1)}. {said}” What is the best reply?",
        options,
        right=place,
    )


# -- Stretch: the exact simplified game ---------------------------------------------------------


_RACE_CARDS: Final = (3, 5, 7, 9, 11)


def race_question(seed: int | str = 1) -> NumberQuestion:
    """The two-player race to the A♠ with a seeded odd number of cards left, by hand."""
    c = _pick(seed, "race", [c for c in _RACE_CARDS if race_chance(c) != _threshold(seed)])
    value = race_chance(c)
    return number(
        f"lex-race-{seed}",
        f"Two players take turns to draw. {c} cards are left and one of them is the A♠; the "
        "first to draw it wins. What is the chance that the player about to draw wins? "
        "Give a fraction.",
        value,
        (
            Mistake(
                Fraction(1, c),
                "That is only the chance that the very next card is the A♠: the player about "
                "to draw gets more turns after that.",
            ),
            Mistake(
                Fraction(1, 2),
                f"With {c} cards (an odd number) the player about to draw gets one draw more "
                "than the other.",
            ),
            Mistake(
                Fraction(c // 2, c),
                f"The player about to draw draws cards 1, 3, 5, …, {c}: count them again.",
            ),
        ),
        (
            "The A♠ is equally likely to be in each of the places 1 to " + f"{c}.",
            "The player about to draw gets places 1, 3, 5, …: how many of those are there?",
        ),
    )


check_first_wins: Final = function_check(
    "first_wins", [((cards,), race_chance(cards)) for cards in range(1, 53)]
)
"""Does the learner's ``first_wins(cards)`` give the two-player race chance for 1 to 52?"""


def simplified_table(
    players: Sequence[int] = SIMPLIFIED_PLAYERS, games: int = SIMPLIFIED_GAMES
) -> Shown:
    """The simplified game: each seat's exact chance against a seeded simulation of it."""
    rows = []
    for n in players:
        exact = simplified_win_chances(n)
        run = simulate_simplified(n, games, SIMULATION_SEED)
        for seat, (p, estimate) in enumerate(zip(exact, run.estimates, strict=True)):
            rows.append(
                (
                    n if seat == 0 else "",
                    seat + 1,
                    percent(p, 2),
                    f"{percent(estimate.rate, 1)} "
                    f"({percent(estimate.low, 1)} to {percent(estimate.high, 1)})",
                    "yes" if estimate.contains(p) else "no",
                )
            )
    return table(
        (
            "players",
            "draws",
            "exact chance to win",
            f"{games:,} simulated games (95% interval)",
            "exact inside the interval?",
        ),
        rows,
    )


def exercises(seed: int | str = 1) -> list[Question]:
    """The lesson's exercises, in order (the Stretch's fill-in function is checked apart)."""
    return [
        within_k(seed),
        misprint(seed),
        smallest_k(seed),
        red_aces_first(seed),
        ace_order_question(seed),
        predict_going_first(seed),
        interpret_interval(seed),
        plenary(seed),
        race_question(seed),
    ]


SKILLS: Final = declare(
    (
        "chance as a fraction",
        "the complement",
        "ordered or unordered counting",
        "checking a worked answer",
        "intervals from a simulation",
        "taking turns",
    ),
    exercise("lex-within", within_k, "chance as a fraction"),
    exercise(
        "lex-misprint",
        misprint,
        "checking a worked answer",
        "the complement",
        kind="choice",
        shows=misprint_table,
    ),
    exercise("lex-smallest-k", smallest_k, "chance as a fraction", "the complement"),
    exercise("lex-red-aces-first", red_aces_first, "ordered or unordered counting"),
    exercise(
        "lex-ace-order", ace_order_question, "ordered or unordered counting", "the complement"
    ),
    exercise(
        "lex-predict-going-first",
        predict_going_first,
        "intervals from a simulation",
        kind="choice",
    ),
    exercise(
        "lex-interpret-interval",
        interpret_interval,
        "intervals from a simulation",
        kind="choice",
    ),
    exercise("lex-plenary", plenary, "intervals from a simulation", kind="choice"),
    exercise("lex-race", race_question, "taking turns", "chance as a fraction"),
)
"""The lesson's skills, and the skills of each exercise (see :mod:`acelab.teaching.skills`)."""


LESSON: Final = Lesson(
    "chance",
    "Lex's Ace of Spades: chance",
    lesson_notebook("chance"),
    exercises,
    plenary,
    LESSON_SEED,
)

"""Exercises of the lesson on deciding under uncertainty: should I play now or discard?

Three seeded situations carry the lesson, worked out in :mod:`acelab.ace_of_spades.draws`
and :mod:`acelab.ace_of_spades.duels`: a flush draw (count the unseen cards of the suit, the
*outs*), a real opening hand with one card worth throwing (a small table of damages and
chances, whose expected value is the average damage), and the first duels of many seeded games
played by two bots, the greedy one and the strong one.

The model: every unseen card is equally likely to be the next one drawn (a fair shuffle). Every
number is computed there, exact where it can be; every question names its likely mistakes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Final

from acelab.ace_of_spades.draws import (
    GAME,
    PILE,
    FlushDraw,
    OneCardDiscard,
    at_least_one,
    duel_state,
    flush_draw,
    one_card_discard,
)
from acelab.ace_of_spades.duels import DUELS, STRATEGIES, StrategyResult, first_duels
from acelab.ace_of_spades.moves import DiscardDraw
from acelab.ace_of_spades.redraws import unseen_cards
from acelab.ace_of_spades.scoring import best_play
from acelab.engine.cards import Card, shuffle_in_place
from acelab.engine.catalogue import lesson_notebook
from acelab.teaching.answers import ChoiceQuestion, Mistake, NumberQuestion, Question, Verdict
from acelab.teaching.cells import Shown, check_function, fraction_latex, percent, table
from acelab.teaching.exercises import Lesson, Picture, choice, number, seeded
from acelab.teaching.skills import declare, exercise, seeded_order, version

__all__ = [
    "DUELS",
    "LESSON",
    "SKILLS",
    "FlushDraw",
    "OneCardDiscard",
    "StrategyResult",
    "check_at_least_one",
    "deciding_exercises",
    "deciding_plenary",
    "duel_state",
    "expected_damage_question",
    "first_duels",
    "flush_draw",
    "four_draws_chance",
    "knockout_chance",
    "narrower_intervals",
    "one_card_discard",
    "one_draw_chance",
    "outcome_table",
    "outs_count",
    "play_first_table",
    "predict_strategies",
    "strategy_gap",
    "strategy_plot",
    "strategy_table",
    "three_ways_table",
    "why_not_add",
]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


# -- situation 1: four of a suit -----------------------------------------------------------------


def outs_count(seed: int | str = 1) -> NumberQuestion:
    """How many unseen cards are of the flush draw's suit."""
    draw = flush_draw(seed)
    return number(
        f"deciding-outs-{seed}",
        f"You hold four {draw.suit_name}. The discard pile shows the 6 cards above. How many of "
        f"the cards you have not seen are {draw.suit.name.lower()}?",
        Fraction(draw.outs),
        mistakes=(
            Mistake(
                Fraction(9),
                f"Right for a fresh deck, but {draw.in_pile} of them lie in the discard pile: "
                "they cannot be drawn.",
            ),
            Mistake(
                Fraction(13 - draw.in_pile),
                "You still counted the four in your hand: they are not in the deck.",
            ),
            Mistake(Fraction(13), "A suit has 13 cards, but you have seen some of them."),
            Mistake(
                Fraction(draw.unseen),
                "That is every unseen card; count only those of the suit.",
            ),
        ),
        hints=(
            "A suit has 13 cards. Take away the ones you can see.",
            "13 − the 4 in your hand − the ones in the discard pile.",
        ),
    )


def one_draw_chance(seed: int | str = 1) -> NumberQuestion:
    """The chance that one card drawn is of the suit (exact)."""
    draw = flush_draw(seed)
    return number(
        f"deciding-one-draw-{seed}",
        f"You discard one card that is not one of your {draw.suit.name.lower()} and draw one. "
        f"Every unseen card is equally likely. What is the chance it is one of the "
        f"{draw.suit.name.lower()} (a flush)?",
        Fraction(draw.outs, draw.unseen),
        mistakes=(
            Mistake(
                Fraction(draw.outs, 52),
                "Not out of 52: you can only draw a card you have not seen, "
                f"{draw.unseen} of them.",
            ),
            Mistake(
                Fraction(draw.outs, 44),
                "The cards in the discard pile cannot be drawn either: take them away too.",
            ),
            Mistake(
                Fraction(draw.unseen - draw.outs, draw.unseen),
                "That is the chance of missing: count the cards that do make the flush.",
            ),
        ),
        hints=(
            "Chance = cards that make the flush ÷ cards you could draw.",
            f"Unseen cards: 52 − 8 in your hand − {PILE} in the pile.",
        ),
    )


def _none_in(draw: FlushDraw, draws: int) -> Fraction:
    return Fraction(math.comb(draw.unseen - draw.outs, draws), math.comb(draw.unseen, draws))


def four_draws_chance(seed: int | str = 1) -> NumberQuestion:
    """Discard the four others, draw four: the chance of at least one of the suit."""
    draw = flush_draw(seed)
    none = _none_in(draw, 4)
    n, o = draw.unseen, draw.outs
    return number(
        f"deciding-four-draws-{seed}",
        f"Instead you discard all four cards that are not {draw.suit.name.lower()} and draw "
        "four. What is the chance that at least one of them completes the flush?",
        1 - none,
        places=1,
        percent=True,
        mistakes=(
            Mistake(
                Fraction(4 * o, n),
                "You added the chance four times, but two draws can both be of the suit and then "
                "that hand is counted twice. Work out the chance that none of the four is.",
            ),
            Mistake(none, "That is the chance that none of the four is: take it away from 1."),
            Mistake(Fraction(o, n), "That is one draw; you draw four."),
        ),
        hints=(
            f"First the chance that the first card misses: {n - o} of {n}.",
            f"All four miss: {n - o}/{n} × {n - o - 1}/{n - 1} × {n - o - 2}/{n - 2} × "
            f"{n - o - 3}/{n - 3}. Then take that from 1.",
        ),
    )


_DRAWS_WORDS: Final = {4: "four", 2: "two", 3: "three"}
"""The draws the versions of the why-not-add question ask about (the lesson's four first)."""


def why_not_add(seed: int | str = 1) -> ChoiceQuestion:
    """Explain: why is the chance for several draws not that many times the chance for one?
    (Versions: two, three or four draws, the options in a seeded order.)"""
    draws = list(_DRAWS_WORDS)[version(seed, 1, len(_DRAWS_WORDS), "why not add")]
    words = _DRAWS_WORDS[draws]
    options, right = seeded_order(
        seed,
        1,
        (
            (
                "Because the deck gets smaller, so each draw is less likely to hit.",
                f"Not so: before anything is drawn, each of the {words} draws hits with exactly "
                "the same chance as the first. A later draw is more likely to hit only once the "
                "earlier ones have missed.",
            ),
            (
                "Adding counts twice the draws where two or more cards are of the suit.",
                "Those draws are counted once for each hit. With enough draws the sum would "
                "even go above 1, and no chance is more than 1.",
            ),
            (
                f"It is {draws} × the chance: the two answers only look different after rounding.",
                "Work both out: they differ by far more than rounding.",
            ),
        ),
        1,
        "why not add",
    )
    return choice(
        f"deciding-why-not-add-{seed}",
        f"Why is the chance of at least one flush card in {words} draws less than {draws} × the "
        "chance for one draw?",
        options,
        right=right,
    )


def check_at_least_one(function: Callable[[int, int, int], object]) -> Verdict:
    """Does the learner's ``at_least_one(outs, unseen, draws)`` give the exact chance?"""
    cases = [
        ((o, n, k), at_least_one(o, n, k))
        for n in (10, 38, 44)
        for o in (0, 1, 4, 9)
        for k in (1, 2, 4)
    ]

    def exact(outs: int, unseen: int, draws: int) -> object:
        got = function(outs, unseen, draws)
        if isinstance(got, float):
            return Fraction(got).limit_denominator(10**9)
        return got

    return check_function("at_least_one", exact, cases)


def _formula_row(
    draw: FlushDraw, function: Callable[[int, int, int], object] | None
) -> tuple[str, str, str]:
    if function is None:
        exact = at_least_one(draw.outs, draw.unseen, 4)
        return ("the formula", f"${fraction_latex(exact)}$", percent(exact, 2))
    try:
        got = function(draw.outs, draw.unseen, 4)
        value = float(got)  # type: ignore[arg-type]
    except Exception:  # the learner's code: report, never crash the lesson
        return ("your at_least_one", "not working yet: fill it in above", "")
    return (f"your at_least_one({draw.outs}, {draw.unseen}, 4)", f"{value:.4f}", percent(value, 2))


def three_ways_table(
    seed: int | str = 1,
    formula: Callable[[int, int, int], object] | None = None,
    samples: int = 20_000,
) -> Shown:
    """The four-draw flush chance three ways: listing every draw, the formula (the learner's
    ``at_least_one`` when given), and a seeded simulation."""
    draw = flush_draw(seed)
    pool = unseen_cards((*draw.hand, *draw.pile))
    draws = itertools.combinations([c.suit is draw.suit for c in pool], 4)
    listed = Fraction(sum(any(hit) for hit in draws), math.comb(draw.unseen, 4))
    rng = seeded(seed, "three ways", samples)
    hits = 0
    cards = list(pool)
    for _ in range(samples):
        shuffle_in_place(rng, cards)
        hits += any(c.suit is draw.suit for c in cards[:4])
    rows = [
        (
            f"listing all {math.comb(draw.unseen, 4):,} draws (computer)",
            f"${fraction_latex(listed)}$",
            percent(listed, 2),
        ),
        _formula_row(draw, formula),
        (f"simulating {samples:,} draws", f"{hits:,} hits", percent(Fraction(hits, samples), 2)),
    ]
    return table(("method", "chance", "as a percentage"), rows)


# -- situation 2: one card to throw --------------------------------------------------------------


def play_first_table(seed: int | str = 1) -> Shown:
    """Play first: what playing now deals, and what this deal's discard would have drawn."""
    found = one_card_discard(seed)
    now = best_play(found.hand)
    after = GAME.apply(found.state, DiscardDraw((found.throw,)))
    drawn = [c for c in after.hands[0] if c not in found.hand]
    later = best_play(after.hands[0])
    name = now.combination.replace("_", " ")
    shown = f"{name} ({_cards(now.scoring_cards)})" if now.scoring_cards else "no combination"
    rows = [
        (f"play now: {shown}", "—", f"{now.total}"),
        (
            f"discard {found.throw.symbol}, draw one, then play",
            f"this deal gives {_cards(drawn)}",
            f"{later.total}",
        ),
    ]
    return table(("choice", "what happens", "damage"), rows)


def outcome_table(seed: int | str = 1) -> Shown:
    """The one-card discard's outcomes: damage, how many unseen cards give it, the chance."""
    found = one_card_discard(seed)
    rows = [(d, n, f"${fraction_latex(Fraction(n, found.unseen))}$") for d, n in found.counts if n]
    return table(("best damage after the draw", "unseen cards that give it", "chance"), rows)


def expected_damage_question(seed: int | str = 1) -> NumberQuestion:
    """The expected damage of the one-card discard, from the table of outcomes."""
    found = one_card_discard(seed)
    values = [d for d, _ in found.counts]
    mode = max(found.counts, key=lambda row: row[1])[0]
    mistakes = [
        Mistake(
            Fraction(sum(values), len(values)),
            "You averaged the damages as if each were equally likely. Weight each damage by "
            "its chance: damage × chance, then add.",
        ),
        Mistake(
            Fraction(mode),
            "That is the most likely damage. The average also counts the rarer, bigger ones.",
        ),
        Mistake(
            Fraction(sum(d * n for d, n in found.counts)),
            f"You multiplied by the counts but did not divide by the {found.unseen} cards.",
        ),
    ]
    if max(values) != mode:
        mistakes.append(Mistake(Fraction(max(values)), "That is the best case, not the average."))
    return number(
        f"deciding-expected-damage-{seed}",
        f"You discard {found.throw.symbol} and draw one card. Use the table: what is the "
        "expected (average) damage of your best Hand after the draw?",
        found.expected,
        places=2,
        mistakes=tuple(mistakes),
        hints=(
            "Expected value = the sum of (damage × chance) over every row.",
            f"Or: the sum of (damage × cards) for every row, divided by {found.unseen}.",
        ),
    )


def knockout_chance(seed: int | str = 1) -> NumberQuestion:
    """The chance that the one-card discard lets one Hand knock out the first Enemy."""
    found = one_card_discard(seed)
    life = found.state.life
    value = found.at_least(life)
    mistakes = []
    more = found.at_least(life + 1)
    if more != value:
        mistakes.append(Mistake(more, f"{life} damage is enough: include the row for {life}."))
    exactly = Fraction(sum(n for d, n in found.counts if d == life), found.unseen)
    if exactly not in (value, more) and exactly:
        mistakes.append(Mistake(exactly, f"That is exactly {life}. Add every row from {life} up."))
    mistakes.append(Mistake(1 - value, f"That is the chance of less than {life}."))
    return number(
        f"deciding-knockout-{seed}",
        f"The Enemy has {life} life. What is the chance that, after this discard, one Hand "
        f"deals at least {life} damage?",
        value,
        mistakes=tuple(mistakes),
        hints=(f"At least {life} means {life} or more: add the chances of those rows.",),
    )


# -- situation 3: two strategies, many duels -------------------------------------------------------


def strategy_table(seed: int | str = 1) -> Shown:
    """Both strategies' first duels: won, out of, and the 95% interval."""
    rows = []
    for name, what in (("greedy", "play the best Hand now"), ("strong", "discard when it pays")):
        result = first_duels(name, seed)
        low, high = result.interval
        rows.append(
            (f"{name}: {what}", f"{result.wins}", f"{result.duels}",
             f"{percent(low, 1)} to {percent(high, 1)}")
        )  # fmt: skip
    return table(("strategy", "duels won", "duels played", "95% interval"), rows)


def strategy_plot(seed: int | str = 1) -> Picture:
    """Bars: the share of first duels each strategy won, with its 95% interval."""
    from matplotlib.figure import Figure

    results = [first_duels(name, seed) for name in STRATEGIES]
    shares = [r.wins / r.duels for r in results]
    below = [s - r.interval[0] for s, r in zip(shares, results, strict=True)]
    above = [r.interval[1] - s for s, r in zip(shares, results, strict=True)]
    figure = Figure(figsize=(6, 3))
    axes = figure.subplots()
    axes.bar(["greedy: play now", "strong: discard when it pays"], shares, color=["#999", "#36c"])
    axes.errorbar([0, 1], shares, yerr=[below, above], fmt="none", ecolor="k", capsize=8)
    for x, share in enumerate(shares):
        axes.text(x, share / 2, percent(share, 1), ha="center", color="white", fontsize=12)
    axes.set_ylim(0, 1.1)
    axes.set_yticks([0, 0.25, 0.5, 0.75, 1], ["0%", "25%", "50%", "75%", "100%"])
    axes.set_ylabel("first duels won")
    axes.set_title(f"{results[0].duels} first duels each (black lines: 95% intervals)")
    figure.tight_layout()
    return Picture(figure, "a bar chart of the share of first duels each strategy won")


def predict_strategies(seed: int | str = 1) -> ChoiceQuestion:
    """Predict before the simulation: which strategy wins (or loses) more of the seed's first
    duels? The right option is the one the seed's simulation bears out."""
    greedy, strong = first_duels("greedy", seed), first_duels("strong", seed)
    right = 2 if strong.wins > greedy.wins else 0  # the strong player, named last, or the greedy
    if version(seed, 1, 2, "predict strategies") == 0:
        asked = "wins more"
        options: tuple[tuple[str, str], ...] = (
            (
                "The greedy player: damage now is certain, a draw is a gamble.",
                "Playing now is certain, but a discard you do not need costs no Hand.",
            ),
            (
                "About the same: it is all luck.",
                "Luck decides one duel; over 200 duels the better strategy shows.",
            ),
            (
                "The strong player, who discards when the average damage says it pays.",
                "Run the simulation and see by how much.",
            ),
        )
    else:
        asked = "loses more"
        options = (
            (
                "The strong player: a draw is a gamble, and gambles lose.",
                "A discard you do not need costs no Hand, and the strong player discards only "
                "when the average damage says it pays.",
            ),
            (
                "About the same: it is all luck.",
                "Luck decides one duel; over 200 duels the better strategy shows.",
            ),
            (
                "The greedy player, who always plays the best Hand it holds now.",
                "Playing now when a discard pays throws away damage: run the simulation and see "
                "how much.",
            ),
        )
        right = 2 if strong.wins > greedy.wins else 0
    ordered, place = seeded_order(seed, 1, options, right, "predict strategies")
    return choice(
        f"deciding-predict-strategies-{seed}",
        f"Predict before you run the simulation: over {strong.duels} first duels, which player "
        f"{asked}?",
        ordered,
        right=place,
    )


def strategy_gap(seed: int | str = 1) -> NumberQuestion:
    """From the simulation's table: how many percentage points more the strong player won."""
    greedy, strong = first_duels("greedy", seed), first_duels("strong", seed)
    n = strong.duels
    return number(
        f"deciding-strategy-gap-{seed}",
        "Use the table: how many percentage points more of its first duels did the strong "
        "player win than the greedy one?",
        Fraction(strong.wins - greedy.wins, n),
        places=1,
        percentage_points=True,
        mistakes=(
            Mistake(
                Fraction(strong.wins, max(1, greedy.wins)) / 100,
                "That is how many times as many; the question asks for the difference.",
            ),
            Mistake(Fraction(strong.wins, n), "That is the strong player's share alone."),
            Mistake(
                Fraction(greedy.wins - strong.wins, n),
                "Take the greedy share from the strong one, not the other way round.",
            ),
            Mistake(
                Fraction(strong.wins - greedy.wins, 100),
                f"That is the difference in duels won, {strong.wins - greedy.wins}: divide it "
                f"by the {n} duels and × 100 for percentage points.",
            ),
        ),
        hints=(
            f"Each share is duels won ÷ {n}, × 100 for a percentage.",
            "Write both shares as percentages, then subtract: the difference is in points.",
        ),
    )


_INTERVAL_VERSIONS: Final[tuple[tuple[str, tuple[tuple[str, str], ...]], ...]] = (
    (
        "The black lines on the bars are 95% intervals: where the true share probably lies. "
        "What would make them narrower?",
        (
            (
                "Simulating many more duels.",
                "More duels, less wobble: a hundred times more duels make them about ten "
                "times narrower.",
            ),
            ("Running the same 200 duels again.", "The same seed gives the same duels."),
            (
                "A better strategy.",
                "The interval says how sure we are of a share, not how good the share is.",
            ),
        ),
    ),
    (
        "The black lines on the bars are 95% intervals: where the true share probably lies. "
        "What would make them wider?",
        (
            (
                "Simulating far fewer duels.",
                "Fewer duels, more wobble: a few lucky or unlucky duels move the share a lot.",
            ),
            (
                "Running the same 200 duels again.",
                "The same seed gives the same duels, so the lines stay as they are.",
            ),
            (
                "A worse strategy.",
                "The interval says how sure we are of a share, not how good the share is.",
            ),
        ),
    ),
    (
        "A friend's black lines (95% intervals) are much shorter than yours. What is the best "
        "explanation?",
        (
            (
                "Your friend simulated many more duels.",
                "More duels, less wobble: the share is known more surely, so the interval is "
                "narrower.",
            ),
            (
                "Your friend ran the same 200 duels twice.",
                "The same seed gives the same duels: running them again tells nothing new.",
            ),
            (
                "Your friend's strategy is better.",
                "The interval says how sure we are of a share, not how good the share is.",
            ),
        ),
    ),
)


def narrower_intervals(seed: int | str = 1) -> ChoiceQuestion:
    """How to be surer of a simulation: more duels (versions: narrower, wider, a friend's
    shorter lines; the options in a seeded order)."""
    text, options = _INTERVAL_VERSIONS[
        version(seed, 1, len(_INTERVAL_VERSIONS), "narrower intervals")
    ]
    ordered, right = seeded_order(seed, 1, options, 0, "narrower intervals")
    return choice(f"deciding-narrower-intervals-{seed}", text, ordered, right=right)


_FALLACY: Final = "The deck has no memory: each unseen card is equally likely."
_PLENARY_VERSIONS: Final[tuple[tuple[str, tuple[tuple[str, str], ...], int], ...]] = (
    (
        "You have one Discard left. Which is the best reason to use it now?",
        (
            (
                "Always discard: more cards seen means a better hand.",
                "A discard can also be wasted when you need it later.",
            ),
            (
                "Never discard: the Hand you hold now is certain.",
                "Certain but small can lose the duel; the simulation showed it.",
            ),
            (
                "The chance or the average damage after discarding beats what you can "
                "play now by enough to spend the Discard.",
                "Count the unseen cards that help, weigh each damage by its chance, and compare.",
            ),
            ("The last card drawn was good, so the next one will be bad.", _FALLACY),
        ),
        2,
    ),
    (
        "You have one Discard left. Which is the best reason to keep it and play now?",
        (
            (
                "What you can play now is about as good as the chance or the average damage "
                "after discarding, so the Discard is worth more later.",
                "Count the unseen cards that help, weigh each damage by its chance, and compare.",
            ),
            (
                "Always keep it: a Discard is worth more later than now.",
                "Not always: when discarding now raises the chance or the average damage by "
                "enough, keeping the Discard wastes it.",
            ),
            (
                "Never keep it: more cards seen means a better hand.",
                "A discard can also be wasted when you need it later.",
            ),
            ("The last card drawn was bad, so the next one will be bad too.", _FALLACY),
        ),
        0,
    ),
    (
        "Your Hand now deals little damage and you have one Discard left. What should decide "
        "whether you discard?",
        (
            (
                "The chance and the average damage after discarding, compared with the damage "
                "you can deal now.",
                "Count the unseen cards that help, weigh each damage by its chance, and compare.",
            ),
            (
                "Nothing: always discard, because more cards seen means a better hand.",
                "A discard can also be wasted when you need it later.",
            ),
            (
                "Nothing: always play now, because the Hand you hold is certain.",
                "Certain but small can lose the duel; the simulation showed it.",
            ),
            ("Whether the last card drawn was good: then the next one will be bad.", _FALLACY),
        ),
        0,
    ),
)


def deciding_plenary(seed: int | str = 1) -> ChoiceQuestion:
    """The lesson's plenary: when is a Discard worth spending? (Versions: use it, keep it,
    what decides; the options in a seeded order.)"""
    text, options, right = _PLENARY_VERSIONS[version(seed, 1, len(_PLENARY_VERSIONS), "plenary")]
    ordered, place = seeded_order(seed, 1, options, right, "plenary")
    return choice(f"deciding-plenary-{seed}", text, ordered, right=place)


def deciding_exercises(seed: int | str = 1) -> list[Question]:
    """The lesson's exercises, in order."""
    return [
        outs_count(seed),
        one_draw_chance(seed),
        four_draws_chance(seed),
        why_not_add(seed),
        expected_damage_question(seed),
        knockout_chance(seed),
        predict_strategies(seed),
        strategy_gap(seed),
        narrower_intervals(seed),
        deciding_plenary(seed),
    ]


def flush_draw_shown(seed: int | str = 1) -> Shown:
    """The flush draw's cards for ``seed`` in words, as the notebook shows them above the outs
    questions: the hand and the discard pile."""
    draw = flush_draw(seed)
    return Shown(
        f"Your hand: {' '.join(card.symbol for card in draw.hand)}. "
        f"The discard pile (seen): {' '.join(card.symbol for card in draw.pile)}."
    )


SKILLS: Final = declare(
    (
        "counting outs",
        "chance as a fraction",
        "the complement",
        "expected value",
        "comparing strategies",
        "intervals from a simulation",
    ),
    exercise("deciding-outs", outs_count, "counting outs", shows=flush_draw_shown),
    exercise(
        "deciding-one-draw",
        one_draw_chance,
        "counting outs",
        "chance as a fraction",
        shows=flush_draw_shown,
    ),
    exercise(
        "deciding-four-draws",
        four_draws_chance,
        "the complement",
        "chance as a fraction",
        shows=flush_draw_shown,
    ),
    exercise("deciding-why-not-add", why_not_add, "the complement", kind="choice"),
    exercise(
        "deciding-expected-damage",
        expected_damage_question,
        "expected value",
        shows=outcome_table,
    ),
    exercise(
        "deciding-knockout",
        knockout_chance,
        "chance as a fraction",
        "counting outs",
        shows=outcome_table,
    ),
    exercise(
        "deciding-predict-strategies", predict_strategies, "comparing strategies", kind="choice"
    ),
    exercise(
        "deciding-strategy-gap",
        strategy_gap,
        "comparing strategies",
        "intervals from a simulation",
        shows=strategy_table,
    ),
    exercise(
        "deciding-narrower-intervals",
        narrower_intervals,
        "intervals from a simulation",
        kind="choice",
    ),
    exercise(
        "deciding-plenary",
        deciding_plenary,
        "expected value",
        "comparing strategies",
        kind="choice",
    ),
)
"""The lesson's skills, and the skills of each exercise (see :mod:`acelab.teaching.skills`)."""


LESSON: Final = Lesson(
    "deciding",
    "Ace of Spades: deciding under uncertainty",
    lesson_notebook("deciding"),
    deciding_exercises,
    deciding_plenary,
)

"""Exercises of the lesson on deciding under uncertainty: should I play now or discard?

Three seeded situations carry the lesson:

- :func:`flush_draw`: a hand of four cards of one suit and four others, and a discard pile the
  player has seen; counting the unseen cards of the suit (the *outs*) gives exact chances.
- :func:`one_card_discard`: a real opening hand of the game (from ``AceOfSpades().new_state``),
  one card worth throwing, and the exact damage after drawing one of the 44 unseen cards: a
  small table of outcomes and chances, whose expected value is the average damage.
- :func:`first_duels`: the first duel of many seeded games played by two bots, the greedy one
  (play the best Hand now) and the strong one (weigh discarding by expected damage).

The model: every unseen card is equally likely to be the next one drawn (a fair shuffle). Every
number is computed here, exact where it can be; every question names its likely mistakes.
"""

from __future__ import annotations

import functools
import io
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from acelab.ace_of_spades.bots import Bot, greedy_bot, strong_bot
from acelab.ace_of_spades.deciding import damage_after_discard, unseen_cards
from acelab.ace_of_spades.rules import AceOfSpades, DiscardDraw, SpadesState
from acelab.ace_of_spades.scoring import best_play
from acelab.answers import ChoiceQuestion, Mistake, NumberQuestion, Verdict
from acelab.cards import Card, Suit, deck, random_index, shuffle_in_place
from acelab.engine import derive_rng
from acelab.lessons import Shown, check_function, fraction_latex, percent, table
from acelab.stats import wilson_interval

__all__ = [
    "DUELS",
    "FlushDraw",
    "OneCardDiscard",
    "Picture",
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

DUELS: Final = 200
"""First duels simulated per strategy."""
PILE: Final = 6
"""Cards in the flush draw's discard pile."""
GAME: Final = AceOfSpades()


def _check_seed(seed: object) -> int | str:
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError("A seed is a whole number or a word, such as 7 or 'class 7B'.")
    return seed


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


# -- situation 1: four of a suit -----------------------------------------------------------------


@dataclass(frozen=True)
class FlushDraw:
    """Four cards of ``suit`` and four others in ``hand``; ``pile``: the seen discard pile."""

    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    suit: Suit

    @property
    def unseen(self) -> int:
        """How many cards the player has not seen: 52 − hand − pile."""
        return 52 - len(self.hand) - len(self.pile)

    @property
    def outs(self) -> int:
        """How many unseen cards are of the suit (each one makes a flush)."""
        return 13 - sum(c.suit is self.suit for c in (*self.hand, *self.pile))

    @property
    def in_pile(self) -> int:
        """How many cards of the suit lie in the discard pile."""
        return sum(c.suit is self.suit for c in self.pile)

    @property
    def suit_name(self) -> str:
        """The suit's plural noun and symbol: ``hearts (♥)``."""
        return f"{self.suit.name.lower()} ({self.suit.symbol})"


def flush_draw(seed: int | str) -> FlushDraw:
    """The seeded flush draw: 1 to 3 cards of the suit in the pile, always some outs."""
    _check_seed(seed)
    rng = derive_rng(seed, "flush draw", 0)
    cards = list(deck())
    shuffle_in_place(rng, cards)
    suit = cards[0].suit
    assert suit is not None
    same = [c for c in cards if c.suit is suit]
    other = [c for c in cards if c.suit is not suit]
    in_pile = 1 + random_index(rng, 3)
    hand = tuple(sorted(same[:4] + other[:4]))
    pile = tuple(same[4 : 4 + in_pile] + other[4 : 4 + PILE - in_pile])
    order = list(pile)
    shuffle_in_place(rng, order)
    return FlushDraw(hand, tuple(order), suit)


def outs_count(seed: int | str = 1) -> NumberQuestion:
    """How many unseen cards are of the flush draw's suit."""
    draw = flush_draw(seed)
    return NumberQuestion(
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
    return NumberQuestion(
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
    return NumberQuestion(
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


def why_not_add() -> ChoiceQuestion:
    """Explain: why is the chance for four draws not four times the chance for one?"""
    return ChoiceQuestion(
        "deciding-why-not-add",
        "Why is the chance of at least one flush card in four draws less than 4 × the chance "
        "for one draw?",
        (
            (
                "Because the deck gets smaller, so each draw is less likely to hit.",
                "A smaller deck makes each later draw slightly more likely to hit, not less.",
            ),
            (
                "Adding counts twice the draws where two or more cards are of the suit.",
                "Those draws are counted once for each hit. With enough draws the sum would "
                "even go above 1, and no chance is more than 1.",
            ),
            (
                "It is 4 × the chance: the two answers only look different after rounding.",
                "Work both out: they differ by far more than rounding.",
            ),
        ),
        right=1,
    )


def _at_least_one(outs: int, unseen: int, draws: int) -> Fraction:
    return 1 - Fraction(math.comb(unseen - outs, draws), math.comb(unseen, draws))


def check_at_least_one(function: Callable[[int, int, int], object]) -> Verdict:
    """Does the learner's ``at_least_one(outs, unseen, draws)`` give the exact chance?"""
    cases = [
        ((o, n, k), _at_least_one(o, n, k))
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
        exact = _at_least_one(draw.outs, draw.unseen, 4)
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
    rng = derive_rng(seed, "three ways", samples)
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


@dataclass(frozen=True)
class OneCardDiscard:
    """An opening hand, the card to throw, and the exact chance of each damage after one draw."""

    state: SpadesState
    throw: Card
    now: int
    counts: tuple[tuple[int, int], ...]  # (damage, unseen cards that give it), damage rising

    @property
    def hand(self) -> tuple[Card, ...]:
        """The 8 cards held."""
        return self.state.hands[0]

    @property
    def unseen(self) -> int:
        """How many cards could be drawn (the 44 not in the hand)."""
        return sum(n for _, n in self.counts)

    @property
    def expected(self) -> Fraction:
        """The expected (average) damage after the discard."""
        return Fraction(sum(d * n for d, n in self.counts), self.unseen)

    def at_least(self, damage: int) -> Fraction:
        """The chance the best Hand after the discard deals at least ``damage``."""
        return Fraction(sum(n for d, n in self.counts if d >= damage), self.unseen)


def _spread(hand: tuple[Card, ...], throw: Card) -> tuple[tuple[int, int], ...]:
    pool = unseen_cards(hand)
    spread = damage_after_discard(hand, (throw,), pool)
    return tuple((d, int(p * len(pool))) for d, p in sorted(spread.items()))


def _well_posed(found: OneCardDiscard) -> bool:
    values = [d for d, _ in found.counts]
    mean_of_values = Fraction(sum(values), len(values))
    mode = max(found.counts, key=lambda row: row[1])[0]
    life = found.state.life
    return (
        found.now < life
        and 2 <= len(values) <= 5
        and 0 < found.at_least(life) < 1
        and found.expected not in (mean_of_values, Fraction(mode), Fraction(max(values)))
    )


def duel_state(seed: int | str) -> SpadesState:
    """The lesson's seeded opening of a Normal game: the first deal (of ``seed``,
    ``seed/1``, ``seed/2`` …) whose best Hand cannot knock out the first Enemy and where one
    discard makes a small, well-posed table."""
    return one_card_discard(seed).state


def one_card_discard(seed: int | str = 1) -> OneCardDiscard:
    """The seeded one-card discard: of the cards outside the best Hand, the one whose discard
    gives the most average damage."""
    return _one_card_discard(_check_seed(seed))


@functools.cache
def _one_card_discard(seed: int | str) -> OneCardDiscard:
    for attempt in range(100):
        state = GAME.new_state(seed if attempt == 0 else f"{seed}/{attempt}")
        hand = state.hands[0]
        now = best_play(hand)
        spare = [c for c in hand if c not in now.scoring_cards]
        options = [OneCardDiscard(state, c, now.total, _spread(hand, c)) for c in spare]
        if not options:
            continue
        best = max(options, key=lambda o: o.expected)
        if _well_posed(best):
            return best
    raise ValueError(f"No well-posed one-card discard for the seed {seed!r}.")  # pragma: no cover


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
    return NumberQuestion(
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
    return NumberQuestion(
        f"deciding-knockout-{seed}",
        f"The Enemy has {life} life. What is the chance that, after this discard, one Hand "
        f"deals at least {life} damage?",
        value,
        mistakes=tuple(mistakes),
        hints=(f"At least {life} means {life} or more: add the chances of those rows.",),
    )


# -- situation 3: two strategies, many duels -------------------------------------------------------


@dataclass(frozen=True)
class StrategyResult:
    """First duels won out of ``duels``, with the 95% Wilson interval."""

    name: str
    wins: int
    duels: int

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the share of first duels won."""
        return wilson_interval(self.wins, self.duels)


_STRATEGIES: Final[dict[str, Bot]] = {"greedy": greedy_bot, "strong": strong_bot}


def first_duels(strategy: str, seed: int | str = 1, duels: int = DUELS) -> StrategyResult:
    """Play the first duel of ``duels`` seeded Normal games with a bot (``"greedy"``: play the
    best Hand now; ``"strong"``: weigh discarding by expected damage); count the wins."""
    _check_seed(seed)
    if not isinstance(strategy, str) or strategy not in _STRATEGIES:
        raise ValueError(f"The strategies are greedy and strong, not {strategy!r}.")
    if type(duels) is not int or not 1 <= duels <= 5000:
        raise ValueError("Simulate 1 to 5,000 duels (a whole number).")
    return _first_duels(strategy, seed, duels)


@functools.cache
def _first_duels(strategy: str, seed: int | str, duels: int) -> StrategyResult:
    bot = _STRATEGIES[strategy]
    wins = 0
    for number in range(duels):
        state = GAME.new_state(f"{seed}/duel/{number}")
        rng = derive_rng(seed, "duel bot", number)
        while not GAME.is_over(state) and state.level == 0:
            move = bot(GAME.observation(state, 0), GAME.legal_moves(state), rng)
            state = GAME.apply(state, move)
        wins += state.level > 0
    return StrategyResult(strategy, wins, duels)


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


class Picture:
    """A Matplotlib figure that a notebook shows as an image (no pyplot, no backend needed)."""

    def __init__(self, figure: Any) -> None:
        self.figure = figure

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", dpi=100)
        return buffer.getvalue()

    def __repr__(self) -> str:
        return "a bar chart of the share of first duels each strategy won"


def strategy_plot(seed: int | str = 1) -> Picture:
    """Bars: the share of first duels each strategy won, with its 95% interval."""
    from matplotlib.figure import Figure

    results = [first_duels(name, seed) for name in _STRATEGIES]
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
    return Picture(figure)


def predict_strategies() -> ChoiceQuestion:
    """Predict before the simulation: which strategy wins more first duels?"""
    return ChoiceQuestion(
        "deciding-predict-strategies",
        "Predict before you run the simulation: over 200 first duels, which player wins more?",
        (
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
        ),
        right=2,
    )


def strategy_gap(seed: int | str = 1) -> NumberQuestion:
    """From the simulation's table: how many percentage points more the strong player won."""
    greedy, strong = first_duels("greedy", seed), first_duels("strong", seed)
    n = strong.duels
    return NumberQuestion(
        f"deciding-strategy-gap-{seed}",
        "Use the table: how many percentage points more of its first duels did the strong "
        "player win than the greedy one?",
        Fraction(strong.wins - greedy.wins, n),
        places=1,
        percent=True,
        mistakes=(
            Mistake(
                Fraction(strong.wins, max(1, greedy.wins)),
                "That is how many times as many; the question asks for the difference.",
            ),
            Mistake(Fraction(strong.wins, n), "That is the strong player's share alone."),
            Mistake(
                Fraction(greedy.wins - strong.wins, n),
                "Take the greedy share from the strong one, not the other way round.",
            ),
        ),
        hints=(
            f"Each share is duels won ÷ {n}.",
            "Write both shares as percentages, then subtract.",
        ),
    )


def narrower_intervals() -> ChoiceQuestion:
    """How to be surer of a simulation: more duels."""
    return ChoiceQuestion(
        "deciding-narrower-intervals",
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
        right=0,
    )


def deciding_plenary() -> ChoiceQuestion:
    """The lesson's plenary."""
    return ChoiceQuestion(
        "deciding-plenary",
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
            (
                "The last card drawn was good, so the next one will be bad.",
                "The deck has no memory: each unseen card is equally likely.",
            ),
        ),
        right=2,
    )


def deciding_exercises(seed: int | str = 1) -> list[NumberQuestion | ChoiceQuestion]:
    """The lesson's exercises, in order."""
    return [
        outs_count(seed),
        one_draw_chance(seed),
        four_draws_chance(seed),
        why_not_add(),
        expected_damage_question(seed),
        knockout_chance(seed),
        predict_strategies(),
        strategy_gap(seed),
        narrower_intervals(),
        deciding_plenary(),
    ]

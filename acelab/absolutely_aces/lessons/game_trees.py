"""Exercises, trees and tables of the lesson on game trees in Absolutely Aces.

Every position comes from a real round (:meth:`AbsolutelyAces.round_from`, played on with
seeded moves) and every value is checked against the solver; every deal comes from the shipped
table of all 16,632 deals (:func:`acelab.absolutely_aces.deal_table`), never solved again here.
Every seeded question is well posed for every seed (the tests check the first 200), states its
precision and names the likely mistakes. Player 0 is **You**, player 1 is **Bot**; a value is
in points, positive when it favours You.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Final

from acelab.absolutely_aces.deal_kinds import (
    BINS,
    both_mix_rows,
    dominant,
    dominant_rows,
    maximin,
    minimax,
    mixed_rows,
    simply_best_rows,
    support,
    two_by_two_rows,
    value_bins,
)
from acelab.absolutely_aces.deals import DealRow, deal_table
from acelab.absolutely_aces.moves import AcesMove, Play, PlayPair
from acelab.absolutely_aces.pick import HANDS, equilibrium, peek
from acelab.absolutely_aces.rules import AbsolutelyAces
from acelab.absolutely_aces.seeing import SeeingCase, seeing_cases
from acelab.absolutely_aces.solver import round_value
from acelab.absolutely_aces.state import AcesState
from acelab.absolutely_aces.trees import (
    NAMES,
    POSITIONS,
    WORKED_POSITION,
    WORKED_SEED,
    Node,
    Tree,
    backed_up,
    best_moves,
    count_positions,
    ends,
    game_tree,
    position,
    search_position,
    tree_lists,
    tree_value,
)
from acelab.engine.cards import random_index
from acelab.engine.catalogue import lesson_notebook
from acelab.teaching.answers import ChoiceQuestion, Mistake, NumberQuestion, Question, Verdict
from acelab.teaching.cells import Shown, check_function, fraction_latex, percent, table
from acelab.teaching.exercises import Lesson, choice, number, seeded
from acelab.teaching.skills import declare, exercise, seeded_order, version

__all__ = [
    "LESSON",
    "LESSON_SEED",
    "NAMES",
    "POSITIONS",
    "SKILLS",
    "WORKED_POSITION",
    "WORKED_SEED",
    "Node",
    "backed_up",
    "check_backed_up",
    "choices_plenary",
    "count_ends",
    "dominant_deal",
    "dominant_pick",
    "exercises",
    "fair_game",
    "fairness",
    "fairness_table",
    "game_tree",
    "how_often_table",
    "is_fair",
    "mixed_deal",
    "mixed_strategy",
    "mixing",
    "order_matters",
    "pick_table",
    "plenary",
    "position",
    "position_text",
    "search_position",
    "seeing_case",
    "seeing_table",
    "seeing_worth",
    "solver_says",
    "tree_lists",
    "tree_question",
    "tree_value",
    "tree_view",
    "two_by_two",
    "two_by_two_deal",
    "two_by_two_table",
    "value_bins",
]

_GAME: Final = AbsolutelyAces()


def _index(seed: int | str, what: str, n: int) -> int:
    return random_index(seeded(seed, "absolutely aces trees lesson", what), n)


def _label(code: str) -> str:
    return _GAME.label(code)


def _signed(value: int | Fraction) -> str:
    value = Fraction(value)
    text = str(value.numerator) if value.denominator == 1 else f"{value}"
    return f"+{text}" if value > 0 else text.replace("-", "−")


def _points(value: Fraction, places: int = 1) -> str:
    """An average in points a round, rounded: ``"+9.6 a round"``, ``"−7.3 a round"``."""
    return f"{float(value):+.{places}f} a round".replace("-", "−")


def _plural(kind: str) -> str:
    return kind if kind.endswith("s") else kind + "s"


def _move_text(mover: int, move: AcesMove) -> str:
    verb = "play" if mover == 0 else "plays"
    if isinstance(move, PlayPair):
        return f"{NAMES[mover]} {verb} a Pair of {_plural(move.type)}"
    assert isinstance(move, Play)
    return f"{NAMES[mover]} {verb} {_label(move.card)}"


def position_text(state: AcesState) -> str:
    """The position in words: both hands, who is to play and what they must answer."""
    hands = [", ".join(_label(c) for c in hand) or "nothing" for hand in state.hands]
    answer = _GAME.to_answer(state)
    must = (
        "any card (the round's first go)"
        if not answer
        else ("a Pair of " + _plural(_GAME.card(answer[0]).type))
        if len(answer) == 2
        else _label(answer[0])
    )
    return (
        f"Your hand: {hands[0]}. Bot's hand: {hands[1]}. "
        f"{NAMES[state.mover]} {'are' if state.mover == 0 else 'is'} to play "
        f"and must answer {must}."
    )


def _lines(node: Node, depth: int, values: bool) -> list[str]:
    lines = []
    for kid in node.children:
        text = _move_text(node.mover, kid.move) if kid.move is not None else ""
        if not kid.children:
            text += f" → {kid.end} (**{_signed(kid.value)}**)"
        elif values:
            text += f" → value **{_signed(kid.value)}**"
        lines.append("  " * depth + "- " + text)
        lines.extend(_lines(kid, depth + 1, values))
    return lines


def tree_view(state: AcesState, values: bool = False) -> Shown:
    """The tree of a small position as an indented list: every move, and at each end its
    value for You; with ``values``, the worked-back value of every position too."""
    tree = game_tree(state)
    top = f"**{NAMES[tree.mover]} to play.** {position_text(state)}"
    if values:
        top += f" Value: **{_signed(tree.value)}**"
    return Shown("\n".join([top, "", *_lines(tree, 0, values)]))


def solver_says(seed: int | str = WORKED_SEED) -> Shown:
    """What the solver says about the seeded position: its exact value, and the best moves."""
    state = position(seed)
    value = round_value(state)
    best = [_move_text(state.mover, m) for m in best_moves(state)]
    return Shown(
        f"The solver: value **{_signed(value)}** for You; best: {' or '.join(best)}. "
        f"Worked backwards by hand: **{_signed(tree_value(seed))}**."
    )


def count_ends(seed: int | str = 1) -> NumberQuestion:
    """How many ends the seeded tree has (reading a tree)."""
    tree = game_tree(position(seed))
    count = len(ends(tree))
    nodes = count_positions(tree)
    return number(
        f"trees-ends-{seed}",
        "Look at the tree of the position above. How many different ways can the round end "
        "(how many ends does the tree have)?",
        count,
        (
            Mistake(
                Fraction(len(tree.children)),
                "That is how many moves there are at the top. Follow each one to its ends.",
            ),
            Mistake(
                Fraction(nodes),
                "You counted every position. An end is a line where the round stops.",
            ),
            Mistake(
                Fraction(nodes - count),
                "Those are the positions where someone still has to play. Count the ends.",
            ),
        ),
        (
            "An end is a line of the list with an arrow → and a score.",
            "Count the lines that end with a score in brackets.",
        ),
    )


def tree_question(seed: int | str = 1) -> NumberQuestion:
    """The value of the seeded position, worked backwards from the ends."""
    state = position(seed)
    tree = game_tree(state)
    finals = ends(tree)
    return number(
        f"trees-value-{seed}",
        "Work backwards from the ends of the same tree. You take the biggest value, Bot the "
        "smallest. What is the value of the position at the top? (Negative if Bot wins.)",
        tree.value,
        (
            Mistake(
                Fraction(max(finals)),
                "That is the best end for You, but Bot chooses too and will not help You. "
                "At Bot's positions take the smallest value.",
            ),
            Mistake(
                Fraction(min(finals)),
                "That is the worst end for You, but You choose too. At your positions take "
                "the biggest value.",
            ),
            Mistake(
                Fraction(sum(finals), len(finals)),
                "An average would mean the moves are chosen at random. Each player chooses "
                "their best move.",
            ),
            Mistake(
                -Fraction(tree.value),
                "Check the sign: values are for You, negative when Bot wins.",
            ),
        ),
        (
            "Start at the positions whose moves all lead to ends.",
            "Give each such position the value its player would choose: "
            "biggest for You, smallest for Bot. Then go one level up.",
        ),
    )


# -- 2. the secret pick -----------------------------------------------------------------------


def mixed_deal(seed: int | str = 1) -> DealRow:
    """A seeded deal where both players must mix (the order of the picks matters)."""
    rows = both_mix_rows()
    return rows[_index(seed, "mixed deal", len(rows))]


def dominant_deal(seed: int | str = 1) -> DealRow:
    """A seeded deal where one of your picks is simply best."""
    rows = dominant_rows()
    return rows[_index(seed, "dominant deal", len(rows))]


@functools.cache
def _two_by_two_askable() -> tuple[DealRow, ...]:
    # 2 decimal places are asked: a value such as 5/8 = 0.625 could round either way
    return tuple(r for r in two_by_two_rows() if (r.value * 100).denominator != 2)


def two_by_two_deal(seed: int | str = 1) -> DealRow:
    """A seeded deal where each player mixes exactly two cards, whose value is not a half at
    2 decimal places."""
    rows = _two_by_two_askable()
    return rows[_index(seed, "two by two deal", len(rows))]


def pick_table(row: DealRow) -> Shown:
    """The deal's 25 round values (for You) for each pair of picks, as a table."""
    heads = ["You pick ↓  Bot picks →", *(_label(c) for c in row.hands[1])]
    body = [
        [f"**{_label(c)}**", *(_signed(v) for v in values)]
        for c, values in zip(row.hands[0], row.matrix, strict=True)
    ]
    return table(heads, body)


def order_matters(seed: int | str = 1) -> NumberQuestion:
    """If You had to show your pick first, what would the round be worth to You?"""
    row = mixed_deal(seed)
    m = row.matrix
    return number(
        f"trees-order-{seed}",
        "Use the table of this deal. Suppose You had to show your pick first, and Bot then "
        "picked knowing it. With perfect play after the picks, what is the round worth to You? "
        "(Negative if Bot wins.)",
        maximin(row),
        (
            Mistake(
                Fraction(minimax(row)),
                "That is what You get when Bot must show first and You answer. Here You show "
                "first, so for each of your picks Bot takes the smallest value in that row.",
            ),
            Mistake(
                Fraction(max(max(r) for r in m)),
                "That is the biggest number in the table, but Bot answers your pick with its "
                "best reply: take the smallest value of each row first.",
            ),
            Mistake(
                Fraction(min(min(r) for r in m)),
                "That is the worst number in the table. You choose the row: pick the row "
                "whose smallest value is biggest.",
            ),
        ),
        (
            "For each of your picks (a row), Bot will choose the column that is worst for You.",
            "Write down the smallest value of each row, then choose the biggest of those.",
        ),
    )


def dominant_pick(seed: int | str = 1) -> ChoiceQuestion:
    """Which of your picks is simply best, whatever Bot picks?"""
    row = dominant_deal(seed)
    best = dominant(row)
    assert best is not None
    m = row.matrix
    options = []
    for i, card in enumerate(row.hands[0]):
        if i == best:
            feedback = (
                f"Against every Bot pick, {_label(card)} does at least as well as any other "
                "pick: it is simply best, whatever Bot does."
            )
        else:
            j = max(range(5), key=lambda j: m[best][j] - m[i][j])
            feedback = (
                f"If Bot picks {_label(row.hands[1][j])}, {_label(card)} gives {_signed(m[i][j])} "
                f"but {_label(row.hands[0][best])} gives {_signed(m[best][j])}."
            )
        options.append((_label(card), feedback))
    return choice(
        f"trees-dominant-{seed}",
        "In this deal one of your picks is simply best: against every pick of Bot it does at "
        "least as well as any other. Which card is it? (Type the letter.)",
        tuple(options),
        right=best,
    )


def mixing(seed: int | str = 1) -> ChoiceQuestion:
    """In the mixed deal: is there one pick You should always make?"""
    row = mixed_deal(seed)
    safe = row.hands[0][max(range(5), key=lambda i: min(row.matrix[i]))]
    top = max(row.hands[0], key=lambda c: _GAME.card(c).number)
    return choice(
        f"trees-mixing-{seed}",
        "Back to the deal of the order question. Bot plays perfectly and learns your habits. "
        "Is there one card You should always pick?",
        (
            (
                f"Yes: {_label(safe)}; no pick has a better worst result.",
                "That is the safe pick when Bot sees it first. Bot does not see it, and if You "
                "always pick it, Bot learns to answer it: mixing gets You more on average.",
            ),
            (
                f"Yes: {_label(top)}, your highest card, so that You go first.",
                "Going first is not always good: look at the values in that row.",
            ),
            (
                "No: whatever card You always pick, Bot has an answer to it. Like rock-paper-"
                "scissors, You should mix your picks at random.",
                "Mixing means Bot cannot prepare for your pick.",
            ),
            (
                "It does not matter: every pick gives the same.",
                "The rows of the table are different: your pick matters.",
            ),
        ),
        right=2,
    )


# -- 4. is the game fair, and what is it worth to see the other hand? ---------------------------


def _hand_words(hand: tuple[str, ...]) -> str:
    return " ".join(_GAME.cards.by_code[c].symbol for c in hand)


def fair_game() -> Shown:
    """The pick as it is played (each player sees only their own hand), solved: the game's
    value, how many hands mix, the best and worst hand, and what seeing the other hand is
    worth — every figure certified exactly from the shipped strategies."""
    solved, peeking = equilibrium(), peek()
    worth = {hand: solved.hand_value(hand) for hand in HANDS}
    rows = [
        ("the whole game, for You", f"{_signed(solved.value)} points a round: **fair**"),
        ("hands (of 792) whose perfect pick is a mix", f"{len(solved.mixing)}"),
    ]
    for word, value in (("best", max(worth.values())), ("worst", min(worth.values()))):
        held = [hand for hand, v in worth.items() if v == value]
        tied = f" (one of {len(held)})" if len(held) > 1 else ""
        rows.append((f"the {word} hand to hold{tied}: {_hand_words(held[0])}", _points(value)))
    rows += [
        ("seeing Bot's hand at the pick (Bot knows you see it)", _points(peeking.value, 2)),
        ("deals in which seeing it changes your best pick", percent(peeking.changes, 0)),
    ]
    return table(("perfect picks, each player seeing only their own hand", "on average"), rows)


def fairness_table() -> Shown:
    """The table of all deals, by how much the deal favours You or Bot."""
    counts = value_bins()
    rows = [(name, f"{n:,}") for (name, _), n in zip(BINS, counts, strict=True)]
    rows.append(("**all deals**", f"**{sum(counts):,}**"))
    return table(("the deal, with both hands seen and perfect play", "number of deals"), rows)


_ASKED: Final = (
    ("favour You", (3, 4)),
    ("favour Bot", (0, 1)),
    ("favour one player by 5 points or more", (0, 4)),
    ("are fair or favour a player by less than 5", (1, 2, 3)),
)


def fairness(seed: int | str = 1) -> NumberQuestion:
    """What share of all deals has a seeded property (from the table, by hand)."""
    words, bins = _ASKED[_index(seed, "fairness", len(_ASKED))]
    counts = value_bins()
    total = sum(counts)
    hits = sum(counts[b] for b in bins)
    value = Fraction(hits, total)
    mistakes = [
        Mistake(
            Fraction(counts[b], total),
            f"That is one row only. Add up every row of deals that {words}.",
        )
        for b in bins
    ]
    mistakes.append(
        Mistake(1 - value, f"That is the share of deals that do not {words.split(' or ')[0]}.")
    )
    mistakes.append(
        Mistake(
            Fraction(hits, 100),
            f"That is the number of deals, {hits:,}: divide by all {total:,} deals and "
            "× 100 for a percentage.",
        )
    )
    if 2 not in bins:
        mistakes.append(
            Mistake(
                Fraction(hits, total - counts[2]),
                "Divide by all 16,632 deals, the fair ones too.",
            )
        )
    return number(
        f"trees-fairness-{seed}",
        f"Use the table of all deals. What percentage of all deals {words}?",
        value,
        mistakes,
        (
            f"Add up the rows of deals that {words}.",
            "Divide by the number of all deals, 16,632, and multiply by 100.",
        ),
        places=1,
        percent=True,
    )


LESSON_SEED: Final = 3
"""The seed both lessons' notebooks use: it gives each exercise the version the notebook shows."""

_FAIR_VERSIONS: Final = (
    ((3, 4), (0, 1), "favour You", "favour Bot"),
    ((4,), (0,), "favour You by 5 points or more", "favour Bot by 5 or more"),
    ((3,), (1,), "favour You by less than 5 points", "favour Bot by less than 5"),
)
"""The rows of the table of all deals each version of the fairness question adds up."""


def is_fair(seed: int | str = LESSON_SEED) -> ChoiceQuestion:
    """Is Absolutely Aces a fair game? (Explain in words; versions count other rows of the
    table of all deals, the options in a seeded order.)"""
    counts = value_bins()
    you_rows, bot_rows, you_words, bot_words = _FAIR_VERSIONS[
        version(seed, LESSON_SEED, len(_FAIR_VERSIONS), "is fair")
    ]
    you, bot = sum(counts[b] for b in you_rows), sum(counts[b] for b in bot_rows)
    same = (
        "The two numbers are equal: neither hand is favoured over all deals."
        if you == bot
        else "Look at the two numbers again: neither hand is favoured over all deals."
    )
    options, right = seeded_order(
        seed,
        LESSON_SEED,
        (
            (
                "The game is fair before the deal, but most single deals are not fair.",
                "Swap the two seats and every value changes sign, so neither seat can be "
                "better: the game is worth 0. Yet only the fair row has value 0: most deals "
                "favour someone.",
            ),
            (
                "Every deal is fair, so luck does not matter.",
                f"Only {counts[2]:,} of the {sum(counts):,} deals are fair (value 0).",
            ),
            ("The first hand dealt is favoured.", same),
            (
                "The player who goes first always wins.",
                "Who goes first depends on the picks, and many deals favour the other player.",
            ),
        ),
        0,
        "is fair",
    )
    return choice(
        f"trees-is-fair-{seed}",
        f"Seen with both hands, {you:,} deals {you_words} and {bot:,} {bot_words}; the whole "
        "game is worth 0. What does this say about fairness?",
        options,
        right=right,
    )


_NO_SLIPS: Final = (
    "After the picks the hands are open and Bot works the tree backwards exactly: it makes no "
    "mistakes there."
)
_PLENARY_VERSIONS: Final[tuple[tuple[str, tuple[tuple[str, str], ...], int], ...]] = (
    (
        "Bot plays perfectly: it works backwards through every tree. Why can it still lose "
        "a round?",
        (
            ("It makes mistakes after the picks.", _NO_SLIPS),
            (
                "The deal can favour You, and in a mixed deal Bot's pick is a random draw.",
                "Perfect play gets the deal's value, and that can be a loss; a mixed pick can "
                "go either way in one round.",
            ),
            (
                "It cannot see your hand.",
                "Only at the pick, and its pick is already the best anyone can make without "
                "seeing your hand; after the picks the hands are open.",
            ),
        ),
        1,
    ),
    (
        "Bot plays perfectly: it works backwards through every tree. Why can You still win "
        "a round against it?",
        (
            ("Bot makes mistakes after the picks.", _NO_SLIPS),
            (
                "The deal can favour You, and in a mixed deal Bot's pick is a random draw.",
                "Perfect play gets the deal's value, and that can be a win for You; a mixed "
                "pick can go either way in one round.",
            ),
            (
                "Bot cannot see your hand.",
                "Only at the pick, and its pick is already the best anyone can make without "
                "seeing your hand; after the picks the hands are open.",
            ),
        ),
        1,
    ),
    (
        "You lost a round to the perfect Bot, then won the next one. What explains it?",
        (
            (
                "The deals were different: some deals favour You, some favour Bot, and a mixed "
                "pick can go either way in one round.",
                "Perfect play gets each deal's value: a win in one deal can be a loss in another.",
            ),
            ("Bot got tired and made mistakes after the picks.", _NO_SLIPS),
            (
                "Bot saw your hand in the first round only.",
                "Bot never sees your hand at the pick, in any round; after the picks the hands "
                "are open for both players.",
            ),
        ),
        0,
    ),
)


def plenary(seed: int | str = LESSON_SEED) -> ChoiceQuestion:
    """Why can a perfect bot still lose a round? (Versions: Bot loses, You win, a loss then a
    win; the options in a seeded order.)"""
    text, options, right = _PLENARY_VERSIONS[
        version(seed, LESSON_SEED, len(_PLENARY_VERSIONS), "plenary")
    ]
    ordered, place = seeded_order(seed, LESSON_SEED, options, right, "plenary")
    return choice(f"trees-plenary-{seed}", text, ordered, right=place)


# -- Stretch: mixed strategies and a fill-in function -----------------------------------------


def two_by_two_table(seed: int | str = 1) -> Shown:
    """The four round values of the two cards each player mixes in the seeded deal."""
    row = two_by_two_deal(seed)
    rows, cols = support(row)
    heads = ["You pick ↓  Bot picks →", *(_label(row.hands[1][j]) for j in cols)]
    body = [
        [f"**{_label(row.hands[0][i])}**", *(_signed(row.matrix[i][j]) for j in cols)] for i in rows
    ]
    return table(heads, body)


def two_by_two(seed: int | str = 1) -> NumberQuestion:
    """The exact value of a seeded deal whose mixed picks use two cards each."""
    row = two_by_two_deal(seed)
    rows, cols = support(row)
    a, b = (row.matrix[rows[0]][j] for j in cols)
    c, d = (row.matrix[rows[1]][j] for j in cols)
    return number(
        f"trees-two-by-two-{seed}",
        "Use the 2 by 2 table and the formula (ad − bc) ÷ (a − b − c + d). What is the value "
        "of this deal for You, when both mix perfectly?",
        row.value,
        (
            Mistake(
                Fraction(a + b + c + d, 4),
                "The average of the four values would mean both pick each card half the time. "
                "Use the formula.",
            ),
            Mistake(
                Fraction(max(min(a, b), min(c, d))),
                "That is what You get when You must show your pick first. Mixing does better.",
            ),
            Mistake(
                Fraction(min(max(a, c), max(b, d))),
                "That is what You get when Bot must show its pick first.",
            ),
            Mistake(
                Fraction(a * d + b * c, a - b - c + d),
                "Subtract bc from ad on top: ad − bc.",
            ),
        ),
        (
            "a and b are the first row, c and d the second row.",
            f"Here a = {a}, b = {b}, c = {c} and d = {d}.",
        ),
        places=2,
    )


def seeing_case(seed: int | str = 1) -> SeeingCase:
    """The seeded 2 by 2 case of the value of seeing."""
    cases = seeing_cases()
    return cases[_index(seed, "seeing", len(cases))]


def seeing_table(seed: int | str = 1) -> Shown:
    """The seeded case as a table: your two cards by Bot's two possible hands."""
    case = seeing_case(seed)
    heads = [
        "You pick ↓  Bot holds →",
        *(f"{_hand_words(h)}, picks {_label(p)}" for h, p in case.bots),
    ]
    body = [
        [f"**{_label(card)}**", *(_signed(v) for v in row)]
        for card, row in zip(case.cards, case.values, strict=True)
    ]
    return Shown(f"Your hand: {_hand_words(case.hand)}\n\n" + table(heads, body).markdown)


def seeing_worth(seed: int | str = 1) -> NumberQuestion:
    """What seeing Bot's hand is worth in a seeded 2 by 2 case (by hand)."""
    case = seeing_case(seed)
    return number(
        f"trees-seeing-{seed}",
        "Bot's two hands are equally likely. How many points a round, on average, is it worth "
        "to You to see Bot's hand before You pick?",
        case.worth,
        (
            Mistake(
                case.seeing,
                "That is your average when You see. Subtract your average when You do not.",
            ),
            Mistake(
                case.blind,
                "That is your average when You do not see: the better row. "
                "Subtract it from your average when You see.",
            ),
            Mistake(
                -case.worth,
                "Seeing can never hurt: take the average when You see minus "
                "the average when You do not.",
            ),
        ),
        (
            "Without seeing, You pick one row for both of Bot's hands: take the row with the "
            "bigger average.",
            "Seeing, You take the best value in each column; average those two.",
        ),
        places=1,
    )


def mixed_strategy(seed: int | str = 1) -> Shown:
    """The seeded deal's optimal mixed picks and value, typeset as exact fractions."""
    row = two_by_two_deal(seed)

    def mix(who: int) -> str:
        return ",\\quad ".join(
            f"\\text{{{_label(c)}}}: {fraction_latex(p)}" for c, p in row.picks[who].items()
        )

    return Shown(
        f"$$\\text{{You}}\\quad {mix(0)}$$\n\n$$\\text{{Bot}}\\quad {mix(1)}$$\n\n"
        f"$$\\text{{value for You}} = {fraction_latex(row.value)} \\approx {float(row.value):.2f}$$"
    )


def how_often_table() -> Shown:
    """Over all deals: how often one pick is simply best for You, how often no single pick is
    safe (both must mix), and the rest."""
    rows = deal_table()
    mixed = len(mixed_rows())
    dominant = len(dominant_rows())
    total = len(rows)
    body = [
        ("You have a pick that is simply best", len(simply_best_rows())),
        ("… of them, exactly one pick is simply best", dominant),
        ("some fixed pick is safe for both (no mixing needed)", total - mixed),
        ("someone must mix, as in rock-paper-scissors", mixed),
        ("… of them, both must mix", len(both_mix_rows())),
        ("… of them, each mixing exactly two cards", len(two_by_two_rows())),
    ]
    return table(
        ("deals where", "number", "share of all 16,632"),
        [(w, f"{n:,}", percent(Fraction(n, total), 1)) for w, n in body],
    )


def _random_tree(rng: random.Random, depth: int) -> Tree:
    if depth == 0 or random_index(rng, 3) == 0:
        return random_index(rng, 23) - 11
    return [_random_tree(rng, depth - 1) for _ in range(1 + random_index(rng, 3))]


def check_backed_up(function: Callable[[Tree, bool], object]) -> Verdict:
    """Check a learner's ``backed_up`` on small trees, the lesson's trees and 200 random ones."""
    rng = seeded("check", "absolutely aces trees lesson", "random trees")
    cases: list[tuple[tuple[object, ...], object]] = [
        ((7, True), 7),
        (([3, -7], True), 3),
        (([3, -7], False), -7),
        (([[2, 9], [-4, 11]], True), 2),
        (([[2, 9], [-4, 11]], False), 9),
    ]
    for seed in (WORKED_SEED, 1, 2):
        tree = tree_lists(seed)
        you = position(seed).mover == 0
        cases.append(((tree, you), tree_value(seed)))
    for _ in range(200):
        tree = _random_tree(rng, 4)
        cases.append(((tree, True), backed_up(tree, True)))
    return check_function("backed_up", function, cases)


_GREEDY: Final = "A move that looks good now can lead to a bad end: Bot looks at the whole tree."
_HIGH: Final = "The size of a card is not its value: a high card can lead to a losing end."
_CHOICES_VERSIONS: Final[tuple[tuple[str, tuple[tuple[str, str], ...], int], ...]] = (
    (
        "Bot plays perfectly. After the picks, how does it choose its move?",
        (
            ("It plays the move that scores the most points straight away.", _GREEDY),
            (
                "It works backwards from the ends: at each position the player to move takes "
                "the value that is best for them.",
                "So it knows the value of every move, as Show me the tree does.",
            ),
            ("It plays its highest card, to be sure of blocking.", _HIGH),
        ),
        1,
    ),
    (
        "After the picks the hands are open. You want to play as well as the perfect Bot. How "
        "should You choose each move?",
        (
            (
                "Play the move that scores the most points straight away.",
                "A move that looks good now can lead to a bad end: look at the whole tree.",
            ),
            (
                "Work backwards from the ends: at each position the player to move takes the "
                "value that is best for them.",
                "That is how Bot knows the value of every move, as Show me the tree does.",
            ),
            ("Play your highest card, to be sure of blocking.", _HIGH),
        ),
        1,
    ),
    (
        "Bot plays perfectly after the picks. Which of these does it do?",
        (
            (
                "It looks one move ahead and takes the biggest score.",
                "One move ahead is not enough. " + _GREEDY,
            ),
            ("It always blocks with its highest card.", _HIGH),
            (
                "It gives each end its score, then goes back up the tree: at each position the "
                "player to move takes the value that is best for them.",
                "Working backwards gives the value of every move, as Show me the tree does.",
            ),
        ),
        2,
    ),
)


def choices_plenary(seed: int | str = LESSON_SEED) -> ChoiceQuestion:
    """Game trees and choices: how does the perfect bot choose a move? (Versions: how Bot
    chooses, how You should, which rule Bot follows; the options in a seeded order.)"""
    text, options, right = _CHOICES_VERSIONS[
        version(seed, LESSON_SEED, len(_CHOICES_VERSIONS), "choices plenary")
    ]
    ordered, place = seeded_order(seed, LESSON_SEED, options, right, "choices plenary")
    return choice(f"trees-choices-plenary-{seed}", text, ordered, right=place)


def exercises(seed: int | str = 1) -> list[Question]:
    """Every exercise of the lesson on game trees and choices, in order (the secret pick,
    mixing and the value of seeing are the next lesson, :mod:`.secret_pick`)."""
    return [
        count_ends(seed),
        tree_question(seed),
        order_matters(seed),
        dominant_pick(seed),
        choices_plenary(seed),
    ]


def _tree_shown(seed: int | str) -> Shown:
    return tree_view(position(seed))


def _mixed_shown(seed: int | str) -> Shown:
    return pick_table(mixed_deal(seed))


def _dominant_shown(seed: int | str) -> Shown:
    return pick_table(dominant_deal(seed))


SKILLS: Final = declare(
    ("reading a game tree", "working backwards", "who moves first", "a dominant choice"),
    exercise("trees-ends", count_ends, "reading a game tree", shows=_tree_shown),
    exercise(
        "trees-value",
        tree_question,
        "working backwards",
        "reading a game tree",
        shows=_tree_shown,
    ),
    exercise(
        "trees-order",
        order_matters,
        "who moves first",
        "working backwards",
        shows=_mixed_shown,
    ),
    exercise(
        "trees-dominant",
        dominant_pick,
        "a dominant choice",
        kind="choice",
        shows=_dominant_shown,
    ),
    exercise(
        "trees-choices-plenary",
        choices_plenary,
        "working backwards",
        "a dominant choice",
        kind="choice",
    ),
)
"""The lesson's skills, and the skills of each exercise (see :mod:`acelab.teaching.skills`)."""


LESSON: Final = Lesson(
    "game_trees",
    "Absolutely Aces: game trees and choices",
    lesson_notebook("game_trees"),
    exercises,
    choices_plenary,
    LESSON_SEED,
)

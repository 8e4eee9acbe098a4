"""The secret pick solved as the game of hidden hands it is.

At the start of a round each player sees only their own five cards (RULINGS §4), so a pick can
depend on one's own hand only: the pick is a game of *hidden information*. A player's "type"
is their hand (792 hands); every ordered deal of two disjoint hands is equally likely (16,632;
the two other cards sit out); after the picks the round is worth its exact value, which the
shipped deal table (:func:`~acelab.absolutely_aces.deals.deal_table`) holds for every pair of
picks. A *strategy* gives every hand a mixed pick (card → chance). Dealing the hands the other
way round and swapping the seats negates every round value, so the game is symmetric and one
strategy serves both seats.

``pick_equilibrium.json.gz`` ships an equilibrium strategy and the solution of the peeking game
below; ``python -m acelab.absolutely_aces.pick_build`` makes it (linear programming, then made
exact in fractions).

**Certified on loading.** :func:`equilibrium` does not trust the file. With the chances as
fractions it computes, over all 16,632 deals, every hand's best reply in either seat (exact
integer arithmetic, about half a second): ``lower`` is what the strategy guarantees player 0
whatever player 1 does, ``upper`` the most player 0 can get against it played by player 1.
The game's value lies between them; ``gap = upper - lower``. The shipped file certifies with
gap 0 and value 0 — the fair game that symmetry promises. A file that is missing, cannot be
read, lacks a hand, gives a hand a card it does not hold or chances that do not add up to 1, or
whose gap is over :data:`GAP_LIMIT` is refused with a ``ValueError`` naming the file and the
hand.

**Peeking.** :func:`peek` solves the game in which player 0 sees both hands at the pick and
player 1 only their own; its value (:func:`peek_value`) is what seeing the other hand is worth,
in points a round. It is certified the same way from the file's strategies for the peeker (one
mixed pick per deal) and for the other player (one per hand).
"""

from __future__ import annotations

import gzip
import itertools
import json
import math
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Final

from acelab.absolutely_aces.card_set import CARDS
from acelab.absolutely_aces.deals import DEAL_COUNT, deal_table

__all__ = [
    "EQUILIBRIUM_FILE",
    "GAP_LIMIT",
    "HANDS",
    "RULE",
    "Equilibrium",
    "Peek",
    "equilibrium",
    "equilibrium_problem",
    "hand_text",
    "load_equilibrium",
    "load_peek",
    "peek",
    "peek_value",
    "read_hand",
    "rule_pick",
    "rule_share",
    "unaware_peek_value",
]

EQUILIBRIUM_FILE: Final = "pick_equilibrium.json.gz"
GAP_LIMIT: Final = Fraction(1, 10**9)
"""The largest certified gap accepted (points a round); the shipped file's gap is 0."""

Hand = tuple[str, ...]
HANDS: Final[tuple[Hand, ...]] = tuple(itertools.combinations(CARDS.codes, 5))
"""Every hand of five, cards in table order (by number), in the order of the deal table."""
_INDEX: Final = {hand: number for number, hand in enumerate(HANDS)}
_TEXTS: Final = frozenset(" ".join(hand) for hand in HANDS)
_OPPONENTS: Final = math.comb(7, 5)  # hands that can face a given hand: 21
Strategy = tuple[tuple[Fraction, ...], ...]  # by hand number, then by the hand's card


def hand_text(hand: Hand) -> str:
    """A hand as the file and the messages write it: ``"S1 H2 S3 H4 S5"``."""
    return " ".join(hand)


def read_hand(hand: str | Sequence[str]) -> Hand:
    """A hand of five (``"S1 H2 S3 H4 S5"`` or a sequence of cards, any order), in table
    order; a ``ValueError`` sentence for anything else."""
    words = hand.split() if isinstance(hand, str) else hand
    if isinstance(words, Sequence) and all(isinstance(w, str) for w in words):
        codes = [CARDS.card(w).code for w in words]
        if len(codes) == 5 and len(set(codes)) == 5:
            return CARDS.sort_codes(codes)
    raise ValueError('A hand is five different cards, like "S1 H2 S3 H4 S5".')


@cache
def _deals() -> tuple[tuple[int, int, tuple[tuple[int, ...], ...]], ...]:
    """Every deal as (player 0's hand number, player 1's, the 5×5 round values)."""
    return tuple((_INDEX[r.hands[0]], _INDEX[r.hands[1]], r.matrix) for r in deal_table())


def _read_strategy(name: str, hand: Hand, text: object) -> tuple[Fraction, ...]:
    """One hand's mixed pick from its text ``"S1:2/7 H6:5/7"``, checked."""
    where = f"{name} is damaged: the pick for the hand {hand_text(hand)}"
    if not isinstance(text, str):
        raise ValueError(f"{where} is not written as cards and chances.")
    chances = dict.fromkeys(hand, Fraction(0))
    for item in text.split():
        card, _, chance = item.partition(":")
        if card not in chances:
            raise ValueError(f"{where} names {card!r}, which is not in the hand.")
        try:
            chances[card] += Fraction(chance)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{where} gives {card} the chance {chance!r}.") from None
        if chances[card] < 0:
            raise ValueError(f"{where} gives {card} a negative chance.")
    total = sum(chances.values())
    if total != 1:
        raise ValueError(f"{where} has chances that add up to {total}, not 1.")
    return tuple(chances.values())


def _read_file(name: str, data: bytes) -> dict[str, object]:
    try:
        content = json.loads(gzip.decompress(data).decode("utf-8"))
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError(f"{name} is damaged: it cannot be read as gzipped JSON.") from None
    if not isinstance(content, dict) or content.get("format") != 1:
        raise ValueError(f"{name} is not a file of Absolutely Aces pick strategies.")
    return content


def _section(name: str, content: Mapping[str, object], *path: str) -> Mapping[str, object]:
    found: object = content
    for key in path:
        found = found.get(key) if isinstance(found, Mapping) else None
    if not isinstance(found, Mapping):
        raise ValueError(f"{name} is damaged: it has no {' '.join(path)} strategies.")
    return found


def _hand_strategies(name: str, section: Mapping[str, object]) -> Strategy:
    for key in section:
        if key not in _TEXTS:
            raise ValueError(f"{name} is damaged: {key!r} is not a hand of five in card order.")
    picks = []
    for hand in HANDS:
        text = hand_text(hand)
        if text not in section:
            raise ValueError(f"{name} has no pick for the hand {text}.")
        picks.append(_read_strategy(name, hand, section[text]))
    return tuple(picks)


def _scaled(strategy: Sequence[Sequence[Fraction]]) -> tuple[int, list[list[int]]]:
    """The chances over one common denominator: ``(denominator, numerators)``."""
    common = math.lcm(*(p.denominator for chances in strategy for p in chances))
    return common, [[int(p * common) for p in chances] for chances in strategy]


@dataclass(frozen=True)
class _Bounds:
    """A game's value certified between ``lower`` and ``upper`` (points a round)."""

    lower: Fraction
    upper: Fraction

    @property
    def value(self) -> Fraction:
        """The value for player 0 in points a round: the midpoint of the bounds, exact when
        the gap is 0."""
        return (self.lower + self.upper) / 2

    @property
    def gap(self) -> Fraction:
        """``upper - lower``: 0 when the strategies are exactly optimal."""
        return self.upper - self.lower


@dataclass(frozen=True)
class Equilibrium(_Bounds):
    """A certified solution of the pick with hidden hands (both seats play ``strategy``).

    ``value`` is the game's value in points a round for player 0 (the midpoint of ``lower``
    and ``upper``, exact when ``gap`` is 0, as it is for the shipped file); ``lower`` what the
    strategy guarantees player 0, ``upper`` the most player 0 can get against it.
    """

    picks: Strategy = field(repr=False)
    values: tuple[tuple[Fraction, ...], ...] = field(repr=False)

    def strategy(self, hand: str | Sequence[str]) -> dict[str, Fraction]:
        """The mixed pick of ``hand``: each of its cards → its chance (they add up to 1)."""
        cards = read_hand(hand)
        return dict(zip(cards, self.picks[_INDEX[cards]], strict=True))

    def card_values(self, hand: str | Sequence[str]) -> dict[str, Fraction]:
        """Each card of ``hand`` → the points a round its holder expects when picking it
        against the other player's equilibrium pick (the hidden hand averaged over all 21,
        then both play perfectly). The cards the strategy picks share the highest value."""
        cards = read_hand(hand)
        return dict(zip(cards, self.values[_INDEX[cards]], strict=True))

    def hand_value(self, hand: str | Sequence[str]) -> Fraction:
        """What holding ``hand`` is worth, in points a round, against an opponent playing the
        equilibrium (who thereby best-responds to it): its best card value."""
        return max(self.card_values(hand).values())

    @property
    def mixing(self) -> tuple[Hand, ...]:
        """The hands whose pick in this equilibrium is a mix of two or more cards."""
        return tuple(h for h, p in zip(HANDS, self.picks, strict=True) if sum(x > 0 for x in p) > 1)


def _certify(name: str, picks: Strategy) -> Equilibrium:
    common, weights = _scaled(picks)
    seat0 = [[0] * 5 for _ in HANDS]  # seat0[a][i]: player 0 holds a, picks i, vs the strategy
    seat1 = [[0] * 5 for _ in HANDS]  # seat1[b][j]: player 1 holds b, picks j (player 0's points)
    for a, b, matrix in _deals():
        row0, row1 = seat0[a], seat1[b]
        for j, w in enumerate(weights[b]):
            if w:
                for i in range(5):
                    row0[i] += matrix[i][j] * w
        for i, w in enumerate(weights[a]):
            if w:
                for j in range(5):
                    row1[j] += matrix[i][j] * w
    scale = common * DEAL_COUNT
    upper = Fraction(sum(max(row) for row in seat0), scale)
    lower = Fraction(sum(min(row) for row in seat1), scale)
    if upper - lower > GAP_LIMIT:
        regrets = [
            max(max(r0) * common - _dot(w, r0), _dot(w, r1) - min(r1) * common)
            for w, r0, r1 in zip(weights, seat0, seat1, strict=True)
        ]
        worst = HANDS[regrets.index(max(regrets))]
        raise ValueError(
            f"{name} does not certify: a player holding {hand_text(worst)} gains by "
            f"picking otherwise (gap {float(upper - lower):.2g} points a round)."
        )
    values = tuple(tuple(Fraction(v, common * _OPPONENTS) for v in row) for row in seat0)
    return Equilibrium(lower, upper, picks, values)


def _dot(weights: Sequence[int], row: Sequence[int]) -> int:
    return sum(w * r for w, r in zip(weights, row, strict=True))


def load_equilibrium(data: bytes, name: str = EQUILIBRIUM_FILE) -> Equilibrium:
    """The hidden-hands equilibrium of a strategies file's bytes, certified; a
    ``ValueError`` naming ``name`` (and the hand at fault) if it is damaged or does not
    certify."""
    content = _read_file(name, data)
    return _certify(name, _hand_strategies(name, _section(name, content, "hidden")))


def _shipped() -> bytes:
    try:
        return resources.files("acelab.absolutely_aces").joinpath(EQUILIBRIUM_FILE).read_bytes()
    except OSError:
        raise ValueError(f"The pick strategies file {EQUILIBRIUM_FILE} is missing.") from None


@cache
def _shipped_equilibrium() -> Equilibrium | ValueError:
    """The shipped equilibrium, or its refusal (kept, so a bad file is read only once)."""
    try:
        return load_equilibrium(_shipped())
    except ValueError as refusal:
        return refusal


def equilibrium() -> Equilibrium:
    """The shipped equilibrium of the pick with hidden hands, certified on first use (about
    a second); a ``ValueError`` naming the file and the hand if it is refused."""
    found = _shipped_equilibrium()
    if isinstance(found, ValueError):
        raise found
    return found


def equilibrium_problem() -> str | None:
    """Why the shipped equilibrium cannot be used (the sentence of its refusal), or None."""
    found = _shipped_equilibrium()
    return str(found) if isinstance(found, ValueError) else None


RULE: Final = ("Joker", "Swoop", "Ace", "Break", "Climb", "Roll", "Scissors")
"""The pick rule most often right: the first of these types that the hand holds (the higher
card of two). ``python -m acelab.absolutely_aces.pick`` says for how many hands it is a best
pick against the equilibrium."""


def rule_pick(hand: str | Sequence[str]) -> str:
    """The card :data:`RULE` picks from ``hand``. It is also the safe pick of the perfect bot
    when the equilibrium file is refused."""
    cards = read_hand(hand)
    rank = {kind: place for place, kind in enumerate(RULE)}
    return min(reversed(cards), key=lambda c: rank[CARDS.by_code[c].type])


@dataclass(frozen=True)
class Peek(_Bounds):
    """The pick when player 0 sees both hands and player 1 only their own, certified.

    ``value`` (points a round for the peeker; midpoint of ``lower`` and ``upper``, exact when
    ``gap`` is 0, as for the shipped file) is what seeing the other hand is worth, the game
    without peeking being worth 0. ``changes`` is how often peeking changes the right pick:
    the chance, over all deals and the hidden-hands equilibrium's mixed picks, that the card
    one would pick without seeing the other hand is not a best pick once one sees it (against
    the non-peeker's equilibrium pick of this game).
    """

    changes: Fraction


def _deal_strategies(name: str, section: Mapping[str, object]) -> Strategy:
    known = {f"{hand_text(HANDS[a])} / {hand_text(HANDS[b])}" for a, b, _ in _deals()}
    for key in section:
        if key not in known:
            raise ValueError(f"{name} is damaged: {key!r} is not a deal of two hands.")
    picks = []
    for a, b, _ in _deals():
        key = f"{hand_text(HANDS[a])} / {hand_text(HANDS[b])}"
        if key not in section:
            raise ValueError(f"{name} has no peeking pick for the deal {key}.")
        picks.append(_read_strategy(name, HANDS[a], section[key]))
    return tuple(picks)


def load_peek(data: bytes, name: str = EQUILIBRIUM_FILE) -> Peek:
    """The peeking game of a strategies file's bytes, certified (see :class:`Peek`)."""
    content = _read_file(name, data)
    peeker = _deal_strategies(name, _section(name, content, "peek", "peeker"))
    other = _hand_strategies(name, _section(name, content, "peek", "other"))
    hidden = _hand_strategies(name, _section(name, content, "hidden"))
    common_p, peeker_w = _scaled(peeker)
    common_o, other_w = _scaled(other)
    best_sum = 0  # the peeker's best reply, deal by deal, to the other's picks
    seat1 = [[0] * 5 for _ in HANDS]  # the other's reply to the peeker, hand by hand
    changed = Fraction(0)
    for (a, b, matrix), mine in zip(_deals(), peeker_w, strict=True):
        theirs = other_w[b]
        replies = [_dot(theirs, row) for row in matrix]
        best = max(replies)
        best_sum += best
        changed += sum(p for p, r in zip(hidden[a], replies, strict=True) if r < best)
        row1 = seat1[b]
        for i, w in enumerate(mine):
            if w:
                for j in range(5):
                    row1[j] += matrix[i][j] * w
    upper = Fraction(best_sum, common_o * DEAL_COUNT)
    lower = Fraction(sum(min(row) for row in seat1), common_p * DEAL_COUNT)
    if upper - lower > GAP_LIMIT:
        raise ValueError(
            f"{name} does not certify its peeking strategies "
            f"(gap {float(upper - lower):.2g} points a round)."
        )
    return Peek(lower, upper, changed / DEAL_COUNT)


@cache
def peek() -> Peek:
    """The shipped solution of the peeking game, certified on first use."""
    return load_peek(_shipped())


def unaware_peek_value() -> Fraction:
    """Points a round for a player who sees both hands and best-replies, deal by deal, to an
    opponent playing the hidden-hands equilibrium who does not know it is seen. At least
    :func:`peek_value`: in the peeking game the seen player adapts."""
    common, weights = _scaled(equilibrium().picks)
    total = sum(max(_dot(weights[b], row) for row in matrix) for _, b, matrix in _deals())
    return Fraction(total, common * DEAL_COUNT)


def peek_value() -> Fraction:
    """What seeing the other hand at the pick is worth, in points a round: the exact value of
    the pick when one player sees both hands and the other only their own (certified with
    gap 0 from the shipped strategies; the game without peeking is worth 0)."""
    return peek().value


def rule_share(pick: Callable[[Hand], str] = rule_pick) -> Fraction:
    """The share of the 792 hands for which ``pick`` (a hand → a card) gives a best pick
    against the equilibrium (a card the equilibrium's card values put at the top)."""
    solved = equilibrium()
    right = sum(pick(h) in _best_cards(solved, h) for h in HANDS)
    return Fraction(right, len(HANDS))


def _best_cards(solved: Equilibrium, hand: Hand) -> set[str]:
    values = solved.card_values(hand)
    top = max(values.values())
    return {card for card, value in values.items() if value == top}


def main() -> None:
    """Print the closing note's figures from the shipped file."""
    solved, peeking = equilibrium(), peek()
    print(f"hidden hands: value {solved.value} for player 0, certified gap {solved.gap}")
    print(f"hands whose pick mixes: {len(solved.mixing)} of {len(HANDS)}")
    for hand in solved.mixing:
        mix = ", ".join(f"{c} {p}" for c, p in solved.strategy(hand).items() if p)
        print(f"  {hand_text(hand)}: {mix}")
    values = {hand: solved.hand_value(hand) for hand in HANDS}
    for word, value in (("best", max(values.values())), ("worst", min(values.values()))):
        held = " and ".join(hand_text(h) for h, v in values.items() if v == value)
        print(f"{word} hand to hold: {held}, {value} = {float(value):+.3f} points a round")
    print(
        f"rule {' > '.join(RULE)}: a best pick for {float(rule_share()):.1%} of hands; "
        f"highest card: {float(rule_share(lambda h: h[-1])):.1%}"
    )
    print(f"peeking: value {peeking.value} = {float(peeking.value):.4f} points a round")
    print(f"  certified gap {peeking.gap}; it changes the right pick {float(peeking.changes):.1%}")


if __name__ == "__main__":
    main()

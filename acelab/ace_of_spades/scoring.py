"""Damage scoring of Devir's *Ace of Spades*, as settled in acelab's RULINGS.md §2.

A Hand deals the damage of its combination plus +1 for each J, Q or K and +3 for each Ace
**among its scoring cards only**. Aces count 1 and also high in 10-J-Q-K-A; straights never wrap
around. The Joker may be any card (value and suit, even one already in the Hand), and then earns
that card's bonus. A player may declare a lesser combination than the best one.

Enemy effects change the scoring through :class:`Modifiers` (a bonus to one combination, a card
value counting as another, no face-card bonus, ...). The search does not try every subset of the
hand: it groups the cards by value and by suit and reads each combination off the groups, so one
8-card hand is scored in a few tens of microseconds.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from acelab.engine.cards import SUITS, Card, Rank, parse_cards
from acelab.engine.terms import shown
from acelab.poker import straight_windows

__all__ = [
    "BASE_DAMAGE",
    "COMBINATIONS",
    "Damage",
    "Modifiers",
    "best_play",
    "best_total",
    "bonus",
    "checked_modifiers",
    "damage",
    "holds",
    "play_from",
    "poor_hand_allowed",
    "read_cards",
    "scoring_subsets",
]

BASE_DAMAGE: Final[dict[str, int]] = {
    "pair": 1,
    "two_pair": 2,
    "three_of_a_kind": 3,
    "straight": 4,
    "flush": 5,
    "full_house": 6,
    "four_of_a_kind": 8,
    "straight_flush": 10,
    "five_of_a_kind": 12,
}
"""The printed damage of each combination, weakest first."""

COMBINATIONS: Final[tuple[str, ...]] = tuple(BASE_DAMAGE)
_RANK: Final = {name: i for i, name in enumerate(COMBINATIONS)}
(PAIR, TWO_PAIR, THREE, STRAIGHT, FLUSH, FULL, FOUR, STRAIGHT_FLUSH, FIVE) = range(9)
_WINDOWS: Final = straight_windows()
_WINDOW_MASKS: Final = frozenset(sum(1 << v for v in w) for w in _WINDOWS)
_SUIT_LETTERS: Final = tuple(s.letter for s in SUITS)
MAX_JOKERS: Final = 1
"""A hand holds at most one Joker: the game has one."""


def bonus(value: int) -> int:
    """Extra damage of one scoring card of this value (1 for an Ace to 13 for a King): +3 for
    an Ace, +1 for J, Q, K."""
    _check_value(value)
    return 3 if value == 1 else 1 if value >= 11 else 0


@dataclass(frozen=True)
class Modifiers:
    """How active Enemy effects change the scoring of every Hand (all default to none).

    ``combination_bonus``: (combination, extra) pairs, a negative extra is a penalty; it applies
    to exactly that combination (a "pair" bonus does not reach two pair, FAQ). ``banned``:
    combinations that deal nothing. ``value_bonus`` / ``suit_bonus``: (value or suit letter,
    extra) for each scoring card of it. ``face_bonus`` / ``ace_bonus``: whether J/Q/K and Aces
    earn their printed +1 / +3. ``flat``: extra damage of every Hand that holds a combination.
    ``value_as``: (value, other) — a card of that value may count as the other value (its bonus
    included). ``suit_as``: (suit, other) — a card of that suit may count as the other suit.
    """

    combination_bonus: tuple[tuple[str, int], ...] = ()
    banned: tuple[str, ...] = ()
    value_bonus: tuple[tuple[int, int], ...] = ()
    suit_bonus: tuple[tuple[str, int], ...] = ()
    face_bonus: bool = True
    ace_bonus: bool = True
    flat: int = 0
    value_as: tuple[tuple[int, int], ...] = ()
    suit_as: tuple[tuple[str, str], ...] = ()
    _compiled: _Compiled | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        for name, extra in _pairs(self.combination_bonus, "combination_bonus"):
            _check_combination(name)
            _check_whole(extra, "A combination's extra damage")
        if not isinstance(self.banned, tuple):
            raise ValueError("banned is a tuple of combination names.")
        for name in self.banned:
            _check_combination(name)
        for value, extra in _pairs(self.value_bonus, "value_bonus"):
            _check_value(value)
            _check_whole(extra, "A card value's extra damage")
        for value, other in _pairs(self.value_as, "value_as"):
            _check_value(value)
            _check_value(other)
        for letter, extra in _pairs(self.suit_bonus, "suit_bonus"):
            _check_suit(letter)
            _check_whole(extra, "A suit's extra damage")
        for a, b in _pairs(self.suit_as, "suit_as"):
            _check_suit(a)
            _check_suit(b)
        if type(self.face_bonus) is not bool or type(self.ace_bonus) is not bool:
            raise ValueError("face_bonus and ace_bonus are True or False.")
        _check_whole(self.flat, "The flat bonus")

    @property
    def compiled(self) -> _Compiled:
        """The lookup tables the search reads (built once per Modifiers)."""
        if self._compiled is None:
            object.__setattr__(self, "_compiled", _compile(self))
        assert self._compiled is not None
        return self._compiled


def _check_value(value: object) -> None:
    if type(value) is not int or not 1 <= value <= 13:
        raise ValueError(
            f"A card value is a whole number from 1 (Ace) to 13 (King), not {shown(value)}."
        )


def _pairs(value: object, name: str) -> tuple[tuple[object, object], ...]:
    if not isinstance(value, tuple) or not all(
        isinstance(pair, tuple) and len(pair) == 2 for pair in value
    ):
        raise ValueError(f"{name} is a tuple of pairs, not {shown(value)}.")
    return value


def _check_whole(value: object, what: str) -> None:
    if type(value) is not int or abs(value) > 1000:
        raise ValueError(f"{what} is a whole number from -1000 to 1000, not {shown(value)}.")


def _check_combination(name: object) -> None:
    if not isinstance(name, str) or name not in _RANK:
        raise ValueError(
            f"{shown(name)} is not a combination: choose one of {', '.join(COMBINATIONS)}."
        )


def _check_suit(letter: object) -> None:
    if not isinstance(letter, str) or letter not in _SUIT_LETTERS:
        raise ValueError(f"A suit is one of S, H, D, C, not {shown(letter)}.")


def read_cards(cards: object) -> Sequence[Card]:
    """Cards already read (by ``parse_cards``), refused in words when they are not."""
    if (
        not isinstance(cards, Sequence)
        or isinstance(cards, str)
        or not all(isinstance(c, Card) for c in cards)
    ):
        raise ValueError("Give cards already read, like parse_cards('AS KD').")
    return cards


@dataclass(frozen=True)
class _Compiled:
    base: tuple[int | None, ...]  # damage of each combination, None when banned
    value_bonus: tuple[int, ...]  # index 0..13 (0 unused)
    suit_bonus: tuple[int, ...]  # index 0..3
    best_suit: int  # the suit a Joker takes outside flushes
    values_of: tuple[tuple[int, ...], ...]  # the values a card of each printed value may be
    suits_of: tuple[int, ...]  # bit mask of suits a card of each printed suit may be
    flat: int
    plain_values: bool


def _compile(mods: Modifiers) -> _Compiled:
    base: list[int | None] = list(BASE_DAMAGE.values())
    for name, extra in mods.combination_bonus:
        old = base[_RANK[name]]
        base[_RANK[name]] = None if old is None else old + extra
    for name in mods.banned:
        base[_RANK[name]] = None
    value_bonus = [0] * 14
    for v in range(1, 14):
        if v == 1 and mods.ace_bonus:
            value_bonus[v] = 3
        elif v >= 11 and mods.face_bonus:
            value_bonus[v] = 1
    for v, extra in mods.value_bonus:
        value_bonus[v] += extra
    suit_bonus = [0] * 4
    for letter, extra in mods.suit_bonus:
        suit_bonus[_SUIT_LETTERS.index(letter)] += extra
    values_of = [[v] for v in range(14)]
    for v, other in mods.value_as:
        if other not in values_of[v]:
            values_of[v].append(other)
    suits_of = [1 << s for s in range(4)]
    for a, b in mods.suit_as:
        suits_of[_SUIT_LETTERS.index(a)] |= 1 << _SUIT_LETTERS.index(b)
    return _Compiled(
        base=tuple(base),
        value_bonus=tuple(value_bonus),
        suit_bonus=tuple(suit_bonus),
        best_suit=max(range(4), key=lambda s: (suit_bonus[s], -s)),
        values_of=tuple(tuple(v) for v in values_of),
        suits_of=tuple(suits_of),
        flat=mods.flat,
        plain_values=not mods.value_as,
    )


NO_MODIFIERS: Final = Modifiers()
"""The printed scoring, with no Enemy effect."""


@dataclass(frozen=True)
class Damage:
    """What a Hand deals: ``total`` = ``base`` (the combination's) + ``bonus`` (its cards').

    ``combination`` is a name from :data:`COMBINATIONS`, or ``"none"`` for a Poor Hand.
    ``scoring_cards`` are the played cards that make the combination (a Joker stays a Joker
    there; ``jokers_as`` says which card each scoring Joker stood for); ``played`` is the whole
    Hand put down.
    """

    total: int
    combination: str
    scoring_cards: tuple[Card, ...]
    played: tuple[Card, ...]
    base: int = 0
    bonus: int = 0
    jokers_as: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.combination == "none":
            return "Poor Hand: 0 damage."
        name = self.combination.replace("_", " ").capitalize()
        cards = " ".join(str(c) for c in self.scoring_cards)
        return f"{name} ({cards}): {self.base} + {self.bonus} bonus = {self.total} damage."


# An option: (total, combination number, scoring indices, joker value, joker suit).
Option = tuple[int, int, tuple[int, ...], int, int]
Spot = tuple[int, int]  # (value 1..13, suit 0..3); the Joker is (0, -1)


@lru_cache(maxsize=64)
def _spot(card: Card) -> Spot:
    if card.rank is None or card.suit is None:
        return (0, -1)
    return (card.rank.value, card.suit.index)


def _better(a: Option | None, b: Option | None) -> Option | None:
    if a is None:
        return b
    if b is None or (a[0], a[1]) >= (b[0], b[1]):
        return a
    return b


def _top(indices: list[int], bonuses: list[int], k: int) -> tuple[int, tuple[int, ...]]:
    chosen = sorted(indices, key=lambda i: -bonuses[i])[:k]
    return sum(bonuses[i] for i in chosen), tuple(sorted(chosen))


def _evaluate(
    spots: Sequence[Spot],
    values: Sequence[int],
    joker: int,
    comp: _Compiled,
    only: int | None,
) -> Option | None:
    """The best option when every card's value is fixed (``values``; the Joker's included)."""
    base = comp.base
    vb, sb = comp.value_bonus, comp.suit_bonus
    bonuses = [vb[v] + sb[s] for (_, s), v in zip(spots, values, strict=True)]
    jv = values[joker] if joker >= 0 else 0
    if joker >= 0:
        bonuses[joker] = vb[jv] + sb[comp.best_suit]
    groups: dict[int, list[int]] = {}
    for i, v in enumerate(values):
        groups.setdefault(v, []).append(i)
    best: Option | None = None

    def offer(rank: int, extra: int, indices: tuple[int, ...], suit: int) -> None:
        nonlocal best
        damage = base[rank]
        if damage is None or (only is not None and only != rank):
            return
        best = _better(best, (max(0, damage + extra + comp.flat), rank, indices, jv, suit))

    js = comp.best_suit
    pairs: list[tuple[int, tuple[int, ...]]] = []
    triples: list[tuple[int, tuple[int, ...], int]] = []
    for v, members in groups.items():
        size = len(members)
        if size >= 2:
            pairs.append((*_top(members, bonuses, 2), v))  # type: ignore[arg-type]
            offer(PAIR, *pairs[-1][:2], js)
        if size >= 3:
            triples.append((*_top(members, bonuses, 3), v))
            offer(THREE, *triples[-1][:2], js)
        if size >= 4:
            offer(FOUR, *_top(members, bonuses, 4), js)
        if size >= 5:
            offer(FIVE, *_top(members, bonuses, 5), js)
    if len(pairs) >= 2:
        pairs.sort(key=lambda p: -p[0])
        (b1, i1, *_), (b2, i2, *_) = pairs[0], pairs[1]
        offer(TWO_PAIR, b1 + b2, tuple(sorted(i1 + i2)), js)
    for tb, ti, tv in triples:
        for p in pairs:
            if p[2] != tv:  # type: ignore[misc]
                pb, pi = p[0], p[1]
                offer(FULL, tb + pb, tuple(sorted(ti + pi)), js)
                break
    if len(groups) >= 5:
        for window in _WINDOWS:
            if all(v in groups for v in window):
                picks = [max(groups[v], key=lambda i: bonuses[i]) for v in window]
                offer(STRAIGHT, sum(bonuses[i] for i in picks), tuple(sorted(picks)), js)
    if len(spots) >= 5:
        _flushes(spots, values, joker, comp, offer)
    return best


def _flushes(
    spots: Sequence[Spot],
    values: Sequence[int],
    joker: int,
    comp: _Compiled,
    offer: object,
) -> None:
    """Offer every flush and straight flush (the Joker takes the flush's suit)."""
    assert callable(offer)
    vb, sb = comp.value_bonus, comp.suit_bonus
    for suit in range(4):
        bit = 1 << suit
        members = [i for i, (_, s) in enumerate(spots) if s >= 0 and comp.suits_of[s] & bit]
        if joker >= 0:
            members.append(joker)
        if len(members) < 5:
            continue
        bonuses = {
            i: vb[values[i]] + (sb[suit] if i == joker else sb[spots[i][1]]) for i in members
        }
        chosen = sorted(members, key=lambda i: -bonuses[i])[:5]
        offer(FLUSH, sum(bonuses[i] for i in chosen), tuple(sorted(chosen)), suit)
        by_value: dict[int, list[int]] = {}
        for i in members:
            by_value.setdefault(values[i], []).append(i)
        for window in _WINDOWS:
            if all(v in by_value for v in window):
                picks = [max(by_value[v], key=lambda i: bonuses[i]) for v in window]
                extra = sum(bonuses[i] for i in picks)
                offer(STRAIGHT_FLUSH, extra, tuple(sorted(picks)), suit)


def _joker_values(values: list[int], joker: int, comp: _Compiled) -> list[int]:
    """The values worth trying for the Joker: a value held (groups), a gap of a straight, the
    value with the largest bonus (flushes). No other value can do better."""
    held = {v for i, v in enumerate(values) if i != joker}
    tries = set(held)
    for window in _WINDOWS:
        missing = [v for v in window if v not in held]
        if len(missing) == 1:
            tries.add(missing[0])
    tries.add(max(range(1, 14), key=lambda v: (comp.value_bonus[v], -v)))
    return sorted(tries)


def _search(spots: Sequence[Spot], comp: _Compiled, only: int | None = None) -> Option | None:
    """The best option of these cards (the most damage, then the strongest combination)."""
    joker = next((i for i, (_, s) in enumerate(spots) if s < 0), -1)
    printed = [v for v, _ in spots]
    if comp.plain_values:
        choices: Iterable[tuple[int, ...]] = [()]
        ambiguous: list[int] = []
    else:
        ambiguous = [i for i, (v, s) in enumerate(spots) if s >= 0 and len(comp.values_of[v]) > 1]
        choices = itertools.product(*(comp.values_of[printed[i]] for i in ambiguous))
    best: Option | None = None
    for choice in choices:
        values = list(printed)
        for i, v in zip(ambiguous, choice, strict=True):
            values[i] = v
        if joker < 0:
            best = _better(best, _evaluate(spots, values, -1, comp, only))
            continue
        for jv in _joker_values(values, joker, comp):
            values[joker] = jv
            best = _better(best, _evaluate(spots, values, joker, comp, only))
    return best


def _as_damage(
    option: Option | None, cards: Sequence[Card], played: Sequence[Card], comp: _Compiled
) -> Damage:
    if option is None:
        return Damage(0, "none", (), tuple(played))
    total, rank, indices, jv, js = option
    name = COMBINATIONS[rank]
    base = comp.base[rank] or 0
    scoring = tuple(cards[i] for i in indices)
    jokers_as = tuple(Card(Rank(jv), SUITS[js]) for c in scoring if c.is_joker)
    return Damage(total, name, scoring, tuple(played), base, total - base, jokers_as)


def _checked(cards: str | Iterable[str | Card], most: int, what: str) -> tuple[Card, ...]:
    """The cards, refused at once when they cannot be one hand (checked before any search)."""
    if isinstance(cards, str) and len(cards) > 40 * most:
        raise ValueError(f"{what} has 1 to {most} cards: this text is far too long.")
    hand = parse_cards(cards)
    if not 1 <= len(hand) <= most:
        raise ValueError(f"{what} has 1 to {most} cards, not {len(hand)}.")
    jokers = sum(c.is_joker for c in hand)
    if jokers > MAX_JOKERS:
        raise ValueError(f"{what} holds at most one Joker (the game has one), not {jokers}.")
    naturals = [str(c) for c in hand if not c.is_joker]
    repeated = sorted({c for c in naturals if naturals.count(c) > 1})
    if repeated:
        raise ValueError(f"{what} cannot hold the same card twice: {', '.join(repeated)}.")
    return hand


def checked_modifiers(modifiers: object) -> Modifiers:
    """``modifiers``, or the printed rules for ``None``; anything else is refused in words."""
    if modifiers is None:
        return NO_MODIFIERS
    if not isinstance(modifiers, Modifiers):
        raise ValueError("modifiers must be a Modifiers value (or None for the printed rules).")
    return modifiers


def _modifiers(modifiers: Modifiers | None) -> _Compiled:
    return checked_modifiers(modifiers).compiled


def damage(
    cards: str | Iterable[str | Card],
    declare: str | None = None,
    modifiers: Modifiers | None = None,
) -> Damage:
    """The damage of a played Hand of up to 5 cards (Jokers wild).

    Without ``declare`` the Hand is scored as the combination that deals the most; with it
    (a name from :data:`COMBINATIONS`, for a lesser declaration) as that combination, which
    the cards must hold. A Hand holding no combination is a Poor Hand: 0 damage.
    ``modifiers`` applies Enemy effects (see :class:`Modifiers`).

    >>> damage("2S 2H 2D KS KC").total
    8
    """
    hand = _checked(cards, 5, "A played Hand")
    if declare is not None:
        _check_combination(declare)
    comp = _modifiers(modifiers)
    only = None if declare is None else _RANK[declare]
    option = _search([_spot(c) for c in hand], comp, only)
    if option is None and declare is not None:
        shown = " ".join(str(c) for c in hand)
        raise ValueError(f"{shown} holds no {declare.replace('_', ' ')} to declare.")
    return _as_damage(option, hand, hand, comp)


def _keep_value(card: Card) -> tuple[int, int]:
    """How much a player wants to keep a card: the Joker most, then Aces, then high cards."""
    if card.rank is None:
        return (2, 0)
    value = card.rank.value
    return (1 if value == 1 else 0, value if value > 1 else 14)


def best_play(
    hand: str | Iterable[str | Card], easy: bool = False, modifiers: Modifiers | None = None
) -> Damage:
    """The Hand to play from a hand of up to 8 cards that deals the most damage.

    Normal: 5 cards (or all, if fewer are held): the scoring cards plus the cards least worth
    keeping. ``easy=True``: just the scoring cards. With no combination, the 5 cards least
    worth keeping are played as a Poor Hand. ``.played`` lists the cards put down.
    ``modifiers`` applies Enemy effects (see :class:`Modifiers`).
    """
    return play_from(_checked(hand, 8, "A hand"), easy, modifiers)


def play_from(
    cards: Sequence[Card], easy: bool = False, modifiers: Modifiers | None = None
) -> Damage:
    """:func:`best_play` of cards already checked (any number: effects may draw past 8)."""
    cards = read_cards(cards)
    if type(easy) is not bool:
        raise ValueError("easy is True or False.")
    comp = _modifiers(modifiers)
    option = _search([_spot(c) for c in cards], comp)
    chosen = [] if option is None else list(option[2])
    if not easy or option is None:
        spare = sorted(set(range(len(cards))) - set(chosen), key=lambda i: _keep_value(cards[i]))
        chosen += spare[: max(0, min(5, len(cards)) - len(chosen))]
    return _as_damage(option, cards, [cards[i] for i in chosen], comp)


def best_total(cards: Sequence[Card], modifiers: Modifiers | None = None) -> int:
    """The most damage one Hand of these (already checked) cards can deal: for bots."""
    option = _search([_spot(c) for c in read_cards(cards)], _modifiers(modifiers))
    return 0 if option is None else option[0]


def poor_hand_allowed(hand: str | Iterable[str | Card], discards_left: int) -> bool:
    """Whether a Poor Hand (5 cards, 0 damage) may be played: no combination and no discards."""
    if type(discards_left) is not int or discards_left < 0:
        raise ValueError(f"The Discards dial shows a whole number, not {shown(discards_left)}.")
    return discards_left == 0 and best_play(hand).combination == "none"


def holds(cards: Sequence[Card], modifiers: Modifiers | None = None) -> bool:
    """True when these (already checked) cards hold a combination that is not banned."""
    return _search([_spot(c) for c in read_cards(cards)], _modifiers(modifiers)) is not None


def scoring_subsets(
    cards: Sequence[Card], sizes: Iterable[int], modifiers: Modifiers | None = None
) -> Iterator[tuple[int, ...]]:
    """The positions of every set of ``cards``, of each of ``sizes`` in turn (in the order of
    ``itertools.combinations``), that holds a combination: the Hands a player may play."""
    cards, comp = read_cards(cards), _modifiers(modifiers)
    sizes = tuple(sizes) if isinstance(sizes, Iterable) else (-1,)
    if not all(type(n) is int and n >= 0 for n in sizes):
        raise ValueError("Give the sizes of the Hands as whole numbers.")
    printed = comp.plain_values and None not in comp.base and comp.suits_of == (1, 2, 4, 8)
    spots = [_spot(c) for c in cards]
    for size in sizes:
        for indices in itertools.combinations(range(len(cards)), size):
            chosen = [spots[i] for i in indices]
            if _printed_holds(chosen) if printed else _search(chosen, comp) is not None:
                yield indices


def _printed_holds(spots: list[Spot]) -> bool:
    """Whether these cards hold a combination under the printed rules (fast, for listing)."""
    mask = suits = 0
    for v, suit in spots:
        if suit < 0:
            return len(spots) >= 2
        bit = 1 << v
        if mask & bit:
            return True
        mask |= bit
        suits |= 1 << suit
    if len(spots) != 5:
        return False
    return suits in (1, 2, 4, 8) or mask in _WINDOW_MASKS

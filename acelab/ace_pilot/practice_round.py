"""A Practice round of Ace Pilot: one Assault dealt from a chosen deal, over once it is played.

A *deal* (:class:`~acelab.ace_pilot.deal_figures.Deal`, written ``"2-6-10-12/10/D"``) is a hand
of four values, an even target and a Starting Pilot. :func:`practice_state` lays it out as a
real game state, so the ordinary table, gestures, rules and saves play it: the seed shuffles the
deck as in every game, the hand takes the first card of each value the deal needs, the Reveal
shows the fewest evens that make the target (one card, or two when the hand holds every card of
the target's value), the Starting Pilot is in the Assault Zone and the other three are Ready.
The state has ``practice=True``: the rules end the game after its one Assault (won when the
equation makes the target, lost when conceded or dividing by zero).

It is what :meth:`AcePilot.new_state(seed, deal=...) <acelab.ace_pilot.rules.AcePilot.new_state>`
deals, so a saved practice round (its seed, ``{"deal": key}`` and its moves) replays exactly.
Pure Python: no widget, no I/O.
"""

from __future__ import annotations

from collections import Counter

from acelab.ace_pilot.deal_figures import Deal, parse_deal
from acelab.ace_pilot.pilots import PILOTS
from acelab.ace_pilot.state import Phase, PilotState
from acelab.engine.cards import Card, deck_without_aces
from acelab.engine.seeds import check_seed, derive_rng, shuffle_in_place

__all__ = ["can_deal", "practice_state"]


def _take(cards: list[Card], value: int) -> Card | None:
    """Remove and return the first card of ``value`` left in ``cards`` (``None``: none left)."""
    for index, card in enumerate(cards):
        if not card.is_joker and card.value == value:
            return cards.pop(index)
    return None


def _evens_for(cards: list[Card], target: int) -> list[Card] | None:
    """The fewest evens left in ``cards`` that make ``target`` (removed from ``cards``)."""
    one = _take(cards, target)
    if one is not None:
        return [one]
    for low in range(2, target // 2 + 1, 2):
        high = target - low
        first = _take(cards, low)
        if first is None:
            continue
        second = _take(cards, high)
        if second is not None:
            return [first, second]
        cards.insert(0, first)  # put it back (its place no longer matters: the deck is dealt)
    return None


def _lay_out(seed: int | str, deal: Deal) -> PilotState | None:
    cards = list(deck_without_aces(jokers=2))
    shuffle_in_place(derive_rng(seed, "ace pilot", "deck", 0), cards)
    hand: list[Card] = []
    for value in deal.hand:
        card = _take(cards, value)
        if card is None:
            return None
        hand.append(card)
    evens = _evens_for(cards, deal.target)
    if evens is None:
        return None
    return PilotState(
        seed=seed,
        challenge=len(evens),
        phase=Phase.ASSAULT,
        deck=tuple(cards),
        hand=tuple(hand),
        evens=tuple(evens),
        assault=deal.start,
        ready=tuple(p for p in PILOTS if p is not deal.start),
        practice=True,
    )


def practice_state(seed: int | str, deal: Deal | str) -> PilotState:
    """The Practice round of ``deal`` (a :class:`Deal` or its key ``"2-6-10-12/10/D"``), the
    deck shuffled from ``seed``. ``ValueError`` in a sentence for a bad seed, a text that is not
    a deal, or a deal one deck cannot lay out (a hand of four 2s and the target 2)."""
    check_seed(seed)
    if not isinstance(deal, Deal):
        deal = parse_deal(deal)
    state = _lay_out(seed, deal)
    if state is None:
        raise ValueError(
            f"The deal {deal} cannot be laid out with one deck: the hand holds every card "
            f"that could make the target {deal.target}."
        )
    return state


def can_deal(deal: Deal | str) -> bool:
    """True when one deck can lay ``deal`` out (whatever the seed: only values matter). Quick:
    it counts values, with no shuffle."""
    if not isinstance(deal, Deal):
        deal = parse_deal(deal)
    left = Counter(dict.fromkeys(range(2, 14), 4))
    left.subtract(deal.hand)
    if min(left.values()) < 0:
        return False
    if left[deal.target] > 0:
        return True
    pairs = ((low, deal.target - low) for low in range(2, deal.target // 2 + 1, 2))
    return any(left[a] > 0 and left[b] > (a == b) for a, b in pairs)

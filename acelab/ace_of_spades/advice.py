"""When an unused one-time benefit would help the cards the learner has chosen: pure, from the
player's view (what they may see), so the panel only shows it.

:func:`benefit_advice` stays quiet (None) unless cards are chosen and a beaten Henchman's unused
benefit would change what they lead to: a Hand that falls short of beating the Enemy (a
next-Hand bonus that makes it beat the Enemy, one more Hand when this is the last, a card
searched from the discard pile that makes a Hand beating the Enemy, a Discard when none is
left, extra cards on the last Hand), or a Discard that cannot be made (no Discards left: a free
Discard and Draw, or one more Discard; an empty deck: a free Renew). With no card left to
choose, it offers a benefit that brings cards. The sentence says which benefit and what it
would do, and asks "use it?".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from acelab.ace_of_spades.actions import size_problem
from acelab.ace_of_spades.enemies import Enemy
from acelab.ace_of_spades.in_force import view_modifiers
from acelab.ace_of_spades.scoring import Damage, damage, play_from
from acelab.ace_of_spades.state import Phase, SpadesView
from acelab.engine.cards import Card

__all__ = ["Advice", "benefit_advice"]


@dataclass(frozen=True)
class Advice:
    """Use the benefit of beaten Henchman ``enemy`` (its id): ``text`` says why, in one
    sentence ending "use it?"."""

    enemy: str
    text: str


def _named(enemy: Enemy) -> str:
    """ "Banjo Bart's benefit", "The Pickle Twins' benefit"."""
    return f"{enemy.name}'{'' if enemy.name.endswith('s') else 's'} benefit"


def _with(view: SpadesView, kind: str) -> list[tuple[Enemy, int]]:
    """The unused benefits that hold an effect of ``kind``, with its amount."""
    found = []
    for enemy in view.benefits:
        amounts = [e.amount for e in enemy.benefit if e.kind == kind]
        if amounts:
            found.append((enemy, sum(amounts)))
    return found


def _hand(view: SpadesView, cards: tuple[Card, ...], declare: str | None) -> Damage | None:
    """The damage of ``cards`` when they are a Hand that may be played (a scoring one)."""
    try:
        hit = damage(cards, declare, view_modifiers(view))
    except ValueError:
        return None
    scores = hit.combination != "none"
    if not scores or size_problem(view.difficulty, len(view.available), len(cards), scores):
        return None
    return hit


def _best(view: SpadesView, cards: Sequence[Card]) -> int:
    return play_from(cards, view.difficulty == "easy", view_modifiers(view)).total


def _search_wins(view: SpadesView) -> bool:
    """Whether a card of the (visible) discard pile would make a Hand that beats the Enemy,
    when the cards held cannot."""
    pile = view.discard or ()
    if not pile or _best(view, view.available) >= view.life:
        return False
    return any(_best(view, (*view.available, card)) >= view.life for card in pile)


def _short_hand(view: SpadesView, hit: Damage) -> Advice | None:
    """The chosen Hand leaves the Enemy standing: a benefit that changes that."""
    enemy, left = view.enemy.name, view.life - hit.total
    for henchman, amount in _with(view, "next_hand_bonus"):
        boosted = damage(
            hit.played, hit.combination, view_modifiers(replace(view, boost=view.boost + amount))
        )
        if boosted.total >= view.life:
            text = f"{_named(henchman)} would make this Hand beat {enemy}: use it?"
            return Advice(henchman.id, text)
    last = view.hands_dial == 1
    leaves = f"This {'last ' if last else ''}Hand would leave {enemy} with {left} life"
    checks: list[tuple[str, Callable[[], bool], str]] = [
        ("extra_hands", lambda: last, "would give you one more Hand"),
        (
            "search_discard",
            lambda: _search_wins(view),
            f"would let you take a card from the discard pile for a Hand that beats {enemy}",
        ),
        ("extra_discards", lambda: view.discards_dial == 0, "would let you Discard and Draw first"),
        ("draw_extra", lambda: last and view.deck_size > 0, "could draw you a better Hand"),
    ]
    for kind, helps, does in checks:
        helper = _first(view, kind)
        if helper and helps():
            return Advice(helper.id, f"{leaves}, and {_named(helper)} {does}: use it?")
    return None


def _first(view: SpadesView, kind: str) -> Enemy | None:
    found = _with(view, kind)
    return found[0][0] if found else None


def _discard(view: SpadesView, cards: tuple[Card, ...]) -> Advice | None:
    """The chosen cards are not a Hand: a Discard that cannot be made, and a benefit that can."""
    count = f"the {len(cards)} chosen card{'s' if len(cards) > 1 else ''}"
    if view.discards_dial == 0:
        redraw = _first(view, "free_redraw")
        if redraw and all(card in view.hand for card in cards):
            text = f"You have no Discards left, but {_named(redraw)} swaps {count}"
            return Advice(redraw.id, f"{text} for new ones, free: use it?")
        more = _first(view, "extra_discards")
        if more:
            text = f"You have no Discards left, but {_named(more)} gives you one more"
            return Advice(more.id, f"{text} to swap {count}: use it?")
    renew = _first(view, "free_renew")
    if renew and view.deck_size == 0 and view.discard_size:
        text = f"The deck is empty, so a Discard would draw nothing, but {_named(renew)}"
        return Advice(renew.id, f"{text} shuffles the discard pile back for free: use it?")
    return None


def _no_cards(view: SpadesView) -> Advice | None:
    """No card to play or discard: a benefit that brings cards back."""
    pile = view.discard_size > 0
    checks = (
        ("draw_extra", view.deck_size > 0, "draws you some"),
        ("free_renew", pile, "shuffles the discard pile back and deals you a new hand"),
        ("search_discard", bool(view.discard), "lets you take cards from the discard pile"),
        ("extra_discards", pile and view.discards_dial == 0, "gives you a Discard to Renew with"),
    )
    for kind, helps, does in checks:
        helper = _first(view, kind)
        if helper and helps:
            text = f"You have no cards to play, but {_named(helper)} {does}: use it?"
            return Advice(helper.id, text)
    return None


def benefit_advice(
    view: SpadesView, chosen: Sequence[str], declare: str | None = None
) -> Advice | None:
    """The unused benefit worth using with the ``chosen`` cards (codes such as ``"KS"``), and
    why, or None: nothing is chosen, the chosen Hand beats the Enemy, or no benefit helps."""
    if not isinstance(view, SpadesView):
        raise ValueError("Advice is given from a player's view: observation(state, player).")
    if (
        isinstance(chosen, str)
        or not isinstance(chosen, Sequence)
        or not all(isinstance(c, str) for c in chosen)
    ):
        raise ValueError("The chosen cards are a list of card codes like 'KS'.")
    if view.outcome is not None or view.phase is not Phase.DUEL or not view.benefits:
        return None
    if not view.available:
        return _no_cards(view)
    by_code = {str(card): card for card in view.available}
    cards = tuple(by_code[code] for code in chosen if code in by_code)
    if not cards or len(cards) > 5:
        return None
    hit = _hand(view, cards, declare)
    if hit is None:
        return _discard(view, cards)
    if hit.total >= view.life:
        return None
    return _short_hand(view, hit)

"""The events of a move told in the learner's words, one sentence each, by a table keyed by the
event's type (no card of a hand is named before it is played)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from acelab.ace_of_spades.enemies import load_enemies
from acelab.ace_of_spades.events import (
    BenefitUsed,
    Defeated,
    DiscardedAndDrew,
    GameLost,
    GameWon,
    HandPlayed,
    JokerEntered,
    Renewed,
    Revealed,
    SceneEnded,
    TookFromDiscard,
    TurnPassed,
)
from acelab.engine import Event
from acelab.engine.cards import Card, parse_cards
from acelab.engine.narration import Narration, Sentence
from acelab.engine.terms import shown

__all__ = ["SENTENCES", "combination_name", "narrate", "symbols"]


def combination_name(name: str) -> str:
    """``"two_pair"`` as a learner reads it: ``"Two pair"``."""
    if not isinstance(name, str):
        raise ValueError(f"A combination is named by a word like 'two_pair', not {shown(name)}.")
    return "Poor Hand" if name == "none" else name.replace("_", " ").capitalize()


def symbols(cards: Iterable[Card]) -> str:
    """Cards as their symbols: ``"K♠ K♥"``."""
    return " ".join(card.symbol for card in parse_cards(cards))


def _bonus_name(bonus: str) -> str:
    """An Enemy's id as a learner reads it, its name (``"Count Coyote"``); the next-Hand
    bonus ``"boost"`` as ``"a one-time boost"``."""
    if bonus == "boost":
        return "a one-time boost"
    names = {enemy.id: enemy.name for enemy in load_enemies().enemies}
    return names.get(bonus, bonus.replace("-", " ").replace("_", " ").title())


def _hand_played(event: HandPlayed, told: Narration) -> str:
    given = " and ".join(_bonus_name(b) for b in event.bonuses)
    bonus = f" (boosted by {given})" if event.bonuses else ""
    return (
        f"{told.who(event.player)} played {symbols(event.cards)}: "
        f"{combination_name(event.combination)}, {event.damage} damage{bonus}; "
        f"life {event.life_before} → {max(event.life_after, 0)}."
    )


def _revealed(event: Revealed, told: Narration) -> str:
    return (
        f"{event.name} appears: {event.life} life, {event.hands} Hands, {event.discards} Discards."
    )


def _discarded(cards: Sequence[Card | None]) -> str:
    """The cards discarded as the listener may hear them: ``"K♠ and 2 cards face down"``
    (a card another player put face down is ``None``)."""
    named = [card for card in cards if card is not None]
    unseen = len(cards) - len(named)
    face_down = f"{unseen} card{'s' if unseen != 1 else ''} face down" if unseen else ""
    return " and ".join(part for part in (symbols(named), face_down) if part)


SENTENCES: Final[dict[type[Event], Sentence]] = {
    HandPlayed: _hand_played,
    DiscardedAndDrew: lambda e, told: (
        f"{told.who(e.player)} discarded {_discarded(e.cards)} and drew {e.drawn}."
    ),
    Renewed: lambda e, told: f"{told.who(e.player)} shuffled {e.cards} cards back into the deck.",
    BenefitUsed: lambda e, told: (
        f"{told.who(e.player)} used the benefit of {_bonus_name(e.enemy)}."
    ),
    TookFromDiscard: lambda e, told: (
        f"{told.who(e.player)} took {e.card.symbol} from the discard pile."
    ),
    Defeated: lambda e, told: f"Level {e.level} is beaten" + (" exactly." if e.exact else "."),
    Revealed: _revealed,
    SceneEnded: lambda e, told: (
        f"Scene {e.scene + 1} ends: all cards are shuffled and dealt again."  # counted from 1
    ),
    JokerEntered: lambda e, told: "The Joker joins the deck.",
    TurnPassed: lambda e, told: f"Now it is {told.who(e.player)}'s turn.",
    GameWon: lambda e, told: "Lord Overkill falls: you win!",
    GameLost: lambda e, told: e.reason,
}
"""What to say for each kind of event; the others (cards drawn, shared cards dealt) are not
told: the table shows them."""


def narrate(events: Iterable[Event], names: Sequence[str]) -> str:
    """The events of one move as sentences, ``names`` naming the players."""
    if isinstance(events, str) or not isinstance(events, Iterable):
        raise ValueError("Give the events of a move, as a list.")
    if not isinstance(names, Sequence) or not all(isinstance(n, str) for n in names):
        raise ValueError("Give the players' names, as a list of words.")

    told = Narration(names=tuple(names))
    said = (SENTENCES[type(event)](event, told) for event in events if type(event) in SENTENCES)
    return " ".join(s for s in said if s)

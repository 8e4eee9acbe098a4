"""Absolutely Aces' events in the learner's words: one line of the move log per move.

:func:`narrate` reads the events of one move (:mod:`~acelab.absolutely_aces.events`) through
a table from event type to phrase: ``"You picked 7♠ Climb"``, ``"Bot picked; picks shown: 7♠
Climb and 9♠ Swoop, Bot goes first"``, ``"You played 7♠ Climb; You won the round and 7
points: Bot could not block 7♠ Climb"``.
A secret pick is named only to its owner (``viewer``); with no viewer (a hot seat's shared log)
nobody's is, until both picks are shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from acelab.absolutely_aces.card_set import CARDS, CardSet
from acelab.absolutely_aces.events import (
    Dealt,
    MatchWon,
    PairDiscarded,
    Picked,
    PicksRevealed,
    Played,
    RoundEnded,
    TookReserve,
)
from acelab.absolutely_aces.state import RoundResult
from acelab.engine import Event, expect
from acelab.engine.narration import Narration, Sentence

__all__ = ["PHRASES", "SENTENCES", "Narrator", "check_names", "narrate", "why_won"]


@dataclass(frozen=True)
class Narrator(Narration):
    """Who is who in the log (the one :class:`~acelab.engine.narration.Narration` of every game,
    with Absolutely Aces' defaults and checks): ``names`` of players 0 and 1 (``"You"``,
    ``"Bot"``), ``viewer`` the player whose own secret pick may be named (``None``: nobody's),
    and the card table."""

    names: tuple[str, str] = ("You", "Bot")
    viewer: int | None = 0
    cards: CardSet = CARDS

    def __post_init__(self) -> None:
        names = self.names
        if (
            not isinstance(names, tuple)
            or len(names) != 2
            or not all(type(n) is str for n in names)
        ):
            raise ValueError("Name the two players with two words: ('You', 'Bot').")
        if self.viewer is not None and (type(self.viewer) is not int or self.viewer not in (0, 1)):
            raise ValueError("The viewer is player 0 or 1 (or None: nobody's pick is named).")
        if not isinstance(self.cards, CardSet):
            raise ValueError("Give the card table as a CardSet (see load_cards).")

    def label(self, code: str) -> str:
        """A card for the log: ``"7♠ Climb"``."""
        return _label(self, code)


def _label(n: Narration, code: str) -> str:
    """A card for the log, from the narration's card table: ``"7♠ Climb"``."""
    label: str = n.cards.by_code[code].label
    return label


def _picked(event: Picked, n: Narration) -> str:
    who = n.names[event.player]
    if n.viewer is None:
        return f"{who} picked a card in secret"
    if event.player == n.viewer and event.card is not None:
        return f"{who} picked {_label(n, event.card)}"
    return f"{who} picked"


def _revealed(event: PicksRevealed, n: Narration) -> str:
    shown = " and ".join(_label(n, c) for c in event.picks)
    first = n.names[event.first]
    return f"picks shown: {shown}, {first} {'go' if first == 'You' else 'goes'} first"


def _played(event: Played, n: Narration) -> str:
    who = n.names[event.player]
    if len(event.cards) == 2:
        return f"{who} played the {n.cards.by_code[event.cards[0]].type} Pair"
    return f"{who} played {_label(n, event.cards[0])}"


def check_names(names: object) -> None:
    """``ValueError`` with a sentence unless ``names`` are the two players' names."""
    if not (
        isinstance(names, tuple) and len(names) == 2 and all(isinstance(n, str) for n in names)
    ):
        raise ValueError("Give the two players' names, as a pair of texts.")


def why_won(result: RoundResult, names: tuple[str, str], cards: CardSet = CARDS) -> str:
    """Why a round was won, ``names`` indexed by player: ``"Bot could not block 7♠ Climb"``
    (``"you could not …"`` mid-sentence); a loop: ``"the position repeated"``."""
    check_names(names)
    result = expect(result, RoundResult, "how a round ended (a RoundResult)")
    if result.winner is None:
        return "the position repeated"
    loser = names[1 - result.winner]
    loser = "you" if loser == "You" else loser
    if result.by in cards.by_code:
        return f"{loser} could not block {cards.by_code[result.by].label}"
    return f"{loser} could not answer the Pair"


def _round_ended(event: RoundEnded, n: Narration) -> str:
    result = event.result
    if result.winner is None:
        return "the position repeated: no score"
    why = why_won(result, (n.who(0), n.who(1)), n.cards)
    points = "1 point" if result.points == 1 else f"{result.points} points"
    return f"{n.names[result.winner]} won the round and {points}: {why}"


def _silent(event: Event, n: Narration) -> str:
    return ""


SENTENCES: Final[dict[type[Event], Sentence]] = {
    Picked: _picked,
    PicksRevealed: _revealed,
    Played: _played,
    TookReserve: _silent,  # the card was seen going into the Reserve
    PairDiscarded: _silent,
    RoundEnded: _round_ended,
    MatchWon: _silent,  # the outcome says it
    Dealt: _silent,
}
"""The phrase of each event type (empty: the event adds nothing to the line)."""


def narrate(events: Iterable[Event], narrator: Narrator = Narrator()) -> str:
    """The log line of one move's ``events``: their phrases joined by ``"; "``. ``ValueError``
    with a sentence for anything but the events of an Absolutely Aces move."""
    if not isinstance(narrator, Narrator):
        raise ValueError("Narrate with a Narrator(names, viewer).")
    if isinstance(events, str | bytes) or not isinstance(events, Iterable):
        raise ValueError("Narrate the events of one move, as a list.")
    try:
        phrases = [SENTENCES[type(event)](event, narrator) for event in events]
    except (LookupError, TypeError, AttributeError):
        raise ValueError("These are not the events of an Absolutely Aces move.") from None
    return "; ".join(phrase for phrase in phrases if phrase)


PHRASES: Final = SENTENCES
"""The older name of :data:`SENTENCES`."""

"""What the conformance suite needs to know about each game, and nothing more: how to deal a
variety of games, where the cards lie, and which cards each seat may not see.

The suite finds every game by name (``acelab.engine.games.NAMES`` and ``by_name``); an adapter here
only states a game's rules that the engine protocol cannot tell: the cards that must always
be there, the zones that hold them, and what each seat may not see (RULINGS.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from acelab.engine.cards import JOKER, Card, deck, deck_without_aces
from acelab.engine.games import NAMES, by_name

Token = str
"""A card as the JSON of an observation names it: ``"AS"`` (``{"$card": "AS"}``), or an
Absolutely Aces code ``"S7"``."""


def token(card: Card | str) -> Token:
    return card if isinstance(card, str) else str(card)


def tokens(*zones: Iterable[Card | str]) -> Counter[Token]:
    return Counter(token(card) for zone in zones for card in zone)


@dataclass(frozen=True)
class Adapter:
    """One game, as the conformance suite sees it."""

    name: str
    options: tuple[dict[str, Any], ...]
    """``new_state`` options, cycled through by the random games (seats, difficulties…)."""
    seats: Callable[[Any], int]
    """How many seats a state has (observations are asked for each)."""
    cards: Callable[[Any], Counter[Token]]
    """Every card of a state, wherever it lies (deck, hands, piles…)."""
    full: Callable[[Any], Counter[Token]]
    """What :attr:`cards` must always add up to: no card created, none lost."""
    hidden: Callable[[Any, int], set[Token]]
    """The cards that ``seat`` may not see in a state."""
    bot: str | None = None
    """A bot of the game's ``bots`` module that plays most moves of the random games, so
    they reach the later stages that uniformly random moves rarely see."""
    panel: Mapping[str, Any] = field(default_factory=lambda: {"seed": 3, "save": False})
    """How the fuzz opens the game's panel: a fixed seed, out of the progress store."""
    skip: tuple[str, ...] = ()
    """Public functions the fuzz leaves alone: given nothing (or None) they do real work
    (read and summarise every solved deal), which is no bad input."""
    face_up: Callable[[Sequence[Any]], set[Token]] = lambda events: set()
    """The cards a move's ``events`` show face up to every seat, though hidden before and after
    (Devir: a Hand played against the Enemy, then discarded face down on Hard; Lex: an action
    card shown as it is played, kept in hand while the target answers)."""
    history: tuple[str, ...] = ()
    """Observation fields that name cards of earlier rounds (dealt again since, so a card
    named there says nothing about where it lies now)."""

    @property
    def game(self) -> Any:
        return by_name(self.name)


def _pilot_hidden(state: Any, seat: int) -> set[Token]:
    """The deck's order and contents (RULINGS §1): only its size is shown. Two jokers look
    alike, so a joker is hidden only while no joker is in sight."""
    shown = tokens(state.hand, state.discard, state.odds, state.evens, state.jokers)
    return set(tokens(state.deck)) - set(shown)


def _devir_hidden(state: Any, seat: int) -> set[Token]:
    """The deck, the partner's hand, and on Hard and Nightmare the discard pile except while
    an effect searches it (RULINGS §2)."""
    hidden = tokens(state.deck)
    if state.players == 2:
        hidden += tokens(state.hands[1 - seat])
    if state.difficulty in ("hard", "nightmare") and state.phase.value != "search":
        hidden += tokens(state.discard)
    return set(hidden)


def _lex_hidden(state: Any, seat: int) -> set[Token]:
    """The deck and every other hand (RULINGS §3); once the game is over, every hand is shown
    (the panel's end of game), so only the deck."""
    if state.phase.value == "over":
        return set(tokens(state.deck))
    others = [hand for other, hand in enumerate(state.hands) if other != seat]
    return set(tokens(state.deck, *others)) - set(tokens(state.winning))


def _shown(kind: str, *named: str) -> Callable[[Sequence[Any]], set[Token]]:
    """The cards named by the events of type ``kind`` (played face up), and by their fields
    ``named`` (Devir: the card a joker stands for, which says nothing of where that card lies)."""
    fields = ("cards", *named)
    return lambda events: {
        token(c) for e in events if type(e).__name__ == kind for f in fields for c in getattr(e, f)
    }


def _aces_hidden(state: Any, seat: int) -> set[Token]:
    """The two cards sitting out, always; the other hand (and so its pick) during the secret
    pick (RULINGS §4: each player sees only their own five cards)."""
    hidden = set(state.out)
    if state.phase.value == "pick":
        hidden |= set(state.hands[1 - seat])
    return hidden


ADAPTERS: dict[str, Adapter] = {
    "ace_pilot": Adapter(
        "ace_pilot",
        options=({}, {"challenge": 3}, {"challenge": 2, "extended": True}, {"challenge": 6}),
        seats=lambda state: 1,
        cards=lambda s: tokens(s.deck, s.hand, s.discard, s.odds, s.evens, s.jokers),
        full=lambda state: tokens(deck_without_aces(jokers=2)),
        hidden=_pilot_hidden,
        bot="strong_bot",
    ),
    "ace_of_spades": Adapter(
        "ace_of_spades",
        options=tuple(
            {"difficulty": difficulty, "players": players}
            for players in (1, 2)
            for difficulty in ("easy", "normal", "hard", "nightmare")
        ),
        seats=lambda state: state.players,
        cards=lambda s: tokens(s.deck, s.discard, s.shared, *s.hands),
        full=lambda s: tokens(deck(), [JOKER] if s.joker_in_play else []),
        hidden=_devir_hidden,
        face_up=_shown("HandPlayed", "jokers_as"),
        bot="greedy_bot",
    ),
    "ace_of_spades_lex": Adapter(
        "ace_of_spades_lex",
        options=tuple({"players": players} for players in (2, 3, 4, 5, 6)),
        seats=lambda state: state.players,
        cards=lambda s: tokens(s.deck, *s.hands, *s.piles, *s.banked),
        full=lambda state: tokens(deck()),
        hidden=_lex_hidden,
        face_up=_shown("Played"),
        panel={"seed": 3, "save": False, "pause": 0},
    ),
    "absolutely_aces": Adapter(
        "absolutely_aces",
        options=({}, {"target": None}, {"loop_rule": False, "target": 5}),
        seats=lambda state: 2,
        cards=lambda s: tokens(*s.hands, *s.reserves, s.out, s.discard),
        full=lambda state: tokens(by_name("absolutely_aces").cards.codes),
        hidden=_aces_hidden,
        history=("results",),
        skip=("absolutely_aces.deal_table", "absolutely_aces.summary"),
    ),
}
assert set(ADAPTERS) == set(NAMES), "every game needs an adapter"

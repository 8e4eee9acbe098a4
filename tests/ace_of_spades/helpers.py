"""Hand-made Ace of Spades states for the rule tests, and anything at all for the bad-input
tests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from acelab.ace_of_spades import AceOfSpades, SpadesState
from acelab.ace_of_spades.enemies import load_enemies
from acelab.engine.cards import JOKER, Card, deck, parse_cards
from tests import support

GAME = AceOfSpades()
DECK = load_enemies()
EIGHT = "2S 2H 2D KS KC 7C 9D 4H"


def enemy(ident: str) -> Any:
    return next(e for e in DECK.enemies if e.id == ident)


def arrange(
    hand: str = "",
    top: str = "",
    discard: str = "",
    partner: str = "",
    shared: str = "",
    deck_size: int | None = None,
    difficulty: str = "normal",
    players: int = 1,
    enemies: dict[int, str] | None = None,
    **fields: Any,
) -> SpadesState:
    """A state with these cards in hand, on top of the deck and in the discard pile; every other
    card (and the Joker, when ``joker_in_play``) lies in the deck in card order, unless
    ``deck_size`` cuts the deck (the cut cards go to the discard pile)."""
    base = GAME.new_state(0, difficulty=difficulty, players=players)
    chosen = list(base.enemies)
    for level, ident in (enemies or {}).items():
        chosen[level] = enemy(ident)
    named = [parse_cards(z) for z in (hand, top, discard, partner, shared)]
    used = {c for zone in named for c in zone}
    pool: list[Card] = [c for c in deck() if c not in used]
    if fields.get("joker_in_play") and JOKER not in used:
        pool.append(JOKER)
    rest = list(named[1]) + pool
    piles = list(named[2])
    if deck_size is not None:
        piles += rest[deck_size:]
        rest = rest[:deck_size]
    hands: tuple[tuple[Card, ...], ...] = (named[0],)
    if players == 2:
        hands = (named[0], named[3])
    state = replace(
        base,
        enemies=tuple(chosen),
        hands=hands,
        shared=named[4],
        deck=tuple(rest),
        discard=tuple(piles),
        turn=0,
    )
    level = fields.get("level", state.level)
    life = chosen[level].life
    fields.setdefault("life", life)
    return replace(state, **fields)


def illegal(state: SpadesState, move: object, *words: str) -> None:
    """The move is refused with one sentence containing ``words``, and nothing changes."""
    support.illegal(GAME, state, move, *words)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


CARDISH = st.sampled_from(
    ["AS", "AS KD", "JK", "2S 2H 2D KS KC", "ZZ", "", "AS AS", "10H", "KS QS JS 10S 9S 8S"]
)
JUNK: st.SearchStrategy[Any] = st.one_of(
    support.anything,
    CARDISH,
    st.integers(min_value=10**18, max_value=10**40),
    st.floats(allow_infinity=True),
    st.text(min_size=150, max_size=200),
    st.lists(st.one_of(st.integers(), CARDISH), max_size=4),
    st.tuples(st.one_of(st.none(), CARDISH)),
    st.just(b"AS"),
)
""":data:`tests.support.anything`, and what is nearly cards: the bad input of this game."""
FUZZ = settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


def answers_or_refuses(call: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    """``call`` returns, or raises ValueError with one sentence; anything else fails."""
    try:
        call(*args, **kwargs)
    except ValueError as error:
        support.one_sentence(error)

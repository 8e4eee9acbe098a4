"""The one check of an Ace of Spades state: every field of the right type and every card once.

:func:`check_state` raises ``ValueError`` with a sentence; :func:`acelab.engine.from_json` calls
it (through :meth:`AceOfSpades.check_state`) on every state it loads, so a damaged or edited save
is refused instead of failing later in the middle of a game.
"""

from __future__ import annotations

from typing import Final

from acelab.ace_of_spades.enemies import DIFFICULTIES, MAX_BOOST, MAX_DIAL, check_enemy
from acelab.ace_of_spades.state import LAST_LEVEL, SCENES, SHARED_SIZE, Phase, SpadesState
from acelab.engine import Outcome, check_seed
from acelab.engine.cards import JOKER, Card, deck
from acelab.engine.terms import shown

__all__ = ["check_state"]

_PLAIN_DECK: Final = frozenset(deck())
_FULL_DECK: Final = frozenset((*deck(), JOKER))


def _whole(value: object, least: int, most: int, what: str) -> int:
    if type(value) is not int or not least <= value <= most:
        raise ValueError(f"{what} is a whole number from {least} to {most}, not {shown(value)}.")
    return value


def _cards(zone: object, what: str) -> tuple[Card, ...]:
    if not isinstance(zone, tuple) or not all(isinstance(c, Card) for c in zone):
        raise ValueError(f"The {what} must hold cards only.")
    return zone


def check_state(state: object) -> None:
    """Raise ``ValueError`` with a sentence unless ``state`` is a well-formed game state."""
    if type(state) is not SpadesState:
        raise ValueError(f"This is not an Ace of Spades state but a {type(state).__name__}.")
    check_seed(state.seed)
    _options(state)
    _enemies(state)
    _progress(state)
    _zones(state)


def _options(state: SpadesState) -> None:
    if not isinstance(state.difficulty, str) or state.difficulty not in DIFFICULTIES:
        raise ValueError("The state's difficulty is not one of the game's.")
    _whole(state.players, 1, 2, "The number of players")
    dials = state.scene_dials
    if (
        not isinstance(dials, tuple)
        or len(dials) != len(SCENES)
        or not all(isinstance(pair, tuple) and len(pair) == 2 for pair in dials)
    ):
        raise ValueError("The state must hold the Hands and Discards dials of four scenes.")
    for hands, discards in dials:
        _whole(hands, 1, MAX_DIAL, "A scene's Hands dial")
        _whole(discards, 0, MAX_DIAL, "A scene's Discards dial")


def _enemies(state: SpadesState) -> None:
    enemies = state.enemies
    if not isinstance(enemies, tuple) or len(enemies) != LAST_LEVEL + 1:
        raise ValueError("The state must hold twelve Enemies, one for each level 0 to 11.")
    for enemy in enemies:
        check_enemy(enemy)
    if [e.level for e in enemies] != list(range(LAST_LEVEL + 1)):
        raise ValueError("The state must hold twelve Enemies, one for each level 0 to 11.")
    if len({e.id for e in enemies}) != len(enemies):
        raise ValueError("The state's twelve Enemies must be twelve different cards.")


def _progress(state: SpadesState) -> None:
    _whole(state.level, 0, LAST_LEVEL, "The level")
    if not isinstance(state.phase, Phase):
        raise ValueError("The state's phase is not one of the game's.")
    over = state.phase is Phase.OVER
    if (
        not (state.outcome is None or type(state.outcome) is Outcome)
        or (state.outcome is not None) != over
    ):
        raise ValueError("A state has an outcome exactly when the game is over.")
    _whole(state.turn, 0, state.players - 1, "The player whose turn it is")
    _whole(state.hands_dial, 0 if over else 1, MAX_DIAL, "The Hands dial")
    _whole(state.discards_dial, 0, MAX_DIAL, "The Discards dial")
    life = state.life
    if type(life) is not int or (life < 1 and not over):
        raise ValueError(f"The Enemy's life is a whole number, at least 1, not {shown(life)}.")
    if life > state.enemy.life:
        raise ValueError("The Enemy has more life than its card shows.")
    _whole(state.boost, 0, MAX_BOOST, "The next Hand's bonus")
    _whole(state.shuffles, 0, 10**9, "The number of shuffles")
    searching = state.phase is Phase.SEARCH
    _whole(state.searching, 1 if searching else 0, 52 if searching else 0, "The cards to take")
    benefits = state.benefits
    if not isinstance(benefits, tuple) or not all(isinstance(b, str) for b in benefits):
        raise ValueError("The unused benefits must be a list of Enemy ids.")
    beaten = {e.id for e in state.enemies[: state.level] if e.benefit}
    if not set(benefits) <= beaten or len(set(benefits)) != len(benefits):
        raise ValueError("A benefit belongs to an Enemy that is not beaten, or is listed twice.")


def _zones(state: SpadesState) -> None:
    if type(state.joker_in_play) is not bool:
        raise ValueError("Whether the Joker is in play is true or false.")
    hands = state.hands
    if not isinstance(hands, tuple) or len(hands) != state.players:
        raise ValueError("The state must hold one hand per player.")
    zones = [
        _cards(state.deck, "deck"),
        _cards(state.discard, "discard pile"),
        _cards(state.shared, "shared cards"),
        *(_cards(hand, "hand") for hand in hands),
    ]
    cards = [c for zone in zones for c in zone]
    expected = _FULL_DECK if state.joker_in_play else _PLAIN_DECK
    if len(cards) != len(expected) or set(cards) != expected:
        extra = {c.symbol for c in cards if cards.count(c) > 1}
        detail = f" ({', '.join(sorted(extra))} twice)" if extra else ""
        joker = " and the Joker" if state.joker_in_play else ""
        raise ValueError(f"The state must hold each of the 52 cards{joker} exactly once{detail}.")
    if len(state.shared) > (SHARED_SIZE if state.players == 2 else 0):
        raise ValueError("Only co-op has shared cards, at most 3.")
    if state.searching > len(state.discard):
        raise ValueError("A search takes at most the cards the discard pile holds.")
    unlocked = any(e.unlocks_joker for e in state.enemies[: state.level])
    if state.joker_in_play != unlocked:
        raise ValueError(
            "The Joker is in the deck exactly once the Enemy that unlocks it is beaten."
        )

"""The rules engine of Devir's *Ace of Spades* (RULINGS.md §2) on acelab's engine protocol.

A game: twelve Enemies, one after another, in four scenes. A turn is one action — play a Hand
(:class:`PlayHand`), :class:`DiscardDraw` or :class:`Renew` — and a beaten Henchman's one-time
benefit may be used at any time of one's own turn (:class:`UseBenefit`; a search of the discard
pile then asks for the cards one by one, :class:`TakeFromDiscard`). Co-op for two: 5 cards each
plus 3 shared face-up cards; a turn ends with its Hand.

acelab choices where neither the rulebook nor RULINGS speaks: the hand is refilled after every
action (so a Renew is followed by a full hand); a player with no card and no way to get one has
lost; the Hands dial never drops below 1 and no dial rises above 4 by any effect.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final, overload

from acelab.ace_of_spades.enemies import (
    DIFFICULTIES,
    MAX_DIAL,
    Effect,
    Enemy,
    EnemyDeck,
    load_enemies,
    modifiers_of,
)
from acelab.ace_of_spades.events import (
    BenefitUsed,
    Defeated,
    DiscardedAndDrew,
    Drew,
    GameLost,
    GameWon,
    HandPlayed,
    JokerEntered,
    Renewed,
    Revealed,
    SceneEnded,
    SharedDealt,
    TookFromDiscard,
    TurnPassed,
)
from acelab.ace_of_spades.scoring import (
    COMBINATIONS,
    Modifiers,
    _search,
    _spot,
    damage,
)
from acelab.ace_of_spades.state import (
    COOP_HAND_SIZE,
    HAND_CARDS,
    HAND_SIZE,
    LAST_LEVEL,
    SHARED_SIZE,
    SONG_SECONDS,
    DiscardDraw,
    Phase,
    PlayHand,
    Renew,
    SpadesMove,
    SpadesState,
    SpadesView,
    TakeFromDiscard,
    UseBenefit,
    _quick,
    _sorted,
    check_state,
)
from acelab.cards import JOKER, Card, deck, random_index, shuffle_in_place
from acelab.engine import Event, Game, IllegalMove, Outcome, Step, derive_rng
from acelab.poker import straight_windows

__all__ = [
    "SONG_SECONDS",
    "AceOfSpades",
    "DiscardDraw",
    "Phase",
    "PlayHand",
    "Renew",
    "SpadesMove",
    "SpadesState",
    "SpadesView",
    "TakeFromDiscard",
    "UseBenefit",
    "view_modifiers",
]

_DIFFICULTY_TEXT: Final = ", ".join(DIFFICULTIES)


# --------------------------------------------------------------------------- small helpers


def _replace(state: SpadesState, **changes: Any) -> SpadesState:
    """``dataclasses.replace`` without re-running ``__init__`` (a state is a plain record)."""
    new = object.__new__(SpadesState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def _shuffle(state: SpadesState, cards: Iterable[Card]) -> tuple[tuple[Card, ...], int]:
    order = list(cards)
    shuffle_in_place(derive_rng(state.seed, "ace of spades", "shuffle", state.shuffles), order)
    return tuple(order), state.shuffles + 1


def _bonuses(state: SpadesState) -> tuple[tuple[str, Effect], ...]:
    """The ongoing bonuses of the beaten Villains, with the Villain's id."""
    return tuple((e.id, b) for e in state.enemies[: state.level] if e.is_villain for b in e.bonus)


def _modifiers(state: SpadesState, boost: bool = True, without: str = "") -> Modifiers:
    effects = [b for who, b in _bonuses(state) if who != without]
    if state.level <= LAST_LEVEL and state.outcome is None:
        effects.extend(state.enemy.penalty)
    return modifiers_of(effects, state.boost if boost else 0)


def view_modifiers(view: SpadesView) -> Modifiers:
    """The scoring rules in force for the Hands of this view (bonuses, penalty, boost)."""
    effects = [b for e in view.defeated if e.is_villain for b in e.bonus]
    if view.outcome is None:
        effects.extend(view.enemy.penalty)
    return modifiers_of(effects, view.boost)


def _amount(effects: Iterable[Effect], kind: str) -> int:
    return sum(e.amount for e in effects if e.kind == kind)


def _hand_limit(state: SpadesState) -> int:
    base = HAND_SIZE if state.players == 1 else COOP_HAND_SIZE
    bigger = _amount((b for _, b in _bonuses(state)), "bigger_hand")
    smaller = _amount(state.enemy.penalty, "smaller_hand") if state.outcome is None else 0
    return max(1, base + bigger - smaller)


def _draw(state: SpadesState, player: int, count: int) -> tuple[SpadesState, list[Event]]:
    count = min(count, len(state.deck))
    if count <= 0:
        return state, []
    hands = list(state.hands)
    hands[player] = hands[player] + state.deck[:count]
    return _replace(state, hands=tuple(hands), deck=state.deck[count:]), [Drew(player, count)]


def _refill(state: SpadesState, player: int) -> tuple[SpadesState, list[Event]]:
    """Draw the player's hand back up to the limit, and the shared cards back to 3."""
    state, events = _draw(state, player, _hand_limit(state) - len(state.hands[player]))
    if state.players == 2 and len(state.shared) < SHARED_SIZE and state.deck:
        count = min(SHARED_SIZE - len(state.shared), len(state.deck))
        dealt = state.deck[:count]
        state = _replace(state, shared=state.shared + dealt, deck=state.deck[count:])
        events.append(SharedDealt(dealt))
    return state, events


def _deal(state: SpadesState) -> tuple[SpadesState, list[Event]]:
    """Deal every hand (and the shared cards) from the top of the deck."""
    events: list[Event] = []
    for player in range(state.players):
        state, more = _refill(state, player)
        events.extend(more)
    return state, events


def _remove(cards: tuple[Card, ...], gone: Iterable[Card]) -> tuple[Card, ...]:
    out = list(cards)
    for card in gone:
        out.remove(card)
    return tuple(out)


def _dials(state: SpadesState) -> tuple[int, int, tuple[str, ...]]:
    """The Hands and Discards dials at the start of a duel with ``state.enemy``."""
    scene = state.scene_dials[scene_of(state.level)]
    enemy = state.enemy
    raised: list[str] = []
    extra_hands = extra_discards = 0
    for who, bonus in _bonuses(state):
        if bonus.kind == "extra_hands":
            extra_hands += bonus.amount
            raised.append(who)
        elif bonus.kind == "extra_discards":
            extra_discards += bonus.amount
            raised.append(who)
    hands = scene[0] + extra_hands - _amount(enemy.penalty, "fewer_hands")
    discards = scene[1] + extra_discards - _amount(enemy.penalty, "fewer_discards")
    if state.difficulty == "nightmare":
        discards -= 1
    return (
        max(1, min(MAX_DIAL, hands)),
        max(0, min(MAX_DIAL, discards)),
        tuple(dict.fromkeys(raised)),
    )


_SCENES: Final = ((0, 1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11))
_SCENE_OF: Final = {level: i for i, levels in enumerate(_SCENES) for level in levels}


def scene_of(level: int) -> int:
    """The scene (0..3) of a level: [0-3], [4-6], [7-9], [10-11]."""
    return _SCENE_OF[min(level, LAST_LEVEL)]


def _reveal(state: SpadesState, at: float | None) -> tuple[SpadesState, list[Event]]:
    """Set the life and dials of ``state.enemy`` (already the new level)."""
    enemy = state.enemy
    hands, discards, raised = _dials(state)
    state = _replace(state, life=enemy.life, hands_dial=hands, discards_dial=discards)
    event = Revealed(enemy.level, enemy.id, enemy.name, enemy.life, hands, discards, at, raised)
    return state, [event]


def _finish(state: SpadesState, won: bool, reason: str) -> SpadesState:
    outcome = Outcome(tuple(range(state.players)) if won else (), reason)
    return _replace(state, phase=Phase.OVER, outcome=outcome, searching=0)


def _defeat(
    state: SpadesState, one_blow: bool, at: float | None
) -> tuple[SpadesState, list[Event]]:
    """The Enemy fell: benefits, the Joker, the end of a scene, the next Enemy or victory."""
    enemy = state.enemy
    events: list[Event] = [
        Defeated(enemy.level, enemy.id, enemy.is_villain, state.life == 0, one_blow)
    ]
    if enemy.level == LAST_LEVEL:
        won = _finish(state, True, "Lord Overkill is beaten: you win!")
        return won, [*events, GameWon(at)]
    if enemy.benefit:
        state = _replace(state, benefits=(*state.benefits, enemy.id))
    state = _replace(state, level=state.level + 1, life=0)
    joker_now = enemy.unlocks_joker and not state.joker_in_play
    if enemy.is_villain:
        everything = [*state.deck, *state.discard, *state.shared, *itertools.chain(*state.hands)]
        if joker_now:
            everything.append(JOKER)
        new_deck, shuffles = _shuffle(state, everything)
        state = _replace(
            state,
            deck=new_deck,
            discard=(),
            shared=(),
            hands=((),) * state.players,
            shuffles=shuffles,
            joker_in_play=state.joker_in_play or joker_now,
        )
        events.append(SceneEnded(scene_of(enemy.level)))
        if joker_now:
            events.append(JokerEntered())
        state, dealt = _deal(state)
        events.extend(dealt)
    elif joker_now:
        new_deck, shuffles = _shuffle(state, (*state.deck, JOKER))
        state = _replace(state, deck=new_deck, shuffles=shuffles, joker_in_play=True)
        events.append(JokerEntered())
    state, revealed = _reveal(state, at)
    return state, [*events, *revealed]


def _holds(cards: Sequence[Card], comp: Any) -> bool:
    """True when these cards hold a combination that is not banned."""
    return _search([_spot(c) for c in cards], comp) is not None


def _check_cards(state: SpadesState, cards: object, own_only: bool, what: str) -> tuple[Card, ...]:
    if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
        raise IllegalMove(f"Name the cards to {what}, like 'AS KD'.")
    own = state.hands[state.turn]
    partner = state.hands[1 - state.turn] if state.players == 2 else ()
    allowed = own if own_only else own + state.shared
    for card in cards:
        if card not in allowed:
            if card in partner:
                raise IllegalMove(f"{card.symbol} is in your partner's hand, not yours.")
            if card in state.shared:
                raise IllegalMove(
                    f"{card.symbol} is a shared card: an effect uses your own cards only."
                )
            raise IllegalMove(f"{card.symbol} is not in your hand.")
    if len(set(cards)) < len(cards):
        raise IllegalMove("Name each card once.")
    if not cards:
        raise IllegalMove(f"Choose at least one card to {what}.")
    return cards


def _play_size_problem(state: SpadesState, cards: tuple[Card, ...], scores: bool) -> str | None:
    held = len(state.hands[state.turn]) + len(state.shared)
    needed = min(HAND_CARDS, held)
    if len(cards) > HAND_CARDS:
        return f"A Hand has at most 5 cards, not {len(cards)}."
    if state.difficulty == "easy" and scores:
        return None
    if len(cards) != needed:
        easy = (
            " (on Easy, just the scoring cards may be played)" if state.difficulty == "easy" else ""
        )
        return f"A Hand has {needed} cards{easy}, not {len(cards)}."
    return None


def _play(state: SpadesState, move: PlayHand) -> tuple[SpadesState, list[Event]]:
    cards = _check_cards(state, move.cards, False, "play")
    if len(cards) > HAND_CARDS:
        raise IllegalMove(f"A Hand has at most 5 cards, not {len(cards)}.")
    if move.declare is not None and move.declare not in COMBINATIONS:
        raise IllegalMove(f"{move.declare!r} is not a combination to declare.")
    mods = _modifiers(state)
    try:
        hit = damage(cards, move.declare, mods)
    except ValueError as error:
        raise IllegalMove(str(error).rstrip(".") + ".") from None
    scores = hit.combination != "none"
    problem = _play_size_problem(state, cards, scores)
    if problem:
        raise IllegalMove(problem)
    available = state.hands[state.turn] + state.shared
    if not scores:
        if _holds(available, mods.compiled):
            raise IllegalMove("A Poor Hand is only allowed when you cannot play even a pair.")
        if state.discards_dial > 0:
            raise IllegalMove("A Poor Hand is only allowed when the Discards dial is at 0.")
    used_bonuses = _used_bonuses(state, cards, move.declare, hit.total) if scores else ()
    before = state.life
    life = before - hit.total
    natural = not any(c.is_joker for c in cards) and not _bonuses(state) and not state.enemy.penalty
    event = HandPlayed(
        state.turn,
        cards,
        hit.combination,
        hit.total,
        hit.scoring_cards,
        hit.jokers_as,
        before,
        life,
        natural and state.boost == 0,
        used_bonuses,
        move.at,
    )
    own = tuple(c for c in state.hands[state.turn] if c not in cards)
    hands = list(state.hands)
    hands[state.turn] = own
    state = _replace(
        state,
        hands=tuple(hands),
        shared=tuple(c for c in state.shared if c not in cards),
        discard=state.discard + cards,
        life=life,
        boost=0,
    )
    events: list[Event] = [event]
    full_life = before == state.enemy.life
    if life <= 0:
        state, more = _defeat(state, full_life, move.at)
        events.extend(more)
        if state.outcome is not None:
            return state, events
        if not state.enemies[state.level - 1].is_villain:
            state, more = _refill(state, event.player)
            events.extend(more)
    else:
        state = _replace(state, hands_dial=state.hands_dial - 1)
        if state.hands_dial == 0:
            reason = f"The Hands dial is at 0 and {state.enemy.name} still stands: you lose."
            return _finish(state, False, reason), [*events, GameLost(reason)]
        state, more = _refill(state, event.player)
        events.extend(more)
    if state.players == 2:
        state = _replace(state, turn=1 - state.turn)
        events.append(TurnPassed(state.turn))
    return state, events


def _used_bonuses(
    state: SpadesState, cards: tuple[Card, ...], declare: str | None, total: int
) -> tuple[str, ...]:
    """Which ongoing bonuses (Villain ids) and ``"boost"`` raised this Hand's damage."""
    used = []
    for who in dict.fromkeys(who for who, _ in _bonuses(state)):
        try:
            without = damage(cards, declare, _modifiers(state, without=who)).total
        except ValueError:
            without = 0
        if without < total:
            used.append(who)
    if state.boost:
        used.append("boost")
    return tuple(used)


def _discard_draw(state: SpadesState, move: DiscardDraw) -> tuple[SpadesState, list[Event]]:
    if state.discards_dial < 1:
        raise IllegalMove("The Discards dial is at 0: you cannot Discard and Draw.")
    cards = _check_cards(state, move.cards, False, "discard")
    state = _replace(state, discards_dial=state.discards_dial - 1)
    return _throw_and_draw(state, cards, free=False)


def _throw_and_draw(
    state: SpadesState, cards: tuple[Card, ...], free: bool
) -> tuple[SpadesState, list[Event]]:
    hands = list(state.hands)
    hands[state.turn] = tuple(c for c in hands[state.turn] if c not in cards)
    state = _replace(
        state,
        hands=tuple(hands),
        shared=tuple(c for c in state.shared if c not in cards),
        discard=state.discard + cards,
    )
    before = len(state.hands[state.turn])
    state, events = _refill(state, state.turn)
    drawn = len(state.hands[state.turn]) - before
    return state, [DiscardedAndDrew(state.turn, cards, drawn, free), *events]


def _renew(
    state: SpadesState, move: Renew | None, free: bool = False
) -> tuple[SpadesState, list[Event]]:
    if not free and state.discards_dial < 1:
        raise IllegalMove("The Discards dial is at 0: you cannot Renew the deck.")
    if not state.discard:
        raise IllegalMove("The discard pile is empty: there is nothing to shuffle back.")
    count = len(state.discard)
    new_deck, shuffles = _shuffle(state, (*state.deck, *state.discard))
    state = _replace(
        state,
        deck=new_deck,
        discard=(),
        shuffles=shuffles,
        discards_dial=state.discards_dial - (0 if free else 1),
    )
    state, events = _refill(state, state.turn)
    return state, [Renewed(state.turn, count, free), *events]


def _benefit_enemy(state: SpadesState, ident: object) -> Enemy:
    if not isinstance(ident, str):
        raise IllegalMove("Name the beaten Henchman whose benefit you use.")
    for enemy in state.enemies[: state.level]:
        if enemy.id == ident:
            if ident not in state.benefits:
                raise IllegalMove(f"You have already used {enemy.name}'s benefit.")
            return enemy
    raise IllegalMove(f"No beaten Henchman called {ident!r} has a benefit for you.")


def _use_benefit(state: SpadesState, move: UseBenefit) -> tuple[SpadesState, list[Event]]:
    enemy = _benefit_enemy(state, move.enemy)
    kinds = tuple(e.kind for e in enemy.benefit)
    if "search_discard" in kinds and not state.discard:
        raise IllegalMove(f"The discard pile is empty, so {enemy.name}'s search finds nothing.")
    if "free_renew" in kinds and not state.discard:
        raise IllegalMove("The discard pile is empty: there is nothing to shuffle back.")
    redraw = "free_redraw" in kinds
    if redraw:
        cards = _check_cards(state, move.cards, True, "discard")
    elif move.cards:
        raise IllegalMove(f"{enemy.name}'s benefit does not discard cards.")
    benefits = list(state.benefits)
    benefits.remove(enemy.id)
    state = _replace(state, benefits=tuple(benefits))
    events: list[Event] = [BenefitUsed(state.turn, enemy.id, kinds)]
    for effect in enemy.benefit:
        more: list[Event] = []
        kind = effect.kind
        if kind == "extra_hands":
            state = _replace(state, hands_dial=min(MAX_DIAL, state.hands_dial + effect.amount))
        elif kind == "extra_discards":
            state = _replace(
                state, discards_dial=min(MAX_DIAL, state.discards_dial + effect.amount)
            )
        elif kind == "draw_extra":
            state, more = _draw(state, state.turn, effect.amount)
        elif kind == "next_hand_bonus":
            state = _replace(state, boost=state.boost + effect.amount)
        elif kind == "free_redraw":
            state, more = _throw_and_draw(state, cards, free=True)
        elif kind == "free_renew":
            state, more = _renew(state, None, free=True)
        elif kind == "search_discard":
            searching = min(effect.amount, len(state.discard))
            state = _replace(state, phase=Phase.SEARCH, searching=searching)
        events.extend(more)
    return state, events


def _take(state: SpadesState, move: TakeFromDiscard) -> tuple[SpadesState, list[Event]]:
    card = move.card
    if not isinstance(card, Card):
        raise IllegalMove("Name the card to take from the discard pile, like 'AS'.")
    if card not in state.discard:
        raise IllegalMove(f"{card.symbol} is not in the discard pile.")
    hands = list(state.hands)
    hands[state.turn] = (*hands[state.turn], card)
    searching = state.searching - 1
    discard = _remove(state.discard, [card])
    done = searching == 0 or not discard
    state = _replace(
        state,
        hands=tuple(hands),
        discard=discard,
        searching=0 if done else searching,
        phase=Phase.DUEL if done else Phase.SEARCH,
    )
    return state, [TookFromDiscard(state.turn, card)]


_HANDLERS: Final[dict[type[SpadesMove], tuple[Phase, Any]]] = {
    PlayHand: (Phase.DUEL, _play),
    DiscardDraw: (Phase.DUEL, _discard_draw),
    Renew: (Phase.DUEL, _renew),
    UseBenefit: (Phase.DUEL, _use_benefit),
    TakeFromDiscard: (Phase.SEARCH, _take),
}
_PHASE_WORDS: Final = {
    Phase.DUEL: "play a Hand, Discard and Draw, Renew or use a benefit",
    Phase.SEARCH: "take a card from the discard pile",
    Phase.OVER: "nothing: the game is over",
}


def _stuck(state: SpadesState) -> bool:
    """True when the player to move has no card and no way to get one."""
    if state.hands[state.turn] or state.shared:
        return False
    if state.discard and state.discards_dial > 0:
        return False
    return not any(_usable(state, ident) for ident in state.benefits)


def _usable(state: SpadesState, ident: str) -> bool:
    enemy = next(e for e in state.enemies if e.id == ident)
    kinds = {e.kind for e in enemy.benefit}
    if kinds & {"search_discard", "free_renew"} and not state.discard:
        return False
    return not ("free_redraw" in kinds and not state.hands[state.turn])


class AceOfSpades(Game[SpadesState, SpadesMove]):
    """The rules of Devir's Ace of Spades, with acelab's Enemy deck or a teacher's own file
    (``AceOfSpades(enemies="my_enemies.toml")``)."""

    name = "ace_of_spades"

    def __init__(self, enemies: str | Path | None = None) -> None:
        self.deck: EnemyDeck = load_enemies(enemies)

    def new_state(
        self, seed: int | str, difficulty: str = "normal", players: int = 1, **options: Any
    ) -> SpadesState:
        """Draw this game's twelve Enemies and shuffle the 52 cards from ``seed``; deal 8
        (co-op, ``players=2``: 5 each and 3 shared face up); reveal the first Enemy."""
        if options:
            raise ValueError(f"Ace of Spades has no option named {', '.join(sorted(options))}.")
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise ValueError(f"A seed is a whole number or a word, not {seed!r}.")
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"The difficulty is one of {_DIFFICULTY_TEXT}, not {difficulty!r}.")
        if type(players) is not int or players not in (1, 2):
            raise ValueError("Ace of Spades is played alone (players=1) or by two (players=2).")
        rng = derive_rng(seed, "ace of spades", "enemies")
        chosen = []
        for level in range(LAST_LEVEL):
            level_cards = self.deck.at_level(level)
            chosen.append(level_cards[random_index(rng, len(level_cards))])
        chosen.append(self.deck.lord(difficulty))
        cards = list(deck())
        shuffle_in_place(derive_rng(seed, "ace of spades", "deck"), cards)
        start = random_index(derive_rng(seed, "ace of spades", "start"), 2) if players == 2 else 0
        state = SpadesState(
            seed=seed,
            difficulty=difficulty,
            players=players,
            enemies=tuple(chosen),
            level=0,
            life=0,
            hands_dial=0,
            discards_dial=0,
            deck=tuple(cards),
            discard=(),
            hands=((),) * players,
            scene_dials=tuple((s.hands, s.discards) for s in self.deck.scenes),
            turn=start,
        )
        state, _ = _deal(state)
        state, _ = _reveal(state, None)
        return state

    def is_over(self, state: SpadesState) -> bool:
        return state.phase is Phase.OVER

    def outcome(self, state: SpadesState) -> Outcome | None:
        return state.outcome

    def step(self, state: SpadesState, move: SpadesMove) -> Step[SpadesState]:
        handler = _HANDLERS.get(type(move))
        if handler is None:
            raise IllegalMove(f"{move!r} is not an Ace of Spades move.")
        phase, run = handler
        if state.phase is not phase:
            raise IllegalMove(f"You cannot {move} now: it is time to {_PHASE_WORDS[state.phase]}.")
        try:
            new, events = run(state, move)
        except IllegalMove:
            raise
        except (TypeError, AttributeError, ValueError) as error:
            raise IllegalMove(f"That move is not well formed ({error}).") from None
        if new.phase is Phase.DUEL and _stuck(new):
            reason = "You have no cards left and no way to draw any: you lose."
            new = _finish(new, False, reason)
            events.append(GameLost(reason))
        return Step(new, tuple(events))

    def apply(self, state: SpadesState, move: SpadesMove) -> SpadesState:
        return self.step(state, move).state

    def legal_moves(self, state: SpadesState) -> Sequence[SpadesMove]:
        """Every legal move: the Hands (each set of cards, played as its strongest combination;
        a lesser ``declare`` is legal too when the cards hold it), each Discard and Draw,
        Renew, each usable benefit; while searching, each card of the discard pile."""
        if state.phase is Phase.OVER:
            return []
        if state.phase is Phase.SEARCH:
            return [TakeFromDiscard(c) for c in dict.fromkeys(state.discard)]
        return DuelMoves(state)

    def observation(self, state: SpadesState, player: int = 0) -> SpadesView:
        """What ``player`` sees: their own hand, the shared cards, the Enemy, the dials; the
        discard pile unless hidden by the difficulty; never the deck's order or the seed."""
        if type(player) is not int or not 0 <= player < state.players:
            raise ValueError(f"This game has players 0 to {state.players - 1}, not {player!r}.")
        hidden = state.difficulty in ("hard", "nightmare") and state.phase is not Phase.SEARCH
        partner = state.hands[1 - player] if state.players == 2 else ()
        beaten = state.defeated
        return SpadesView(
            player=player,
            players=state.players,
            difficulty=state.difficulty,
            level=state.level,
            scene=scene_of(state.level),
            enemy=state.enemy,
            life=state.life,
            hands_dial=state.hands_dial,
            discards_dial=state.discards_dial,
            hand=state.hands[player],
            shared=state.shared,
            partner_cards=len(partner),
            deck_size=len(state.deck),
            discard=None if hidden else state.discard,
            discard_size=len(state.discard),
            defeated=beaten,
            benefits=tuple(e for e in beaten if e.id in state.benefits),
            joker_in_play=state.joker_in_play,
            phase=state.phase,
            searching=state.searching,
            boost=state.boost,
            turn=state.turn,
            hand_limit=_hand_limit(state),
            outcome=state.outcome,
        )

    def check_state(self, state: object) -> None:
        """Refuse, with a sentence, anything that is not a well-formed Ace of Spades state."""
        check_state(state)


class DuelMoves(Sequence[SpadesMove]):
    """The legal moves of a duel, listed only as far as they are read: the Hands (card sets
    that may be played), then every Discard and Draw, Renew, and the usable benefits."""

    __slots__ = ("_hands", "_rest", "_state")

    def __init__(self, state: SpadesState) -> None:
        self._state = state
        self._hands: list[tuple[Card, ...]] | None = None
        self._rest: _Segments | None = None

    def _plays(self) -> list[tuple[Card, ...]]:
        if self._hands is None:
            self._hands = list(_legal_hands(self._state))
        return self._hands

    def _others(self) -> _Segments:
        if self._rest is None:
            self._rest = _other_moves(self._state)
        return self._rest

    def __len__(self) -> int:
        return len(self._plays()) + len(self._others())

    @overload
    def __getitem__(self, index: int) -> SpadesMove: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[SpadesMove]: ...
    def __getitem__(self, index: int | slice) -> SpadesMove | Sequence[SpadesMove]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        size = len(self)
        if not -size <= index < size:
            raise IndexError("There is no legal move with that number.")
        index %= size
        plays = self._plays()
        if index < len(plays):
            move: SpadesMove = _quick(PlayHand, cards=plays[index], declare=None, at=None)
            return move
        return self._others().at(index - len(plays))

    def __iter__(self) -> Iterator[SpadesMove]:
        for cards in self._plays():
            yield _quick(PlayHand, cards=cards, declare=None, at=None)
        others = self._others()
        for i in range(len(others)):
            yield others.at(i)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, SpadesMove):
            return False
        try:
            AceOfSpades.step(_RULES, self._state, move)
        except IllegalMove:
            return False
        return True

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"DuelMoves({len(self)} moves)"


def _legal_hands(state: SpadesState) -> Iterator[tuple[Card, ...]]:
    available = _sorted(state.hands[state.turn] + state.shared)
    if not available:
        return
    comp = _modifiers(state).compiled
    poor = state.discards_dial == 0 and not _holds(available, comp)
    needed = min(HAND_CARDS, len(available))
    sizes = range(1, needed + 1) if state.difficulty == "easy" else (needed,)
    if poor:
        yield from itertools.combinations(available, needed)
        return
    quick = (
        comp.plain_values
        and not any(b is None for b in comp.base)
        and comp.suits_of
        == (
            1,
            2,
            4,
            8,
        )
    )
    spots = [_spot(c) for c in available]
    for size in sizes:
        for indices in itertools.combinations(range(len(available)), size):
            chosen = [spots[i] for i in indices]
            if _quick_holds(chosen) if quick else _search(chosen, comp) is not None:
                yield tuple(available[i] for i in indices)


def _quick_holds(spots: list[tuple[int, int]]) -> bool:
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
    if len(spots) != HAND_CARDS:
        return False
    return suits in (1, 2, 4, 8) or mask in _WINDOW_MASKS


class _Segments:
    """Moves listed as runs: every non-empty subset of some cards (by bit mask), or one move."""

    def __init__(self) -> None:
        self.runs: list[tuple[int, Any]] = []
        self.size = 0

    def subsets(self, cards: tuple[Card, ...], build: Any) -> None:
        count = (1 << len(cards)) - 1
        if count > 0:
            self.runs.append((count, (cards, build)))
            self.size += count

    def single(self, move: SpadesMove) -> None:
        self.runs.append((1, move))
        self.size += 1

    def __len__(self) -> int:
        return self.size

    def at(self, index: int) -> SpadesMove:
        for count, run in self.runs:
            if index < count:
                if isinstance(run, SpadesMove):
                    return run
                cards, build = run
                mask = index + 1
                chosen = tuple(c for bit, c in enumerate(cards) if mask >> bit & 1)
                move: SpadesMove = build(chosen)
                return move
            index -= count
        raise IndexError("There is no legal move with that number.")


def _other_moves(state: SpadesState) -> _Segments:
    runs = _Segments()
    available = _sorted(state.hands[state.turn] + state.shared)
    if state.discards_dial > 0:
        runs.subsets(available, lambda cards: _quick(DiscardDraw, cards=cards))
        if state.discard:
            runs.single(Renew())
    for ident in state.benefits:
        if not _usable(state, ident):
            continue
        enemy = next(e for e in state.enemies if e.id == ident)
        if any(e.kind == "free_redraw" for e in enemy.benefit):
            own = _sorted(state.hands[state.turn])
            runs.subsets(own, lambda cards, who=ident: _quick(UseBenefit, enemy=who, cards=cards))
        else:
            runs.single(UseBenefit(ident))
    return runs


_RULES: Final = object.__new__(AceOfSpades)
_WINDOW_MASKS: Final = frozenset(sum(1 << v for v in w) for w in straight_windows())

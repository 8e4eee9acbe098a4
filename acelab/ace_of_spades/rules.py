"""The rules engine of Devir's *Ace of Spades* (RULINGS.md §2) on acelab's engine protocol.

A game: twelve Enemies, one after another, in four scenes. A turn is one action — play a Hand
(:class:`PlayHand`), :class:`DiscardDraw` or :class:`Renew` — and a beaten Henchman's one-time
benefit may be used at any time of one's own turn (:class:`UseBenefit`; a search of the discard
pile then asks for the cards one by one, :class:`TakeFromDiscard`). Co-op for two: 5 cards each
plus 3 shared face-up cards; a turn ends with its Hand.

acelab choices where neither the rulebook nor RULINGS speaks: the hand is refilled after every
action (so a Renew is followed by a full hand); a player with no card and no way to get one has
lost; the Hands dial never drops below 1 and no dial rises above 4 by any effect.

What each move does is in :mod:`~acelab.ace_of_spades.actions`; the legal moves of a duel are
listed by :mod:`~acelab.ace_of_spades.legal`; the check of a state is
:mod:`~acelab.ace_of_spades.validate`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from acelab.ace_of_spades.actions import MOVES
from acelab.ace_of_spades.dealing import deal
from acelab.ace_of_spades.enemies import DIFFICULTIES, EnemyDeck, load_enemies
from acelab.ace_of_spades.events import visible_events
from acelab.ace_of_spades.in_force import hand_limit
from acelab.ace_of_spades.legal import DuelMoves, stuck
from acelab.ace_of_spades.levels import lose, reveal
from acelab.ace_of_spades.moves import SpadesMove, TakeFromDiscard
from acelab.ace_of_spades.state import LAST_LEVEL, Phase, SpadesState, SpadesView, scene_of
from acelab.ace_of_spades.validate import check_state
from acelab.engine import Event, Game, Outcome, Step, shown
from acelab.engine.cards import deck
from acelab.engine.seeds import check_seed, derive_rng, random_index, shuffle_in_place

__all__ = ["AceOfSpades"]

_DIFFICULTY_TEXT: Final = ", ".join(DIFFICULTIES)


_checked = MOVES.checked
"""The one state-type guard: a ``ValueError`` for anything but an Ace of Spades state."""


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
        seed = check_seed(seed)
        if not isinstance(difficulty, str) or difficulty not in DIFFICULTIES:
            raise ValueError(
                f"The difficulty is one of {_DIFFICULTY_TEXT}, not {shown(difficulty)}."
            )
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
        ignored: list[Event] = []
        return reveal(deal(state, ignored), None, ignored)

    def to_move(self, state: SpadesState) -> int | None:
        """The player whose turn it is (0 in solitaire), or ``None`` once the game is over."""
        return None if _checked(state).phase is Phase.OVER else state.turn

    def is_over(self, state: SpadesState) -> bool:
        return _checked(state).phase is Phase.OVER

    def outcome(self, state: SpadesState) -> Outcome | None:
        return _checked(state).outcome

    def step(self, state: SpadesState, move: SpadesMove) -> Step[SpadesState]:
        new, events = MOVES.step(state, move)
        if new.phase is Phase.DUEL and stuck(new):
            more = list(events)
            new = lose(new, "You have no cards left and no way to draw any: you lose.", more)
            events = tuple(more)
        return Step(new, events)

    def legal_moves(self, state: SpadesState) -> Sequence[SpadesMove]:
        """Every legal move of the player to move: the Hands (each set of cards, played as its
        strongest combination; a lesser ``declare`` is legal too when the cards hold it), each
        Discard and Draw, Renew, each usable benefit; while searching, each card of the
        discard pile."""
        if _checked(state).phase is Phase.OVER:
            return []
        if state.phase is Phase.SEARCH:
            return [TakeFromDiscard(c) for c in dict.fromkeys(state.discard)]
        return DuelMoves(state)

    def observation(self, state: SpadesState, player: int = 0) -> SpadesView:
        """What ``player`` sees: their own hand, the shared cards, the Enemy, the dials; the
        discard pile unless hidden by the difficulty; never the deck's order or the seed."""
        state = _checked(state)
        if type(player) is not int or not 0 <= player < state.players:
            raise ValueError(
                f"This game has players 0 to {state.players - 1}, not {shown(player)}."
            )
        hidden = state.discard_hidden
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
            hand_limit=hand_limit(state),
            outcome=state.outcome,
        )

    def visible_events(self, events: Sequence[Event], seat: int) -> tuple[Event, ...]:
        """``events`` as ``seat`` may hear them: the cards a partner discards face down on Hard
        and Nightmare are not named (see :func:`~acelab.ace_of_spades.events.visible_events`)."""
        return visible_events(events, seat)

    def check_state(self, state: object) -> None:
        """Refuse, with a sentence, anything that is not a well-formed Ace of Spades state."""
        check_state(state)

"""The Ace of Spades play panel on the shared card table: solitaire against the Enemy deck, or
co-op for two (a hot seat with a "pass the device" screen, or with a bot partner).

``AceOfSpadesPanel(seed=None, difficulty="normal", players=1, partner="human")`` deals a
seeded game. The table is drawn by the pure :func:`acelab.ace_of_spades.table_view.table`
from ``observation(state, player)`` of the player at the device; a click is read by the pure
:func:`acelab.ace_of_spades.gestures.interpret` into a call of this panel's Python API
(``choose``, ``clear``, ``declare``, ``play_hand``, ``discard``, ``renew``, ``use_benefit``,
``take``, ``hint``, ``reveal``, ``set_difficulty``, ``new_game``), which tests call too. Each
method refuses a bad argument with a sentence on the status line and returns False.
Achievements are read off the game's events and kept in the progress store. A bot partner
plays one move at a time (a pause between moves in a live notebook, with "Skip to my turn"; at
once from Python). The seats, the pace and the gestures are the shared
:class:`~acelab.widgets.seated.SeatedPanel`'s.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from acelab.ace_of_spades.achievements import earned_from_events, keep, progress
from acelab.ace_of_spades.at_table import CoopAtTable
from acelab.ace_of_spades.bots import strong_bot
from acelab.ace_of_spades.draft import DRAFT_LOST, chosen_draft, read_draft
from acelab.ace_of_spades.enemies import DIFFICULTIES
from acelab.ace_of_spades.gestures import interpret
from acelab.ace_of_spades.moves import (
    DiscardDraw,
    PlayHand,
    Renew,
    SpadesMove,
    TakeFromDiscard,
    UseBenefit,
)
from acelab.ace_of_spades.narrate import narrate
from acelab.ace_of_spades.rules import AceOfSpades
from acelab.ace_of_spades.scoring import COMBINATIONS
from acelab.ace_of_spades.state import SpadesState, SpadesView
from acelab.ace_of_spades.table_view import TableOptions, phrases, table
from acelab.engine import check_seed, derive_rng
from acelab.engine.cards import Card, parse_card
from acelab.engine.seeds import seed_or_fresh
from acelab.widgets.seated import Clock, SeatedPanel
from acelab.widgets.together import Together
from acelab.widgets.view_model import TableView

__all__ = ["AceOfSpadesPanel"]


class AceOfSpadesPanel(SeatedPanel[SpadesState, SpadesMove]):
    """One game of Devir's Ace of Spades on the card table."""

    NOT_YOUR_GO = "It is your partner's turn."
    HOW_TO_PLAY = (
        "Beat the Enemies one after another, up to Lord Overkill. First click 5 cards of your"
        " hand (on Easy, just the cards that score will do), then press Play Hand: its poker"
        " combination hits the Enemy's life."
        " Discard and Draw swaps the chosen cards for new ones; Renew shuffles the discard pile"
        " back into the deck. The dials count the Hands and Discards you have left: if the"
        " Hands run out while the Enemy still stands, you lose."
    )

    def __init__(
        self,
        seed: int | str | None = None,
        difficulty: str = "normal",
        players: int = 1,
        *,
        partner: str = "human",
        save: bool = True,
        four_colour: bool = False,
        pause: float = 0.6,
        clock: Clock | None = None,
    ) -> None:
        if partner not in ("human", "bot"):
            raise ValueError('partner is "human" (a hot seat) or "bot".')
        if type(save) is not bool or type(four_colour) is not bool:
            raise ValueError("save and four_colour are True or False.")
        seed = seed_or_fresh(seed)
        game = AceOfSpades()
        state = game.new_state(seed, difficulty=difficulty, players=players)
        self.bot_partner = players == 2 and partner == "bot"
        self.hot_seat = players == 2 and not self.bot_partner
        self.names: tuple[str, ...] = (
            ("You", "Bot partner") if self.bot_partner else ("Player 1", "Player 2")
        )
        if players == 1:
            self.names = ("You",)
        self.chosen: list[str] = []
        self.declared: str | None = None
        self.said, self.said_by = "", -1
        self._clock = time.monotonic()
        self._bot_rng = derive_rng(seed, "ace of spades panel bot")
        options = {"difficulty": difficulty, "players": players}
        super().__init__(
            game,
            state,
            humans=frozenset({0}) if players == 1 or self.bot_partner else frozenset({0, 1}),
            hot_seat=self.hot_seat,
            pause=pause,
            clock=clock,
            seed=seed,
            options=options,
            save=save,
            four_colour=four_colour,
        )
        self._seat_at_device()
        self.widget.add_class("acelab-ace-of-spades")
        if players == 2:
            self.together = Together(
                self, "ace_of_spades", CoopAtTable, options={"difficulty": difficulty}
            )
        if not self.start_bots():
            self.refresh()

    # ---- what the player at the device sees --------------------------------------------------

    @property
    def view(self) -> SpadesView:
        """What the player at the device may see."""
        seen: SpadesView = self.game.observation(self.state, self.viewer)
        return seen

    def _cards(self, cards: object) -> tuple[str, ...] | None:
        """The chosen cards (``None``), or ``cards`` given as text or as cards; None when
        ``cards`` is neither (the refusal is then shown)."""
        if cards is None:
            return tuple(self.chosen)
        if isinstance(cards, str):
            return tuple(cards.split())
        if isinstance(cards, Iterable) and not isinstance(cards, bytes | dict):
            given = list(cards)
            if all(isinstance(c, str | Card) for c in given):
                return tuple(str(c) for c in given)
        self._refuse("Name the cards like 'AS KD'.")
        return None

    # ---- choosing cards ----------------------------------------------------------------------

    def choose(self, card: str) -> bool:
        """Choose ``card`` (a code, ``"KS"``) for the next Hand or Discard; again: drop it."""
        try:
            code = str(parse_card(card)) if isinstance(card, str | Card) else None
        except ValueError:
            code = None
        if code is None or code not in {str(c) for c in self.view.available}:
            return self._refuse("Choose a card of your hand, like 'KS'.")
        if code in self.chosen:
            self.chosen.remove(code)
        else:
            self.chosen.append(code)
        self.declared = None
        self.messages.clear()
        self.refresh()
        return True

    def clear(self) -> bool:
        """Put every chosen card back."""
        self.chosen.clear()
        self.declared = None
        self.refresh()
        return True

    def declare(self, combination: str) -> bool:
        """Declare the chosen cards as this (lesser) combination."""
        if not isinstance(combination, str) or combination not in COMBINATIONS:
            return self._refuse("Declare one of the combinations shown, like 'pair'.")
        self.declared = combination
        self.refresh()
        return True

    def hint(self, number: int) -> bool:
        """Tell the partner one of the rulebook's vague phrases (or a shared card wanted)."""
        said = phrases(self.view)
        if type(number) is not int or not 0 <= number < len(said):
            return self._refuse("Choose one of the phrases shown.")
        self.said, self.said_by = said[number], self.viewer
        self.messages.show(f"Your partner will read: “{self.said}”", "info")
        self.refresh()
        return True

    DRAFT_LOST = DRAFT_LOST

    def draft(self) -> dict[str, Any] | None:
        """The cards chosen for the next Hand or Discard (kept when the game is resumed)."""
        return chosen_draft(self.viewer, self.chosen, self.declared)

    def restore_draft(self, data: Any) -> str:
        """Choose the saved cards again, if the player at the device still has them."""
        self.chosen, self.declared = read_draft(data, self.view, self.viewer)
        shown = " ".join(parse_card(code).symbol for code in self.chosen)
        return f"your chosen cards {shown} still on the table"

    # ---- moves -------------------------------------------------------------------------------

    def after_mine(self) -> None:
        self.chosen.clear()
        self.declared = None
        self._earn()

    def play_hand(self, cards: object = None, declare: str | None = None) -> bool:
        """Play the chosen cards (or ``cards``) as a Hand, declared as ``declare`` if given."""
        chosen = self._cards(cards)
        if chosen is None:
            return False
        if declare is not None and not isinstance(declare, str):
            return self._refuse("Declare one of the combinations shown, like 'pair'.")
        at = time.monotonic() - self._clock
        return self.play_mine(PlayHand(chosen, declare or self.declared, at=at))  # type: ignore[arg-type]

    def discard(self, cards: object = None) -> bool:
        """Discard the chosen cards (or ``cards``) and draw back up."""
        chosen = self._cards(cards)
        return chosen is not None and self.play_mine(DiscardDraw(chosen))  # type: ignore[arg-type]

    def renew(self) -> bool:
        """Shuffle the discard pile back into the deck (one Discard)."""
        return self.play_mine(Renew())

    def use_benefit(self, enemy: str) -> bool:
        """Use the one-time benefit of beaten Henchman ``enemy`` (the chosen cards are the ones
        thrown away when it gives a free Discard and Draw)."""
        if not isinstance(enemy, str):
            return self._refuse("Name the beaten Henchman whose benefit you use.")
        redraws = any(
            e.id == enemy and any(b.kind == "free_redraw" for b in e.benefit)
            for e in self.view.benefits
        )
        kept, declared = list(self.chosen), self.declared
        if not self.play_mine(UseBenefit(enemy, tuple(kept) if redraws else ())):  # type: ignore[arg-type]
            return False
        if not redraws:  # the chosen Hand stays chosen, to be played now
            held = {str(c) for c in self.view.available}
            self.chosen[:] = [code for code in kept if code in held]
            self.declared = declared if self.chosen == kept else None
            self.refresh()
        return True

    def take(self, card: str) -> bool:
        """While an effect searches the discard pile: take ``card`` into the hand."""
        try:
            parsed = parse_card(card) if isinstance(card, str | Card) else None
        except ValueError as error:
            return self._refuse(str(error))
        if parsed is None:
            return self._refuse("Name the card to take from the discard pile, like 'AS'.")
        return self.play_mine(TakeFromDiscard(parsed))

    # ---- partner, hot seat, achievements -----------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return self.names[seat]

    def bot_move(self, seat: int) -> SpadesMove:
        moves = self.game.legal_moves(self.state)
        return strong_bot(self.game.observation(self.state, seat), moves, self._bot_rng)

    def after_bot(self) -> None:
        self._earn()

    def _seat_at_device(self) -> None:
        """After a new deal or a resume: the player to move sits at the device, hidden."""
        self.viewer = (self.actor or 0) if self.hot_seat else 0
        self.hidden = self.hot_seat

    def hand_over(self) -> None:
        """Hot seat: the device goes to the partner, whose hand is hidden until they are there;
        the cards chosen are put back."""
        viewer = self.viewer
        super().hand_over()
        if self.viewer != viewer:
            self.chosen.clear()

    def on_history_changed(self) -> None:
        self.hand_over()

    def _earn(self) -> None:
        store = self.store
        if store is None:
            return
        events = [e for step in self.heard_game() for e in step]
        found = earned_from_events(events, self.state.difficulty, self.state.players)
        for achievement in keep(store, found):
            self.messages.show(f"Achievement earned: {achievement.name}!", "success")

    def achievements(self) -> tuple[str, ...]:
        """The names of the achievements the learner has earned (from the progress store)."""
        if self.store is None:
            return ()
        return tuple(p.achievement.name for p in progress(self.store) if p.earned)

    # ---- new games ---------------------------------------------------------------------------

    def new_game(self, seed: int | str | None = None, difficulty: str | None = None) -> bool:
        """Deal a new game (the same difficulty unless ``difficulty`` is given)."""
        dealt = self._seed_to_deal(seed)
        if dealt is None:
            return False
        seed = dealt
        level = self.state.difficulty if difficulty is None else difficulty
        if not isinstance(level, str) or level not in DIFFICULTIES:
            return self._refuse("The difficulty is easy, normal, hard or nightmare.")
        state = self.game.new_state(seed, difficulty=level, players=self.state.players)
        self.options["difficulty"] = level
        self.restart(state, seed)
        self.chosen.clear()
        self.declared, self.said, self.said_by = None, "", -1
        self._seat_at_device()
        self._clock = time.monotonic()
        self._bot_rng = derive_rng(seed, "ace of spades panel bot")
        self.start_bots()
        self.messages.show(f"A new game on {level.capitalize()}: seed {seed}.", "info")
        self.refresh()
        return True

    def restart(self, state: SpadesState, seed: int | str | None = None) -> None:
        """Play on from the new deal ``state`` (the game so far stays saved).

        Raises ``ValueError`` with a sentence, and changes nothing, unless ``state`` is a
        well-formed state for this panel's players and ``seed`` a seed (or ``None``)."""
        self.game.check_state(state)
        players = self.state.players
        if state.players != players:
            raise ValueError(f"This panel seats {players} player(s): deal a game for {players}.")
        if seed is not None:
            check_seed(seed)
        super().restart(state, seed)

    def set_difficulty(self, difficulty: str) -> bool:
        """Deal this seed again on ``difficulty`` (easy, normal, hard or nightmare)."""
        if not isinstance(difficulty, str) or difficulty not in DIFFICULTIES:
            return self._refuse("The difficulty is easy, normal, hard or nightmare.")
        return self.new_game(self.seed, difficulty)

    def resume(self) -> bool:
        """Resume the saved game; a bot partner whose turn it is plays on."""
        if not super().resume():
            return False
        self._seat_at_device()
        if not self.start_bots():
            self.refresh()
        return True

    # ---- drawing and gestures ----------------------------------------------------------------

    def describe(self, move: SpadesMove) -> str:
        return narrate(self.heard_events, self.names) or str(move)

    GESTURES = interpret

    def table_view(self) -> TableView:
        options = TableOptions(
            chosen=tuple(self.chosen),
            declare=self.declared,
            hidden=self.hidden,
            next_name=self.names[self.viewer],
            hint=self.said if self.said_by not in (-1, self.viewer) else "",
            names=self.names,
            bot_partner=self.bot_partner,
            achievements=self.achievements(),
            seed=str(self.seed),
            new_game_question=self.new_game_question(),
        )
        return table(self.view, (), options)

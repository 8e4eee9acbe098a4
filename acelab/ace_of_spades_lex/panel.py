"""The Lex Ace of Spades play panel on the shared card table: you against 1–5 bots, or a hot
seat for 2–6 people, by clicks, drags or the keyboard, and the same from Python.

``LexPanel(seed=None, players=4, hot_seat=False, auto=True, pause=0.6)`` deals a seeded game.
The table is drawn by the pure :func:`acelab.ace_of_spades_lex.table_view.table` from the
observation of the player whose decision it is (never from hidden state); a gesture is read by
the pure :func:`acelab.ace_of_spades_lex.gestures.interpret` into a call of this panel's Python
API (``draw``, ``steal``, ``stop``, ``nuke``, ``deal``, ``answer``, ``deuce``, ``end_turn``,
``pass_turn``, ``pick``, ``put_back``, ``step_bots``, ``run_bots``, ``skip_bots``, ``reveal``,
``new_game``), which tests
and notebooks call too. Bots play one move at a time, narrated in the log: on their own, one
every ``pause`` seconds in a live notebook with "Skip to my turn" (``auto=True``; at once from
Python), or one per press of Next move. In a hot seat a "pass the device" screen hides every
hand until the next player says it is them. The seats, the pacing and the gestures are the
shared :class:`~acelab.widgets.seated.SeatedPanel`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from acelab.ace_of_spades_lex.at_table import LexAtTable
from acelab.ace_of_spades_lex.bots import Bot, heuristic_bot
from acelab.ace_of_spades_lex.gestures import interpret
from acelab.ace_of_spades_lex.moves import (
    Accept,
    Counter,
    DealTo,
    DeuceExMachina,
    Draw,
    EndTurn,
    Foil,
    LexMove,
    Nuke,
    Pass,
    Steal,
    Stop,
)
from acelab.ace_of_spades_lex.narrate import narrate
from acelab.ace_of_spades_lex.rules import AceOfSpadesLex, next_match
from acelab.ace_of_spades_lex.state import MAX_PLAYERS, MIN_PLAYERS, LexState, LexView
from acelab.ace_of_spades_lex.table_view import (
    DEAL,
    TableOptions,
    held_card,
    held_cards,
    table,
    waiting_text,
)
from acelab.ace_of_spades_lex.words import sixes
from acelab.engine import check_seed, derive_rng, shown
from acelab.engine.seeds import seed_or_fresh
from acelab.widgets.seated import Clock, SeatedPanel
from acelab.widgets.together import Together
from acelab.widgets.view_model import TableContext, TableView

__all__ = ["LexPanel"]


def _check_flag(value: object, name: str) -> None:
    if type(value) is not bool:
        raise ValueError(f"{name} is True or False, not {value!r:.30}.")


def _check_bots(bots: object, players: int) -> dict[int, Bot]:
    """One bot per seat: ``bots`` is one bot for every seat, or a list used seat by seat."""
    if bots is None:
        bots = heuristic_bot
    chosen = [bots] if callable(bots) else bots
    if isinstance(chosen, str) or not isinstance(chosen, Sequence) or not chosen:
        raise ValueError("Give a bot (a function) or a list of bots, one per seat.")
    if not all(callable(bot) for bot in chosen):
        raise ValueError("Every bot is a function choose(view, legal_moves, rng).")
    return {p: chosen[p % len(chosen)] for p in range(players)}


class LexPanel(SeatedPanel[LexState, LexMove]):
    """One game of Lex Productions' Ace of Spades on the card table."""

    HOW_TO_PLAY = (
        "Be the first to hold the A♠, both red aces or three kings. On your turn, first click"
        " the deck to draw a card. To use a Jack, a black ten or a six from an earlier turn,"
        " click it to pick it up, then click a ringed player. A Jack steals a card, a black ten"
        " stops a player, a six sends their hand back into the deck (pick up two sixes to use"
        " both). When a Nine makes you deal, click the card to deal, then a player, once for"
        " each card. Keys work too: Tab, the arrows, Enter, a number and Escape."
    )

    def __init__(
        self,
        seed: int | str | None = None,
        players: int = 4,
        *,
        hot_seat: bool = False,
        bots: Sequence[Bot] | Bot | None = None,
        auto: bool = True,
        pause: float = 0.6,
        save: bool = True,
        four_colour: bool = False,
        clock: Clock | None = None,
    ) -> None:
        seed = seed_or_fresh(seed)
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Lex's Ace of Spades is for 2 to 6 players, not {shown(players)}.")
        flags = {"hot_seat": hot_seat, "auto": auto, "save": save, "four_colour": four_colour}
        for name, flag in flags.items():
            _check_flag(flag, name)
        if hot_seat:
            names = tuple(f"Player {p + 1}" for p in range(players))
        else:
            names = ("You", *(f"Bot {p}" for p in range(1, players)))
        game = AceOfSpadesLex()
        state = game.new_state(seed, players=players, names=names)
        self.bots: dict[int, Bot] = _check_bots(bots, players)
        self.auto = auto
        self._bot_rng = derive_rng(seed, "lex panel bots")
        self.picked: tuple[str, ...] = ()  # the keys of the cards picked up, shown held
        super().__init__(
            game,
            state,
            humans=frozenset(range(players)) if hot_seat else frozenset({0}),
            hot_seat=hot_seat,
            pause=pause,
            clock=clock,
            seed=seed,
            options={"players": players, "names": names},
            save=save,
            four_colour=four_colour,
        )
        self.widget.add_class("acelab-lex")
        if hot_seat:
            self.widget.add_class("acelab-lex-hot-seat")
        self.together = Together(
            self,
            "ace_of_spades_lex",
            LexAtTable,
            seats=("person", "person", *("bot",) * (players - 2)),
        )
        self.refresh()
        self._bots_if_auto()

    @property
    def view(self) -> LexView:
        """What the player shown at the table may see."""
        seen: LexView = self.game.observation(self.state, self.viewer)
        return seen

    def _my_moves(self) -> Sequence[LexMove]:
        if self.hidden or self.actor != self.viewer or self.actor not in self.humans:
            return ()
        return self.game.legal_moves(self.state)

    # ---- the player's moves ------------------------------------------------------------------

    def why_not_now(self) -> str:
        if self.game.is_over(self.state):
            return "The game is over: press New game to play again."
        if self.bot_to_play() and not self.auto:
            return f"It is {self.seat_name(self.actor or 0)}'s move: press Next move."
        return super().why_not_now()

    def draw(self) -> bool:
        """Draw the deck's top card."""
        return self.play_mine(Draw())

    def steal(self, target: int) -> bool:
        """Play a Jack on ``target``."""
        return self.play_mine(Steal(target))

    def stop(self, target: int) -> bool:
        """Play a black ten on ``target``."""
        return self.play_mine(Stop(target))

    def nuke(self, target: int, sixes: int = 1) -> bool:
        """Play ``sixes`` sixes on ``target``."""
        return self.play_mine(Nuke(target, sixes))

    def deal(self, player: int) -> bool:
        """Deal the Nine's next card to ``player``."""
        return self.play_mine(DealTo(player))

    def pick(self, card: str) -> bool:
        """Pick up the action card ``card`` (a key like ``"JS"``), or a Nine's card to deal
        (``"deal"``): the players it can go to are ringed, and a click (or Enter) on one of them
        plays it there. A six picked up while sixes are held joins them (a nuke with all)."""
        view, moves = self.view, self._my_moves()
        if card == DEAL and any(isinstance(m, DealTo) for m in moves):
            self.picked = (DEAL,)
            self.messages.show(
                "Card to deal picked up: choose a player for it, or press Escape to put it back.",
                "info",
            )
            self.refresh()
            return True
        held = held_card(view, moves, card) if isinstance(card, str) else None
        if held is None:
            self.messages.error("Pick up a Jack, a black ten or a six that you can play now.")
            self.refresh()
            return False
        together = (*self.picked, card)
        self.picked = together if held_cards(view, moves, together) else (card,)
        symbols = " ".join(c.symbol for c in held_cards(view, moves, self.picked))
        if len(self.picked) > 1:
            what = f"choose a player to nuke with {sixes(len(self.picked))}"
        elif held.value == 6 and any(isinstance(m, Nuke) and m.sixes > 1 for m in moves):
            what = "choose a player for it (or pick up another six to use both)"
        else:
            what = "choose a player for it"
        self.messages.show(f"{symbols} picked up: {what}, or press Escape to put it back.", "info")
        self.refresh()
        return True

    def put_back(self) -> bool:
        """Put the picked-up cards back."""
        self.picked = ()
        self.refresh()
        return True

    def on_history_changed(self) -> None:
        """A move (or an undo) puts the picked-up cards back; a Nine's card to deal stays
        picked up while more are to be dealt."""
        moves = self._my_moves()
        if self.picked != (DEAL,) or not any(isinstance(m, DealTo) for m in moves):
            self.picked = ()

    def undo(self, steps: int = 1) -> bool:
        """Take back the last ``steps`` steps; the cards picked up are put back."""
        self.picked = ()
        return super().undo(steps)

    DRAFT_LOST = "What you had picked up was put back: pick it up again."

    def draft(self) -> dict[str, list[str]] | None:
        """The cards picked up, or a Nine's card to deal (kept when the game is resumed)."""
        return {"picked": list(self.picked)} if self.picked else None

    def restore_draft(self, data: Any) -> str:
        """Pick the saved cards up again, if they can still be played."""
        keys = data.get("picked") if isinstance(data, dict) else None
        if not isinstance(keys, list) or not all(isinstance(key, str) for key in keys):
            raise ValueError(self.DRAFT_LOST)
        moves = self._my_moves()
        if keys == [DEAL] and any(isinstance(m, DealTo) for m in moves):
            self.picked = (DEAL,)
            return "the card to deal still picked up"
        held = held_cards(self.view, moves, keys)
        if not held:
            raise ValueError(self.DRAFT_LOST)
        self.picked = tuple(keys)
        return f"the {' '.join(card.symbol for card in held)} still picked up"

    def answer(self, use: bool) -> bool:
        """Answer the Jack with a red ten, or the nuke with sixes (``use``), or let it happen."""
        _check_flag(use, "use")
        attack = self.state.attack
        if not use or attack is None:
            return self.play_mine(Accept())
        return self.play_mine(Counter() if attack.is_nuke else Foil())

    def deuce(self) -> bool:
        """Play Deuce Ex Machina with four twos."""
        return self.play_mine(DeuceExMachina())

    def end_turn(self) -> bool:
        """End the turn without playing the four twos just collected."""
        return self.play_mine(EndTurn())

    def pass_turn(self) -> bool:
        """Pass: nothing to draw and no action card to use."""
        return self.play_mine(Pass())

    # ---- the bots and the hot seat -----------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return self.state.names[seat]

    def bot_move(self, seat: int) -> LexMove:
        moves = self.game.legal_moves(self.state)
        seen = self.game.observation(self.state, seat)
        return moves[0] if len(moves) == 1 else self.bots[seat](seen, moves, self._bot_rng)

    def same_step(self) -> bool:
        """A bot's Nine is shown in one step of the pace: drawn, and its five cards dealt.
        The move due is a deal, and the same seat made the last move (drew the Nine, or
        dealt one of its cards)."""
        if not self.history:
            return False
        if not any(isinstance(move, DealTo) for move in self.game.legal_moves(self.state)):
            return False
        before, _ = self.history[-1]
        return bool(self.game.to_move(before) == self.actor)

    def start_bots(self, pause: float | None = None) -> bool:
        """Start the bots' moves when they play on their own (``auto``)."""
        return (self.auto or pause is not None) and super().start_bots(pause)

    def _bots_if_auto(self) -> None:
        self.start_bots()

    def new_game(self, seed: int | str | None = None) -> bool:
        """Deal a new game; the winner of a finished game plays first. A seed that cannot deal
        a game is refused in words (``False``), and this game goes on."""
        dealt = self._seed_to_deal(seed)
        if dealt is None:
            return False
        seed = dealt
        if self.game.is_over(self.state):
            state = next_match(self.state, seed)
        else:
            state = self.game.new_state(seed, **self.options, first=self.state.first)
        self.restart(state, seed)
        self._bot_rng = derive_rng(seed, "lex panel bots")
        self.viewer = state.first if self.hot_seat else 0
        self.hidden = self.hot_seat
        self._bots_if_auto()
        self.messages.show(f"A new game: {state.names[state.first]} plays first.", "info")
        self.refresh()
        return True

    def restart(self, state: LexState, seed: int | str | None = None) -> None:
        """Play on from ``state``, a deal at this table (the game so far stays in the store)."""
        self.game.check_state(state)
        if state.players != len(self.bots):
            raise ValueError(f"This table has {len(self.bots)} seats, not {state.players}.")
        self.picked = ()
        super().restart(state, None if seed is None else check_seed(seed))

    def resume(self) -> bool:
        """Resume the saved game; bots whose move it was then play on."""
        if not super().resume():
            return False
        self.hand_over()
        self._bots_if_auto()
        self.refresh()
        return True

    # ---- drawing and gestures ----------------------------------------------------------------

    def describe(self, move: LexMove) -> str:
        return narrate(self.heard_events, self.state.names) or str(move)

    GESTURES = interpret

    def gesture_context(self) -> TableContext:
        return TableContext(moves=tuple(self._my_moves()), picked=self.picked)

    def adjust_view(self, view: TableView) -> TableView:
        """While the bots play one by one: who is playing, and why you wait if stopped."""
        shown = super().adjust_view(view)
        actor = self.actor
        if not self.bots_running or actor is None:
            return shown
        return replace(shown, prompt=waiting_text(self.view, self.seat_name(actor)))

    def table_view(self) -> TableView:
        waiting = ""
        if self.bot_to_play() and not self.auto:
            waiting = self.state.names[self.actor or 0]
        options = TableOptions(
            hidden=self.hidden,
            next_name=self.state.names[self.viewer],
            bot_waiting=waiting,
            new_game_question=self.new_game_question(),
            picked=self.picked,
        )
        return table(self.view, self._my_moves(), options)

"""The Absolutely Aces play panel on the shared card table: a match against a bot.

``AbsolutelyAcesPanel(seed=None, bot="perfect")`` deals a seeded match; you are player 0. Click
a card of your hand to pick it in secret, then to play it on your go (the cards that may answer
are ringed); Pair buttons play Pairs; "Show me the tree" gives the exact value of every move you
could make (win by how much, lose, loop). The bot answers at once. From Python: ``pick(card)``,
``play_card(card)``, ``play_pair(type)``, ``show_tree()``, ``new_game(seed)`` — the same path as
clicks. The table is drawn by the pure :func:`~acelab.absolutely_aces.table_view.aces_table`.
"""

from __future__ import annotations

import random
from typing import Any

from acelab.absolutely_aces.bots import BOTS, Bot
from acelab.absolutely_aces.gestures import Command, Refusal, interpret
from acelab.absolutely_aces.rules import (
    AbsolutelyAces,
    AcesMove,
    AcesState,
    Phase,
    Pick,
    PicksRevealed,
    Play,
    PlayPair,
    RoundEnded,
)
from acelab.absolutely_aces.solver import move_values
from acelab.absolutely_aces.table_view import aces_table, card_faces
from acelab.engine import derive_rng
from acelab.widgets import Panel
from acelab.widgets.table import Gesture
from acelab.widgets.view_model import TableView

__all__ = ["AbsolutelyAcesPanel"]

NAMES = ("You", "Bot")


class AbsolutelyAcesPanel(Panel[AcesState, AcesMove]):
    """Play a match of Absolutely Aces against a bot, by clicks or from Python."""

    def __init__(
        self,
        seed: int | str | None = None,
        bot: str = "perfect",
        *,
        loop_rule: bool = True,
        target: int = 15,
        save: bool = True,
    ) -> None:
        if bot not in BOTS:
            raise ValueError(f"The bots are {', '.join(BOTS)}.")
        game = AbsolutelyAces()
        seed = random.SystemRandom().randrange(1, 100_000) if seed is None else seed
        state = game.new_state(seed, loop_rule=loop_rule, target=target)
        self.you, self.bot_name, self.tree = 0, bot, False
        self.bot: Bot = BOTS[bot]
        self.bot_rng = derive_rng(seed, "panel bot")
        options: dict[str, Any] = {"loop_rule": loop_rule, "target": target}
        super().__init__(game, state, seed=seed, options=options, save=save)
        self.table.faces = card_faces()
        self.widget.add_class("acelab-absolutely-aces")
        self.refresh()

    # ---- the Python API (clicks come here too) --------------------------------------------------

    def pick(self, card: str) -> bool:
        """Make your secret pick."""
        return self.play(Pick(self.you, card))

    def play_card(self, card: str) -> bool:
        """Play ``card`` (a code such as ``"S7"``) on your go."""
        return self.play(Play(card))

    def play_pair(self, kind: str) -> bool:
        """Play both cards of ``kind`` (``"Roll"``) as a Pair."""
        return self.play(PlayPair(kind))

    def show_tree(self, on: bool | None = None) -> bool:
        """Show (or hide, or toggle with ``None``) the value of every move you could make."""
        self.tree = not self.tree if on is None else bool(on)
        self.refresh()
        return self.tree

    def new_game(self, seed: int | str | None = None) -> bool:
        """Deal a new match from ``seed`` (a random one when None)."""
        seed = random.SystemRandom().randrange(1, 100_000) if seed is None else seed
        self.bot_rng = derive_rng(seed, "panel bot")
        self.restart(self.game.new_state(seed, **self.options), seed)
        return True

    def play(self, move: AcesMove) -> bool:
        """Apply your move, then let the bot answer until it is your turn again."""
        if not self._yours(move):
            self.messages.error("It is not your go yet.")
            self.refresh()
            return False
        if not super().play(move):
            return False
        while not self.game.is_over(self.state) and self._bot_to_move():
            moves = self.game.moves_of(self.state, 1 - self.you)
            view = self.game.observation(self.state, 1 - self.you)
            if not super().play(self.bot(view, moves, self.bot_rng)):
                break
        return True

    # ---- what the base panel asks for -----------------------------------------------------------

    def table_view(self) -> TableView:
        view = self.game.observation(self.state, self.you)
        legal = tuple(self.game.moves_of(self.state, self.you))
        tree = None
        if self.tree and self.state.phase is Phase.PLAY and self.state.mover == self.you:
            tree = move_values(self.state, self.game)
        return aces_table(
            view, legal, cards=self.game.cards, tree=tree, names=NAMES, tree_shown=self.tree
        )

    def handle(self, gesture: Gesture) -> None:
        view = self.game.observation(self.state, self.you)
        meant = interpret(gesture.kind, gesture.card, gesture.zone, view)
        if isinstance(meant, Refusal):
            self.messages.error(meant.reason)
            self.refresh()
        elif isinstance(meant, Command):
            if meant.name == "tree":
                self.show_tree()
            else:
                self.new_game()
        else:
            self.play(meant)

    def describe(self, move: AcesMove) -> str:
        cards = self.game.cards
        who = NAMES[0] if self._mover_of(move) == self.you else NAMES[1]
        if isinstance(move, Pick):
            text = f"{who} picked" + (
                f" {cards.by_code[move.card].label}" if who == NAMES[0] else ""
            )
        elif isinstance(move, Play):
            text = f"{who} played {cards.by_code[move.card].label}"
        else:
            text = f"{who} played the {move.type} Pair"
        for event in self.last_events:
            if isinstance(event, PicksRevealed):
                shown = " and ".join(cards.by_code[c].label for c in event.picks)
                text += f"; picks shown: {shown}, {NAMES[event.first]} go first"
            if isinstance(event, RoundEnded):
                result = event.result
                text += (
                    "; the position repeated: no score"
                    if result.winner is None
                    else f"; {NAMES[result.winner]} won the round: {result.points} points"
                )
        return text

    def prompt_text(self) -> str:
        return ""

    # ---- helpers --------------------------------------------------------------------------------

    def _mover_of(self, move: AcesMove) -> int:
        if isinstance(move, Pick):
            return move.player
        before = self.history[-1][0] if self.history else self.state
        return before.mover

    def _yours(self, move: AcesMove) -> bool:
        if isinstance(move, Pick):
            return move.player == self.you
        return self.state.phase is not Phase.PLAY or self.state.mover == self.you

    def _bot_to_move(self) -> bool:
        if self.state.phase is Phase.PICK:
            return 1 - self.you in self.game.to_pick(self.state)
        return self.state.mover != self.you

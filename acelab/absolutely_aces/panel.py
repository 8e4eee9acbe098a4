"""The Absolutely Aces play panel on the shared card table: a match against a bot, or a hot seat.

``AbsolutelyAcesPanel(seed=None, bot="perfect")`` deals a seeded match; you are player 0. Click
a card of your hand to pick it in secret, then to play it on your go (the cards that may answer
are ringed); Pair buttons play Pairs; "Show me the tree" gives the exact value of every move you
could make (win by how much, lose, loop). The bot answers at once. From Python: ``pick(card)``,
``play_card(card)``, ``play_pair(type)``, ``show_tree()``, ``new_game(seed)`` — the same path as
clicks. The table is drawn by the pure :func:`~acelab.absolutely_aces.table_view.aces_table`.

``AbsolutelyAcesPanel(seed, hot_seat=True)`` is for two people at one device, Player 1 and
Player 2. The table is always drawn from the observation of the player whose decision it is.
During the secret pick Player 1 picks seeing only their own hand (the other face down); then a
"pass the device" screen shows no hand at all until Player 2 presses "I am Player 2 — show my
cards" (:meth:`AbsolutelyAcesPanel.reveal`) and picks; only then are both picks shown, and the
round plays on with open hands, the table turned to whoever's go it is.
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
HOT_SEAT_NAMES = ("Player 1", "Player 2")


class AbsolutelyAcesPanel(Panel[AcesState, AcesMove]):
    """Play a match of Absolutely Aces against a bot (or two people in a hot seat), by clicks
    or from Python."""

    game: AbsolutelyAces

    def __init__(
        self,
        seed: int | str | None = None,
        bot: str = "perfect",
        *,
        loop_rule: bool = True,
        target: int = 15,
        save: bool = True,
        hot_seat: bool = False,
    ) -> None:
        if bot not in BOTS:
            raise ValueError(f"The bots are {', '.join(BOTS)}.")
        game = AbsolutelyAces()
        seed = random.SystemRandom().randrange(1, 100_000) if seed is None else seed
        state = game.new_state(seed, loop_rule=loop_rule, target=target)
        self.you, self.bot_name, self.tree = 0, bot, False
        self.hot_seat = bool(hot_seat)
        self.names = HOT_SEAT_NAMES if self.hot_seat else NAMES
        self.viewer, self.hidden = 0, False  # whose view is drawn; the pass-the-device screen
        self.bot: Bot = BOTS[bot]
        self.bot_rng = derive_rng(seed, "panel bot")
        options: dict[str, Any] = {"loop_rule": loop_rule, "target": target}
        super().__init__(game, state, seed=seed, options=options, save=save)
        self.table.faces = card_faces()
        self.widget.add_class("acelab-absolutely-aces")
        if self.hot_seat:
            self.widget.add_class("acelab-absolutely-aces-hot-seat")
        self.refresh()

    # ---- the Python API (clicks come here too) --------------------------------------------------

    def pick(self, card: str) -> bool:
        """Make your secret pick (in a hot seat: the pick of the player at the device)."""
        return self.play(Pick(self.viewer, card))

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
        self.viewer, self.hidden = 0, False
        self.restart(self.game.new_state(seed, **self.options), seed)
        return True

    def reveal(self) -> bool:
        """Hot seat: the next player is at the device, so show their cards."""
        if not self.hidden:
            self.messages.show("The cards are already shown.", "info")
            self.refresh()
            return False
        self.hidden = False
        self.messages.clear()
        self.refresh()
        return True

    def resume(self) -> bool:
        """Resume the saved match; in a hot seat, the device goes to whoever decides next."""
        if not super().resume():
            return False
        self._hand_over()
        self.refresh()
        return True

    def play(self, move: AcesMove) -> bool:
        """Apply your move, then let the bot answer until it is your turn again (in a hot seat,
        hand the device over when the other player decides next)."""
        if self.hidden:
            self.messages.error("Pass the device, then press the button to show the cards.")
            self.refresh()
            return False
        if not self._yours(move):
            self.messages.error("It is not your go yet.")
            self.refresh()
            return False
        if not super().play(move):
            return False
        if self.hot_seat:
            self._hand_over()
            self.refresh()
            return True
        while not self.game.is_over(self.state) and self._bot_to_move():
            moves = self.game.moves_of(self.state, 1 - self.you)
            view = self.game.observation(self.state, 1 - self.you)
            if not super().play(self.bot(view, moves, self.bot_rng)):
                break
        return True

    # ---- what the base panel asks for -----------------------------------------------------------

    def table_view(self) -> TableView:
        me = self.viewer
        view = self.game.observation(self.state, me)
        names = (self.names[me], self.names[1 - me])
        if self.hidden:
            return aces_table(view, (), cards=self.game.cards, names=names, pass_to=names[0])
        legal = tuple(self.game.moves_of(self.state, me))
        tree = None
        if self.tree and self.state.phase is Phase.PLAY and self.state.mover == me:
            tree = move_values(self.state, self.game)
        return aces_table(
            view,
            legal,
            cards=self.game.cards,
            tree=tree,
            names=names,
            tree_shown=self.tree,
            hide_other=self.hot_seat and self.state.phase is Phase.PICK,
        )

    def handle(self, gesture: Gesture) -> None:
        view = self.game.observation(self.state, self.viewer)
        meant = interpret(gesture.kind, gesture.card, gesture.zone, view, hidden=self.hidden)
        if isinstance(meant, Refusal):
            self.messages.error(meant.reason)
            self.refresh()
        elif isinstance(meant, Command):
            if meant.name == "tree":
                self.show_tree()
            elif meant.name == "reveal":
                self.reveal()
            else:
                self.new_game()
        else:
            self.play(meant)

    def describe(self, move: AcesMove) -> str:
        cards, names = self.game.cards, self.names
        who = names[self._mover_of(move)]
        if isinstance(move, Pick):
            text = f"{who} picked"  # only your own pick is named, and never in a hot seat
            if self.hot_seat:
                text += " a card in secret"
            elif who == NAMES[0]:
                text += f" {cards.by_code[move.card].label}"
        elif isinstance(move, Play):
            text = f"{who} played {cards.by_code[move.card].label}"
        elif isinstance(move, PlayPair):
            text = f"{who} played the {move.type} Pair"
        else:
            text = str(move)
        for event in self.last_events:
            if isinstance(event, PicksRevealed):
                shown = " and ".join(cards.by_code[c].label for c in event.picks)
                first = names[event.first]
                text += (
                    f"; picks shown: {shown}, {first} {'go' if first == 'You' else 'goes'} first"
                )
            if isinstance(event, RoundEnded):
                result = event.result
                text += (
                    "; the position repeated: no score"
                    if result.winner is None
                    else f"; {names[result.winner]} won the round: {result.points} points"
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
        me = self.viewer
        if isinstance(move, Pick):
            return move.player == me
        return self.state.phase is not Phase.PLAY or self.state.mover == me

    def _hand_over(self) -> None:
        """Hot seat: turn the table to whoever decides next; before a secret pick by the other
        player, put up the "pass the device" screen."""
        if not self.hot_seat or self.state.phase is Phase.OVER:
            return
        if self.state.phase is Phase.PLAY:
            self.viewer, self.hidden = self.state.mover, False
            return
        actor = self.game.to_pick(self.state)[0]
        if actor != self.viewer:
            self.viewer, self.hidden = actor, True

    def _bot_to_move(self) -> bool:
        if self.state.phase is Phase.PICK:
            return 1 - self.you in self.game.to_pick(self.state)
        return self.state.mover != self.you

"""The Absolutely Aces play panel on the shared card table: a match against a bot, or a hot seat.

``AbsolutelyAcesPanel(seed=None, bot="perfect")`` deals a seeded match; you are player 0. Click
a card of your hand to pick it in secret (the bot's hand stays face down until both picks are
shown), then to play it on your go (the cards that may answer are ringed); Pair buttons play
Pairs; "Show me the tree" gives the exact value of every move you could make (win by how much,
lose, loop) and, at the secret pick, how often the hidden-hands equilibrium picks each card of
your hand and what it is worth on average against the bot's equilibrium pick. The bot answers
one move at a time (a pause between moves in a live notebook, with "Skip to my turn"; at once
from Python). If the perfect bot's strategies file is refused, the panel says so once (the bot then
picks by a simple rule). From Python: ``pick(card)``,
``play_card(card)``, ``play_pair(type)``, ``show_tree()``, ``new_game(seed)`` — the same path as
clicks (:func:`~acelab.absolutely_aces.gestures.interpret` reads a click as one of these calls).
The table is drawn by the pure :func:`~acelab.absolutely_aces.table_view.table` from the
observation of the player at the device, and the log from each move's events
(:func:`~acelab.absolutely_aces.narrate.narrate`).

``AbsolutelyAcesPanel(seed, hot_seat=True)`` is for two people at one device, Player 1 and
Player 2. The table is always drawn from the observation of the player whose decision it is.
During the secret pick Player 1 picks seeing only their own hand (the other face down); then a
"pass the device" screen shows no hand at all until Player 2 presses "I am Player 2 — show my
cards" (:meth:`AbsolutelyAcesPanel.reveal`) and picks; only then are both picks shown, and the
round plays on with open hands, the table turned to whoever's go it is. The seats, the bots'
pace and the gestures are the shared :class:`~acelab.widgets.seated.SeatedPanel`'s.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from acelab.absolutely_aces.at_table import AcesAtTable
from acelab.absolutely_aces.bots import BOTS, Bot
from acelab.absolutely_aces.gestures import interpret
from acelab.absolutely_aces.moves import AcesMove, Pick, Play, PlayPair
from acelab.absolutely_aces.narrate import Narrator, narrate
from acelab.absolutely_aces.pick import equilibrium, equilibrium_problem
from acelab.absolutely_aces.rules import AbsolutelyAces
from acelab.absolutely_aces.solver import move_values
from acelab.absolutely_aces.state import AcesState, AcesView, Phase
from acelab.absolutely_aces.table_view import NEW, REVEAL, TableOptions, card_faces, table
from acelab.engine.seeds import derive_rng, seed_or_fresh
from acelab.widgets.seated import Clock, SeatedPanel
from acelab.widgets.together import Together
from acelab.widgets.view_model import TableView

__all__ = ["AbsolutelyAcesPanel"]

NAMES = ("You", "Bot")
CARD_SCALE = 1.5
HOT_SEAT_NAMES = ("Player 1", "Player 2")


class AbsolutelyAcesPanel(SeatedPanel[AcesState, AcesMove]):
    """Play a match of Absolutely Aces against a bot (or two people in a hot seat), by clicks
    or from Python."""

    game: AbsolutelyAces
    HOW_TO_PLAY = (
        "Each card says what it blocks. First click a card of your hand to pick it in secret:"
        " the higher pick is discarded and its owner goes first. Then, on your go, answer the"
        " card played at you with a card that blocks it (they are ringed) or play a Pair."
        " Whoever cannot answer loses the round, and the other scores the last card's points."
        " The first to 15 points wins."
    )
    SCREEN_UP = "Pass the device, then press the button to show the cards."
    SCREEN_ESCAPE = SCREEN_UP
    SCREEN_REVEAL = REVEAL
    SCREEN_CONTROLS = frozenset({NEW})
    ALREADY_SHOWN = "The cards are already shown."

    def __init__(
        self,
        seed: int | str | None = None,
        bot: str = "perfect",
        *,
        loop_rule: bool = True,
        target: int = 15,
        save: bool = True,
        hot_seat: bool = False,
        pause: float = 0.6,
        clock: Clock | None = None,
    ) -> None:
        if not isinstance(bot, str) or bot not in BOTS:
            raise ValueError(f"The bots are {', '.join(BOTS)}.")
        if type(save) is not bool or type(hot_seat) is not bool:
            raise ValueError("save and hot_seat are each True or False.")
        game = AbsolutelyAces()
        seed = seed_or_fresh(seed)
        state = game.new_state(seed, loop_rule=loop_rule, target=target)
        self.you, self.bot_name, self.tree = 0, bot, False
        self.hot_seat = hot_seat
        self.names = HOT_SEAT_NAMES if hot_seat else NAMES
        self.narrator = Narrator(self.names, None if hot_seat else self.you, game.cards)
        self.pick_problem_told = False  # the refused strategies file is said once
        self.bot: Bot = BOTS[bot]
        self.bot_rng = derive_rng(seed, "panel bot")
        options: dict[str, Any] = {"loop_rule": loop_rule, "target": target}
        super().__init__(
            game,
            state,
            humans=frozenset({0, 1}) if hot_seat else frozenset({0}),
            hot_seat=hot_seat,
            pause=pause,
            clock=clock,
            seed=seed,
            options=options,
            save=save,
        )
        self.table.faces = card_faces()
        self.table.scale = CARD_SCALE  # what a card blocks is printed on it: read at 1024×768
        self.widget.add_class("acelab-absolutely-aces")
        if self.hot_seat:
            self.widget.add_class("acelab-absolutely-aces-hot-seat")
        self.together = Together(
            self,
            "absolutely_aces",
            AcesAtTable,
            seats=("person", "person"),
            options={"target": target, "loop_rule": loop_rule},
        )
        self.refresh()

    # ---- the Python API (clicks come here too) --------------------------------------------------

    def pick(self, card: str) -> bool:
        """Make your secret pick (in a hot seat: the pick of the player at the device)."""
        return self.play_mine(Pick(self.viewer, card))

    def play_card(self, card: str) -> bool:
        """Play ``card`` (a code such as ``"S7"``) on your go."""
        return self.play_mine(Play(card))

    def play_pair(self, kind: str) -> bool:
        """Play both cards of ``kind`` (``"Roll"``) as a Pair."""
        return self.play_mine(PlayPair(kind))

    def show_tree(self, on: bool | None = None) -> bool:
        """Show (or hide, or toggle with ``None``) the value of every move you could make."""
        if on is not None and type(on) is not bool:
            self.messages.error("Say True to show the tree, False to hide it.")
            self.refresh()
            return False
        self.tree = not self.tree if on is None else on
        self.refresh()
        return self.tree

    def new_game(self, seed: int | str | None = None) -> bool:
        """Deal a new match from ``seed`` (a random one when None)."""
        dealt = self._seed_to_deal(seed)
        if dealt is None:
            return False
        seed = dealt
        self.bot_rng = derive_rng(seed, "panel bot")
        self.viewer, self.hidden = 0, False
        self.restart(self.game.new_state(seed, **self.options), seed)
        self.refresh()
        return True

    def resume(self) -> bool:
        """Resume the saved match; in a hot seat, the device goes to whoever decides next."""
        if not super().resume():
            return False
        self.hand_over()
        if not self.start_bots():
            self.refresh()
        return True

    # ---- what the base panel asks for -----------------------------------------------------------

    @property
    def view(self) -> AcesView:
        """What the player at the device may see."""
        return self.game.observation(self.state, self.viewer)

    def table_view(self) -> TableView:
        me, view = self.viewer, self.view
        names = (self.names[me], self.names[1 - me])
        if self.hidden:
            hidden = TableOptions(cards=self.game.cards, names=names, pass_to=names[0])
            return table(view, (), hidden)
        mine = self.game.to_move(self.state) == me
        legal = tuple(self.game.legal_moves(self.state)) if mine else ()
        tree = None
        if self.tree and mine and view.phase is Phase.PLAY:
            tree = move_values(view, self.game)
        pick_tree = None
        if self.tree and mine and view.phase is Phase.PICK:
            pick_tree = _pick_tree(view.hands[me])
        options = TableOptions(self.game.cards, tree, pick_tree, names, tree_shown=self.tree)
        return table(view, legal, options)

    GESTURES = interpret

    def describe(self, move: AcesMove) -> str:
        return narrate(self.heard_events, self.narrator)

    # ---- helpers --------------------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return self.names[seat]

    def bot_move(self, seat: int) -> AcesMove:
        moves = self.game.legal_moves(self.state)
        return self.bot(self.game.observation(self.state, seat), moves, self.bot_rng)

    def bots_done(self) -> None:
        problem = equilibrium_problem() if self.bot_name == "perfect" else None
        if problem and not self.pick_problem_told:
            self.pick_problem_told = True
            self.messages.show(f"{problem} The bot picks by a simple rule instead.", "info")

    def needs_screen(self, seat: int) -> bool:
        """The screen goes up before a secret pick only: the round is played with open hands."""
        return self.state.phase is not Phase.PLAY


def _pick_tree(hand: tuple[str, ...]) -> dict[str, tuple[Fraction, Fraction]] | None:
    """Each card of ``hand`` → its chance in the hidden-hands equilibrium and its average
    value for you against the other's equilibrium pick; None if the strategies file is
    refused (the panel has said so)."""
    try:
        solved = equilibrium()
    except ValueError:
        return None
    chances, values = solved.strategy(hand), solved.card_values(hand)
    return {card: (chances[card], values[card]) for card in hand}

"""The Ace Pilot play panel: the whole table at a glance, every step of a round by clicks.

``AcePilotPanel(seed=None, challenge=1)`` deals a seeded game. The pure renderers from the
player's view (and the equation being built) to HTML are in :mod:`acelab.ace_pilot.render` and
re-exported here; the panel only wires buttons to the engine (:mod:`acelab.ace_pilot.rules`)
and to the click-by-click equation builder (:mod:`acelab.ace_pilot.builder`). Every click can
also be made from Python (``choose_pilot``, ``draw``, ``select``, ``place``, ``add_pilot``,
``set_rounding``, ``confirm``, ``give_up``, ``discard``, ``undo``, ``go_back`` …), which is
how tests and notebooks drive it. A refused click shows its reason in the message bar and
changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets
import sympy

from acelab.ace_pilot.builder import Build, Position
from acelab.ace_pilot.equation import Rounding, parse_pilot, pilot_name
from acelab.ace_pilot.hints import hint
from acelab.ace_pilot.render import (
    MAX_CHALLENGE,
    equation_html,
    explanation_html,
    pilot_label,
    pilots_html,
    prompt_text,
    row_html,
    table_html,
    verb,
)
from acelab.ace_pilot.rules import (
    AcePilot,
    Assault,
    ChoosePilot,
    Concede,
    ContinueSession,
    Discard,
    DrawDeck,
    DrawDiscard,
    DrawOdd,
    EndSession,
    KeepJoker,
    Phase,
    PilotMove,
    PilotState,
    PilotView,
    RestorePilots,
)
from acelab.ace_pilot.solver import PILOTS
from acelab.cards import Card, Suit, parse_card
from acelab.engine import IllegalMove
from acelab.widgets import CardButton, Panel

__all__ = [
    "AcePilotPanel",
    "equation_html",
    "explanation_html",
    "pilots_html",
    "prompt_text",
    "row_html",
    "table_html",
]


@dataclass(frozen=True)
class _Point:
    """A moment of the game the player can go back to."""

    label: str
    state: PilotState
    build: Build | None
    history: int
    log: tuple[str, ...]
    round: int


def _button(text: str, css: str, action: Callable[[], Any], **options: Any) -> widgets.Button:
    button = widgets.Button(description=text, **options)
    button.add_class(css)
    button.on_click(lambda _: action())
    return button


def _either(yes: str, no: str, action: Callable[[bool], bool]) -> list[widgets.Widget]:
    """Two buttons for a yes-or-no step: ``action(True)`` or ``action(False)``."""
    return [
        _button(yes, "acelab-yes", lambda: action(True), button_style="success"),
        _button(no, "acelab-no", lambda: action(False)),
    ]


_warmed = False


def _warm_up() -> None:
    """Pay SymPy's one-time set-up (about 40 ms) when the panel opens, not on a click."""
    global _warmed
    if not _warmed:
        from acelab.ace_pilot.equation import Equation

        sympy.latex(Equation.parse("D(13,12) H(2)").to_sympy(("up",)).doit())
        _warmed = True


def _new_seed() -> int:
    return random.SystemRandom().randrange(1, 100_000)


class AcePilotPanel(Panel[PilotState, PilotMove]):
    """Play Ace Pilot by clicks (or from Python). ``seed=None`` picks a fresh shareable seed."""

    def __init__(
        self,
        seed: int | str | None = None,
        challenge: int = 1,
        *,
        four_colour: bool = False,
        extended: bool = False,
    ) -> None:
        game = AcePilot()
        self.seed: int | str = _new_seed() if seed is None else seed
        super().__init__(game, game.new_state(self.seed, challenge, extended=extended))
        self.extended = extended
        self.four_colour = four_colour
        self.build: Build | None = None
        self.selected: Card | None = None
        self.round = 0
        self.points: list[_Point] = []
        self._armed = False
        self._hint_level = 0
        _warm_up()
        self._build_widgets(challenge)
        self._record("new game")
        self.refresh()

    # ---- widgets --------------------------------------------------------------------------

    def _build_widgets(self, challenge: int) -> None:
        self.seed_field = widgets.Text(
            value=str(self.seed), description="Seed", layout=widgets.Layout(width="170px")
        )
        self.seed_field.add_class("acelab-seed")
        self.challenge_field = widgets.Dropdown(
            options=[(f"Challenge Rating {n}", n) for n in range(1, MAX_CHALLENGE + 1)],
            value=min(challenge, MAX_CHALLENGE),
            layout=widgets.Layout(width="190px"),
        )
        self.challenge_field.add_class("acelab-challenge")
        new = _button("New game", "acelab-new-game", self._new_game_clicked, icon="refresh")
        colours = widgets.Checkbox(
            value=self.four_colour, description="four-colour deck", indent=False
        )
        colours.observe(lambda change: self.set_four_colour(change["new"]), names="value")
        title = widgets.HTML("<h3 style='margin:2px 12px 2px 0'>♠♥♦♣ Ace Pilot</h3>")
        header = widgets.HBox([title, self.seed_field, self.challenge_field, new, colours])
        header.layout.flex_flow = "row wrap"
        header.layout.align_items = "center"

        self.table = widgets.HTML()
        self.table.add_class("acelab-table-view")
        self.pilots = widgets.HTML()
        self.pilots.add_class("acelab-pilots-view")
        self.prompt = widgets.HTML()
        self.prompt.add_class("acelab-prompt")

        self.pilot_buttons = {
            suit: _button(
                pilot_label(suit), "acelab-pilot-button", lambda s=suit: self._pilot_clicked(s)
            )
            for suit in PILOTS
        }
        for suit, button in self.pilot_buttons.items():
            button.tooltip = f"{pilot_name(suit)}, ace of {suit.noun}: {verb(suit)}"
        self.pilot_row = widgets.HBox(list(self.pilot_buttons.values()))
        self.hand_label = widgets.HTML()
        self.hand_row = widgets.HBox()
        self.hand_row.add_class("acelab-hand-row")
        self.draw_row = widgets.HBox()
        self.draw_row.add_class("acelab-draw-row")

        self.row = widgets.HTML()
        self.row.add_class("acelab-row-view")
        self.place_row = widgets.HBox()
        self.place_row.add_class("acelab-place-row")
        self.add_choice = widgets.ToggleButtons(options=[], tooltips=[])
        self.add_choice.style.button_width = "auto"
        self.add_choice.add_class("acelab-add-choice")
        self.add_buttons = {
            where: _button(text, f"acelab-add-{where}", lambda w=where: self.add_pilot(None, w))
            for where, text in (
                ("left", "◀ add left"),
                ("between", "add between"),
                ("right", "add right ▶"),
            )
        }
        self.add_row = widgets.HBox(
            [widgets.HTML("<b>Add a pilot:</b>&nbsp;"), self.add_choice, *self.add_buttons.values()]
        )
        self.add_row.layout.flex_flow = "row wrap"
        self.add_row.layout.align_items = "center"
        self.equation = widgets.HTMLMath()
        self.equation.add_class("acelab-equation")
        self.roundings = widgets.VBox()
        self.roundings.add_class("acelab-roundings")
        self.ending_choice = widgets.ToggleButtons(options=[], description="Ending Pilot:")
        self.ending_choice.style.button_width = "auto"
        self.ending_choice.add_class("acelab-ending")
        self.ending_choice.observe(self._ending_changed, names="value")
        self.explanation = widgets.HTMLMath()
        self.explain_box = widgets.Accordion(children=[self.explanation], titles=("Step by step",))
        self.explain_box.add_class("acelab-explanation")
        self.assault_actions = widgets.HBox(
            [
                _button(
                    "Confirm", "acelab-confirm", self.confirm, button_style="success", icon="check"
                ),
                _button(
                    "Check",
                    "acelab-check",
                    self.check,
                    icon="question",
                    tooltip="Can this equation still be completed to reach the target?",
                ),
                _button(
                    "Hint",
                    "acelab-hint",
                    self.show_hint,
                    icon="lightbulb-o",
                    tooltip="Each click gives a stronger hint (four levels).",
                ),
                _button(
                    "Clear",
                    "acelab-clear",
                    self.clear,
                    icon="eraser",
                    tooltip="Take every card back into the hand.",
                ),
                _button(
                    "Give up",
                    "acelab-give-up",
                    self.give_up,
                    button_style="danger",
                    icon="flag",
                    tooltip="Concede the round: the Defeat rules apply.",
                ),
            ]
        )
        self.assault_actions.layout.flex_flow = "row wrap"
        self.assault_box = widgets.VBox(
            [
                self.row,
                self.place_row,
                self.add_row,
                self.equation,
                self.roundings,
                self.ending_choice,
                self.explain_box,
                self.assault_actions,
            ]
        )
        self.assault_box.add_class("acelab-assault")

        self.choice_row = widgets.HBox()
        self.choice_row.add_class("acelab-choice-row")
        self.hint_button = _button("Hint", "acelab-hint", self.show_hint, icon="lightbulb-o")
        self.undo_button = _button(
            "Undo", "acelab-undo", self.undo, icon="undo", tooltip="Take back the last click."
        )
        self.back_choice = widgets.Dropdown(options=[], layout=widgets.Layout(width="320px"))
        self.back_choice.add_class("acelab-back-choice")
        back = _button(
            "Go back",
            "acelab-go-back",
            lambda: self.go_back(self.back_choice.value),
            tooltip="Return to the chosen earlier point of this round.",
        )
        self.undo_row = widgets.HBox(
            [self.undo_button, widgets.HTML("&nbsp;back to:"), self.back_choice, back]
        )
        self.undo_row.layout.align_items = "center"
        self.undo_row.add_class("acelab-undo-row")
        log_title = widgets.HTML("<b>Round log</b>")

        self.body.children = [
            header,
            self.table,
            self.pilots,
            self.prompt,
            self.pilot_row,
            self.draw_row,
            self.choice_row,
            self.hand_label,
            self.hand_row,
            self.assault_box,
            self.undo_row,
        ]
        self.widget.children = [self.body, self.messages, log_title, self.log]
        self.widget.add_class("acelab-ace-pilot")

    # ---- state bookkeeping ----------------------------------------------------------------

    @property
    def view(self) -> PilotView:
        """What the player sees (the panel renders only this)."""
        return self.game.observation(self.state)  # type: ignore[return-value]

    def _record(self, label: str) -> None:
        self.points.append(
            _Point(
                label,
                self.state,
                self.build,
                len(self.history),
                tuple(self.log.entries),
                self.round,
            )
        )

    def _restore(self, point: _Point) -> None:
        self.state, self.build, self.round = point.state, point.build, point.round
        del self.history[point.history :]
        self.log.set_entries(point.log)
        self.selected = None
        self._armed = False
        self._hint_level = 0

    def _sync_build(self) -> None:
        state = self.state
        if state.phase is Phase.ASSAULT and state.assault is not None:
            if self.build is None:
                self.build = Build.begin(state.hand, state.assault, state.ready)
        else:
            self.build = None
        self.selected = None

    def _change_build(self, label: str, change: Callable[[Build], Build]) -> bool:
        if self.build is None:
            self.messages.error("There is no equation to build now: " + prompt_text(self.view))
            return False
        try:
            self.build = change(self.build)
        except IllegalMove as error:
            self.messages.error(error.reason)
            return False
        self.selected = None
        self._armed = False
        self.messages.clear()
        self._record(label)
        self.refresh()
        return True

    # ---- engine moves ---------------------------------------------------------------------

    def play(self, move: PilotMove) -> bool:
        """Apply ``move``; a refused move shows the reason and changes nothing."""
        before = self.state
        self._quiet = True
        try:
            applied = super().play(move)
        finally:
            self._quiet = False
        if not applied:
            return False
        self._hint_level = 0
        self._armed = False
        self._sync_build()
        self._record(self.log.entries[-1])
        if isinstance(move, Assault) and before.phase is Phase.ASSAULT:
            equation = move.equation
            if equation.divides_by_zero:
                self.messages.error("Division by zero: the game is lost for everyone.")
            else:
                words = equation.explain(before.target)
                self.messages.show(f"Victory! {words}", "success")
        elif isinstance(move, Concede):
            self.messages.show(self.log.entries[-1], "warning")
        self.refresh()
        return True

    def describe(self, move: PilotMove) -> str:
        """The round log's line for ``move`` (called once the move is applied)."""
        before, after = self.history[-1][0], self.state
        text = self._move_words(move, before, after)
        if not before.evens and after.evens:
            self.round += 1
            shown = " ".join(c.symbol for c in after.evens)
            text += f" ▶ Round {self.round}: revealed {shown}, target {after.target}."
            if after.odds:
                text += f" Odds: {' '.join(c.symbol for c in after.odds)}."
        if (
            after.phase is Phase.OVER
            and after.outcome is not None
            and before.phase is not Phase.OVER
        ):
            text += f" {after.outcome.reason}"
        return text

    def _move_words(self, move: PilotMove, before: PilotState, after: PilotState) -> str:
        if isinstance(move, Assault):
            equation = move.equation
            if equation.divides_by_zero:
                formula = equation.formula()
                return f"Round {self.round}: {formula} divides by zero: defeat for everyone."
            roundings = self.build.padded_roundings() if self.build is not None else None
            formula = equation.formula(roundings=roundings, target=before.target)
            ending = pilot_name(after.assault) if after.assault is not None else ""
            return (
                f"Round {self.round}: Victory! {formula} = {before.target}. "
                f"{ending} stays in the Assault Zone."
            )
        if isinstance(move, Concede):
            start = pilot_name(before.assault) if before.assault is not None else "The pilot"
            if before.jokers:
                fate = f"a joker was spent, so {start} is Ready again"
            else:
                fate = f"{start} is Defeated"
            return f"Round {self.round}: Defeat on target {before.target}: {fate}."
        if isinstance(move, DrawOdd):
            return f"Drew the revealed {move.card.symbol}."
        if isinstance(move, DrawDiscard):
            return f"Drew {before.discard[-1].symbol} from the discard pile."
        if isinstance(move, DrawDeck):
            drawn = [c for c in after.hand if c not in before.hand]
            return f"Drew {drawn[0].symbol if drawn else 'nothing'} from the deck."
        if isinstance(move, Discard):
            return f"Discarded {move.card.symbol}."
        if isinstance(move, ChoosePilot):
            return f"{pilot_name(move.pilot)} is the Starting Pilot."
        if isinstance(move, RestorePilots):
            return "Spent a joker: every Defeated pilot is Ready again."
        return str(move).capitalize() + "."

    # ---- clicks, callable from Python -----------------------------------------------------

    def _card(self, card: Card | str) -> Card:
        return parse_card(card) if isinstance(card, str) else card

    def choose_pilot(self, pilot: Suit | str) -> bool:
        """Pick the Starting Pilot."""
        try:
            suit = parse_pilot(pilot)
        except ValueError as error:
            self.messages.error(str(error))
            return False
        return self.play(ChoosePilot(suit))

    def draw(self, card: Card | str | None = None) -> bool:
        """Draw the fourth card: the Revealed Odd ``card``, else the discard or deck top."""
        state = self.state
        if state.phase is not Phase.DRAW:
            self.messages.error(f"It is not time to draw: {prompt_text(self.view)}")
            return False
        if card is not None:
            return self.play(DrawOdd(self._card(card)))
        if state.odds:
            self.messages.error("Click the Revealed Odd you want to draw.")
            return False
        return self.play(DrawDiscard() if state.discard else DrawDeck())

    def select(self, card: Card | str) -> bool:
        """Pick up a hand card to play (click it again to put it back)."""
        card = self._card(card)
        if self.state.phase is Phase.DISCARD:
            return self.discard(card)
        if self.build is None:
            self.messages.error(f"Cards are played in the Assault step. {prompt_text(self.view)}")
            return False
        if card not in self.build.hand:
            self.messages.error(f"The {card.name} is not in your hand.")
            return False
        if card in self.build.used:
            self.messages.error(
                f"The {card.name} is already in the equation: Undo to take it back."
            )
            return False
        self.selected = None if self.selected == card else card
        if self.selected is not None:
            self.messages.show(
                f"{card.symbol} picked up: now click an ace in the row, or add a pilot.", "info"
            )
        else:
            self.messages.clear()
        self.refresh()
        return True

    def _selected_card(self) -> Card | None:
        if self.selected is None:
            self.messages.error("First click a card in your hand, then where it goes.")
        return self.selected

    def place(self, pilot: Suit | str, card: Card | str | None = None) -> bool:
        """Put the selected card (or ``card``) on an ace already in the row."""
        if card is not None and not self._pick(card):
            return False
        chosen = self._selected_card()
        if chosen is None:
            return False
        suit = parse_pilot(pilot)
        return self._change_build(
            f"{chosen.symbol} on {pilot_name(suit)}", lambda b: b.place(chosen, suit)
        )

    def _pick(self, card: Card | str) -> bool:
        card = self._card(card)
        if self.selected != card:
            return self.select(card)
        return True

    def add_pilot(
        self,
        pilot: Suit | str | None = None,
        position: Position = "right",
        card: Card | str | None = None,
    ) -> bool:
        """Deploy a Ready pilot (``None``: the one chosen in "Add pilot") with the selected card."""
        if card is not None and not self._pick(card):
            return False
        suit = parse_pilot(pilot) if pilot is not None else self.add_choice.value
        if suit is None:
            self.messages.error("No Ready pilot is left to add.")
            return False
        chosen = self._selected_card()
        if chosen is None:
            return False
        where = position if isinstance(position, str) else f"at {position}"
        return self._change_build(
            f"{pilot_name(suit)} added {where} with {chosen.symbol}",
            lambda b: b.add_pilot(suit, chosen, position),
        )

    def set_rounding(self, step: int, rounding: Rounding) -> bool:
        """Round division step ``step`` (0-based) down or up."""
        if self.build is not None and self.build.padded_roundings()[step : step + 1] == (rounding,):
            return True
        return self._change_build(
            f"round step {step + 1} {rounding}", lambda b: b.with_rounding(step, rounding)
        )

    def choose_ending(self, pilot: Suit | str) -> bool:
        """Name the Ending Pilot among the added pilots."""
        suit = parse_pilot(pilot)
        if self.build is not None and self.build.ending is suit:
            return True
        return self._change_build(f"{pilot_name(suit)} ends", lambda b: b.with_ending(suit))

    def clear(self) -> bool:
        """Take every card of the equation back into the hand."""
        if self.build is not None and self.build.is_empty:
            self.messages.show("The equation is already empty.", "info")
            return False
        return self._change_build("cleared the equation", lambda b: b.clear())

    def confirm(self) -> bool:
        """Play the equation: victory when it makes the target with the chosen roundings."""
        build = self.build
        if build is None:
            self.messages.error(f"There is no equation to confirm now. {prompt_text(self.view)}")
            return False
        if not build.complete:
            self.messages.error(build.missing())
            return False
        target = self.state.target
        if build.divides_by_zero and not self._armed:
            self._armed = True
            self.messages.show(
                "This equation divides by zero, and the rulebook says that loses the game for "
                "everyone. Click Confirm again to play it anyway, or change it (Undo).",
                "warning",
            )
            return False
        if not build.divides_by_zero and build.value() != target:
            value = build.value()
            if target in build.values():
                fix = "change a rounding (the choices under the equation)"
            else:
                fix = "change it, use Check to see whether it can still work, or Give up"
            self.messages.error(f"It makes {value}, not the target {target}: {fix}.")
            return False
        return self.play(build.assault())

    def give_up(self) -> bool:
        """Concede the round (the Defeat rules apply)."""
        return self.play(Concede())

    def discard(self, card: Card | str) -> bool:
        """Discard a hand card (the last one discarded stays on top)."""
        return self.play(Discard(self._card(card)))

    def restore(self, spend: bool = True) -> bool:
        """After a victory: spend a joker to restore the Defeated pilots, or keep it."""
        return self.play(RestorePilots() if spend else KeepJoker())

    def continue_session(self, go_on: bool = True) -> bool:
        """Extended session: play on at the next Challenge Rating, or stop victorious."""
        return self.play(ContinueSession() if go_on else EndSession())

    def check(self) -> bool:
        """Say whether the current equation can still be completed to reach the target."""
        if self.build is None:
            self.messages.error(f"There is no equation to check now. {prompt_text(self.view)}")
            return False
        verdict = self.build.check(self.state.target)
        self.messages.show(verdict.text, "success" if verdict.possible else "warning")
        return verdict.possible

    def show_hint(self) -> str:
        """The next hint level (1 vaguest … 4 a full solution) for this moment of the round."""
        if self.state.phase is Phase.OVER:
            self.messages.show("The game is over: start a new game above.", "info")
            return ""
        self._hint_level = min(4, self._hint_level + 1)
        given = hint(self.view, self._hint_level, self.build)
        text = f"Hint {self._hint_level} of 4: {given.text}"
        self.messages.show(text, "info")
        return text

    def undo(self, steps: int = 1) -> bool:
        """Take back the last ``steps`` clicks (cards placed, roundings, moves)."""
        if steps < 1 or steps >= len(self.points):
            self.messages.error("There is nothing to take back.")
            return False
        taken = self.points[-steps].label
        del self.points[-steps:]
        self._restore(self.points[-1])
        self.messages.show(f"Taken back: {taken}.", "info")
        self.refresh()
        return True

    def go_back(self, index: int | None) -> bool:
        """Return to earlier point ``index`` (as listed in ``points``)."""
        if index is None or not 0 <= index < len(self.points):
            self.messages.error("Choose an earlier point of this round to go back to.")
            return False
        if index == len(self.points) - 1:
            self.messages.show("That is where you are now.", "info")
            return False
        return self.undo(len(self.points) - 1 - index)

    def new_game(self, seed: int | str | None = None, challenge: int | None = None) -> None:
        """Deal a new game (the same seed deals the same game)."""
        self.seed = _new_seed() if seed is None else seed
        rating = self.challenge_field.value if challenge is None else challenge
        try:
            state = self.game.new_state(self.seed, rating, extended=self.extended)
        except ValueError as error:
            self.messages.error(str(error))
            return
        self.seed_field.value = str(self.seed)
        self.challenge_field.value = min(rating, MAX_CHALLENGE)
        self.set_state(state, "new game")
        self.messages.show(
            f"New game, seed {self.seed}: share the seed to play the same deal.", "info"
        )
        self.refresh()

    def set_state(self, state: PilotState, label: str = "a chosen situation") -> None:
        """Play on from ``state`` (a teacher's situation); the history starts here."""
        self.state, self.build, self.selected, self.round = state, None, None, 0
        self.history.clear()
        self.points.clear()
        self.log.set_entries([])
        self._hint_level, self._armed = 0, False
        self._sync_build()
        self._record(label)
        self.refresh()

    def set_four_colour(self, on: bool) -> None:
        """Switch the four-colour deck (blue diamonds, green clubs) on or off."""
        self.four_colour = bool(on)
        self._hand_key = None
        self.refresh()

    def _new_game_clicked(self) -> None:
        text = self.seed_field.value.strip()
        seed: int | str | None = (int(text) if text.isdigit() else text) if text else None
        self.new_game(seed)

    def _pilot_clicked(self, suit: Suit) -> None:
        phase = self.state.phase
        if phase is Phase.CHOOSE_PILOT:
            self.choose_pilot(suit)
        elif self.build is not None and any(a.suit is suit for a in self.build.aces):
            self.place(suit)
        elif self.build is not None:
            self.add_pilot(suit, "right")
        else:
            self.messages.error(f"Pilots are chosen only before the Draw. {prompt_text(self.view)}")

    def _ending_changed(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and not self._refreshing:
            self.choose_ending(change["new"])

    # ---- drawing --------------------------------------------------------------------------

    _refreshing = False
    _quiet = False
    _hand_key: object = None

    def refresh(self) -> None:
        """Redraw every part from the state and the equation being built."""
        if self._quiet or not hasattr(self, "table"):
            return
        self._refreshing = True
        try:
            self._refresh()
        finally:
            self._refreshing = False

    def _refresh(self) -> None:
        view, build, phase = self.view, self.build, self.state.phase
        self.table.value = table_html(view, self.four_colour)
        self.pilots.value = pilots_html(view, self.four_colour)
        prompt = escape(prompt_text(view, build))
        self.prompt.value = f'<div style="font-size:1.05em;padding:4px 0"><b>{prompt}</b></div>'
        self._refresh_pilot_buttons(phase)
        self._refresh_hand(view, build)
        self._refresh_choices(view, phase)
        self._show(self.assault_box, build is not None)
        if build is not None:
            self._refresh_assault(build, view.target)
        options = [
            (f"{i}. {p.label}" if i else "start of the game", i)
            for i, p in enumerate(self.points)
            if p.round == self.round or i == len(self.points) - 1
        ]
        self.back_choice.options = options
        self.back_choice.value = options[-1][1] if options else None
        self.undo_button.disabled = len(self.points) < 2

    @staticmethod
    def _show(widget: widgets.Widget, visible: bool) -> None:
        widget.layout.display = None if visible else "none"

    def _refresh_pilot_buttons(self, phase: Phase) -> None:
        choosing = phase is Phase.CHOOSE_PILOT
        self._show(self.pilot_row, choosing)
        for suit, button in self.pilot_buttons.items():
            button.disabled = suit not in self.state.ready
            button.button_style = "info" if choosing and suit in self.state.ready else ""

    def _refresh_hand(self, view: PilotView, build: Build | None) -> None:
        used = set(build.used) if build is not None else set()
        key = (view.hand, self.four_colour)
        if key != self._hand_key:
            buttons = []
            for card in view.hand:
                button = CardButton(card, four_colour=self.four_colour)
                button.add_class("acelab-hand-card")
                button.on_click(lambda b: self.select(b.card))
                buttons.append(button)
            self.hand_row.children = buttons
            self._hand_key = key
        discarding = view.phase is Phase.DISCARD
        for button in self.hand_row.children:
            button.disabled = button.card in used or not (build is not None or discarding)
            button.set_selected(button.card == self.selected)
            button.tooltip = f"{button.card.name}" + (" (click to discard)" if discarding else "")
        label = "Your hand" + (" — click a card to discard it" if discarding else "")
        if build is not None:
            label += " — click a card, then where it goes"
        self.hand_label.value = f"<b>{label}</b>"

    def _refresh_choices(self, view: PilotView, phase: Phase) -> None:
        buttons: list[widgets.Widget] = []
        if phase is Phase.DRAW and view.odds:
            for card in dict.fromkeys(view.odds):
                button = CardButton(card, four_colour=self.four_colour)
                button.add_class("acelab-draw-card")
                button.tooltip = f"draw the {card.name}"
                button.on_click(lambda b: self.draw(b.card))
                buttons.append(button)
        elif phase is Phase.DRAW:
            text = (
                "Take the discard pile's top card" if view.discard else "Take the deck's top card"
            )
            buttons.append(_button(text, "acelab-draw", self.draw, button_style="info"))
        self.draw_row.children = buttons
        self._show(self.draw_row, bool(buttons))
        choices: list[widgets.Widget] = []
        if phase is Phase.RESTORE:
            choices = _either("Spend a joker: restore pilots", "Keep the joker", self.restore)
        elif phase is Phase.CLEARED:
            choices = _either(
                "Play on at the next rating", "End the session", self.continue_session
            )
        if phase in (Phase.DRAW, Phase.CHOOSE_PILOT) and view.evens:
            choices.append(self.hint_button)
        self.choice_row.children = choices
        self._show(self.choice_row, bool(choices))

    def _refresh_assault(self, build: Build, target: int) -> None:
        self.row.value = row_html(build, self.four_colour)
        self.place_row.children = [
            _button(
                f"put on {pilot_label(ace.suit)}",
                "acelab-place",
                lambda s=ace.suit: self.place(s),
                tooltip=f"Put the selected card on {pilot_name(ace.suit)}",
            )
            for ace in build.aces
        ]
        available = build.available
        self.add_choice.options = [(pilot_label(p), p) for p in available]
        if available:
            self.add_choice.value = (
                available[0] if self.add_choice.value not in available else self.add_choice.value
            )
        self._show(self.add_row, bool(available) and build.complete)
        self.add_buttons["between"].layout.display = None if len(build.aces) == 2 else "none"
        self.equation.value = equation_html(build, target)
        self._refresh_roundings(build)
        endings = build.endings()
        self._show(self.ending_choice, len(endings) > 1)
        if len(endings) > 1:
            self.ending_choice.options = [(pilot_name(p), p) for p in endings]
            self.ending_choice.value = build.ending
        self.explanation.value = explanation_html(build, target)

    def _refresh_roundings(self, build: Build) -> None:
        rows = []
        for step in build.division_steps():
            if not step.fractional:
                continue
            down, up = step.choices()
            toggle = widgets.ToggleButtons(
                options=[(f"round down → {down}", "down"), (f"round up → {up}", "up")],
                value=step.rounding,
            )
            toggle.style.button_width = "auto"
            toggle.add_class("acelab-rounding")
            toggle.observe(
                lambda change, i=step.index: self.set_rounding(i, change["new"]), names="value"
            )
            label = widgets.HTML(
                f"<b>Duke: {step.left} / {step.right} ≈ {float(step.exact or 0):.2f}</b>&nbsp;"
            )
            rows.append(widgets.HBox([label, toggle], layout=widgets.Layout(align_items="center")))
        self.roundings.children = rows
        self._show(self.roundings, bool(rows))

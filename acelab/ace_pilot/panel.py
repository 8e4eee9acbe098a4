"""The Ace Pilot play panel on the shared card table: every step of a round by clicks, drags or
the keyboard, and the same from Python.

``AcePilotPanel(seed=None, challenge=1)`` deals a seeded game. The table is drawn by the pure
:func:`acelab.ace_pilot.table_view.table`; a gesture is read by the pure
:func:`acelab.ace_pilot.gestures.interpret` into a call of this panel's Python API
(``choose_pilot``, ``draw``, ``select``, ``place``, ``add_pilot``, ``set_rounding``,
``choose_ending``, ``confirm``, ``check``, ``show_hint``, ``give_up``, ``discard``, ``undo``,
``go_back``, ``new_game`` …), which tests and notebooks call too. A refused step shows its reason
on the status line beside the buttons and changes nothing.

``AcePilotPanel(practice=True)`` is Practice mode: one round (one Assault) at a time, dealt at
the learner's level by :class:`acelab.practice.session.AcePilotPractice` (its ratings kept in
the learner's store), with why the deal comes next said above the table
(:class:`acelab.widgets.practice_box.PracticeBox`), played with the same cards, gestures, keys and
Confirm; ``show_a_way`` and ``next_deal`` (buttons Show me a way and Next deal) join them, and
Give up ends the round not solved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from acelab.ace_pilot import desk as steps
from acelab.ace_pilot.builder import Build, Position
from acelab.ace_pilot.desk import Desk, DeskStep
from acelab.ace_pilot.draft import build_data, build_text, draft_text, rebuild
from acelab.ace_pilot.equation_view import equation_html, explanation_html, warm_up
from acelab.ace_pilot.gestures import Refusal, interpret
from acelab.ace_pilot.moves import PilotMove
from acelab.ace_pilot.narrate import move_message, narrate, prompt_text, starts_round, summary
from acelab.ace_pilot.operations import Rounding
from acelab.ace_pilot.rules import AcePilot
from acelab.ace_pilot.state import Phase, PilotState, PilotView
from acelab.ace_pilot.table_view import Held, TableOptions, table
from acelab.engine import check_seed, fresh_seed, what_kind
from acelab.engine.cards import Card, Suit
from acelab.engine.seeds import seed_or_fresh
from acelab.practice.session import AcePilotPractice
from acelab.widgets import Panel
from acelab.widgets.header import BackTo, GameHeader, parse_seed
from acelab.widgets.practice_box import PracticeBox, learner_practice
from acelab.widgets.table import Gesture
from acelab.widgets.view_model import Control, TableContext, TableView

__all__ = ["AcePilotPanel", "equation_html", "explanation_html", "prompt_text"]

MAX_CHALLENGE = 6
"""The highest Challenge Rating the panel's rating menu offers."""


NEXT_DEAL = "practice:next"
SHOW_A_WAY = "practice:way"
"""The keys of Practice mode's own buttons on the table."""


class AcePilotPanel(Panel[PilotState, PilotMove]):
    """Play Ace Pilot by clicks, drags or keys (or from Python). ``seed=None`` picks a seed.

    ``practice=True`` opens Practice mode: a round at a time at the learner's level, rated in
    their progress store (``save=False``: kept nowhere); ``seed`` then fixes the deals drawn.
    An :class:`~acelab.practice.session.AcePilotPractice` may be given instead of ``True``
    (a chosen store, seed or class ratings). The Challenge Rating and seed box are not shown.
    """

    HOW_TO_PLAY = (
        "Each round has a target number to reach. First do what the line above the table says"
        " (choose a pilot, then draw). Then click a card of your hand and put it on an ace"
        " pilot to build an equation that reaches the target, and press Confirm."
        " Stuck? Ask for a hint."
    )

    PRACTICE_HOW_TO_PLAY = (
        "Practice: one round at a time, chosen so you should win it about three times in four;"
        " the line above the table says why. Click a card of your hand and put it on an ace"
        " pilot to build an equation that reaches the target, and press Confirm. Stuck? Ask for"
        " a hint, or press Show me a way (the deal then counts as not solved). Next deal deals"
        " again."
    )

    def __init__(
        self,
        seed: int | str | None = None,
        challenge: int = 1,
        *,
        four_colour: bool = False,
        extended: bool = False,
        save: bool = True,
        practice: bool | AcePilotPractice = False,
    ) -> None:
        _whether("four_colour", four_colour)
        _whether("save", save)
        if not isinstance(practice, AcePilotPractice):
            _whether("practice", practice)
        game, any_seed = AcePilot(), seed is None
        self.practice: AcePilotPractice | None = None
        if practice is not False:
            if challenge != 1 or extended:
                raise ValueError("Practice deals its own rounds: give no Challenge Rating.")
            if not isinstance(practice, AcePilotPractice):
                if seed is not None and type(seed) is not int:
                    raise ValueError("Practice's seed is a whole number.")
                practice = learner_practice(seed=seed if isinstance(seed, int) else None, save=save)
            self.practice, any_seed = practice, False
            self.HOW_TO_PLAY = self.PRACTICE_HOW_TO_PLAY
            seed, state, options = self._deal()
        else:
            seed = seed_or_fresh(seed)
            state = game.new_state(seed, challenge, extended=extended)
            options = {"challenge": challenge, "extended": extended}
        self.build: Build | None = _build_for(state)
        self.selected: Card | None = None
        self.held: Held | None = None
        self.round, self.extended, self.four_colour = int(state.practice), extended, four_colour
        self._counted = ""  # Practice: how the deal on offer was counted ("solved", …)
        self._armed, self._hint_level = False, 0
        kept = {"save": save, "four_colour": four_colour, "any_seed": any_seed}
        super().__init__(game, state, seed=seed, options=options, **kept)
        warm_up()
        rating = ("Challenge Rating", range(1, MAX_CHALLENGE + 1), min(challenge, MAX_CHALLENGE))
        title = "♠♥♦♣ Ace Pilot Practice" if self.practice else "♠♥♦♣ Ace Pilot"
        self.header = GameHeader(
            title,
            seed,
            self.ask_new_game,
            self.set_four_colour,
            rating=None if self.practice else rating,
        )
        self.seed_field, self.challenge_field = self.header.seed_field, self.header.rating_field
        self.practice_box = PracticeBox()
        self.practice_box.layout.display = None if self.practice else "none"
        if self.practice is not None:
            self.seed_field.layout.display = "none"
            self.practice_box.show(self.practice, notes=True)
        self.equation = widgets.HTMLMath()
        self.equation.add_class("acelab-equation")
        self.explanation = widgets.HTMLMath()
        self.explain_box = widgets.Accordion(children=[self.explanation], titles=("Step by step",))
        self.explain_box.add_class("acelab-explanation")
        self.back_to = BackTo(self.go_back)
        self.body.children = [
            self.header,
            self.practice_box,
            self.table,
            self.equation,
            self.explain_box,
        ]
        log_title = widgets.HTML("<b>Round log</b>")
        self.widget.children = [self.how_to_play, self.body, self.back_to, log_title, self.log]
        self.widget.add_class("acelab-ace-pilot")
        self.refresh()

    @property
    def view(self) -> PilotView:
        """What the player sees (the panel renders only this)."""
        return self.game.observation(self.state)  # type: ignore[return-value]

    def snapshot(self) -> tuple[Build | None, int]:
        return self.build, self.round

    def restore_snapshot(self, extra: tuple[Build | None, int]) -> None:
        if not (
            isinstance(extra, tuple)
            and len(extra) == 2
            and (extra[0] is None or isinstance(extra[0], Build))
            and type(extra[1]) is int
        ):
            raise ValueError("A snapshot is the equation being built and the round number.")
        self.build, self.round = extra
        self.selected, self.held, self._armed, self._hint_level = None, None, False, 0

    DRAFT_LOST = "The equation you were building was not kept: build it again."

    def draft(self) -> dict[str, Any] | None:
        """The equation being built, once a card is on it (its pilots, cards and roundings)."""
        build = self.build
        return None if build is None or build.is_empty else build_data(build)

    def restore_draft(self, data: Any) -> str:
        """Put the equation being built back on the table, if it still fits the hand."""
        fresh = _build_for(self.state)
        try:
            if fresh is None or not (self.build is None or self.build.is_empty):
                raise ValueError(self.DRAFT_LOST)
            build = rebuild(fresh, data)
        except ValueError:
            shown = draft_text(data)
            if not shown:
                raise ValueError(self.DRAFT_LOST) from None
            raise ValueError(
                f"The equation you were building ({shown}) was not kept: build it again."
            ) from None
        self.build = build
        self.record(f"your equation {build_text(build)}")
        return f"your equation {build_text(build)} still on the table"

    def after_move(self, move: PilotMove) -> None:
        if not isinstance(move, PilotMove) or not self.history or self.history[-1][1] != move:
            raise ValueError("after_move() follows the move just played.")
        started = starts_round(self.heard_events)
        self.restore_snapshot((_build_for(self.state), self.round + started))
        said = move_message(self.heard_events, self.log.entries[-1])
        if said is not None:
            self.messages.show(*said)
        if self.how_to_play.value.startswith("<details open>"):
            self.how_to_play.value = self._how_to_play_html()  # folded: the round has begun
        self._round_over()

    def how_to_play_open(self) -> bool:
        """The How to play box is open until the learner's first move, and folded in Practice
        (its round begins at once; the notebook says how to play): then the target, the hand,
        the row, the buttons and the message bar fit the screen at 1024×768."""
        return self.practice is None and not self.history and super().how_to_play_open()

    def describe(self, move: PilotMove) -> str:
        """The round log's line for ``move`` (called once the move is applied)."""
        return narrate(self.heard_events, self.round)

    # ---- the steps of a round, callable from Python -------------------------------------------

    def _do(self, step: Callable[..., DeskStep], *args: object) -> bool:
        """Run a pure step of :mod:`~acelab.ace_pilot.desk` and show what it did."""
        desk = Desk(self.view, self.build, self.selected, self.held, self._armed)
        done = steps.attempt(step, desk, *args)
        if isinstance(done, steps.Play):
            return self.play(done.move)
        if isinstance(done, Refusal):
            self.messages.error(done.text)
        else:
            self.build, self.selected, self.held = done.build, done.selected, done.held
            self._armed = done.armed
            self.messages.show(done.message, done.kind)  # type: ignore[arg-type]
            if done.label:
                self.record(done.label)
        self.refresh()
        return not isinstance(done, Refusal)

    def choose_pilot(self, pilot: Suit | str) -> bool:
        """Pick the Starting Pilot."""
        return self._do(steps.choose_pilot, pilot)

    def draw(self, card: Card | str | None = None) -> bool:
        """Draw the fourth card: the Revealed Odd ``card``, else the discard or deck top."""
        return self._do(steps.draw, card)

    def select(self, card: Card | str) -> bool:
        """Pick up a hand card to play (pick it again to put it back)."""
        return self._do(steps.select, card)

    def put_back(self) -> bool:
        """Put the picked-up card (or pilot) back."""
        return self._do(lambda desk: steps.Edit(desk.build))

    def pick_pilot(self, pilot: Suit | str) -> bool:
        """A Ready pilot clicked while building: it joins on the right with the picked-up card,
        or waits to be put on a + pilot space."""
        return self._do(steps.hold_pilot, pilot, None)

    def hold_pilot(self, pilot: Suit | str, position: int | None) -> bool:
        """A Ready pilot dropped on the + pilot space ``position`` waits for its first card."""
        return self._do(steps.hold_pilot, pilot, position)

    def place(self, pilot: Suit | str, card: Card | str | None = None) -> bool:
        """Put the picked-up card (or ``card``) on an ace already in the row."""
        return self._do(steps.place, pilot, card)

    def add_pilot(
        self,
        pilot: Suit | str | None = None,
        position: Position = "right",
        card: Card | str | None = None,
    ) -> bool:
        """Deploy a Ready pilot with the picked-up card (or ``card``) left, right or between."""
        return self._do(steps.add_pilot, pilot, position, card)

    def set_rounding(self, step: int, rounding: Rounding) -> bool:
        """Round division step ``step`` (0 is the first) down or up."""
        return self._do(steps.set_rounding, step, rounding)

    def choose_ending(self, pilot: Suit | str) -> bool:
        """Name the Ending Pilot among the added pilots."""
        return self._do(steps.choose_ending, pilot)

    def clear(self) -> bool:
        """Take every card of the equation back into the hand."""
        return self._do(steps.clear)

    def confirm(self) -> bool:
        """Play the equation: victory when it makes the target with the chosen roundings."""
        return self._do(steps.confirm) and self.state.phase is not Phase.ASSAULT

    def give_up(self) -> bool:
        """Concede the round (the Defeat rules apply)."""
        return self._do(steps.give_up)

    def discard(self, card: Card | str) -> bool:
        """Discard a hand card (the last one discarded stays on top)."""
        return self._do(steps.discard, card)

    def restore(self, spend: bool = True) -> bool:
        """After a victory: spend a joker to restore the Defeated pilots, or keep it."""
        return self._do(steps.restore, spend)

    def continue_session(self, go_on: bool = True) -> bool:
        """Extended session: play on at the next Challenge Rating, or stop victorious."""
        return self._do(steps.continue_session, go_on)

    def check(self) -> bool:
        """Say whether the current equation can still be completed to reach the target."""
        return self._do(steps.check) and self.messages.kind == "success"

    def show_hint(self) -> str:
        """The next hint level (1 vaguest … 4 a full solution) for this moment of the round.
        In Practice mode a full solution counts as Show me a way."""
        self._hint_level = min(4, self._hint_level + 1)
        self._do(steps.give_hint, self._hint_level)
        said = self.messages.text
        practice = self.practice
        full = practice is not None and self._hint_level == 4 and practice.offer is not None
        if full and practice is not None and practice.record_round(False):
            self._counted = NOT_SOLVED
            self.practice_box.show(practice, "A full solution: this deal counts as not solved.")
        return said

    # ---- Practice mode -------------------------------------------------------------------------

    def _deal(self) -> tuple[int, PilotState, dict[str, Any]]:
        """The next Practice deal laid out as a round: its seed, state and options."""
        assert self.practice is not None
        offer = self.practice.next()
        seed = self.practice.rng.randrange(1, 100_001)  # the deck's suits: fixed by its seed
        options: dict[str, Any] = {"deal": str(offer.deal)}
        return seed, AcePilot().new_state(seed, **options), options

    def _practising(self) -> AcePilotPractice:
        if self.practice is None:
            raise ValueError(
                "This panel is not in Practice mode: open AcePilotPanel(practice=True)."
            )
        return self.practice

    def next_deal(self) -> bool:
        """Practice: deal the next round at the learner's level and say why it comes next (a
        deal left unsolved counts as not solved; it stays saved)."""
        practice = self._practising()
        seed, state, options = self._deal()
        self.options, self._counted = options, ""
        self.restart(state, seed)
        self.header.show(seed)
        self.practice_box.show(practice)
        self.messages.show("A new deal: build an equation that makes the target.")
        self.refresh()
        return True

    def show_a_way(self) -> str:
        """Practice: show one winning equation, step by step (the deal then counts as not
        solved); build it and Confirm to finish the round."""
        practice = self._practising()
        if self.state.phase is not Phase.ASSAULT:
            self.messages.show("This round is over: press Next deal for the next one.")
        else:
            self.messages.show(practice.give_up(), "info")
            self._counted = self._counted or NOT_SOLVED
            self.practice_box.show(practice, "Shown a way: this deal counts as not solved.")
        self.refresh()
        return self.messages.text

    def _round_over(self) -> None:
        """Practice: rate the round once it is over (only its first result counts)."""
        practice = self.practice
        if practice is None or practice.offer is None or self.state.phase is not Phase.OVER:
            return
        if self.options.get("deal") != str(practice.offer.deal):
            return  # a resumed round of another deal: not the one on offer
        outcome = self.state.outcome
        solved = outcome is not None and outcome.won(0)
        if practice.record_round(solved):
            self._counted = SOLVED if solved else NOT_SOLVED
            said = "Solved: well done." if solved else "Not solved this time."
        else:
            said = f"Round over: this deal counts as {self._counted or 'played already'}."
        self.practice_box.show(practice, f"{said} Press Next deal for the next one.")

    def new_game(self, seed: int | str | None = None, challenge: int | None = None) -> bool:
        """Deal a new game (the same seed deals the same game); this one stays saved.
        In Practice mode: the next deal."""
        if self.practice is not None:
            return self.next_deal()
        seed = fresh_seed() if seed is None else seed
        rating = self.challenge_field.value if challenge is None else challenge
        try:
            state = self.game.new_state(seed, rating, extended=self.extended)
        except (ValueError, TypeError) as error:
            self.messages.error(str(error))
            self.refresh()
            return False
        self.options = {"challenge": rating, "extended": self.extended}
        self.restart(state, seed)
        self.header.show(seed, min(rating, MAX_CHALLENGE))
        self.messages.show(f"New game, seed {seed}: share the seed to play the same deal.")
        self.refresh()
        return True

    def new_game_from_fields(self) -> bool:
        """What New game does (after its question): deal the seed typed in the box."""
        return self.new_game(parse_seed(self.seed_field.value))

    def restart(self, state: PilotState, seed: int | str | None = None) -> None:
        """Play on from ``state``: the undo history starts again (the old game stays saved).

        Raises ``ValueError`` with a sentence, and changes nothing, unless ``state`` is a
        well-formed Ace Pilot state and ``seed`` a seed (or ``None``: the same seed)."""
        self.game.check_state(state)
        if seed is not None:
            check_seed(seed)
        self.restore_snapshot((_build_for(state), int(state.practice)))  # a practice round: 1
        super().restart(state, seed)

    def set_state(self, state: PilotState, label: str = "a chosen situation") -> bool:
        """Play on from ``state`` (a teacher's situation); the history starts here."""
        if not isinstance(label, str) or not label.strip() or len(label) > 100:
            self.messages.error("Name the situation in a few words.")
            return False
        try:
            self.game.check_state(state)
        except ValueError as error:
            shown = "That is not an Ace Pilot situation."
            self.messages.error(shown if not isinstance(state, PilotState) else str(error))
            self.refresh()
            return False
        self.restart(state)
        self.points[0] = replace(self.points[0], label=label)
        self.refresh()
        return True

    def set_four_colour(self, on: bool) -> None:
        """Switch the four-colour deck (blue diamonds, green clubs) on or off."""
        _whether("The four-colour deck", on)
        self.four_colour = self.table.four_colour = bool(on)

    # ---- gestures and drawing -----------------------------------------------------------------

    GESTURES = interpret

    def gesture_context(self) -> TableContext:
        return TableContext(selected=self.selected, held=self.held, build=self.build)

    def handle(self, gesture: Gesture) -> None:
        """Answer a gesture on the card table: the call of this panel it means, or a refusal
        (read by the :class:`~acelab.widgets.panel.Panel` base)."""
        if not isinstance(gesture, Gesture):
            raise ValueError("handle() answers a Gesture from the card table.")
        if self.practice is not None and gesture.kind == "control":
            if gesture.zone == NEXT_DEAL:
                self.next_deal()
                return
            if gesture.zone == SHOW_A_WAY:
                self.show_a_way()
                return
        super().handle(gesture)

    def table_view(self) -> TableView:
        options = TableOptions(
            can_undo=len(self.points) > 1,
            new_game_question=self.new_game_question(),
            selected=self.selected,
            held=self.held,
            build=self.build,
        )
        return table(self.view, (), options)

    def adjust_view(self, view: TableView) -> TableView:
        """Practice mode: Show me a way, and Next deal instead of New game."""
        if self.practice is None:
            return view
        over = self.state.phase is not Phase.ASSAULT
        unsolved = not over and not self.practice.answered
        controls = [c for c in view.controls if c.key != "new"]
        if not over:
            controls.append(Control(SHOW_A_WAY, "Show me a way", tooltip=_WAY_TIP))
        controls.append(
            Control(
                NEXT_DEAL,
                "Next deal",
                style="primary" if over else "default",
                confirm=_LEAVE if unsolved else "",
                tooltip="A new deal at your level.",
            )
        )
        return replace(view, controls=tuple(controls))

    def prompt_text(self) -> str:
        """What to do now; at the end, how the game went (rounds won and lost)."""
        if self.practice is not None and self.state.phase is Phase.OVER:
            outcome = self.state.outcome
            won = outcome is not None and outcome.won(0)
            said = "Solved!" if won and self._counted == SOLVED else "Not solved."
            if won and self._counted != SOLVED:
                said = "The equation makes the target (the deal counts as not solved)."
            return f"{said} Press Next deal for the next one."
        said = prompt_text(self.view, self.build)
        if self.state.phase is not Phase.OVER:
            return said
        again = " Press New game to play again."
        said = said.removesuffix(again)
        return f"{said} {summary(e for events in self.heard_game() for e in events)}{again}"

    def table_said(self) -> str:
        """The status line once the equation has changed since the last move: the equation as
        it stands (what the last move did is no longer news)."""
        if self.build is None:
            return ""
        value = self.build.value()
        makes = f": it makes {value}" if value is not None else ""
        return f"Your equation so far is {build_text(self.build)}{makes}."

    def refresh(self) -> None:
        """Redraw the table, the equation and the list of points to go back to."""
        if not hasattr(self, "back_to") or self._applying:
            return
        self.redraw()
        build, target = self.build, self.state.target
        self.equation.value = equation_html(build, target) if build is not None else ""
        self.explanation.value = explanation_html(build, target) if build is not None else ""
        self.explain_box.layout.display = None if build is not None else "none"
        last = len(self.points) - 1
        points = enumerate(self.points)
        self.back_to.show(
            [(p.label, i) for i, p in points if p.extra[1] == self.round or i == last]
        )


SOLVED, NOT_SOLVED = "solved", "not solved"
_WAY_TIP = "One winning equation, step by step (the deal then counts as not solved)."
_LEAVE = "Leave this deal? It counts as not solved."


def _whether(name: str, value: object) -> None:
    if type(value) is not bool:
        raise ValueError(f"{name} is True or False, not {what_kind(value)}.")


def _build_for(state: PilotState) -> Build | None:
    """A new equation to build when ``state`` waits for an assault, else ``None``."""
    if state.phase is Phase.ASSAULT and state.assault is not None:
        return Build.begin(state.hand, state.assault, state.ready)
    return None

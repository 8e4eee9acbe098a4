"""The seated panel (acelab.widgets.seated): the pass-the-device screen hides every hand, bots
play one move at a time on a clock and never sleep, "Skip to my turn" plays the rest at once,
and a refusal changes nothing. Driven through Lex's panel (the game with the most seats) and
the other two seated panels; every seated method is fuzzed; a manual clock stands for the
kernel's event loop."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.ace_of_spades_lex.panel import LexPanel
from acelab.widgets.seated import SKIP, check_pause


@pytest.fixture(autouse=True)
def _no_sleep(monkeypatch):
    def refuse(seconds: float) -> None:
        raise AssertionError(f"time.sleep({seconds}) blocks the kernel")

    monkeypatch.setattr(time, "sleep", refuse)


class Handle:
    def __init__(self, delay: float, callback: Callable[[], object]) -> None:
        self.delay, self.callback, self.cancelled = delay, callback, False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """The event loop's call_later, run by hand: each tick runs the next scheduled call."""

    def __init__(self) -> None:
        self.pending: list[Handle] = []

    def call_later(self, delay: float, callback: Callable[[], object]) -> Handle:
        handle = Handle(delay, callback)
        self.pending.append(handle)
        return handle

    @property
    def waiting(self) -> list[Handle]:
        return [h for h in self.pending if not h.cancelled]

    def tick(self) -> bool:
        waiting = self.waiting
        if not waiting:
            return False
        self.pending.remove(waiting[0])
        waiting[0].callback()
        return True


def tap(panel, kind: str, card=None, zone=None) -> bool:
    content = {"kind": kind, "card": card, "zone": zone, "seq": panel.table.settled + 1}
    return panel.table.gesture(content)


def keys(panel) -> list[str]:
    return [c["key"] for c in panel.table.controls]


def paced(seed: int = 11, **options) -> tuple[LexPanel, ManualClock]:
    clock = ManualClock()
    panel = LexPanel(seed=seed, players=4, pause=0.5, clock=clock, save=False, **options)
    assert panel.actor == 0 and not clock.waiting
    return panel, clock


def test_bots_play_one_move_per_tick_after_the_click_has_settled() -> None:
    panel, clock = paced()
    assert tap(panel, "zone", zone="deck")
    # the click settled with the learner's move alone: no bot has moved yet
    assert len(panel.history) == 1 and panel.table.settled == 1 and not panel.table.busy
    assert panel.bots_running and [h.delay for h in clock.waiting] == [0.5]
    assert keys(panel)[0] == SKIP and panel.table.prompt == "Waiting for Bot 1."
    from acelab.ace_of_spades_lex.moves import DealTo, Draw

    log_sizes = [len(panel.log.entries)]
    while clock.tick():
        assert len(clock.waiting) <= 1  # one move at a time (a Nine drawn and dealt is one)
        moves = [move for _, move in panel.history[log_sizes[-1] :]]
        nine = moves[0] == Draw() and all(isinstance(m, DealTo) for m in moves[1:])
        assert len(moves) == 1 or nine, moves
        log_sizes.append(len(panel.log.entries))
    assert len(log_sizes) >= 4
    assert panel.actor == 0 and not panel.bots_running and SKIP not in keys(panel)
    assert panel.table.prompt.startswith("Your turn") and not panel.table.errors


def test_skip_to_my_turn_plays_the_rest_at_once() -> None:
    panel, clock = paced()
    assert panel.draw() and clock.tick()  # Bot 1 has moved, the others wait
    assert panel.actor != 0
    assert tap(panel, "control", zone=SKIP)
    assert panel.actor == 0 and not clock.waiting and SKIP not in keys(panel)
    skipped = LexPanel(seed=11, players=4, pause=0, save=False)  # the same game at once
    assert skipped.draw() and skipped.state == panel.state
    assert skipped.log.entries == panel.log.entries


def test_a_move_while_the_bots_play_is_refused_and_changes_nothing() -> None:
    panel, clock = paced()
    assert panel.draw()
    before, history = panel.state, len(panel.history)
    assert not panel.draw()
    assert panel.messages.text == "It is Bot 1's move: wait, or press Skip to my turn."
    assert panel.state is before and len(panel.history) == history and clock.waiting
    assert tap(panel, "card", card="deck")  # a click says the same
    assert panel.state is before and panel.table.status["kind"] == "error"


def test_a_new_game_or_an_undo_calls_the_bots_off() -> None:
    panel, clock = paced()
    assert panel.draw() and clock.waiting
    assert panel.undo() and not clock.waiting and not panel.bots_running
    assert panel.actor == 0 and SKIP not in keys(panel)
    assert panel.draw() and panel.new_game(seed=12) and len(clock.waiting) <= 1
    while clock.tick():
        pass
    assert panel.actor == 0


def test_step_mode_and_run_bots_use_the_same_clock() -> None:
    panel, clock = paced(auto=False)
    assert panel.draw() and not clock.waiting and "press Next move" in panel.table.prompt
    assert tap(panel, "control", zone="bots:step") and len(panel.history) == 2
    assert tap(panel, "control", zone="bots:all") and len(clock.waiting) == 1
    while clock.tick():
        pass
    assert panel.actor == 0
    with pytest.raises(ValueError, match="pause"):
        panel.run_bots(pause=-1)
    with pytest.raises(ValueError, match="pause"):
        check_pause(True)


def test_a_whole_game_against_paced_bots_never_sleeps() -> None:
    panel, clock = paced(seed=9)
    for _ in range(200):
        while clock.tick():
            pass
        if panel.game.is_over(panel.state):
            break
        control = next(k for k in keys(panel) if k != "new")
        assert tap(panel, "control", zone=control)
    assert panel.game.is_over(panel.state) and not panel.table.errors


def test_in_a_running_event_loop_the_bots_are_scheduled_on_it() -> None:
    async def play() -> LexPanel:
        panel = LexPanel(seed=11, players=4, pause=0.001, save=False)
        assert panel.draw() and len(panel.history) == 1 and panel.bots_running
        while panel.bots_running:
            await asyncio.sleep(0.001)
        return panel

    # in a thread of its own: a session's browser tests may keep a loop running in this one
    with ThreadPoolExecutor(1) as worker:
        panel = worker.submit(asyncio.run, play()).result()
    assert panel.actor == 0 and len(panel.history) > 1


def test_the_pass_the_device_screen_sends_no_card_of_the_hidden_hand() -> None:
    panel = LexPanel(seed=3, players=3, hot_seat=True, save=False)
    assert panel.draw() and panel.hidden and panel.viewer == 1
    traits = json.dumps([panel.table.zones, panel.table.controls, panel.table.prompt])
    assert not [c for c in panel.state.hands[1] if f'"{c}"' in traits or c.name in traits]
    before = panel.state
    assert not panel.draw() and panel.messages.text == panel.SCREEN_UP
    assert panel.state is before
    assert tap(panel, "card", card="deck") and panel.state is before
    assert tap(panel, "control", zone="reveal") and not panel.hidden
    assert not panel.reveal() and panel.messages.text == panel.ALREADY_SHOWN


@pytest.mark.parametrize("which", ["lex", "aces", "devir"])
def test_the_pass_screen_s_buttons_and_no_others_are_deliberate(which) -> None:
    """Issue 27: the browser gives the pass screen's buttons no second click of a double
    click begun on the button before (Draw, in the same place): the next hand stays hidden."""
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel
    from acelab.ace_of_spades.panel import AceOfSpadesPanel

    if which == "lex":
        panel = LexPanel(seed=3, players=3, hot_seat=True, save=False)
        assert panel.draw()
    elif which == "aces":
        panel = AbsolutelyAcesPanel(seed=85, hot_seat=True, save=False)
        hand = next(z for z in panel.table.zones if z["key"] == "hand")
        assert tap(panel, "card", card=hand["cards"][0]["key"])
    else:
        panel = AceOfSpadesPanel(seed=7, difficulty="easy", players=2, save=False)
    assert panel.hidden
    assert all(c.get("deliberate") is True for c in panel.table.controls), panel.table.controls
    assert "reveal" in keys(panel)
    assert panel.reveal() and not panel.hidden
    assert not any("deliberate" in c for c in panel.table.controls), panel.table.controls


def test_a_gesture_that_is_not_one_is_refused_in_words() -> None:
    panel, _ = paced()
    for junk in ("x", None, 5, object()):
        panel.handle(junk)
        assert panel.messages.text == "That is not a gesture on the card table."
    assert not panel.history


def test_absolutely_aces_bot_answers_one_move_per_tick() -> None:
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

    clock = ManualClock()
    panel = AbsolutelyAcesPanel(seed=85, save=False, clock=clock)
    hand = panel.state.hands[1]
    assert tap(panel, "card", card="S7", zone="hand")
    assert len(panel.history) == 1 and keys(panel)[0] == SKIP
    assert not [code for code in hand if code in json.dumps(panel.table.zones)]
    assert panel.table.prompt == "Waiting for Bot." and clock.tick()
    assert len(panel.history) == 2 and "picks shown" in panel.log.entries[-1]
    assert clock.tick() and len(panel.history) == 3  # the bot goes first with 9♠
    assert not clock.waiting and panel.actor == 0 and SKIP not in keys(panel)
    at_once = AbsolutelyAcesPanel(seed=85, save=False, pause=0)
    assert at_once.pick("S7") and at_once.state == panel.state


def test_devirs_bot_partner_plays_one_move_per_tick() -> None:
    from acelab.ace_of_spades.bots import strong_bot
    from acelab.ace_of_spades.panel import AceOfSpadesPanel
    from acelab.engine import derive_rng

    clock = ManualClock()
    panel = AceOfSpadesPanel(seed=3, players=2, partner="bot", save=False, clock=clock)
    rng = derive_rng("seated test", 3)
    while panel.actor == 0:
        move = strong_bot(panel.view, panel.game.legal_moves(panel.state), rng)
        before = len(panel.history)
        assert panel.play_mine(move) and len(panel.history) == before + 1
    assert panel.actor == 1 and keys(panel)[0] == SKIP
    assert panel.table.prompt == "Waiting for Bot partner." and not panel.play_hand()
    assert panel.messages.text == "It is Bot partner's move: wait, or press Skip to my turn."
    moves = len(panel.history)
    while clock.tick():
        moves += 1
        assert len(panel.history) == moves
    assert panel.actor in (0, None) and SKIP not in keys(panel) and not panel.table.errors


JUNK = (
    st.none()
    | st.booleans()
    | st.integers(-3, 8)
    | st.integers(10**6, 10**30)
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
    | st.lists(st.integers(), max_size=2)
)
SEATED_CALLS = ("step_bots", "run_bots", "skip_bots", "reveal", "play_mine", "handle")


def _panels() -> list:
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel
    from acelab.ace_of_spades.panel import AceOfSpadesPanel

    return [
        LexPanel(seed=9, players=3, save=False, clock=ManualClock()),
        AbsolutelyAcesPanel(seed=4, save=False, clock=ManualClock()),
        AceOfSpadesPanel(seed=2, players=2, partner="bot", save=False, clock=ManualClock()),
        AceOfSpadesPanel(seed=2, players=2, save=False),
    ]


PANELS: list = []


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 3), st.sampled_from(SEATED_CALLS), st.lists(JUNK, max_size=2))
def test_the_seated_methods_answer_or_refuse_anything_in_words(which, name, args) -> None:
    if not PANELS:
        PANELS.extend(_panels())
    panel = PANELS[which]
    before = (panel.state, len(panel.history))
    try:
        answer = getattr(panel, name)(*args)
    except (ValueError, TypeError) as error:
        assert isinstance(error, ValueError) or "argument" in str(error), error
        assert (panel.state, len(panel.history)) == before
        return
    assert answer is None or isinstance(answer, bool)
    if answer is False:  # refused, or nothing to do: nothing changed
        assert (panel.state, len(panel.history)) == before
    if panel.messages.kind == "error":
        assert panel.messages.text.endswith((".", "!", "?")) and panel.messages.text
    assert not panel.table.errors


def test_a_bot_that_fails_stops_the_bots_and_says_so_once() -> None:
    from acelab.ace_of_spades_lex.moves import Steal

    def broken(view, moves, rng):
        raise RuntimeError("no idea")

    def cheat(view, moves, rng):
        return Steal(0)

    for bot, said in ((broken, "Something went wrong inside acelab"), (cheat, "")):
        clock = ManualClock()
        panel = LexPanel(seed=11, players=4, pause=0.5, clock=clock, save=False, bots=bot)
        assert panel.draw()
        for _ in range(50):  # a bot with a single legal move plays it without being asked
            if not clock.tick():
                break
        assert not clock.waiting and panel.bot_to_play()  # stopped, not rescheduled
        assert panel.table.status["kind"] == "error" and said in panel.table.status_text


@pytest.mark.parametrize("which", ["lex", "aces"])
def test_undo_against_bots_goes_back_to_a_decision_of_yours(which) -> None:
    clock = ManualClock()  # not the kernel's loop: a browser test may keep one running
    if which == "lex":
        panel = LexPanel(seed=11, players=4, save=False, clock=clock)
    else:
        from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

        panel = AbsolutelyAcesPanel(seed=3, save=False, clock=clock)
    before = panel.state
    assert panel.play_mine(panel.game.legal_moves(panel.state)[0])
    while clock.tick():
        pass
    assert len(panel.history) > 1  # the bots answered
    assert panel.undo()
    assert panel.actor in panel.humans and panel.why_not_now() == ""
    assert panel.state == before and panel.history == []


def test_the_device_never_passes_to_a_bot_seat() -> None:
    panel = LexPanel(seed=3, players=3, hot_seat=True, save=False, clock=ManualClock())
    panel.humans = frozenset({0})  # a hot seat with bots: seat 1 is a bot now
    assert panel.draw() and panel.actor == 1
    assert panel.viewer == 0 and not panel.hidden, "a bot's hand would be shown at the device"


def test_a_bots_nine_is_dealt_in_one_step_of_the_pace() -> None:
    """Issue 27: a Nine dealt by a bot took six paced steps; it is now shown in one: the Nine
    drawn and its five cards dealt."""
    from acelab.ace_of_spades_lex.moves import DealTo, Draw

    deals = 0
    for seed in range(1, 12):
        panel, clock = paced(seed)
        for _ in range(200):
            if panel.game.is_over(panel.state):
                break
            if panel.actor == 0:
                panel.play_mine(panel.bot_move(0))
                continue
            before = len(panel.history)
            if not clock.tick():
                break
            dealt = [m for _, m in panel.history[before:] if isinstance(m, DealTo)]
            if dealt:
                deals += 1
                assert len(dealt) == 5 or panel.actor == 0, dealt  # all at once
                step = [m for _, m in panel.history[before:]]
                assert step[0] == Draw() and step[1:6] == dealt[:5], step  # with the Nine
    assert deals >= 2, "too few bot Nines to check"


def test_behind_the_screen_only_its_button_and_the_games_own_buttons_are_read() -> None:
    from acelab.widgets.seated import behind_screen
    from acelab.widgets.table import Gesture
    from acelab.widgets.view_model import NOT_A_GESTURE, Call, Refusal

    def read(gesture: object, controls: frozenset[str] | None = None) -> object:
        return behind_screen(
            gesture, reveal="show", controls=controls, refusal="Show first.", escape=""
        )

    assert read(Gesture("control", None, "show")) == Call("reveal")
    assert read(Gesture("control", None, "new")) is None  # every button is the game's
    assert read(Gesture("control", None, "new"), frozenset({"new"})) is None
    assert read(Gesture("control", None, "tree"), frozenset({"new"})) == Refusal("Show first.")
    assert read(Gesture("card", "AS", "hand")) == Refusal("Show first.")
    assert read(Gesture("cancel")) == Refusal("")
    assert read("not a gesture") == NOT_A_GESTURE

"""The Ace Pilot play panel on the card table, driven from Python and by gestures.

Seed 4726170, Duke: the hand is 2♠ Q♣ Q♠, the Revealed Odds K♣ K♠ J♦ 9♥, the target 4 and one
joker was revealed. Drawing K♣, ``⌈13 / 12⌉ + 2 = 4`` wins (Duke, then Hailey with a carryover 2).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.ace_pilot import AcePilot, Phase, hint
from acelab.ace_pilot.builder import Build
from acelab.ace_pilot.gestures import Call, Refusal, interpret
from acelab.ace_pilot.panel import AcePilotPanel, equation_html, explanation_html, prompt_text
from acelab.ace_pilot.table_view import Held, TableOptions, pilot_table
from acelab.engine.cards import Card, Suit, parse_cards
from acelab.widgets.table import Gesture
from acelab.widgets.view_model import TableContext
from acelab.widgets.wording import assert_good_wording
from tests.support import anything, one_sentence, sized

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
SEED = 4726170


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))


@pytest.fixture
def panel() -> AcePilotPanel:
    return AcePilotPanel(seed=SEED)


def tap(panel: AcePilotPanel, kind: str, card=None, zone=None, confirmed=False) -> bool:
    """One gesture as the browser sends it."""
    content = {"kind": kind, "card": card, "zone": zone, "seq": panel.table.settled + 1}
    return panel.table.gesture({**content, "confirmed": confirmed})


def to_assault(panel: AcePilotPanel) -> AcePilotPanel:
    assert panel.choose_pilot("Duke")
    assert panel.draw("KC")
    assert panel.state.phase is Phase.ASSAULT
    return panel


def build_winner(panel: AcePilotPanel) -> None:
    assert panel.select("KC") and panel.place("D")
    assert panel.select("QC") and panel.place(D)
    assert panel.select("2S") and panel.add_pilot("H", "right")
    assert panel.set_rounding(0, "up")


def test_a_seeded_round_won_from_python(panel):
    to_assault(panel)
    build_winner(panel)
    assert panel.build.value() == 4
    assert "\\lceil" in panel.equation.value and "It makes 4, the target" in panel.equation.value
    assert panel.confirm()
    assert panel.state.phase is Phase.DISCARD and panel.state.assault is H
    assert "Victory!" in panel.log.entries[-1] and panel.messages.kind == "success"
    assert "⌈13 / 12⌉ + 2 = 4" in panel.log.entries[-1]
    assert panel.discard("QS")
    assert not panel.discard("AH")
    assert panel.messages.text == "A♥ is not in your hand."
    assert panel.discard("2S")
    assert panel.state.discard[-1] == Card.of("2S") and len(panel.state.hand) == 3
    assert "Round 2" in panel.log.entries[-1]


def test_the_same_round_won_by_gestures_on_the_table(panel):
    assert tap(panel, "card", "AD")  # a Ready pilot clicked: the Starting Pilot
    assert panel.state.assault is D
    tap(panel, "drop", "KC", "hand")  # a Revealed Odd dragged into the hand
    assert panel.state.phase is Phase.ASSAULT
    tap(panel, "card", "KC")
    assert panel.selected == Card.of("KC")
    assert panel.table_view().card("KC").highlighted
    tap(panel, "drop", "KC", "ace:D")  # keyboard: Enter on the picked-up card, Enter on Duke
    tap(panel, "drop", "QC", "ace:D")  # dragged straight onto Duke
    assert panel.build.used == parse_cards("KC QC")
    tap(panel, "drop", "AH", "slot:1")  # Hailey dropped right of the row waits for a card
    assert panel.held == Held(H, 1)
    tap(panel, "card", "2S")
    assert [a.suit for a in panel.build.aces] == [D, H]
    tap(panel, "control", zone="round:0:up")
    assert panel.table_view().control("round:0:up").pressed
    tap(panel, "control", zone="confirm")
    assert panel.state.phase is Phase.DISCARD
    tap(panel, "drop", "QS", "discard")
    tap(panel, "card", "2S")
    assert len(panel.state.hand) == 3


def test_a_hand_card_then_a_ready_pilot_adds_it_on_the_right(panel):
    to_assault(panel)
    panel.select("KC") and panel.place(D) and panel.select("QC") and panel.place(D)
    tap(panel, "card", "2S")
    tap(panel, "card", "AH")
    assert [a.suit for a in panel.build.aces] == [D, H]
    tap(panel, "card", "QS")
    tap(panel, "zone", zone="slot:0")
    assert panel.messages.kind == "error" and "Which pilot" in panel.messages.text
    tap(panel, "drop", "AC", "slot:0")
    assert [a.suit for a in panel.build.aces] == [C, D, H]


def test_the_row_offers_slots_left_between_and_right(panel):
    to_assault(panel)
    view = panel.table_view()
    assert [z.key for z in view.zones if z.line == 2] == ["ace:D"]
    panel.select("KC") and panel.place(D) and panel.select("QC") and panel.place(D)
    keys = [z.key for z in panel.table_view().zones if z.line == 2]
    assert keys == ["slot:0", "ace:D", "slot:1"]
    panel.add_pilot("H", "right", card="2S")
    keys = [z.key for z in panel.table_view().zones if z.line == 2]
    assert keys == ["slot:0", "ace:D", "slot:1", "ace:H", "slot:2"]
    row = panel.table_view().zone("ace:H")
    assert row.cards[1].sideways and "carryover" in row.label


def test_a_double_confirm_of_a_division_by_zero_warns_first():
    panel = AcePilotPanel(seed=SEED)
    state, hand = panel.state, parse_cards("9S 9H 3D")
    deck = tuple(c for c in state.deck if c not in hand) + state.hand
    assert panel.set_state(replace(state, hand=hand, deck=deck))
    panel.choose_pilot("S")
    panel.draw(panel.state.odds[0])
    panel.select("9S") and panel.place("S") and panel.select("9H") and panel.place("S")
    panel.add_pilot("D", "left", card="3D")
    assert "divides by zero" in panel.equation.value
    table = panel.table
    seq = table.settled

    def confirm_twice(gesture: Gesture) -> None:
        panel.handle(gesture)
        # the second click of a double click arrives while the first is applied: dropped
        assert not table.gesture({"kind": "control", "zone": "confirm", "seq": gesture.seq + 1})

    table.on_gesture = confirm_twice
    assert table.gesture({"kind": "control", "zone": "confirm", "seq": seq + 1})
    assert panel.state.phase is Phase.ASSAULT and panel.messages.kind == "warning"
    assert "Press Confirm again" in panel.messages.text
    table.on_gesture = panel._gesture
    tap(panel, "control", zone="confirm")
    assert panel.state.phase is Phase.OVER
    assert "divided by zero" in panel.messages.text
    assert "divides by zero" in panel.log.entries[-1]
    assert "Game over" in table.prompt and "D(" not in " ".join(panel.log.entries)


def test_destructive_controls_ask_once(panel):
    assert panel.table_view().control("new").confirm == ""  # nothing to lose yet
    panel.choose_pilot("D")
    assert panel.table_view().control("new").confirm == "Start a new game? This one will be saved."
    tap(panel, "control", zone="new")  # not confirmed: the question, nothing else
    assert panel.state.assault is D and "Start a new game?" in panel.messages.text
    tap(panel, "control", zone="new", confirmed=True)
    assert panel.state.assault is None and panel.log.entries == []
    panel.draw  # noqa: B018
    to_assault(panel)
    assert panel.table_view().control("give_up").confirm.startswith("Give up this round?")
    tap(panel, "control", zone="give_up")
    assert panel.state.phase is Phase.ASSAULT
    tap(panel, "control", zone="give_up", confirmed=True)
    assert panel.state.phase is not Phase.ASSAULT


def test_enter_in_the_seed_box_asks_then_deals_that_seed(panel):
    panel.choose_pilot("D")
    panel.seed_field.value = "-5"
    assert panel.state.assault is D and "Start a new game?" in panel.messages.text
    assert panel.table_view().controls == panel.table_view().controls
    assert [c["key"] for c in panel.table.controls][:2] == ["new:yes", "new:no"]
    tap(panel, "control", zone="new:yes")
    assert panel.seed == -5
    assert panel.state.hand == AcePilotPanel(seed=-5, save=False).state.hand
    panel.seed_field.value = "class 7B"  # nothing played: no question
    assert panel.seed == "class 7B"


def test_undo_takes_back_clicks_and_moves_and_names_them(panel):
    to_assault(panel)
    panel.select("KC") and panel.place(D)
    assert panel.undo()
    assert panel.build.used == () and panel.messages.text == "Taken back: K♣ on Duke."
    panel.select("KC") and panel.place(D) and panel.select("QC") and panel.place(D)
    assert panel.undo(2)
    assert panel.messages.text == "Taken back: K♣ on Duke and Q♣ on Duke."
    assert panel.undo()
    assert panel.state.phase is Phase.DRAW and panel.build is None
    assert ".." not in panel.messages.text
    labels = [label for label, _ in panel.back_to.choice.options]
    assert labels[0] == "Duke is the Starting Pilot" and not labels[-1][0].isdigit()


def test_go_back_to_any_point_of_the_round(panel):
    to_assault(panel)
    build_winner(panel)
    index = next(i for i, p in enumerate(panel.points) if p.label == "K♣ on Duke")
    assert panel.go_back(index)
    assert panel.build.used == (Card.of("KC"),)
    assert not panel.go_back(len(panel.points) - 1)
    assert not panel.go_back(99) and not panel.go_back("x")


def test_bad_arguments_are_refused_in_words(panel):
    before = panel.state
    for call in (
        lambda: panel.select("garbage"),
        lambda: panel.select(None),
        lambda: panel.undo("x"),
        lambda: panel.set_rounding("a", "up"),
        lambda: panel.choose_pilot("X"),
        lambda: panel.choose_pilot(None),
        lambda: panel.set_state(None),
        lambda: panel.add_pilot("H", "sideways", card="2S"),
        lambda: panel.discard(5),
    ):
        assert call() is False
        assert panel.messages.kind == "error" and panel.messages.text.endswith(".")
    assert panel.state is before
    assert panel.choose_pilot("D")  # still usable


def test_the_table_view_speaks_and_marks_what_can_be_used(panel):
    view = panel.table_view()
    assert view.zone("hand").cards[0].label == "two of spades"
    ready = view.zone("ready")
    assert ready.cards[0].label == "Hailey, ace of hearts, adds"
    assert all(c.movable for c in ready.cards)
    panel.choose_pilot("D")
    view = panel.table_view()
    assert view.zone("evens").note == "target 4"
    assert all(c.movable for c in view.zone("odds").cards)
    assert view.zone("deck").count == panel.view.deck_count
    assert view.zone("jokers").count == 1


def test_gestures_mean_calls_or_refusals(panel):
    view = panel.view

    def read(kind, card=None, zone=None, **desk):
        return interpret(Gesture(kind, card, zone), view, TableContext(**desk))

    assert read("card", "AD") == Call("choose_pilot", (D,))
    assert read("control", zone="hint") == Call("show_hint")
    assert read("control", zone="round:1:up") == Call("set_rounding", (1, "up"))
    assert read("control", zone="ending:H") == Call("choose_ending", (H,))
    assert isinstance(read("control", zone="fly"), Refusal)
    assert isinstance(read("card", "XX"), Refusal)
    assert read("cancel") == Call("put_back")
    assert isinstance(read("zone", zone="ace:D"), Refusal)


def test_the_pure_view_has_options(panel):
    to_assault(panel)
    view = pilot_table(panel.view, panel.build, TableOptions(can_undo=True))
    assert not view.control("undo").disabled
    assert [c.key for c in view.controls][:3] == ["confirm", "check", "clear"]


def test_check_and_hints_grow_stronger(panel):
    panel.choose_pilot("D")
    first, second = panel.show_hint(), panel.show_hint()
    assert first.startswith("Hint 1 of 4") and second.startswith("Hint 2 of 4")
    assert first[12:] != second[12:]
    panel.draw("KC")
    texts = [panel.show_hint() for _ in range(5)]
    assert texts[0].startswith("Hint 1 of 4") and texts[-1].startswith("Hint 4 of 4")
    assert len({t[12:] for t in texts[:4]}) == 4
    assert panel.check() and "can still reach 4" in panel.messages.text


def test_hints_continue_the_equation_the_learner_has_started(panel):
    to_assault(panel)
    panel.select("2S") and panel.place("D") and panel.select("QC") and panel.place("D")
    assert "cannot reach 4: clear it" in panel.show_hint()
    panel.clear()
    panel.select("KC") and panel.place("D")
    for _ in range(4):
        text = panel.show_hint()
    solution = hint(panel.view, 4, panel.build).equation
    assert solution.matches(4) and solution.group("D").values[0] == 13
    assert text.startswith(f"Hint 4 of 4: {solution.formula(target=4)} = 4.")


def test_the_ending_pilot_can_be_chosen_when_two_pilots_join(panel):
    to_assault(panel)
    panel.select("KC") and panel.place(D) and panel.select("QC") and panel.place(D)
    panel.add_pilot("H", "right", card="2S")
    panel.add_pilot("C", "left", card="QS")
    assert panel.build.ending is C
    tap(panel, "control", zone="ending:H")
    assert panel.build.ending is H


def test_a_joker_restores_the_defeated_pilots_after_a_victory(panel):
    panel.set_state(replace(panel.state, ready=(H, C, D), defeated=(S,)))
    to_assault(panel)
    build_winner(panel)
    assert panel.confirm() and panel.state.phase is Phase.RESTORE
    assert "spend the joker" in prompt_text(panel.view)
    tap(panel, "control", zone="restore:yes")
    assert not panel.state.defeated and "Spent a joker" in panel.log.entries[-1]


def test_renderers_speak_plainly():
    hand = parse_cards("KC QC 2S")
    build = Build.begin(hand, D, (H, S, C))
    assert "\\square" in equation_html(build, 4)
    build = build.place(hand[0], D).place(hand[1], D).add_pilot(H, hand[2], "right")
    assert "Rounding each division up or down, it can make 3 or 4." in equation_html(build, 4)
    words = explanation_html(build, 4)
    assert "Duke: 13 / 12 = 1.08…, rounded down to 1." in words
    assert "tree" not in words and "= 3" in words


def test_the_panel_renders_only_from_the_players_view(panel):
    to_assault(panel)
    view = panel.view
    assert not hasattr(view, "deck") and not hasattr(view, "seed")
    shown = {card["face"] for zone in panel.table.zones for card in zone["cards"]}
    assert not shown & {str(card) for card in panel.state.deck} - {"JK"}


def _bot_step(panel: AcePilotPanel, rng: random.Random) -> None:
    """One step of a random player through the panel's Python API."""
    state = panel.state
    phase = state.phase
    if phase is Phase.CHOOSE_PILOT:
        panel.choose_pilot(state.ready[rng.randrange(len(state.ready))])
    elif phase is Phase.DRAW:
        panel.draw(state.odds[rng.randrange(len(state.odds))] if state.odds else None)
    elif phase is Phase.ASSAULT:
        if rng.random() < 0.03:
            for _ in range(4):
                panel.show_hint()
        win = next(iter(AcePilot().legal_moves(state))) if rng.random() < 0.25 else None
        if getattr(win, "equation", None) is not None:
            panel.play(win)
        elif rng.random() < 0.1:
            panel.confirm()  # refused: the row is empty
            panel.give_up()
        else:
            panel.give_up()
    elif phase is Phase.DISCARD:
        panel.discard(state.hand[rng.randrange(len(state.hand))])
    elif phase is Phase.RESTORE:
        panel.restore(rng.random() < 0.5)
    elif phase is Phase.CLEARED:
        panel.continue_session(False)


@pytest.mark.slow
@sized("games", 250, 1000)
def test_every_message_of_many_random_games_reads_well(monkeypatch, games):
    rng = random.Random(8)
    seen: set[str] = set()
    panel = AcePilotPanel(seed=1, save=False)
    drawn = panel.refresh
    monkeypatch.setattr(panel, "refresh", lambda: None)  # the words do not depend on drawing
    for game in range(games):
        panel.new_game(game)
        for step in range(40):
            if panel.state.phase is Phase.OVER:
                break
            _bot_step(panel, rng)
            seen.update((panel.messages.text, *panel.log.entries[-1:]))
            seen.add(prompt_text(panel.view, panel.build))
            if step % 25 == 0:
                seen.update(panel.table_view().texts())
    drawn()
    seen.update(panel.table_view().texts())
    for text in seen - {""}:
        assert_good_wording(text)
    assert len(seen) > 200


def test_a_storm_of_random_gestures_never_raises():
    rng = random.Random(4)
    panel = AcePilotPanel(seed=7, save=False)
    keys = ["AH", "AS", "AC", "AD", "2S", "KC", "JK", "XX", None]
    zones = ["hand", "ace:D", "ace:H", "slot:0", "slot:1", "slot:9", "discard", "odds", None]
    controls = ["confirm", "check", "clear", "give_up", "hint", "undo", "draw", "round:0:up"]
    for _ in range(500):
        view = panel.table_view()
        cards = [c.key for z in view.zones for c in z.cards] + keys
        kind = rng.choice(["card", "zone", "drop", "control", "cancel"])
        zone = rng.choice(controls if kind == "control" else zones)
        tap(panel, kind, rng.choice(cards), zone, confirmed=rng.random() < 0.5)
        if panel.state.phase is Phase.OVER:
            panel.new_game(rng.randrange(100))
    assert not panel.table.errors


def test_restart_refuses_what_is_not_a_state_and_keeps_playing(panel):
    panel.choose_pilot("D")
    before = panel.state
    for bad in (0, None, "state", panel.view, replace(before, ready=(H, S))):
        with pytest.raises(ValueError, match="well-formed Ace Pilot state") as info:
            panel.restart(bad)
        assert str(info.value).endswith(".")
        assert panel.state is before
    with pytest.raises(ValueError, match="seed"):
        panel.restart(before, seed=1.5)
    panel.refresh()
    assert panel.draw("KC") and panel.undo() and panel.state is before


def test_handle_refuses_what_is_not_a_gesture(panel):
    for bad in ("x", None, {"kind": "card"}):
        with pytest.raises(ValueError, match="handle\\(\\) answers a Gesture"):
            panel.handle(bad)
    assert panel.choose_pilot("D")


def test_switches_are_true_or_false(panel):
    with pytest.raises(ValueError, match="True or False"):
        AcePilotPanel(seed=1, save="yes")
    with pytest.raises(ValueError, match="True or False"):
        AcePilotPanel(seed=1, four_colour=1)
    with pytest.raises(ValueError, match="seed"):
        AcePilotPanel(seed=10**30)
    with pytest.raises(ValueError, match="True or False"):
        panel.set_four_colour("on")
    panel.set_state(replace(panel.state, ready=(H, C, D), defeated=(S,)))
    to_assault(panel)
    build_winner(panel)
    assert panel.confirm() and panel.state.phase is Phase.RESTORE
    assert panel.restore("no") is False  # not a yes: nothing is spent
    assert panel.messages.text == "Say True to spend the joker, False to keep it."
    assert panel.state.phase is Phase.RESTORE and panel.restore(False)


def test_set_state_refuses_a_damaged_situation_in_words(panel):
    before = panel.state
    assert panel.set_state(replace(before, ready=(H, S))) is False
    assert panel.messages.text.endswith("Cam is nowhere.") and panel.state is before
    assert panel.set_state(before, label=5) is False
    assert panel.messages.text == "Name the situation in a few words."


PANEL_CALLS = [
    "choose_pilot",
    "draw",
    "select",
    "put_back",
    "pick_pilot",
    "hold_pilot",
    "place",
    "add_pilot",
    "set_rounding",
    "choose_ending",
    "clear",
    "confirm",
    "give_up",
    "discard",
    "restore",
    "continue_session",
    "check",
    "show_hint",
    "new_game",
    "new_game_from_fields",
    "restart",
    "set_state",
    "set_four_colour",
    "handle",
    "undo",
    "go_back",
    "ask_new_game",
    "keep_playing",
    "resume",
    "decline_resume",
    "play",
    "refresh",
    "table_view",
    "prompt_text",
]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(PANEL_CALLS),
    st.lists(
        st.one_of(anything, st.sampled_from(["D", "KC", "2S", "AH", 0, 1, "right"])), max_size=3
    ),
    st.integers(0, 3),
)
def test_every_panel_method_refuses_bad_arguments_in_words(name, args, steps_first) -> None:
    panel = AcePilotPanel(seed=SEED, save=False)
    for step in (lambda: panel.choose_pilot("D"), lambda: panel.draw("KC"))[:steps_first]:
        step()
    try:
        getattr(panel, name)(*args)
    except ValueError as error:
        one_sentence(error)
    except TypeError as error:  # too many or too few arguments: Python's own refusal
        assert "argument" in str(error), error
    AcePilot().check_state(panel.state)
    panel.refresh()
    assert not panel.table.errors
    assert panel.choose_pilot("D") or panel.state.phase is not Phase.CHOOSE_PILOT


def test_the_end_says_rounds_won_and_lost_and_a_give_up_says_what_it_means():
    """Issue 27: the end summarises the game; Give up's question says what happens in words a
    12-year-old reads (not "The Defeat rules apply")."""
    from acelab.ace_pilot.narrate import summary

    panel = AcePilotPanel(seed=4726170, save=False)
    questions = []
    for _ in range(200):
        if panel.state.phase is Phase.OVER:
            break
        keys = [control.key for control in panel.table_view().controls]
        if "give_up" in keys:
            questions.append(panel.table_view().control("give_up").confirm)
            assert panel.give_up()
        else:
            assert panel.play(panel.game.legal_moves(panel.state)[0])
    assert panel.state.phase is Phase.OVER and questions
    assert all("Defeat rules" not in q and "counts as lost" in q for q in questions)
    prompt = panel.table.prompt
    assert "You won 0 rounds and lost" in prompt and "0 Evil Evens beaten" in prompt, prompt
    assert summary([]) == "You won 0 rounds and lost 0 rounds: 0 Evil Evens beaten."

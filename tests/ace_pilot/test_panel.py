"""The Ace Pilot play panel, driven from Python: clicks, refusals, undo, and pure renderers.

Seed 4726170, Duke: the hand is 2♠ Q♣ Q♠, the Revealed Odds K♣ K♠ J♦ 9♥, the target 4 and one
joker was revealed. Drawing K♣, ``⌈13 / 12⌉ + 2 = 4`` wins (Duke, then Hailey with a carryover 2).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from acelab.ace_pilot import AcePilot, Equation, Phase
from acelab.ace_pilot.builder import Build
from acelab.ace_pilot.panel import (
    AcePilotPanel,
    equation_html,
    explanation_html,
    pilots_html,
    prompt_text,
    row_html,
    table_html,
)
from acelab.cards import Card, Suit, parse_cards

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS


@pytest.fixture
def panel() -> AcePilotPanel:
    return AcePilotPanel(seed=4726170)


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


def test_a_seeded_round_won_by_clicks(panel):
    to_assault(panel)
    assert panel.state.target == 4
    build_winner(panel)
    assert panel.build.value() == 4
    assert "\\lceil" in panel.equation.value and "= 4" in panel.equation.value
    assert "It makes 4, the target" in panel.equation.value
    assert panel.confirm()
    assert panel.state.phase is Phase.DISCARD
    assert panel.state.assault is H  # the Ending Pilot stays in the Assault Zone
    assert "Victory!" in panel.log.entries[-1]
    assert panel.messages.kind == "success"
    # the discard step: 2 cards too many; the last one discarded stays on top
    assert len(panel.state.hand) == 5
    assert panel.discard("QS")
    assert panel.state.phase is Phase.DISCARD
    assert not panel.discard("AH")  # not in the hand: refused, not raised
    assert "not in your hand" in panel.messages.text
    assert panel.discard("2S")
    assert panel.state.discard[-1] == Card.of("2S")
    assert len(panel.state.hand) == 3
    assert panel.state.phase in (Phase.DRAW, Phase.ASSAULT, Phase.CHOOSE_PILOT, Phase.OVER)
    assert "Round 2" in panel.log.entries[-1]


def test_a_round_lost_spends_the_joker_then_defeats_the_pilot(panel):
    to_assault(panel)
    assert panel.state.jokers
    assert panel.give_up()
    assert "a joker was spent, so Duke is Ready again" in panel.log.entries[-1]
    assert D in panel.state.ready and not panel.state.defeated
    assert not panel.state.jokers
    # play on until a round is lost without a joker
    for _ in range(20):
        phase = panel.state.phase
        if phase is Phase.DISCARD:
            panel.discard(panel.state.hand[0])
        elif phase is Phase.CHOOSE_PILOT:
            panel.choose_pilot(panel.state.ready[0])
        elif phase is Phase.DRAW:
            panel.draw(panel.state.odds[0] if panel.state.odds else None)
        elif phase is Phase.ASSAULT:
            if panel.state.jokers:
                panel.give_up()
                continue
            start = panel.state.assault
            panel.give_up()
            assert start in panel.state.defeated
            assert "Defeated" in panel.log.entries[-1]
            break
    else:
        pytest.fail("no round was lost without a joker")


def test_undo_takes_back_clicks_and_moves(panel):
    to_assault(panel)
    panel.select("KC")
    panel.place(D)
    assert panel.build.used == (Card.of("KC"),)
    assert panel.undo()
    assert panel.build.used == ()
    assert "Taken back" in panel.messages.text
    panel.select("KC")
    panel.place(D)
    panel.select("QC")
    panel.place(D)
    assert panel.undo(2)
    assert panel.build.is_empty
    # back past the draw: the Revealed Odds are there again
    assert panel.undo()
    assert panel.state.phase is Phase.DRAW and panel.state.odds
    assert panel.build is None
    assert len(panel.log.entries) == 1


def test_go_back_to_any_point_of_the_round(panel):
    to_assault(panel)
    build_winner(panel)
    labels = [label for label, _ in panel.back_choice.options]
    assert any("K♣ on Duke" in label for label in labels)
    assert any("Hailey added right" in label for label in labels)
    index = next(i for i, p in enumerate(panel.points) if p.label == "K♣ on Duke")
    assert panel.go_back(index)
    assert panel.build.used == (Card.of("KC"),)
    assert not panel.go_back(len(panel.points) - 1)  # already there
    assert not panel.go_back(99)
    assert panel.messages.kind in ("info", "error")


def test_a_joker_restores_the_defeated_pilots_after_a_victory():
    panel = AcePilotPanel(seed=4726170)
    state = panel.state
    panel.set_state(replace(state, ready=(H, C, D), defeated=(S,)))
    to_assault(panel)
    build_winner(panel)
    assert panel.confirm()
    assert panel.state.phase is Phase.RESTORE
    assert "spend the joker" in prompt_text(panel.view)
    spend, keep = panel.choice_row.children[:2]
    assert "Spend a joker" in spend.description and "Keep" in keep.description
    spend.click()
    assert not panel.state.defeated and S in panel.state.ready
    assert "Spent a joker" in panel.log.entries[-1]


def test_illegal_clicks_explain_and_change_nothing(panel):
    before = panel.state
    assert not panel.place(D)
    assert "First click a card" in panel.messages.text or "no equation" in panel.messages.text
    assert not panel.draw()
    assert "not time to draw" in panel.messages.text
    assert not panel.confirm()
    assert not panel.discard("2S")
    assert "discard" in panel.messages.text
    assert not panel.select("2S")
    assert not panel.choose_pilot("Zed")
    assert "not a pilot" in panel.messages.text
    assert panel.state is before and panel.messages.kind == "error"
    to_assault(panel)
    assert not panel.select("KS")
    assert "not in your hand" in panel.messages.text
    assert not panel.place(D)
    assert not panel.add_pilot("H", "left", card="2S")
    assert "needs two cards" in panel.messages.text
    assert not panel.confirm()
    assert "needs two cards" in panel.messages.text
    panel.select("KC")
    panel.place(D)
    assert not panel.select("KC")
    assert "already in the equation" in panel.messages.text
    panel.select("QC")
    panel.place(D)
    assert not panel.confirm()  # 13 / 12 rounds down to 1: not 4
    assert "not the target 4" in panel.messages.text
    panel.add_pilot("H", "right", card="2S")
    assert not panel.confirm()  # rounded down it makes 3
    assert "change a rounding" in panel.messages.text
    assert panel.state.phase is Phase.ASSAULT


def test_a_storm_of_random_clicks_never_raises():
    rng = random.Random(4)
    panel = AcePilotPanel(seed=7)
    cards = parse_cards("2S 3H QC KD 9S 5C JK AH 7D")
    for _ in range(600):
        action = rng.randrange(15)
        card = rng.choice([*panel.state.hand, *panel.state.odds, *cards])
        pilot = rng.choice("HSCD")
        if action == 0:
            panel.choose_pilot(pilot)
        elif action == 1:
            panel.draw(rng.choice([None, card]))
        elif action == 2:
            panel.select(card)
        elif action == 3:
            panel.place(pilot)
        elif action == 4:
            panel.add_pilot(pilot, rng.choice(["left", "right", "between", 1, 5]))
        elif action == 5:
            panel.set_rounding(rng.randrange(3), rng.choice(["down", "up"]))
        elif action == 6:
            panel.confirm()
        elif action == 7:
            panel.give_up()
        elif action == 8:
            panel.discard(card)
        elif action == 9:
            panel.undo(rng.randrange(0, 4))
        elif action == 10:
            panel.check()
        elif action == 11:
            panel.show_hint()
        elif action == 12:
            panel.restore(rng.random() < 0.5)
        elif action == 13:
            panel.clear()
        elif panel.state.phase is Phase.OVER:
            panel.new_game(rng.randrange(100))
    assert panel.widget is not None


def test_division_by_zero_is_warned_before_it_loses():
    panel = AcePilotPanel(seed=4726170)
    panel.set_state(replace(panel.state, hand=parse_cards("9S 9H 3D")))
    panel.choose_pilot("S")
    panel.draw(panel.state.odds[0])
    panel.select("9S")
    panel.place("S")
    panel.select("9H")
    panel.place("S")
    panel.add_pilot("D", "left", card="3D")
    assert "divides by zero" in panel.equation.value
    assert not panel.confirm()
    assert panel.messages.kind == "warning"
    assert "Click Confirm again" in panel.messages.text
    assert panel.state.phase is Phase.ASSAULT
    assert panel.confirm()
    assert panel.state.phase is Phase.OVER
    assert "divides by zero" in panel.log.entries[-1]
    assert "Game over" in panel.prompt.value


def test_check_and_hints(panel):
    panel.choose_pilot("D")
    assert panel.show_hint().startswith("Hint 1 of 4")
    to_draw = panel.show_hint()
    assert to_draw.startswith("Hint 2 of 4")
    panel.draw("KC")
    assert panel.show_hint().startswith("Hint 1 of 4")  # a new moment starts again at 1
    texts = [panel.show_hint() for _ in range(4)]
    assert texts[-1].startswith("Hint 4 of 4") and texts[-2].startswith("Hint 4 of 4")
    assert panel.check()
    assert "can still reach 4" in panel.messages.text
    panel.select("2S")
    panel.place(D)
    panel.select("QS")
    panel.place(D)  # 2 / 12 = 0 or 1: the 0 trick leaves 13 or 12, not 4 ...
    verdict = panel.check()
    assert panel.messages.kind == ("success" if verdict else "warning")


def test_new_game_with_a_seed_deals_the_same_game(panel):
    first = panel.state.hand
    panel.choose_pilot("H")
    panel.new_game(4726170)
    assert panel.state.hand == first and panel.state.phase is Phase.CHOOSE_PILOT
    assert panel.log.entries == [] and len(panel.points) == 1
    panel.seed_field.value = "99"
    panel.challenge_field.value = 2
    panel._new_game_clicked()
    assert panel.seed == 99 and panel.state.challenge == 2
    assert panel.state.hand == AcePilot().new_state(99, 2).hand
    panel.seed_field.value = "class 7B"
    panel._new_game_clicked()
    assert panel.seed == "class 7B"
    assert AcePilotPanel().seed != ""


def test_the_ending_pilot_can_be_chosen_when_two_pilots_join(panel):
    to_assault(panel)
    panel.select("KC")
    panel.place(D)
    panel.select("QC")
    panel.place(D)
    panel.add_pilot("H", "right", card="2S")
    panel.add_pilot("C", "left", card="QS")
    assert panel.build.ending is C
    assert panel.ending_choice.layout.display is None
    panel.ending_choice.value = H
    assert panel.build.ending is H


def test_button_callbacks_reach_the_engine(panel):
    duke = panel.pilot_buttons[D]
    duke.click()
    assert panel.state.assault is D
    king = next(b for b in panel.draw_row.children if b.card == Card.of("KC"))
    king.click()
    assert panel.state.phase is Phase.ASSAULT
    hand = {b.card: b for b in panel.hand_row.children}
    hand[Card.of("KC")].click()
    assert hand[Card.of("KC")].selected
    panel.place_row.children[0].click()
    hand = {b.card: b for b in panel.hand_row.children}
    assert hand[Card.of("KC")].disabled
    hand[Card.of("QC")].click()
    panel.place_row.children[0].click()
    hand[Card.of("2S")].click()
    panel.add_buttons["right"].click()
    (row,) = panel.roundings.children
    toggle = row.children[1]
    assert "13 / 12 ≈ 1.08" in row.children[0].value
    toggle.value = "up"
    assert panel.build.value() == 4
    confirm = next(b for b in panel.assault_actions.children if b.description == "Confirm")
    confirm.click()
    assert "Victory!" in panel.log.entries[-1]


# ---- pure renderers ---------------------------------------------------------------------


def test_table_html_shows_the_whole_table(panel):
    panel.choose_pilot("D")
    html = table_html(panel.view)
    assert "target 4" in html
    assert f"<b>{panel.view.deck_count}</b> cards" in html
    for name in ("9 of spades", "king of clubs", "jack of spades", "6 of diamonds"):
        assert name in html or "6" in html
    assert 'aria-label="king of clubs"' in html
    assert "Jokers" in html and "<b>1</b>" in html


def test_pilots_html_names_each_pilot_in_its_zone(panel):
    view = panel.view
    html = pilots_html(replace(view, ready=(H, C), defeated=(S,), assault=D))
    for name in ("Hailey", "Sabina", "Cam", "Duke"):
        assert name in html
    assert html.index("Assault Zone") < html.index("Duke") < html.index("Ready")
    assert html.index("Defeated") < html.index("Sabina")
    assert "Duke, ace of diamonds, divides" in html


def test_row_html_draws_carryovers_sideways():
    hand = parse_cards("KC QC 2S")
    build = Build.begin(hand, D, (H, S, C)).place(hand[0], D).place(hand[1], D)
    build = build.add_pilot(H, hand[2], "right")
    html = row_html(build)
    assert html.count("rotate(90)") == 1
    assert "carryover" in html and "Starting Pilot" in html
    assert 'aria-label="2 of spades"' in html


def test_equation_html_and_explanation():
    hand = parse_cards("KC QC 2S")
    build = Build.begin(hand, D, (H, S, C))
    assert "\\square" in equation_html(build, 4)
    build = build.place(hand[0], D).place(hand[1], D).add_pilot(H, hand[2], "right")
    html = equation_html(build, 4)
    assert "$$\\left\\lfloor 13 / 12 \\right\\rfloor + 2 = 3$$" in html
    assert "The roundings can give 3, 4" in html
    assert "It makes 4, the target" in equation_html(build.with_rounding(0, "up"), 4)
    words = explanation_html(build, 4)
    assert "Duke: 13 / 12 = 1.08…, rounded down to 1." in words
    assert "SymPy reads the same tree" in words and "evaluates it to 3" in words


def test_prompt_text_says_what_to_do(panel):
    assert "Choose the Starting Pilot" in prompt_text(panel.view)
    panel.choose_pilot("D")
    assert "click one Revealed Odd" in prompt_text(panel.view)
    panel.draw("KC")
    assert "Make 4" in prompt_text(panel.view, panel.build)


def test_the_panel_renders_only_from_the_players_view(panel):
    view = panel.view
    assert not hasattr(view, "deck") and not hasattr(view, "seed")
    assert Equation.parse("D(13,12) H(2)").value(("up",)) == 4


def test_hints_continue_the_equation_the_learner_has_started(panel):
    to_assault(panel)
    assert panel.select("2S") and panel.place("D")
    assert panel.select("QC") and panel.place("D")  # D(2,12) is 0 or 1: no way on to 4
    assert "cannot reach 4: clear it" in panel.show_hint()
    panel.clear()
    assert panel.select("KC") and panel.place("D")  # a good start: D(13, ...)
    for _ in range(4):
        text = panel.show_hint()
    solution = Equation.parse(text.removeprefix("Hint 4 of 4: ").split(":")[0])
    assert solution.matches(4) and solution.group("D").values[0] == 13  # Duke's 13 stays first

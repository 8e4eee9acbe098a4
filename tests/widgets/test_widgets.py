"""Shared widget pieces: pure HTML renderers first, then the widgets and the Panel base."""

from __future__ import annotations

import re

import pytest

from acelab.engine.cards import JOKER, parse_card, parse_cards
from acelab.widgets import (
    AnswerBox,
    MessageBar,
    MoveLog,
    Panel,
    card_colour,
    card_svg,
    cards_html,
    message_html,
    move_log_html,
    show_cards,
)
from tests.engine.test_engine import GAME, Take


def test_a_card_face_shows_rank_suit_colour_and_a_text_alternative():
    svg = card_svg(parse_card("QH"))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'role="img"' in svg and 'aria-label="queen of hearts"' in svg
    assert "<title>queen of hearts</title>" in svg
    assert ">Q<" in svg and "♥" in svg and "#c62828" in svg


def test_black_suits_are_black_and_the_four_colour_deck_recolours_diamonds_and_clubs():
    assert card_colour(parse_card("AS")) == card_colour(parse_card("AC")) == "#1b1b1b"
    assert card_colour(parse_card("AD")) == card_colour(parse_card("AH"))
    four = {s: card_colour(parse_card("A" + s), four_colour=True) for s in "SHDC"}
    assert len(set(four.values())) == 4
    assert four["D"] in card_svg(parse_card("5D"), four_colour=True)


def test_joker_back_sideways_highlight_and_dimmed():
    assert "JOKER" in card_svg(JOKER) and 'aria-label="joker"' in card_svg(JOKER)
    back = card_svg(None)
    assert "face-down card" in back and "acelab-card-back" in back and "♠" not in back
    sideways = card_svg(parse_card("3C"), sideways=True)
    assert 'width="84" height="60"' in sideways and "rotate(90)" in sideways
    assert "#f9a825" in card_svg(parse_card("3C"), highlight=True)
    assert "opacity:0.45" in card_svg(parse_card("3C"), dimmed=True)
    assert 'aria-label="carryover 3"' in card_svg(parse_card("3C"), label="carryover 3")


def test_a_row_of_cards_is_a_labelled_group():
    html = cards_html("AS 10H JK", caption="Your hand")
    assert html.count("<svg") == 3
    assert 'aria-label="ace of spades, ten of hearts, joker"' in html
    assert "Your hand" in html
    assert "(no cards)" in cards_html([])
    with pytest.raises(ValueError, match="'1X'"):
        cards_html("AS 1X")


def test_text_is_escaped():
    assert "<b>" not in message_html("<b>bold</b>", "error")
    assert "&lt;script&gt;" in move_log_html(["<script>"])


def test_messages_have_a_kind_and_a_role():
    assert message_html("") == ""
    error = message_html("Duke needs a card.", "error")
    assert 'role="alert"' in error and "acelab-message-error" in error and "Duke needs" in error
    assert 'role="status"' in message_html("Well done", "success")


def test_the_move_log_shows_the_latest_entries_numbered():
    assert "No moves yet" in move_log_html([])
    html = move_log_html([f"move {i}" for i in range(1, 21)], limit=5)
    assert 'start="16"' in html and "move 20" in html and "move 15" not in html


def test_widgets_wrap_the_renderers():
    bar = MessageBar()
    bar.error("No.")
    assert bar.text == "No." and "acelab-message-error" in bar.value
    bar.clear()
    assert bar.value == ""
    log = MoveLog()
    log.append("take 1")
    assert log.entries == ["take 1"] and "take 1" in log.value
    hand = show_cards(parse_cards("AS KD"))
    assert "acelab-hand" in hand._dom_classes and hand.value.count("<svg") == 2


def test_answer_box_checks_without_evaluating():
    from acelab.teaching.answers import check_number

    box = AnswerBox("How many cards?", check_number(52))
    assert box.answer("52").correct
    assert "acelab-message-success" in box.feedback.value
    wrong = box.answer("__import__('os')")
    assert not wrong.correct and "not a number" in wrong.feedback


def test_the_panel_base_plays_refuses_and_undoes():
    panel = Panel(GAME, GAME.new_state(seed=4))
    assert panel.play(Take(2))
    assert panel.moves == [Take(2)] and panel.log.entries == ["take 2"]
    before = panel.state
    assert not panel.play(Take(5))
    assert panel.state == before
    assert "one or two cards" in panel.messages.text
    assert panel.undo()
    assert panel.state == GAME.new_state(seed=4) and panel.log.entries == []
    assert not panel.undo()
    assert panel.messages.text == "There is nothing to take back."
    assert "acelab-panel" in panel.widget._dom_classes


def test_no_widget_html_shows_a_raw_repr():
    for html in (cards_html("AS"), message_html("x"), move_log_html(["x"])):
        assert not re.search(r"(VBox|HTML|Card)\(", html)


def test_the_answer_field_is_named_by_its_question_and_a_recheck_says_still_right():
    from fractions import Fraction

    from acelab.teaching.answers import NumberQuestion

    question = NumberQuestion(
        "two-pair",
        "What is the chance of one pair?",
        Fraction(1098240, 2598960),
        places=1,
        percent=True,
    )
    box = AnswerBox(question, record=False)
    assert box.field.description == "What is the chance of one pair?"  # its accessible name
    assert "label.widget-label" in box.children[0].value  # shown once, above the field
    assert box.answer("42.3%").correct
    again = box.answer("1098240/2598960")
    assert again.correct and again.message == "Still right: 1098240/2598960 is 42.3%."
    assert "Still right" in box.feedback.value
    assert not box.answer("42").correct
    assert box.answer("0.423").message.startswith("Right")  # right after a wrong answer

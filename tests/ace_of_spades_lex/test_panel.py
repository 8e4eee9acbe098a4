"""The Lex Ace of Spades panel on the card table, driven by gestures and from Python."""

from __future__ import annotations

from dataclasses import replace

import pytest

from acelab.ace_of_spades_lex import AceOfSpadesLex, Draw, Phase, Steal
from acelab.ace_of_spades_lex.gestures import Call, Refusal, interpret
from acelab.ace_of_spades_lex.panel import LexPanel
from acelab.ace_of_spades_lex.table_view import TableOptions, lex_table
from acelab.widgets.table import Gesture
from acelab.widgets.view_model import BACK, TableView
from acelab.widgets.wording import assert_good_wording
from tests.ace_of_spades_lex.helpers import stack

GAME = AceOfSpadesLex()
BOTS = ("You", "Bot 1", "Bot 2", "Bot 3")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))


def tap(panel: LexPanel, kind: str, card=None, zone=None, confirmed=False) -> bool:
    content = {"kind": kind, "card": card, "zone": zone, "seq": panel.table.settled + 1}
    return panel.table.gesture({**content, "confirmed": confirmed})


def shown(panel: LexPanel) -> TableView:
    return panel.table_view()


def face_up(view: TableView) -> set[str]:
    return {c.face for z in view.zones for c in z.cards if c.face != BACK}


def check_words(panel: LexPanel) -> None:
    for text in [*shown(panel).texts(), panel.table.prompt, panel.table.status_text]:
        assert_good_wording(text)
    for entry in panel.log.entries:
        assert_good_wording(entry)


def test_a_seeded_game_against_three_bots_played_to_the_end_by_clicks() -> None:
    panel = LexPanel(seed=11, players=4, pause=0)
    clicks = 0
    while not GAME.is_over(panel.state):
        assert panel.actor == 0  # the bots have played up to our decision
        view = shown(panel)
        assert face_up(view) <= visible_to_you(panel)  # nothing hidden is drawn
        keys = [c.key for c in view.controls if c.key != "new"]
        if "draw" in keys:
            assert tap(panel, "zone", zone="deck")
        elif keys[0].startswith("deal:"):
            assert tap(panel, "drop", card="deal", zone=f"seat:{keys[0].split(':')[1]}")
        else:
            assert tap(panel, "control", zone=keys[0], confirmed=True)
        clicks += 1
        check_words(panel)
    outcome = panel.state.outcome
    assert outcome is not None and panel.table.prompt == outcome.reason
    assert shown(panel).zone("winning").cards and clicks > 1
    assert any("wins with" in entry for entry in panel.log.entries)
    assert not panel.table.errors


def visible_to_you(panel: LexPanel) -> set[str]:
    state = panel.state
    seen = set(state.hands[0]) | set(state.winning)
    for pile in (*state.piles, *state.banked):
        seen |= set(pile)
    return {str(card) for card in seen}


def bot_jacks_you() -> LexPanel:
    panel = LexPanel(seed=1, players=2, pause=0, auto=False)
    state = stack("3S", hands=["10H KC 2S", "JS"], players=2, turn=1)
    panel.restart(replace(state, names=("You", "Bot 1")))
    panel.refresh()
    return panel


def test_a_reaction_prompt_is_answered() -> None:
    panel = bot_jacks_you()
    assert "Bot 1 is to play" in panel.table.prompt
    assert tap(panel, "control", zone="bots:step")
    assert panel.state.phase is Phase.REACTION and panel.actor == 0
    assert panel.table.prompt == "Bot 1 plays a Jack on you: show your red ten?"
    keys = [c["key"] for c in panel.table.controls]
    assert keys[:2] == ["foil", "accept"]
    assert tap(panel, "control", zone="foil")
    assert "You showed 10♥: the Jack took nothing." in panel.log.entries[-1]
    assert set(panel.state.hands[0]) == {*stack("", hands=["KC 2S"]).hands[0]}


def test_a_hot_seat_hand_over_shows_no_hand() -> None:
    panel = LexPanel(seed=3, players=2, hot_seat=True)
    first = panel.state.deck[0]
    assert panel.draw()
    assert panel.hidden and panel.viewer == 1
    assert "Pass the device to Player 2" in panel.table.prompt  # what the browser shows
    hand = next(z for z in panel.table.zones if z["key"] == "hand")
    assert hand["cards"] == [] and [c["key"] for c in panel.table.controls] == ["reveal", "new"]
    assert not panel.draw() and "show your hand first" in panel.messages.text
    assert tap(panel, "control", zone="reveal")
    assert not panel.hidden and shown(panel).zone("hand").label == "Player 2's hand"
    if first.value not in (3, 4, 5, 7, 8):  # a kept card stays hidden from the log
        assert first.symbol not in panel.log.entries[0]


def test_step_mode_waits_for_next_move() -> None:
    panel = LexPanel(seed=5, players=3, auto=False, pause=0)
    assert panel.draw()
    if panel.actor == 0:
        pytest.skip("this deal gave player 0 another decision")
    assert "press Next move" in panel.table.prompt
    assert not panel.draw() and "Bot 1's move" in panel.messages.text
    before = len(panel.history)
    assert panel.step_bots() and len(panel.history) == before + 1


def test_gestures_read_drops_and_clicks() -> None:
    state = replace(stack("3S", hands=["JS 10C 10H 6S", "KC"], players=2), names=("You", "Bot 1"))
    view = GAME.observation(state, 0)
    moves = GAME.legal_moves(state)
    assert interpret(Gesture("drop", "JS", "seat:1"), view, moves) == Call("steal", (1,))
    assert interpret(Gesture("drop", "10C", "seat:1"), view, moves) == Call("stop", (1,))
    assert interpret(Gesture("drop", "6S", "seat:1"), view, moves) == Call("nuke", (1, 1))
    assert interpret(Gesture("zone", None, "deck"), view, moves) == Call("draw")
    refusal = interpret(Gesture("drop", "10H", "seat:1"), view, moves)
    assert isinstance(refusal, Refusal) and "answer a Jack" in refusal.text
    explained = interpret(Gesture("card", "JS"), view, moves)
    assert isinstance(explained, Refusal) and explained.text.startswith("J♠ is a Jack")
    assert interpret(Gesture("control", None, "nuke:1:2"), view, moves) == Call("nuke", (1, 2))
    assert isinstance(interpret(Gesture("control", None, "nuke:x"), view, moves), Refusal)
    for text in (refusal.text, explained.text):
        assert_good_wording(text)


def test_the_table_lists_one_button_per_legal_move() -> None:
    state = replace(stack("3S", hands=["JS", "KC"], players=2), names=("You", "Bot 1"))
    view = lex_table(GAME.observation(state, 0), GAME.legal_moves(state), TableOptions())
    assert [c.key for c in view.controls] == ["draw", "steal:1", "new"]
    assert view.zone("seat:1").droppable and view.zone("deck").clickable
    assert view.zone("seat:1").cards[0].face == BACK
    assert Draw() in GAME.legal_moves(state) and Steal(1) in GAME.legal_moves(state)


def test_a_refused_move_says_why_and_changes_nothing() -> None:
    panel = bot_jacks_you()
    before = panel.state
    assert not panel.steal(1)
    assert "Bot 1's move" in panel.messages.text and panel.state == before


def test_new_game_after_a_win_lets_the_winner_begin() -> None:
    panel = LexPanel(seed=2, players=2, pause=0)
    won = replace(stack("AS", players=2, turn=1), names=("You", "Bot 1"))
    panel.restart(GAME.apply(won, Draw()))
    assert panel.new_game(seed=8)
    assert panel.state.first == 1 and "Bot 1 plays first" in panel.messages.text


def test_a_game_in_progress_is_saved_and_resumed() -> None:
    panel = LexPanel(seed=4, players=3, pause=0)
    assert panel.draw() and panel.draw()
    again = LexPanel(seed=4, players=3, pause=0)
    assert again.offer is not None and "Resume it?" in again.messages.text
    assert again.resume() and again.state == panel.state
    assert again.log.entries == panel.log.entries

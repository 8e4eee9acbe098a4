"""The play panel against a bot: picks and goes by Python and by gestures, the tree view,
refusals in words, and a view that shows only what the learner may see."""

import pytest

from acelab.absolutely_aces import AbsolutelyAces, Phase, Pick, Play
from acelab.absolutely_aces.gestures import Command, Refusal, interpret
from acelab.absolutely_aces.solver import move_values
from acelab.absolutely_aces.table_view import aces_table, card_faces, move_badge

GAME = AbsolutelyAces()


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))


@pytest.fixture
def panel():
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

    return AbsolutelyAcesPanel(seed=4, bot="perfect", save=False)


def test_the_table_shows_both_hands_reserves_and_the_cards_sitting_out_face_down() -> None:
    state = GAME.new_state(0)
    view = aces_table(GAME.observation(state, 0), tuple(GAME.moves_of(state, 0)))
    assert [c.key for c in view.zone("hand").cards] == list(state.hands[0])
    assert [c.key for c in view.zone("them").cards] == list(state.hands[1])
    assert [c.face for c in view.zone("out").cards] == ["back", "back"]
    assert all(c not in str(view.zone("out")) for c in state.out)
    assert "blocks" in view.zone("hand").cards[0].label and "Pick a card in secret" in view.prompt
    assert set(card_faces()) == {*GAME.cards.codes, "back"}


def test_the_other_pick_is_not_shown() -> None:
    state = GAME.apply(GAME.new_state(0), Pick(1, "S9"))
    view = aces_table(GAME.observation(state, 0), tuple(GAME.moves_of(state, 0)))
    assert not any(c.badge == "picked" for c in view.zone("them").cards)
    picked = GAME.apply(GAME.new_state(0), Pick(0, "H10"))
    mine = aces_table(GAME.observation(picked, 0), ())
    assert [c.key for c in mine.zone("hand").cards if c.badge == "picked"] == ["H10"]


def test_legal_blocks_are_ringed_and_the_tree_gives_values() -> None:
    state = GAME.apply(
        GAME.round_from(("H4 H10 S1 S11 S7", "H8 H12 H6 H2 S9"), ("H4", "H8")), Play("H6")
    )
    legal = tuple(GAME.legal_moves(state))
    tree = move_values(state)
    view = aces_table(GAME.observation(state, 0), legal, tree=tree)
    ringed = {c.key for c in view.zone("hand").cards if c.highlighted}
    assert ringed == {"S1", "S7", "H10"}
    assert {c.key for c in view.zone("hand").cards if c.dimmed} == {"S11"}
    for card in view.zone("hand").cards:
        if card.key in ringed:
            assert card.badge == move_badge(tree[Play(card.key)], 0)
    assert "block 6♥ Climb with Ace or Climb or Roll" in view.prompt
    assert (
        move_badge(7, 0) == "win 7" and move_badge(7, 1) == "lose 7" and move_badge(0, 1) == "loop"
    )


def test_gestures_mean_moves_commands_or_refusals() -> None:
    state = GAME.new_state(0)
    view = GAME.observation(state, 0)
    assert interpret("card", "S1", "hand", view) == Pick(0, "S1")
    assert isinstance(interpret("card", "H2", "them", view), Refusal)
    assert interpret("control", None, "tree", view) == Command("tree")
    assert isinstance(interpret("drop", "S1", "hand", view), Refusal)


def test_a_match_played_from_python_against_the_perfect_bot(panel) -> None:
    rounds = 0
    while not GAME.is_over(panel.state) and rounds < 60:
        state = panel.state
        if state.phase is Phase.PICK:
            assert panel.pick(state.hands[0][0])
        else:
            assert state.mover == 0
            move = GAME.legal_moves(state)[0]
            assert panel.play(move)
        rounds += 1
    assert GAME.is_over(panel.state) and "You picked" in panel.log.entries[0]
    bot_picks = [e for e in panel.log.entries if e.startswith("Bot picked")]
    assert bot_picks and all(e == "Bot picked" or "; picks shown:" in e for e in bot_picks)
    assert any("won the round" in e or "no score" in e for e in panel.log.entries)


def test_refusals_are_said_and_change_nothing(panel) -> None:
    before = panel.state
    assert not panel.play_card(before.hands[0][0])  # the picks come first
    assert "First both players pick" in panel.messages.text
    assert not panel.pick("S13")
    assert not panel.pick(before.hands[1][0])  # the bot's card
    assert panel.state == before and panel.messages.kind == "error" and not panel.history


def test_clicks_go_the_same_way(panel) -> None:
    card = panel.state.hands[0][0]
    panel.table.gesture({"kind": "card", "card": card, "zone": "hand", "seq": 1})
    assert panel.history[0][1] == Pick(0, card)
    assert panel.state.phase is Phase.PLAY or GAME.is_over(panel.state) or panel.state.round > 1
    shown = panel.show_tree(True)
    assert shown and panel.tree and panel.table_view().control("tree").label == "Hide the tree"

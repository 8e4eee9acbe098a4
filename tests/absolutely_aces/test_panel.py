"""The play panel against a bot: picks and goes by Python and by gestures, the tree view,
refusals in words that change nothing, and every public method checks its arguments."""

import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from acelab.absolutely_aces import AbsolutelyAces, Phase, Pick, PlayPair
from acelab.engine import derive_rng
from acelab.engine.cards import random_index
from tests.absolutely_aces.helpers import JUNK, mentions, shown_text

GAME = AbsolutelyAces()


@pytest.fixture
def panel():
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

    return AbsolutelyAcesPanel(seed=4, bot="perfect", save=False)


def test_a_match_played_from_python_against_the_perfect_bot(panel) -> None:
    rounds = 0
    while not GAME.is_over(panel.state) and rounds < 60:
        state = panel.state
        if state.phase is Phase.PICK:
            assert panel.pick(state.hands[0][0])
        else:
            assert GAME.to_move(state) == 0
            move = GAME.legal_moves(state)[0]
            pair = isinstance(move, PlayPair)
            assert panel.play_pair(move.type) if pair else panel.play_card(move.card)
        rounds += 1
    assert GAME.is_over(panel.state) and "You picked" in panel.log.entries[0]
    bot_picks = [e for e in panel.log.entries if e.startswith("Bot picked")]
    assert bot_picks and all(e == "Bot picked" or "; picks shown:" in e for e in bot_picks)
    assert any("won the round" in e or "no score" in e for e in panel.log.entries)
    you, bot = panel.state.scores
    winner, high, low = ("You win", you, bot) if you > bot else ("Bot wins", bot, you)
    assert panel.table.prompt.startswith(f"{winner} {high} to {low}: ")
    assert "reached 15 points first; the last round: " in panel.table.prompt


def test_the_status_line_is_never_blank(panel) -> None:
    assert panel.table.status_text == "A new game: nothing played yet."
    while not GAME.is_over(panel.state):
        state = panel.state
        if state.phase is Phase.PICK:
            panel.pick(state.hands[0][0])
        else:
            move = GAME.legal_moves(state)[0]
            pair = isinstance(move, PlayPair)
            panel.play_pair(move.type) if pair else panel.play_card(move.card)
        assert panel.table.status_text.endswith(".") and panel.table.status_text[0].isupper()


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


def test_a_gesture_that_is_not_one_is_refused(panel) -> None:
    before = panel.state
    for junk in ("x", None, 5, object()):
        panel.handle(junk)
        assert panel.messages.kind == "error" and panel.messages.text.endswith(".")
    assert panel.state == before


def test_the_constructor_refuses_bad_arguments() -> None:
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

    for kwargs, words in [
        ({"bot": "clever"}, "The bots are"),
        ({"bot": ["perfect"]}, "The bots are"),
        ({"hot_seat": "yes"}, "True or False"),
        ({"seed": 1.5}, "seed"),
        ({"target": 0}, "target"),
        ({"loop_rule": None}, "loop_rule"),
    ]:
        with pytest.raises(ValueError, match=words):
            AbsolutelyAcesPanel(save=False, **kwargs)


@pytest.mark.parametrize("method", ["pick", "play_card", "play_pair", "show_tree", "new_game"])
@given(junk=JUNK)
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_every_public_method_refuses_bad_arguments_in_words(panel, method, junk) -> None:
    before = panel.state
    done = getattr(panel, method)(junk)
    if not done or method == "show_tree":
        assert panel.messages.text == "" or panel.messages.text.endswith((".", "?"))
    if not done and method != "show_tree":
        assert panel.state == before


@given(seed=st.integers(0, 10**6), moves=st.integers(0, 40))
@settings(max_examples=25, deadline=None)
@example(seed=11962, moves=20)  # the match is won before the moves run out
def test_against_the_bot_nothing_shown_names_its_hand_before_the_picks(seed, moves) -> None:
    """Not a zone, control, status or prompt of the table, nor the log of this round, until
    both picks are shown (the faces of all twelve cards are sent once, whatever happens)."""
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

    panel = AbsolutelyAcesPanel(seed=seed, bot="greedy", target=50, save=False)
    rng = derive_rng("panel leak", seed)
    for _ in range(moves):  # play on to the pick of a later round, or a go
        legal = GAME.legal_moves(panel.state)
        if not legal:
            return  # the match is over
        move = legal[random_index(rng, len(legal))]
        if isinstance(move, Pick):
            panel.pick(move.card)
        else:
            panel.play_pair(move.type) if isinstance(move, PlayPair) else panel.play_card(move.card)
    while panel.state.phase is Phase.PLAY:
        move = GAME.legal_moves(panel.state)[0]
        panel.play_pair(move.type) if isinstance(move, PlayPair) else panel.play_card(move.card)
    if panel.state.phase is Phase.OVER:
        return
    state, start = panel.state, len(panel.log.entries)
    text = shown_text(panel, start)
    assert not [code for code in (*state.hands[1], *state.out) if mentions(text, code)]
    assert [c["face"] for c in _zone(panel, "them")["cards"]] == ["back"] * 5
    panel.pick(state.hands[0][0])
    if panel.state.phase is Phase.PLAY:  # both picks shown: the bot's hand is open
        assert all(c["face"] != "back" for c in _zone(panel, "them")["cards"])


def test_the_tree_at_the_pick_shows_the_equilibrium_for_your_own_hand() -> None:
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel
    from acelab.absolutely_aces.pick import equilibrium
    from acelab.absolutely_aces.table_view import pick_badge

    panel = AbsolutelyAcesPanel(seed=85, save=False)
    panel.show_tree(True)
    hand = panel.state.hands[0]
    chances, values = equilibrium().strategy(hand), equilibrium().card_values(hand)
    badges = {c["key"]: c["badge"] for c in _zone(panel, "hand")["cards"]}
    assert badges == {c: pick_badge(chances[c], values[c]) for c in hand}
    assert badges["S7"] == "always · +3.9"
    assert [c["face"] for c in _zone(panel, "them")["cards"]] == ["back"] * 5
    assert not [code for code in panel.state.hands[1] if mentions(shown_text(panel, 0), code)]
    assert panel.pick("S7") and panel.state.phase is Phase.PLAY  # then the tree of the round
    badges = [c["badge"] for c in _zone(panel, "hand")["cards"]]
    assert any(badges) and all(re.fullmatch(r"(win|lose) \d+|loop|", b) for b in badges)


def test_a_refused_strategies_file_is_said_once(monkeypatch) -> None:
    from acelab.absolutely_aces import pick
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

    monkeypatch.setattr(pick, "EQUILIBRIUM_FILE", "nothing_here.json.gz")
    pick._shipped_equilibrium.cache_clear()
    try:
        panel = AbsolutelyAcesPanel(seed=85, save=False, target=50)
        panel.show_tree(True)
        assert all(c["badge"] == "" for c in _zone(panel, "hand")["cards"])
        panel.pick("S7")
        said = panel.messages.text
        assert "nothing_here.json.gz is missing" in said and "simple rule" in said
        assert "Bot goes first" in panel.log.entries[1]  # the rule picks the Joker, H12
        panel.messages.clear()
        while panel.state.phase is not Phase.PICK:
            legal = GAME.legal_moves(panel.state)
            move = legal[0]
            panel.play_pair(move.type) if isinstance(move, PlayPair) else panel.play_card(move.card)
        panel.pick(panel.state.hands[0][0])
        assert "nothing_here" not in panel.messages.text
    finally:
        pick._shipped_equilibrium.cache_clear()


def _zone(panel, key: str) -> dict:
    return next(z for z in panel.table.zones if z["key"] == key)

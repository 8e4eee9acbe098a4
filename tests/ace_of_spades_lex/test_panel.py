"""The Lex Ace of Spades panel on the card table, driven by gestures and from Python."""

from __future__ import annotations

import inspect
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.ace_of_spades_lex import AceOfSpadesLex, Draw, Phase
from acelab.ace_of_spades_lex.panel import LexPanel
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


def test_the_store_keeps_only_what_the_device_may_hear() -> None:
    """The progress store is given each move's events through Game.visible_events (issue 24
    item 3): a card a bot drew and kept is not named in what is saved."""
    panel = LexPanel(seed=4, players=3, pause=0)
    assert panel.draw() and panel.draw()
    saved = panel.store.in_progress("ace_of_spades_lex")
    heard = tuple(panel.heard_game())
    assert saved is not None and saved.events == heard
    assert heard != tuple(panel.events), "a bot kept a card it drew: the check would see a leak"
    assert heard == tuple(GAME.visible_events(events, 0) for events in panel.events)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"seed": 1.5}, "seed"),
        ({"seed": 10**30}, "seed"),
        ({"players": "4"}, "2 to 6 players"),
        ({"players": 9}, "2 to 6 players"),
        ({"hot_seat": "yes"}, "hot_seat is True or False"),
        ({"auto": None}, "auto is True or False"),
        ({"pause": -1}, "pause"),
        ({"pause": 1e9}, "pause"),
        ({"bots": "heuristic"}, "bot"),
        ({"bots": [3]}, "function"),
    ],
)
def test_a_panel_refuses_bad_options(options: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        LexPanel(**options)  # type: ignore[arg-type]


def test_panel_methods_refuse_bad_arguments_in_words_and_change_nothing() -> None:
    panel = LexPanel(seed=6, players=3, pause=0, save=False)
    before = panel.state
    for call, words in (
        (lambda: panel.answer("yes"), "use is True or False"),  # type: ignore[arg-type]
        (lambda: panel.step_bots(0), "1 to 10,000"),
        (lambda: panel.step_bots(10**30), "1 to 10,000"),
        (lambda: panel.run_bots(pause="x"), "pause"),  # type: ignore[arg-type]
        (lambda: panel.restart(0), "not a state"),  # type: ignore[arg-type]
        (lambda: panel.restart(GAME.new_state(1, players=2)), "3 seats"),
    ):
        with pytest.raises(ValueError, match=words):
            call()
        assert panel.state is before
    # a bad seed is shown next to New game, never raised (issue 24), like every panel's
    assert not panel.new_game(seed=[1]) and "seed" in panel.messages.text  # type: ignore[arg-type]
    assert not panel.ask_new_game(seed=2.5) and "seed" in panel.messages.text  # type: ignore[arg-type]
    assert panel.state is before
    panel.handle("x")  # type: ignore[arg-type]
    assert panel.messages.text == "That is not a gesture on the card table."
    assert not panel.steal("x") and "no player 'x'" in panel.messages.text  # type: ignore[arg-type]
    assert not panel.nuke(1, sixes="2") and panel.state is before  # type: ignore[arg-type]


ARGUMENTS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 8)
    | st.integers(10**6, 10**30)
    | st.floats(allow_nan=True).filter(lambda x: not 0 < x <= 10)
    | st.text(max_size=8)
    | st.lists(st.integers(), max_size=2)
)
CALLS = (
    "draw",
    "steal",
    "stop",
    "nuke",
    "deal",
    "answer",
    "deuce",
    "end_turn",
    "pass_turn",
    "step_bots",
    "run_bots",
    "reveal",
    "new_game",
    "undo",
    "go_back",
    "play",
    "keep_playing",
)
PANEL: list[LexPanel] = []


def arity(name: str) -> tuple[int, int]:
    """How many positional arguments ``LexPanel.<name>`` takes: at least, at most."""
    params = list(inspect.signature(getattr(LexPanel, name)).parameters.values())[1:]
    required = sum(1 for p in params if p.default is inspect.Parameter.empty)
    return required, len(params)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(CALLS), st.data())
def test_every_panel_method_answers_or_refuses_in_words(name: str, data: st.DataObject) -> None:
    least, most = arity(name)
    args = data.draw(st.lists(ARGUMENTS, min_size=least, max_size=most))
    if not PANEL:
        PANEL.append(LexPanel(seed=9, players=3, pause=0, save=False))
    panel = PANEL[0]
    before = panel.state
    try:
        answer = getattr(panel, name)(*args)
    except ValueError as error:
        assert str(error).endswith(".") and panel.state is before
    else:
        assert isinstance(answer, bool)
        assert not panel.table.errors

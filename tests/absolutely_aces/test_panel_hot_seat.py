"""The hot seat: two people at one device. The secret pick is made behind a "pass the device"
screen, and no trait of the table (zones, controls, status, prompt) nor the log mentions the
first pick until the second one is made; then both are shown and the round plays on."""

import pytest

from acelab.absolutely_aces import AbsolutelyAces, Phase, Pick, PlayPair
from acelab.absolutely_aces.table_view import REVEAL
from acelab.widgets.wording import assert_good_wording
from tests.absolutely_aces.helpers import mentions, shown_text

GAME = AbsolutelyAces()
SEED = 85  # Player 1 holds 1♠ 2♥ 3♠ 7♠ 10♥; Player 2 holds 5♠ 6♥ 8♥ 9♠ 12♥


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))


def hot_seat(seed=SEED):
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

    return AbsolutelyAcesPanel(seed=seed, hot_seat=True, save=False)


def words(panel) -> list[str]:
    table = panel.table
    return [
        table.prompt,
        table.status["text"],
        *(c["label"] for c in table.controls),
        *(z["label"] for z in table.zones),
        *(z.get("note", "") for z in table.zones),
        *panel.log.entries,
    ]


@pytest.mark.parametrize("first", range(5))
def test_no_trait_mentions_the_first_pick_until_the_second_is_made(first) -> None:
    panel = hot_seat()
    one, two = panel.state.hands
    assert panel.pick(one[first])
    assert not mentions(shown_text(panel), one[first])  # the pass-the-device screen
    assert panel.reveal()
    assert not mentions(shown_text(panel), one[first])  # Player 2 at the device
    assert panel.pick(two[first])
    assert panel.state.phase is Phase.PLAY
    after = shown_text(panel)
    assert mentions(after, one[first]) and mentions(after, two[first])
    assert "picks shown" in panel.log.entries[-1]


def test_the_pass_the_device_screen_shows_no_hand_and_waits_for_player_2() -> None:
    panel = hot_seat()
    table = panel.table
    zone = {z["key"]: z for z in table.zones}
    assert [c["key"] for c in zone["hand"]["cards"]] == list(panel.state.hands[0])
    assert all(c["face"] == "back" for c in zone["them"]["cards"])  # the other hand face down
    assert table.prompt.startswith("Player 1, pick a card in secret")
    assert panel.pick("S7")
    assert panel.hidden and panel.viewer == 1
    assert all(not z["cards"] for z in table.zones if z["key"] in ("hand", "them"))
    assert [c["key"] for c in table.controls] == [REVEAL, "new"]
    assert table.controls[0]["label"] == "I am Player 2 — show my cards"
    assert table.prompt == "Pass the device to Player 2, then press the button."
    before = panel.state
    assert not panel.pick("H8")  # nobody picks before Player 2 shows their cards
    assert "Pass the device" in panel.messages.text and panel.state == before
    panel.table.gesture({"kind": "card", "card": "H8", "zone": "hand", "seq": 1})
    assert panel.state == before
    panel.table.gesture({"kind": "control", "zone": REVEAL, "seq": 2})
    assert not panel.hidden
    zone = {z["key"]: z for z in table.zones}
    assert [c["key"] for c in zone["hand"]["cards"]] == list(before.hands[1])
    assert all(c["face"] == "back" for c in zone["them"]["cards"])
    assert not any(c.get("badge") == "picked" for z in table.zones for c in z["cards"])
    assert not panel.reveal()  # already shown
    panel.table.gesture({"kind": "card", "card": "H8", "zone": "hand", "seq": 3})
    assert panel.history[-1][1] == Pick(1, "H8") and panel.state.phase is Phase.PLAY
    # 8♥ beats 7♠: Player 2 goes first, with the 7♠ to answer; both hands are open again.
    zone = {z["key"]: z for z in table.zones}
    assert panel.viewer == 1 and [c["key"] for c in zone["your_reserve"]["cards"]] == ["S7"]
    assert [c["key"] for c in zone["them"]["cards"]] == ["S1", "H2", "S3", "H10"]
    for text in words(panel):
        assert_good_wording(text)


def test_every_later_round_is_picked_behind_the_screen_too() -> None:
    panel = hot_seat(seed=4)  # Player 2 ends round 1, so round 2 begins with a screen too
    seen_rounds, screens = set(), []
    for _ in range(200):
        state = panel.state
        if GAME.is_over(state) or len(seen_rounds) >= 4:
            break
        if panel.hidden:
            assert all(not z["cards"] for z in panel.table.zones if z["key"] in ("hand", "them"))
            screens.append((state.round, panel.table.prompt))
            assert panel.reveal()
        elif state.phase is Phase.PICK:
            picker = GAME.to_move(state)
            assert panel.viewer == picker
            if picker == 0 or state.picks[0] is None:
                seen_rounds.add(state.round)
            card = state.hands[picker][-1]
            assert panel.pick(card)
            if panel.state.phase is Phase.PICK:  # the other still has to pick
                this_round = len(panel.log.entries) - 1
                assert panel.hidden and not mentions(shown_text(panel, this_round), card)
                screens.append((state.round, panel.table.prompt))
                assert panel.reveal() and not mentions(shown_text(panel, this_round), card)
        else:
            assert panel.viewer == state.mover and not panel.hidden
            move = GAME.legal_moves(state)[0]
            pair = isinstance(move, PlayPair)
            assert panel.play_pair(move.type) if pair else panel.play_card(move.card)
        for text in words(panel):
            assert_good_wording(text)
    assert seen_rounds == {1, 2, 3, 4}
    to = "Pass the device to Player {}, then press the button."
    assert screens == [
        (1, to.format(2)),
        (2, to.format(1)),
        (2, to.format(2)),
        (3, to.format(2)),
        (4, to.format(2)),
    ]


def test_a_bot_panel_is_unchanged_by_the_hot_seat() -> None:
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

    panel = AbsolutelyAcesPanel(seed=SEED, save=False)
    assert not panel.hot_seat and panel.pick("S7") and not panel.hidden
    assert panel.log.entries[0].startswith("You picked 7♠")
    assert panel.log.entries[1].startswith("Bot picked; picks shown: 7♠ Climb and")


def test_a_resumed_hot_seat_puts_the_screen_back_up() -> None:
    from acelab.absolutely_aces.panel import AbsolutelyAcesPanel

    first = AbsolutelyAcesPanel(seed=4, hot_seat=True)
    assert first.pick("S9") and first.hidden
    again = AbsolutelyAcesPanel(seed=4, hot_seat=True)
    assert again.offer is not None and not again.hidden
    assert again.resume()
    assert again.hidden and again.viewer == 1 and again.state == first.state
    assert again.table.prompt == "Pass the device to Player 2, then press the button."
    assert not mentions(shown_text(again), "S9")

"""The Ace of Spades panel on the card table, driven by clicks (gestures) and from Python."""

from __future__ import annotations

import random

import pytest
from hypothesis import given

from acelab.ace_of_spades.bots import strong_bot
from acelab.ace_of_spades.moves import (
    DiscardDraw,
    PlayHand,
    Renew,
    SpadesMove,
    TakeFromDiscard,
    UseBenefit,
)
from acelab.ace_of_spades.panel import AceOfSpadesPanel
from acelab.ace_of_spades.table_view import preview
from acelab.widgets.view_model import BACK
from acelab.widgets.wording import assert_good_wording
from tests.ace_of_spades.helpers import FUZZ, JUNK, answers_or_refuses


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))


def tap(panel: AceOfSpadesPanel, kind: str, card=None, zone=None) -> bool:
    content = {"kind": kind, "card": card, "zone": zone, "seq": panel.table.settled + 1}
    return panel.table.gesture({**content, "confirmed": True})


def zone(panel: AceOfSpadesPanel, key: str) -> dict:
    return next(z for z in panel.table.zones if z["key"] == key)


def click_move(panel: AceOfSpadesPanel, move: SpadesMove) -> None:
    """Make ``move`` by clicks only: choose its cards, then press its button."""
    if panel.hidden:
        assert tap(panel, "control", zone="reveal")
    if isinstance(move, TakeFromDiscard):
        assert tap(panel, "card", card=f"pile:{move.card}", zone="discard")
        return
    assert tap(panel, "control", zone="clear")
    for card in getattr(move, "cards", ()):
        assert tap(panel, "card", card=str(card), zone="hand")
    if isinstance(move, PlayHand):
        if move.declare:
            assert tap(panel, "control", zone=f"declare:{move.declare}")
        tap(panel, "control", zone="play")
    elif isinstance(move, DiscardDraw):
        tap(panel, "control", zone="discard")
    elif isinstance(move, Renew):
        tap(panel, "control", zone="renew")
    elif isinstance(move, UseBenefit):
        tap(panel, "control", zone=f"benefit:{move.enemy}")


def bot_by_clicks(panel: AceOfSpadesPanel, seed: int, until_level: int = 99) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        if panel.game.is_over(panel.state) or panel.state.level >= until_level:
            return
        if panel.hidden:
            assert tap(panel, "control", zone="reveal")
        moves = panel.game.legal_moves(panel.state)
        before = len(panel.history)
        click_move(panel, strong_bot(panel.view, moves, rng))
        assert len(panel.history) > before, panel.table.status_text
        assert not panel.table.errors


def test_a_seeded_solitaire_duel_is_won_by_clicks() -> None:
    panel = AceOfSpadesPanel(seed=1, difficulty="normal")
    first = panel.state.enemy.name
    bot_by_clicks(panel, 1, until_level=1)
    assert panel.state.level == 1
    assert first in zone(panel, "defeated")["spoken"]
    assert any("is beaten" in entry for entry in panel.log.entries)


def test_the_live_preview_names_the_combination_and_its_bonus() -> None:
    panel = AceOfSpadesPanel(seed=1, save=False)
    assert [str(c) for c in panel.view.hand][:2] == ["KC", "KH"]
    for card in ("KC", "KH", "9S", "9H", "2C"):
        assert tap(panel, "card", card=card, zone="hand")
    assert zone(panel, "hand")["note"] == "Two pair: 2 + 2 for K♣ K♥ = 4 damage"
    assert {c["key"] for c in zone(panel, "hand")["cards"] if c["highlighted"]} == {
        "KC",
        "KH",
        "9S",
        "9H",
        "2C",
    }
    declares = [c["key"] for c in panel.table.controls if c["group"] == "Declare as"]
    assert declares == ["declare:two_pair", "declare:pair"]
    assert tap(panel, "control", zone="declare:pair")
    assert zone(panel, "hand")["note"] == "Pair: 1 + 2 for K♣ K♥ = 3 damage"
    assert tap(panel, "card", card="KC", zone="hand")  # click again: put back
    assert "KC" not in panel.chosen
    assert preview(panel.view, ()) == ""


def test_refused_moves_show_the_engines_sentence() -> None:
    panel = AceOfSpadesPanel(seed=1, save=False)
    for card in [str(c) for c in panel.view.hand][:6]:
        tap(panel, "card", card=card, zone="hand")
    assert "at most 5" in zone(panel, "hand")["note"]
    tap(panel, "control", zone="play")
    assert panel.table.status["kind"] == "error" and panel.table.status_text
    assert not panel.history
    # a Poor Hand while a pair exists
    assert tap(panel, "control", zone="clear")
    for card in ("KC", "9S", "2C", "4H", "8D"):
        tap(panel, "card", card=card, zone="hand")
    tap(panel, "control", zone="play")
    assert panel.table.status["kind"] == "error" and "pair" in panel.table.status_text.lower()
    # discarding at 0
    for _ in range(panel.state.discards_dial):
        assert panel.discard(
            "2C" if "2C" in map(str, panel.view.hand) else str(panel.view.hand[-1])
        )
    assert panel.state.discards_dial == 0
    tap(panel, "control", zone="clear")
    tap(panel, "card", card=str(panel.view.hand[0]), zone="hand")
    tap(panel, "control", zone="discard")
    assert panel.table.status["kind"] == "error" and panel.table.status_text
    assert not panel.table.errors


def _faces_in_traits(panel: AceOfSpadesPanel) -> str:
    traits = [panel.table.zones, panel.table.controls, panel.table.status, panel.table.prompt]
    return repr(traits)


def test_the_co_op_hand_over_shows_neither_hand() -> None:
    panel = AceOfSpadesPanel(seed=3, players=2, save=False)
    assert panel.hidden
    hands = [card for hand in panel.state.hands for card in hand]

    def leaks() -> list[str]:
        text = _faces_in_traits(panel)
        return [c.symbol for c in hands if f"'{c}'" in text or c.symbol in text or c.name in text]

    assert leaks() == []
    assert tap(panel, "control", zone="reveal")
    mine = panel.state.hands[panel.viewer]
    shown = {c["face"] for c in zone(panel, "hand")["cards"]}
    assert shown == {str(c) for c in mine}
    other = panel.state.hands[1 - panel.viewer]
    assert not {str(c) for c in other} & {c["face"] for z in panel.table.zones for c in z["cards"]}
    assert len(zone(panel, "shared")["cards"]) == 3
    hints = [c for c in panel.table.controls if c["group"] == "Tell your partner"]
    assert len(hints) == 3 + 3
    assert tap(panel, "control", zone="hint:0")
    rng = random.Random(0)
    for _ in range(10):  # a turn may Discard first; it ends with a Hand
        if panel.hidden:
            break
        click_move(panel, strong_bot(panel.view, panel.game.legal_moves(panel.state), rng))
    assert panel.hidden
    hands = [card for hand in panel.state.hands for card in hand]
    assert leaks() == []
    assert "not going to be able to do much damage" in panel.table.prompt
    assert tap(panel, "control", zone="reveal")
    assert "Your partner says" in panel.table.prompt


def test_a_bot_partner_plays_its_own_turns() -> None:
    panel = AceOfSpadesPanel(seed=3, players=2, partner="bot", save=False)
    assert not panel.hidden and panel.game.to_move(panel.state) == 0
    bot_by_clicks(panel, 3, until_level=1)
    assert any(entry.startswith("Bot partner") for entry in panel.log.entries)


def test_hard_difficulty_shows_no_discard_pile_card() -> None:
    panel = AceOfSpadesPanel(seed=1, difficulty="hard", save=False)
    panel.discard(str(panel.view.hand[-1]))
    assert panel.state.discard
    pile = zone(panel, "discard")
    assert pile["cards"] == [] and "hidden on Hard" in pile["note"]
    assert zone(panel, "deck")["cards"][0]["face"] == BACK
    normal = AceOfSpadesPanel(seed=1, save=False)
    normal.discard(str(normal.view.hand[-1]))
    assert [c["face"] for c in zone(normal, "discard")["cards"]] == [str(normal.state.discard[-1])]


def test_new_game_asks_first_and_difficulty_buttons_start_one() -> None:
    panel = AceOfSpadesPanel(seed=1, save=False)
    panel.discard("8D")
    new = next(c for c in panel.table.controls if c["key"] == "new")
    assert new["confirm"]
    assert panel.table.gesture({"kind": "control", "zone": "new", "seq": 99})
    assert panel.history  # not confirmed: asked, nothing lost
    assert tap(panel, "control", zone="difficulty:hard")
    assert panel.state.difficulty == "hard" and not panel.history


def test_achievements_are_kept_in_the_store_and_listed() -> None:
    panel = AceOfSpadesPanel(seed=1)
    bot_by_clicks(panel, 1, until_level=2)
    names = panel.achievements()
    assert zone(panel, "achievements")["note"] == (" · ".join(names) if names else "none yet")


@pytest.mark.parametrize("seed", [2, 5])
def test_the_wording_of_bot_driven_games(seed: int) -> None:
    panel = AceOfSpadesPanel(seed=seed, players=1 + seed % 2, save=False)
    bot_by_clicks(panel, seed)
    texts = [*panel.table_view().texts(), *panel.log.entries, panel.table.status_text]
    for text in texts:
        assert_good_wording(text)


def test_a_game_in_progress_is_offered_again_and_resumed() -> None:
    first = AceOfSpadesPanel(seed=11, players=2)
    assert tap(first, "control", zone="reveal")
    first.discard(str(first.view.hand[0]))
    again = AceOfSpadesPanel(seed=11, players=2)
    assert again.offer is not None
    assert tap(again, "control", zone="resume:yes")
    assert again.moves == first.moves and again.hidden  # the hot seat asks who is there
    assert again.state == first.state


def test_while_an_effect_searches_the_pile_a_click_takes_a_card_even_on_hard() -> None:
    from dataclasses import replace

    from acelab.ace_of_spades.state import Phase

    panel = AceOfSpadesPanel(seed=1, difficulty="hard", save=False)
    panel.discard("8D")
    panel.state = replace(panel.state, phase=Phase.SEARCH, searching=1)
    panel.refresh()
    pile = zone(panel, "discard")
    assert [c["key"] for c in pile["cards"]] == ["pile:8D"] and pile["highlighted"]
    assert tap(panel, "card", card="KC", zone="hand")
    assert panel.table.status_text == "First take a card from the discard pile."
    assert tap(panel, "card", card="pile:8D", zone="discard")
    assert "took 8♦ from the discard pile" in panel.log.entries[-1]
    assert "8D" in map(str, panel.view.hand)


def test_the_named_bad_calls_refuse_in_words_and_change_nothing() -> None:
    panel = AceOfSpadesPanel(seed=1, save=False)
    state = panel.state
    assert panel.hint(("AS",)) is False  # type: ignore[arg-type]
    assert panel.table.status == {"text": "Choose one of the phrases shown.", "kind": "error"}
    panel.handle("x")  # type: ignore[arg-type]
    assert panel.table.status_text == "That is not a gesture on the card table."
    assert panel.choose("ZZ") is False and panel.chosen == []
    assert panel.choose("AS" if "AS" not in map(str, panel.view.hand) else "2C") is False
    assert panel.new_game(seed=10**30) is False and "billion billion" in panel.table.status_text
    assert panel.set_difficulty("medium") is False
    assert panel.play_hand(cards=7) is False and "like 'AS KD'" in panel.table.status_text
    assert panel.state is state and not panel.history
    with pytest.raises(ValueError, match="not an Ace of Spades state"):
        panel.restart(0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seats 1 player"):
        panel.restart(panel.game.new_state(3, players=2))
    assert panel.state is state
    panel.refresh()
    for name, bad in (("seed", 1.5), ("difficulty", "medium"), ("players", 3), ("partner", "cat")):
        with pytest.raises(ValueError, match=name):
            AceOfSpadesPanel(**{"save": False, name: bad})  # type: ignore[arg-type]


PANEL_METHODS = (
    "choose",
    "declare",
    "hint",
    "play_hand",
    "discard",
    "use_benefit",
    "take",
    "new_game",
    "set_difficulty",
    "handle",
    "restart",
    "undo",
    "go_back",
    "play",
    "ask_new_game",
)


@FUZZ
@given(JUNK)
def test_every_panel_method_answers_or_refuses_anything(value: object) -> None:
    panel = AceOfSpadesPanel(seed=2, save=False)
    for name in PANEL_METHODS:
        state = panel.state
        before = (state, len(panel.history))
        answers_or_refuses(getattr(panel, name), value)
        if panel.table.status["kind"] == "error":
            assert (panel.state, len(panel.history)) == before
            assert panel.table.status_text.endswith((".", "!")), panel.table.status_text


def test_escape_puts_the_chosen_cards_back() -> None:
    panel = AceOfSpadesPanel(seed=7, save=False)
    for card in panel.view.available[:3]:
        tap(panel, "card", card=str(card))
    assert len(panel.chosen) == 3
    state = panel.state
    tap(panel, "cancel", card=str(panel.view.available[2]))
    assert panel.chosen == [] and panel.state is state

"""The table drawn from one player's view (pure: no widgets): the damage preview, the declare
buttons, the hidden discard pile, the co-op zones and the pass-the-device screen."""

from __future__ import annotations

from dataclasses import replace

import pytest

from acelab.ace_of_spades.scoring import damage
from acelab.ace_of_spades.state import Phase
from acelab.ace_of_spades.table_view import (
    HINTS,
    TableOptions,
    declarable,
    describe_damage,
    ending,
    phrases,
    preview,
    spades_table,
)
from acelab.widgets.view_model import TableView
from tests.ace_of_spades.helpers import EIGHT, GAME, arrange

VIEW = GAME.observation(arrange(EIGHT, discard="3C"), 0)


def zones(table: TableView) -> dict[str, object]:
    return {zone.key: zone for zone in table.zones}


def test_the_preview_names_the_combination_and_its_bonus() -> None:
    assert preview(VIEW, ("2S", "2H", "2D", "KS", "KC")) == "Full house: 6 + 2 for K♠ K♣ = 8 damage"
    easy = replace(VIEW, difficulty="easy")  # fewer than 5 cards make a Hand on Easy only
    assert preview(easy, ("2S", "2H", "7C")) == "Pair (2♠ 2♥): 1 damage"
    assert VIEW.difficulty == "normal"  # issue 27: at Normal the preview says what is missing
    assert preview(VIEW, ("2S", "2H", "7C")) == "A Hand has 5 cards, not 3: choose 2 more."
    assert preview(VIEW, ()) == "" and preview(VIEW, ("AS",)) == ""
    assert preview(VIEW, ("2S", "2H", "2D", "KS", "KC", "7C")) == (
        "6 cards chosen: a Hand is at most 5."
    )
    assert preview(VIEW, ("2S", "7C"), declare="flush") == "2S 7C holds no flush to declare."
    assert describe_damage(damage("2S 5H 9D JC 3H")) == "Poor Hand: 0 damage"


def test_a_lesser_combination_may_be_declared() -> None:
    assert declarable(VIEW, ("2S", "2H", "2D", "KS", "KC")) == (
        "full_house",
        "three_of_a_kind",
        "two_pair",
        "pair",
    )
    assert declarable(VIEW, ("2S", "2H", "7C")) == ()  # one choice: nothing to declare


def test_the_solitaire_table() -> None:
    table = spades_table(VIEW, TableOptions(chosen=("2S",), seed="7"))
    found = zones(table)
    assert list(found) == ["enemy", "deck", "discard", "hand", "defeated", "achievements"]
    hand = found["hand"]
    assert [c.face for c in hand.cards] == [str(c) for c in VIEW.hand]  # type: ignore[attr-defined]
    assert [c.key for c in hand.cards if c.highlighted] == ["2S"]  # type: ignore[attr-defined]
    keys = [c.key for c in table.controls]
    assert keys[:5] == ["play", "discard", "renew", "clear", "undo"]
    assert (
        table.prompt.startswith("Choose 5 cards and Play Hand")
        and "(Seed 7, Normal.)" in table.prompt
    )


def test_hard_hides_the_discard_pile() -> None:
    hard = GAME.observation(arrange(EIGHT, discard="3C", difficulty="hard"), 0)
    pile = zones(spades_table(hard, TableOptions()))["discard"]
    assert pile.cards == () and pile.note == "hidden on Hard"  # type: ignore[attr-defined]
    searching = replace(hard, phase=Phase.SEARCH, searching=1, discard=hard.discard or ())
    table = spades_table(searching, TableOptions())
    assert "Take 1 card(s) from the discard pile" in table.prompt


def test_co_op_shows_the_shared_cards_the_partner_count_and_the_phrases() -> None:
    state = arrange("2S 2H 7C 9D 4H", partner="KS KC 3C 5C 6C", shared="2D 8H 10H", players=2)
    view = GAME.observation(state, 0)
    names = ("Ann", "Bo")
    found = zones(spades_table(view, TableOptions(names=names)))
    assert len(found["shared"].cards) == 3  # type: ignore[attr-defined]
    assert found["partner"].label == "Bo" and found["partner"].count == 5  # type: ignore[attr-defined]
    assert phrases(view) == (
        *HINTS,
        *(f"I would like to use the {s} in the shared cards." for s in ("2♦", "8♥", "10♥")),
    )


def test_the_pass_screen_shows_no_hand() -> None:
    state = arrange("2S 2H 7C 9D 4H", partner="KS KC 3C 5C 6C", shared="2D 8H 10H", players=2)
    table = spades_table(GAME.observation(state, 0), TableOptions(hidden=True, next_name="Bo"))
    assert [z.key for z in table.zones] == ["enemy", "pass"]
    assert [c.key for c in table.controls] == [
        "reveal"
    ] and "Pass the device to Bo." in table.prompt


def test_anything_but_a_view_is_refused() -> None:
    with pytest.raises(ValueError, match="view"):
        spades_table("view", TableOptions())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="TableOptions"):
        spades_table(VIEW, {})  # type: ignore[arg-type]


def test_an_empty_deck_is_an_empty_slot_and_a_discard_then_asks_naming_renew() -> None:
    view = GAME.observation(arrange(EIGHT, deck_size=0, discard="3C"), 0)
    table = spades_table(view, TableOptions(chosen=("2S",)))
    deck = zones(table)["deck"]
    assert deck.cards == () and deck.note == "empty"  # type: ignore[attr-defined]
    assert "acelab-t-slot" in deck.css.split()  # type: ignore[attr-defined]  # drawn, not compact
    assert "Renew" in table.control("discard").confirm
    full = spades_table(VIEW, TableOptions(chosen=("2S",)))
    assert zones(full)["deck"].cards and full.control("discard").confirm == ""  # type: ignore[attr-defined]


def test_the_end_says_who_won_by_how_much_and_why() -> None:
    from acelab.engine import Outcome

    reason = "The Hands dial is at 0 and Rusty, the Tin Bandit still stands: you lose."
    lost = replace(VIEW, outcome=Outcome((), reason), life=3)
    said = ending(lost)
    assert said.startswith(f"You lose at level {VIEW.level}: {VIEW.enemy.name} still has 3 life")
    assert said.endswith(" and the Hands dial is at 0.") and said.count("Rusty") <= 1
    table = spades_table(lost, TableOptions())
    assert table.prompt.startswith(said) and zones(table)["hand"].note == ""  # type: ignore[attr-defined]
    won = replace(VIEW, outcome=Outcome((0,), "Lord Overkill is beaten: you win!"))
    assert ending(won) == f"You win: all 12 levels beaten, {VIEW.enemy.name} last."


def test_after_the_game_no_card_is_usable_and_new_game_is_the_main_button() -> None:
    """At the end the hand is only looked at (the keyboard goes to New game, not to a card)."""
    from acelab.engine import Outcome

    state = arrange("2S 2H 7C 9D 4H", partner="KS KC 3C 5C 6C", shared="2D 8H 10H", players=2)
    for view in (VIEW, GAME.observation(state, 0)):
        options = TableOptions(names=("Ann", "Bo"))
        playing = spades_table(view, options)
        assert playing.card("2S").movable and playing.control("new").style == "default"
        won = replace(view, outcome=Outcome((0,), "Lord Overkill is beaten: you win!"))
        table = spades_table(won, options)
        assert not [c.key for z in table.zones for c in z.cards if c.movable]
        assert table.control("new").style == "primary"

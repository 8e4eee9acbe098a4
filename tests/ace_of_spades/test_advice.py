"""Unused benefits offered when they would help the chosen cards, and only then (pure: from a
player's view), and the table shows the advice with the benefit's button."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.ace_of_spades.advice import Advice, benefit_advice
from acelab.ace_of_spades.bots import strong_bot
from acelab.ace_of_spades.in_force import view_modifiers
from acelab.ace_of_spades.scoring import damage
from acelab.ace_of_spades.table_view import TableOptions, spades_table
from tests.ace_of_spades.helpers import GAME, arrange
from tests.support import sized
from tests.widgets.test_panel_wording import check_text

HAND = "2S 2H 7C 9D 4H 5C 8D 10S"
PAIR = ("2S", "2H", "7C", "9D", "4H")


def advice(chosen: tuple[str, ...], hand: str = HAND, **fields: object) -> Advice | None:
    found = benefit_advice(GAME.observation(arrange(hand, **fields), 0), chosen)  # type: ignore[arg-type]
    if found is not None:
        check_text(found.text)  # reads well: no internal id, nothing said twice
    return found


def test_a_next_hand_bonus_that_makes_the_hand_beat_the_enemy_is_offered() -> None:
    fields = {"level": 2, "enemies": {1: "banjo-bart", 2: "gravel-gertie"}}
    hand, three = "KS KH KD 7C 9D 4H 5C 8D", ("KS", "KH", "KD", "7C", "9D")
    assert damage(" ".join(three)).total + 3 >= 9 > damage(" ".join(three)).total
    assert advice(three, hand, benefits=("banjo-bart",), **fields) == Advice(
        "banjo-bart", "Banjo Bart's benefit would make this Hand beat Gravel Gertie: use it?"
    )
    # +3 is not enough for a pair of kings (3 damage): quiet
    assert advice(("KS", "KH", "7C", "9D", "4H"), hand, benefits=("banjo-bart",), **fields) is None
    # a Hand that beats the Enemy on its own: quiet
    assert advice(three, hand, benefits=("banjo-bart",), level=2, life=6) is None


def test_one_more_hand_is_offered_on_the_last_hand_only() -> None:
    fields = {"level": 2, "enemies": {1: "dusty-pete"}, "benefits": ("dusty-pete",)}
    found = advice(PAIR, hands_dial=1, **fields)
    assert found is not None and found.enemy == "dusty-pete"
    assert found.text.startswith("This last Hand would leave ") and found.text.endswith(
        "and Dusty Pete's benefit would give you one more Hand: use it?"
    )
    assert advice(PAIR, hands_dial=2, **fields) is None


def test_a_card_searched_from_the_pile_is_offered_when_it_makes_a_winning_hand() -> None:
    fields = {"level": 2, "enemies": {1: "pickle-twins", 2: "gravel-gertie"}}
    hand, chosen = "KS KH 7C 7D 4H 5C 8D 10S", ("KS", "KH", "7C", "7D", "4H")
    found = advice(chosen, hand, discard="KD", benefits=("pickle-twins",), **fields)
    assert found is not None and "take a card from the discard pile" in found.text
    assert found.text.startswith("This Hand would leave Gravel Gertie with 5 life")
    assert advice(chosen, hand, discard="2D", benefits=("pickle-twins",), **fields) is None
    # Hard hides the pile: nothing is known about it, so nothing is said
    hidden = advice(chosen, hand, discard="KD", benefits=("pickle-twins",), difficulty="hard")
    assert hidden is None


def test_no_discards_left_offers_a_discard_for_a_short_hand_or_for_chosen_cards() -> None:
    fields = {"level": 3, "enemies": {2: "sheriff-scarecrow"}, "benefits": ("sheriff-scarecrow",)}
    short = advice(PAIR, discards_dial=0, **fields)
    assert short is not None and short.text.endswith(
        "Sheriff Scarecrow's benefit would let you Discard and Draw first: use it?"
    )
    swap = advice(("7C", "9D"), discards_dial=0, **fields)
    assert swap is not None and swap.text == (
        "You have no Discards left, but Sheriff Scarecrow's benefit gives you one more to swap"
        " the 2 chosen cards: use it?"
    )
    assert advice(("7C", "9D"), discards_dial=1, **fields) is None
    redraw = {"level": 3, "enemies": {2: "jack-in-the-cactus"}, "benefits": ("jack-in-the-cactus",)}
    free = advice(("7C",), discards_dial=0, **redraw)
    assert free is not None and "swaps the 1 chosen card for new ones, free" in free.text


def test_an_empty_deck_offers_a_free_renew() -> None:
    fields = {"level": 3, "enemies": {2: "old-man-mule"}, "benefits": ("old-man-mule",)}
    found = advice(("7C", "9D", "4H"), deck_size=0, **fields)
    assert found == Advice(
        "old-man-mule",
        "The deck is empty, so a Discard would draw nothing, but Old Man Mule's benefit shuffles"
        " the discard pile back for free: use it?",
    )
    assert advice(("7C", "9D", "4H"), **fields) is None


def test_extra_cards_are_offered_on_the_last_hand_while_the_deck_has_some() -> None:
    fields = {"level": 2, "enemies": {1: "madame-moth"}, "benefits": ("madame-moth",)}
    found = advice(PAIR, hands_dial=1, **fields)
    assert found is not None and found.text.endswith("could draw you a better Hand: use it?")
    assert advice(PAIR, hands_dial=1, deck_size=0, **fields) is None


def test_nothing_chosen_no_benefit_or_bad_arguments() -> None:
    fields = {"level": 2, "enemies": {1: "dusty-pete"}, "hands_dial": 1}
    assert advice((), benefits=("dusty-pete",), **fields) is None
    assert advice(PAIR, **fields) is None  # no unused benefit
    view = GAME.observation(arrange(HAND), 0)
    with pytest.raises(ValueError, match="view"):
        benefit_advice("view", PAIR)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="card codes"):
        benefit_advice(view, "2S 2H")  # type: ignore[arg-type]


def test_the_table_says_the_advice_with_the_benefit_button() -> None:
    state = arrange(
        HAND, level=2, enemies={1: "dusty-pete"}, benefits=("dusty-pete",), hands_dial=1
    )
    view = GAME.observation(state, 0)
    table = spades_table(view, TableOptions(chosen=PAIR))
    assert table.status.text.endswith("would give you one more Hand: use it?")
    assert table.status.action == "benefit:dusty-pete"
    assert table.control(table.status.action).label == "Use Dusty Pete"
    assert spades_table(view, TableOptions()).status.text == ""


@pytest.mark.slow
@sized("examples", 25, 100)
def test_advice_names_an_unused_benefit_and_is_quiet_when_the_hand_wins(examples: int) -> None:
    """On random games played some moves in by the strong bot (25 in make test: each plays up to
    60 moves; 100 under make soak)."""
    run = given(st.integers(0, 400), st.integers(0, 60), st.integers(0, 255))(advice_is_right)
    settings(max_examples=examples)(run)()


def advice_is_right(seed: int, moves: int, mask: int) -> None:
    state, rng = GAME.new_state(seed, difficulty="easy"), random.Random(seed)
    for _ in range(moves):
        if GAME.is_over(state):
            break
        legal = list(GAME.legal_moves(state))
        state = GAME.apply(state, strong_bot(GAME.observation(state, 0), legal, rng))
    view = GAME.observation(state, 0)
    chosen = tuple(str(c) for i, c in enumerate(view.hand[:8]) if mask >> i & 1)[:5]
    found = benefit_advice(view, chosen)
    try:
        beats = damage(chosen, None, view_modifiers(view)).total >= view.life
    except ValueError:
        beats = False
    if beats:
        assert found is None
    if found is not None:
        assert found.enemy in {e.id for e in view.benefits} and found.text.endswith(": use it?")
        check_text(found.text)


def test_the_panel_shows_the_advice_on_the_status_line_and_its_button_uses_it() -> None:
    from acelab.ace_of_spades.panel import AceOfSpadesPanel

    panel = AceOfSpadesPanel(seed=1, save=False, pause=0)
    state = arrange(
        HAND, level=2, enemies={1: "dusty-pete"}, benefits=("dusty-pete",), hands_dial=1
    )
    panel.restart(state)
    for card in PAIR:
        panel.choose(card)
    status = panel.table.status
    assert status["action"] == "benefit:dusty-pete" and status["text"].endswith("use it?")
    panel.table.gesture({"kind": "control", "zone": "benefit:dusty-pete"})
    assert panel.state.hands_dial == 2 and panel.state.benefits == ()
    assert panel.chosen == list(PAIR) and "action" not in panel.table.status  # advice gone


def test_an_empty_hand_is_offered_a_benefit_that_brings_cards() -> None:
    fields = {"level": 3, "enemies": {2: "old-man-mule"}, "benefits": ("old-man-mule",)}
    found = advice((), "", deck_size=0, **fields)
    assert found == Advice(
        "old-man-mule",
        "You have no cards to play, but Old Man Mule's benefit shuffles the discard pile back"
        " and deals you a new hand: use it?",
    )
    pete = {"level": 2, "enemies": {1: "dusty-pete"}, "benefits": ("dusty-pete",)}
    assert advice((), "", deck_size=0, **pete) is None  # +1 Hands brings no card

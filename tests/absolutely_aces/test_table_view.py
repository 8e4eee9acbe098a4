"""The pure table: a player's view (and the tree) as zones, cards and controls."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from acelab.absolutely_aces import AbsolutelyAces, Pick, Play
from acelab.absolutely_aces.solver import move_values
from acelab.absolutely_aces.table_view import (
    REVEAL,
    aces_table,
    card_faces,
    ending,
    move_badge,
    pick_badge,
    prompt,
)
from acelab.widgets.wording import assert_good_wording
from tests.absolutely_aces.helpers import JUNK, reached

GAME = AbsolutelyAces()


def test_at_the_pick_your_hand_is_shown_the_other_and_the_cards_sitting_out_face_down() -> None:
    state = GAME.new_state(0)
    view = aces_table(GAME.observation(state, 0), tuple(GAME.legal_moves(state)))
    assert [c.key for c in view.zone("hand").cards] == list(state.hands[0])
    assert [c.face for c in view.zone("them").cards] == ["back"] * 5
    assert view.zone("them").note == "face down"
    assert not any(code in repr(view) for code in (*state.hands[1], *state.out))
    assert [c.face for c in view.zone("out").cards] == ["back", "back"]
    assert all(c not in str(view.zone("out")) for c in state.out)
    assert "blocks" in view.zone("hand").cards[0].label and "Pick a card in secret" in view.prompt
    assert set(card_faces()) == {*GAME.cards.codes, "back"}


def test_both_hands_are_open_once_the_picks_are_shown() -> None:
    state = GAME.round_from(("H4 H10 S1 S11 S7", "H8 H12 H6 H2 S9"), ("H4", "H8"))
    view = aces_table(GAME.observation(state, 0), ())
    assert [c.key for c in view.zone("them").cards] == list(state.hands[1])
    assert view.zone("them").note == ""


def test_the_other_pick_is_not_shown() -> None:
    state = GAME.apply(GAME.new_state(0), Pick(0, "H10"))
    view = aces_table(GAME.observation(state, 1), tuple(GAME.legal_moves(state)))
    assert not any(c.badge == "picked" for c in view.zone("them").cards)
    mine = aces_table(GAME.observation(state, 0), ())
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


def test_the_tree_at_the_pick_gives_each_card_its_chance_and_average_value() -> None:
    state = GAME.new_state(0)
    hand = state.hands[0]
    tree = {
        card: (Fraction(n, 4) if n < 4 else Fraction(0), Fraction(n - 2, 3))
        for n, card in enumerate(hand)
    }
    view = aces_table(GAME.observation(state, 0), tuple(GAME.legal_moves(state)), pick_tree=tree)
    badges = [c.badge for c in view.zone("hand").cards]
    assert badges == [
        "never · −0.7",
        "25% · −0.3",
        "50% · +0.0",
        "75% · +0.3",
        "never · +0.7",
    ]
    assert "how often a perfect player picks each card" in view.zone("hand").note
    assert view.control("tree").label == "Hide the tree"
    assert not any(c.badge for c in view.zone("them").cards)
    assert pick_badge(Fraction(1), Fraction(-3)) == "always · −3.0"
    assert pick_badge(Fraction(1, 1000), Fraction(0)) == "<1%" + " · +0.0"
    assert pick_badge(Fraction(999, 1000), Fraction(0)) == ">99% · +0.0"


def test_the_tree_asked_for_says_why_it_shows_nothing_now() -> None:
    state = GAME.apply(GAME.new_state(0), Pick(0, "H10"))
    waiting = aces_table(GAME.observation(state, 0), (), tree_shown=True)
    assert waiting.zone("hand").note.startswith("The tree: it weighs your moves when it is your go")
    refused = aces_table(
        GAME.observation(state, 1), tuple(GAME.legal_moves(state)), tree_shown=True
    )
    assert "the perfect picks could not be read" in refused.zone("hand").note
    over = GAME.observation(reached(3, 10_000), 0)  # a match played to its end
    assert GAME.is_over(reached(3, 10_000))
    assert "the game is over" in aces_table(over, (), tree_shown=True).zone("hand").note
    for view in (waiting, refused):
        assert view.control("tree").label == "Hide the tree"
        assert_good_wording(view.zone("hand").note)
    assert aces_table(GAME.observation(state, 0), ()).zone("hand").note.startswith("Score:")


def test_the_pass_screen_shows_no_card_of_either_hand() -> None:
    state = GAME.apply(GAME.new_state(0), Pick(0, "H10"))
    view = GAME.observation(state, 1)
    screen = aces_table(view, (), names=("Player 2", "Player 1"), pass_to="Player 2")
    assert all(not screen.zone(key).cards for key in ("hand", "them"))
    assert [c.key for c in screen.controls] == [REVEAL, "new"]
    assert "H10" not in repr(screen) and "10♥" not in repr(screen)


@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40), player=st.sampled_from([0, 1]))
@settings(max_examples=60, deadline=None)
def test_every_reached_view_draws_in_good_words(seed: int, steps: int, player: int) -> None:
    state = reached(seed, steps)
    legal = tuple(GAME.legal_moves(state)) if GAME.to_move(state) == player else ()
    view = aces_table(GAME.observation(state, player), legal)
    keys = {c.key for zone in view.zones for c in zone.cards}
    assert {m.card for m in legal if isinstance(m, Play | Pick)} <= keys
    for text in view.texts():
        assert_good_wording(text)


@given(view=JUNK, legal=JUNK, names=JUNK, you=JUNK)
@settings(max_examples=100, deadline=None)
def test_the_table_refuses_what_is_not_a_view_in_words(view, legal, names, you) -> None:
    real = GAME.observation(GAME.new_state(2), 0)
    for call in (
        lambda: aces_table(view, ()),
        lambda: aces_table(real, legal),
        lambda: aces_table(real, (), names=names),
        lambda: prompt(real, you),
        lambda: move_badge(you, 0),
    ):
        try:
            call()
        except ValueError as error:
            assert str(error).endswith(".")


def test_the_end_says_who_won_by_how_much_and_why() -> None:
    state = reached(3, 400, target=5)
    while not GAME.is_over(state):
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    winner = state.outcome.winners[0]
    last = state.results[-1]
    for player in (0, 1):
        said = ending(GAME.observation(state, player), player)
        high, low = state.scores[winner], state.scores[1 - winner]
        head = "You win" if player == winner else "Bot wins"
        assert said.startswith(f"{head} {high} to {low}: ")
        assert "reached 5 points first; the last round: " in said
        assert ("could not block" in said) == (last.by != "Pair")
        assert_good_wording(said)
    single = GAME.round_from(("S1 S5 H6 S7 S9", "H2 H4 H8 S11 H12"), ("S9", "H8"))
    over = GAME.apply(single, Play("H6"))
    assert ending(GAME.observation(over, 0), 0) == "You win 7 to 0: Bot could not block 6♥ Climb."

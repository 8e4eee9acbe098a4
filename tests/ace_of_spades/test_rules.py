"""The rules of RULINGS §2, the rulebook's example and its FAQ, one test each."""

from __future__ import annotations

from dataclasses import replace

import pytest

from acelab.ace_of_spades import (
    AceOfSpades,
    DiscardDraw,
    Phase,
    PlayHand,
    Renew,
    TakeFromDiscard,
    UseBenefit,
)
from acelab.ace_of_spades.events import (
    Defeated,
    GameWon,
    HandPlayed,
    JokerEntered,
    Revealed,
    SceneEnded,
)
from acelab.ace_of_spades.narrate import narrate
from acelab.engine.cards import JOKER, parse_card
from tests.ace_of_spades.helpers import EIGHT, GAME, arrange, cards, illegal


def test_setup_solitaire() -> None:
    state = GAME.new_state(3)
    assert len(state.hands[0]) == 8 and len(state.deck) == 44 and not state.discard
    assert (state.level, state.life, state.hands_dial, state.discards_dial) == (0, 5, 2, 2)
    assert JOKER not in state.deck  # the Joker is set aside at first
    assert [e.level for e in state.enemies] == list(range(12))
    assert state.enemies[11].difficulty == "normal" and state.enemies[11].life == 50


def test_setup_coop() -> None:
    state = GAME.new_state(3, players=2)
    assert [len(h) for h in state.hands] == [5, 5] and len(state.shared) == 3
    assert len(state.deck) == 52 - 13
    assert {GAME.new_state(s, players=2).turn for s in range(20)} == {0, 1}  # seeded start


@pytest.mark.parametrize("seed", [None, 1.5, True, [1]])
def test_bad_seeds_and_options(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        GAME.new_state(seed)  # type: ignore[arg-type]


def test_bad_options() -> None:
    with pytest.raises(ValueError, match="difficulty"):
        GAME.new_state(0, difficulty="medium")
    with pytest.raises(ValueError, match="players"):
        GAME.new_state(0, players=3)
    with pytest.raises(ValueError, match="no option"):
        GAME.new_state(0, colour="red")


def test_rulebook_example_full_house_deals_eight() -> None:
    # "McCoy plays a full house made up of three deuces and a pair of Kings ... 8 points."
    state = arrange(EIGHT, level=1, enemies={1: "madame-moth"}, life=6, hands_dial=2)
    step = GAME.step(state, PlayHand("2S 2H 2D KS KC"))
    played = next(e for e in step.events if isinstance(e, HandPlayed))
    assert (played.combination, played.damage) == ("full_house", 8)
    assert any(isinstance(e, Defeated) for e in step.events)


def test_hand_lowers_life_and_hands_dial_then_refills() -> None:
    state = arrange(EIGHT, life=5, hands_dial=2)
    after = GAME.apply(state, PlayHand("2S 2H 7C 9D 4H"))
    assert after.life == 4 and after.hands_dial == 1
    assert len(after.hands[0]) == 8 and cards("2S 2H 7C 9D 4H") == tuple(sorted(after.discard))


def test_losing_when_the_hands_dial_reaches_zero() -> None:
    state = arrange(EIGHT, hands_dial=1)
    after = GAME.apply(state, PlayHand("2S 2H 7C 9D 4H"))
    assert GAME.is_over(after) and not after.outcome.won()  # type: ignore[union-attr]
    assert "Hands dial is at 0" in after.outcome.reason  # type: ignore[union-attr]


def test_defeat_reveals_the_next_enemy_with_scene_dials_and_keeps_the_hand() -> None:
    state = arrange(EIGHT, life=3, hands_dial=1, discards_dial=0)
    step = GAME.step(state, PlayHand("2S 2H 2D 7C 4H"))
    after = step.state
    assert after.level == 1 and after.life == after.enemies[1].life  # surplus damage is lost
    assert (after.hands_dial, after.discards_dial) == (2, 2)
    assert {"KS", "KC", "9D"} <= {str(c) for c in after.hands[0]} and len(after.hands[0]) == 8
    revealed = [e for e in step.events if isinstance(e, Revealed)]
    assert revealed and revealed[0].level == 1


def test_villain_ends_the_scene_reshuffling_everything() -> None:
    state = arrange(EIGHT, discard="3C 3D", level=3, enemies={3: "count-coyote"}, life=2)
    step = GAME.step(state, PlayHand("2S 2H 2D 7C 4H"))
    after = step.state
    assert SceneEnded(0) in step.events  # the first scene (levels 0 to 3), index 0
    assert "Scene 1 ends" in narrate(step.events, ["You"])  # as the Enemy card counts it
    assert after.level == 4 and not after.discard and len(after.hands[0]) == 8
    assert len(after.deck) == 44
    assert (after.hands_dial, after.discards_dial) == (3, 3)  # scene 2's dials


def test_villain_penalty_then_ongoing_bonus() -> None:
    # Count Coyote: no face-card bonus while dueled; a pair +2 for the rest of the game.
    dueling = arrange("KS KH 2D 7C 9S 4H 5D 8C", level=3, enemies={3: "count-coyote"})
    hit = GAME.step(dueling, PlayHand("KS KH 2D 7C 9S")).events[0]
    assert isinstance(hit, HandPlayed) and hit.damage == 1
    beaten = arrange("KS KH 2D 7C 9S 4H 5D 8C", level=4, enemies={3: "count-coyote"})
    hit = GAME.step(beaten, PlayHand("KS KH 2D 7C 9S")).events[0]
    assert isinstance(hit, HandPlayed) and hit.damage == 1 + 2 + 2
    assert hit.bonuses == ("count-coyote",)


def test_the_joker_enters_when_its_enemy_falls() -> None:
    state = arrange(EIGHT, level=6, enemies={6: "baron-von-beetle"}, life=1)
    step = GAME.step(state, PlayHand("2S 2H 7C 9D 4H"))
    assert any(isinstance(e, JokerEntered) for e in step.events)
    after = step.state
    assert after.joker_in_play and (JOKER in after.deck or JOKER in after.hands[0])
    GAME.check_state(after)


def test_faq_joker_in_hand_at_the_final_battle_still_eight_cards() -> None:
    state = arrange("JK " + EIGHT[:-3], level=9, enemies={9: "sister-sorrow"}, joker_in_play=True)
    state = replace(state, life=1)
    after = GAME.apply(state, PlayHand("2S 2H 7C 9D KS"))
    assert after.level == 10 and len(after.hands[0]) == 8


def test_victory_over_lord_overkill() -> None:
    state = arrange("AS AH AD AC JK 2C 3D 4H", level=11, life=20, joker_in_play=True)
    step = GAME.step(state, PlayHand("AS AH AD AC JK", at=100.0))
    assert GAME.is_over(step.state) and step.state.outcome.won()  # type: ignore[union-attr]
    assert isinstance(step.events[-1], GameWon) and step.events[-1].at == 100.0
    assert GAME.legal_moves(step.state) == []


def test_poor_hand_only_without_pair_and_discards() -> None:
    poor = "2S 5H 9D JC KS 4C 7D 3H"
    illegal(arrange(poor, discards_dial=1), PlayHand("2S 5H 9D JC 3H"), "Discards dial is at 0")
    after = GAME.apply(arrange(poor, discards_dial=0), PlayHand("2S 5H 9D JC 3H"))
    assert after.hands_dial == 1 and after.life == 5
    illegal(arrange(EIGHT, discards_dial=0), PlayHand("2S KS 7C 9D 4H"), "cannot play even a pair")


def test_illegal_moves_change_nothing() -> None:
    state = arrange(EIGHT)
    illegal(state, PlayHand("2S 2H 2D KS KC 7C"), "at most 5 cards")
    illegal(state, PlayHand("2S 2H"), "A Hand has 5 cards")
    illegal(state, PlayHand("2S 2H 2D KS QC"), "not in your hand")
    illegal(state, PlayHand("2S 2H 2D KS KC", declare="flush"), "holds no flush")
    illegal(replace(state, discards_dial=0), DiscardDraw("2S"), "Discards dial is at 0")
    illegal(replace(state, discards_dial=0), Renew(), "Discards dial is at 0")
    illegal(state, Renew(), "discard pile is empty")
    illegal(state, DiscardDraw(()), "at least one card")
    illegal(state, TakeFromDiscard(parse_card("2S")), "You cannot take")
    illegal(state, UseBenefit("rusty-tin-bandit"), "No beaten Henchman")


@pytest.mark.parametrize("move", [None, "play 2S", 3, PlayHand(cards=5)])  # type: ignore[arg-type]
def test_things_that_are_not_moves(move: object) -> None:
    illegal(arrange(EIGHT), move, ".")


def test_a_partners_card_cannot_be_played() -> None:
    state = arrange("2S 2H 7C 9D 4H", partner="KS KC 3C 5C 6C", shared="2D 8H 10H", players=2)
    illegal(state, PlayHand("2S 2H 7C 9D KS"), "partner's hand")
    illegal(state, DiscardDraw("KS"), "partner's hand")


def test_declaring_a_lesser_combination() -> None:
    state = arrange("AS AH KD KC 5S 7C 9D 4H", life=30, hands_dial=2)
    hit = GAME.step(state, PlayHand("AS AH KD KC 5S", declare="pair")).events[0]
    assert isinstance(hit, HandPlayed) and (hit.combination, hit.damage) == ("pair", 7)


def test_easy_plays_just_the_scoring_cards() -> None:
    state = arrange(EIGHT, difficulty="easy", life=9)
    after = GAME.apply(state, PlayHand("2S 2H 2D"))
    assert after.life == 6 and {"KS", "KC", "7C"} <= {str(c) for c in after.hands[0]}
    illegal(arrange(EIGHT), PlayHand("2S 2H 2D"), "A Hand has 5 cards")


def test_discard_and_draw_and_the_empty_deck() -> None:
    state = arrange(EIGHT, top="AS AH")
    after = GAME.apply(state, DiscardDraw("7C 9D"))
    assert after.discards_dial == 1 and {"AS", "AH"} <= {str(c) for c in after.hands[0]}
    # FAQ: the deck has run out: you draw what is left and play with a smaller hand.
    short = arrange(EIGHT, top="AS", deck_size=1)
    after = GAME.apply(short, DiscardDraw("7C 9D 4H"))
    assert len(after.hands[0]) == 6 and not after.deck
    assert len(GAME.apply(after, PlayHand("2S 2H 2D KS KC")).hands[0]) == 1


def test_a_hand_of_fewer_than_five_is_played_whole() -> None:
    state = arrange("2S 2H 7C", deck_size=0, discards_dial=0)
    illegal(state, PlayHand("2S 2H"), "A Hand has 3 cards")
    assert GAME.apply(state, PlayHand("2S 2H 7C")).life == 4


def test_renew_shuffles_the_discard_pile_into_the_deck() -> None:
    state = arrange(EIGHT, deck_size=3)
    after = GAME.apply(state, Renew())
    assert not after.discard and len(after.deck) == 44 and after.discards_dial == 1
    assert after.hands[0] == state.hands[0]


def test_nightmare_takes_one_discard_at_each_enemy() -> None:
    state = GAME.new_state(0, difficulty="nightmare")
    assert (state.hands_dial, state.discards_dial) == (2, 1)
    beaten = arrange(EIGHT, difficulty="nightmare", life=1)
    assert GAME.apply(beaten, PlayHand("2S 2H 7C 9D 4H")).discards_dial == 1
    dust = arrange(EIGHT, difficulty="nightmare", level=3, enemies={3: "the-dust-devil"})
    assert dust.level == 3
    revealed = arrange(
        EIGHT, difficulty="nightmare", level=2, life=1, enemies={3: "the-dust-devil"}
    )
    after = GAME.apply(revealed, PlayHand("2S 2H 7C 9D 4H"))
    assert after.discards_dial == 0  # 2 − 1 (Dust Devil) − 1 (Nightmare), never below 0


def test_hard_hides_the_discard_pile_except_while_searching() -> None:
    state = arrange(EIGHT, discard="AS AH", difficulty="hard", level=2, benefits=("pickle-twins",))
    state = replace(state, enemies=(*state.enemies[:1], _pickle(), *state.enemies[2:]))
    view = GAME.observation(state, 0)
    assert view.discard is None and view.discard_size == 2
    searching = GAME.apply(state, UseBenefit("pickle-twins"))
    assert searching.phase is Phase.SEARCH
    assert GAME.observation(searching, 0).discard == state.discard
    done = GAME.apply(searching, TakeFromDiscard(parse_card("AS")))
    assert done.phase is Phase.DUEL and GAME.observation(done, 0).discard is None
    assert parse_card("AS") in done.hands[0] and len(done.hands[0]) == 9


def _pickle():  # type: ignore[no-untyped-def]
    from tests.ace_of_spades.helpers import enemy

    return enemy("pickle-twins")


def test_benefits_are_used_once_by_choice() -> None:
    from tests.ace_of_spades.helpers import enemy

    chosen = {1: "dusty-pete"}
    state = arrange(EIGHT, level=2, enemies=chosen, benefits=("dusty-pete",), hands_dial=2)
    assert enemy("dusty-pete") in GAME.observation(state, 0).benefits
    after = GAME.apply(state, UseBenefit("dusty-pete"))
    assert after.hands_dial == 3 and not after.benefits
    illegal(after, UseBenefit("dusty-pete"), "already used")


def test_draw_extra_past_eight_then_back_to_eight() -> None:
    # FAQ: more than eight cards through an effect; after the Hand you draw back up to eight.
    state = arrange(EIGHT, level=2, enemies={1: "madame-moth"}, benefits=("madame-moth",))
    more = GAME.apply(state, UseBenefit("madame-moth"))
    assert len(more.hands[0]) == 10
    after = GAME.apply(more, PlayHand("2S 2H 2D KS KC"))
    assert len(after.hands[0]) == 8


def test_faq_coop_effect_redraw_uses_own_cards_only() -> None:
    chosen = {2: "jack-in-the-cactus"}
    state = arrange(
        "2S 2H 7C 9D 4H",
        partner="KS KC 3C 5C 6C",
        shared="2D 8H 10H",
        players=2,
        level=3,
        enemies=chosen,
        benefits=("jack-in-the-cactus",),
    )
    illegal(state, UseBenefit("jack-in-the-cactus", "8H"), "your own cards only")
    after = GAME.apply(state, UseBenefit("jack-in-the-cactus", "7C 9D"))
    assert len(after.hands[0]) == 5 and after.discards_dial == state.discards_dial


def test_coop_turns_shared_cards_and_discards() -> None:
    state = arrange("2S 2H 7C 9D 4H", partner="KS KC 3C 5C 6C", shared="2D 8H 10H", players=2)
    state = replace(state, life=20, hands_dial=3)
    discarded = GAME.apply(state, DiscardDraw("7C 8H"))  # a shared card may be discarded
    assert discarded.turn == 0 and len(discarded.shared) == 3 and len(discarded.hands[0]) == 5
    played = GAME.apply(state, PlayHand("2S 2H 2D 7C 9D"))
    assert played.turn == 1 and len(played.shared) == 3 and len(played.hands[0]) == 5
    assert played.life == 20 - 3
    view = GAME.observation(played, 1)
    assert view.hand == played.hands[1] and view.partner_cards == 5


def test_to_move_is_the_player_whose_turn_it_is_until_the_end() -> None:
    state = arrange("2S 2H 7C 9D 4H", partner="KS KC 3C 5C 6C", shared="2D 8H 10H", players=2)
    assert GAME.to_move(state) == 0
    after = GAME.apply(state, PlayHand("2S 2H 7C 9D 2D"))
    assert GAME.to_move(after) == 1 and GAME.observation(after, 1).turn == 1
    assert GAME.to_move(arrange(EIGHT)) == 0
    lost = GAME.apply(arrange(EIGHT, hands_dial=1), PlayHand("2S 2H 7C 9D 4H"))
    assert GAME.to_move(lost) is None and GAME.legal_moves(lost) == []


def test_questions_about_what_is_not_a_state_are_refused() -> None:
    for ask in (GAME.to_move, GAME.legal_moves, GAME.is_over, GAME.outcome):
        with pytest.raises(ValueError, match="not an Ace of Spades state but a NoneType"):
            ask(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not an Ace of Spades state"):
        GAME.step(None, Renew())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="players 0 to 0"):
        GAME.observation(arrange(EIGHT), 1)


def test_custom_enemy_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from acelab.ace_of_spades.enemies import DEFAULT_FILE

    text = DEFAULT_FILE.read_text().replace("life = 5\n", "life = 1\n", 1)
    path = tmp_path / "mine.toml"
    path.write_text(text)
    assert AceOfSpades(enemies=path).new_state(0).life == 1


def test_a_search_after_the_pile_was_emptied_waits_for_nothing() -> None:
    from acelab.ace_of_spades.enemies import Effect

    both = replace(_pickle(), benefit=(Effect("free_renew"), Effect("search_discard", amount=1)))
    state = arrange(EIGHT, discard="3C", level=2, benefits=("pickle-twins",))
    state = replace(state, enemies=(*state.enemies[:1], both, *state.enemies[2:]))
    after = GAME.apply(state, UseBenefit("pickle-twins"))
    assert after.phase is Phase.DUEL and after.searching == 0 and not after.discard
    GAME.check_state(after)

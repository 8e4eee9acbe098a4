"""The twenty achievements, each earned by the events that should earn it, kept in the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from acelab.ace_of_spades import PlayHand
from acelab.ace_of_spades.achievements import (
    ACHIEVEMENTS,
    earned,
    earned_from_events,
    keep,
    progress,
)
from acelab.ace_of_spades.events import (
    BenefitUsed,
    Defeated,
    GameWon,
    HandPlayed,
    Renewed,
    Revealed,
)
from acelab.engine import Event
from acelab.engine.cards import parse_card, parse_cards
from acelab.store import open_store
from tests.ace_of_spades.helpers import GAME, arrange


def hit(cards: str, combination: str, damage: int, after: int = 5, **fields: object) -> HandPlayed:
    played = parse_cards(cards)
    base = {
        "player": 0,
        "cards": played,
        "combination": combination,
        "damage": damage,
        "scoring": played,
        "jokers_as": (),
        "life_before": after + damage,
        "life_after": after,
        "natural": True,
    }
    base.update(fields)
    return HandPlayed(**base)  # type: ignore[arg-type]


def revealed(level: int, at: float | None = None, bonuses: tuple[str, ...] = ()) -> Revealed:
    return Revealed(level, f"enemy-{level}", "Someone", 10, 2, 2, at, bonuses)


def found(events: list[Event], difficulty: str = "normal", players: int = 1) -> dict[str, str]:
    return earned_from_events(events, difficulty, players)


def test_twenty_achievements_one_not_trackable() -> None:
    assert len(ACHIEVEMENTS) == 20 and len({a.id for a in ACHIEVEMENTS}) == 20
    assert [a.id for a in ACHIEVEMENTS if not a.trackable] == ["let_tongues_wag"]
    assert {a.tier for a in ACHIEVEMENTS} == {"bronze", "silver", "gold", "diamond"}


@pytest.mark.parametrize(
    ("difficulty", "players", "expected"),
    [
        ("easy", 1, {"lonesome_cowboy", "initiation_rite"}),
        ("normal", 2, {"double_trouble", "good_work"}),
        ("hard", 1, {"lonesome_cowboy", "tough_guy"}),
        ("nightmare", 1, {"lonesome_cowboy", "ace_of_spades"}),
    ],
)
def test_wins(difficulty: str, players: int, expected: set[str]) -> None:
    assert set(found([revealed(11), GameWon()], difficulty, players)) == expected


def test_big_blows_and_last_breath() -> None:
    assert "that_hurt" in found([revealed(1), hit("AS AH AD AC 2S", "four_of_a_kind", 21)])
    assert "that_hurt" not in found([revealed(1), hit("AS AH AD 2C 2S", "full_house", 20)])
    five = hit("AS AH AD AC JK", "five_of_a_kind", 31, jokers_as=(parse_card("AC"),))
    mule = found([revealed(1), five])
    assert {"that_hurt", "kicking_like_an_angry_mule", "ace_in_the_hole"} <= set(mule)
    assert "last_breath" in found([revealed(3), hit("2S 2H", "pair", 1, after=1)])
    assert "last_breath" not in found([revealed(2), hit("2S 2H", "pair", 1, after=1)])


def test_renewing_twice_in_one_battle() -> None:
    assert "back_like_a_bad_penny" in found([revealed(1), Renewed(0, 5), Renewed(0, 3)])
    split = [revealed(1), Renewed(0, 5), revealed(2), Renewed(0, 3)]
    assert "back_like_a_bad_penny" not in found(split)


def test_single_attacks() -> None:
    assert set(found([Defeated(2, "x", False, False, True)])) == {"blow_his_brains_out"}
    assert "dust_to_dust" in found([Defeated(3, "x", True, False, True)])


def test_straight_flush_with_the_ace_of_spades_and_natural_aces() -> None:
    assert "stairway_to_hell" in found([hit("AS 2S 3S 4S 5S", "straight_flush", 13)])
    as_ace = hit("10S JS QS KS JK", "straight_flush", 16, jokers_as=(parse_card("AS"),))
    assert "stairway_to_hell" in found([as_ace])
    aces = parse_cards("AS AH AD AC")
    assert "wear_an_ace" in found([hit("AS AH AD AC 2S", "four_of_a_kind", 20, scoring=aces)])
    wild = parse_cards("AS AH AD JK")
    joker = hit("AS AH AD JK 2S", "four_of_a_kind", 20, scoring=wild, jokers_as=aces[3:])
    assert "wear_an_ace" not in found([joker])


def test_three_bonuses_in_one_duel() -> None:
    events = [
        revealed(10, bonuses=("count-coyote",)),
        BenefitUsed(0, "dusty-pete", ("extra_hands",)),
        hit("KS KH", "pair", 5, bonuses=("the-hollow-hat",)),
    ]
    assert "voodoo_magic" in found(events)
    assert "voodoo_magic" not in found(events[1:])


def test_the_song_clock_and_two_birds() -> None:
    last = hit("AS JK", "pair", 7, after=0, jokers_as=(parse_card("AS"),))
    won = [revealed(11, at=1000.0), last, Defeated(11, "lord", False, True, False), GameWon(1169.0)]
    got = found(won)
    assert {"fastest_in_the_west", "two_birds_with_one_stone"} <= set(got)
    slow = [revealed(11, at=1000.0), GameWon(1170.0)]
    assert "fastest_in_the_west" not in found(slow)
    assert "fastest_in_the_west" not in found([revealed(11), GameWon(10.0)])  # no clock


def test_a_whole_scene_killed_exactly() -> None:
    exact = [Defeated(level, "x", level == 3, True, False) for level in range(4)]
    assert "so_many_who_need_shooting" in found(exact)
    exact[2] = Defeated(2, "x", False, False, False)
    assert "so_many_who_need_shooting" not in found(exact)


def test_earned_from_a_real_game_and_kept_in_the_store(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path))
    state = arrange("2S 2H 2D KS KC 7C 9D 4H", life=5)
    assert GAME.apply(state, PlayHand("2S 2H 2D KS KC")).level == 1
    moves = [PlayHand(GAME.new_state(7).hands[0][:5])]
    assert isinstance(earned(GAME, 7, moves), dict)
    store = open_store(tmp_path)
    new = keep(store, {"that_hurt": "23 damage", "good_work": "won on normal"})
    assert [a.id for a in new] == ["that_hurt", "good_work"]
    assert keep(store, {"that_hurt": "again"}) == []
    listed = progress(open_store(tmp_path))
    assert len(listed) == 20 and sum(p.earned for p in listed) == 2
    assert str(listed[4]).startswith("—")  # Let Tongues Wag: not trackable
    with pytest.raises(ValueError, match="not an Ace of Spades achievement"):
        keep(store, {"fly": ""})

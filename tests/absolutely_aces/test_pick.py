"""The pick with hidden hands: the shipped equilibrium certifies exactly, damaged files are
refused, the peeking game is worth something, and the perfect bot picks from its own hand."""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from acelab.absolutely_aces import pick
from acelab.absolutely_aces.bots import perfect_bot
from acelab.absolutely_aces.card_set import CARDS
from acelab.absolutely_aces.deals import DEAL_COUNT, deal_table
from acelab.absolutely_aces.moves import Pick
from acelab.absolutely_aces.pick import (
    EQUILIBRIUM_FILE,
    HANDS,
    equilibrium,
    equilibrium_problem,
    load_equilibrium,
    load_peek,
    peek,
    peek_value,
    rule_pick,
    rule_share,
    unaware_peek_value,
)
from acelab.absolutely_aces.rules import AbsolutelyAces
from acelab.absolutely_aces.state import AcesState, Phase
from acelab.engine import derive_rng

GAME = AbsolutelyAces()
MIXED = "S1 H4 H6 S7 H8"  # a hand that mixes: S1 2/7, H6 5/7


def shipped() -> dict[str, object]:
    data = pick._shipped()
    content = json.loads(gzip.decompress(data))
    assert isinstance(content, dict)
    return content


def packed(content: dict[str, object]) -> bytes:
    return gzip.compress(json.dumps(content).encode())


def test_the_shipped_equilibrium_certifies_with_gap_0_and_value_0() -> None:
    solved = equilibrium()
    assert solved.gap == 0 and solved.lower == solved.upper == solved.value == 0
    assert isinstance(solved.value, Fraction) and isinstance(solved.gap, Fraction)


@pytest.mark.slow
def test_best_replies_recomputed_in_fractions_meet_at_0() -> None:
    """An independent certificate: plain Fractions, deal by deal, both seats."""
    solved = equilibrium()
    chances = {h: solved.strategy(h) for h in HANDS}
    seat0: dict[tuple[str, ...], list[Fraction]] = {h: [Fraction(0)] * 5 for h in HANDS}
    seat1: dict[tuple[str, ...], list[Fraction]] = {h: [Fraction(0)] * 5 for h in HANDS}
    for row in deal_table():
        mine, theirs = row.hands
        for i in range(5):
            for j in range(5):
                seat0[mine][i] += row.matrix[i][j] * chances[theirs][theirs[j]]
                seat1[theirs][j] += chances[mine][mine[i]] * row.matrix[i][j]
    upper = sum((max(v) for v in seat0.values()), Fraction(0)) / DEAL_COUNT
    lower = sum((min(v) for v in seat1.values()), Fraction(0)) / DEAL_COUNT
    assert lower == upper == 0
    for hand in HANDS[::37]:
        best = max(seat0[hand])
        assert all(seat0[hand][i] == best for i, c in enumerate(hand) if chances[hand][c])


def test_every_hand_has_a_mixed_pick_summing_to_1() -> None:
    solved = equilibrium()
    assert len(HANDS) == 792
    for hand in HANDS:
        chances = solved.strategy(hand)
        assert list(chances) == list(hand) and sum(chances.values()) == 1
        assert all(isinstance(p, Fraction) and 0 <= p <= 1 for p in chances.values())
    assert len(solved.mixing) == 21
    assert solved.strategy(MIXED) == {
        "S1": Fraction(2, 7),
        "H4": 0,
        "H6": Fraction(5, 7),
        "S7": 0,
        "H8": 0,
    }


def test_the_game_is_symmetric() -> None:
    """Swapping the seats negates every round value, so one strategy serves both."""
    matrices = {row.hands: row.matrix for row in deal_table()}
    for (mine, theirs), matrix in matrices.items():
        swapped = matrices[theirs, mine]
        assert all(swapped[j][i] == -matrix[i][j] for i in range(5) for j in range(5))


def test_card_values_say_which_cards_are_best() -> None:
    solved = equilibrium()
    values = solved.card_values(MIXED)
    assert values["S1"] == values["H6"] == solved.hand_value(MIXED) == max(values.values())
    assert sum(solved.hand_value(h) for h in HANDS) == 0  # the holders' values average 0


def test_a_hand_is_read_in_any_notation() -> None:
    solved = equilibrium()
    same = [MIXED, "h8 S7 H6 h4 s1", ["S1", "H4", "H6", "S7", "H8"], ("8♥", "7♠", "6♥", "4♥", "1♠")]
    assert all(solved.strategy(h) == solved.strategy(MIXED) for h in same)


@pytest.mark.parametrize(
    "hand",
    ["S1 H4 H6 S7", "S1 H4 H6 S7 S7", "S1 H4 H6 S7 X9", "", 5, None, ["S1", 2, "H6", "S7", "H8"]],
)
def test_a_bad_hand_is_refused_with_a_sentence(hand: object) -> None:
    with pytest.raises(ValueError, match=r"hand is five different cards|not a card"):
        equilibrium().strategy(hand)  # type: ignore[arg-type]


def damaged(change: str) -> dict[str, object]:
    content = shipped()
    hidden = content["hidden"]
    assert isinstance(hidden, dict)
    if change == "missing hand":
        del hidden[MIXED]
    elif change == "card not held":
        hidden[MIXED] = "S1:2/7 H12:5/7"
    elif change == "bad chance":
        hidden[MIXED] = "S1:two H6:5/7"
    elif change == "sum not 1":
        hidden[MIXED] = "S1:2/7 H6:4/7"
    elif change == "negative":
        hidden[MIXED] = "S1:-2/7 H6:9/7"
    return content


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ("missing hand", f"{EQUILIBRIUM_FILE} has no pick for the hand {MIXED}"),
        ("card not held", f"{EQUILIBRIUM_FILE} is damaged: the pick for the hand {MIXED} names"),
        ("bad chance", f"the pick for the hand {MIXED} gives S1 the chance"),
        ("sum not 1", f"the pick for the hand {MIXED} has chances that add up to 6/7, not 1"),
        ("negative", f"the pick for the hand {MIXED} gives S1 a negative chance"),
    ],
)
def test_a_damaged_file_is_refused_naming_file_and_hand(change: str, says: str) -> None:
    with pytest.raises(ValueError, match=re.escape(says)):
        load_equilibrium(packed(damaged(change)))


def test_an_unreadable_file_is_refused_naming_it() -> None:
    for data in (b"", b"not gzip", gzip.compress(b"{"), gzip.compress(b"[1, 2]")):
        with pytest.raises(ValueError, match=re.escape(EQUILIBRIUM_FILE)):
            load_equilibrium(data)
    content = shipped()
    del content["hidden"]
    with pytest.raises(ValueError, match="has no hidden strategies"):
        load_equilibrium(packed(content))
    content = shipped()
    hidden = content["hidden"]
    assert isinstance(hidden, dict)
    hidden["S1 S1 S1 S1 S1"] = "S1:1"
    with pytest.raises(ValueError, match="'S1 S1 S1 S1 S1' is not a hand"):
        load_equilibrium(packed(content), "mine.json.gz")


def test_a_strategy_that_is_not_an_equilibrium_is_refused_naming_the_hand() -> None:
    content = shipped()
    hidden = content["hidden"]
    assert isinstance(hidden, dict)
    hand = "H2 S3 H6 H8 H10"  # the best hand to hold, worth 67/7 with its best pick
    values = equilibrium().card_values(hand)
    worst = min(values, key=values.__getitem__)
    hidden[hand] = f"{worst}:1"
    with pytest.raises(ValueError, match=rf"mine\.json\.gz does not certify: .* holding {hand} "):
        load_equilibrium(packed(content), "mine.json.gz")


@pytest.fixture
def missing_file(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(pick, "EQUILIBRIUM_FILE", "nothing_here.json.gz")
    pick._shipped_equilibrium.cache_clear()
    yield
    pick._shipped_equilibrium.cache_clear()


def pick_state(mine: str, theirs: str) -> AcesState:
    hands = (tuple(mine.split()), tuple(theirs.split()))
    out = tuple(c for c in CARDS.codes if c not in hands[0] + hands[1])
    return AcesState(seed=0, phase=Phase.PICK, hands=hands, out=out, target=None)


@pytest.mark.usefixtures("missing_file")
def test_a_missing_file_is_refused_and_the_bot_picks_safely() -> None:
    with pytest.raises(ValueError, match=re.escape("nothing_here.json.gz is missing")):
        equilibrium()
    problem = equilibrium_problem()
    assert problem is not None and "nothing_here.json.gz" in problem
    state = pick_state(MIXED, "H2 S3 S5 S9 H10")
    move = perfect_bot(GAME.observation(state, 0), GAME.legal_moves(state), derive_rng(1))
    assert move == Pick(0, rule_pick(MIXED)) == Pick(0, "S1")


def test_the_shipped_file_has_no_problem() -> None:
    assert equilibrium_problem() is None


def test_the_bot_picks_from_its_own_hand_only() -> None:
    """The same bot hand against every opponent hand: the same draws give the same picks."""
    opponents = [h for h in HANDS if not set(h) & set(MIXED.split())]
    assert len(opponents) == 21
    sequences = set()
    for theirs in opponents:
        state = pick_state(" ".join(theirs), MIXED)  # the bot is player 1
        view = GAME.observation(state, 1)
        moves = [Pick(1, card) for card in MIXED.split()]
        picks = tuple(perfect_bot(view, moves, derive_rng("pick", n)) for n in range(70))
        sequences.add(picks)
    assert len(sequences) == 1
    (picks,) = sequences
    cards = [p.card for p in picks if isinstance(p, Pick)]
    assert set(cards) == {"S1", "H6"} and 10 <= cards.count("S1") <= 30  # 2/7 of 70 is 20


def test_the_rule_and_its_share() -> None:
    assert rule_pick("S1 H4 H6 S7 H12") == "H12"  # the Joker first
    assert rule_pick("S1 H4 H6 S9 S11") == "S11"  # then the higher Swoop
    assert rule_pick("S1 H2 S3 H4 S5") == "S1"  # then the Ace
    assert rule_pick("H2 S3 H4 S5 H6") == "S5"  # then the higher Break
    assert rule_share() == Fraction(692, 792)
    assert rule_share(lambda h: h[-1]) == Fraction(563, 792) < rule_share()


def test_peeking_is_worth_a_certified_positive_value() -> None:
    solved = peek()
    assert solved.gap == 0 and isinstance(peek_value(), Fraction)
    assert peek_value() == solved.value > 0
    assert 0.70 < float(peek_value()) < 0.71
    assert 0 < solved.changes < 1


def test_peeking_on_an_opponent_who_does_not_know_is_worth_at_least_as_much() -> None:
    """The seen player of the peeking game adapts to being seen, so can only do better."""
    assert unaware_peek_value() >= peek_value() >= 0


def test_damaged_peeking_strategies_are_refused() -> None:
    content = shipped()
    section = content["peek"]
    assert isinstance(section, dict)
    other = section["other"]
    assert isinstance(other, dict)
    other[MIXED] = "S7:1"
    with pytest.raises(ValueError, match="does not certify its peeking strategies"):
        load_peek(packed(content))
    del section["peeker"]
    with pytest.raises(ValueError, match="has no peek peeker strategies"):
        load_peek(packed(content))


def test_the_rules_page_figures() -> None:
    page = (Path(__file__).parents[2] / "docs" / "rules" / "absolutely_aces.md").read_text()
    page = " ".join(page.split())
    assert f"{round(float(peek_value()), 3)} points a round" in page
    assert f"{len(equilibrium().mixing)} of the 792 hands mix" in page
    assert "16 hands mix in every equilibrium" in page  # pick_build --must-mix
    assert f"a best pick for {round(100 * rule_share())}% of hands" in page
    assert f"a best pick for {round(100 * rule_share(lambda h: h[-1]))}%." in page
    assert f"changes the right pick in {round(100 * peek().changes)}% of deals" in page


@pytest.mark.slow
def test_16_hands_mix_in_every_equilibrium() -> None:
    """Floating point (HiGHS): the most any optimal strategy puts on one card of the hand."""
    from acelab.absolutely_aces.pick_build import must_mix

    found = dict(must_mix(equilibrium()))
    always = {hand for hand, most in found.items() if most < 1 - 1e-6}
    assert len(found) == 21 and len(always) == 16 and MIXED in always
    assert all(most < 0.97 for hand, most in found.items() if hand in always)

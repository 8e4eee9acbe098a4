"""The comparison after a duplicate round (issue 25 item 4): small cases checked by hand for each
game, random duplicate rounds whose every number agrees with the solver and the scoring called
directly, and the teacher's endpoint over HTTP (a pupil's token refused with the same sentence as
the other teacher's endpoints). The real tables core and the real service, never a mock."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acelab.absolutely_aces.moves import Pick
from acelab.absolutely_aces.pick import equilibrium
from acelab.absolutely_aces.solver import best_moves, move_values, round_value
from acelab.ace_of_spades.in_force import modifiers
from acelab.ace_of_spades.moves import PlayHand
from acelab.ace_of_spades.scoring import best_total, damage
from acelab.ace_of_spades_lex.moves import Draw, Nuke
from acelab.engine import encode
from acelab.engine.cards import parse_cards
from acelab.tables import TableRefused, Tables, words
from acelab.tables.client import TableClient
from tests.tables.support import serving


def _play(tables: Tables, code: str, user: str, move: Any) -> None:
    tables.move(code, user, encode(move), tables.room(code).version)


def _row(comparison: dict[str, Any], point: str) -> dict[str, Any]:
    return next(row for row in comparison["rows"] if row["point"] == point)


def _cell(row: dict[str, Any], code: str) -> dict[str, Any]:
    return next(cell for cell in row["cells"] if cell["table"] == code)


def test_devir_a_best_hand_loses_nothing_and_a_pair_of_three_eights_loses_two() -> None:
    tables = Tables()
    round_, codes = tables.duplicate_round("ace_of_spades", ["bot", "person"], 2, seed=11)
    for code in codes:
        tables.join(code, f"pia-{code}")
    # seat 1 goes first and holds J♣ 5♣ 10♥ Q♣ 8♥ 8♦ 8♠ 6♦: three eights (3 damage, no
    # bonus) is the best Hand; the same eights declared as a pair deal 1, so 2 are lost.
    best = PlayHand(parse_cards("8S 8H 8D 5C 6D"))
    worse = PlayHand(parse_cards("8S 8H 5C 6D 10H"), declare="pair")
    _play(tables, codes[0], f"pia-{codes[0]}", best)
    _play(tables, codes[1], f"pia-{codes[1]}", worse)
    row = tables.comparison(round_)["rows"][0]
    assert row["point"] == "Level 0 (Rusty, the Tin Bandit), Hand 1"
    assert row["positions"] == 1  # the same deal: the same first decision at both tables
    first, second = _cell(row, codes[0]), _cell(row, codes[1])
    assert (first["value"], first["best"], first["loss"]) == (3, 3, 0)
    assert (second["value"], second["best"], second["loss"]) == (1, 3, 2)
    assert first["who"] == f"pia-{codes[0]}" and not first["bot"]
    assert row["summary"] == "1 of 2 tables: pair; 1: three of a kind"


def test_aces_the_equilibrium_s_pure_pick_loses_nothing_and_another_its_value_gap() -> None:
    solved = equilibrium()
    tables = Tables()
    round_, codes = tables.duplicate_round(
        "absolutely_aces", ["person", "bot:greedy"], 2, {"target": 1}, seed=5
    )
    for code in codes:
        tables.join(code, f"ada-{code}")
    hand = tables.room(codes[0]).state.hands[0]
    chances = solved.strategy(hand)
    values = solved.card_values(hand)
    top = max(values.values())
    pure = max(chances, key=lambda card: chances[card])
    other = min(values, key=lambda card: values[card])
    assert values[pure] == top and values[other] < top
    _play(tables, codes[0], f"ada-{codes[0]}", Pick(0, pure))
    _play(tables, codes[1], f"ada-{codes[1]}", Pick(0, other))
    comparison = tables.comparison(round_)
    row = _row(comparison, "Round 1: Player 0's pick")
    assert row["positions"] == 1
    assert _cell(row, codes[0])["exact_loss"] == "0"
    assert _cell(row, codes[1])["exact_loss"] == str(top - values[other])
    assert _cell(row, codes[1])["chance"] == str(chances[other])
    bots = _row(comparison, "Round 1: Player 1's pick")["cells"]
    assert all(cell["bot"] and cell["who"] == "bot 1" for cell in bots)


def test_lex_three_of_four_tables_nuked_the_leader_and_one_drew() -> None:
    tables = Tables()
    round_, codes = tables.duplicate_round(
        "ace_of_spades_lex", ["person", "bot", "bot"], 4, seed=18
    )
    for code in codes:
        tables.join(code, f"ben-{code}")
        _play(tables, code, f"ben-{code}", Draw())  # ben's first go: Draw is all there is
    room = tables.room(codes[0])
    # then ben holds 6♣, seat 1 the A♥ (half of two red aces: the leader), seat 2 a 2♣
    assert [str(c) for c in room.state.hands[0]] == ["6C"]
    assert [str(c) for c in room.state.hands[1]] == ["AH"]
    assert [str(c) for c in room.state.hands[2]] == ["2C"]
    for code in codes[:3]:
        _play(tables, code, f"ben-{code}", Nuke(1))
    _play(tables, codes[3], f"ben-{codes[3]}", Draw())
    row = _row(tables.comparison(round_), "Turn 4: draw or act")
    assert row["summary"] == "3 of 4 tables: nuked the leader; 1: drew"
    assert row["positions"] == 1
    nuked = _cell(row, codes[0])
    assert nuked["decision"] == "nuke player 1 with a six (bot 1, the leader)"
    assert "ben-" in nuked["result"] and "went back into the deck" in nuked["result"]
    assert not nuked["bot"] and nuked["loss"] is None


def test_a_silent_seat_s_bot_is_marked_and_the_marks_survive_a_restart(tmp_path: Path) -> None:
    now = [1000.0]
    tables = Tables(tmp_path / "tables.sqlite3", clock=lambda: now[0])
    round_, codes = tables.duplicate_round("ace_of_spades", ["person", "person"], 1, seed=11)
    tables.join(codes[0], "kim")
    now[0] += 100  # nobody joined seat 1 and kim fell silent: the bots play both seats
    tables.tick()
    first = tables.comparison(round_)["rows"][0]["cells"][0]
    assert first["seat"] == 1 and first["bot"] and first["who"] == "seat 1 (bot)"
    kims = [c for r in tables.comparison(round_)["rows"] for c in r["cells"] if c["seat"] == 0]
    assert kims and all(c["bot"] and c["who"] == "kim (bot)" for c in kims)
    kept = tables.comparison(round_)
    tables.close()
    again = Tables(tmp_path / "tables.sqlite3", clock=lambda: now[0])
    assert again.comparison(round_) == kept
    again.close()


def _check_against_the_engine(tables: Tables, round_: str) -> dict[str, Any]:
    """Every number of the comparison, against the solver and the scoring called directly."""
    comparison = tables.comparison(round_)
    json.dumps(comparison)  # a JSON value, as the board saves it
    by_code = {code: tables.room(code) for code in {t["code"] for t in comparison["tables"]}}
    checked = 0
    for row in comparison["rows"]:
        for cell in row["cells"]:
            room = by_code[cell["table"]]
            assert cell["loss"] is None or cell["loss"] >= 0
            if not cell["decision"]:
                continue
            index = _index(room, cell)
            state = _state(room, index)
            move = room.moves[index]
            if room.kind.name == "absolutely_aces" and not isinstance(move, Pick):
                values = move_values(state)
                sign = 1 if state.mover == 0 else -1
                assert Fraction(cell["exact_loss"]) == sign * (round_value(state) - values[move])
                assert (cell["loss"] == 0) == (move in best_moves(state))
                checked += 1
            elif room.kind.name == "absolutely_aces":
                values = equilibrium().card_values(state.hands[move.player])
                loss = max(values.values()) - values[move.card]
                assert Fraction(cell["exact_loss"]) == loss
                checked += 1
            elif room.kind.name == "ace_of_spades" and isinstance(move, PlayHand):
                mods = modifiers(state)
                assert cell["best"] == best_total(state.available, mods)
                assert cell["value"] == damage(move.cards, move.declare, mods).total
                checked += 1
            assert cell["bot"] == (
                not room.seats[room.movers[index]].plan.person or index + 1 in room.by_bot
            )
    return {"checked": checked, **comparison}


def _index(room: Any, cell: dict[str, Any]) -> int:
    """The move a cell is about (its version is the table's version after it)."""
    index = int(cell["version"]) - 1
    assert room.movers[index] == cell["seat"]
    return index


def _state(room: Any, index: int) -> Any:
    rules = room.kind.game()
    state = rules.new_state(room.seed, **room.kind.new_options(room.options, len(room.seats)))
    for move in room.moves[:index]:
        state = rules.step(state, move).state
    return state


ROUNDS = [
    ("absolutely_aces", ["person", "bot"], {"target": 3}),
    ("absolutely_aces", ["person", "person"], {"target": 2, "loop_rule": False}),
    ("ace_of_spades", ["person", "bot:random"], {}),
    ("ace_of_spades_lex", ["person", "bot", "bot:random"], {}),
    ("ace_of_spades_lex", ["person", "person"], {}),
]


def _random_round(game: str, seats: list[str], options: dict[str, Any], choices: int) -> Any:
    rng = random.Random(choices)
    tables = Tables()
    round_, codes = tables.duplicate_round(game, seats, 3, options, seed=choices % 1000)
    for number, code in enumerate(codes):
        people = [f"p{number}-{seat}" for seat, kind in enumerate(seats) if kind == "person"]
        for person in people:
            tables.join(code, person)
        room = tables.room(code)
        for _ in range(rng.randrange(0, 40)):
            mover = room.to_move()
            if mover is None or room.seats[mover].user is None:
                break
            legal = list(room.kind.game().legal_moves(room.state))
            tables.move(code, str(room.seats[mover].user), encode(rng.choice(legal)), room.version)
    return tables, round_


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(ROUNDS) - 1), choices=st.integers(0, 10**6))
def test_random_duplicate_rounds_agree_with_the_solver_and_the_scoring(
    which: int, choices: int
) -> None:
    tables, round_ = _random_round(*ROUNDS[which], choices)
    _check_against_the_engine(tables, round_)


@pytest.mark.soak
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(ROUNDS) - 1), choices=st.integers(0, 10**6))
def test_many_random_duplicate_rounds_agree_with_the_solver_and_the_scoring(
    which: int, choices: int
) -> None:
    tables, round_ = _random_round(*ROUNDS[which], choices)
    _check_against_the_engine(tables, round_)


@pytest.fixture(scope="module")
def service() -> Iterator[tuple[str, Tables]]:
    tables = Tables()
    with serving(tables) as url:
        yield url, tables


def test_the_teacher_gets_the_comparison_and_a_pupil_is_refused(
    service: tuple[str, Tables],
) -> None:
    url, tables = service
    teacher = TableClient(url, "teach-mrs_k")
    round_, codes = teacher.duplicate_round("ace_of_spades_lex", ["person", "bot"], 2)
    pupil = TableClient(url, "test-pia")
    seat = pupil.join(codes[0])
    with pytest.raises(TableRefused) as refused:
        pupil.round_comparison(round_)
    assert refused.value.sentence == words.TEACHER_ONLY and refused.value.status == 403
    before = seat.refresh().version
    got = teacher.round_comparison(round_)
    assert got["round"] == round_ and got["title"] == "Lex's Ace of Spades"
    assert [t["code"] for t in got["tables"]] == codes
    assert got == tables.comparison(round_)
    assert seat.refresh().version == before  # looking changes nothing
    with pytest.raises(TableRefused) as unknown:
        teacher.round_comparison("round-nothing")
    assert unknown.value.sentence == words.NO_ROUND.format(round="'round-nothing'")

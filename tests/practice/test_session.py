"""One learner's Ace Pilot Practice kept in the store (issue 26): no history starts in the
middle and says so; ratings move and are kept; a damaged or foreign store, a deal this acelab no
longer has and a clock gone backwards each get a sentence, and practice goes on."""

from __future__ import annotations

from pathlib import Path

from acelab.ace_pilot.solver import solve
from acelab.practice.rating import MIDDLE
from acelab.practice.scopes import CLOCK_SCOPE, GAME, HISTORY_SCOPE, ITEM_SCOPE, LEARNER_SCOPE
from acelab.practice.session import AcePilotPractice
from acelab.store import FILE_NAME, open_store


def _solve(practice: AcePilotPractice) -> str:
    assert practice.offer is not None
    deal = practice.offer.deal
    return str(solve(deal.hand, deal.target, deal.start)[0])


def test_a_new_learner_starts_in_the_middle_and_is_told(tmp_path: Path) -> None:
    practice = AcePilotPractice(open_store(tmp_path), seed=1, clock=1000.0)
    assert practice.ability == MIDDLE
    assert any("you start in the middle" in note for note in practice.notes)
    offer = practice.next()
    assert offer.reason.startswith("A first deal")


def test_solving_moves_the_rating_and_the_store_keeps_it(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    practice = AcePilotPractice(store, seed=2, clock=1000.0)
    offer = practice.next()
    verdict = practice.answer(_solve(practice))
    assert verdict.correct and practice.ability > MIDDLE
    practice.answer("H(2) nonsense")  # a second answer to the same deal does not rate again
    after_one = practice.ability
    assert store.ratings(LEARNER_SCOPE)[GAME] == (after_one, 1)
    assert str(offer.deal) in store.ratings(ITEM_SCOPE)
    practice.next()
    practice.next()  # the deal before was left unsolved: it counts as not solved
    assert practice.ability < after_one and len(practice.history) == 2
    again = AcePilotPractice(open_store(tmp_path), seed=3, clock=2000.0)
    assert again.ability == practice.ability and again.history == practice.history
    assert not any("middle" in note for note in again.notes)
    assert len(open_store(tmp_path).ratings(HISTORY_SCOPE)) == 2


def test_giving_up_shows_a_winning_equation(tmp_path: Path) -> None:
    practice = AcePilotPractice(open_store(tmp_path), seed=4)
    offer = practice.next()
    said = practice.give_up()
    assert said.startswith("One way:") and f"makes {offer.deal.target}" in said
    assert practice.ability < MIDDLE


def test_a_clock_gone_backwards_and_a_deal_gone_are_said(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.save_rating(CLOCK_SCOPE, GAME, 5000.0, 0)
    store.save_rating(ITEM_SCOPE, "1-1-1-1/99/Z", 1.0, 3)  # a deal no acelab deals
    practice = AcePilotPractice(store, seed=5, clock=100.0)
    notes = " ".join(practice.notes)
    assert "clock is behind" in notes and "1 rated deal(s) are no longer dealt" in notes
    practice.next()
    assert practice.answer(_solve(practice)).correct
    assert "1-1-1-1/99/Z" in store.ratings(ITEM_SCOPE)  # kept, never deleted
    assert store.ratings(CLOCK_SCOPE)[GAME][0] == 5000.0


def test_a_damaged_store_is_said_and_practice_goes_on(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"not a database at all" * 50)
    practice = AcePilotPractice(open_store(tmp_path), seed=6)
    assert any("nothing is kept" in note for note in practice.notes)
    practice.next()
    assert practice.answer(_solve(practice)).correct and practice.ability > MIDDLE
    assert (tmp_path / FILE_NAME).read_bytes() == b"not a database at all" * 50


def test_without_a_store_practice_runs_in_memory() -> None:
    practice = AcePilotPractice(None, seed=7)
    practice.next()
    assert practice.answer("D(").correct is False


def test_a_foreign_store_is_said_left_alone_and_practice_goes_on(tmp_path: Path) -> None:
    import sqlite3

    foreign = tmp_path / FILE_NAME
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    before = foreign.read_bytes()
    practice = AcePilotPractice(open_store(tmp_path), seed=8)
    assert any("another program" in note for note in practice.notes)
    practice.next()
    assert practice.answer(_solve(practice)).correct
    assert foreign.read_bytes() == before

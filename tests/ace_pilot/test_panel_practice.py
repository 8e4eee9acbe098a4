"""Ace Pilot's Practice mode (issue 26): a round at the learner's level on the game's own
table, with why it comes next, rated when it ends; Show me a way and Next deal; the bad input of
the issue each said in a sentence while play goes on. Driven through the panel's Python API and
its gestures, as the buttons drive it."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from acelab.ace_pilot import Phase
from acelab.ace_pilot.panel import NEXT_DEAL, SHOW_A_WAY, AcePilotPanel
from acelab.ace_pilot.solver import solve
from acelab.practice.calibrate import RATINGS_FILE
from acelab.practice.rating import MIDDLE
from acelab.practice.scopes import GAME, ITEM_SCOPE, LEARNER_SCOPE
from acelab.practice.session import AcePilotPractice
from acelab.store import FILE_NAME, open_store
from acelab.widgets.practice import PracticePanel
from tests.support import refused


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)  # no class ratings file unless a test writes one


def tap(panel: AcePilotPanel, zone: str, confirmed: bool = False) -> bool:
    """A button of the table pressed, as the browser sends it."""
    content = {"kind": "control", "zone": zone, "seq": panel.table.settled + 1}
    return bool(panel.table.gesture({**content, "confirmed": confirmed}))


def win(panel: AcePilotPanel) -> None:
    """Build a winning equation card by card, as a learner clicks it, and Confirm."""
    offer = panel.practice.offer if panel.practice else None
    assert offer is not None
    deal = offer.deal
    groups = solve(deal.hand, deal.target, deal.start)[0].groups
    hand = list(panel.state.hand)

    def card(value: int) -> str:
        found = next(c for c in hand if c.value == value)
        hand.remove(found)
        return str(found)

    at = next(i for i, g in enumerate(groups) if g.suit is deal.start)
    for value in groups[at].values:
        assert panel.select(card(value)), panel.messages.text
        assert panel.place(deal.start), panel.messages.text
    sides = [(i, "left") for i in range(at - 1, -1, -1)]
    sides += [(i, "right") for i in range(at + 1, len(groups))]
    for index, side in sides:
        first, *rest = groups[index].values
        assert panel.select(card(first)) and panel.add_pilot(groups[index].suit, side)  # type: ignore[arg-type]
        for value in rest:
            assert panel.select(card(value)) and panel.place(groups[index].suit)
    assert panel.build is not None
    steps = len(panel.build.division_steps())
    for roundings in itertools.product(("down", "up"), repeat=steps):
        for step, rounding in enumerate(roundings):
            assert panel.set_rounding(step, rounding)  # type: ignore[arg-type]
        if panel.build.value() == deal.target:
            break
    assert panel.confirm()


def test_practice_deals_one_round_at_the_learners_level_and_says_why() -> None:
    panel = AcePilotPanel(seed=11, practice=True)
    practice = panel.practice
    assert practice is not None and practice.offer is not None
    offer = practice.offer
    assert panel.state.practice and panel.state.phase is Phase.ASSAULT
    assert panel.state.hand_values == offer.deal.hand and panel.state.target == offer.deal.target
    assert panel.state.assault is offer.deal.start and panel.options == {"deal": str(offer.deal)}
    box = panel.practice_box.value.replace("&#x27;", "'")
    assert offer.reason in box and "times in 100" in box
    assert "you start in the middle" in box  # no history: the middle, and said
    assert panel.build is not None  # the equation can be built at once
    keys = [c.key for c in panel.adjust_view(panel.table_view()).controls]
    assert SHOW_A_WAY in keys and NEXT_DEAL in keys and "new" not in keys and "give_up" in keys
    assert panel.challenge_field is None and panel.seed_field.layout.display == "none"
    assert "Practice" in panel.how_to_play.value


def test_a_round_won_with_clicks_rates_up_and_is_saved_finished() -> None:
    panel = AcePilotPanel(seed=12, practice=True)
    practice = panel.practice
    assert practice is not None and practice.offer is not None
    deal = str(practice.offer.deal)
    win(panel)
    assert panel.state.phase is Phase.OVER and panel.prompt_text().startswith("Solved!")
    assert practice.ability > MIDDLE and "Solved" in panel.practice_box.value
    store = open_store()
    assert store.ratings(LEARNER_SCOPE)[GAME] == (practice.ability, 1)
    assert deal in store.ratings(ITEM_SCOPE)
    saved = [g for g in store.games("ace_pilot") if g.options == {"deal": deal}]
    assert len(saved) == 1 and saved[0].finished and saved[0].outcome is not None
    assert saved[0].outcome.won(0) and saved[0].replay() == panel.state  # replays exactly
    keys = [c.key for c in panel.adjust_view(panel.table_view()).controls]
    assert SHOW_A_WAY not in keys
    ability = practice.ability
    assert panel.undo()  # taking the win back and winning again does not rate twice
    assert panel.state.phase is Phase.ASSAULT and panel.confirm()
    assert practice.ability == ability and "counts as solved" in panel.practice_box.value
    assert "Round 1: Victory!" in panel.log.entries[-1]
    assert "Practice deal solved" in panel.log.entries[-1]


def test_show_me_a_way_then_next_deal_by_the_buttons() -> None:
    panel = AcePilotPanel(seed=13, practice=True)
    practice = panel.practice
    assert practice is not None and practice.offer is not None
    first = practice.offer
    assert tap(panel, SHOW_A_WAY)
    assert panel.messages.text.startswith("One way:") and practice.ability < MIDDLE
    assert "counts as not solved" in panel.practice_box.value
    win(panel)  # building the way shown finishes the round; it stays not solved
    assert practice.ability < MIDDLE and panel.state.phase is Phase.OVER
    assert "(the deal counts as not solved)" in panel.prompt_text()
    assert panel.show_a_way() == "This round is over: press Next deal for the next one."
    assert tap(panel, NEXT_DEAL)
    assert practice.offer is not first and panel.state.phase is Phase.ASSAULT
    assert practice.offer.reason in panel.practice_box.value.replace("&#x27;", "'")
    assert "you start in the middle" not in panel.practice_box.value  # said once
    assert panel.options == {"deal": str(practice.offer.deal)} and not panel.history


def test_leaving_an_unsolved_deal_asks_first_and_counts_it_not_solved() -> None:
    panel = AcePilotPanel(seed=14, practice=True)
    practice = panel.practice
    assert practice is not None
    first = practice.offer
    tap(panel, NEXT_DEAL)  # not confirmed: the question, nothing dealt
    assert practice.offer is first and "counts as not solved" in panel.table.status["text"]
    tap(panel, NEXT_DEAL, confirmed=True)
    assert practice.offer is not first and len(practice.history) == 1
    assert practice.ability < MIDDLE


def test_giving_up_ends_the_round_not_solved() -> None:
    panel = AcePilotPanel(seed=18, practice=True)
    tap(panel, "give_up")  # asks first
    assert panel.state.phase is Phase.ASSAULT
    tap(panel, "give_up", confirmed=True)
    assert panel.state.phase is Phase.OVER and panel.prompt_text().startswith("Not solved.")
    assert panel.practice is not None and panel.practice.ability < MIDDLE
    assert "Not solved this time" in panel.practice_box.value
    assert "Practice deal given up" in panel.log.entries[-1]
    assert "four pilots" not in panel.log.entries[-1]


def test_a_full_solution_hint_counts_as_not_solved() -> None:
    panel = AcePilotPanel(seed=15, practice=True)
    for _ in range(4):
        said = panel.show_hint()
    assert said.startswith("Hint 4 of 4")
    assert panel.practice is not None and panel.practice.ability < MIDDLE
    assert "counts as not solved" in panel.practice_box.value


def test_a_damaged_store_is_said_and_practice_goes_on(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / FILE_NAME).write_bytes(b"not a database at all" * 50)
    panel = AcePilotPanel(seed=16, practice=True)
    assert "nothing is kept" in panel.practice_box.value
    win(panel)
    assert panel.practice is not None and panel.practice.ability > MIDDLE
    assert (home / FILE_NAME).read_bytes() == b"not a database at all" * 50


def test_a_rated_deal_gone_and_a_foreign_class_file_are_said(tmp_path: Path) -> None:
    open_store().save_rating(ITEM_SCOPE, "1-1-1-1/99/Z", 1.0, 3)
    (tmp_path / RATINGS_FILE).write_text("{}")
    panel = AcePilotPanel(seed=17, practice=True)
    box = panel.practice_box.value
    assert "no longer dealt" in box and "not a ratings file written by acelab" in box
    assert "1-1-1-1/99/Z" in open_store().ratings(ITEM_SCOPE)  # kept, never deleted
    win(panel)
    assert panel.state.outcome is not None and panel.state.outcome.won(0)


def test_a_session_can_be_given_and_practice_panel_opens_this_mode(tmp_path: Path) -> None:
    store = open_store(tmp_path / "elsewhere")
    panel = AcePilotPanel(practice=AcePilotPractice(store, seed=3))
    win(panel)
    assert store.ratings(LEARNER_SCOPE)[GAME][1] == 1
    older = PracticePanel(open_store(tmp_path / "other"), seed=11)
    assert isinstance(older, AcePilotPanel) and older.practice is not None
    same = AcePilotPanel(seed=11, practice=True, save=False)
    assert same.practice is not None and same.practice.store is None
    assert same.practice.offer is not None and older.practice.offer is not None
    assert same.practice.offer.deal == older.practice.offer.deal  # the seed fixes the deals


def test_bad_arguments_are_refused_in_a_sentence() -> None:
    for kwargs in (
        {"practice": "yes"},
        {"practice": True, "challenge": 3},
        {"practice": True, "extended": True},
        {"practice": True, "seed": "words"},
    ):
        refused(lambda: AcePilotPanel(**kwargs))  # type: ignore[arg-type]  # noqa: B023
    plain = AcePilotPanel(seed=5)
    refused(plain.next_deal)
    assert plain.practice_box.layout.display == "none"

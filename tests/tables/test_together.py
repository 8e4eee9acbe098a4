"""Play with classmates (issue 25 item 2): two game panels in one process at one table of the
real table service on 127.0.0.1 (tests/tables/support.py; no mock of the service). A move by one
seat reaches the other panel with nobody pressing anything; no panel's table model (the view it
holds, the card table it draws, its log) ever names a card its seat may not see; without a hub,
and at every refusal, one sentence in the panel and nothing changes."""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from acelab.absolutely_aces.moves import Pick
from acelab.absolutely_aces.panel import AbsolutelyAcesPanel
from acelab.ace_of_spades.panel import AceOfSpadesPanel
from acelab.ace_of_spades_lex.panel import LexPanel
from acelab.engine import encode
from acelab.tables import Tables, words
from acelab.tables.client import TableClient
from acelab.widgets.table import Gesture
from acelab.widgets.together import Together
from tests.conformance.games import ADAPTERS
from tests.conformance.test_leaks import named
from tests.tables.support import serving


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Tables]]:
    tables = Tables(tmp_path_factory.mktemp("together") / "tables.sqlite3")
    with serving(tables) as url:
        yield url, tables
    tables.close()


def seated(panel: Any, url: str, name: str) -> Together:
    """``panel``'s "Play with classmates" as the hub user ``name`` (a test token)."""
    together: Together = panel.together
    together.client = lambda: TableClient(url, f"test-{name}", timeout=30)
    return together


def until(condition: Callable[[], bool]) -> None:
    """Wait for the background thread to bring news (no wall clock asserted: a generous cap)."""
    event = threading.Event()
    for _ in range(600):
        if condition():
            return
        event.wait(0.05)
    raise AssertionError("the other seat's panel never heard the move")


def true_state(tables: Tables, code: str) -> Any:
    """The table's real state, replayed by the test from the service's saved moves."""
    room = tables.room(code)
    rules = room.kind.game()
    state = rules.new_state(room.seed, **room.kind.new_options(room.options, len(room.seats)))
    for move in room.moves:
        state = rules.step(state, move).state
    return state


def check_no_other_hand(together: Together, tables: Tables, game: str) -> int:
    """Nothing the panel holds at the table names a card its seat may not see; how many cards
    the seat may not see (so a test shows the check had something to find)."""
    view = together.view
    assert view is not None
    hidden = ADAPTERS[game].hidden(true_state(tables, view.code), view.seat)
    held = named(encode(view.observation), ADAPTERS[game].history)
    drawn = named(together.table.zones, ())
    logged = set(" ".join(together.log.entries).split())
    assert not hidden & (held | drawn), f"seat {view.seat} holds {sorted(hidden & (held | drawn))}"
    assert not hidden & logged
    return len(hidden)


def test_a_pick_in_one_panel_reaches_the_other(service: tuple[str, Tables]) -> None:
    url, tables = service
    ana_panel = AbsolutelyAcesPanel(seed=3, save=False, pause=0)
    ben_panel = AbsolutelyAcesPanel(seed=4, save=False, pause=0)
    ana, ben = seated(ana_panel, url, "ana"), seated(ben_panel, url, "ben")
    try:
        code = ana.start()
        assert len(code) == 6 and ana.view is not None and ana.view.seat == 0
        assert ben.join(code) and ben.view is not None and ben.view.seat == 1
        until(lambda: "ben (connected)" in ana.about.value)  # ana heard ben sit down
        assert ana_panel.body.layout.display == "none"  # the solitary game is put aside…
        assert ana_panel.moves == []  # …unchanged
        for together in (ana, ben):
            assert check_no_other_hand(together, tables, "absolutely_aces") > 0
        card = ana.view.observation.hands[0][0]
        ana.handle(Gesture("card", card=card, zone="hand"))  # the game's own gesture
        assert ana.view.version == 1, ana.table.status
        until(lambda: ben.view is not None and ben.view.version == 1)
        assert ben.log.entries == ["ana picked"], "ben hears a pick, not which card"
        for together in (ana, ben):
            check_no_other_hand(together, tables, "absolutely_aces")
        before = ben.view.version
        assert not ana.play(ana.view.legal[0] if ana.view.legal else None)
        assert ana.table.status["text"]  # refused in a sentence (not ana's go)
        mine = ben.view.observation.hands[1][0]
        ben.handle(Gesture("card", card=mine, zone="hand"))
        assert ben.view.version == before + 1
        until(lambda: ana.view is not None and ana.view.version >= before + 1)
        for together in (ana, ben):
            check_no_other_hand(together, tables, "absolutely_aces")
    finally:
        ana_panel.close()
        ben_panel.close()


def test_the_second_seat_picks_first_and_its_pick_waits_unseen(
    service: tuple[str, Tables],
) -> None:
    url, tables = service
    ana_panel = AbsolutelyAcesPanel(seed=5, save=False, pause=0)
    ben_panel = AbsolutelyAcesPanel(seed=6, save=False, pause=0)
    ana, ben = seated(ana_panel, url, "ana5"), seated(ben_panel, url, "ben5")
    try:
        code = ana.start()
        assert ben.join(code) and ben.view is not None and ben.view.seat == 1
        mine = ben.view.observation.hands[1][0]
        ben.handle(Gesture("card", card=mine, zone="hand"))  # before ana: held, not refused
        assert ben.view.version == 0 and ben.view.held == Pick(1, mine), ben.table.status
        assert "Your pick is made" in ben.table.prompt
        until(lambda: ana.view is not None and ana.view.held_seats == (1,))
        assert ana.view.held is None and ana.view.observation.picks == (None, None)
        for together in (ana, ben):
            check_no_other_hand(together, tables, "absolutely_aces")
        other = ben.view.observation.hands[1][1]
        ben.handle(Gesture("card", card=other, zone="hand"))  # the first pick stands
        assert ben.table.status["text"] == words.HELD and ben.view.held == Pick(1, mine)
        ana.handle(Gesture("card", card=ana.view.observation.hands[0][0], zone="hand"))
        assert ana.view.version == 2, "ana's pick, then ben's held pick, went in"
        until(lambda: ben.view is not None and ben.view.version == 2)
        assert tables.room(code).moves[1] == Pick(1, mine)
        for together in (ana, ben):
            check_no_other_hand(together, tables, "absolutely_aces")
    finally:
        ana_panel.close()
        ben_panel.close()


def test_a_lex_table_of_three_plays_on_in_every_panel(service: tuple[str, Tables]) -> None:
    url, tables = service
    panels = [LexPanel(seed=5, players=3, save=False, pause=0) for _ in range(2)]
    ana, ben = seated(panels[0], url, "lana"), seated(panels[1], url, "lben")
    try:
        code = ana.start(["person", "person", "bot"])
        assert ben.join(code)
        seats = {0: ana, 1: ben}
        for _ in range(12):
            view = ana.view
            assert view is not None
            if view.status != "playing" or view.to_move not in seats:
                break
            mover = seats[view.to_move]
            until(lambda m=mover: m.view is not None and m.view.my_go)
            assert mover.view is not None and mover.play(mover.view.legal[0])
            version = mover.view.version
            for other in seats.values():
                until(lambda o=other, v=version: o.view is not None and o.view.version >= v)
                check_no_other_hand(other, tables, "ace_of_spades_lex")
        assert ana.log.entries and ben.log.entries
        assert ana.view is not None and ana.view.version > 0
        assert ana.view.version == ben.view.version if ben.view is not None else False
    finally:
        for panel in panels:
            panel.close()


def test_partners_in_devirs_coop_see_each_other_play(service: tuple[str, Tables]) -> None:
    url, tables = service
    panels = [AceOfSpadesPanel(seed=2, players=2, save=False, pause=0) for _ in range(2)]
    ana, ben = seated(panels[0], url, "cana"), seated(panels[1], url, "cben")
    try:
        code = ana.start()
        assert ben.join(code)
        check_no_other_hand(ben, tables, "ace_of_spades")
        mover, other = (ana, ben) if ana.view is not None and ana.view.my_go else (ben, ana)
        assert mover.view is not None
        card = str(mover.view.observation.available[0])
        mover.handle(Gesture("card", card=card, zone="hand"))  # chosen at the device only
        assert mover.view.version == 0
        mover.handle(Gesture("control", zone="discard", confirmed=True))
        assert mover.view.version == 1, mover.table.status
        until(lambda: other.view is not None and other.view.version == 1)
        for together in (ana, ben):
            check_no_other_hand(together, tables, "ace_of_spades")
    finally:
        for panel in panels:
            panel.close()


def test_without_a_hub_one_sentence_and_the_game_as_today(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ACELAB_TABLES_URL", raising=False)
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    panel = AbsolutelyAcesPanel(seed=3, save=False, pause=0)
    assert words.NO_HUB in html.unescape(panel.together.about.value)
    assert panel.together.start() == ""
    assert panel.messages.text == words.NO_HUB
    assert not panel.together.join("ABCDEF")
    assert panel.together.view is None and panel.body.layout.display != "none"
    card = panel.view.hands[0][0]
    assert panel.pick(card) and len(panel.moves) >= 1  # the solitary game plays as today


def test_a_wrong_code_and_a_full_table_are_one_sentence(service: tuple[str, Tables]) -> None:
    url, tables = service
    panels = [AbsolutelyAcesPanel(seed=3, save=False, pause=0) for _ in range(3)]
    ana, ben, cat = (
        seated(p, url, n) for p, n in zip(panels, ("wana", "wben", "wcat"), strict=True)
    )
    try:
        assert not ben.join("nope")
        assert panels[1].messages.text.count(".") == 1 and ben.view is None
        unknown = next(
            c for c in ("AAAAAA", "CCCCCC") if c not in {t["code"] for t in tables.overview()}
        )
        assert not ben.join(unknown.lower())
        assert panels[1].messages.text == words.NO_TABLE.format(code=unknown)
        code = ana.start()
        assert ben.join(code)
        assert not cat.join(code)
        assert panels[2].messages.text == words.FULL.format(code=code)
        assert cat.view is None and panels[2].body.layout.display != "none"
    finally:
        for panel in panels:
            panel.close()


def test_closing_the_panel_stops_hearing_the_table(service: tuple[str, Tables]) -> None:
    url, _ = service
    panel = AbsolutelyAcesPanel(seed=3, save=False, pause=0)
    together = seated(panel, url, "close")
    together.start(["person", "bot"])
    seat = together.seat
    assert seat is not None and seat._watching is not None
    panel.close()
    assert seat._watching is None


def test_leaving_puts_the_solitary_game_back(service: tuple[str, Tables], tmp_path: Path) -> None:
    url, _ = service
    panel = LexPanel(seed=5, players=2, save=False, pause=0)
    together = seated(panel, url, "leave")
    together.start(["person", "bot"])
    assert panel.body.layout.display == "none"
    assert together.leave()
    assert together.view is None and panel.body.layout.display == ""


def test_a_move_at_a_table_that_moved_on_is_refused_and_shows_it_now(
    service: tuple[str, Tables],
) -> None:
    url, _ = service
    panels = [AbsolutelyAcesPanel(seed=3, save=False, pause=0) for _ in range(2)]
    ana, ben = (seated(p, url, n) for p, n in zip(panels, ("sana", "sben"), strict=True))
    try:
        assert ben.join(ana.start())
        assert ben.seat is not None and ana.view is not None and ben.view is not None
        ben.seat.stop()
        old = ben.view  # ben's panel has not heard ana's pick yet (a slow network, say)
        ana.play(ana.view.legal[0])
        ben.seat.view = old
        card = ben.view.observation.hands[1][0]
        assert not ben.play(Pick(1, card))
        assert ben.table.status["text"] == words.STALE
        assert ben.view.version == 1  # the table as it is now, to choose again
        assert ben.play(Pick(1, card))
    finally:
        for panel in panels:
            panel.close()

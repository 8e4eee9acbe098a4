"""benchmarks/tables.py stays right without a hub (issue 25): its command line, the class's
tables, the lost-move judge, the side-by-side table, and the seat its kernels run (the real
"Play with classmates" control) at a real table service on 127.0.0.1 (tests/tables/support.py),
every move it sends in the service's record and shown at the other seat. The run itself, on
the real hub, is the benchmark's, not a test's."""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from typing import Any

import pytest

from acelab.tables import Tables
from acelab.tables.client import TableClient
from benchmarks import tables as bench
from tests.tables.support import serving


def test_thirty_pupils_sit_at_six_lex_tables_of_three_and_six_duels() -> None:
    tables = bench.class_tables(30)
    assert tables == [(bench.LEX, 3), (bench.ACES, 2)] * 6
    assert bench.mix_text(tables) == (
        "12 tables: 6 of Lex's Ace of Spades for 3, 6 of Absolutely Aces for 2"
    )


@pytest.mark.parametrize("pupils", range(2, 41))
def test_every_pupil_has_a_seat_and_every_table_is_playable(pupils: int) -> None:
    tables = bench.class_tables(pupils)
    assert sum(size for _, size in tables) == pupils
    assert all(2 <= size <= 6 if game == bench.LEX else size == 2 for game, size in tables)


def test_one_pupil_is_no_table() -> None:
    with pytest.raises(ValueError, match="at least 2 pupils"):
        bench.class_tables(1)


def test_the_defaults_are_the_issue_s() -> None:
    args = bench.parse([])
    assert (args.seats, args.pupils, args.seconds, args.think) == (200, 30, 60, 1.0)
    args = bench.parse(["50", "--pupils", "0", "--seconds", "5", "--think", "0"])
    assert (args.seats, args.pupils, args.seconds, args.think) == (50, 0, 5, 0)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["1"], "SEATS is 0 or from 2 to 2000, not 1."),
        (["--pupils", "1"], "--pupils is 0 or from 2 to 200, not 1."),
        (["0", "--pupils", "0"], "nothing to measure"),
        (["--seconds", "-3"], "--seconds is more than 0"),
        (["--think", "-1"], "--think is from 0 to 60 seconds, not -1."),
        (["many"], "invalid int value: 'many'"),
    ],
)
def test_a_wrong_command_line_is_one_sentence(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        bench.parse(argv)
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err


def _seat(seat: int, sent: list[tuple[int, float, Any]], drawn: dict[int, float]) -> dict:
    moves = [{"version": v, "at": at, "move": move} for v, at, move in sent]
    return {"seat": seat, "sent": moves, "drawn": drawn}


def test_the_judge_times_each_other_seat_and_finds_every_lost_move() -> None:
    reports = {
        "ABCDEF": [
            _seat(0, [(1, 10.0, ["m", 1]), (3, 20.0, ["m", 3])], {1: 10.0, 2: 15.5, 3: 20.0}),
            _seat(1, [(2, 15.0, ["m", 2])], {1: 10.05, 2: 15.0, 3: 20.2}),
            _seat(2, [], {1: 10.1, 2: 15.25}),  # never showed version 3
        ]
    }
    saved = {("ABCDEF", 1): (0, ["m", 1]), ("ABCDEF", 2): (1, ["m", 2])}  # version 3 missing
    delays, lost = bench.judge(reports, saved)
    assert sorted(round(d) for d in delays) == [50, 100, 200, 250, 500]
    assert lost == [
        "table ABCDEF version 3 (seat 0): not in the service's record as sent",
        "table ABCDEF version 3 (seat 0): never shown at seat 2",
    ]
    saved[("ABCDEF", 3)] = (1, ["m", 3])  # held, but as another seat's move
    assert bench.judge(reports, saved)[1][0].endswith("not in the service's record as sent")


def test_the_judge_finds_each_early_pick_in_the_record_and_at_every_seat() -> None:
    """An early pick is held by the service and applied on its seat's go, at a version its
    sender did not know: the judge finds it in the record (the same pick made in two rounds
    is two versions) and at the other seat, or says it was lost."""
    pick = ["pick", 1, "7S"]
    first = _seat(0, [(1, 1.0, ["pick", 0, "AS"]), (3, 5.0, ["pick", 0, "KD"])], {1: 1, 2: 1})
    second = _seat(1, [], {1: 1.1, 2: 1.1, 3: 5.1})
    second["held"] = [{"code": "ABCDEF", "at": 0.5, "move": pick}] * 2
    first["held"] = []
    saved = {("ABCDEF", 1): (0, ["pick", 0, "AS"]), ("ABCDEF", 2): (1, pick),
             ("ABCDEF", 3): (0, ["pick", 0, "KD"]), ("ABCDEF", 4): (1, pick)}  # fmt: skip
    reports = {"ABCDEF": [first, second]}
    first["drawn"] |= {3: 5.0, 4: 5.0}
    assert bench.judge(reports, saved)[1] == []
    del first["drawn"][4]
    assert bench.judge(reports, saved)[1] == [
        "table ABCDEF, an early pick of seat 1: never shown at seat 0"
    ]
    del saved[("ABCDEF", 4)]
    assert bench.judge(reports, saved)[1] == [
        "table ABCDEF, an early pick of seat 1: not in the service's record"
    ]


def test_the_figures_stand_side_by_side_with_the_goals() -> None:
    column = {"delays": [10.0, 20.0, 30.0, 400.0], "moves": 4, "rate": 2.0, "refused": 1,
              "lost": [], "failures": [], "memory": (50.0, 60.0)}  # fmt: skip
    lines = bench.side_by_side({"30 pupils, hub": column, "200 simulated seats": column})
    assert "30 pupils, hub" in lines[0] and "200 simulated seats" in lines[0]
    p50 = next(line for line in lines if "p50" in line)
    assert p50.split()[-7:] == ["20", "ms", "20", "ms", "under", "100", "ms"]
    assert bench.percentile([1.0, 2.0, 3.0, 4.0, 5.0], 0.9) == 4.0
    assert any("lost moves" in line and line.rstrip().endswith("0") for line in lines)


def test_each_pupil_s_report_is_split_by_table() -> None:
    measured = {
        "ana": {"seats": {"AAAAAA": 0, "BBBBBB": 1}, "drawn": {"AAAAAA": {"1": 1.0}, "BBBBBB": {}},
                "sent": [{"code": "AAAAAA", "version": 1, "at": 0.5, "move": 7}]},
        "ben": {"seats": {"AAAAAA": 1}, "drawn": {"AAAAAA": {"1": 1.5}}, "sent": []},
    }  # fmt: skip
    tables = bench.by_table(measured)
    assert tables["AAAAAA"] == [
        {"seat": 0, "sent": [{"code": "AAAAAA", "version": 1, "at": 0.5, "move": 7}],
         "held": [], "drawn": {1: 1.0}},
        {"seat": 1, "sent": [], "held": [], "drawn": {1: 1.5}},
    ]  # fmt: skip
    assert tables["BBBBBB"] == [{"seat": 1, "sent": [], "held": [], "drawn": {}}]
    delays, lost = bench.judge(tables, {("AAAAAA", 1): (0, 7)})
    assert (delays, lost) == ([1000.0], [])


def test_the_kernel_s_seat_plays_table_after_table_through_the_real_control(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the control keeps each finished game in the pupil's store: a store of this test's own
    monkeypatch.setenv("ACELAB_HOME", str(tmp_path / "home"))
    namespace = runpy.run_path(str(bench.SEAT_CODE))
    tables = Tables(tmp_path / "tables.sqlite3")
    codes = []
    with serving(tables) as url:
        seats = [namespace["BenchSeat"](bench.ACES, 2) for _ in range(2)]
        for name, seat in zip(("ana", "ben"), seats, strict=True):
            seat.together.client = lambda name=name: TableClient(url, f"test-{name}", timeout=30)
        try:
            for table in range(2):  # a second table after the first, as the benchmark does
                codes.append(seats[0].start())
                assert seats[1].join(codes[-1]) == 1
                for number, seat in enumerate(seats):
                    # the first to pick thinks longer: the second has time to pick early
                    seat.play(600, (0.05, 0.005)[number], f"seed {table} {number}")
                assert seats[0].ended(600) == "finished"  # played to the end
        finally:
            for seat in seats:
                seat.stop()
        saved = bench.service_record(tmp_path / "tables.sqlite3")
        final = {code: max(v for c, v in saved if c == code) for code in codes}
        measured = {n: json.loads(seat.report(final, 60)) for n, seat in enumerate(seats)}
        for seat in seats:
            seat.panel.close()
    tables.close()
    assert all(report["errors"] == [] for report in measured.values())
    reports = bench.by_table(measured)
    assert sorted(reports) == sorted(codes)
    assert [len(reports[code]) for code in codes] == [2, 2]
    delays, lost = bench.judge(reports, saved)
    assert lost == []
    assert len(delays) == sum(len(r["sent"]) for r in measured.values()) >= 12
    assert sum(len(r["held"]) for r in measured.values()) >= 1, "no seat picked early"
    assert all(delay >= 0 for delay in delays)

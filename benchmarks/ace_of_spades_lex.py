"""Lex Productions' Ace of Spades speed figures, side by side with their targets, in one run.

* ``simulate`` with four heuristic bots: full games per second (target at least 1,000), measured
  by the wall clock and by the process's CPU time (the machine may be shared), best of 5 runs;
* the heuristic and random bots' decisions: median and 99th percentile (target: median < 1 ms);
* the public engine's ``step``: median per move, for comparison with the working-table path;
* the play panel: a click's Python-side time (target < 20 ms), for a click that only redraws
  (a card explained) and for Draw, which also plays the three bots' moves and redraws each
  (``pause=0``: the bots at once); and with the bots paced as in a live notebook (each bot move
  scheduled on the event loop, here a clock run by hand): the learner's click to settled, and
  one bot move sent alone;
* win rates of one heuristic bot against three random ones, seat by seat, with 95% intervals.
"""

from __future__ import annotations

import statistics
import time

from acelab.ace_of_spades_lex import AceOfSpadesLex, heuristic_bot, random_bot, simulate
from acelab.ace_of_spades_lex.actions import legal, play
from acelab.ace_of_spades_lex.state import Phase, deciding_seat
from acelab.ace_of_spades_lex.working import new_working, view
from acelab.engine import derive_rng

GAMES = 1000
RUNS = 5


def games_per_second() -> tuple[float, float]:
    """Best wall-clock and best CPU-time rate of ``simulate([heuristic_bot] * 4, GAMES)``."""
    walls, cpus = [], []
    for run in range(RUNS):
        wall, cpu = time.perf_counter(), time.process_time()
        simulate([heuristic_bot] * 4, games=GAMES, seed=f"speed {run}")
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return GAMES / min(walls), GAMES / min(cpus)


def decision_times(bot: object, games: int = 300) -> list[float]:
    """Seconds per decision of ``bot`` over every choice it meets in ``games`` games."""
    times = []
    names = tuple(f"Bot {p}" for p in range(4))
    for number in range(games):
        table = new_working(f"decide {number}", names, 0)
        rng = derive_rng("decide", number)
        while table.phase is not Phase.OVER:
            options = legal(table)
            actor = deciding_seat(table)
            assert actor is not None
            seen = view(table, actor)
            start = time.perf_counter()
            move = bot(seen, options, rng)  # type: ignore[operator]
            times.append(time.perf_counter() - start)
            play(table, move)
    return times


def step_times(games: int = 100) -> list[float]:
    game = AceOfSpadesLex()
    times = []
    for number in range(games):
        state = game.new_state(f"step {number}")
        rng = derive_rng("step", number)
        while not game.is_over(state):
            moves = game.legal_moves(state)
            actor = game.to_move(state)
            assert actor is not None
            move = heuristic_bot(game.observation(state, actor), moves, rng)
            start = time.perf_counter()
            state = game.step(state, move).state
            times.append(time.perf_counter() - start)
    return times


def panel_clicks(games: int = 5) -> tuple[list[float], list[float]]:
    """Python-side seconds per click on the play panel: card clicks, and Draw clicks."""
    import os
    import tempfile

    os.environ["ACELAB_HOME"] = tempfile.mkdtemp()  # never the learner's own store
    from acelab.ace_of_spades_lex.panel import LexPanel

    explain, draw = [], []
    for number in range(games):
        panel = LexPanel(seed=number, players=4, pause=0, save=False)
        while not panel.game.is_over(panel.state):
            table = panel.table
            keys = [c["key"] for c in table.controls if c["key"] != "new"]
            for key, times in (("card", explain), (keys[0], draw)):
                content = {"kind": "control", "zone": key, "confirmed": True}
                if key == "card":
                    hand = [c["key"] for z in table.zones if z["key"] == "hand" for c in z["cards"]]
                    if not hand:
                        continue
                    content = {"kind": "card", "card": hand[0]}
                table.gesture({**content, "seq": table.settled + 1})
                times.append(table.timings[-1])
                if panel.game.is_over(panel.state):
                    break
    return explain, draw


class _HandClock:
    """The event loop's ``call_later``, run by hand (the benchmark times each call)."""

    def __init__(self) -> None:
        self.due: list[object] = []

    def call_later(self, delay: float, callback: object) -> object:
        self.due.append(callback)
        return self

    def cancel(self) -> None:
        self.due.clear()


def paced_clicks(games: int = 5) -> tuple[list[float], list[float]]:
    """With the bots paced: Python-side seconds from a learner's click to settled (bots not
    yet moved), and per scheduled bot move (one move and its redraw)."""
    from acelab.ace_of_spades_lex.panel import LexPanel

    clicks, ticks = [], []
    for number in range(games):
        clock = _HandClock()
        panel = LexPanel(seed=number, players=4, pause=0.6, save=False, clock=clock)
        while not panel.game.is_over(panel.state):
            while clock.due:
                tick = clock.due.pop(0)
                start = time.perf_counter()
                tick()  # type: ignore[operator]
                ticks.append(time.perf_counter() - start)
            if panel.game.is_over(panel.state):
                break
            table = panel.table
            key = next(c["key"] for c in table.controls if c["key"] != "new")
            content = {"kind": "control", "zone": key, "confirmed": True}
            table.gesture({**content, "seq": table.settled + 1})
            clicks.append(table.timings[-1])
    return clicks, ticks


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(share * len(ordered)), len(ordered) - 1)]


def main() -> None:
    wall, cpu = games_per_second()
    print(f"simulate, 4 heuristic bots ({GAMES} games, best of {RUNS}):")
    print(f"  {wall:8.0f} games/s by the wall clock   target >= 1000   ratio {wall / 1000:.2f}")
    print(f"  {cpu:8.0f} games/s by CPU time         target >= 1000   ratio {cpu / 1000:.2f}")
    for name, bot in (("heuristic", heuristic_bot), ("random", random_bot)):
        times = decision_times(bot)
        median, p99 = statistics.median(times) * 1e3, percentile(times, 0.99) * 1e3
        print(
            f"{name} bot decision: median {median:.4f} ms, 99th percentile {p99:.4f} ms"
            f"   target median < 1 ms   ratio {median:.4f}"
        )
    steps = step_times()
    print(f"public step(): median {statistics.median(steps) * 1e6:.0f} µs per move")
    explain, draw = panel_clicks()
    clicks, ticks = paced_clicks()
    for name, times in (
        ("a card click (redraw only)", explain),
        ("a click, bots at once (pause=0)", draw),
        ("a click, bots paced: to settled", clicks),
        ("one paced bot move", ticks),
    ):
        median, p90 = statistics.median(times) * 1e3, percentile(times, 0.9) * 1e3
        print(
            f"panel, {name}: median {median:.1f} ms, 90th percentile {p90:.1f} ms"
            f"   target < 20 ms   ratio {median / 20:.2f}"
        )
    print("one heuristic bot against three random bots, by seat (4,000 games each):")
    for seat in range(4):
        bots = [random_bot] * 4
        bots[seat] = heuristic_bot
        result = simulate(bots, games=4000, seed=f"strength {seat}")
        low, high = result.intervals[seat]
        print(f"  seat {seat}: {result.rates[seat]:.1%} (95% CI {low:.1%} to {high:.1%}); fair 25%")


if __name__ == "__main__":
    main()

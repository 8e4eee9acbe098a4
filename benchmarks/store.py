"""Progress store speed: saving a move after every move of a game (issue 8: median < 5 ms).

Plays strong-bot games of Ace Pilot and times ``save_progress`` after each move, in a fresh
store in a temporary folder, with the events of each move; then the same while a second process
saves its own game at the same time (two notebooks open). Prints the median, the 90th
percentile and the worst save, and the time to list and replay every saved game.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import sys
import tempfile
import time

from acelab.ace_pilot import AcePilot, strong_bot
from acelab.engine import derive_rng
from acelab.store import open_store

GAME = AcePilot()


def save_game(seed: int) -> list[float]:
    """Seconds taken by each ``save_progress`` of one game played from ``seed``."""
    store = open_store()
    state, rng = GAME.new_state(seed), derive_rng(seed, "benchmark")
    game_id = store.start_game(GAME.name, seed)
    moves, events, times = [], [], []
    while not GAME.is_over(state):
        move = strong_bot(GAME.observation(state, 0), GAME.legal_moves(state), rng)
        step = GAME.step(state, move)
        moves.append(move)
        events.append(step.events)
        state = step.state
        start = time.perf_counter()
        store.save_progress(game_id, moves, events)
        times.append(time.perf_counter() - start)
    outcome = GAME.outcome(state)
    if outcome is not None:
        store.finish_game(game_id, outcome)
    if not store.writable:
        sys.exit(f"The store stopped saving: {store.problem}")
    return times


def _background(home: str, games: int) -> None:
    os.environ["ACELAB_HOME"] = home
    for seed in range(1000, 1000 + games):
        save_game(seed)


def report(label: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    print(
        f"{label}: {len(ms)} saves, median {statistics.median(ms):.2f} ms, "
        f"90th percentile {p90:.2f} ms, worst {ms[-1]:.2f} ms (goal: median < 5 ms)"
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["ACELAB_HOME"] = home
        alone = [t for seed in range(10) for t in save_game(seed)]
        report("Saving a move, one notebook", alone)
        other = multiprocessing.get_context("spawn").Process(target=_background, args=(home, 10))
        other.start()
        together = [t for seed in range(10, 20) for t in save_game(seed)]
        other.join()
        report("Saving a move, a second notebook saving at once", together)
        start = time.perf_counter()
        saved = open_store().games(GAME.name)
        listed = time.perf_counter() - start
        start = time.perf_counter()
        for game in saved:
            game.replay()
        replayed = time.perf_counter() - start
        print(
            f"Listing {len(saved)} saved games: {listed * 1000:.1f} ms; "
            f"replaying them all: {replayed * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()

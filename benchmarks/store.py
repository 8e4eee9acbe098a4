"""Progress store speed: saving a move after every move of a game (issue 8: median < 5 ms).

Plays strong-bot games of Ace Pilot and times ``save_progress`` after each move, in a fresh
store in a temporary folder, with the events of each move; then the same while a second process
saves its own game at the same time (two notebooks open). Prints the median, the 90th
percentile and the worst save, and the time to list and replay every saved game.

Then (issue 23) eight processes create one fresh store at the same moment and each saves a
40-move game move by move and an attempt per move, several times over: prints the moves and
attempts kept out of those saved (goal: all of them, no store that stopped saving), the full
``integrity_check`` of every file (goal: ok), how long opening took each of them and their saves;
and the time to open a store of 1,000 saved games (the full integrity check runs at every open).
Last, the race that costs a kernel its whole lesson, many times: eight processes open one new
store and start a game at the same moment, ROUNDS times; prints in how many rounds a process's
store would not save, and what it said (goal: none). Exits non-zero when anything was lost.

Run: .venv/bin/python benchmarks/store.py [RUNS [ROUNDS]]
     (RUNS of the eight processes saving games, default 5; ROUNDS of them opening, default 1000)
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from acelab.ace_pilot import AcePilot, strong_bot
from acelab.engine import derive_rng
from acelab.store import FILE_NAME, open_store

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


KERNELS = 8
MOVES = 40


def _moves(seed: int) -> list[Any]:
    state, rng, moves = GAME.new_state(seed), derive_rng(seed, "benchmark"), []
    while not GAME.is_over(state) and len(moves) < MOVES:
        move = strong_bot(GAME.observation(state, 0), GAME.legal_moves(state), rng)
        moves.append(move)
        state = GAME.apply(state, move)
    return moves


SPREAD = 0.01
"""Seconds over which the eight kernels start, as a class's kernels start near, not exactly at,
one moment: released at one instant, all eight find no file yet, and none looks at a store
another is creating."""


def _released(barrier: Any, spread: random.Random) -> None:
    """Wait for the other kernels, then start within :data:`SPREAD` seconds of them."""
    barrier.wait(120)
    time.sleep(spread.uniform(0, SPREAD))


def _kernel(home: str, seed: int, barrier: Any, results: Any) -> None:
    """One notebook's kernel: opens the store with the seven others at about one moment and
    saves a game move by move, with an attempt after each move (opened and closed, as
    :func:`acelab.teaching.answers.record_attempt` does)."""
    moves = _moves(seed)
    _released(barrier, random.Random(seed))
    start = time.perf_counter()
    store = open_store(home)
    opened = time.perf_counter() - start
    game_id = store.start_game(GAME.name, seed)
    saves = []
    for number in range(1, len(moves) + 1):
        start = time.perf_counter()
        store.save_progress(game_id, moves[:number])
        saves.append(time.perf_counter() - start)
        with open_store(home) as once:
            once.record_attempt(f"exercise {seed}", str(number), 1.0, True)
    trouble = store.problem or store.waiting if game_id else "its game was not started"
    store.close()
    results.put((seed, game_id, len(moves), opened, saves, trouble))


def _count(db: sqlite3.Connection, sql: str, arguments: tuple[Any, ...]) -> Any:
    """The first value ``sql`` reads, or ``None`` when the file is too damaged to read."""
    try:
        return db.execute(sql, arguments).fetchone()[0]
    except sqlite3.DatabaseError:
        return None


def creating_at_once(runs: int) -> bool:
    """Eight processes creating one store at the same moment, ``runs`` times; True when
    nothing was lost."""
    context = multiprocessing.get_context("spawn")
    kept = expected = attempts = damaged = 0
    troubles: list[str] = []
    opens: list[float] = []
    saves: list[float] = []
    start = time.perf_counter()
    for run in range(runs):
        with tempfile.TemporaryDirectory() as home:
            barrier, results = context.Barrier(KERNELS), context.Queue()
            seeds = [run * KERNELS + k for k in range(KERNELS)]
            kernels = [
                context.Process(target=_kernel, args=(home, seed, barrier, results))
                for seed in seeds
            ]
            for kernel in kernels:
                kernel.start()
            reports = [results.get(timeout=600) for _ in kernels]
            for kernel in kernels:
                kernel.join(60)
            db = sqlite3.connect(Path(home) / FILE_NAME)
            damaged += _count(db, "PRAGMA integrity_check", ()) != "ok"
            for seed, game_id, count, opened, timed, trouble in reports:
                expected += count
                opens.append(opened)
                saves.extend(timed)
                if trouble:
                    troubles.append(f"process {seed}: {trouble}")
                moves = _count(db, "SELECT count(*) FROM moves WHERE game_id = ?", (game_id,))
                kept += moves if isinstance(moves, int) else 0
                exercise = (f"exercise {seed}",)
                tries = _count(db, "SELECT count(*) FROM attempts WHERE exercise = ?", exercise)
                attempts += tries if isinstance(tries, int) else 0
            db.close()
    took = time.perf_counter() - start
    print(
        f"{KERNELS} processes creating one fresh store at once, {runs} runs ({took:.0f} s): "
        f"{kept}/{expected} moves and {attempts}/{expected} attempts kept, "
        f"{runs - damaged}/{runs} files pass integrity_check, {len(troubles)} stores stopped "
        "saving (goal: all kept, all pass, none stopped)"
    )
    for trouble in troubles[:5]:
        print(f"  {trouble}")
    ms = sorted(t * 1000 for t in opens)
    save_ms = sorted(t * 1000 for t in saves)
    print(
        f"  opening the store: median {statistics.median(ms):.1f} ms, worst {ms[-1]:.0f} ms; "
        f"saving a move meanwhile: median {statistics.median(save_ms):.2f} ms, "
        f"90th percentile {save_ms[int(0.9 * (len(save_ms) - 1))]:.2f} ms"
    )
    return kept == expected == attempts and not damaged and not troubles


def _opener(inbox: Any, outbox: Any, barrier: Any) -> None:
    """One kernel for :func:`opening_at_once`: opens the store in each folder it is sent, with
    the others at about one moment, and starts a game; until ``None``."""
    spread = random.Random(os.getpid())
    while (home := inbox.get()) is not None:
        _released(barrier, spread)
        store = open_store(home)
        game_id = store.start_game(GAME.name, 1)
        outbox.put(None if game_id else store.problem or store.waiting or "no game started")
        store.close()


def opening_at_once(rounds: int) -> bool:
    """Eight processes opening one new store at the same moment and starting a game, ``rounds``
    times; True when every store saved."""
    context = multiprocessing.get_context("spawn")
    barrier, outbox = context.Barrier(KERNELS), context.Queue()
    inboxes = [context.Queue() for _ in range(KERNELS)]
    kernels = [
        context.Process(target=_opener, args=(inbox, outbox, barrier), daemon=True)
        for inbox in inboxes
    ]
    for kernel in kernels:
        kernel.start()
    failed: list[str] = []
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for round_number in range(rounds):
            home = str(Path(folder) / str(round_number))
            for inbox in inboxes:
                inbox.put(home)
            said = [outbox.get(timeout=600) for _ in kernels]
            failed.extend(f"round {round_number + 1}: {words}" for words in said if words)
    for inbox in inboxes:
        inbox.put(None)
    for kernel in kernels:
        kernel.join(30)
    took = time.perf_counter() - start
    print(
        f"{KERNELS} processes opening one new store at once and starting a game, {rounds} rounds "
        f"({took:.0f} s): {len(failed)} stores would not save (goal: none)"
    )
    for words in failed[:3]:
        print(f"  {words}")
    return not failed


def opening_a_big_store(games: int = 1000) -> None:
    """The time to open a store of ``games`` saved games of 40 moves (the full integrity
    check reads every page)."""
    with tempfile.TemporaryDirectory() as home:
        store = open_store(home)
        game_id = store.start_game(GAME.name, 1)
        store.save_progress(game_id, _moves(1))
        store.close()
        db = sqlite3.connect(Path(home) / FILE_NAME)
        for _ in range(games - 1):
            db.execute(
                "INSERT INTO games (game, seed, options, status, started, updated) "
                "SELECT game, seed, options, status, started, updated FROM games WHERE id = 1"
            )
            db.execute(
                "INSERT INTO moves SELECT last_insert_rowid(), number, move, events FROM moves "
                "WHERE game_id = 1"
            )
        db.commit()
        db.close()
        size = (Path(home) / FILE_NAME).stat().st_size
        times = []
        for _ in range(5):
            start = time.perf_counter()
            store = open_store(home)
            times.append(time.perf_counter() - start)
            assert store.writable, store.problem
            store.close()
        print(
            f"Opening a store of {games} saved games ({size / 1e6:.1f} MB): median "
            f"{statistics.median(times) * 1000:.0f} ms (the full integrity check included)"
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
    opening_a_big_store()
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    kept = creating_at_once(runs)
    if not opening_at_once(rounds) or not kept:
        sys.exit("Something was lost with eight processes at once.")


if __name__ == "__main__":
    main()

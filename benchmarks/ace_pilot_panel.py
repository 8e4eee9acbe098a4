"""How long one click of the Ace Pilot play panel takes to re-render in Python (the claim: a
median under 20 ms).

Run: python benchmarks/ace_pilot_panel.py. Prints the median and worst time of each kind of
click over repeated runs of seed 4726170's winning round, each click sent as the card table's
gesture (no front end: the cost measured is the Python side of a click, gesture reading, engine,
view model and the traits that change). The panels do not save (no progress store is touched).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from acelab.ace_pilot.panel import AcePilotPanel

REPEATS = 30


SEED = 4726170


def _tap(
    kind: str, card: str | None = None, zone: str | None = None
) -> Callable[[AcePilotPanel], object]:
    def tap(panel: AcePilotPanel) -> object:
        seq = panel.table.settled + 1
        return panel.table.gesture({"kind": kind, "card": card, "zone": zone, "seq": seq})

    return tap


def winning_round() -> list[tuple[str, Callable[[AcePilotPanel], object]]]:
    """The clicks of seed 4726170's first round, won: Duke, K♣, ⌈13 / 12⌉ + 2 = 4."""
    return [
        ("choose pilot", _tap("card", "AD")),
        ("draw", _tap("card", "KC")),
        ("select card", _tap("card", "KC")),
        ("place card", _tap("zone", zone="ace:D")),
        ("select card", _tap("card", "QC")),
        ("place card", _tap("zone", zone="ace:D")),
        ("select card", _tap("card", "2S")),
        ("add pilot", _tap("card", "AH")),
        ("choose rounding", _tap("control", zone="round:0:up")),
        ("check", _tap("control", zone="check")),
        ("hint", _tap("control", zone="hint")),
        ("undo", _tap("control", zone="undo")),
        ("choose rounding", _tap("control", zone="round:0:up")),
        ("confirm", _tap("control", zone="confirm")),
        ("discard", _tap("card", "QS")),
        ("discard", _tap("card", "2S")),
    ]


def main() -> None:
    timings: dict[str, list[float]] = {}
    AcePilotPanel(seed=SEED, save=False)  # warm imports and caches once
    for _ in range(REPEATS):
        panel = AcePilotPanel(seed=SEED, save=False)
        for name, click in winning_round():
            start = time.perf_counter()
            click(panel)
            timings.setdefault(name, []).append((time.perf_counter() - start) * 1000)
        assert "Victory!" in " ".join(panel.log.entries), panel.messages.text
        assert not panel.table.errors, panel.table.errors
    print(f"Ace Pilot panel: one click, Python side, {REPEATS} runs (ms)")
    print(f"{'click':<16}{'median':>8}{'worst':>8}")
    everything = [t for values in timings.values() for t in values]
    for name, values in timings.items():
        print(f"{name:<16}{statistics.median(values):8.2f}{max(values):8.2f}")
    print(f"{'all clicks':<16}{statistics.median(everything):8.2f}{max(everything):8.2f}")
    verdict = "under" if statistics.median(everything) < 20 else "NOT under"
    print(f"The median click re-rendered {verdict} 20 ms.")


if __name__ == "__main__":
    main()

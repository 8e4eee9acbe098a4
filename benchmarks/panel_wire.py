"""Bytes on the wire per click, for every game panel: what the kernel sends the browser.

Run: python benchmarks/panel_wire.py. Each panel (saving nothing) plays a seeded game by random
gestures (a usable card, a zone that takes it, or a button, chosen by a seeded generator) with a
fake comm in place of the kernel's, and every message the card table sends is counted as JSON.
Lex plays against bots with no pause (they move at once; its figures vary by about 10% from run
to run). Printed: the median and mean bytes per click, and the largest click, beside the same
figures before issue 19, when every change of the table resent every zone.
"""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Callable
from typing import Any

from acelab.absolutely_aces.panel import AbsolutelyAcesPanel
from acelab.ace_of_spades.panel import AceOfSpadesPanel
from acelab.ace_of_spades_lex.panel import LexPanel
from acelab.ace_pilot.panel import AcePilotPanel

CLICKS = 300
#: median / mean / largest bytes per click before issue 19 (every zone resent on any change),
#: measured with this script on main at ba4ec06
BEFORE = {
    "Ace Pilot": (3319, 2612, 5994),
    "Devir's Ace of Spades": (3848, 3043, 4678),
    "Lex's Ace of Spades (3 bots)": (3866, 3821, 8365),
    "Absolutely Aces": (376, 800, 3933),
}
PANELS: dict[str, Callable[[], Any]] = {
    "Ace Pilot": lambda: AcePilotPanel(4726170, save=False),
    "Devir's Ace of Spades": lambda: AceOfSpadesPanel(7, save=False),
    "Lex's Ace of Spades (3 bots)": lambda: LexPanel(9, pause=0, save=False),
    "Absolutely Aces": lambda: AbsolutelyAcesPanel(3, save=False),
}


class Wire:
    """A stand-in for the kernel's comm that counts the bytes of what is sent."""

    comm_id = "wire"

    def __init__(self) -> None:
        self.bytes = 0

    def send(self, data: dict[str, Any], buffers: object = None) -> None:
        self.bytes += len(json.dumps(data, separators=(",", ":")))

    def on_msg(self, callback: object) -> None:
        pass


def gesture(table: Any, rng: random.Random, seq: int) -> dict[str, Any]:
    """A random gesture the table offers now."""
    cards = [c["key"] for z in table.zones for c in z["cards"] if c.get("movable")]
    drops = [z["key"] for z in table.zones if z.get("droppable") or z.get("clickable")]
    controls = [c["key"] for c in table.controls if not c.get("disabled")]
    options = [("card", c, None) for c in cards] + [("zone", None, z) for z in drops]
    options += [("control", None, c) for c in controls if "new" not in c]
    if not options:
        options = [("control", None, c) for c in controls]
    kind, card, zone = rng.choice(options)
    if kind == "zone" and cards and rng.random() < 0.7:
        kind, card = "drop", rng.choice(cards)
    return {"kind": kind, "card": card, "zone": zone, "seq": seq, "confirmed": True}


def measure(make: Callable[[], Any]) -> list[int]:
    """Bytes sent for each of CLICKS random gestures."""
    panel = make()
    table = panel.table
    wire = Wire()
    table.comm = wire
    rng = random.Random(19)
    sizes = []
    for seq in range(1, CLICKS + 1):
        before = wire.bytes
        table.gesture(gesture(table, rng, seq))
        sizes.append(wire.bytes - before)
    return sizes


def main() -> None:
    print(f"Bytes sent to the browser per click ({CLICKS} random gestures per panel)")
    for name, make in PANELS.items():
        sizes = measure(make)
        median, mean, most = BEFORE[name]
        print(
            f"  {name:30} median {statistics.median(sizes):5.0f} (before {median}), mean "
            f"{statistics.mean(sizes):5.0f} (before {mean}), largest {max(sizes)} (before {most})"
        )


if __name__ == "__main__":
    main()

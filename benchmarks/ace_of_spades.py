"""Ace of Spades (Devir): speed figures and the balance table, side by side with their targets.

* ``best_play`` on one 8-card hand (median; target < 0.2 ms);
* the NumPy batch best damage of 8-card hands (target >= 1 million hands/s), checked equal to
  ``best_play`` on 100,000 random hands (with and without Enemy bonuses);
* greedy and strong bots' full solitaire games per second on Normal (targets 100 and 5), one
  strong decision (median; target < 50 ms);
* the balance table: the strong bot's solitaire win rate on each difficulty over 400 games with
  its 95% interval, against the bands of issue 10, the greedy bot on Normal beside it, and co-op.

``--quick`` plays 100 games per row instead of 400 and checks 20,000 hands.
"""

from __future__ import annotations

import statistics
import sys
import time

from acelab.ace_of_spades import AceOfSpades, best_play, simulate, strong_bot
from acelab.ace_of_spades.batch import best_damage_batch
from acelab.ace_of_spades.scoring import Modifiers
from acelab.engine import derive_rng
from acelab.engine.cards import card_from_id
from acelab.poker import random_hands

BANDS = {
    "easy": (0.75, 0.90),
    "normal": (0.40, 0.60),
    "hard": (0.25, 0.45),
    "nightmare": (0.10, 0.25),
}
BONUSES = Modifiers(
    combination_bonus=(("pair", 2), ("full_house", 4)), value_bonus=((13, 1),), flat=3
)


def best_play_median(hands: int = 3000) -> float:
    rows = random_hands(hands, 8, seed=11)
    cards = [[card_from_id(int(i)) for i in row] for row in rows]
    times = []
    for hand in cards:
        start = time.perf_counter()
        best_play(hand)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def batch_rate_and_check(checked: int) -> tuple[float, int]:
    rows = random_hands(1_000_000, 8, seed=12)
    best_damage_batch(rows[:10])
    start = time.perf_counter()
    best_damage_batch(rows)
    rate = len(rows) / (time.perf_counter() - start)
    mismatches = 0
    for mods in (None, BONUSES):
        fast = best_damage_batch(rows[:checked], mods)
        for row, total in zip(rows[:checked], fast, strict=True):
            hand = [card_from_id(int(i)) for i in row]
            mismatches += best_play(hand, modifiers=mods).total != total
    return rate, mismatches


def games_per_second(bot: str, games: int) -> float:
    start = time.perf_counter()
    simulate(bot, games=games, difficulty="normal", seed="speed")
    return games / (time.perf_counter() - start)


def strong_decision_median(games: int = 10) -> float:
    game = AceOfSpades()
    times = []
    for number in range(games):
        state = game.new_state(f"decide/{number}")
        rng = derive_rng("decide", number)
        while not game.is_over(state):
            view, moves = game.observation(state, state.turn), game.legal_moves(state)
            start = time.perf_counter()
            move = strong_bot(view, moves, rng)
            times.append(time.perf_counter() - start)
            state = game.apply(state, move)
    return statistics.median(times)


def panel_click_times(games: int = 3) -> tuple[float, float]:
    """Median and worst time (s) of one click on the play panel, Python side: a card chosen
    (with the live preview) or a button pressed, over seeded games played by clicks."""
    import random

    from acelab.ace_of_spades.panel import AceOfSpadesPanel

    times: list[float] = []
    for seed in range(games):
        panel = AceOfSpadesPanel(seed=seed, save=False)
        rng = random.Random(seed)
        while not panel.game.is_over(panel.state):
            move = strong_bot(panel.view, panel.game.legal_moves(panel.state), rng)
            keys = [("card", f"pile:{c}") for c in [getattr(move, "card", None)] if c]
            keys += [("card", str(c)) for c in getattr(move, "cards", ())]
            button = {"PlayHand": "play", "DiscardDraw": "discard", "Renew": "renew"}
            name = button.get(type(move).__name__, f"benefit:{getattr(move, 'enemy', '')}")
            keys += [] if keys and keys[0][1].startswith("pile:") else [("control", name)]
            for kind, key in keys:
                card, zone = (key, "hand") if kind == "card" else (None, key)
                seq = panel.table.settled + 1
                gesture = {"kind": kind, "card": card, "zone": zone, "seq": seq}
                panel.table.gesture(gesture)
                times.append(panel.table.timings[-1])
            if len(panel.history) == 0 or panel.history[-1][1] != move:
                break  # a refusal: stop this game rather than loop
    return statistics.median(times), max(times)


def main() -> None:
    quick = "--quick" in sys.argv
    games = 100 if quick else 400
    checked = 20_000 if quick else 100_000
    print("Ace of Spades (Devir) — speed")
    median = best_play_median()
    print(f"  best_play, one 8-card hand: median {median * 1000:.3f} ms   (target < 0.2 ms)")
    rate, mismatches = batch_rate_and_check(checked)
    print(f"  batch best damage: {rate / 1e6:.2f} million hands/s   (target >= 1 million)")
    print(
        f"  batch == best_play on {checked:,} random hands, twice (printed, bonuses): "
        f"{mismatches} mismatches"
    )
    print(
        f"  greedy bot: {games_per_second('greedy', 200):.0f} games/s on Normal   (target >= 100)"
    )
    print(f"  strong bot: {games_per_second('strong', 20):.1f} games/s on Normal   (target >= 5)")
    print(f"  strong decision: median {strong_decision_median() * 1000:.1f} ms   (target < 50 ms)")
    click_median, click_worst = panel_click_times()
    print(
        f"  play panel click (Python side): median {click_median * 1000:.2f} ms, "
        f"worst {click_worst * 1000:.2f} ms   (target < 20 ms)"
    )
    print()
    print(f"Balance — strong bot, solitaire, {games} games each (95% Wilson interval)")
    print(f"  {'difficulty':10} {'won':>9} {'rate':>7} {'95% CI':>17} {'band':>11}  inside")
    rates = {}
    for difficulty, (low, high) in BANDS.items():
        result = simulate("strong", games=games, difficulty=difficulty, seed=0)
        rates[difficulty] = result.rate
        inside = low <= result.low and result.high <= high
        print(
            f"  {difficulty:10} {result.won:>4}/{result.games:<4} {result.rate:>7.1%} "
            f"{result.low:>8.1%}–{result.high:<7.1%} {low:>4.0%}–{high:<4.0%}  "
            f"{'yes' if inside else 'NO'}"
        )
    greedy = simulate("greedy", games=games, difficulty="normal", seed=0)
    gap = rates["normal"] - greedy.rate
    print(f"  greedy on normal: {greedy}")
    print(f"  strong − greedy on normal: {gap * 100:.1f} points   (target >= 15)")
    coop = simulate("strong", games=max(50, games // 4), difficulty="normal", seed=0, players=2)
    print(f"  co-op, two strong bots, normal: {coop}")


if __name__ == "__main__":
    main()

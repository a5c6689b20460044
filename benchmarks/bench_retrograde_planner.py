"""Benchmark of the Retrograde blast planner (target: a 6-dice + 2-coin +
comet position well under 50 ms on the cabinet's class of machine).

    .venv/bin/pytest benchmarks/bench_retrograde_planner.py --benchmark-only
    .venv/bin/python benchmarks/bench_retrograde_planner.py   # plain timing

Positions: fresh sheets (nothing blasted: the largest search) and mid-game
sheets, random dice from a fixed seed, every card colour pair.
"""
from __future__ import annotations

import random
import statistics
import time

from engines.retrograde.components import default_components
from engines.retrograde.planner import best_plans

COMP = default_components()


def positions(n: int = 60, seed: int = 50) -> list[tuple]:
    """``n`` positions with 6 dice, 2 coins and a comet."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        sheet = COMP.sheets[i % len(COMP.sheets)]
        p = 0.0 if i % 2 == 0 else 0.4
        blasted = [rng.random() < p for _ in range(25)]
        card = tuple(sorted(rng.sample(range(1, 7), 2)))
        dice = [rng.randint(1, 6) for _ in range(6)]
        out.append((sheet.pips, blasted, card, dice))
    return out


POSITIONS = positions()


def run_all(extra: dict) -> None:
    for pips, blasted, card, dice in POSITIONS:
        best_plans(pips, blasted, card, dice, coins=2, comet=True, **extra)


def test_bench_planner_6_dice_2_coins_comet(benchmark):
    """Mean time per position = benchmark time / len(POSITIONS)."""
    benchmark.extra_info["positions"] = len(POSITIONS)
    benchmark(run_all, {})


def test_bench_planner_worst_single_position(benchmark):
    """The slowest of the positions above, alone (6 dice + 2 coins + comet)."""
    worst = max(POSITIONS, key=lambda pos: _time_one(pos, {}))
    pips, blasted, card, dice = worst
    benchmark(best_plans, pips, blasted, card, dice, coins=2, comet=True)


def _time_one(pos, extra) -> float:
    t0 = time.perf_counter()
    best_plans(*pos, coins=2, comet=True, **extra)
    return time.perf_counter() - t0


def main() -> None:
    for label, extra in [("6 dice + 2 coins + comet", {}),
                         ("+ Super Coin + Frogger + Snake Eye", {"super_coin": 1, "frogger": 1, "snake_eye": True})]:
        times = [_time_one(pos, extra) * 1000 for pos in POSITIONS]
        print(f"{label}: {len(times)} positions, mean {statistics.fmean(times):.2f} ms, "
              f"median {statistics.median(times):.2f} ms, max {max(times):.2f} ms")


if __name__ == "__main__":
    main()

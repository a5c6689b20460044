"""Tournaments between bot kinds: seats rotate, games in parallel processes,
deterministic per seed.

Game ``i`` of a tournament with ``N`` seats is played on deal ``i // N``
(one game seed per deal) with the kinds rotated by ``i % N`` seats, so every
kind plays every seat on the same deal: the seat advantage and the luck of
the deal cancel out.  Results are gathered in game order.

Reproducibility: ``random``, ``easy`` and ``normal`` decide from their own
seeded RNGs, so their games are the same for the same seed.  ``hard``
searches until a wall-time budget ends (150 ms), so how many rollouts it
sees depends on how loaded the machine is, and its games (and the figures)
can differ from run to run with the same seed.  ``hard_rollouts`` (CLI
``--hard-rollouts N``) fixes its budget at ``N`` rollouts per decision with
no clock: then every figure but the timings is the same for the same seed,
whatever the load and the number of processes.

Win rate: a game counts 1 for a kind whose seat alone has the best ranking,
1/k for a first place shared by k seats, 0 otherwise.  The 95 % interval is
Wilson's score interval on that count.
"""
from __future__ import annotations

import math
import multiprocessing
import os
import random
import statistics
from typing import Any, Callable

from .match import MatchResult, play_match

Z95 = 1.959964


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (``successes`` of ``n``), as
    ``(low, high)`` in 0..1; ``(0, 1)`` when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def schedule(kinds: list[str], games: int, seed: int) -> list[tuple[int, list[str], int]]:
    """``(game_seed, kinds by seat, rotation)`` for each game."""
    n = len(kinds)
    seeds = random.Random(seed)
    deals = [seeds.randrange(2**31) for _ in range((games + n - 1) // n)]
    out = []
    for i in range(games):
        r = i % n
        out.append((deals[i // n], [kinds[(s + r) % n] for s in range(n)], r))
    return out


def _play(job: tuple) -> MatchResult:
    game_id, game_seed, seat_kinds, options, index, hard_rollouts = job
    return play_match(game_id, seat_kinds, game_seed, options,
                      bot_seeds=[game_seed * 8 + index * 131 + s for s in range(len(seat_kinds))],
                      hard_rollouts=hard_rollouts)


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))
    return xs[k]


def summarise(game_id: str, kinds: list[str], seed: int, results: list[MatchResult],
              hard_rollouts: int | None = None) -> dict[str, Any]:
    """JSON-ready report: per kind games, wins, win rate with Wilson 95 %
    interval, mean score, decision time mean / median / p99 (wall ms, and
    process CPU ms as ``decision_cpu_ms_*``); ``hard_rollouts`` (None: the
    wall-time budget) is reported as given."""
    done = [r for r in results if r.error is None]
    per: dict[str, dict[str, Any]] = {}
    for k in dict.fromkeys(kinds):
        per[k] = {"games": 0, "wins": 0.0, "scores": [], "times": [], "cpu": []}
    for r in done:
        best = r.ranking[0]
        for s, k in enumerate(r.kinds):
            d = per[k]
            d["games"] += 1
            if s in best:
                d["wins"] += 1.0 / len(best)
            d["scores"].append(r.scores[s])
            d["times"].extend(r.decision_s[s])
            if r.decision_cpu_s:
                d["cpu"].extend(r.decision_cpu_s[s])
    bots = {}
    for k, d in per.items():
        low, high = wilson(d["wins"], d["games"])
        times_ms = [t * 1000 for t in d["times"]]
        cpu_ms = [t * 1000 for t in d["cpu"]]
        bots[k] = {
            "games": d["games"], "wins": round(d["wins"], 3),
            "win_rate": round(d["wins"] / d["games"], 4) if d["games"] else None,
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(statistics.fmean(d["scores"]), 3) if d["scores"] else None,
            "decisions": len(times_ms),
            "decision_ms_mean": round(statistics.fmean(times_ms), 3) if times_ms else None,
            "decision_ms_median": round(statistics.median(times_ms), 3) if times_ms else None,
            "decision_ms_p99": round(_percentile(times_ms, 0.99), 3) if times_ms else None,
            "decision_cpu_ms_median": round(statistics.median(cpu_ms), 3) if cpu_ms else None,
            "decision_cpu_ms_p99": round(_percentile(cpu_ms, 0.99), 3) if cpu_ms else None,
        }
    out: dict[str, Any] = {"game": game_id, "players": len(kinds), "kinds": list(kinds), "seed": seed,
                           "games": len(results), "completed": len(done),
                           "errors": len(results) - len(done), "bots": bots,
                           "hard_rollouts": hard_rollouts}
    if results and len(results) != len(done):
        first = next(r for r in results if r.error is not None)
        out["first_error"] = first.error
        out["first_error_seed"] = first.seed
    solo = [r.extra["solo_won"] for r in done if r.extra.get("solo_won") is not None]
    if solo:
        low, high = wilson(sum(solo), len(solo))
        out["solo_win_rate"] = round(sum(solo) / len(solo), 4)
        out["solo_win_rate_ci95"] = [round(low, 4), round(high, 4)]
        out["ai2_mean_score"] = round(statistics.fmean(r.extra["ai2_score"] for r in done), 3)
    return out


def run_tournament(game_id: str, kinds: list[str], games: int, seed: int = 0, options: dict | None = None,
                   processes: int | None = None,
                   progress: Callable[[int], None] | None = None,
                   hard_rollouts: int | None = None) -> dict[str, Any]:
    """Play ``games`` games (seats rotating) and summarise them.

    Args:
        game_id: registry id.
        kinds: one bot kind per seat (e.g. ``["hard", "random"]``).
        games: games to play (>= 1).
        seed: tournament seed (deals derive from it).
        options: game options.
        processes: worker processes (default: the machine's cores; 1 plays
            in this process).
        progress: called with 1 after each finished game.
        hard_rollouts: fix ``hard``'s search at this many rollouts per
            decision, no wall-time budget (reproducible; see the module doc).

    Raises:
        ValueError: ``games`` < 1, no kinds, or ``hard_rollouts`` < 1.
    """
    if games < 1:
        raise ValueError(f"games must be 1 or more, got {games}")
    if not kinds:
        raise ValueError("a tournament needs at least one bot kind")
    if hard_rollouts is not None and hard_rollouts < 1:
        raise ValueError(f"hard_rollouts must be 1 or more, got {hard_rollouts}")
    jobs = [(game_id, gs, sk, options, i, hard_rollouts) for i, (gs, sk, _) in enumerate(schedule(kinds, games, seed))]
    procs = processes or os.cpu_count() or 1
    results: list[MatchResult] = []
    if procs <= 1 or games == 1:
        for job in jobs:
            results.append(_play(job))
            if progress:
                progress(1)
    else:
        # never a plain fork: a process with threads (a cabinet's reader, a test runner's) forked
        # can leave a child holding a lock forever (a pytest run here hung at the pool's end)
        ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "forkserver")
        with ctx.Pool(min(procs, games)) as pool:
            for r in pool.imap(_play, jobs, chunksize=1):
                results.append(r)
                if progress:
                    progress(1)
    return summarise(game_id, kinds, seed, results, hard_rollouts)

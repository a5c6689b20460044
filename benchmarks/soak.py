"""Soak test of the headless cabinet (issue 23); not run by CI.

Plays many whole games with bots at every seat on the simulated cabinet
(mock pins, dummy OLEDs, the simulated camera read by the real dice
reader; one HDMI renderer for all games, as the cabinet's menu keeps one),
round-robin over the five games with a random player count, each
with its own journal, and reports:

* crashes: games that raised (game, players, seed, the error);
* replay mismatches: journals that do not replay to the final state;
* RSS: resident memory after every game (MB): after games 1, 10, 100
  and the last, after the first round (one game of each kind: the
  one-off loads, e.g. the dice reader's nets and fonts), and the slope over
  the last half of the games (MB per 100 games, least squares): a
  plateau has a slope near 0, a leak a steady one;
* RSS at the end after a full ``gc`` and after glibc's ``malloc_trim``
  (memory freed but kept by the allocator is not a leak);
* Python objects (``gc``) after the first round and at the end, and the
  shared screen cache at the end (surfaces, pixels; bounded by the painter);
* dice: read, misread, nudges, rerolls, entered by hand.

Usage::

    .venv/bin/python benchmarks/soak.py --games 1000 --seed 1 [--json] [--dir DIR] [--game GAME ...]

Progress shows on a terminal (tqdm), and is quiet with ``--json`` or when
not on a terminal.  ``--log FILE`` appends one JSON line per game (RSS,
CPU time, crash, dice) to watch a long run.  Ctrl-C or SIGTERM stops the
soak and reports the games played so far (``"interrupted": true``).
Exit code 0 if no game crashed or mismatched and the soak was not
interrupted, else 1.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# pygame prints its banner on stdout when first imported: it would come
# before the JSON report (set before anything imports pygame)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def rss_mb() -> float:
    """Resident set size of this process now, MB (Linux /proc)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def malloc_trim() -> bool:
    """Ask glibc to return freed heap memory to the system; False where
    there is no glibc (the figure is then left out)."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6").malloc_trim(0)
        return True
    except (OSError, AttributeError):
        return False


def slope_per_100(samples: list[float]) -> float | None:
    """Least-squares slope of ``samples`` (one per game, MB) in MB per 100
    games; None with fewer than 2 samples."""
    n = len(samples)
    if n < 2:
        return None
    mx = (n - 1) / 2
    my = sum(samples) / n
    sxx = sum((i - mx) ** 2 for i in range(n))
    sxy = sum((i - mx) * (y - my) for i, y in enumerate(samples))
    return 100 * sxy / sxx


def rss_trend(samples: list[float], kinds: int) -> dict:
    """The RSS figures of the report from one sample per game (MB): after
    games 1, 10, 100 and the last (those played), after the first round
    (``kinds`` games, one of each kind), the peak, and the slope over the
    last half of the games (MB per 100 games)."""
    n = len(samples)
    after = {str(k): round(samples[k - 1], 1) for k in (1, 10, 100, n) if 1 <= k <= n}
    half = samples[n // 2:]
    slope = slope_per_100(half)
    return {"after_game": after, "after_first_round": round(samples[min(kinds, n) - 1], 1) if n else None,
            "peak": round(max(samples), 1) if n else None,
            "slope_last_half_mb_per_100_games": None if slope is None else round(slope, 2),
            "last_half_games": len(half)}


def soak(games: int, seed: int, folder: Path, progress: bool, only: list[str] | None = None,
         log=None) -> dict:
    """Play ``games`` headless games; the report dict (see module doc).

    Args:
        only: the games to soak (ids); default all available.
        log: a text file: one JSON line per game (RSS, CPU time so far),
            flushed, to watch a long run.

    Raises:
        ValueError: an unknown game in ``only``, or none available.
    """
    from engines import GAMES
    from engines.registry import is_available
    from firmware.runtime import config
    from firmware.ui.hdmi import HdmiRenderer
    from tqdm import tqdm

    unknown = sorted(set(only or ()) - set(GAMES))
    if unknown:
        raise ValueError(f"unknown game(s) {', '.join(unknown)}; the games are {', '.join(GAMES)}")
    ids = [g for g in GAMES if is_available(g) and (not only or g in only)]
    if not ids:
        raise ValueError("none of the games asked for can be played here (engines unavailable)")
    rng = random.Random(seed)
    cfg = config.validate({"cabinet": {"state_dir": str(folder)}, "gpio": {"backend": "mock"}})
    report: dict = {"games": 0, "finished": 0, "crashes": [], "replay_mismatches": [], "per_game": {},
                    "dice": {"dice_read": 0, "misread": 0, "nudges": 0, "rerolls": 0, "entered": 0},
                    "rss_mb_after_first": None, "rss_mb_end": None, "seconds": 0.0, "cpu_seconds": 0.0}
    samples: list[float] = []
    cpu0 = time.process_time()
    # one renderer for every game, as the cabinet's menu keeps one (its
    # painter's cache is bounded; each session opens its own cabinet)
    renderer = HdmiRenderer(800, 480, "headless")
    start = time.monotonic()
    bar = tqdm(range(games), unit="game", disable=not progress)
    report["interrupted"] = False
    try:
        for i in bar:
            game_id = ids[i % len(ids)]
            info = GAMES[game_id]
            players = rng.randint(info.min_players, info.max_players)
            game_seed = rng.randrange(1 << 31)
            path = folder / "journals" / f"soak-{i:05d}-{game_id}-{players}p-{game_seed}.jsonl"
            per = report["per_game"].setdefault(game_id, {"games": 0, "crashes": 0, "misread": 0})
            crashes = len(report["crashes"])
            dice = _play_one(cfg, renderer, game_id, players, game_seed, path, report, per)
            per["games"] += 1
            report["games"] += 1
            per["misread"] += dice.get("misread", 0)
            for k in report["dice"]:
                report["dice"][k] += dice.get(k, 0)
            samples.append(rss_mb())
            if i == 0:
                report["rss_mb_after_first"] = round(samples[0], 1)
            if i + 1 == len(ids):
                report["python_objects_after_first_round"] = len(gc.get_objects())
            if log is not None:
                print(json.dumps({"game": i + 1, "kind": game_id, "players": players, "seed": game_seed,
                                  "rss_mb": round(samples[-1], 1), "cpu_s": round(time.process_time() - cpu0, 1),
                                  "crashed": len(report["crashes"]) > crashes,
                                  "misread": dice.get("misread", 0), "dice_read": dice.get("dice_read", 0)}),
                      file=log, flush=True)
            bar.set_postfix(crashes=len(report["crashes"]), rss_mb=round(samples[-1]))
    except KeyboardInterrupt:      # Ctrl-C or SIGTERM: report the games played so far
        report["interrupted"] = True
    finally:
        bar.close()
    _finish(report, samples, len(ids), renderer, start, cpu0)
    return report


def _play_one(cfg, renderer, game_id: str, players: int, game_seed: int, path: Path, report: dict,
              per: dict) -> dict:
    """Play one headless game of ``game_id`` with bots in every seat, check
    that its journal replays to the same state (the journal is kept only
    when it does not), and return its dice stats (``{}`` if it crashed).
    A crash, or one on closing, is added to ``report["crashes"]`` (and
    ``per["crashes"]``), never raised."""
    import warnings

    from firmware.runtime import journal as journal_mod
    from firmware.app.session import Session, SessionOptions

    s, dice = None, {}
    try:
        opts = SessionOptions(headless=True, size=(800, 480), bots=set(range(players)))
        s = Session.new(cfg, game_id, players, game_seed, None, path, opts, model=None, renderer=renderer)
        s.run()
        report["finished"] += int(s.game.is_terminal())
        dice = s.dice.stats.as_dict()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            replayed, _ = journal_mod.replay(s.writer.path)
        if json.dumps(replayed.to_json(), sort_keys=True) != json.dumps(s.game.to_json(), sort_keys=True):
            report["replay_mismatches"].append(str(path))
        else:
            path.unlink(missing_ok=True)      # keep the journals of failures only
    except Exception as exc:  # noqa: BLE001 - a soak counts crashes, it does not stop at the first
        per["crashes"] += 1
        report["crashes"].append({"game": game_id, "players": players, "seed": game_seed,
                                  "error": f"{type(exc).__name__}: {exc}",
                                  "where": traceback.format_exc(limit=-2).strip().splitlines()[-3:]})
    finally:
        if s is not None:
            try:
                s.close()
            except Exception as exc:  # noqa: BLE001
                report["crashes"].append({"game": game_id, "players": players, "seed": game_seed,
                                          "error": f"on close: {type(exc).__name__}: {exc}"})
    return dice


def _finish(report: dict, samples: list[float], kinds: int, renderer, start: float, cpu0: float) -> None:
    """Add the end's memory figures (RSS as it is, after a full collection
    and after glibc's trim; Python objects; the painter's cache), the RSS
    trend over ``samples`` (MB after each game; ``kinds`` games a round),
    and the wall and CPU seconds since ``start`` / ``cpu0`` to ``report``."""
    report["rss_mb_end"] = round(rss_mb(), 1)
    # what of the end's RSS is live: after a full collection, and after
    # glibc hands freed heap back to the system (None where there is no glibc)
    gc.collect()
    report["rss_mb_end_after_gc"] = round(rss_mb(), 1)
    report["rss_mb_end_after_trim"] = round(rss_mb(), 1) if malloc_trim() else None
    report.setdefault("python_objects_after_first_round", None)
    report["python_objects_end"] = len(gc.get_objects())
    report["screen_cache_end"] = dict(zip(("surfaces", "pixels"), renderer.painter.cache_size()))
    report["rss_growth_mb"] = round(report["rss_mb_end"] - (report["rss_mb_after_first"] or 0), 1)
    report["rss_mb"] = rss_trend(samples, kinds)
    report["rss_mb_per_game"] = [round(x, 1) for x in samples]
    report["seconds"] = round(time.monotonic() - start, 1)
    report["cpu_seconds"] = round(time.process_time() - cpu0, 1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", action="append", metavar="GAME",
                    help="soak only this game (repeat for several; default: all five)")
    ap.add_argument("--dir", help="state folder for the journals (default: a temporary folder)")
    ap.add_argument("--json", action="store_true", help="print the report as JSON, no progress")
    ap.add_argument("--log", help="append one JSON line per game (RSS MB, CPU s) to this file")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be 1 or more")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

    def _stop(signum, frame):      # SIGTERM stops the soak like Ctrl-C: the report of the games played
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, _stop)
    with tempfile.TemporaryDirectory(prefix="cabinet-soak-") as tmp:
        folder = Path(args.dir) if args.dir else Path(tmp)
        log = open(args.log, "a", encoding="utf-8") if args.log else None
        try:
            report = soak(args.games, args.seed, folder, progress=not args.json and sys.stderr.isatty(),
                          only=args.game, log=log)
        except ValueError as exc:
            ap.error(str(exc))
        finally:
            if log is not None:
                log.close()
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        if report["interrupted"]:
            print(f"interrupted after {report['games']} of {args.games} games")
        print(f"games: {report['games']}, finished: {report['finished']}, crashes: {len(report['crashes'])}, "
              f"replay mismatches: {len(report['replay_mismatches'])}")
        r = report["rss_mb"]
        print(f"RSS: {report['rss_mb_after_first']} MB after the first game, {r['after_first_round']} MB after the "
              f"first round, {report['rss_mb_end']} MB at the end ({report['rss_growth_mb']:+} MB), peak {r['peak']} MB")
        print(f"RSS at the end after a full gc: {report['rss_mb_end_after_gc']} MB, after malloc_trim: "
              f"{report['rss_mb_end_after_trim']} MB (a drop is freed memory malloc kept, not a leak)")
        print(f"Python objects: {report.get('python_objects_after_first_round')} after the first round, "
              f"{report['python_objects_end']} at the end; screen cache: {report['screen_cache_end']['surfaces']} "
              f"surfaces, {report['screen_cache_end']['pixels'] / 1e6:.1f} M pixels")
        print("RSS after game " + ", ".join(f"{k}: {v} MB" for k, v in r["after_game"].items())
              + f"; slope over the last {r['last_half_games']} games: "
              f"{r['slope_last_half_mb_per_100_games']} MB per 100 games")
        d = report["dice"]
        print(f"dice: {d['dice_read']} read, {d['misread']} misread, {d['nudges']} nudges, {d['rerolls']} rerolls, "
              f"{d['entered']} entered by hand")
        for c in report["crashes"][:20]:
            print(f"  crash: {c['game']} {c['players']}p seed {c['seed']}: {c['error']}")
        print(f"{report['seconds']} s ({report['cpu_seconds']} s CPU)")
    return 0 if not report["crashes"] and not report["replay_mismatches"] and not report["interrupted"] else 1


if __name__ == "__main__":
    sys.exit(main())

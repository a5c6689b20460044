"""Soak test of the headless cabinet (issue 23); not run by CI.

Plays many whole games with bots at every seat on the simulated cabinet
(mock pins, dummy OLEDs, the simulated camera read by the real dice
reader), round-robin over the five games with a random player count, each
with its own journal, and reports:

* crashes: games that raised (game, players, seed, the error);
* replay mismatches: journals that do not replay to the final state;
* RSS growth: resident memory after the first game and after the last (MB);
* dice: read, misread, nudges, rerolls, entered by hand.

Usage::

    .venv/bin/python benchmarks/soak.py --games 1000 --seed 1 [--json] [--dir DIR]

Progress shows on a terminal (tqdm), and is quiet with ``--json`` or when
not on a terminal.  Exit code 0 if no game crashed or mismatched, else 1.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


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


def soak(games: int, seed: int, folder: Path, progress: bool) -> dict:
    """Play ``games`` headless games; the report dict (see module doc)."""
    import warnings

    from engines import GAMES
    from engines.registry import is_available
    from firmware import config
    from firmware import journal as journal_mod
    from firmware.session import Session, SessionOptions
    from tqdm import tqdm

    ids = [g for g in GAMES if is_available(g)]
    rng = random.Random(seed)
    cfg = config.validate({"cabinet": {"state_dir": str(folder)}, "gpio": {"backend": "mock"}})
    report: dict = {"games": 0, "finished": 0, "crashes": [], "replay_mismatches": [], "per_game": {},
                    "dice": {"dice_read": 0, "misread": 0, "nudges": 0, "rerolls": 0, "entered": 0},
                    "rss_mb_after_first": None, "rss_mb_end": None, "seconds": 0.0}
    start = time.monotonic()
    bar = tqdm(range(games), unit="game", disable=not progress)
    for i in bar:
        game_id = ids[i % len(ids)]
        info = GAMES[game_id]
        players = rng.randint(info.min_players, info.max_players)
        game_seed = rng.randrange(1 << 31)
        path = folder / "journals" / f"soak-{i:05d}-{game_id}-{players}p-{game_seed}.jsonl"
        per = report["per_game"].setdefault(game_id, {"games": 0, "crashes": 0, "misread": 0})
        per["games"] += 1
        report["games"] += 1
        try:
            opts = SessionOptions(headless=True, size=(800, 480), bots=set(range(players)))
            s = Session.new(cfg, game_id, players, game_seed, None, path, opts, model=None)
            s.run()
            report["finished"] += int(s.game.is_terminal())
            for k in report["dice"]:
                report["dice"][k] += s.dice.stats.as_dict()[k]
            per["misread"] += s.dice.stats.misread
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                replayed, _ = journal_mod.replay(s.writer.path)
            if json.dumps(replayed.to_json(), sort_keys=True) != json.dumps(s.game.to_json(), sort_keys=True):
                report["replay_mismatches"].append(str(path))
            s.cabinet.close()
            path.unlink(missing_ok=True)      # keep the journals of failures only
        except Exception as exc:  # noqa: BLE001 - a soak counts crashes, it does not stop at the first
            per["crashes"] += 1
            report["crashes"].append({"game": game_id, "players": players, "seed": game_seed,
                                      "error": f"{type(exc).__name__}: {exc}",
                                      "where": traceback.format_exc(limit=-2).strip().splitlines()[-3:]})
        if i == 0:
            report["rss_mb_after_first"] = round(rss_mb(), 1)
        bar.set_postfix(crashes=len(report["crashes"]), rss_mb=round(rss_mb()))
    report["rss_mb_end"] = round(rss_mb(), 1)
    report["rss_growth_mb"] = round(report["rss_mb_end"] - (report["rss_mb_after_first"] or 0), 1)
    report["seconds"] = round(time.monotonic() - start, 1)
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dir", help="state folder for the journals (default: a temporary folder)")
    ap.add_argument("--json", action="store_true", help="print the report as JSON, no progress")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be 1 or more")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    with tempfile.TemporaryDirectory(prefix="cabinet-soak-") as tmp:
        folder = Path(args.dir) if args.dir else Path(tmp)
        report = soak(args.games, args.seed, folder, progress=not args.json and sys.stderr.isatty())
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print(f"games: {report['games']}, finished: {report['finished']}, crashes: {len(report['crashes'])}, "
              f"replay mismatches: {len(report['replay_mismatches'])}")
        print(f"RSS: {report['rss_mb_after_first']} MB after the first game, {report['rss_mb_end']} MB at the end "
              f"({report['rss_growth_mb']:+} MB)")
        d = report["dice"]
        print(f"dice: {d['dice_read']} read, {d['misread']} misread, {d['nudges']} nudges, {d['rerolls']} rerolls, "
              f"{d['entered']} entered by hand")
        for c in report["crashes"][:20]:
            print(f"  crash: {c['game']} {c['players']}p seed {c['seed']}: {c['error']}")
        print(f"{report['seconds']} s")
    return 0 if not report["crashes"] and not report["replay_mismatches"] else 1


if __name__ == "__main__":
    sys.exit(main())

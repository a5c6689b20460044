"""``cabinet tournament GAME --players N --bots A,B[,..] --games K``: bots
against each other, seats rotating, in parallel processes (see
:mod:`bots.tournament`).  Progress on a terminal (tqdm); quiet with
``--json`` or when stderr is not a terminal."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engines import GAMES, engine_class


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add ``tournament`` to the ``cabinet`` command line."""
    p = sub.add_parser("tournament", help="bots against bots: win rates with 95%% intervals, scores, "
                                          "decision times")
    p.add_argument("game", choices=list(GAMES))
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--bots", required=True, metavar="KINDS",
                   help="one kind per seat, rotated over the seats game by game: e.g. hard,random "
                        "(random, easy, normal, hard, heuristic); one kind for a solo game")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--options", metavar="JSON", help="game options as a JSON object")
    p.add_argument("--processes", type=int, default=None,
                   help="worker processes (default: the machine's cores)")
    p.add_argument("--hard-rollouts", type=int, default=None, metavar="N",
                   help="fix each hard decision's search at N rollouts, no wall-time budget: the same "
                        "games for the same seed however loaded the machine is (bots/README.md gives "
                        "the N hard reaches in its 150 ms here)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def _progress(total: int, quiet: bool) -> Any:
    if quiet or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:   # tqdm is a dependency; an odd install still works, quietly
        return None
    return tqdm(total=total, unit="game", file=sys.stderr)


def run(args: argparse.Namespace, cfg: dict[str, Any]) -> int:
    """Run the tournament and print the report (0 when every game
    completed, 1 otherwise)."""
    from bots import BotError, parse_kinds
    from bots.tournament import run_tournament

    from firmware.runtime.errors import CliError

    from firmware.cli.options import parse_options
    options = parse_options(args.options)
    engine_class(args.game).new(args.players, 0, options)   # bad players/options: fail first
    if args.games < 1:
        raise CliError(f"--games must be 1 or more, got {args.games}")
    if args.processes is not None and args.processes < 1:
        raise CliError(f"--processes must be 1 or more, got {args.processes}")
    if args.hard_rollouts is not None and args.hard_rollouts < 1:
        raise CliError(f"--hard-rollouts must be 1 or more, got {args.hard_rollouts}")
    try:
        kinds = parse_kinds(args.bots, args.players)
    except BotError as exc:
        raise CliError(str(exc)) from None
    bar = _progress(args.games, args.json)
    try:
        report = run_tournament(args.game, kinds, args.games, args.seed, options, args.processes,
                                progress=bar.update if bar is not None else None,
                                hard_rollouts=args.hard_rollouts)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print(f"{GAMES[args.game].name}: {args.players} players, {report['games']} games "
              f"(seats rotate), seed {args.seed}"
              + (f", hard search fixed at {args.hard_rollouts} rollouts" if args.hard_rollouts else ""))
        print(f"  {'bot':<10} {'games':>6} {'win rate':>9} {'95% interval':>16} {'mean score':>11} "
              f"{'decision ms mean / median / p99':>32}")
        for kind, b in report["bots"].items():
            low, high = b["win_rate_ci95"]
            rate = "-" if b["win_rate"] is None else f"{100 * b['win_rate']:.1f}%"
            times = "-" if b["decision_ms_mean"] is None else (
                f"{b['decision_ms_mean']:.1f} / {b['decision_ms_median']:.1f} / {b['decision_ms_p99']:.1f}")
            print(f"  {kind:<10} {b['games']:>6} {rate:>9} {f'{100 * low:.1f}-{100 * high:.1f}%':>16} "
                  f"{b['mean_score'] if b['mean_score'] is not None else '-':>11} {times:>32}")
        if "solo_win_rate" in report:
            low, high = report["solo_win_rate_ci95"]
            print(f"  solo: beats AI Player 2 in {100 * report['solo_win_rate']:.1f}% "
                  f"({100 * low:.1f}-{100 * high:.1f}%), AI Player 2 mean {report['ai2_mean_score']}")
        if report["errors"]:
            print(f"  errors: {report['errors']} (first, game seed {report['first_error_seed']}):\n"
                  f"{report['first_error']}", file=sys.stderr)
    return 1 if report["errors"] else 0

"""The ``cabinet`` command line.

Exit codes: 0 success, 1 runtime failure (one clear line on stderr; the
traceback with ``--debug``), 2 usage error (one line naming the argument),
130 interrupted; output cut short by a closed pipe (``--json | head``)
ends quietly with 141, as a shell does for SIGPIPE.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import traceback
from pathlib import Path
from importlib.metadata import PackageNotFoundError, version
from typing import Any, Callable

from engines import GAMES, EngineError, SetupError
from engines.registry import GameUnavailable, is_available

from firmware.cli.options import Parser, game_id, output_folder, parse_options
from firmware.runtime import config as config_mod
from firmware.runtime.errors import CliError, UsageError

# Optional command modules: (module, needs_config).  Each exposes
# add_parser(subparsers) and run(args[, cfg]) -> int.
COMMAND_MODULES = ["firmware.cli.dice", "firmware.cli.hardware", "firmware.cli.play", "firmware.cli.install",
                   "firmware.cli.screens", "firmware.cli.tournament", "firmware.cli.replay"]


def _version() -> str:
    try:
        return version("cabinet")
    except PackageNotFoundError:
        return "0+unknown"


def cmd_games(args: argparse.Namespace, cfg: dict) -> int:
    rows = []
    for info in GAMES.values():
        available = is_available(info.game_id)
        rows.append({"id": info.game_id, "name": info.name, "min_players": info.min_players,
                     "max_players": info.max_players, "available": available})
    if args.json:
        print(json.dumps(rows))
        return 0
    for r in rows:
        players = f"{r['min_players']}-{r['max_players']} players"
        note = "" if r["available"] else "  (unavailable: engine not written yet)"
        print(f"{r['id']:<14} {r['name']:<28} {players}{note}")
    return 0


def cmd_simulate(args: argparse.Namespace, cfg: dict) -> int:
    from bots.simulate import simulate
    options = parse_options(args.options)
    if args.games < 1:
        raise UsageError(f"--games must be 1 or more, got {args.games}")
    from bots import BotError, parse_kinds
    try:
        kinds = parse_kinds(args.bots, args.players)
    except BotError as exc:
        raise UsageError(str(exc)) from None
    report = simulate(args.game, args.players, args.games, args.seed, options, args.action_cap, kinds=kinds)
    summary = report.as_dict()
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(f"{summary['game']}: {summary['players']} players, seed {summary['seed']}")
        print(f"  games completed   {summary['completed']} / {summary['games']}")
        print(f"  errors            {summary['errors']}")
        print(f"  score mean        {summary['score_mean']} (stdev {summary['score_stdev']})")
        print(f"  mean per seat     {summary['score_mean_per_seat']}")
        print(f"  wins per seat     {summary['wins_per_seat']}")
        for name, n in summary["solo_opponent_wins"].items():
            print(f"  {name + ' wins':<17} {n} (mean score {summary['solo_opponent_score_mean']})")
        print(f"  shared victories  {summary['shared_victories']}")
        if summary["decided_by_tie_break"]:
            rules = ", ".join(f"{rule} {n}" for rule, n in sorted(summary["decided_by_tie_break"].items()))
            print(f"  tie-breaks        {rules}")
        print(f"  actions per game  {summary['mean_actions']}")
        print(f"  wall seconds      {summary['wall_s']}")
        if summary["first_error"]:
            print(f"first error (game seed {summary['first_error_seed']}):\n{summary['first_error']}",
                  file=sys.stderr)
    return 1 if summary["errors"] else 0


def cmd_config_show(args: argparse.Namespace, cfg: dict) -> int:
    from hardware.settings import effective_seats
    path = args.config or config_mod.default_config_path()
    print(f"# effective config (file: {path or 'none, built-in defaults'})")
    from firmware.runtime.places import state_dir
    print(f"# the state folder (journals, dice calibration): {state_dir(cfg)}")
    shown = dict(cfg)
    if not cfg.get("seats"):
        # no [[seats]] in the file: show the default wiring it stands for,
        # in the form a builder copies into the file to change it
        print("# the default wiring (no [[seats]] in the file; copy these tables to change it)")
        shown["seats"] = effective_seats(cfg)
    print(config_mod.to_toml(shown), end="")
    return 0


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, Callable]]:
    """The argument parser and the command modules that loaded."""
    parser = Parser(prog="cabinet", description="The tabletop cabinet: games, dice, hardware.")
    parser.add_argument("--version", action="version", version=f"cabinet {_version()}")
    parser.add_argument("--config", metavar="PATH", help="config file (default: $CABINET_CONFIG, "
                        "/etc/cabinet/cabinet.toml or ~/.config/cabinet/cabinet.toml)")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on failure")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("games", help="list the games")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("simulate", help="play whole games with bots and report")
    p.add_argument("game", type=game_id, metavar="GAME", help=", ".join(GAMES))
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", default="random", metavar="KINDS",
                   help="one bot kind for every seat, or one per seat: e.g. hard,random "
                        "(random, easy, normal, hard, heuristic)")
    p.add_argument("--options", metavar="JSON", help="game options as a JSON object")
    p.add_argument("--action-cap", type=int, default=20_000, help="actions before a game counts as stuck")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("config", help="configuration")
    csub = p.add_subparsers(dest="config_command", metavar="SUBCOMMAND", required=True)
    q = csub.add_parser("show", help="print the effective config")
    q.set_defaults(func=cmd_config_show)

    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.add_parser(sub)
    return parser, {}




def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``cabinet`` console script."""
    import warnings
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # no pygame banner on every run
    warnings.formatwarning = lambda message, category, *rest, **kw: f"cabinet: warning: {message}\n"
    parser, _ = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        # No command: start the cabinet (menu) if the runtime is installed.
        try:
            play = importlib.import_module("firmware.cli.play")
        except ModuleNotFoundError:
            parser.print_help()
            return 0
        func = play.run_cabinet
    try:
        cfg = config_mod.load(args.config)
        if func.__code__.co_argcount == 1:
            code = func(args)
        else:
            code = func(args, cfg)
        sys.stdout.flush()    # a closed pipe shows up here, not at exit
        return int(code or 0)
    except KeyboardInterrupt:
        print("cabinet: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (``--json | head``): stop quietly; point
        # stdout at /dev/null so the interpreter's final flush cannot fail
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 141
    except (UsageError, SetupError) as exc:
        # a bad player count or option value is a usage error; an engine
        # that cannot load (GameUnavailable) is a runtime failure
        if args.debug:
            traceback.print_exc()
        print(f"cabinet: error: {exc}", file=sys.stderr)
        return 1 if isinstance(exc, GameUnavailable) else 2
    except (CliError, EngineError, config_mod.ConfigError, OSError, ValueError, RuntimeError) as exc:
        if args.debug:
            traceback.print_exc()
        print(f"cabinet: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    # ``python -m firmware.cli.main``: run the imported module's main, so the
    # UsageError the commands raise (firmware.runtime.errors.UsageError) is the class
    # caught here (exit 2), not a second copy of it in __main__
    from firmware.cli.main import main as _main
    sys.exit(_main())

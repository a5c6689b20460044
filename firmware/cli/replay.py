"""``cabinet replay [JOURNAL] [--headless] [--json] [--size WxH]``: watch a
recorded game again (issue 38, Build 6).

Without JOURNAL: the newest game in the state folder (as ``cabinet
resume`` finds it, finished or not).  In the window any seat's arrows step
back and forth (:mod:`firmware.app.replay_window`); ``--headless`` prints
the moves in words instead (``--json``: every step with the scores after
it).  A damaged journal is refused in words (exit 1) and never modified.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from firmware.runtime.places import hdmi_size, state_dir
from firmware.runtime.replay import Replay, ReplayRefused, newest_journal


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add ``replay`` to the ``cabinet`` command line."""
    p = sub.add_parser("replay", help="watch a recorded game again, move by move")
    p.add_argument("journal", nargs="?", metavar="JOURNAL",
                   help="a game's journal (default: the newest game in the state folder)")
    p.add_argument("--headless", action="store_true", help="no window: print the moves in words")
    p.add_argument("--json", action="store_true", help="print every step as JSON (no window)")
    p.add_argument("--size", metavar="WxH", help="HDMI size, e.g. 800x480 (default: config)")
    p.set_defaults(func=run)


def choose(args: argparse.Namespace, cfg: dict[str, Any]) -> Path:
    """The journal to watch: JOURNAL, else the newest in the state folder.

    Raises:
        ReplayRefused: no journal given and none saved yet.
    """
    if args.journal:
        return Path(args.journal)
    folder = state_dir(cfg) / "journals"
    path = newest_journal(folder)
    if path is None:
        raise ReplayRefused(f"no saved game to watch in {folder}; give JOURNAL")
    return path


def run(args: argparse.Namespace, cfg: dict[str, Any]) -> int:
    """Watch (window) or print (``--headless``) a recorded game; exit 0,
    1 when the journal is refused."""
    replay = Replay.open(choose(args, cfg))
    args.headless = args.headless or args.json      # --json prints; it never opens a window
    if not args.headless:
        from firmware.cli.play import has_display
        if not has_display():
            from hardware.backends import pi_model
            if pi_model() is None:
                raise ValueError("no display here (DISPLAY/WAYLAND_DISPLAY unset) to watch the game; "
                                 "add --headless to print its moves")
    if args.headless:
        if args.json:
            print(json.dumps(replay.as_dict(), sort_keys=True))
            return 0
        state = "finished" if replay.finished else "unfinished"
        print(f"{replay.game_id}, {replay.num_players} players, {state}: {replay.last} moves ({replay.path})")
        for k, step in enumerate(replay.steps[1:], 1):
            print(f"  {k:>4}  " + "; ".join(step.words))
        return 0
    from firmware.app.replay_window import watch
    watch(cfg, replay, hdmi_size(args.size, cfg))
    return 0

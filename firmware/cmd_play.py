"""``cabinet play``, ``cabinet resume`` and the cabinet itself (``cabinet``
with no command: the menu on HDMI).

``play`` runs one game on the cabinet: the real one on a Pi with its parts,
else the simulated cabinet (mock pins, dummy OLEDs, a camera that sees
composed tray frames).  With ``--headless --bots all`` it plays a whole game
with no window on a virtual clock and prints the final scores, the dice
reads and misreads and the journal path.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import sys
import warnings
from pathlib import Path
from typing import Any

from engines import GAMES, engine_class

from . import journal as journal_mod
from .session import Session, SessionOptions


def state_dir(cfg: dict[str, Any]) -> Path:
    """Folder for journals and calibration: config ``cabinet.state_dir``,
    else ``$STATE_DIRECTORY`` (systemd), else ``~/.local/state/cabinet``."""
    if cfg["cabinet"]["state_dir"]:
        return Path(cfg["cabinet"]["state_dir"]).expanduser()
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    return Path.home() / ".local" / "state" / "cabinet"


def has_display() -> bool:
    """True if a window can be opened: a desktop session, or an SDL video
    driver chosen explicitly (KMSDRM on the Pi's console)."""
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                or os.environ.get("SDL_VIDEODRIVER"))


def parse_bots(spec: str | None, players: int) -> set[int]:
    """``--bots all`` / ``none`` / ``2,3`` (1-based seats) -> 0-based set.

    Raises:
        ValueError: a seat outside 1..players or an unreadable list.
    """
    if not spec or spec == "none":
        return set()
    if spec == "all":
        return set(range(players))
    seats = set()
    for part in spec.split(","):
        part = part.strip()
        if not part.isdigit() or not 1 <= int(part) <= players:
            raise ValueError(f"--bots: {part!r} is not a seat number 1..{players} (or use 'all')")
        seats.add(int(part) - 1)
    return seats


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add ``play`` and ``resume`` to the ``cabinet`` command line."""
    p = sub.add_parser("play", help="play a game on the cabinet (simulated where no Pi hardware is found)")
    p.add_argument("game", choices=list(GAMES))
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--bots", default="none", help="all, none, or seat numbers like 2,3 (1-based)")
    p.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    p.add_argument("--options", metavar="JSON", help="game options as a JSON object")
    p.add_argument("--headless", action="store_true", help="no window: virtual clock, needs --bots all")
    p.add_argument("--screens", metavar="DIR", help="write a PNG of each screen change here")
    p.add_argument("--dice-from", metavar="DIR", help="simulated camera: real die crops from this labelled set")
    p.add_argument("--journal", metavar="PATH", help="journal file (default: in the state folder)")
    p.add_argument("--size", metavar="WxH", help="HDMI size, e.g. 800x480 (default: config)")
    p.set_defaults(func=run_play)
    q = sub.add_parser("resume", help="continue the last unfinished game from its journal")
    q.add_argument("--journal", metavar="PATH", help="journal file (default: newest unfinished)")
    q.add_argument("--headless", action="store_true")
    q.add_argument("--screens", metavar="DIR")
    q.add_argument("--size", metavar="WxH")
    q.set_defaults(func=run_resume)


def _size(arg: str | None, cfg: dict[str, Any]) -> tuple[int, int]:
    if not arg:
        w, h = cfg["cabinet"]["resolution"]
        return int(w), int(h)
    try:
        w, h = (int(x) for x in arg.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size must look like 800x480, got {arg!r}") from None
    if not (800 <= w <= 1920 and 480 <= h <= 1080):
        raise ValueError(f"--size {w}x{h}: the HDMI screen must be 800x480 .. 1920x1080")
    return w, h


def run_play(args: argparse.Namespace, cfg: dict[str, Any]) -> int:
    """``cabinet play``: start a new game and run it to the end."""
    import random as _random
    cls = engine_class(args.game)
    from .cli import parse_options
    options = parse_options(args.options)
    cls.new(args.players, 0, options)   # bad player count or option values fail before anything is written
    bots = parse_bots(args.bots, args.players)
    if not args.headless and not has_display():
        if bots != set(range(args.players)):
            raise ValueError("no display here (DISPLAY/WAYLAND_DISPLAY unset) for the simulated cabinet's window; "
                             "run on a desktop, or add --headless --bots all")
        print("cabinet: no display here: playing headless (all seats are bots)", file=sys.stderr)
        args.headless = True
    if args.headless and bots != set(range(args.players)):
        raise ValueError("--headless plays without a window, so every seat must be a bot: add --bots all")
    seed = args.seed if args.seed is not None else _random.SystemRandom().randrange(1 << 31)
    if args.dice_from and not (Path(args.dice_from, "images").is_dir() and Path(args.dice_from, "labels").is_dir()):
        raise ValueError(f"--dice-from: {args.dice_from} is not a labelled dice set (expected images/ and labels/)")
    if args.screens and Path(args.screens).exists() and not Path(args.screens).is_dir():
        raise ValueError(f"--screens: {args.screens} is a file; give a folder for the PNGs")
    path = Path(args.journal) if args.journal else state_dir(cfg) / "journals" / (
        f"{args.game}-{_dt.datetime.now().strftime('%Y%m%d-%H%M%S')}-{seed}.jsonl")
    opts = SessionOptions(headless=args.headless, screens=args.screens, dice_from=args.dice_from,
                          size=_size(args.size, cfg), bots=bots)
    session = Session.new(cfg, args.game, args.players, seed, options, path, opts)
    return session.run_and_report()


def find_unfinished(cfg: dict[str, Any]) -> Path | None:
    """The newest unfinished game in the state folder: of the newest game
    (journal family: a journal and its resume copies) that is not over, the
    member with the longest valid continuation; ``None`` if every game is
    over.

    Raises:
        JournalError: the newest game's save is damaged.  It is reported,
            never skipped for an older game (give ``--journal`` for that).
    """
    folder = state_dir(cfg) / "journals"
    if not folder.is_dir():
        return None
    newest: dict[Path, float] = {}
    for path in folder.glob("*.jsonl"):
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        root = journal_mod.family_root(path)
        newest[root] = max(newest.get(root, mtime), mtime)
    for root in sorted(newest, key=lambda r: (newest[r], r.name), reverse=True):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", journal_mod.TruncatedJournalWarning)
                chosen, _, game = journal_mod.resolve(root)
        except journal_mod.JournalError as exc:
            raise journal_mod.JournalError(
                f"the newest saved game is damaged and was not resumed: {exc}. To resume an older game give "
                f"--journal PATH (saves are in {folder}); move the damaged file elsewhere to stop this "
                "message") from exc
        if not game.is_terminal():
            return chosen
    return None


def run_resume(args: argparse.Namespace, cfg: dict[str, Any]) -> int:
    """``cabinet resume``: replay a journal and go on playing."""
    path = Path(args.journal) if args.journal else find_unfinished(cfg)
    if path is None:
        raise ValueError(f"no unfinished game found in {state_dir(cfg) / 'journals'}; give --journal PATH")
    opts = SessionOptions(headless=args.headless, screens=args.screens, size=_size(args.size, cfg))
    session = Session.resume(cfg, path, opts)
    return session.run_and_report()


def run_cabinet(args: argparse.Namespace, cfg: dict[str, Any]) -> int:
    """``cabinet`` with no command: the menu on HDMI, then the chosen game."""
    from hardware.backends import pi_model

    from .menu import run_menu
    if pi_model() is None and not has_display() and cfg["cabinet"]["display"] != "headless":
        raise ValueError("no display here (DISPLAY/WAYLAND_DISPLAY unset) for the simulated cabinet's menu; "
                         "run on a desktop, or play headless: cabinet play GAME --players N --headless --bots all")
    return run_menu(cfg)

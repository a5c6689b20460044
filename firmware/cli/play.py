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
from engines.words import seats_words

from firmware.runtime import journal as journal_mod
from firmware.runtime import wiring
from firmware.runtime.errors import UsageError
from firmware.cli.options import game_id, output_folder
from firmware.app.session import Session, SessionOptions
from firmware.runtime.places import hdmi_size, state_dir


def has_display() -> bool:
    """True if a window can be seen: a desktop session, or an SDL video
    driver chosen explicitly (KMSDRM on the Pi's console); SDL's
    ``dummy``/``offscreen`` drivers show nothing, so they do not count."""
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("dummy", "offscreen"):
        return False
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or driver)


def parse_bot_levels(spec: str | None, players: int, default: str = "normal") -> dict[int, str]:
    """``--bots`` -> 0-based seat -> bot kind.

    ``none``; ``all``; ``2,3`` (1-based seats); each item may carry a
    level: ``all:hard``, ``2:easy,3:hard``; a seat without one plays
    ``default``.  Kinds: easy, normal, hard, random (see :mod:`bots`).

    Raises:
        UsageError: a seat outside 1..players, an unknown level or an
            unreadable list.
    """
    from bots import KINDS
    if not spec or spec == "none":
        return {}
    seats: dict[int, str] = {}
    for part in spec.split(","):
        part = part.strip()
        where, _, level = part.partition(":")
        level = (level or default).strip().lower()
        if level not in KINDS:
            raise UsageError(f"--bots: {level!r} is not a bot level; levels are {', '.join(KINDS)}")
        if where == "all":
            seats.update({s: level for s in range(players)})
            continue
        if not where.isdigit() or not 1 <= int(where) <= players:
            raise UsageError(f"--bots: {where!r} is not a seat number 1..{players} (or use 'all' or 'none')")
        seats[int(where) - 1] = level
    return seats


def parse_bots(spec: str | None, players: int) -> set[int]:
    """``--bots all`` / ``none`` / ``2,3`` (1-based seats, each optionally
    ``:LEVEL``) -> the 0-based set of bot seats.

    Raises:
        ValueError: see :func:`parse_bot_levels`.
    """
    return set(parse_bot_levels(spec, players))


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add ``play`` and ``resume`` to the ``cabinet`` command line."""
    p = sub.add_parser("play", help="play a game on the cabinet (simulated where no Pi hardware is found)")
    p.add_argument("game", type=game_id, metavar="GAME", help=", ".join(GAMES))
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--bots", default="none",
                   help="all (every seat, seat 1 too), none, or seat numbers like 2,3 (1-based); "
                        "each may carry a level: "
                        "all:hard, 2:easy,3:hard (levels easy, normal, hard, random)")
    p.add_argument("--bot-level", default="normal", choices=["easy", "normal", "hard", "random"],
                   help="level of the bot seats that name none (default normal)")
    p.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    p.add_argument("--options", metavar="JSON", help="game options as a JSON object")
    p.add_argument("--walkthrough", choices=["on", "off"], default=None,
                   help="the first-game walkthrough: prompts each person's seat through round 1 "
                        "(default off here, on in the menu; also --options '{\"walkthrough\": true}')")
    p.add_argument("--headless", action="store_true", help="no window: virtual clock, needs --bots all")
    p.add_argument("--screens", metavar="DIR", help="write a PNG of each screen change here")
    p.add_argument("--dice-from", metavar="DIR", help="simulated camera: real die crops from this labelled set")
    p.add_argument("--no-calibration", action="store_true",
                   help="read the dice as shipped, without this cabinet's dice calibration")
    p.add_argument("--journal", metavar="PATH", help="journal file (default: in the state folder)")
    p.add_argument("--size", metavar="WxH", help="HDMI size, e.g. 800x480 (default: config)")
    p.add_argument("--twin", metavar="PROFILE",
                   help="simulated cabinet: its parts cost what a Pi's do: instant, pi4, pi5 (default: config)")
    p.set_defaults(func=run_play)
    q = sub.add_parser("resume", help="continue the last unfinished game from its journal")
    q.add_argument("--journal", metavar="PATH", help="journal file (default: newest unfinished)")
    q.add_argument("--bots", default=None,
                   help="all (every seat, seat 1 too, as in play), none, or seat numbers like 2,3 "
                        "(default: the seats that were bots)")
    q.add_argument("--headless", action="store_true", help="no window: virtual clock, needs every seat a bot")
    q.add_argument("--screens", metavar="DIR", help="write a PNG of each screen change here")
    q.add_argument("--size", metavar="WxH", help="HDMI size, e.g. 800x480 (default: config)")
    q.set_defaults(func=run_resume)


def _journal_path(arg: str) -> Path:
    """``--journal PATH`` for a new game: its folder must exist (a typo
    must not silently create folders) and the file must not.

    Raises:
        UsageError: the folder is missing or is a file, or the journal exists.
    """
    path = Path(arg)
    folder = path.parent
    if not folder.is_dir():
        what = "is a file" if folder.exists() else "does not exist"
        raise UsageError(f"--journal {arg}: the folder {folder} {what}; create it first or choose another path")
    if path.exists():
        raise UsageError(f"--journal {arg}: this file already exists; a new game needs a new journal "
                         "(cabinet resume --journal PATH continues an old one)")
    return path


def headless_or_refuse(args: argparse.Namespace, bots: set[int], players: int) -> None:
    """Where there is no display, fall back to headless when every seat is
    a bot (one line on stderr), else refuse; ``--headless`` with a person
    at a seat is refused too (nobody could press anything).

    Raises:
        ValueError: no display here and a person's seat (names the fix).
        UsageError: ``--headless`` with a person's seat.
    """
    people = sorted(set(range(players)) - bots)
    seats = ", ".join(str(s + 1) for s in people)
    if not args.headless and not has_display():
        if people:
            raise ValueError(f"no display here (DISPLAY/WAYLAND_DISPLAY unset) for the simulated cabinet's window, "
                             f"and seat{'s' if len(people) > 1 else ''} {seats} {'are' if len(people) > 1 else 'is'} "
                             f"played by a person; run on a desktop, or add --headless --bots all")
        print("cabinet: no display here: playing headless (all seats are bots)", file=sys.stderr)
        args.headless = True
    if args.headless and people:
        raise UsageError(f"--headless plays without a window, so every seat must be a bot (seat"
                         f"{'s' if len(people) > 1 else ''} {seats} {'are' if len(people) > 1 else 'is'} a person's): "
                         f"add --bots all")


def run_play(args: argparse.Namespace, cfg: dict[str, Any]) -> int:
    """``cabinet play``: start a new game and run it to the end."""
    import random as _random
    cls = engine_class(args.game)
    from firmware.cli.options import parse_options
    from firmware.app.session_walkthrough import house_options
    options, walkthrough = house_options(parse_options(args.options))   # "walkthrough" is the cabinet's, not a rule
    if args.walkthrough is not None:
        walkthrough = args.walkthrough == "on"
    cls.new(args.players, 0, options)   # bad player count or option values fail before anything is written
    levels = parse_bot_levels(args.bots, args.players, args.bot_level)
    bots = set(levels)
    size = hdmi_size(args.size, cfg)
    if args.dice_from and not (Path(args.dice_from, "images").is_dir() and Path(args.dice_from, "labels").is_dir()):
        raise UsageError(f"--dice-from {args.dice_from}: not a labelled dice set (expected images/ and labels/)")
    journal = _journal_path(args.journal) if args.journal else None
    if args.twin:
        from hardware.twin import TwinProfileError, load_profile
        try:
            load_profile(args.twin)
        except TwinProfileError as exc:
            raise UsageError(f"--twin {args.twin}: {exc}") from exc
        cfg = {**cfg, "cabinet": {**cfg["cabinet"], "twin": args.twin}}
    wiring.require(cfg, args.game, args.players, bots)
    headless_or_refuse(args, bots, args.players)
    if args.screens:
        output_folder("--screens", args.screens)
    seed = args.seed if args.seed is not None else _random.SystemRandom().randrange(1 << 31)
    path = journal or state_dir(cfg) / "journals" / (
        f"{args.game}-{_dt.datetime.now().strftime('%Y%m%d-%H%M%S')}-{seed}.jsonl")
    opts = SessionOptions(headless=args.headless, screens=args.screens, dice_from=args.dice_from,
                          size=size, bots=bots, bot_levels=levels, walkthrough=bool(walkthrough),
                          calibrated=not args.no_calibration)
    session = Session.new(cfg, args.game, args.players, seed, options, path, opts)
    return session.run_and_report()


def find_unfinished(cfg: dict[str, Any]) -> Path | None:
    """The newest unfinished game in the state folder: of the newest game
    (journal family: a journal and its resume copies; newest by the play
    sequence numbers the journals carry, not by file times) that is not over, the
    member with the longest valid continuation; ``None`` if every game is
    over.

    Raises:
        JournalError: the newest game's save is damaged.  It is reported,
            never skipped for an older game (give ``--journal`` for that).
    """
    folder = state_dir(cfg) / "journals"
    if not folder.is_dir():
        return None
    for root, _ in journal_mod.families_newest_first(folder):
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
    size = hdmi_size(args.size, cfg)
    # the game and its bot seats, as recorded, before any device or window opens
    with warnings.catch_warnings():      # a cut-off last line is reported once, by the resume itself
        warnings.simplefilter("ignore")
        header = journal_mod.read(path).header
    players = int(header.get("num_players", 0) or 0)
    meta = header.get("meta", {}) or {}
    saved = set(meta.get("bots", []))
    bots = saved if args.bots is None else parse_bots(args.bots, players)
    words = handed_words(args.bots, saved, bots)
    if words:
        print(f"cabinet: {words}", file=sys.stderr)
    wiring.require(cfg, header.get("game", ""), players, bots)
    headless_or_refuse(args, bots, players)
    if args.screens:
        output_folder("--screens", args.screens)
    opts = SessionOptions(headless=args.headless, screens=args.screens, size=size, bots=bots)
    session = Session.resume(cfg, path, opts)
    return session.run_and_report()


def handed_words(spec: str | None, saved: set[int], bots: set[int]) -> str:
    """What ``cabinet resume --bots SPEC`` changes in who plays which seat,
    against the save's bot seats ``saved`` ("" when nothing changes):
    the seats a person played that bots play now, with how to keep them
    ("--bots all" is every seat, seat 1 too, as in ``play``; PT29: seat 1
    became "(bot)" unsaid), and the bots' seats given to people."""
    handed, freed = sorted(bots - saved), sorted(saved - bots)
    parts = []
    if handed:
        many = len(handed) > 1
        why = " (--bots all: every seat)" if (spec or "").strip().lower().startswith("all") else ""
        keep = ",".join(str(s + 1) for s in sorted(bots - set(handed))) or "none"
        parts.append(f"{seats_words([s + 1 for s in handed])} {'were' if many else 'was'} played by a person "
                     f"in the save and "
                     f"{'are bots' if many else 'is a bot'} now{why}; to play {'them' if many else 'it'} "
                     f"yourself: --bots {keep} (or no --bots: as saved)")
    if freed:
        many = len(freed) > 1
        parts.append(f"{seats_words([s + 1 for s in freed])} {'were bots' if many else 'was a bot'} in the save and "
                     f"{'are' if many else 'is'} played by a person now")
    return "; ".join(parts)


def run_cabinet(args: argparse.Namespace, cfg: dict[str, Any]) -> int:
    """``cabinet`` with no command: the menu on HDMI, then the chosen game."""
    from hardware.backends import pi_model

    from firmware.app.menu_loop import run_menu
    if pi_model() is None and not has_display() and cfg["cabinet"]["display"] != "headless":
        raise ValueError("no display here (DISPLAY/WAYLAND_DISPLAY unset) for the simulated cabinet's menu; "
                         "run on a desktop, or play headless: cabinet play GAME --players N --headless --bots all")
    return run_menu(cfg)

"""``cabinet screens GAME|calibrate|all --out DIR [--size WxH]``: the screen
gallery (:mod:`firmware.app.gallery`): fixed, seeded game states rendered as the
cabinet draws them, HDMI and every seat's OLED; ``calibrate``: the guided
dice calibration's screens (:mod:`firmware.calibration.screens`)."""
from __future__ import annotations

import argparse


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--size must be WxH in px, e.g. 1920x1080, got {text!r}") from None
    if not (800 <= w <= 1920 and 480 <= h <= 1080):
        raise argparse.ArgumentTypeError(f"--size {w}x{h} is outside 800x480 .. 1920x1080")
    return w, h


def add_parser(subparsers) -> None:
    """Add ``screens``."""
    from firmware.app.gallery import STATES
    p = subparsers.add_parser("screens", help="render the screen gallery (seeded game states) as PNGs")
    p.add_argument("game", choices=sorted(STATES) + ["calibrate", "menu", "all"],
                   help="a game with a gallery, calibrate (the dice calibration's screens), menu (the start "
                        "menu and the how-to-play pages), or all")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for the PNGs (created if missing)")
    p.add_argument("--size", type=_size, action="append", metavar="WxH",
                   help="HDMI size in px (repeatable; default: 1920x1080 and 800x480)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Render the gallery; prints one line per game with the count of
    pictures.  Exit 0; a folder that cannot be written is an OSError
    naming --out (exit 1)."""
    from firmware.app import gallery
    games = sorted(gallery.STATES) if args.game == "all" else [g for g in [args.game] if g not in ("calibrate", "menu")]
    sizes = tuple(args.size) if args.size else gallery.SIZES
    if args.game in ("calibrate", "all"):
        from firmware.calibration.gallery import render_gallery
        try:
            paths = render_gallery(args.out, sizes)
        except OSError as exc:
            raise OSError(f"--out {args.out}: {exc.strerror or exc}") from exc
        print(f"calibrate: {len(paths)} pictures in {args.out}")
    if args.game in ("menu", "all"):
        from firmware.app import menu_gallery
        try:
            paths = menu_gallery.render_gallery(args.out, sizes)
        except OSError as exc:
            raise OSError(f"--out {args.out}: {exc.strerror or exc}") from exc
        print(f"menu and how to play: {len(paths)} pictures in {args.out}")
    for game_id in games:
        try:
            paths = gallery.render(game_id, args.out, sizes)
        except OSError as exc:
            raise OSError(f"--out {args.out}: {exc.strerror or exc}") from exc
        print(f"{game_id}: {len(paths)} pictures in {args.out}")
    if args.game == "all":
        from pathlib import Path
        from firmware.calibration.gallery import gallery_markdown
        (Path(args.out) / "README.md").write_text(gallery.index_markdown(games, sizes) + "\n"
                                                  + gallery_markdown(sizes) + "\n"
                                                  + menu_gallery.gallery_markdown(sizes))
    return 0

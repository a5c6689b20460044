"""``cabinet dice``: read dice in photos, score the reader on a labelled set.

``cabinet dice read IMAGE... [--json] [--annotate OUT_DIR] [--models DIR] [--min-value-p P]``
``cabinet dice score DATASET_DIR... [--peer] [--json] [--errors] [--models DIR] [--fold even|odd]
[--min-value-p P] [--curve]``
(each set scored on its own: first-look rate and misread rate - of the
dice on the table, issue 40 - per-die accuracy, precision, image-exact
rate, ms per frame; ``--curve``: both rates over the value threshold and
the nets' agreement rule, :mod:`vision.curve`)
``cabinet dice calibrate [--headless] [--seats N] [--rolls N] [--screens DIR]`` (the guided flow,
:mod:`firmware.calibration.flow`), ``cabinet dice calibrate --from-labelled DIR [--json]``,
``cabinet dice calibrate --reset``

``read`` and ``score`` read with this cabinet's calibration
(``<state folder>/dice_calibration.npz``, :mod:`vision.calibrate`) when
there is one, unless ``--no-calibration`` (or ``--models`` another model
folder, which the calibration was not made for).

Exit codes: 0 done, 1 an image could not be read (the others are still
read), 2 usage error.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2

from vision.annotate import annotate
from vision.die import VisionInputError
from vision.reader import read_dice

from firmware.runtime.reader import white_balance as _white_balance, calibration_path, configure_reader, use_calibration


def _add_min_value_p(q: argparse.ArgumentParser) -> None:
    """The ``--min-value-p`` option of ``dice read`` and ``score``."""
    q.add_argument("--min-value-p", type=float, metavar="P",
                   help="probability a die's readings must give its value for it to be read, 0.5 to 0.99 "
                        "(default: this cabinet's calibration's, else config vision.min_value_p, 0.9); "
                        "lower reads more dice and misreads more")


def add_parser(subparsers) -> None:
    """Add ``dice`` with ``read`` and ``score`` subcommands."""
    p = subparsers.add_parser("dice", help="read dice in photos with the camera's reader")
    sub = p.add_subparsers(dest="dice_command", metavar="SUBCOMMAND", required=True)
    q = sub.add_parser("read", help="read every die in images")
    q.add_argument("images", nargs="+", metavar="IMAGE")
    q.add_argument("--json", action="store_true", help="one JSON object per image per line")
    q.add_argument("--annotate", metavar="OUT_DIR",
                   help="write each image with boxes, values and colours drawn, as OUT_DIR/<file name>.annotated.png")
    q.add_argument("--models", metavar="DIR", help="read with the models in DIR (from vision.training.train)")
    q.add_argument("--no-calibration", action="store_true", help="read without this cabinet's calibration")
    _add_min_value_p(q)
    q.set_defaults(func=run)
    q = sub.add_parser("score", help="score the reader on labelled sets (images/ + YOLO labels/), each on its own")
    q.add_argument("dataset", metavar="DATASET_DIR", nargs="+")
    q.add_argument("--peer", action="store_true", help="score the baseline blob-and-cluster reader instead")
    q.add_argument("--json", action="store_true", help="figures as one JSON object per set, one per line")
    q.add_argument("--errors", action="store_true",
                   help="list every labelled die not read right (misread as N, unread, missed) and every "
                        "die reported where none is labelled; with --json, as the object's \"errors\" list")
    q.add_argument("--models", metavar="DIR", help="read with the models in DIR (from vision.training.train)")
    q.add_argument("--fold", choices=["all", "even", "odd"], default="all",
                   help="score only the even- or odd-numbered scenes (by name; augmented copies of a photo "
                        "are one scene), e.g. the odd ones, which a model trained with --fold even never saw; the "
                        "shipped models were trained on the even scenes of the four shared sets, so their odd "
                        "scenes are new photos of dice, cameras and light the models have seen")
    q.add_argument("--no-calibration", action="store_true", help="score without this cabinet's calibration")
    _add_min_value_p(q)
    q.add_argument("--curve", action="store_true",
                   help="instead of the figures, the first-look and misread rates at value thresholds 0.5 to "
                        "0.99 under each agreement rule of the fast net and the expert (each photo read once)")
    q.add_argument("--no-errata", action="store_true",
                   help="score the labels as published, without vision/label_errata.toml's corrections")
    q.set_defaults(func=run)
    q = sub.add_parser("calibrate", help="adapt the reader to this cabinet's dice, camera and light "
                       "(no option: the guided flow on the cabinet's screens and buttons)")
    how = q.add_mutually_exclusive_group()
    how.add_argument("--from-labelled", metavar="DIR",
                     help="a labelled folder of photos from this camera (images/ + YOLO labels/, class k = k+1 pips)")
    how.add_argument("--reset", action="store_true", help="remove this cabinet's calibration (read as shipped)")
    q.add_argument("--json", action="store_true", help="the result as one JSON object, no progress")
    g = q.add_argument_group("guided flow")
    g.add_argument("--seats", metavar="N|LIST", help="seats taking part: the first N, or a list such as 1,3 "
                   "(default: every seat with a tray)")
    g.add_argument("--rolls", type=int, default=None, metavar="N", help="free rolls to confirm the calibration (default 2)")
    g.add_argument("--screens", metavar="DIR", help="write a PNG of each HDMI screen change here")
    g.add_argument("--size", metavar="WxH", help="HDMI size, e.g. 800x480 (default: config)")
    g = q.add_argument_group("guided flow on the simulated cabinet")
    g.add_argument("--headless", action="store_true",
                   help="no window, virtual clock, every seat a simulated person pressing its buttons")
    g.add_argument("--bots", metavar="SEATS", help="in a window: seats played by simulated persons, e.g. 1,3 or all")
    g.add_argument("--dice", type=int, default=None, metavar="N", help="dice per simulated seat (default 5)")
    g.add_argument("--dice-from", metavar="DIR", help="the simulated camera shows die crops of this labelled set")
    g.add_argument("--sim-camera", choices=["dice", "noise", "empty"], default=None,
                   help="noise: the simulated camera shows only noise (a broken camera); empty: never a die")
    g.add_argument("--seed", type=int, default=None, help="seed of the simulated table and seats")
    q.set_defaults(func=run)


def run(args: argparse.Namespace, cfg: dict | None = None) -> int:
    """Run ``dice read``, ``score`` or ``calibrate``; returns the exit code."""
    try:
        configure_reader(cfg, getattr(args, "min_value_p", None))
    except VisionInputError as exc:
        print(f"cabinet: error: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "peer", False) and getattr(args, "min_value_p", None) is not None:
        print("cabinet: error: --min-value-p sets the reader's value threshold; the --peer reader has none",
              file=sys.stderr)
        return 2
    from vision import calibrate
    from vision import reader as reader_mod
    calibrate.apply(None)  # no earlier command's calibration (layers or threshold) in this one
    if args.dice_command == "calibrate":
        return _calibrate(args, cfg)
    if not getattr(args, "no_calibration", False) and not getattr(args, "models", None):
        try:
            used = use_calibration(cfg)
        except calibrate.CalibrationError as exc:
            print(f"cabinet: error: {exc}", file=sys.stderr)
            return 1
        if used and not getattr(args, "json", False):
            from vision.netreader import SHIPPED_WINDOW, heads_in_use, window_in_use
            cal_p = reader_mod.min_value_p_from("calibration")
            parts = ([f"value threshold {cal_p:g}"] if cal_p is not None else []) + (
                ["new layers"] if heads_in_use() else []) + (
                [f"window {calibrate.window_text(window_in_use())}"] if window_in_use() != SHIPPED_WINDOW else [])
            what = ", " + ", ".join(parts) if parts else ": it found the reader best as it is, nothing changed"
            over = (f"; --min-value-p {args.min_value_p:g} overrides its threshold"
                    if cal_p is not None and getattr(args, "min_value_p", None) is not None else "")
            print(f"(reading with this cabinet's calibration {used}{what}{over}; --no-calibration to read as "
                  "shipped)", file=sys.stderr)
    if args.dice_command == "read":
        return _read(args, _white_balance(cfg))
    return _score(args, _white_balance(cfg))


#: the guided flow's options (argparse dest, option), None when not given
GUIDED_OPTIONS = (("seats", "--seats"), ("rolls", "--rolls"), ("screens", "--screens"), ("size", "--size"),
                  ("headless", "--headless"), ("bots", "--bots"), ("dice", "--dice"), ("dice_from", "--dice-from"),
                  ("sim_camera", "--sim-camera"), ("seed", "--seed"))


def _calibrate(args, cfg) -> int:
    from vision import calibrate

    from firmware.runtime.errors import UsageError
    path = calibration_path(cfg)
    if args.reset or args.from_labelled is not None:
        given = [opt for dest, opt in GUIDED_OPTIONS if getattr(args, dest, None) not in (None, False)]
        if given:
            raise UsageError(f"{', '.join(given)}: only for the guided flow, not with "
                             f"{'--reset' if args.reset else '--from-labelled'}")
    if path.exists() and not path.is_file():
        print(f"cabinet: error: {path} is not a file (a folder?): move it away; nothing was changed",
              file=sys.stderr)
        return 1
    if args.reset:
        removed = None
        if path.is_file():
            path.unlink()
            removed = str(path)
        if args.json:
            print(json.dumps({"removed": removed, "calibration": None}))
        elif removed:
            print(f"removed {path}: the reader reads as shipped")
        else:
            print(f"no calibration at {path}: the reader already reads as shipped")
        return 0
    if args.from_labelled is None:
        return _guided(args, cfg, path)
    if Path(args.from_labelled).is_file():
        raise UsageError(f"--from-labelled {args.from_labelled}: a file, not a folder: give the folder that holds "
                         "images/ and labels/")
    if not args.from_labelled or not Path(args.from_labelled).is_dir():
        raise UsageError(f"--from-labelled {args.from_labelled!r}: no such folder")
    quiet = args.json or not sys.stderr.isatty()
    bar = None
    if not quiet:
        from tqdm import tqdm
        bar = tqdm(total=5, desc="calibrating", unit="step", file=sys.stderr, leave=False)

    def progress(message: str) -> None:
        if bar is not None:
            bar.set_postfix_str(message[:60])
            bar.update(1)
    try:
        cal = calibrate.calibrate_from_labelled(args.from_labelled, progress)
    except calibrate.CalibrationError as exc:
        if bar is not None:
            bar.close()
        kept = f"; kept {path}" if path.is_file() else ""
        print(f"cabinet: error: {exc}{kept}", file=sys.stderr)
        if args.json:
            print(json.dumps({"calibration": None, "refused": str(exc), "kept": str(path) if path.is_file() else None}))
        return 1
    if bar is not None:
        bar.close()
    calibrate.save(cal, path)
    info = cal.info
    if args.json:
        p = cal.min_value_p if cal.min_value_p is not None else info["threshold_before"]
        print(json.dumps({"calibration": str(path), **info,
                          "now_using": calibrate.kept_words(info.get("kind", "as shipped"), info["threshold_before"],
                                                            cal.min_value_p),
                          "why": _folder_why(info, p) or None}))
        return 0
    b, a = info["before"], info["after"]
    print(f"calibrated on {info['fit_dice']} dice of {info['fit_photos']} photos ({info['seconds']} s wall); "
          f"wrote {path}")
    print(calibrate.kept_words(info.get("kind", "as shipped"), info["threshold_before"], cal.min_value_p))
    if cal.heads or cal.min_value_p is not None or cal.window is not None:
        kept = ("new last layers for the face nets" if cal.heads else "the face nets' own last layers")
        if cal.window is not None:
            kept += f", each die's window moved to its top face ({calibrate.window_text(cal.window)})"
        p = cal.min_value_p if cal.min_value_p is not None else info["threshold_before"]
        print(f"in detail: {kept}, value threshold {p:g} (was {info['threshold_before']:g}; "
              "a --min-value-p option still overrides it)")
        why = _folder_why(info, p)
        if why:
            print(f"why: {why}")
    else:
        print(f"in detail: the reader as it is, its own layers at the threshold in effect "
              f"({info['threshold_before']:g}): neither new layers, another window nor another threshold read "
              "these dice better (this replaces any earlier calibration)")
        why = _as_is_why(info, a)
        if why:
            print(f"why: {why}")
    print(f"confirmation rolls ({info['confirm_photos']} photos kept back, {a['dice']} dice): "
          + _rolls_line(b, a))
    print("undo with `cabinet dice calibrate --reset`")
    return 0


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _rolls_line(before: dict, after: dict) -> str:
    """The confirmation rolls without -> with the calibration, e.g. "before -> after: right 16 -> 17, wrong
    0 -> 0, not read (to nudge) 21 -> 20" (``before``/``after``: dicts with dice, right, wrong)."""
    def unread(f: dict) -> int:
        return f["dice"] - f["right"] - f["wrong"]
    return (f"before -> after: right {before['right']} -> {after['right']}, wrong {before['wrong']} -> "
            f"{after['wrong']}, not read (to nudge) {unread(before)} -> {unread(after)}")


def _as_is_why(info: dict, after: dict) -> str:
    """Why a calibration from a labelled folder kept the reader as it is
    although the photos kept back show misreads (``after``: their figures),
    in an owner's words; "" when they show none."""
    if not after["wrong"]:
        return ""
    fit_wrong = info.get("before_fit", {}).get("wrong", 0)
    if not fit_wrong:
        return (f"the fit photos showed no misread at {info['threshold_before']:g}; the {_dice(after['wrong'])} "
                "misread on the photos kept back only check a calibration and do not choose it: more photos of "
                "these dice let it see such misreads")
    return (f"no candidate read these dice better on the fit photos ({_dice(fit_wrong)} misread there) and the "
            "photos kept back together (`--json` has each candidate's figures)")


def _folder_why(info: dict, p: float) -> str:
    """Why a calibration from a labelled folder raised the value threshold
    to ``p`` (its ``info``), in an owner's words; "" when it did not, or
    read no fewer fit dice wrongly for it."""
    fit_b = info.get("before_fit", {})
    fit_a = info.get("candidates", {}).get(info.get("kind"), {}).get("fit", {})
    if not (p > info["threshold_before"] and fit_b.get("wrong", 0) > fit_a.get("wrong", 0)):
        return ""
    why = (f"on the fit photos the reader as it was gave {_dice(fit_b['wrong'])} a wrong value at "
           f"{info['threshold_before']:g}, {fit_a['wrong']} at {p:g}")
    if info.get("margin"):
        why += f" ({info['margin']})"
    return why + "; fewer dice are read, more are left to nudge (a die read wrongly costs more than one left unread)"


def _guided_kept(result: dict) -> str:
    """What a stored guided calibration keeps, in words (``result`` of
    :func:`firmware.app.calibration_window.run_guided`)."""
    from vision import calibrate
    from vision.netreader import WindowGeometry
    p = result.get("min_value_p")
    at = f", value threshold {p:g}" if p is not None else ", the value threshold in effect"
    if result["kind"] == "layers":
        return "new last layers for the face nets" + at
    if result["kind"] == "threshold":
        return f"the face nets' own last layers{at}"
    if result["kind"] == "window":
        w = result.get("window")
        where = calibrate.window_text(WindowGeometry(*w)) if w else "as shipped"
        return f"each die's window moved to its top face ({where}){at}"
    return "the reader as it is (neither new layers, another window nor another threshold read better)"


def _guided(args, cfg, path: Path) -> int:
    """The guided calibration on the cabinet (:func:`firmware.app.calibration_window.run_guided`);
    0 stored, 1 refused (the calibration in use kept), 2 usage error."""
    from firmware.app.calibration_window import run_guided
    from firmware.calibration.run import GuidedOptions
    from firmware.runtime.errors import UsageError
    from firmware.cli.options import output_folder
    from firmware.runtime.places import hdmi_size as _size
    cfg = cfg or {}
    args.rolls = 2 if args.rolls is None else args.rolls
    args.dice = 5 if args.dice is None else args.dice
    args.seed = 0 if args.seed is None else args.seed
    args.sim_camera = args.sim_camera or "dice"
    for name in ("rolls", "dice"):
        v = getattr(args, name)
        if v is not None and v < 1:
            raise UsageError(f"--{name} must be 1 or more, got {v}")
    seats = None
    if args.seats:
        try:
            seats = [int(x) - 1 for x in args.seats.split(",") if x.strip()] if "," in args.seats \
                else int(args.seats)
        except ValueError:
            raise UsageError(f"--seats must be a count or a list such as 1,3, got {args.seats!r}") from None
        if seats == [] or (isinstance(seats, int) and seats < 1) or (isinstance(seats, list) and min(seats) < 0):
            raise UsageError(f"--seats must be 1 or more (seats count from 1), got {args.seats!r}")
        if isinstance(seats, list) and len(set(seats)) < len(seats):
            twice = sorted({s + 1 for s in seats if seats.count(s) > 1})
            raise UsageError(f"--seats {args.seats}: seat {', '.join(map(str, twice))} named twice")
    if args.dice > 12:
        raise UsageError(f"--dice {args.dice}: at most 12 dice fit a simulated tray")
    if args.dice_from and not Path(args.dice_from).is_dir():
        raise UsageError(f"--dice-from {args.dice_from}: no such folder")
    if args.screens:
        output_folder("--screens", args.screens)
    bots: set[int] = set()
    if args.bots:
        if args.bots == "all":
            bots = set(range(6))
        else:
            try:
                bots = {int(x) - 1 for x in args.bots.split(",") if x.strip()}
            except ValueError:
                raise UsageError(f"--bots must look like 1,3 or all, got {args.bots!r}") from None
    opts = GuidedOptions(headless=args.headless, seats=seats, dice=args.dice, rolls=args.rolls,
                         seed=args.seed, dice_from=args.dice_from, camera=args.sim_camera,
                         screens=args.screens, size=_size(args.size, cfg), bots=bots)
    result = run_guided(cfg, opts, path)
    if args.json:
        print(json.dumps(result))
    elif result["outcome"] == "stored":
        b, a = result["before"], result["after"]
        print(f"calibrated on {result['fit_dice']} dice of seats {', '.join(map(str, result['seats']))} "
              f"(adapt {result['adapt_cpu_s']} s CPU); wrote {result['calibration']}")
        if result.get("now_using"):
            print(result["now_using"])
        print("in detail: " + _guided_kept(result))
        if result.get("why"):
            print(f"why: {result['why']}")
        print(f"confirmation rolls ({result['confirm_rolls']} tray{'s' if result['confirm_rolls'] != 1 else ''}, "
              f"{a['dice']} dice): " + _rolls_line(b, a))
        print("undo with `cabinet dice calibrate --reset`")
    else:
        kept = f"; kept {path}" if path.is_file() else "; the reader reads as shipped"
        print(f"cabinet: error: calibration refused: {result['message']}{kept}", file=sys.stderr)
    return 0 if result["outcome"] == "stored" else 1


def _read(args, wb) -> int:
    from vision import reader as reader_mod
    code = 0
    from firmware.cli.options import output_folder
    out_dir = output_folder("--annotate", args.annotate) if args.annotate else None
    if getattr(args, "models", None) and _use_models(args.models):
        return 1
    for name in args.images:
        if not Path(name).exists():
            print(f"cabinet: error: {name}: no such file", file=sys.stderr)
            code = 1
            continue
        if Path(name).is_dir():
            print(f"cabinet: error: {name}: is a folder; give image files (dice score reads a labelled folder)",
                  file=sys.stderr)
            code = 1
            continue
        frame = cv2.imread(name, cv2.IMREAD_COLOR)
        if frame is None:
            print(f"cabinet: error: {name}: not a readable image file", file=sys.stderr)
            code = 1
            continue
        t0 = time.perf_counter()
        try:
            dice = read_dice(frame, wb)
        except VisionInputError as exc:
            print(f"cabinet: error: {name}: {exc}", file=sys.stderr)
            code = 1
            continue
        ms = (time.perf_counter() - t0) * 1000
        if args.json:
            print(json.dumps({"image": name, "dice": [d.to_json() for d in dice], "ms": round(ms, 1),
                              "min_value_p": reader_mod.MIN_VALUE_P}))
        else:
            vals = " ".join(str(d.value) if d.value is not None else "?" for d in dice)
            print(f"{name}: {_dice(len(dice))} [{vals}]  ({ms:.1f} ms)")
            for d in dice:
                print(f"  {d.value if d.value is not None else '?'} {d.colour:<6} at "
                      f"({d.center[0]:.0f}, {d.center[1]:.0f}) box {list(d.box)} confidence {d.confidence:.2f}")
        if out_dir:
            # <file name>.annotated.png: never an input's name, one per input
            out = out_dir / (Path(name).name + ".annotated.png")
            if not cv2.imwrite(str(out), annotate(frame, dice)):
                print(f"cabinet: error: {out}: could not be written", file=sys.stderr)
                code = 1
            elif not args.json:
                print(f"  drawn: {out}")
    return code


def _use_models(folder: str) -> int:
    """Switch the reader to the models in ``folder``; 1 (after a one-line
    error) when they are missing or broken, else 0."""
    from vision.netreader import use_models
    try:
        use_models(folder)
    except VisionInputError as exc:
        print(f"cabinet: error: {exc}", file=sys.stderr)
        return 1
    return 0


def _score(args, wb) -> int:
    from vision.dataset import list_images
    folders = [Path(d) for d in args.dataset]
    for folder in folders:
        if not (folder / "images").is_dir() or not (folder / "labels").is_dir() or not list_images(folder):
            print(f"cabinet: error: {folder}: not a labelled set (expected images/ and YOLO labels/ "
                  f"as in nell-byler-dev)", file=sys.stderr)
            return 1
    if args.models and _use_models(args.models):
        return 1
    if getattr(args, "curve", False) and args.peer:
        print("cabinet: error: --curve replays the reader's thresholds and agreement rules; the --peer reader "
              "has none", file=sys.stderr)
        return 2
    if args.peer:
        from vision.peer import read_dice_peer
        reader = read_dice_peer
    else:
        def reader(frame):
            return read_dice(frame, wb)
    code, rows = 0, []
    for folder in folders:
        summary = _score_set(args, folder, reader)
        if summary is None:
            code = 1
        else:
            rows.append((folder.name, summary))
    if len(rows) > 1 and not args.json:
        if getattr(args, "curve", False):
            return code
        print("\nset                    images  dice  first-look  misread  accuracy  precision  exact  ms")
        for name, s in rows:
            print(f"{name[:22]:<22} {s['images']:>6} {s['labelled_dice']:>5} {100 * s['first_look_rate']:>8.1f} %"
                  f" {100 * s['misread_rate']:>5.2f} % {100 * s['accuracy']:>8.1f} {100 * s['precision']:>10.1f} "
                  f"{100 * s['exact_images']:>6.1f} {s['median_ms']:>4}")
    return code


def _curve_set(args, folder: Path, images) -> dict | None:
    """Print (or with --json, one JSON object) the first-look / misread
    curve of one set; its rows, or None when no image could be read."""
    from vision import curve
    from vision import reader as reader_mod
    p = reader_mod.MIN_VALUE_P
    thresholds = tuple(sorted(set(curve.CURVE_THRESHOLDS) | {p}))
    skipped: list[str] = []
    scores = curve.curve_scores(folder, images, thresholds, errata=not args.no_errata, skipped=skipped)
    for why in skipped:
        print(f"cabinet: warning: skipped {why}", file=sys.stderr)
    any_score = next(iter(scores.values()))
    if not any_score.images:
        print(f"cabinet: error: {folder}: no image of the set could be read", file=sys.stderr)
        return None
    rows = curve.curve_rows(scores)
    rule = "both" if reader_mod.NETS_MUST_AGREE else "expert"
    if args.json:
        print(json.dumps({"set": folder.name, "fold": args.fold, "images": any_score.images,
                          "labelled_dice": any_score.labelled, "in_effect": {"rule": rule, "min_value_p": p},
                          "curve": rows}))
    else:
        print(f"{folder}: {any_score.images} images{'' if args.fold == 'all' else ' (' + args.fold + ' scenes)'}, "
              f"{any_score.labelled} labelled dice (dice on the table)")
        print(curve.curve_text(rows, (rule, p)))
    return {"curve": rows}


def _score_set(args, folder: Path, reader) -> dict | None:
    """Score one set and print it; its summary, or None (after an error
    line) when no image of it could be read."""
    from vision.dataset import fold_images
    from vision.score import score_folder
    images = fold_images(folder, args.fold)
    if not args.json and sys.stderr.isatty():  # progress on a terminal only (tqdm), quiet with --json
        from tqdm import tqdm
        images = tqdm(images, desc=folder.name, unit="photo", file=sys.stderr, leave=False)
    if getattr(args, "curve", False):
        return _curve_set(args, folder, images)
    s = score_folder(folder, reader, images, errata=not args.no_errata)
    for why in s.skipped:
        print(f"cabinet: warning: skipped {why}", file=sys.stderr)
    if not s.images:
        print(f"cabinet: error: {folder}: no image of the set could be read", file=sys.stderr)
        return None
    summary = {"set": folder.name, "fold": args.fold, **s.summary()}
    if not args.peer:
        from vision import reader as reader_mod
        from vision.netreader import RUNTIME
        summary["runtime"] = RUNTIME  # which library ran the nets (onnxruntime or cv2.dnn)
        summary["min_value_p"] = reader_mod.MIN_VALUE_P  # the value threshold read at
    if args.json:
        confusion = {str(t): {**{str(p): s.confusion[t][p] for p in range(1, 7)}, "-": s.confusion[t][0]}
                     for t in range(1, 7)}
        print(json.dumps({**summary, "confusion": confusion, **({"errors": s.errors} if args.errors else {})}))
    else:
        print(f"{folder}: {summary['images']} images{'' if args.fold == 'all' else ' (' + args.fold + ' scenes)'}, "
              f"{summary['labelled_dice']} labelled dice"
              f"{' (peer blob-and-cluster reader)' if args.peer else ''}")
        if "min_value_p" in summary:
            print(f"  value threshold   p >= {summary['min_value_p']:g}")
        print(f"  first-look rate   {100 * s.first_look:.1f} %  ({s.correct} of {s.labelled} dice on the table given "
              "their right value; an unread die counts against it as a misread does)")
        print(f"  misread rate      {100 * s.misread:.2f} %  ({s.wrong} of {s.labelled} dice on the table given a "
              "wrong value)")
        print(f"  per-die accuracy  {100 * s.accuracy:.1f} %  (right values / found dice given a value)")
        print(f"  recall            {100 * s.recall:.1f} %  (right values / labelled dice)")
        print(f"  precision         {100 * s.precision:.1f} %  (right values / values reported, "
              "also on dice where none is labelled)")
        print(f"  confident-wrong   {100 * s.confident_wrong:.2f} %  ({s.wrong} labelled "
              f"{'die' if s.wrong == 1 else 'dice'} given a wrong value)")
        print(f"  images read exactly {100 * summary['exact_images']:.1f} %")
        print(f"  missed {summary['missed']}, unreadable {summary['unreadable']}, extra dice {summary['extra']}, "
              f"extra unreadable {summary['extra_unreadable']} (reported where no die is labelled)")
        if s.errata:
            print(f"  labels corrected by vision/label_errata.toml: {s.errata} (--no-errata: as published)")
        elif args.no_errata:
            print("  labels as published (--no-errata: vision/label_errata.toml not applied)")
        print(f"  ms per image: median {summary['median_ms']}, p95 {summary['p95_ms']}"
              + (f" (nets run by {summary['runtime']})" if "runtime" in summary else ""))
        print(s.confusion_text())
        print("  (rows: the labelled value; columns: the value read; -: not read, i.e. missed or unreadable)")
    if args.errors and not args.json:
        print("\n".join(s.errors))
    return summary

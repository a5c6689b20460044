"""``cabinet dice calibrate``: the guided flow on the cabinet, a labelled
folder (``--from-labelled``), or ``--reset``; and the words each says."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engines.words import plural

from firmware.runtime.reader import calibration_path


#: the guided flow's options (argparse dest, option), None when not given
GUIDED_OPTIONS = (("seats", "--seats"), ("rolls", "--rolls"), ("screens", "--screens"), ("size", "--size"),
                  ("headless", "--headless"), ("bots", "--bots"), ("dice", "--dice"), ("dice_from", "--dice-from"),
                  ("sim_camera", "--sim-camera"), ("seed", "--seed"))


def calibrate_command(args, cfg, reader) -> int:
    """Run ``cabinet dice calibrate``; returns the exit code.  ``reader``:
    the command's :class:`vision.reader.DiceReader` (config, no
    calibration) that ``--from-labelled`` calibrates; the guided flow
    builds its own from ``cfg``.

    Raises:
        UsageError: guided-flow options with ``--reset`` or ``--from-labelled``, or a bad folder.
    """
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
    return _from_labelled(args, path, reader)


def _from_labelled(args, path: Path, reader) -> int:
    """``calibrate --from-labelled DIR``: fit on the folder's photos, store, say what changed."""
    from vision import calibrate
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
        cal = calibrate.calibrate_from_labelled(reader, args.from_labelled, progress)
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
    _say_labelled(cal, path)
    return 0


def _say_labelled(cal, path: Path) -> None:
    """The words after a calibration from a labelled folder: what it keeps and why, the confirmation rolls."""
    from vision import calibrate
    info = cal.info
    b, a = info["before"], info["after"]
    print(f"calibrated on {info['fit_dice']} dice of {info['fit_photos']} photos ({info['seconds']} s wall); "
          f"wrote {path}")
    print(calibrate.kept_words(info.get("kind", "as shipped"), info["threshold_before"], cal.min_value_p))
    if cal.heads or cal.prototypes or cal.min_value_p is not None or cal.window is not None:
        kept = ("new last layers for the face nets" if cal.heads else "the face nets' own last layers")
        if cal.prototypes:
            kept += ", what each face of your dice looks like to them (face prototypes)"
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
              f"({info['threshold_before']:g}): neither new layers, face prototypes, another window nor another "
              "threshold read these dice better (this replaces any earlier calibration)")
        why = _as_is_why(info, a)
        if why:
            print(f"why: {why}")
    print(f"confirmation rolls ({info['confirm_photos']} photos kept back, {a['dice']} dice): "
          + _rolls_line(b, a))
    print("undo with `cabinet dice calibrate --reset`")



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
        return (f"the fit photos showed no misread at {info['threshold_before']:g}; the {plural(after['wrong'], 'die', 'dice')} "
                "misread on the photos kept back only check a calibration and do not choose it: more photos of "
                "these dice let it see such misreads")
    return (f"no candidate read these dice better on the fit photos ({plural(fit_wrong, 'die', 'dice')} misread there) and the "
            "photos kept back together (`--json` has each candidate's figures)")


def _folder_why(info: dict, p: float) -> str:
    """Why a calibration from a labelled folder raised the value threshold
    to ``p`` (its ``info``), in an owner's words; "" when it did not, or
    read no fewer fit dice wrongly for it."""
    fit_b = info.get("before_fit", {})
    fit_a = info.get("candidates", {}).get(info.get("kind"), {}).get("fit", {})
    if not (p > info["threshold_before"] and fit_b.get("wrong", 0) > fit_a.get("wrong", 0)):
        return ""
    why = (f"on the fit photos the reader as it was gave {plural(fit_b['wrong'], 'die', 'dice')} a wrong value at "
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
    if result["kind"] == "prototypes":
        return "what each face of your dice looks like to the face nets (face prototypes)" + at
    if result["kind"] == "window":
        w = result.get("window")
        where = calibrate.window_text(WindowGeometry(*w)) if w else "as shipped"
        return f"each die's window moved to its top face ({where}){at}"
    return "the reader as it is (neither new layers, face prototypes, another window nor another threshold read better)"


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

"""``cabinet dice calibrate``: the guided flow on the cabinet, a labelled
folder (``--from-labelled``), or ``--reset``; and the words each says."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engines.words import plural, seats_words

from firmware.calibration.words import TUNED_SHORT, TUNED_WORDS
from firmware.runtime.reader import calibration_path, lean_words, stored_calibration


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
            print(f"calibration removed ({path}): the reader reads as shipped")
        else:
            print("no calibration to remove: the reader already reads as shipped")
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
    """``calibrate --from-labelled DIR``: fit on the folder's photos, weigh
    the result against the calibration in use (if it loads), store the
    better, say what changed."""
    from vision import calibrate
    had = path.is_file()
    stored, unusable = stored_calibration(path, reader) if had else (None, None)
    bar = _progress_bar(args)
    try:
        cal = calibrate.calibrate_from_labelled(reader, args.from_labelled, bar.say if bar else None, stored=stored)
    except calibrate.CalibrationError as exc:
        if bar is not None:
            bar.close()
        print(f"cabinet: error: {exc}; {_in_use(had)}", file=sys.stderr)
        if args.json:
            print(json.dumps({"calibration": None, "refused": str(exc), "kept": str(path) if had else None}))
        return 1
    if bar is not None:
        bar.close()
    info = cal.info
    mine = info.get("stored")
    ending = "kept" if mine and mine["kept"] else _ending(info.get("kind", "as shipped"), had,
                                                          info.get("lean_max_p") is not None)
    if ending in ("changed", "as shipped"):
        calibrate.save(cal, path)
    if args.json:
        p = cal.min_value_p if cal.min_value_p is not None else info["threshold_before"]
        print(json.dumps({"calibration": str(path) if path.is_file() else None, "ending": ending, **info,
                          "stored": mine, "unusable": unusable,
                          "now_using": calibrate.kept_words(info.get("kind", "as shipped"), info["threshold_before"],
                                                            cal.min_value_p, info["before"], info["after"])
                          if ending != "kept" else None,
                          "why": _folder_why(info, p) or None}))
        return 0
    if ending == "kept":
        _say_kept(cal, path)
        return 0
    replaced = (f"replaced {_yours(mine)}: it reads these photos worse ({_figures_words(mine)})" if mine
                else f"replaced your calibration in {path}: it could not be used ({unusable})" if unusable else "")
    _say_labelled(cal, path, ending, replaced)
    return 0


#: what a calibration tries, in an owner's words (the candidates of vision.calibration.candidates)
TRIED_WORDS = (f"new layers, what your dice's faces look like, where the camera sees them, {TUNED_SHORT}, "
               "another threshold")


def _yours(figures: dict) -> str:
    """The owner's calibration in use, by its date: "your calibration of 2026-11-02 10:00"."""
    made = str(figures.get("made") or "")[:16]
    return f"your calibration of {made}" if made else "your calibration"


def _figures_words(f: dict) -> str:
    """A reading of labelled dice in words: "17 right, 0 misread of 20 dice"."""
    return f"{f['right']} right, {f['wrong']} misread of {f['dice']} dice"


def _say_kept(cal, path: Path) -> None:
    """The words after a calibration from a labelled folder that kept the
    calibration in use (it reads the photos kept back as well as or better
    than anything new): that it was kept, what it was weighed against."""
    from vision import calibrate
    info, mine = cal.info, cal.info["stored"]
    print(f"kept {_yours(mine)}: it reads these photos as well as or better than anything new "
          f"({_figures_words(mine)})")
    best = info.get("kind", "as shipped")
    if best == "as shipped":
        print(f"the reader as shipped reads them: {_figures_words(info['before'])}; nothing tried ({TRIED_WORDS}) "
              "reads them better")
    else:
        new = calibrate.kept_words(best, info["threshold_before"], cal.min_value_p, info["before"], info["after"])
        print(f"the best new calibration ({new.removeprefix('now using: ')}) reads them: "
              f"{_figures_words(info['after'])}; the reader as shipped: {_figures_words(info['before'])}")
    print(f"on the {info['confirm_photos']} photos kept back to check (learned from {info['fit_dice']} dice of "
          f"{info['fit_photos']} photos in {info['seconds']:g} s); nothing was changed: {path}")


class _Bar:
    """The progress of ``--from-labelled`` (about a minute or two on a
    large folder, PT14: 134 s said nothing): on a terminal a tqdm bar on
    stderr, one tick per step of
    :func:`vision.calibrate.calibrate_from_labelled`, each named in an
    owner's words, with the time spent; elsewhere (a log, a pipe) one
    line per step on stderr."""

    STEPS = 5

    def __init__(self, terminal: bool) -> None:
        self.bar, self.n = None, 0
        if terminal:
            from tqdm import tqdm
            self.bar = tqdm(total=self.STEPS, desc="calibrating", file=sys.stderr, leave=False,
                            bar_format="{desc}: step {n}/{total} [{elapsed}] {postfix}")

    def say(self, message: str) -> None:
        """A step began: ``message`` says which."""
        self.n = min(self.STEPS, self.n + 1)
        if self.bar is None:
            print(f"calibrating: step {self.n}/{self.STEPS}: {message}", file=sys.stderr, flush=True)
            return
        self.bar.update(self.n - self.bar.n)
        self.bar.set_postfix_str(message[:70])

    def close(self) -> None:
        """The bar leaves the terminal."""
        if self.bar is not None:
            self.bar.close()


def _progress_bar(args) -> "_Bar | None":
    """The progress of a calibration from a labelled folder (:class:`_Bar`);
    None with ``--json`` (quiet)."""
    if args.json:
        return None
    return _Bar(sys.stderr.isatty())


def _in_use(had: bool) -> str:
    """What the reader reads with after a calibration that stored nothing."""
    return "the calibration in use is kept" if had else "the reader reads as shipped"


def _ending(kind: str, had: bool, lean: bool = False) -> str:
    """How a calibration ended, one word for one outcome (as the guided
    flow's screens, :func:`firmware.calibration.screens.ending`): "changed"
    (a calibration of its own is stored), "no change" (nothing read the
    dice better and there was no calibration: nothing is stored), "as
    shipped" (nothing read them better than the reader as shipped, which
    replaces the old calibration); ``lean``: the lean net's bar was raised
    for these dice, so a calibration of its own is stored ("changed")."""
    if kind != "as shipped" or lean:
        return "changed"
    return "as shipped" if had else "no change"


#: the first line of each ending, the same on the screens and in the terminal
ENDING_WORDS = {"changed": "calibration stored",
                "no change": "no change needed: nothing tried reads your dice better than the reader as it is",
                "as shipped": "calibration done: back to the reader as shipped (nothing tried reads your dice "
                              "better; the old calibration is no longer used)"}


def _say_labelled(cal, path: Path, ending: str, replaced: str = "") -> None:
    """The words after a calibration from a labelled folder: what it keeps
    and why, what it ``replaced`` (a line, "" for none), the confirmation rolls."""
    from vision import calibrate
    info = cal.info
    b, a = info["before"], info["after"]
    print(f"{ENDING_WORDS[ending]}: learned from {info['fit_dice']} dice of {info['fit_photos']} photos in "
          f"{info['seconds']:g} s")
    if replaced:
        print(replaced)
    if ending == "changed":
        print(calibrate.kept_words(info.get("kind", "as shipped"), info["threshold_before"], cal.min_value_p, b, a))
        kept = ("new last layers for the face nets" if cal.heads else "the face nets' own last layers")
        if cal.prototypes:
            kept += ", what each face of your dice looks like to them"
        if cal.window is not None:
            kept += f", {calibrate.window_words(cal.window)}"
        if cal.adaptation is not None:
            kept += f", {TUNED_WORDS}"
        if cal.lean_max_p is not None:   # your dice lying flat looked to the lean net like dice leaning
            kept += f", {lean_words(cal.lean_max_p)} (your dice lying flat looked to it like dice leaning)"
        p = cal.min_value_p if cal.min_value_p is not None else info["threshold_before"]
        print(f"in detail: {kept}, value threshold {p:g} (was {info['threshold_before']:g}; "
              "a --min-value-p option still overrides it)")
        why = _folder_why(info, p)
        if why:
            print(f"why: {why}")
    else:
        print(f"in detail: the reader as it is, its own layers at the threshold in effect "
              f"({info['threshold_before']:g}): nothing tried ({TRIED_WORDS}) reads these dice better")
        why = _as_is_why(info, a)
        if why:
            print(f"why: {why}")
    print(f"confirmation rolls ({info['confirm_photos']} photos kept back, {a['dice']} dice): "
          + _rolls_line(b, a))
    if path.is_file():
        print(f"undo with `cabinet dice calibrate --reset` (removes {path})")


def _left_out(result: dict) -> str:
    """", 3 dice left out (?)" when the seats left dice they could not see
    out of the check (PT29), else ""."""
    n = result.get("left_out_dice") or 0
    return f", {plural(n, 'die', 'dice')} left out (?)" if n else ""


def _corrected_line(result: dict) -> str:
    """The dice the seats corrected in the readings they checked, in words
    ("" for none: :func:`firmware.calibration.words.corrected_words`; PT68)."""
    from firmware.calibration.words import corrected_words
    return corrected_words(result.get("corrected_dice") or 0)


def _rolls_line(before: dict, after: dict) -> str:
    """The confirmation rolls without -> with the calibration, e.g. "before -> after: right 16 -> 17, wrong
    0 -> 0, not read (to nudge) 21 -> 20" (``before``/``after``: dicts with dice, right, wrong, and
    maybe unread and extra: the values of wrong where no die lies, said apart; PT66)."""
    def extra(f: dict) -> int:
        return f.get("extra", 0)

    def unread(f: dict) -> int:
        return f.get("unread", f["dice"] - f["right"] - f["wrong"] + extra(f))
    line = (f"before -> after: right {before['right']} -> {after['right']}, wrong {before['wrong'] - extra(before)} "
            f"-> {after['wrong'] - extra(after)}, not read (to nudge) {unread(before)} -> {unread(after)}")
    if extra(before) or extra(after):
        line += f", a value where no die lies {extra(before)} -> {extra(after)}"
    return line


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
    :func:`firmware.app.calibration_window.run_guided`), with the lean
    net's bar for these dice where it was raised."""
    lean = result.get("lean_max_p")
    kept = _guided_kind_words(result)
    if lean is None:
        return kept
    if result["kind"] == "as shipped":
        kept = "the reader as it is otherwise: nothing else tried reads your dice better"
    return f"{kept}; {lean_words(lean)} (your dice lying flat looked to it like dice leaning)"


def _guided_kind_words(result: dict) -> str:
    """The kind of calibration kept (:func:`_guided_kept`), in words."""
    from vision import calibrate
    from vision.netreader import WindowGeometry
    p = result.get("min_value_p")
    at = f", value threshold {p:g}" if p is not None else ", the value threshold in effect"
    if result["kind"] == "layers":
        return "new last layers for the face nets" + at
    if result["kind"] == "threshold":
        return f"the face nets' own last layers{at}"
    if result["kind"] == "prototypes":
        return "what each face of your dice looks like to the face nets" + at
    if result["kind"] == "window":
        w = result.get("window")
        return (calibrate.window_words(WindowGeometry(*w)) if w else "the window as shipped") + at
    if result["kind"] == "adapted":
        return TUNED_WORDS + at
    return f"the reader as it is: nothing tried ({TRIED_WORDS}) reads your dice better"


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
    elif result["outcome"] == "stored" and result["ending"] == "kept":
        b, a = result["before"], result["after"]
        print(result["now_using"])   # "kept your calibration of <date>: ..." on a line of its own
        print(f"learned from {result['fit_dice']} dice of {seats_words(result['seats'])} in "
              f"{result['adapt_cpu_s']:g} s: nothing tried reads your rolls better; nothing was changed: {path}")
        print(f"confirmation rolls ({result['confirm_rolls']} checked, {a['dice']} dice"
              f"{_left_out(result)}), without a calibration -> with yours: " + _rolls_line(b, a).removeprefix("before -> after: "))
        if line := _corrected_line(result):
            print(line)
    elif result["outcome"] == "stored":
        b, a = result["before"], result["after"]
        print(f"{ENDING_WORDS[result['ending']]}: learned from {result['fit_dice']} dice of "
              f"{seats_words(result['seats'])} in {result['adapt_cpu_s']:g} s")
        if result.get("replaced"):
            print(result["replaced"])
        if result.get("now_using") and result["ending"] == "changed":
            print(result["now_using"])
        print("in detail: " + _guided_kept(result))
        if result.get("why"):
            print(f"why: {result['why']}")
        print(f"confirmation rolls ({result['confirm_rolls']} checked, "
              f"{a['dice']} dice{_left_out(result)}): " + _rolls_line(b, a))
        if line := _corrected_line(result):
            print(line)
        if path.is_file():
            print(f"undo with `cabinet dice calibrate --reset` (removes {path})")
    elif result["outcome"] == "cancelled":
        print(f"calibration cancelled; {_in_use(result['kept'])}", file=sys.stderr)
    else:
        print(f"cabinet: error: calibration refused: {result['message']}; {_in_use(result['kept'])}",
              file=sys.stderr)
    return 0 if result["outcome"] == "stored" else 1

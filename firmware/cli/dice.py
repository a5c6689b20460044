"""``cabinet dice``: read dice in photos, score the reader on a labelled set.

``cabinet dice read IMAGE... [--json] [--annotate OUT_DIR] [--models DIR] [--min-value-p P]``
``cabinet dice score DATASET_DIR... [--peer] [--json] [--errors] [--models DIR] [--fold even|odd]
[--min-value-p P] [--curve] [--breakdown]``
(each set scored on its own: first-look rate and misread rate - of the
dice on the table, issue 40 - per-die accuracy, precision, image-exact
rate, ms per frame; ``--curve``: both rates over the value threshold and
the nets' agreement rule, :mod:`vision.curve`; ``--breakdown``: where
each die not read right was lost, :mod:`vision.breakdown`)
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

from engines.words import plural

import cv2

from vision.annotate import annotate
from vision.die import VisionInputError
from vision.reader import DiceReader
from vision.reader_settings import DEFAULT_MIN_VALUE_P

from firmware.runtime.reader import reader_from_config, white_balance as _white_balance, with_calibration


def _add_min_value_p(q: argparse.ArgumentParser) -> None:
    """The ``--min-value-p`` option of ``dice read`` and ``score``."""
    q.add_argument("--min-value-p", type=float, metavar="P",
                   help="probability a die's readings must give its value for it to be read, 0.5 to 0.99 "
                        "(default: this cabinet's calibration's, else config vision.min_value_p, "
                        f"{DEFAULT_MIN_VALUE_P}); "
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
    q.add_argument("--breakdown", action="store_true",
                   help="instead of the figures, where each die not read right was lost: the detector (no "
                        "candidate, a weak peak, two dice one peak), found but no value (dropped as not a die, "
                        "the readings disagree, below the threshold) or misread; with --errors, each die")
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
    """Run ``dice read``, ``score`` or ``calibrate``; returns the exit code.
    Each command builds its own reader (:func:`firmware.runtime.reader.reader_from_config`:
    config, ``--min-value-p``, ``--models``, this cabinet's calibration)."""
    try:
        reader = reader_from_config(cfg, getattr(args, "min_value_p", None))
    except VisionInputError as exc:
        print(f"cabinet: error: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "peer", False) and getattr(args, "min_value_p", None) is not None:
        print("cabinet: error: --min-value-p sets the reader's value threshold; the --peer reader has none",
              file=sys.stderr)
        return 2
    from vision import calibrate
    if args.dice_command == "calibrate":
        from firmware.cli.dice_calibrate import calibrate_command
        return calibrate_command(args, cfg, reader)
    if not getattr(args, "no_calibration", False) and not getattr(args, "models", None):
        try:
            reader, used = with_calibration(reader, cfg)
        except calibrate.CalibrationError as exc:
            print(f"cabinet: error: {exc}", file=sys.stderr)
            return 1
        if used and not getattr(args, "json", False):
            print(_calibration_note(reader, used, getattr(args, "min_value_p", None)), file=sys.stderr)
    if args.dice_command == "read":
        return _read(args, reader, _white_balance(cfg))
    return _score(args, reader, _white_balance(cfg))


def _calibration_note(reader: DiceReader, used: str, option: float | None) -> str:
    """The line saying what this cabinet's calibration ``used`` sets in ``reader``."""
    from firmware.runtime.reader import calibration_parts
    over = (f"; --min-value-p {option:g} overrides its threshold"
            if reader.calibration_p is not None and option is not None else "")
    return (f"(reading with this cabinet's calibration: {calibration_parts(reader)}{over}; it is kept at {used}; "
            "--no-calibration reads as shipped)")


def _read(args, reader: DiceReader, wb) -> int:
    code = 0
    from firmware.cli.options import output_folder
    out_dir = output_folder("--annotate", args.annotate) if args.annotate else None
    if getattr(args, "models", None):
        reader = _with_models(reader, args.models)
        if reader is None:
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
            dice = reader.read_dice(frame, wb)
        except VisionInputError as exc:
            print(f"cabinet: error: {name}: {exc}", file=sys.stderr)
            code = 1
            continue
        ms = (time.perf_counter() - t0) * 1000
        if args.json:
            print(json.dumps({"image": name, "dice": [d.to_json() for d in dice], "ms": round(ms, 1),
                              "min_value_p": reader.min_value_p}))
        else:
            vals = " ".join(str(d.value) if d.value is not None else "?" for d in dice)
            print(f"{name}: {plural(len(dice), 'die', 'dice')} [{vals}]  ({ms:.1f} ms)")
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


def _with_models(reader: DiceReader, folder: str) -> DiceReader | None:
    """``reader`` reading with the models in ``folder``; None (after a
    one-line error) when they are missing or broken."""
    from vision.netreader import Models
    try:
        return reader.with_models(Models.load(folder))
    except VisionInputError as exc:
        print(f"cabinet: error: {exc}", file=sys.stderr)
        return None


def _score(args, reader: DiceReader, wb) -> int:
    from vision.dataset import list_images
    folders = [Path(d) for d in args.dataset]
    for folder in folders:
        if not (folder / "images").is_dir() or not (folder / "labels").is_dir() or not list_images(folder):
            print(f"cabinet: error: {folder}: not a labelled set (expected images/ and YOLO labels/ "
                  f"as in nell-byler-dev)", file=sys.stderr)
            return 1
    if args.models:
        reader = _with_models(reader, args.models)
        if reader is None:
            return 1
    if (getattr(args, "curve", False) or getattr(args, "breakdown", False)) and args.peer:
        print("cabinet: error: --curve and --breakdown replay the reader's own steps; the --peer reader "
              "has none", file=sys.stderr)
        return 2
    if args.peer:
        from vision.peer import read_dice_peer
        read = read_dice_peer
    else:
        def read(frame):
            return reader.read_dice(frame, wb)
    code, rows = 0, []
    for folder in folders:
        summary = _score_set(args, folder, reader, read)
        if summary is None:
            code = 1
        else:
            rows.append((folder.name, summary))
    if len(rows) > 1 and not args.json:
        if getattr(args, "curve", False) or getattr(args, "breakdown", False):
            return code
        print("\nset                    images  dice  first-look  misread  accuracy  precision  exact  ms")
        for name, s in rows:
            print(f"{name[:22]:<22} {s['images']:>6} {s['labelled_dice']:>5} {100 * s['first_look_rate']:>8.1f} %"
                  f" {100 * s['misread_rate']:>5.2f} % {100 * s['accuracy']:>8.1f} {100 * s['precision']:>10.1f} "
                  f"{100 * s['exact_images']:>6.1f} {s['median_ms']:>4}")
    return code


def _curve_set(args, folder: Path, reader: DiceReader, images) -> dict | None:
    """Print (or with --json, one JSON object) the first-look / misread
    curve of ``reader`` on one set; its rows, or None when no image could be read."""
    from vision import curve
    p = reader.min_value_p
    thresholds = tuple(sorted(set(curve.CURVE_THRESHOLDS) | {p}))
    skipped: list[str] = []
    scores = curve.curve_scores(reader, folder, images, thresholds, errata=not args.no_errata, skipped=skipped)
    for why in skipped:
        print(f"cabinet: warning: skipped {why}", file=sys.stderr)
    any_score = next(iter(scores.values()))
    if not any_score.images:
        print(f"cabinet: error: {folder}: no image of the set could be read", file=sys.stderr)
        return None
    rows = curve.curve_rows(scores)
    rule = curve.rule_of(reader)
    if args.json:
        print(json.dumps({"set": folder.name, "fold": args.fold, "images": any_score.images,
                          "labelled_dice": any_score.labelled, "in_effect": {"rule": rule, "min_value_p": p},
                          "curve": rows}))
    else:
        print(f"{folder}: {any_score.images} images{'' if args.fold == 'all' else ' (' + args.fold + ' scenes)'}, "
              f"{any_score.labelled} labelled dice (dice on the table)")
        print(curve.curve_text(rows, (rule, p)))
    return {"curve": rows}


def _breakdown_set(args, folder: Path, reader: DiceReader, images) -> dict | None:
    """Print (or with --json, one JSON object) where ``reader`` lost each
    die of one set it did not read right (:mod:`vision.breakdown`); the
    summary, or None when no image could be read."""
    from vision import breakdown
    skipped: list[str] = []
    b = breakdown.breakdown_folder(reader, folder, images, errata=not args.no_errata, skipped=skipped)
    for why in skipped:
        print(f"cabinet: warning: skipped {why}", file=sys.stderr)
    if not b.images:
        print(f"cabinet: error: {folder}: no image of the set could be read", file=sys.stderr)
        return None
    summary = {"set": folder.name, "fold": args.fold, "min_value_p": reader.min_value_p, **b.summary()}
    if args.json:
        print(json.dumps({**summary, **({"errors": b.errors} if args.errors else {})}))
    else:
        print(f"{folder}: {b.images} images{'' if args.fold == 'all' else ' (' + args.fold + ' scenes)'}, "
              f"value threshold p >= {reader.min_value_p:g}")
        print(breakdown.breakdown_text(b))
        if args.errors:
            print("\n".join(b.errors))
    return summary


def _score_set(args, folder: Path, reader: DiceReader, read) -> dict | None:
    """Score one set read by ``read`` (``reader``'s ``read_dice``, or the
    peer reader) and print it; its summary, or None (after an error line)
    when no image of it could be read."""
    from vision.dataset import fold_images
    from vision.score import score_folder
    images = fold_images(folder, args.fold)
    if not args.json and sys.stderr.isatty():  # progress on a terminal only (tqdm), quiet with --json
        from tqdm import tqdm
        images = tqdm(images, desc=folder.name, unit="photo", file=sys.stderr, leave=False)
    if getattr(args, "curve", False):
        return _curve_set(args, folder, reader, images)
    if getattr(args, "breakdown", False):
        return _breakdown_set(args, folder, reader, images)
    s = score_folder(folder, read, images, errata=not args.no_errata)
    for why in s.skipped:
        print(f"cabinet: warning: skipped {why}", file=sys.stderr)
    if not s.images:
        print(f"cabinet: error: {folder}: no image of the set could be read", file=sys.stderr)
        return None
    summary = {"set": folder.name, "fold": args.fold, **s.summary()}
    if not args.peer:
        summary["runtime"] = reader.models.runtime  # which library ran the nets (onnxruntime or cv2.dnn)
        summary["min_value_p"] = reader.min_value_p  # the value threshold read at
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

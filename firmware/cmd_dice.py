"""``cabinet dice``: read dice in photos, score the reader on a labelled set.

``cabinet dice read IMAGE... [--json] [--annotate OUT_DIR] [--models DIR]``
``cabinet dice score DATASET_DIR [--peer] [--json] [--errors] [--models DIR] [--fold even|odd]``

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
    q.set_defaults(func=run)
    q = sub.add_parser("score", help="score the reader on a labelled set (images/ + YOLO labels/)")
    q.add_argument("dataset", metavar="DATASET_DIR")
    q.add_argument("--peer", action="store_true", help="score the baseline blob-and-cluster reader instead")
    q.add_argument("--json", action="store_true", help="figures as one JSON object")
    q.add_argument("--errors", action="store_true", help="list every misread die")
    q.add_argument("--models", metavar="DIR", help="read with the models in DIR (from vision.training.train)")
    q.add_argument("--fold", choices=["all", "even", "odd"], default="all",
                   help="score only the even- or odd-numbered images (by name), e.g. those a model never saw")
    q.set_defaults(func=run)


def _white_balance(cfg: dict | None):
    wb = ((cfg or {}).get("vision") or {}).get("white_balance")
    return tuple(wb) if wb and list(wb) != [1.0, 1.0, 1.0] else None


def run(args: argparse.Namespace, cfg: dict | None = None) -> int:
    """Run ``dice read`` or ``dice score``; returns the exit code."""
    if args.dice_command == "read":
        return _read(args, _white_balance(cfg))
    return _score(args, _white_balance(cfg))


def _read(args, wb) -> int:
    code = 0
    from .cli import output_folder
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
            print(json.dumps({"image": name, "dice": [d.to_json() for d in dice], "ms": round(ms, 1)}))
        else:
            vals = " ".join(str(d.value) if d.value is not None else "?" for d in dice)
            print(f"{name}: {len(dice)} dice [{vals}]  ({ms:.1f} ms)")
            for d in dice:
                print(f"  {d.value if d.value is not None else '?'} {d.colour:<6} at "
                      f"({d.center[0]:.0f}, {d.center[1]:.0f}) box {list(d.box)} confidence {d.confidence:.2f}")
        if out_dir:
            # <file name>.annotated.png: never an input's name, one per input
            cv2.imwrite(str(out_dir / (Path(name).name + ".annotated.png")), annotate(frame, dice))
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
    from vision.dataset import fold_images, list_images
    from vision.score import score_folder
    folder = Path(args.dataset)
    if not (folder / "images").is_dir() or not (folder / "labels").is_dir() or not list_images(folder):
        print(f"cabinet: error: {folder}: not a labelled set (expected images/ and YOLO labels/ "
              f"as in nell-byler-dev)", file=sys.stderr)
        return 1
    if args.models and _use_models(args.models):
        return 1
    images = fold_images(folder, args.fold)
    if args.peer:
        from vision.peer import read_dice_peer
        reader = read_dice_peer
    else:
        def reader(frame):
            return read_dice(frame, wb)
    s = score_folder(folder, reader, images)
    for why in s.skipped:
        print(f"cabinet: warning: skipped {why}", file=sys.stderr)
    if not s.images:
        print(f"cabinet: error: {folder}: no image of the set could be read", file=sys.stderr)
        return 1
    summary = s.summary()
    if not args.peer:
        from vision.netreader import RUNTIME
        summary["runtime"] = RUNTIME  # which library ran the nets (onnxruntime or cv2.dnn)
    if args.json:
        confusion = {str(t): {**{str(p): s.confusion[t][p] for p in range(1, 7)}, "-": s.confusion[t][0]}
                     for t in range(1, 7)}
        print(json.dumps({**summary, "confusion": confusion}))
    else:
        print(f"{folder}: {summary['images']} images{'' if args.fold == 'all' else ' (' + args.fold + ')'}, "
              f"{summary['labelled_dice']} labelled dice"
              f"{' (peer blob-and-cluster reader)' if args.peer else ''}")
        print(f"  per-die accuracy  {100 * s.accuracy:.1f} %  (right values / found dice given a value)")
        print(f"  recall            {100 * s.recall:.1f} %  (right values / labelled dice)")
        print(f"  precision         {100 * s.precision:.1f} %  (right values / values reported)")
        print(f"  images read exactly {100 * summary['exact_images']:.1f} %")
        print(f"  missed {summary['missed']}, unreadable {summary['unreadable']}, extra dice {summary['extra']}, "
              f"extra unreadable {summary['extra_unreadable']} (reported where no die is labelled)")
        print(f"  ms per image: median {summary['median_ms']}, p95 {summary['p95_ms']}"
              + (f" (nets run by {summary['runtime']})" if "runtime" in summary else ""))
        print(s.confusion_text())
    if args.errors:
        print("\n".join(s.errors))
    return 0

"""First-look and misread rates when each photo is seen as a live camera
sees a die at rest: N frames of it with the simulated camera's sensor
noise, sub-pixel jitter and flicker (:func:`vision.synth.camera_look`),
combined by :class:`vision.multilook.MultiLook` (issue 40).

    python -m vision.training.multilook_eval SET... [--fold odd] [--frames 5] [--seed 0]
        [--thresholds 0.7,0.8,0.87] [--json]

Per set, one row per combination (``logsum``, ``mean``, ``vote``, ``vote2``), frames (1, 3,
``--frames``) and value threshold; the rates are of the labelled dice
(dice on the table).  Frame 1 of each photo is the photo with one look's
noise; ``clean`` rows read the photo as it is.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

from vision.dataset import correct_labels, fold_images, load_labels
from vision.multilook import MultiLook, frame_looks
from vision.reader import DiceReader
from vision.score import Score
from vision.synth import camera_look

THRESHOLDS = (0.8, 0.85, 0.87, 0.9, 0.95)
#: combinations scored: MultiLook's, and "vote2" (a vote that needs two frames to give the value)
COMBOS = ("logsum", "mean", "vote", "vote2")


def evaluate(folder: Path, fold: str = "odd", frames: int = 5, seed: int = 0, limit: int | None = None,
             thresholds: tuple[float, ...] = THRESHOLDS) -> list[dict]:
    """The rows of one set (module docstring), at the value ``thresholds``
    (each frame is read once, at the lowest threshold: every threshold
    costs only the combining)."""
    counts = sorted({1, 3, frames})
    keys = [("clean", 1, t) for t in thresholds] + [(c, n, t) for c in COMBOS for n in counts for t in thresholds]
    scores = {k: Score() for k in keys}
    rng = np.random.default_rng(seed)
    reader = DiceReader()  # as shipped
    for path in fold_images(folder, fold)[:limit]:
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            continue
        truth, _ = correct_labels(path, load_labels(path, img.shape[1], img.shape[0]))
        size = (img.shape[1], img.shape[0])
        clean = frame_looks(reader, img)
        looks = [frame_looks(reader, camera_look(img, rng)) for _ in range(frames)]
        for (c, n, t), sc in scores.items():
            ml = MultiLook(reader, frames=n, combine="mean" if c == "clean" else c.rstrip("2"), min_p=t,
                           votes=2 if c == "vote2" else 1)
            dice = []
            for lk in ([clean] if c == "clean" else looks[:n]):
                dice = ml.add(lk, size)
            sc.add(dice, truth, 0.0, path.name)
    return [{"set": folder.name, "combine": c, "frames": n, "min_value_p": t, "labelled_dice": s.labelled,
             "first_look_rate": round(s.first_look, 4), "misread_rate": round(s.misread, 4), "right": s.correct,
             "wrong": s.wrong, "extra": s.extra_claimed} for (c, n, t), s in scores.items()]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vision.training.multilook_eval", description=__doc__.split("\n\n")[0])
    p.add_argument("sets", nargs="+", type=Path)
    p.add_argument("--fold", default="odd", choices=["all", "even", "odd"])
    p.add_argument("--frames", type=int, default=5)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit", type=int, default=None, help="at most this many photos a set")
    p.add_argument("--thresholds", default=",".join(f"{t:g}" for t in THRESHOLDS),
                   help="value thresholds scored, comma-separated (default %(default)s)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    try:
        thresholds = tuple(float(t) for t in a.thresholds.split(","))
    except ValueError:
        p.error(f"--thresholds: give numbers separated by commas, got {a.thresholds!r}")
    for folder in a.sets:
        rows = evaluate(folder, a.fold, a.frames, a.seed, a.limit, thresholds)
        for r in rows:
            print(json.dumps(r) if a.json else
                  f"{r['set'][:20]:<20} {r['combine']:<7} {r['frames']:>2} {r['min_value_p']:>5g}  first-look "
                  f"{100 * r['first_look_rate']:5.1f} %  misread {100 * r['misread_rate']:5.2f} % ({r['wrong']})"
                  f"  extra {r['extra']}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

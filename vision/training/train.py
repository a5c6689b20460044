"""Train the dice reader's detector and face classifiers (fast and expert)
and write them as ONNX files for :mod:`vision.netreader` (needs PyTorch:
``pip install -e '.[train]'``; the cabinet runs them with onnxruntime or
OpenCV, no PyTorch).

    python -m vision.training.train DATASET_DIR [DATASET_DIR...] --fold even --out DIR [--init DIR]

trains three nets: the die detector, the fast face classifier and the
expert face classifier (``--only`` picks one; the others' files are kept).

``--fold even`` trains on the even-numbered scenes of each set (sorted by
name; augmented copies of a photo are one scene,
:func:`vision.dataset.scene_key`) and scores the result on the odd ones it
never saw, ``odd`` the reverse; ``all`` trains on every image.  Drawn dice
(:func:`vision.training.data.synth_frame`) are mixed into every batch.
``--init DIR`` fine-tunes the nets in DIR (ONNX, e.g. ``vision/models``)
instead of starting from random weights: their batch normalisation, folded
into the convolutions by the export, stays frozen.  Training is seeded and
runs on the CPU in minutes.

Leave-one-set-out: train on every shared set but one and score that one,
e.g. ``... train ../shared/dice/{nell-byler-dev,pxl-colour-trays,tomitomi3-crops}
--fold all --out /tmp/loo`` then ``cabinet dice score
../shared/dice/roboflow-public-d6 --models /tmp/loo``.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

try:
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
except ImportError:  # pragma: no cover - training only
    if not (__name__ == "__main__" and ("-h" in sys.argv or "--help" in sys.argv)):
        sys.exit("training needs PyTorch: pip install -e '.[train]' (torch and onnx)")
    nn = type("nn", (), {"Module": object})  # --help works without PyTorch: only the parser is used

from vision.netreader import FACE_PX, FIRST_LEVEL, MODELS
from vision.training.data import (CROP, Frame, detector_sample, face_sample, junk_image, load_photo_set,
                                  mine_hard_negatives, split_names, synth_frame, tilted_photo)


def _cbr(i: int, o: int, s: int = 1, d: int = 1) -> list:
    return [nn.Conv2d(i, o, 3, s, padding=d, dilation=d, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True)]


class Detector(nn.Module):
    """Heat / offset x / offset y / log size on a stride-4 grid: a
    stride-8 trunk with dilated 3 x 3 convolutions (context of ~120 px of
    its input) upsampled and added to the stride-4 features, so dice that
    touch are separate peaks."""

    def __init__(self, w=(12, 16, 24), head=12, dilations=(1, 2, 4)):
        super().__init__()
        a, b, c = w
        self.s4 = nn.Sequential(*_cbr(3, a, 2), *_cbr(a, b, 2))
        self.s8 = nn.Sequential(*_cbr(b, c, 2), *(m for d in dilations for m in _cbr(c, c, 1, d)))
        self.lat4 = nn.Conv2d(b, head, 1)
        self.lat8 = nn.Conv2d(c, head, 1)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.mix = nn.Sequential(nn.ReLU(inplace=True), *_cbr(head, head))
        self.h = nn.Conv2d(head, 4, 1)
        nn.init.constant_(self.h.bias, 0.0)
        with torch.no_grad():
            self.h.bias[0] = -4.0

    def forward(self, x):
        f4 = self.s4(x)
        f8 = self.s8(f4)
        return self.h(self.mix(self.lat4(f4) + self.up(self.lat8(f8))))


class FaceNet(nn.Module):
    """FACE_PX x FACE_PX window -> logits for 1..6 pips and not a die: a
    stride-2 convolution, then three stages of ``depth`` 3 x 3 convolutions
    each ending in a 2 x 2 max pool, then one linear layer."""

    def __init__(self, w=(16, 32, 64, 96), depth: int = 1):
        super().__init__()
        layers = _cbr(3, w[0], 2)
        for i, o in zip(w[:-1], w[1:]):
            layers += _cbr(i, o) + [m for _ in range(depth - 1) for m in _cbr(o, o)] + [nn.MaxPool2d(2)]
        self.f = nn.Sequential(*layers, nn.Flatten(), nn.Dropout(0.2), nn.Linear(w[-1] * (FACE_PX // 16) ** 2, 7))

    def forward(self, x):
        return self.f(x)

    def features(self, x):
        """N x (w[-1] * (FACE_PX // 16) ** 2) features the last linear layer reads."""
        return self.f[:-2](x)

    def logits(self, f):
        """N x 7 logits from N features (:meth:`features`)."""
        return self.f[-1](f)


class _WithFeatures(nn.Module):
    """A face net (``features`` and ``logits`` methods: :class:`FaceNet`,
    :class:`vision.training.lite.LiteFace`) giving its logits (output
    ``y``) and the features its last layer reads (output ``features``),
    for per-cabinet calibration."""

    def __init__(self, net: FaceNet):
        super().__init__()
        self.net = net

    def forward(self, x):
        f = self.net.features(x)
        return self.net.logits(f), f


def _to_tensor(imgs: list[np.ndarray]) -> torch.Tensor:
    x = np.stack(imgs).astype(np.float32)
    return torch.from_numpy((x - 128.0) / 64.0).permute(0, 3, 1, 2).contiguous()


def _det_loss(out, tgt):
    heat = torch.sigmoid(out[:, 0]).clamp(1e-4, 1 - 1e-4)
    t = tgt[:, 0]
    pos = (t == 1).float()
    npos = pos.sum().clamp(min=1)
    lp = -(pos * (1 - heat) ** 2 * torch.log(heat)).sum()
    ln = -((1 - pos) * (1 - t) ** 4 * heat ** 2 * torch.log(1 - heat)).sum()
    reg = (pos * ((out[:, 1] - tgt[:, 1]).abs() + (out[:, 2] - tgt[:, 2]).abs()
                  + (out[:, 3] - tgt[:, 3]).abs())).sum()
    return (lp + ln + reg) / npos


class Source:
    """Frames to sample from: photos plus a pool of drawn frames renewed
    as training goes."""

    def __init__(self, photos: list[Frame], rng: random.Random, synth_share: float,
                 weights: dict[str, float] | None = None, photo_tilt: float = 0.0, render3d: float = 0.0):
        self.photos, self.rng, self.synth_share = photos, rng, synth_share
        #: share of the drawn frames traced in three dimensions (vision.training.render3d)
        self.render3d = render3d
        #: share of photo frames seen through a further tilted camera (data.tilted_photo)
        self.photo_tilt = photo_tilt
        #: how often each set is drawn against the others (a set not named: 1)
        self.weights = dict(weights or {})
        self.bank = None
        if render3d:  # without --render3d no draw is taken: the same random stream as before
            from vision.training.render3d import GeometryBank
            self.bank = GeometryBank(rng)
        self.pool = [self._drawn() for _ in range(40)]
        # each set as likely as another, however many photos it has
        self.sets: dict[str, list[Frame]] = {}
        self.whole: dict[str, list[Frame]] = {}  # what the detector may learn from
        for f in photos:
            self.sets.setdefault(f.group, []).append(f)
            if not f.faces_only:
                self.whole.setdefault(f.group, []).append(f)

    def _drawn(self) -> Frame:
        """A drawn frame: traced in three dimensions a share ``render3d``
        of the time (a die of the bank traced anew each time), else
        :func:`vision.training.data.synth_frame`."""
        if self.bank is not None and self.rng.random() < self.render3d:
            from vision.training.render3d import render3d_frame
            self.bank.renew()
            return render3d_frame(self.rng, self.bank)
        return synth_frame(self.rng)

    def frame(self, detector: bool = False) -> Frame:
        """A frame to cut a sample from; ``detector``: never a single-die
        crop labelled as a whole (its label is no die outline)."""
        if self.rng.random() < 0.04:  # a table with no die: noise, texture, strokes
            return Frame(junk_image(self.rng, 256, 256), np.zeros((0, 4), np.float32), "junk")
        sets = self.whole if detector else self.sets
        if self.rng.random() < self.synth_share or not sets:
            if self.rng.random() < 0.02:
                self.pool[self.rng.randrange(len(self.pool))] = self._drawn()
            return self.rng.choice(self.pool)
        names = sorted(sets)
        if not self.weights:  # as before weights were asked for: the same random stream
            f = self.rng.choice(sets[self.rng.choice(names)])
        else:
            name = self.rng.choices(names, weights=[self.weights.get(n, 1.0) for n in names])[0]
            f = self.rng.choice(sets[name])
        # without --photo-tilt no draw is taken: the same random stream as before
        if self.photo_tilt and self.rng.random() < self.photo_tilt:
            return tilted_photo(f, self.rng)
        return f


def _optimiser(net: nn.Module, steps: int, tuned: bool = False, peak: float | None = None, warm: float = 0.15):
    """AdamW with a one-cycle learning rate over ``steps``; puts ``net``
    in training mode (``tuned``: a net loaded by :func:`load_onnx`, its
    batch normalisation frozen, a lower rate).  ``peak``: the rate's peak
    (default 1e-3 tuned, 4e-3 not), reached after a share ``warm`` of the
    steps.  Returns a function that takes one step on a loss."""
    opt = torch.optim.AdamW([q for q in net.parameters() if q.requires_grad], 2e-3, weight_decay=1e-4)
    peak = peak if peak is not None else (1e-3 if tuned else 4e-3)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, peak, total_steps=steps, pct_start=warm)
    net.train()
    if tuned:
        for m in net.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.eval()

    def step(loss) -> None:
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
    return step


def identity_bn(bn) -> None:
    """Make the batch norm ``bn`` (a ``torch.nn.BatchNorm2d``) the identity
    and freeze it, as an exported net's batch norms are folded into its
    convolutions: running mean 0, variance 1 - eps, weight 1, bias 0, no
    gradients.  In place, under the caller's ``torch.no_grad()``."""
    bn.running_mean.zero_()
    bn.running_var.fill_(1 - bn.eps)
    bn.weight.fill_(1.0)
    bn.bias.zero_()
    bn.weight.requires_grad_(False)
    bn.bias.requires_grad_(False)


def load_onnx(net: nn.Module, path: Path) -> nn.Module:
    """Load the weights of an ONNX file exported from a net of the same
    shape into ``net``: the export folds each batch normalisation into its
    convolution, so each convolution takes the folded weights and bias and
    its batch normalisation becomes the identity, frozen.  Raises
    ``ValueError`` naming the file when the shapes differ."""
    import onnx
    from onnx import numpy_helper
    g = onnx.load(str(path)).graph
    init = {t.name: numpy_helper.to_array(t) for t in g.initializer}
    convs = [[init[i] for i in n.input[1:] if i in init] for n in g.node if n.op_type == "Conv"]
    gemms = [[init[i] for i in n.input[1:] if i in init] for n in g.node if n.op_type == "Gemm"]
    mods = list(net.modules())
    used = set()
    for k, m in enumerate(mods):
        if isinstance(m, (nn.Conv2d, nn.Linear)):
            pool = convs if isinstance(m, nn.Conv2d) else gemms
            j = next((j for j, w in enumerate(pool) if (id(pool), j) not in used
                      and tuple(w[0].shape) == tuple(m.weight.shape)), None)
            if j is None:
                raise ValueError(f"{path}: no weights of shape {tuple(m.weight.shape)} left for {m}")
            used.add((id(pool), j))
            w = pool[j]
            with torch.no_grad():
                m.weight.copy_(torch.from_numpy(w[0].copy()))
                bn = mods[k + 1] if k + 1 < len(mods) and isinstance(mods[k + 1], nn.BatchNorm2d) else None
                if bn is not None:  # folded: conv bias + identity batch norm
                    m.bias = nn.Parameter(torch.from_numpy(w[1].copy()))
                    identity_bn(bn)
                elif len(w) > 1:
                    m.bias.copy_(torch.from_numpy(w[1].copy()))
    if len(used) != len(convs) + len(gemms):
        raise ValueError(f"{path}: holds {len(convs) + len(gemms)} weight layers, the net {len(used)}")
    return net


def train_detector(src: Source, steps: int, batch: int, log, init: Path | None = None, **arch) -> Detector:
    net = Detector(**arch)
    if init is not None:
        load_onnx(net, init)
    take_step = _optimiser(net, steps, tuned=init is not None)
    t0 = time.time()
    for step in range(steps):
        xs, ts = zip(*(detector_sample(src.frame(detector=True), src.rng) for _ in range(batch)))
        out = net(_to_tensor(list(xs)))
        loss = _det_loss(out, torch.from_numpy(np.stack(ts)))
        take_step(loss)
        if step % 200 == 0 or step == steps - 1:
            log(f"detector step {step}/{steps} loss {loss.item():.3f} ({time.time() - t0:.0f} s)")
    return net.eval()


def moving_average(net: nn.Module, decay: float):
    """A ``torch.optim.swa_utils.AveragedModel`` of ``net`` (a copy) whose
    weights and buffers (batch-norm statistics) become, at each
    ``update_parameters(net)``, ``decay`` x themselves + (1 - ``decay``) x
    ``net``'s (an exponential moving average, 0 < decay < 1; the first
    update copies ``net``).  Its ``.module`` is the averaged net, of
    ``net``'s class (``export`` takes it)."""
    from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn
    return AveragedModel(net, multi_avg_fn=get_ema_multi_avg_fn(decay), use_buffers=True)


def face_step(net: nn.Module, src: Source, xs: list, ys: list, batch: int, take_step, mixup: float = 0.0):
    """One training step of a face net: ``xs`` / ``ys`` (face windows,
    ``FACE_PX`` square, and their classes) topped up to ``batch`` with
    samples drawn from ``src`` (a quarter of them not a die), the
    cross-entropy (label smoothing 0.02) taken a step down.  ``mixup``
    > 0: the batch is blended with itself in another order, ``lam`` drawn
    from Beta(``mixup``, ``mixup``) by ``src.rng`` (each window ``lam``
    of itself and ``1 - lam`` of another, the loss likewise: mixup, Zhang
    et al. 2018, against a net that learns its training windows by heart);
    0 draws nothing more (the stream as before).  Returns ``(logits,
    loss)`` (the logits of the blended windows with ``mixup``)."""
    while len(xs) < batch:
        got = face_sample(src.frame(), src.rng, negative=src.rng.random() < 0.25)
        if got is not None:
            xs.append(got[0])
            ys.append(got[1])
    x, y = _to_tensor(xs), torch.tensor(ys)
    if mixup > 0:
        lam = src.rng.betavariate(mixup, mixup)
        order = list(range(len(ys)))
        src.rng.shuffle(order)
        other = torch.tensor(order)
        out = net(lam * x + (1 - lam) * x[other])
        loss = (lam * F.cross_entropy(out, y, label_smoothing=0.02)
                + (1 - lam) * F.cross_entropy(out, y[other], label_smoothing=0.02))
    else:
        out = net(x)
        loss = F.cross_entropy(out, y, label_smoothing=0.02)
    take_step(loss)
    return out, loss


def train_faces(src: Source, steps: int, batch: int, log, init: Path | None = None, **arch) -> FaceNet:
    net = FaceNet(**arch)
    if init is not None:
        load_onnx(net, init)
    take_step = _optimiser(net, steps, tuned=init is not None)
    t0 = time.time()
    for step in range(steps):
        xs, ys = [], []
        out, loss = face_step(net, src, xs, ys, batch, take_step)
        if step % 200 == 0 or step == steps - 1:
            acc = (out.argmax(1) == torch.tensor(ys)).float().mean().item()
            log(f"faces step {step}/{steps} loss {loss.item():.3f} acc {acc:.3f} ({time.time() - t0:.0f} s)")
    return net.eval()


def export(net: nn.Module, shape: tuple[int, ...], path: Path) -> None:
    """Write ``net`` as ONNX (opset 13, legacy exporter: plain Conv /
    BatchNorm / Relu / MaxPool / Gemm that cv2.dnn reads)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    dyn = {"x": {0: "n", 2: "h", 3: "w"}} if shape[-1] != FACE_PX else {"x": {0: "n"}}
    outputs = ["y"]
    if hasattr(net, "features"):  # a face net: its features too, for `cabinet dice calibrate`
        net, outputs = _WithFeatures(net).eval(), ["y", "features"]
        dyn["features"] = {0: "n"}
    torch.onnx.export(net, torch.zeros(*shape), str(path), dynamo=False, opset_version=13,
                      input_names=["x"], output_names=outputs, dynamic_axes=dyn)


#: the drawn dice a face net trained by this code saw (training.json)
DRAWN_DICE = ("palette and any-colour, marbled, defocused dice; half of the frames tilted 5..40 degrees;"
              " half seen at a slant as solid dice with side faces; logo ones; screws, spots and coins as"
              " not a die; camera-shake blur; small dice")


def _record(path: Path, a: argparse.Namespace, images: list[str]) -> dict:
    """The training record (``training.json``): the photos used and each
    net's recipe.  With ``--only``, the other net's entry is kept from the
    old record when it was trained on the same photos, else dropped."""
    rec = {"fold": a.fold, "sets": getattr(a, "sets", {}), "images": images, "synth_share": a.synth_share,
           "init": a.init}
    if getattr(a, "set_weights", None):
        rec["set_weights"] = a.set_weights
    if getattr(a, "photo_tilt", 0.0):
        rec["photo_tilt"] = a.photo_tilt
    if getattr(a, "render3d", 0.0):
        rec["render3d"] = a.render3d
    if path.is_file() and a.only:
        try:
            old = json.loads(path.read_text())
        except (OSError, ValueError):
            old = {}
        for other in ("detector", "faces", "expert"):
            if other != a.only and old.get("images") == images and isinstance(old.get(other), dict):
                rec[other] = old[other]
    if a.only in (None, "detector"):
        rec["detector"] = {"seed": a.seed, "steps": a.det_steps, "widths": a.det_widths,
                           "dilations": a.det_dilations, "first_level": FIRST_LEVEL}
    if a.only in (None, "faces"):
        rec["faces"] = {"seed": a.seed, "steps": a.face_steps, "widths": a.face_widths, "depth": 1,
                        "face_px": FACE_PX, "synth": DRAWN_DICE}
    if a.only in (None, "expert"):
        rec["expert"] = {"seed": a.seed, "steps": a.expert_steps, "widths": a.expert_widths,
                         "depth": a.expert_depth, "face_px": FACE_PX,
                         "synth": DRAWN_DICE}
    return rec


def _ints(text: str) -> tuple[int, ...]:
    """'8,16,24' -> (8, 16, 24): positive integers for a CLI option."""
    try:
        out = tuple(int(t) for t in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: want comma-separated whole numbers, e.g. 8,16,24") from None
    if any(v < 1 for v in out):
        raise argparse.ArgumentTypeError(f"{text!r}: every number must be 1 or more")
    return out


def _weights(text: str) -> dict[str, float]:
    """'pxl-colour-trays:3,tomitomi3-crops:0.5' -> {name: weight}: how often
    each set is drawn against the others (a CLI option)."""
    out = {}
    for part in text.split(","):
        name, _, w = part.partition(":")
        try:
            out[name.strip()] = float(w)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r}: want SET:WEIGHT, e.g. pxl-colour-trays:3") from None
        if not name.strip() or not out[name.strip()] > 0:
            raise argparse.ArgumentTypeError(f"{part!r}: want a set's folder name and a weight above 0")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vision.training.train", description=__doc__.split("\n\n")[0])
    p.add_argument("dataset", nargs="+", help="labelled set folders (images/ + YOLO labels/), e.g. ../shared/dice/*")
    p.add_argument("--fold", choices=["even", "odd", "all"], default="all")
    p.add_argument("--out", default="vision/models",
                   help="folder for dice_detector.onnx, dice_face.onnx and dice_face_expert.onnx")
    p.add_argument("--det-steps", type=int, default=2500)
    p.add_argument("--face-steps", type=int, default=3000)
    p.add_argument("--synth-share", type=float, default=0.3, help="share of drawn frames in each batch")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--init", metavar="DIR",
                   help="fine-tune the nets in DIR (e.g. vision/models) instead of starting from random weights")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--set-weights", type=_weights, default={}, metavar="SET:W,...",
                   help="draw these sets W times as often as the others (default: each set alike), e.g. "
                        "pxl-colour-trays:3,tomitomi3-crops:0.5")
    p.add_argument("--photo-tilt", type=float, default=0.0, metavar="P",
                   help="share (0..1) of photo frames seen through a camera tilted 5..25 degrees further "
                        "(a perspective warp, as half the drawn frames get; default 0)")
    p.add_argument("--render3d", type=float, default=0.0, metavar="P",
                   help="share (0..1) of the drawn frames traced in three dimensions (rounded dice with "
                        "dimpled pips, lit, shadowed: vision.training.render3d; default 0)")
    p.add_argument("--expert-steps", type=int, default=3000)
    p.add_argument("--only", choices=["detector", "faces", "expert"],
                   help="train one net only: the detector, the fast face classifier (faces) or the "
                        "expert one (the other files are kept)")
    p.add_argument("--det-widths", type=_ints, default="12,16,24", metavar="A,B,C",
                   help="detector channels at strides 2, 4 and 8 (wider: slower, maybe surer)")
    p.add_argument("--det-dilations", type=_ints, default="1,2,4", metavar="D,...",
                   help="dilations of the detector's stride-8 convolutions (one convolution each)")
    p.add_argument("--face-widths", type=_ints, default="16,32,64,96", metavar="A,B,C,D",
                   help="fast face classifier channels: its first convolution and its three stages")
    p.add_argument("--expert-widths", type=_ints, default="24,32,64,128", metavar="A,B,C,D",
                   help="expert face classifier channels, as --face-widths")
    p.add_argument("--expert-depth", type=int, default=2, metavar="N",
                   help="convolutions per stage of the expert face classifier")
    a = p.parse_args(argv)
    if len(a.det_widths) != 3 or len(a.face_widths) != 4 or len(a.expert_widths) != 4 or not a.det_dilations:
        p.error("--det-widths takes 3 numbers, --face-widths and --expert-widths 4, --det-dilations at least 1")
    if a.expert_depth < 1:
        p.error("--expert-depth must be 1 or more")
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    rng = random.Random(a.seed)
    out = Path(a.out)
    log = lambda m: print(m, flush=True)  # noqa: E731
    names: set[str] = set()
    photos = []
    sets = {}
    for folder in a.dataset:
        if not (Path(folder) / "images").is_dir():
            p.error(f"{folder}: not a labelled set (expected images/ and YOLO labels/)")
        got = split_names(folder, a.fold)
        names |= got
        sets[Path(folder).name] = len(got)
        photos += load_photo_set(folder, got, group=Path(folder).name)
    a.sets = sets
    log(f"{len(photos)} photos ({sum(len(f.dice) for f in photos)} dice) of {', '.join(sets)}, fold {a.fold}")
    init = Path(a.init) if a.init else None
    if init is not None and not init.is_dir():
        p.error(f"--init {init}: no such model folder")
    unknown = set(a.set_weights) - set(sets)
    if unknown:
        p.error(f"--set-weights names {', '.join(sorted(unknown))}, not among the sets given ({', '.join(sets)})")
    if not 0.0 <= a.photo_tilt <= 1.0:
        p.error(f"--photo-tilt {a.photo_tilt}: give a share from 0 to 1")
    if not 0.0 <= a.render3d <= 1.0:
        p.error(f"--render3d {a.render3d}: give a share from 0 to 1")
    src = Source(photos, rng, a.synth_share, a.set_weights, a.photo_tilt, a.render3d)
    if a.only in (None, "detector"):
        det = train_detector(src, a.det_steps, 32, log, w=a.det_widths, dilations=a.det_dilations,
                             init=init / "dice_detector.onnx" if init else None)
        export(det, (1, 3, CROP, CROP), out / "dice_detector.onnx")
    if a.only != "detector":
        det_file = out / "dice_detector.onnx"
        det_file = det_file if det_file.is_file() else MODELS / "dice_detector.onnx"
        log(f"{mine_hard_negatives(photos, det_file)} hard negatives (detector candidates on no labelled die)"
            f" from {det_file}")
    if a.only in (None, "faces"):
        faces = train_faces(src, a.face_steps, 128, log, w=a.face_widths,
                            init=init / "dice_face.onnx" if init else None)
        export(faces, (1, 3, FACE_PX, FACE_PX), out / "dice_face.onnx")
    if a.only in (None, "expert"):
        expert = train_faces(src, a.expert_steps, 128, log, w=a.expert_widths, depth=a.expert_depth,
                             init=init / "dice_face_expert.onnx" if init and (init / "dice_face_expert.onnx").is_file()
                             else None)
        export(expert, (1, 3, FACE_PX, FACE_PX), out / "dice_face_expert.onnx")
    (out / "training.json").write_text(json.dumps(_record(out / "training.json", a, sorted(names)), indent=1) + "\n")
    wrote = {"detector": "dice_detector.onnx", "faces": "dice_face.onnx", "expert": "dice_face_expert.onnx"}
    log(f"wrote {out}: {' '.join(f for k, f in wrote.items() if a.only in (None, k))} training.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

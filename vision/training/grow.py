"""A trained face net grown wider (more channels per stage) without
changing what it reads, so that a fine-tune (:mod:`vision.training.hard`)
starts from the trained net and has more capacity to use (issue 40: more
capacity where it pays).  Needs PyTorch (training only).

The grown net gives the very logits of the net it was grown from: each
convolution keeps the old weights on the old channels; a new channel
takes small random weights from every channel below it but feeds nothing
into an old channel (its outgoing weights start at zero), and the last
layer reads nothing from the new channels yet.  Training then moves
those zeros where it helps.
"""
from __future__ import annotations

from pathlib import Path

import torch
import torch.nn as nn

from vision.training.train import FaceNet, identity_bn, load_onnx


def _convs(net: nn.Module) -> list[nn.Conv2d]:
    return [m for m in net.modules() if isinstance(m, nn.Conv2d)]


def grow(path: Path, old_widths: tuple[int, ...], widths: tuple[int, ...], depth: int = 2,
         seed: int = 0, scale: float = 0.1) -> FaceNet:
    """A :class:`FaceNet` of ``widths`` (each at least ``old_widths``'s)
    and ``depth`` holding the ONNX face net ``path`` (of ``old_widths``,
    the same ``depth``): the same logits on every window (see the module
    docstring), its batch normalisation the identity and frozen, as
    :func:`vision.training.train.load_onnx` leaves a loaded net.  New
    incoming weights are Kaiming-normal times ``scale`` (seeded).  Raises
    ``ValueError`` when a width shrinks or the counts differ."""
    if len(widths) != len(old_widths) or any(n < o for n, o in zip(widths, old_widths)):
        raise ValueError(f"widths {widths}: want {len(old_widths)} numbers, each at least {old_widths}")
    old = load_onnx(FaceNet(w=tuple(old_widths), depth=depth), Path(path)).eval()
    new = FaceNet(w=tuple(widths), depth=depth)
    gen = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for a, b in zip(_convs(old), _convs(new)):
            o0, i0 = a.weight.shape[:2]
            o1, i1 = b.weight.shape[:2]
            w = torch.randn(o1, i1, 3, 3, generator=gen) * scale * (2.0 / (i1 * 9)) ** 0.5
            w[:o0, :i0] = a.weight
            w[:o0, i0:] = 0.0  # an old channel hears no new one
            b.weight.copy_(w)
            bias = torch.zeros(o1)
            bias[:o0] = a.bias
            b.bias = nn.Parameter(bias)
        la, lb = old.f[-1], new.f[-1]
        cells = (la.weight.shape[1] // old_widths[-1])  # features are channel-major: channel * cells + cell
        w = torch.zeros_like(lb.weight)
        w[:, :old_widths[-1] * cells] = la.weight
        lb.weight.copy_(w)
        lb.bias.copy_(la.bias)
        for m in new.modules():  # as load_onnx leaves a loaded net: identity, frozen
            if isinstance(m, nn.BatchNorm2d):
                identity_bn(m)
    return new.eval()


def conv_depth(path: Path) -> int:
    """The convolutions per stage of a face net's ONNX file
    (:class:`vision.training.train.FaceNet`: one stride-2 convolution,
    then three stages): 1 for the fast net, 2 for the first expert."""
    import onnx
    convs = sum(n.op_type == "Conv" for n in onnx.load(str(path)).graph.node)
    return max(1, (convs - 1) // 3)


def onnx_widths(path: Path, depth: int = 2) -> tuple[int, ...]:
    """The channel widths (first convolution, then each stage) of a face
    net's ONNX file of ``depth`` convolutions per stage."""
    import onnx
    from onnx import numpy_helper
    g = onnx.load(str(path)).graph
    init = {t.name: numpy_helper.to_array(t) for t in g.initializer}
    outs = [int(init[n.input[1]].shape[0]) for n in g.node if n.op_type == "Conv"]
    return (outs[0],) + tuple(outs[1::depth])

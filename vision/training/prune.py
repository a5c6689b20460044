"""Slimmer face nets cut from trained ones (the reader's speed budget,
issue #21): a start for ``python -m vision.training.train --init``.

    python -m vision.training.prune MODELS_DIR OUT_DIR SET_DIR... [--face-widths 16,24,48,96]
        [--expert-widths 24,32,64,128] [--fold even] [--photos 25]

Writes ``OUT_DIR/dice_face.onnx`` and ``OUT_DIR/dice_face_expert.onnx``
(each only when its widths are given) with fewer channels per stage than
the nets of ``MODELS_DIR``, and copies the detector.  Method: structured
pruning.  Each convolution keeps the output channels that matter most to
what follows: a channel's mean activation (after its ReLU) on the reader's
own windows (:func:`vision.training.quantize.reader_windows`: every
candidate the detector finds on ``--photos`` photos of each set's
``--fold`` scenes) times the L1 norm of the weights that read it in the
next layer (for the last stage, the weights of the linear layer).  The
next layer's input channels are cut to match.  A cut net reads worse than
its source until fine-tuned:

    python -m vision.training.train SET_DIR... --init OUT_DIR --out OUT_DIR --only expert --expert-steps 800

(``--out``: else the trainer writes into ``vision/models``), then copy the
net that was not cut into OUT_DIR and make the 8-bit copies
(``python -m vision.training.quantize OUT_DIR SET_DIR...``).

Needs ``onnx`` (the ``train`` or ``dev`` extra) and onnxruntime; the fine-tune
needs PyTorch.  Usage errors (exit 2) name the problem: no widths, a width
larger than the source's, a missing net, OUT_DIR the same as MODELS_DIR,
a folder that is not a labelled set; nothing is written then.
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import numpy as np


class PruneError(Exception):
    """A face net cannot be cut: no source file, or a wider stage than the source's."""


def _keep(scores: np.ndarray, n: int) -> np.ndarray:
    """Indices (sorted) of the ``n`` largest of ``scores`` (ties: the lower index)."""
    return np.sort(np.argsort(-scores, kind="stable")[:n])


def _stages(g, src: Path) -> tuple[tuple[int, ...], int]:
    """(four stage widths, convolutions per stage) of the face net graph
    ``g`` read from ``src``; raises :class:`PruneError` when it is not a
    face net of four stages."""
    dims = {t.name: tuple(t.dims) for t in g.initializer}
    outs = [dims[n.input[1]][0] for n in g.node if n.op_type == "Conv" and n.input[1] in dims]
    depth = (len(outs) - 1) // 3
    if depth < 1 or len(outs) != 1 + 3 * depth or not any(n.op_type == "Gemm" for n in g.node):
        raise PruneError(f"{src}: not a face net of four stages (Conv + Relu, a last Gemm)")
    return (outs[0],) + tuple(outs[1 + k * depth] for k in range(3)), depth


def _check_widths(src: Path, widths: tuple[int, ...], old: tuple[int, ...]) -> None:
    """Raises :class:`PruneError` unless ``widths`` are 4 numbers from 1 to the source's ``old``."""
    if len(widths) != 4 or any(not 1 <= n <= o for n, o in zip(widths, old)):
        raise PruneError(f"{src}: widths {tuple(widths)} must be 4 numbers from 1 to the source's {old}")


def _load(src: Path):
    """The ONNX model in ``src``; :class:`PruneError` when there is no such file."""
    import onnx
    if not Path(src).is_file():
        raise PruneError(f"{src}: no such file")
    return onnx.load(str(src))


def stage_widths(src: Path) -> tuple[int, ...]:
    """The four stage widths of the face net in ``src`` (ONNX): its first
    convolution's output channels, then each stage's.  Raises
    :class:`PruneError` when the file is missing or not such a net."""
    return _stages(_load(src).graph, src)[0]


def prune_face(src: Path, widths: tuple[int, ...], blobs: np.ndarray):
    """An ONNX model (``onnx.ModelProto``) of the face net in ``src`` with
    ``widths`` channels in its four stages (the first convolution, then
    each stage's convolutions), the same graph with smaller weights: each
    convolution keeps the output channels with the largest mean activation
    (after its ReLU, on ``blobs``: N x 3 x 48 x 48 float32, as
    :func:`vision.netreader._blob` makes them) times the L1 norm of the
    weights that read them (the next convolution's, or for the last the
    linear layer's over its 3 x 3 places); the next layer's inputs are cut
    to match.  Raises :class:`PruneError` when ``src`` is missing, is not a
    face net of four stages, or a width is larger than the source's."""
    import onnx
    import onnxruntime as ort
    from onnx import numpy_helper
    model = _load(src)
    g = model.graph
    old, depth = _stages(g, src)
    _check_widths(src, widths, old)
    if len(blobs) == 0:
        raise PruneError("no windows to rank the channels on")
    init = {t.name: t for t in g.initializer}
    convs = [n for n in g.node if n.op_type == "Conv"]
    gemm = next((n for n in g.node if n.op_type == "Gemm"), None)
    relu_of = {n.input[0]: n.output[0] for n in g.node if n.op_type == "Relu"}
    if any(c.output[0] not in relu_of for c in convs):
        raise PruneError(f"{src}: not a face net of four stages (Conv + Relu, a last Gemm)")
    w = [numpy_helper.to_array(init[c.input[1]]) for c in convs]
    b = [numpy_helper.to_array(init[c.input[2]]) for c in convs]
    want = [widths[0]] + [widths[k] for k in range(1, 4) for _ in range(depth)]
    # mean activation of each channel after its ReLU, on the windows
    probe = onnx.ModelProto()
    probe.CopyFrom(model)
    relus = [relu_of[c.output[0]] for c in convs]
    probe.graph.output.extend([onnx.helper.make_tensor_value_info(r, onnx.TensorProto.FLOAT, None) for r in relus])
    so = ort.SessionOptions()
    so.intra_op_num_threads = so.inter_op_num_threads = 1
    so.log_severity_level = 3
    sess = ort.InferenceSession(probe.SerializeToString(), so, providers=["CPUExecutionProvider"])
    sums = [np.zeros(v.shape[0], np.float64) for v in w]
    for i in range(0, len(blobs), 256):
        outs = sess.run(relus, {sess.get_inputs()[0].name: np.ascontiguousarray(blobs[i:i + 256], np.float32)})
        for k, a in enumerate(outs):
            sums[k] += a.mean(axis=(2, 3), dtype=np.float64).sum(axis=0)
    gw = numpy_helper.to_array(init[gemm.input[1]])  # 7 x (C * 9): y = features @ gw.T
    trans_b = next((a.i for a in gemm.attribute if a.name == "transB"), 0)
    if not trans_b:
        gw = gw.T
    n_out = gw.shape[0]
    keep = []
    for k in range(len(convs)):
        reads = (np.abs(w[k + 1]).sum(axis=(0, 2, 3)) if k + 1 < len(convs)
                 else np.abs(gw.reshape(n_out, w[k].shape[0], -1)).sum(axis=(0, 2)))
        keep.append(_keep(sums[k] / len(blobs) * reads, want[k]))
    new = {}
    for k, c in enumerate(convs):
        wk = w[k][keep[k]]
        new[c.input[1]] = wk[:, keep[k - 1]] if k else wk
        new[c.input[2]] = b[k][keep[k]]
    cut = gw.reshape(n_out, w[-1].shape[0], -1)[:, keep[-1]].reshape(n_out, -1)
    new[gemm.input[1]] = cut if trans_b else cut.T
    for t in g.initializer:
        if t.name in new:
            t.CopyFrom(numpy_helper.from_array(np.ascontiguousarray(new[t.name], np.float32), t.name))
    del g.value_info[:]  # shapes inferred anew by the runtime
    for o in g.output:  # the declared features width follows the cut (C x 3 x 3 per window)
        dims = o.type.tensor_type.shape.dim
        if o.name == gemm.input[0] and len(dims) == 2:
            dims[1].dim_value = cut.shape[1]
    onnx.checker.check_model(model)
    return model


def _widths(text: str) -> tuple[int, ...]:
    """'16,24,48,96' -> (16, 24, 48, 96): four positive whole numbers (a CLI option)."""
    try:
        out = tuple(int(t) for t in text.split(","))
    except ValueError:
        out = ()
    if len(out) != 4 or any(v < 1 for v in out):
        raise argparse.ArgumentTypeError(f"{text!r}: want four comma-separated whole numbers, e.g. 24,32,64,128")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vision.training.prune", description=__doc__.split("\n\n")[0])
    p.add_argument("models", help="folder of the trained nets to cut (e.g. vision/models)")
    p.add_argument("out", help="folder to write the cut nets to (the detector is copied)")
    p.add_argument("dataset", nargs="+", help="labelled set folders whose windows rank the channels")
    p.add_argument("--face-widths", type=_widths, default=None, help="widths of the fast face net's four stages, e.g. 16,24,48,96")
    p.add_argument("--expert-widths", type=_widths, default=None, help="widths of the expert's four stages, e.g. 24,32,64,128")
    p.add_argument("--fold", choices=["even", "odd", "all"], default="even")
    p.add_argument("--photos", type=int, default=25, help="photos per set whose windows rank the channels")
    a = p.parse_args(argv)
    if a.face_widths is None and a.expert_widths is None:
        p.error("give --face-widths, --expert-widths or both")
    try:
        import onnx
    except ImportError:
        p.error("pruning needs onnx: pip install -e '.[train]'")
    from vision.training.quantize import QuantizeError, reader_windows
    src, out = Path(a.models), Path(a.out)
    det = src / "dice_detector.onnx"
    if not det.is_file():
        p.error(f"{det}: no such file")
    if out.resolve() == src.resolve():
        p.error("OUT_DIR must be another folder than MODELS_DIR (the cut nets would replace their sources)")
    if a.photos < 1:
        p.error(f"--photos must be 1 or more, got {a.photos}")
    for folder in a.dataset:
        if not (Path(folder) / "images").is_dir():
            p.error(f"{folder}: not a labelled set (expected images/ and YOLO labels/)")
    todo = [(stem, w) for stem, w in (("dice_face", a.face_widths), ("dice_face_expert", a.expert_widths)) if w]
    for stem, widths in todo:  # every net and width checked before any work or file
        try:
            _check_widths(src / f"{stem}.onnx", widths, stage_widths(src / f"{stem}.onnx"))
        except PruneError as exc:
            p.error(str(exc))
    try:
        blobs = reader_windows([Path(d) for d in a.dataset], a.fold, a.photos, det)
    except QuantizeError as exc:
        p.error(str(exc))
    out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(det, out / "dice_detector.onnx")
    for stem, widths in todo:
        try:
            slim = prune_face(src / f"{stem}.onnx", widths, blobs)
        except PruneError as exc:
            print(f"prune: {exc}", file=sys.stderr)
            return 2
        onnx.save(slim, str(out / f"{stem}.onnx"))
        print(f"wrote {out / (stem + '.onnx')}: widths {widths} from {src / (stem + '.onnx')} "
              f"({len(blobs)} windows ranked the channels)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

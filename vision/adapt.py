"""The face nets adapted to one camera's light and dice (issue 40: a
calibration that teaches), from the finds of its photos alone, no labels:
*statistics adaptation* (Li et al. 2016, "Revisiting batch normalization
for practical domain adaptation", AdaBN, for nets whose batch
normalisation is folded into their convolutions).

Every convolution's output channel has a mean and a spread over the
windows the net was trained on (``source``: :data:`SOURCE_STATS` beside
the nets, made by ``python -m vision.training.face_stats``).  A new camera
shifts them (another light, blur, dice).  Layer by layer, from the first,
each channel of the owner's windows is moved back to the training mean and
spread: ``y' = a (y - mean_new) + mean_train``, ``a = spread_train /
spread_new``, which is folded into the convolution itself (its weights, or
an 8-bit copy's per-channel weight scales, times ``a``; its bias moved), so
the adapted net costs what the net costs.  A few hundred windows are
enough (measured on a set the nets never saw: 60 windows, 30 finds, read
it almost as well as 2000 do; ``docs/dice-reader-history.md``, 2026-12-05,
night).

Which of the owner's windows: every find of the calibration photos, cut as
the reader cuts them, and turned as the experts read them (dice and not
dice alike: the nets were trained on both).

:func:`fit_adaptation` makes an :class:`Adaptation` (a scale and a shift
per channel of each convolution of the expert face nets, :data:`ADAPTED_NETS`); :func:`adapted_net`
gives a net's ONNX bytes with it folded in; the cabinet keeps it in its
calibration file (:mod:`vision.calibration.file`).  Needs the ``onnx``
package (installed with the cabinet where onnxruntime is).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from vision.detector import blob
from vision.die import VisionInputError

#: the training windows' channel statistics of the face nets in a models folder
SOURCE_STATS = "face_stats.npz"
#: the face nets of a models folder, by the names a calibration uses
NETS = {"fast": "dice_face", "expert": "dice_face_expert", "expert2": "dice_face_expert2",
        "expert3": "dice_face_expert3"}
#: an adaptation is fitted on at most this many windows (and needs this few)
MAX_WINDOWS, MIN_WINDOWS = 800, 60
#: the nets a calibration adapts: the first expert, which reads every die the fast
#: net is unsure of.  The fast net stays as trained, so it sends the experts
#: the dice it did (adapted, it was less sure of drawn dice it reads right:
#: six times the expert windows, 41 ms a 1280 x 720 frame against 21), and
#: adapting it read no more of a set never seen (measured 2026-12-05, night).
#: The second expert, since 2026-12-05 an EfficientNet-Lite0 of 49
#: convolutions that starts from ImageNet, stays as trained too: adapted
#: layer by layer it took 117 s of one core of a 60 s calibration, and the
#: guided pxl run read its confirmation rolls worse with it (39 right of 59
#: against 46 as shipped); the third expert (the same net on a window
#: enlarged to 64 px) stays as trained for the same reason
ADAPTED_NETS = ("expert",)
#: a channel whose spread on the owner's windows is below this share of its
#: training spread is left as it is (a channel the owner's dice never light)
MIN_SPREAD_SHARE = 0.02


@dataclass(frozen=True)
class Adaptation:
    """Per face net ("fast", "expert", "expert2"), per convolution in graph
    order, (a, c) float32 arrays of one value per output channel: the
    adapted output is ``a * y + c``.  ``digest`` names it (equal digests,
    equal arrays); it is compared and hashed by its digest alone."""

    nets: dict = field(compare=False, hash=False)
    digest: str = ""

    @classmethod
    def of(cls, nets: dict[str, list[tuple[np.ndarray, np.ndarray]]]) -> "Adaptation":
        """An Adaptation of ``nets`` (as the class says), checked: finite
        values, a and c of one length.  Raises :class:`VisionInputError`."""
        h = hashlib.sha256()
        clean = {}
        for name in sorted(nets):
            if name not in NETS:
                raise VisionInputError(f"adaptation of {name!r}: want one of {', '.join(NETS)}")
            layers = []
            for k, (a, c) in enumerate(nets[name]):
                a, c = np.asarray(a, np.float32).ravel(), np.asarray(c, np.float32).ravel()
                if a.shape != c.shape or not (np.isfinite(a).all() and np.isfinite(c).all()) or (a <= 0).any():
                    raise VisionInputError(f"adaptation of the {name} net, layer {k + 1}: scales and shifts "
                                           "must be finite, one per channel, the scales above 0")
                layers.append((a, c))
                h.update(name.encode() + a.tobytes() + c.tobytes())
            clean[name] = layers
        return cls(clean, h.hexdigest()[:16])


def _onnx():
    """The ``onnx`` package, or :class:`VisionInputError` saying how to get it."""
    try:
        import onnx
        return onnx
    except ImportError:
        raise VisionInputError("adapting the face nets to a camera needs the onnx package "
                               "(pip install onnx)") from None


def _convs(model) -> list:
    """The Conv nodes of an ONNX ``model``, in graph order."""
    return [n for n in model.graph.node if n.op_type == "Conv"]


def channel_stats(model_bytes: bytes, x: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Mean and spread (standard deviation) of every output channel of every
    convolution of the ONNX net ``model_bytes`` over the input ``x`` (N x 3
    x H x W float32, the nets' input), over windows and positions:
    ``[(mean C, spread C) per Conv node, in graph order]``, float64.  Runs
    onnxruntime, else OpenCV's ``cv2.dnn``."""
    onnx = _onnx()
    m = onnx.load_from_string(model_bytes)
    names = [n.output[0] for n in _convs(m)]
    known = {o.name for o in m.graph.output}
    for name in names:
        if name not in known:
            m.graph.output.append(onnx.helper.make_tensor_value_info(name, onnx.TensorProto.FLOAT, None))
    run = _runner(m.SerializeToString(), names)
    sums = None
    for k in range(0, len(x), 128):
        outs = run(x[k:k + 128])
        part = [(o.sum((0, 2, 3), dtype=np.float64), np.square(o, dtype=np.float64).sum((0, 2, 3)),
                 o.shape[0] * o.shape[2] * o.shape[3]) for o in outs]
        sums = part if sums is None else [(a + p, b + q, n + r) for (a, b, n), (p, q, r) in zip(sums, part)]
    out = []
    for s1, s2, n in sums or []:
        mean = s1 / n
        out.append((mean, np.sqrt(np.maximum(s2 / n - mean ** 2, 1e-12))))
    return out


def _runner(model_bytes: bytes, names: list[str]):
    """A function N x 3 x H x W -> the outputs ``names`` of the net."""
    try:
        import onnxruntime as ort
        so = ort.SessionOptions()
        so.intra_op_num_threads, so.inter_op_num_threads, so.log_severity_level = 1, 1, 3
        s = ort.InferenceSession(model_bytes, so, providers=["CPUExecutionProvider"])
        inp = s.get_inputs()[0].name
        return lambda x: s.run(names, {inp: x})
    except ImportError:
        import cv2
        net = cv2.dnn.readNetFromONNX(np.frombuffer(model_bytes, np.uint8))

        def run(x):
            net.setInput(x)
            return net.forward(names)
        return run


def fold_into(model_bytes: bytes, layers: list[tuple[np.ndarray, np.ndarray]]) -> bytes:
    """The ONNX net ``model_bytes`` with each convolution's output channels
    taken to ``a * y + c`` (``layers``: (a, c) per Conv node in graph
    order), folded into the convolution: a float net's weights are scaled,
    an 8-bit copy's per-channel weight scales (its weights' DequantizeLinear
    along the output channels), and the bias moved (made where there is
    none).  Raises :class:`VisionInputError` when the layers do not fit
    the net (another net's adaptation)."""
    onnx = _onnx()
    from onnx import numpy_helper
    m = onnx.load_from_string(model_bytes)
    inits = {i.name: i for i in m.graph.initializer}
    made_by = {o: n for n in m.graph.node for o in n.output}
    convs = _convs(m)
    if len(convs) != len(layers):
        raise VisionInputError(f"an adaptation of {len(layers)} layers does not fit a net of {len(convs)} "
                               "convolutions: made for other models; calibrate again")
    for k, (node, (a, c)) in enumerate(zip(convs, layers)):
        w_name = node.input[1]
        if w_name in inits:
            target, per_channel = w_name, False
        else:
            dq = made_by.get(w_name)
            if dq is None or dq.op_type != "DequantizeLinear" or dq.input[1] not in inits:
                raise VisionInputError(f"convolution {k + 1} of the net has weights the adaptation cannot reach")
            target, per_channel = dq.input[1], True
        w = numpy_helper.to_array(inits[target]).astype(np.float64)
        channels = w.shape[0] if w.ndim else 1
        if channels != len(a) or (per_channel and w.ndim != 1):
            raise VisionInputError(f"convolution {k + 1} has {channels} channels, the adaptation {len(a)}: "
                                   "made for other models; calibrate again")
        w = w * a.reshape((-1,) + (1,) * (w.ndim - 1))
        inits[target].CopyFrom(numpy_helper.from_array(w.astype(np.float32), target))
        if len(node.input) > 2 and node.input[2] in inits:
            b_name = node.input[2]
            b = numpy_helper.to_array(inits[b_name]).astype(np.float64)
        elif len(node.input) > 2 and node.input[2]:     # an 8-bit copy's bias (int32 through DequantizeLinear)
            b = _dequantized(made_by.get(node.input[2]), inits, k)
            b_name = f"{node.name or 'conv'}_{k}_adapted_bias"
            m.graph.initializer.append(numpy_helper.from_array(b.astype(np.float32), b_name))
            inits[b_name] = m.graph.initializer[-1]
            node.input[2] = b_name
        else:
            b_name, b = f"{node.name or 'conv'}_{k}_adapted_bias", np.zeros(len(a))
            m.graph.initializer.append(numpy_helper.from_array(b.astype(np.float32), b_name))
            inits[b_name] = m.graph.initializer[-1]
            while len(node.input) < 3:
                node.input.append("")
            node.input[2] = b_name
        inits[b_name].CopyFrom(numpy_helper.from_array((a * b + c).astype(np.float32), b_name))
    return m.SerializeToString()


def _dequantized(dq, inits: dict, k: int) -> np.ndarray:
    """The float values of a DequantizeLinear node ``dq`` of initializers
    (``(q - zero point) x scale``), float64.  Raises
    :class:`VisionInputError` for anything else."""
    from onnx import numpy_helper
    if dq is None or dq.op_type != "DequantizeLinear" or any(i not in inits for i in dq.input if i):
        raise VisionInputError(f"convolution {k + 1} of the net has a bias the adaptation cannot reach")
    q = numpy_helper.to_array(inits[dq.input[0]]).astype(np.float64)
    scale = numpy_helper.to_array(inits[dq.input[1]]).astype(np.float64)
    zero = numpy_helper.to_array(inits[dq.input[2]]).astype(np.float64) if len(dq.input) > 2 and dq.input[2] else 0.0
    return (q - zero) * scale


def fit_layers(model_bytes: bytes, source: list[tuple[np.ndarray, np.ndarray]], x: np.ndarray
               ) -> list[tuple[np.ndarray, np.ndarray]]:
    """(a, c) per convolution of the float net ``model_bytes`` that takes its
    channels' statistics on the windows ``x`` (N x 3 x H x W float32) to
    ``source`` (:func:`channel_stats` of its training windows), layer by
    layer from the first: each layer's statistics are measured with the
    layers before it already adapted.  Channels the windows barely light
    (spread below :data:`MIN_SPREAD_SHARE` of the training one) are left
    unchanged.  Raises :class:`VisionInputError` when ``source`` does not
    fit the net."""
    n = len(_convs(_onnx().load_from_string(model_bytes)))
    if n != len(source):
        raise VisionInputError(f"training statistics of {len(source)} layers for a net of {n}: "
                               "remake them (python -m vision.training.face_stats)")
    layers = [(np.ones(len(m), np.float32), np.zeros(len(m), np.float32)) for m, _ in source]
    for k in range(n):
        mean_t, sd_t = channel_stats(fold_into(model_bytes, layers), x)[k]
        mean_s, sd_s = source[k]
        if len(mean_s) != len(mean_t):
            raise VisionInputError(f"layer {k + 1}: training statistics of {len(mean_s)} channels, the net has "
                                   f"{len(mean_t)}: remake them (python -m vision.training.face_stats)")
        ok = sd_t >= MIN_SPREAD_SHARE * sd_s
        a = np.where(ok, sd_s / np.maximum(sd_t, 1e-12), 1.0)
        c = np.where(ok, mean_s - a * mean_t, 0.0)
        # (a, c) maps this layer as it now is; fold it after what was there (a0 y + c0)
        a0, c0 = layers[k]
        layers[k] = ((a * a0).astype(np.float32), (a * c0 + c).astype(np.float32))
    return layers


def source_stats(folder: str | Path) -> dict[str, list[tuple[np.ndarray, np.ndarray]]]:
    """The training windows' channel statistics of the face nets in models
    ``folder`` (:data:`SOURCE_STATS`), {net name: [(mean, spread)...]}
    for the nets whose float file is the one they were made from ({} when
    the folder has none: then no adaptation is offered)."""
    path = Path(folder) / SOURCE_STATS
    if not path.is_file():
        return {}
    out = {}
    with np.load(path, allow_pickle=False) as z:
        meta = json.loads(bytes(z["meta"]).decode())
        for name, stem in NETS.items():
            entry = meta.get("nets", {}).get(name)
            f = Path(folder) / f"{stem}.onnx"
            if entry is None or not f.is_file() or hashlib.sha256(f.read_bytes()).hexdigest() != entry["sha256"]:
                continue
            out[name] = [(z[f"{name}_{k}_mean"], z[f"{name}_{k}_sd"]) for k in range(entry["layers"])]
    return out


def reader_windows(reader, frames) -> list[np.ndarray]:
    """The windows ``reader`` (a :class:`vision.reader.DiceReader`) reads of
    every find of ``frames`` (H x W x 3 uint8 BGR each): each cut as it
    cuts them and at one turn of its experts' second look (turns taken in
    order), for :func:`fit_adaptation` and the training statistics."""
    out: list[np.ndarray] = []
    angles = reader.settings.second_look_angles or (0.0,)
    for frame in frames:
        for c in reader.find_dice(frame):
            w = reader.die_window(frame, c)
            out.append(w)
            out.append(reader.turned_window(frame, c, w, angles[len(out) // 2 % len(angles)]))
    return out


def fit_adaptation(folder: str | Path, windows: list[np.ndarray] | np.ndarray,
                   nets: tuple[str, ...] = ADAPTED_NETS) -> Adaptation:
    """The :class:`Adaptation` of the face nets ``nets`` (default: the
    first expert, :data:`ADAPTED_NETS`) of models
    ``folder`` (their float files) to ``windows`` (N FACE_PX x FACE_PX x 3
    uint8 BGR, the owner's finds as the reader cuts and turns them; the
    first :data:`MAX_WINDOWS` of them, evenly spread).  Raises
    :class:`VisionInputError` when there are fewer than
    :data:`MIN_WINDOWS` windows, the folder has no training statistics of
    these nets, or the onnx package is missing."""
    if len(windows) < MIN_WINDOWS:
        raise VisionInputError(f"{len(windows)} windows of dice to adapt the nets to; need {MIN_WINDOWS}")
    pick = np.linspace(0, len(windows) - 1, min(len(windows), MAX_WINDOWS)).astype(int)
    x = blob([windows[i] for i in pick])
    source = source_stats(folder)
    present = [n for n in nets if (Path(folder) / f"{NETS[n]}.onnx").is_file()]
    if not present:
        raise VisionInputError(f"{folder}: no {' or '.join(nets)} face net to adapt")
    missing = [n for n in present if n not in source]
    if missing or not source:
        raise VisionInputError(f"{folder}: no training statistics of the {', '.join(missing or nets)} face "
                               "net(s) (python -m vision.training.face_stats)")
    return Adaptation.of({n: fit_layers((Path(folder) / f"{NETS[n]}.onnx").read_bytes(), source[n], x)
                          for n in present})


def adapt_to(reader, frames) -> tuple[Adaptation | None, str]:
    """The calibration's tuned candidate: the nets :data:`ADAPTED_NETS` of ``reader`` (a
    :class:`vision.reader.DiceReader` as shipped) adapted to every find of
    ``frames`` (H x W x 3 uint8 BGR; :func:`reader_windows`,
    :func:`fit_adaptation`), and what was done in an owner's words: (the
    adaptation, "tuned on N windows of M finds"), or (None, why not: too
    few finds, no training statistics, no onnx package)."""
    windows = reader_windows(reader, frames)
    if len(windows) < MIN_WINDOWS:
        return None, f"too few finds to tune the nets to ({len(windows) // 2}; needs {MIN_WINDOWS // 2})"
    try:
        adaptation = fit_adaptation(Path(reader.models.face).parent, windows)
    except VisionInputError as exc:
        return None, f"not tried: {exc}"
    return adaptation, f"tuned on {len(windows)} windows of {len(windows) // 2} finds"


__all__ = ["ADAPTED_NETS", "Adaptation", "MAX_WINDOWS", "MIN_WINDOWS", "NETS", "SOURCE_STATS", "adapt_to",
           "channel_stats", "fit_adaptation", "fit_layers", "fold_into", "reader_windows", "source_stats"]

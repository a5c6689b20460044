"""8-bit copies of the two face nets, for onnxruntime (the reader's speed
budget, issue #21).

    python -m vision.training.quantize MODELS_DIR SET_DIR... [--fold even] [--photos 25] [--json]

Writes ``MODELS_DIR/dice_face.int8.onnx`` (and ``dice_face_expert.int8.onnx``
when the folder has an expert; likewise the second and third experts and
the lean net, ``dice_lean``, :data:`vision.netreader.FACE_STEMS`) beside the float files, which stay the
source: the trainer starts from them (``--init``), OpenCV's ``cv2.dnn``
runs them, and the reader uses the 8-bit files only under onnxruntime and
only while ``MODELS_DIR/quantized.json`` records them as made from the
float file beside them (:func:`vision.netreader.face_file`).

Method: onnxruntime's static quantisation (``quantize_static``), QDQ
format, int8 weights per output channel, uint8 activations with
``reduce_range`` (7-bit products: without it they saturate on AVX2 and
change readings), activation ranges (MinMax) from the reader's own windows
- every candidate the detector finds on ``--photos`` photos of each set's
``--fold`` scenes, as cut and turned by the reader's check turn.  The last
layer stays float, so the net's ``features`` output still maps linearly to
its logits and ``cabinet dice calibrate`` can replace it (checked after
writing: :class:`QuantizeError` if not).

Needs the ``train`` extra (``onnx``); the cabinet only needs onnxruntime to
run the result.  Prints, per net, how many of the windows get another best
class than from the float net.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import sys
from pathlib import Path

import cv2
import numpy as np

from vision.netreader import FACE_STEMS, INT8_SUFFIX, QUANTIZED_JSON


class QuantizeError(Exception):
    """The 8-bit nets cannot be made: no float nets, no windows, or a
    result whose last layer is not linear in its features."""


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file's bytes."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def reader_windows(sets: list[Path], fold: str, photos: int, detector: Path, progress=None) -> np.ndarray:
    """N x 3 x FACE_PX x FACE_PX float32 blobs of the windows the reader
    reads (every candidate of the ``detector`` ONNX file, as cut and at the
    check turn) on ``photos`` photos (evenly spread) of each set's ``fold``
    scenes.  Raises :class:`QuantizeError` when no photo is taken or no
    candidate found."""
    from vision.dataset import fold_images
    from vision.netreader import _blob, face_window, find_dice
    from vision.reader import SHIPPED_SETTINGS
    turn = SHIPPED_SETTINGS.check_turn
    wins, taken = [], 0
    for folder in sets:
        imgs = fold_images(folder, fold)
        take = imgs[::max(1, len(imgs) // max(1, photos))][:photos]
        for p in take:
            frame = cv2.imread(str(p), cv2.IMREAD_COLOR)
            if frame is None:
                continue
            taken += 1
            for c in find_dice(frame, detector=detector):
                wins.append(face_window(frame, c.x, c.y, c.size))
                if turn is not None:
                    wins.append(face_window(frame, c.x, c.y, c.size, angle=turn, mirror=True))
            if progress:
                progress()
    if not taken:
        raise QuantizeError(f"no readable photo in the {fold} scenes of {', '.join(str(f) for f in sets)} "
                            "(--fold all takes every photo)")
    if not wins:
        raise QuantizeError("no die candidate was found on the photos given: nothing to set the 8-bit ranges from")
    return _blob(wins)


def quantize_net(src: Path, dst: Path, blob: np.ndarray, batch: int = 64) -> None:
    """Write the 8-bit copy of the face net ``src`` to ``dst`` (module
    docstring), its activation ranges from ``blob`` (N x 3 x H x W
    float32).  Raises :class:`QuantizeError` when the ``onnx`` package
    (the ``train`` extra) is missing."""
    try:
        import onnx
        import onnxruntime as ort
        from onnxruntime.quantization import (CalibrationDataReader, CalibrationMethod, QuantFormat, QuantType,
                                             quantize_static)
    except ImportError as exc:
        raise QuantizeError(f"quantizing needs onnx and onnxruntime ({exc.name} is missing): "
                            "pip install -e '.[train]'") from None
    model = onnx.load(str(src))
    last = [n.name for n in model.graph.node if n.op_type in ("Gemm", "MatMul")]
    name = ort.InferenceSession(str(src), providers=["CPUExecutionProvider"]).get_inputs()[0].name

    class Windows(CalibrationDataReader):
        def __init__(self):
            self.it = iter([{name: blob[k:k + batch]} for k in range(0, len(blob), batch)])

        def get_next(self):
            return next(self.it, None)
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)  # onnxruntime's advice to pre-process, printed on every run
    try:
        quantize_static(str(src), str(dst), Windows(), quant_format=QuantFormat.QDQ, per_channel=True,
                        activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8, reduce_range=True,
                        calibrate_method=CalibrationMethod.MinMax, nodes_to_exclude=last)
    finally:
        root.setLevel(level)


def compare(src: Path, dst: Path, blob: np.ndarray) -> dict:
    """How the 8-bit net ``dst`` reads ``blob`` against the float ``src``:
    windows, those with another best class (and of them, those the float
    net gives p >= 0.6, a value the reader could report), the largest probability
    change, and the largest error of a linear map from its features to
    its logits (the calibration's premise).  Raises :class:`QuantizeError`
    when that map is not linear (error > 1e-3)."""
    from vision.netreader import _Model
    f32, i8 = _Model(src), _Model(dst)
    y0 = f32(blob).reshape(len(blob), -1)
    y1, feats = i8.with_features(blob)
    feats = feats.reshape(len(blob), -1).astype(np.float64)

    def soft(z):
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return e / e.sum(axis=1, keepdims=True)
    p0, p1 = soft(y0.astype(np.float64)), soft(y1.astype(np.float64))
    A = np.hstack([feats, np.ones((len(feats), 1))])
    sol, *_ = np.linalg.lstsq(A, y1.astype(np.float64), rcond=None)
    lin = float(np.abs(A @ sol - y1).max())
    if lin > 1e-3:
        raise QuantizeError(f"{dst}: its logits are not linear in its features (error {lin:.3g}); "
                            "a calibration could not replace its last layer")
    other = p0.argmax(1) != p1.argmax(1)
    return {"windows": len(blob), "other_best_class": int(other.sum()),
            "other_best_class_where_float_sure": int((other & (p0.max(1) >= 0.6)).sum()),
            "max_probability_change": round(float(np.abs(p0 - p1).max()), 4), "linear_error": lin}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m vision.training.quantize",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("models", type=Path, help="a model folder (dice_face.onnx [, dice_face_expert.onnx])")
    ap.add_argument("sets", type=Path, nargs="+", help="labelled set folders whose photos give the windows")
    ap.add_argument("--fold", choices=["all", "even", "odd"], default="even",
                    help="scenes to take the photos from (default: even, those the nets were trained on)")
    ap.add_argument("--photos", type=int, default=25, help="photos per set (default 25)")
    ap.add_argument("--json", action="store_true", help="one JSON object, no progress")
    a = ap.parse_args(argv)
    from vision.dataset import list_images
    if a.photos < 1:
        ap.error("--photos must be 1 or more")
    for s in a.sets:
        if not s.is_dir() or not list_images(s):
            ap.error(f"{s}: not a set folder with images")
    for f in ("dice_detector.onnx", "dice_face.onnx"):  # the float files; an 8-bit copy may be what is broken
        if not (a.models / f).is_file():
            ap.error(f"{a.models / f}: no such model file (train one with `python -m vision.training.train`)")
    nets = [stem for stem in FACE_STEMS.values() if (a.models / f"{stem}.onnx").is_file()]
    bar = None
    if not a.json and sys.stderr.isatty():
        from tqdm import tqdm
        bar = tqdm(total=a.photos * len(a.sets), desc="windows", unit="photo", file=sys.stderr, leave=False)
    try:
        blob = reader_windows(a.sets, a.fold, a.photos, a.models / "dice_detector.onnx",
                              progress=bar.update if bar else None)
        if bar:
            bar.close()
        result = {"models": str(a.models), "windows_from": [s.name for s in a.sets], "fold": a.fold,
                  "photos_per_set": a.photos, "nets": {}}
        # the old record goes first: a copy is used only once it is written, checked and recorded
        (a.models / QUANTIZED_JSON).unlink(missing_ok=True)
        for n in nets:
            src, dst = a.models / f"{n}.onnx", a.models / f"{n}{INT8_SUFFIX}"
            tmp = dst.with_name(f".{dst.name}.tmp")
            try:
                quantize_net(src, tmp, blob)
                result["nets"][n] = {"file": str(dst), **compare(src, tmp, blob)}
            except BaseException:
                tmp.unlink(missing_ok=True)
                raise
            tmp.replace(dst)
        # the record the reader checks before it runs a copy (vision.netreader.face_file)
        record = {n: {"file": Path(r["file"]).name, "source_sha256": sha256_file(a.models / f"{n}.onnx"),
                      "windows": r["windows"], "windows_from": result["windows_from"], "fold": a.fold,
                      "photos_per_set": a.photos, "other_best_class": r["other_best_class"]}
                  for n, r in result["nets"].items()}
        (a.models / QUANTIZED_JSON).write_text(json.dumps(record, indent=1) + "\n")
    except QuantizeError as exc:
        print(f"quantize: error: {exc}", file=sys.stderr)
        return 1
    if a.json:
        print(json.dumps(result))
    else:
        for n, r in result["nets"].items():
            print(f"{r['file']}: {r['windows']} windows, {r['other_best_class']} read as another class "
                  f"than by the float net (largest probability change {r['max_probability_change']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

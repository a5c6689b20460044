"""Refit the face classifiers' last layers on several labelled sets and
write the result as new ONNX files (needs ``onnx``: ``pip install -e '.[train]'``).

    python -m vision.training.heads SET_DIR [SET_DIR...] --fold even --out DIR [--models DIR]

The light way to widen what the shipped nets know, on one core in minutes:
the convolutions stay as trained; each face net's last layer (7 x F) is
refitted by multinomial logistic regression on the features of every die
the detector finds in the sets' photos (four turns, each mirrored; finds on
no labelled die as *not a die*), starting from and pulled towards the
net's own layer - the same fit as ``cabinet dice calibrate``
(:mod:`vision.calibrate`), but over many sets, baked into the model files.

``--fold even`` uses the even-numbered scenes of each set (augmented copies
of a photo are one scene), so the odd ones stay held out; leave-one-set-out
is this run on every set but one, then ``cabinet dice score LEFT_OUT --models DIR``.
The detector file is copied unchanged; ``training.json`` records the sets
and photos.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

import numpy as np

from vision import netreader
from vision.calibration.layers import NEGATIVE_WEIGHT, fit_head
from vision.calibration.photos import TURNS, fit_samples
from vision.dataset import fold_images
from vision.netreader import NOT_A_DIE, Models
from vision.reader import DiceReader


def own_head(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """The last layer (W 7 x F, b 7 float32) stored in a face net's ONNX file."""
    import onnx
    from onnx import numpy_helper
    m = onnx.load(str(path))
    gemm = [n for n in m.graph.node if n.op_type == "Gemm"][-1]
    trans_b = next((a.i for a in gemm.attribute if a.name == "transB"), 0)
    init = {t.name: numpy_helper.to_array(t) for t in m.graph.initializer}
    W = init[gemm.input[1]]
    return (W if trans_b else W.T).astype(np.float32), init[gemm.input[2]].astype(np.float32)


def _bake(src: Path, dst: Path, W: np.ndarray, b: np.ndarray) -> None:
    """Copy ONNX ``src`` to ``dst`` with its last Gemm's weights replaced."""
    import onnx
    from onnx import numpy_helper
    m = onnx.load(str(src))
    gemm = [n for n in m.graph.node if n.op_type == "Gemm"][-1]
    trans_b = next((a.i for a in gemm.attribute if a.name == "transB"), 0)
    for init in m.graph.initializer:
        if init.name == gemm.input[1]:
            init.CopyFrom(numpy_helper.from_array((W if trans_b else W.T).astype(np.float32), init.name))
        elif len(gemm.input) > 2 and init.name == gemm.input[2]:
            init.CopyFrom(numpy_helper.from_array(b.astype(np.float32), init.name))
    onnx.checker.check_model(m)
    onnx.save(m, str(dst))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vision.training.heads", description=__doc__.split("\n\n")[0])
    p.add_argument("dataset", nargs="+", help="labelled set folders (images/ + YOLO labels/)")
    p.add_argument("--fold", choices=["even", "odd", "all"], default="even")
    p.add_argument("--out", required=True, help="folder for the three model files and training.json")
    p.add_argument("--models", default=str(netreader.MODELS), help="the models to start from (default: shipped)")
    p.add_argument("--turns", type=int, default=2, choices=[1, 2, 4],
                   help="turns of each die's window (each also mirrored)")
    p.add_argument("--max-dice", type=int, default=2500, help="at most this many finds per set (evenly spread)")
    a = p.parse_args(argv)
    log = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731
    src = Path(a.models)
    reader = DiceReader(models=Models.load(src))
    t0 = time.time()
    turns = TURNS[::4 // a.turns]
    per = 2 * len(turns)
    windows, classes, per_set = [], [], {}
    for folder in a.dataset:
        folder = Path(folder)
        if not (folder / "images").is_dir():
            p.error(f"{folder}: not a labelled set (expected images/ and YOLO labels/)")
        images = fold_images(folder, a.fold)
        wins, c, labelled, found = fit_samples(reader, images, turns)
        if len(c) > a.max_dice:
            keep = np.linspace(0, len(c) - 1, a.max_dice).astype(int)
            wins = [wins[k * per + t] for k in keep for t in range(per)]
            c = [c[k] for k in keep]
        windows += wins
        classes += c
        f = c
        per_set[folder.name] = {"photos": len(images), "labelled_dice": labelled, "found": found,
                                "used_finds": len(f), "not_a_die": int(sum(k == NOT_A_DIE for k in c))}
        log(f"{folder.name}: {len(images)} photos, {found}/{labelled} labelled dice found, {len(f)} finds used "
            f"({time.time() - t0:.0f} s)")
    y = np.repeat(np.asarray(classes), per)
    w = np.where(y == NOT_A_DIE, NEGATIVE_WEIGHT, 1.0)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    names = {"fast": "dice_face.onnx", "expert": "dice_face_expert.onnx"}
    for name in ("fast", "expert") if reader.has_expert else ("fast",):
        log(f"{name}: features of {len(windows)} windows ({time.time() - t0:.0f} s)")
        F = reader.face_features(windows, expert=name == "expert")
        W0, b0 = own_head(src / names[name])
        W, b = fit_head(F, y, w, W0, b0, steps=400)
        acc0 = float(((F @ W0.T + b0).argmax(1) == y).mean())
        acc1 = float(((F @ W.T + b).argmax(1) == y).mean())
        log(f"{name}: window accuracy {acc0:.3f} -> {acc1:.3f} ({time.time() - t0:.0f} s)")
        _bake(src / names[name], out / names[name], W, b)
    shutil.copy(src / "dice_detector.onnx", out / "dice_detector.onnx")
    rec_path = src / "training.json"
    rec = json.loads(rec_path.read_text()) if rec_path.is_file() else {}
    rec["heads"] = {"sets": per_set, "fold": a.fold, "turns": len(turns), "from": str(src),
                    "images": sorted(p.name for folder in a.dataset for p in fold_images(folder, a.fold))}
    (out / "training.json").write_text(json.dumps(rec, indent=1) + "\n")
    log(f"wrote {out} ({time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

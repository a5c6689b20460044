"""The face nets' channel statistics on the windows they were trained on
(:data:`vision.adapt.SOURCE_STATS` beside them), which a calibration's
statistics adaptation moves a camera's windows back to
(:mod:`vision.adapt`).

    python -m vision.training.face_stats MODELS_DIR SET_DIR... [--fold even] [--photos 60] [--json]

Windows: every find of the reader (with the folder's nets) on ``--photos``
photos of each set's ``--fold`` scenes (evenly spread), cut as the reader
cuts them and at one of its experts' turns (:func:`vision.adapt.reader_windows`);
the sets and fold should be those the nets were trained on.  Each float face
net's statistics are recorded with the sha256 of its file: a retrained net
has none until this is run again (and a calibration offers no adaptation).
Needs ``onnx`` (the cabinet installs it where onnxruntime is).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

from vision.adapt import NETS, SOURCE_STATS, channel_stats, reader_windows
from vision.dataset import fold_images, labelled_photos
from vision.detector import blob
from vision.netreader import Models
from vision.reader import DiceReader


def make_stats(models_dir: Path, sets: list[Path], fold: str, photos: int) -> dict:
    """Write ``models_dir/face_stats.npz`` (module docstring); returns its meta."""
    reader = DiceReader(models=Models.load(models_dir))
    frames = []
    for s in sets:
        imgs = fold_images(s, fold)
        pick = sorted({int(i) for i in np.linspace(0, len(imgs) - 1, min(photos, len(imgs)))}) if imgs else []
        frames += [frame for _, frame, _, _ in labelled_photos([imgs[i] for i in pick])]
    x = blob(reader_windows(reader, frames))
    arrays, meta = {}, {"windows": int(len(x)), "sets": [Path(s).name for s in sets], "fold": fold,
                        "photos_per_set": photos, "nets": {}}
    for name, stem in NETS.items():
        f = models_dir / f"{stem}.onnx"
        if not f.is_file():
            continue
        stats = channel_stats(f.read_bytes(), x)
        for k, (mean, sd) in enumerate(stats):
            arrays[f"{name}_{k}_mean"], arrays[f"{name}_{k}_sd"] = mean, sd
        meta["nets"][name] = {"sha256": hashlib.sha256(f.read_bytes()).hexdigest(), "layers": len(stats)}
    np.savez(models_dir / SOURCE_STATS, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8), **arrays)
    return meta


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("models", type=Path)
    ap.add_argument("sets", type=Path, nargs="+")
    ap.add_argument("--fold", default="even", choices=("all", "even", "odd"))
    ap.add_argument("--photos", type=int, default=60, help="photos per set")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    meta = make_stats(a.models, a.sets, a.fold, a.photos)
    print(json.dumps(meta) if a.json else f"{a.models / SOURCE_STATS}: {meta['windows']} windows, nets "
          + ", ".join(f"{k} ({v['layers']} layers)" for k, v in meta["nets"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

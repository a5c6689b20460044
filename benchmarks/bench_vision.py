"""Benchmark of the dice reader: CPU ms per frame on ONE thread at 640 x 640
(and 640 x 480), with everything switched on - detector, fast face net
with its second turn, the expert's second look, and a calibration (last
layers applied in numpy) - and the peer approach (SimpleBlobDetector on
pips + clustering) measured beside it on the same frames.

Frames: the first ``--images`` photos of a labelled set (default the dev
set ../shared/dice/nell-byler-dev or $CABINET_DICE_DATA; ``--set DIR`` for
another), scaled to 640 x 640, and their central 640 x 480 cut; synthetic
frames from vision.synth when no set is present.

Time is the CPU time of this process (``time.process_time``) around each
call, every thread pinned to one (onnxruntime, OpenCV, BLAS): the budget is
per core, and the machine this was written on is shared, so wall time
says little.  Each frame is read ``--repeat`` times and its median kept;
the figures are the median and p90 of those over the frames (and, as a
hint of a quieter core, the median of each frame's fastest read).

Also reported: the share of frames (and of candidates) that need the
second look (the expert net, ``vision.reader``), the expert windows per
frame, and the cost of the look (CPU ms of the expert runs, per frame
that has one), split from the detector and the fast net.

    .venv/bin/python benchmarks/bench_vision.py [--images N] [--repeat R] [--set DIR]
        [--models DIR] [--calibration FILE | --no-calibration] [--json]
    .venv/bin/pytest benchmarks/bench_vision.py --benchmark-only
"""
from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # before numpy loads: one thread for the calibration's matrix product

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402

import cv2  # noqa: E402

from vision import netreader  # noqa: E402
from vision.dataset import find_dice_data, list_images  # noqa: E402
from vision.netreader import Models  # noqa: E402
from vision.peer import read_dice_peer  # noqa: E402
from vision.reader import DiceReader  # noqa: E402
from vision.synth import random_specs, render_frame  # noqa: E402


def frames(n: int, folder: Path | None = None) -> dict[str, list]:
    """``{"640x640": [...], "640x480": [...]}``: n frames each (uint8 BGR)."""
    data = folder or find_dice_data()
    if data is not None:
        imgs = [cv2.imread(str(p)) for p in list_images(data)[:n]]
        imgs = [cv2.resize(i, (640, 640)) for i in imgs if i is not None]
        return {"640x640": imgs, "640x480": [i[80:560] for i in imgs]}
    rng = random.Random(1)
    out = {}
    for w, h in ((640, 640), (640, 480)):
        out[f"{w}x{h}"] = [render_frame((w, h), random_specs(rng, (w, h), 8), seed=k) for k in range(n)]
    return out


def own_heads_calibration(models: Models, imgs: list) -> dict:
    """A calibration that reads exactly as the nets do: each face net's own
    last layer, recovered from its features and logits (as
    :mod:`vision.calibrate` starts its fit), applied in numpy - the same
    work per window as a cabinet's fitted calibration."""
    from vision.calibration.layers import features_and_own_head
    windows = [netreader.face_window(f, c.x, c.y, c.size, angle=a)
               for f in imgs[:20] for c in models.find_dice(f) for a in (0, 90, 180)]
    heads = {}
    for name, expert in (("fast", False), ("expert", True)):
        if expert and not models.has_expert:
            continue
        _, W, b = features_and_own_head(models, windows, expert)
        heads[name] = (W, b)
    return heads


class _Timed:
    """Wraps the models' ``find_dice`` and ``read_faces`` (of every reader:
    :class:`vision.netreader.Models`) to add their CPU time to ``self.ms``
    ("detector", "fast", "expert") and count windows."""

    def __init__(self):
        self.ms: Counter = Counter()
        self._find, self._read = Models.find_dice, Models.read_faces

    def __enter__(self):
        def find(*a, **k):
            c = time.process_time()
            found = self._find(*a, **k)
            self.ms["detector"] += (time.process_time() - c) * 1000
            self.ms["candidates"] += len(found)
            return found

        def read(models, windows, expert=False, head=None):
            c = time.process_time()
            try:
                return self._read(models, windows, expert, head)
            finally:
                self.ms["expert" if expert else "fast"] += (time.process_time() - c) * 1000
                self.ms["expert windows" if expert else "fast windows"] += len(windows)

        Models.find_dice, Models.read_faces = find, read
        return self

    def __exit__(self, *exc):
        Models.find_dice, Models.read_faces = self._find, self._read


def _pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


def measure(fn, imgs: list, repeat: int, reader: DiceReader | None = None) -> dict:
    """CPU ms per frame of ``fn`` over ``imgs`` (each frame's median of
    ``repeat`` runs): median, p90, mean; with the reader's stage split and
    second-look share when ``fn`` is ``reader``'s ``read_dice``."""
    is_reader = reader is not None and fn == reader.read_dice
    fn(imgs[0])  # warm up
    per_frame, best, stages, looked, look_ms = [], [], Counter(), 0, []
    for img in imgs:
        runs = []
        for r in range(repeat):
            if is_reader:
                reader.stats.clear()
            with _Timed() as t:
                c = time.process_time()
                fn(img)
                runs.append((time.process_time() - c) * 1000)
            if is_reader and r == 0:
                stages.update(t.ms)
                looked += reader.stats["frames_second_look"]
                if reader.stats["frames_second_look"]:
                    look_ms.append(t.ms["expert"])
        per_frame.append(statistics.median(runs))
        best.append(min(runs))
    out = {"frames": len(imgs), "repeat": repeat, "median_ms": statistics.median(per_frame),
           "p90_ms": _pct(per_frame, 0.9), "mean_ms": statistics.fmean(per_frame),
           "least_disturbed_median_ms": statistics.median(best)}
    if is_reader:
        n = len(imgs)
        out.update({
            "detector_ms": stages["detector"] / n, "fast_ms": stages["fast"] / n, "expert_ms": stages["expert"] / n,
            "fast_windows_per_frame": stages["fast windows"] / n,
            "expert_windows_per_frame": stages["expert windows"] / n,
            "candidates_per_frame": stages["candidates"] / n,
            "frames_second_look": looked / n,
            "candidates_second_look": (stages["expert windows"] / len(reader.settings.second_look_angles)
                                       / max(1, stages["candidates"])),
            "second_look_ms_per_looked_frame": statistics.fmean(look_ms) if look_ms else 0.0,
            "second_look_ms_per_frame": sum(look_ms) / n,
            "fast_ms_per_window": stages["fast"] / max(1, stages["fast windows"]),
            "expert_ms_per_window": stages["expert"] / max(1, stages["expert windows"]),
        })
    return out


def _bench(benchmark, fn, size: str) -> None:
    cv2.setNumThreads(1)
    imgs = frames(8)[size]
    benchmark(lambda: [fn(i) for i in imgs])
    benchmark.extra_info["frames_per_round"] = len(imgs)


def test_bench_reader_640x640(benchmark):
    """Reader, 8 frames of 640 x 640 per round (divide by 8 for ms/frame)."""
    _bench(benchmark, DiceReader().read_dice, "640x640")


def test_bench_peer_640x640(benchmark):
    """Peer blob-and-cluster reader on the same 8 frames."""
    _bench(benchmark, read_dice_peer, "640x640")


def test_bench_reader_640x480(benchmark):
    _bench(benchmark, DiceReader().read_dice, "640x480")


def test_bench_peer_640x480(benchmark):
    _bench(benchmark, read_dice_peer, "640x480")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--images", type=int, default=60, help="frames (the first N photos of the set)")
    ap.add_argument("--repeat", type=int, default=3, help="reads of each frame (its median is kept)")
    ap.add_argument("--set", type=Path, help="a labelled set folder (default: the dev set)")
    how = ap.add_mutually_exclusive_group()
    how.add_argument("--calibration", type=Path, help="a dice_calibration.npz to read with "
                     "(default: the nets' own last layers applied as a calibration)")
    how.add_argument("--no-calibration", action="store_true", help="read as shipped, no calibration")
    ap.add_argument("--models", type=Path, help="read with the models in DIR (default: the shipped ones)")
    ap.add_argument("--no-peer", action="store_true", help="skip the peer approach")
    ap.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    a = ap.parse_args()
    cv2.setNumThreads(1)
    reader = DiceReader(models=Models.load(a.models)) if a.models else DiceReader()
    sets = frames(a.images, a.set)
    src = str(a.set) if a.set else ("the dev photos" if find_dice_data() else "synthetic frames")
    if a.calibration:
        from vision import calibrate
        reader = calibrate.apply(reader, calibrate.load(a.calibration, reader.models))
        cal = str(a.calibration)
    elif not a.no_calibration:
        reader = reader.with_heads(own_heads_calibration(reader.models, sets["640x640"]))
        cal = "the nets' own last layers, applied as a calibration"
    else:
        cal = "none"
    m = reader.models
    nets = ", ".join(p.name for p in (m.detector, m.face, m.expert) if p)
    result = {"source": src, "runtime": m.runtime, "nets": nets, "calibration": cal,
              "check_turn": reader.settings.check_turn, "sizes": {}}
    for size, imgs in sets.items():
        result["sizes"][size] = {"reader": measure(reader.read_dice, imgs, a.repeat, reader)}
        if not a.no_peer:
            result["sizes"][size]["peer"] = measure(read_dice_peer, imgs, a.repeat)
    if a.json:
        print(json.dumps(result, indent=1))
        return
    print(f"one thread, CPU time per frame (median of {a.repeat} reads of each), {src}, "
          f"{a.images} frames; {m.runtime} ({nets}); calibration: {cal}")
    for size, r in result["sizes"].items():
        for name, m in r.items():
            print(f"{size:>8} {name:<7} median {m['median_ms']:6.1f} ms   p90 {m['p90_ms']:6.1f} ms   "
                  f"mean {m['mean_ms']:6.1f} ms   "
                  f"(fastest read of each frame: median {m['least_disturbed_median_ms']:.1f} ms)")
            if name == "reader":
                print(f"{'':>16} detector {m['detector_ms']:.1f} ms, fast net {m['fast_ms']:.1f} ms "
                      f"({m['fast_windows_per_frame']:.1f} windows), second look {m['expert_ms']:.1f} ms "
                      f"({m['expert_windows_per_frame']:.2f} expert windows) per frame (means)")
                print(f"{'':>16} second look on {100 * m['frames_second_look']:.0f} % of frames and "
                      f"{100 * m['candidates_second_look']:.1f} % of {m['candidates_per_frame']:.1f} "
                      f"candidates per frame, "
                      f"{m['second_look_ms_per_looked_frame']:.1f} ms CPU on such a frame "
                      f"(a window: expert {m['expert_ms_per_window']:.2f} ms, fast {m['fast_ms_per_window']:.2f} ms)")


if __name__ == "__main__":
    main()

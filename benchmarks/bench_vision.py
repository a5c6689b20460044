"""Benchmark of the dice reader: ms per frame on ONE core at 640 x 480
and 640 x 640, the peer approach (SimpleBlobDetector on pips + clustering)
measured beside it on the same frames.

Frames: the real dev photos (../shared/dice/nell-byler-dev or
$CABINET_DICE_DATA; 640 x 640, and their central 640 x 480 cut) when
present, else synthetic frames from vision.synth.

    .venv/bin/python benchmarks/bench_vision.py [--images N] [--repeat R]
    .venv/bin/pytest benchmarks/bench_vision.py --benchmark-only
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import cv2

from vision.dataset import find_dice_data, list_images
from vision.peer import read_dice_peer
from vision.reader import STATS, read_dice
from vision.synth import random_specs, render_frame


def frames(n: int) -> dict[str, list]:
    data = find_dice_data()
    if data is not None:
        imgs = [cv2.imread(str(p)) for p in list_images(data)[:n]]
        imgs = [cv2.resize(i, (640, 640)) for i in imgs if i is not None]
        return {"640x640": imgs, "640x480": [i[80:560] for i in imgs]}
    rng = random.Random(1)
    out = {}
    for w, h in ((640, 640), (640, 480)):
        out[f"{w}x{h}"] = [render_frame((w, h), random_specs(rng, (w, h), 8), seed=k) for k in range(n)]
    return out


def _bench(benchmark, fn, size: str) -> None:
    cv2.setNumThreads(1)
    imgs = frames(8)[size]
    benchmark(lambda: [fn(i) for i in imgs])
    benchmark.extra_info["frames_per_round"] = len(imgs)


def test_bench_reader_640x640(benchmark):
    """Reader, 8 frames of 640 x 640 per round (divide by 8 for ms/frame)."""
    _bench(benchmark, read_dice, "640x640")


def test_bench_peer_640x640(benchmark):
    """Peer blob-and-cluster reader on the same 8 frames."""
    _bench(benchmark, read_dice_peer, "640x640")


def test_bench_reader_640x480(benchmark):
    _bench(benchmark, read_dice, "640x480")


def test_bench_peer_640x480(benchmark):
    _bench(benchmark, read_dice_peer, "640x480")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--images", type=int, default=60)
    ap.add_argument("--repeat", type=int, default=2)
    a = ap.parse_args()
    cv2.setNumThreads(1)
    sets = frames(a.images)
    src = "real dev photos" if find_dice_data() else "synthetic frames"
    print(f"one core (cv2.setNumThreads(1)), {src}, {a.images} frames x {a.repeat}; "
          f"wall time, and CPU time of this process (less sensitive to a busy machine)")
    for size, imgs in sets.items():
        for name, fn in (("reader", read_dice), ("peer blob+cluster", read_dice_peer)):
            fn(imgs[0])  # warm up
            STATS.clear()
            ms, cpu = [], []
            for _ in range(a.repeat):
                for img in imgs:
                    t0, c0 = time.perf_counter(), time.process_time()
                    fn(img)
                    ms.append((time.perf_counter() - t0) * 1000)
                    cpu.append((time.process_time() - c0) * 1000)
            ms.sort()
            print(f"{size:>8} {name:<18} median {statistics.median(ms):6.1f} ms   "
                  f"p95 {ms[int(0.95 * (len(ms) - 1))]:6.1f} ms   (CPU time median {statistics.median(cpu):6.1f} ms)")
            if fn is read_dice and STATS["frames"]:
                print(f"{'':>8} {'':<18} second look (expert) on {100 * STATS['frames_second_look'] / STATS['frames']:.0f} % "
                      f"of frames, {STATS['expert_windows'] / STATS['frames']:.2f} expert windows per frame")


if __name__ == "__main__":
    main()

"""The speed bench's tray crops (``benchmarks/bench_frame_720p.py --trays``):
the same crops every run, each read once per look (no timing asserted:
speed is measured in ``benchmarks/``, never in tests)."""
from __future__ import annotations

from tests.support.bench_modules import bench_module
from vision.reader import DiceReader


def test_the_tray_bench_reads_each_trays_crop_of_three_frames_per_look():
    calls = []

    class Counting:
        """The shipped reader, counting the frames it is given."""
        def __init__(self):
            self.reader = DiceReader()

        def read_dice(self, frame):
            calls.append(frame.shape)
            return self.reader.read_dice(frame)
    r = bench_module("bench_frame_720p").measure_trays(8, Counting())
    assert r["crops_read"] == 3 * 4 * 2 and r["crop"] == [295, 560]
    assert set(calls) == {(560, 295, 3)} and len(calls) == 3 * 4 * 3      # one unmeasured read a tray first
    assert 0 < r["read_dice_ms"]["median"] <= r["read_dice_ms"]["p90"]

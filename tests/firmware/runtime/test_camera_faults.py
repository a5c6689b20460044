"""Camera faults are "camera not ready", never the game's end (issue 23,
item 3): every kind of failure from a camera's read is caught by the
supervisor, which closes the camera and reopens it with back-off, and by
the dice station, which waits and shows the notice."""
from __future__ import annotations

import numpy as np
import pytest

from firmware.runtime.dice_station import DiceStation
from firmware.runtime.dice_table import SimTable
from hardware.camera import CallbackSource, CameraNotReady, CameraSource, CameraSupervisor, OpenCVSource


class Clock:
    def __init__(self, t=0.0):
        self.t = t

    def __call__(self):
        return self.t


GOOD = np.full((48, 64, 3), 90, np.uint8)


def fault(kind):
    """What a broken camera does on read: raise, or return a bad frame."""
    if kind == "OSError":
        raise OSError(5, "Input/output error")
    if kind == "TimeoutError":
        raise TimeoutError("capture_request timed out")
    if kind == "RuntimeError":
        raise RuntimeError("libcamera: camera frontend has timed out")
    if kind == "CameraNotReady":
        raise CameraNotReady("camera unplugged")
    if kind == "None frame":
        return None, 5
    if kind == "float32 frame":
        return GOOD.astype(np.float32), 5
    if kind == "empty frame":
        return np.zeros((0, 0, 3), np.uint8), 5
    if kind == "ValueError":
        raise ValueError("bad buffer")
    raise AssertionError(kind)


KINDS = ["OSError", "TimeoutError", "RuntimeError", "CameraNotReady", "None frame", "float32 frame",
         "empty frame", "ValueError"]


class FlakySource(CameraSource):
    """A camera that fails ``fail_reads`` times with ``kind``, then works."""

    def __init__(self, kind, fail_reads=1):
        self.kind, self.fail_reads = kind, fail_reads
        self.opens = self.closes = 0
        self.name = "flaky camera"
        self.t = 0

    def open(self):
        self.opens += 1

    def read(self, not_before_us=None):
        if self.fail_reads > 0:
            self.fail_reads -= 1
            return fault(self.kind)
        self.t = max(self.t + 1, not_before_us or 0)
        return GOOD.copy(), self.t

    def close(self):
        self.closes += 1


@pytest.mark.parametrize("kind", KINDS)
def test_supervisor_turns_every_camera_failure_into_not_ready_and_reopens(kind):
    clock = Clock()
    src = FlakySource(kind)
    sup = CameraSupervisor(src, backoff_s=0.5, clock=clock)
    with pytest.raises(CameraNotReady) as info:
        sup.read(0)
    assert not sup.ready and src.closes == 1
    assert sup.status().startswith("camera not ready")
    if kind != "CameraNotReady":
        assert info.value.__cause__ is not None
    with pytest.raises(CameraNotReady):     # back-off: not reopened at once
        sup.read(0)
    assert src.opens == 1
    clock.t = 0.6
    frame, t = sup.read(0)
    assert src.opens == 2 and sup.ready and frame.dtype == np.uint8


def test_persistent_runtime_error_backs_off_and_keeps_reporting_not_ready():
    """A RuntimeError on every read (not a CameraNotReady): before the fix
    it was swallowed with the camera still 'ready' and never reopened."""
    clock = Clock()
    src = FlakySource("RuntimeError", fail_reads=10**9)
    sup = CameraSupervisor(src, backoff_s=0.5, max_backoff_s=4.0, clock=clock)
    opens_at = []
    for step in range(400):                 # 40 s, a read every 0.1 s
        clock.t = step * 0.1
        before = src.opens
        with pytest.raises(CameraNotReady):
            sup.read(0)
        if src.opens != before:
            opens_at.append(round(clock.t, 1))
        assert not sup.ready
    gaps = [b - a for a, b in zip(opens_at, opens_at[1:])]
    assert gaps[:3] == pytest.approx([0.5, 1.0, 2.0], abs=0.11)   # doubling back-off
    assert max(gaps) <= 4.11                                        # capped
    assert "RuntimeError" in sup.status()


class NoneCapture:
    """cv2.VideoCapture that reports success with no image, as OpenCV does."""

    def isOpened(self):
        return True

    def set(self, *a):
        pass

    def read(self):
        return True, None

    def release(self):
        pass


def test_opencv_true_none_is_camera_not_ready():
    sup = CameraSupervisor(OpenCVSource(0, capture_factory=lambda dev: NoneCapture()), clock=Clock())
    with pytest.raises(CameraNotReady, match="uint8"):
        sup.read(0)
    assert not sup.ready


class FakeGame:
    def __init__(self):
        self.requests = [{"type": "dice", "player": 0, "count": 2, "colour": None, "faces": 6}]

    def chance_requests(self):
        return self.requests

    def now_us(self):
        return 0


class FakeRuntime:
    def __init__(self):
        self.game = FakeGame()
        self.prompts = {}


@pytest.mark.parametrize("kind", KINDS)
def test_dice_station_waits_through_a_camera_fault(kind):
    """The station never raises: it reports camera not ready while the
    camera fails and reads the dice once it is back."""
    table = SimTable(2, seed=3)
    clock = {"t": 0}
    faulty = {"until": 0}

    class TableCamera(CallbackSource):
        def read(self, not_before_us=None):
            if clock["t"] < faulty["until"]:
                return fault(kind)
            return super().read(not_before_us)

    sup = CameraSupervisor(TableCamera(table.frame, clock_us=lambda: clock["t"]), backoff_s=0.2,
                           clock=lambda: clock["t"] / 1e6)
    station = DiceStation(2, settle_ms=300, table=table, camera=sup)
    runtime = FakeRuntime()
    faulty["until"] = 2_000_000
    answers, seen_not_ready = [], False
    while not answers and clock["t"] < 10_000_000:
        answers = station.poll(runtime, clock["t"])
        if clock["t"] < faulty["until"]:
            seen_not_ready |= not station.camera_ready
        clock["t"] += 100_000
    assert seen_not_ready and station.camera_faults > 0
    assert answers and station.camera_ready
    assert len(answers[0]["values"]) == 2 and station.stats.misread == 0
    assert clock["t"] > faulty["until"]

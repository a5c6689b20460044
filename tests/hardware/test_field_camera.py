"""Field problems 3 and 9 (issue 37) on the camera twin.

3: a Camera Module 3 twin (it reports ``AfMode``/``LensPosition`` in
``camera_controls``) gets its lens set to the tray's distance (picamera2 #800,
#1105; pibooth PR #686); a Module 2 twin (fixed focus) gets no focus control.
9: a twin whose ``capture_request()`` never returns (picamera2 #883, #952;
PiFinder PR #479) must not freeze the game: the read times out, the camera is
closed and reopened, and the dice station says "camera not ready" and waits."""
from __future__ import annotations

import threading

import numpy as np
import pytest

from firmware.runtime.config import validate
from firmware.runtime.dice_station import DiceStation
from firmware.runtime.dice_table import SimTable
from hardware.camera import CameraNotReady, CameraSupervisor, OpenCVSource, Picamera2Source, make_camera
from hardware.camera_guard import describe_focus, focus_controls
from test_camera_faults import FakeRuntime
from test_hardware_camera import FakeCapture, FakePicamera2

MODULE3_CONTROLS = {"AfMode": (0, 2, 0), "LensPosition": (0.0, 15.0, 1.0), "ExposureTime": (1, 66666, 20000)}


class Module3(FakePicamera2):
    """A Camera Module 3: autofocus controls reported by the camera."""
    camera_controls = MODULE3_CONTROLS


class Module2(FakePicamera2):
    camera_controls = {"ExposureTime": (1, 66666, 20000)}


def test_camera_module_3_lens_is_set_to_the_tray_distance_from_config():
    cfg = validate({})
    assert cfg["camera"]["lens_position"] == pytest.approx(3.2)       # 1 / 0.31 m, the build guide's height
    cam = Module3(lock_after=1, timestamps_ns=[1_000_000])
    src = make_camera({**cfg["camera"], "source": "picamera2"}, on_pi=True)
    src._factory = lambda: cam
    src.open()
    assert cam.controls["AfMode"] == 0 and cam.controls["LensPosition"] == pytest.approx(3.2)
    assert "3.20 dioptres" in src.focus and "312 mm" in src.focus


def test_fixed_focus_camera_gets_no_focus_controls_and_negative_keeps_autofocus():
    cam = Module2(lock_after=1)
    src = Picamera2Source(picamera2_factory=lambda: cam, lens_position=3.2)
    src.open()
    assert "AfMode" not in cam.controls and "LensPosition" not in cam.controls
    assert "fixed-focus" in src.focus
    assert focus_controls(MODULE3_CONTROLS, -1) == {}
    assert focus_controls(MODULE3_CONTROLS, 40.0)["LensPosition"] == 15.0     # clamped to the lens's range
    assert "autofocus" in describe_focus({}, -1)


class StallingModule3(Module3):
    """capture_request() blocks until ``release`` is set (never, in the game)."""

    def __init__(self, release, **kw):
        super().__init__(**kw)
        self.release_event = release

    def capture_request(self):
        self.release_event.wait()
        raise RuntimeError("woken at teardown")


def _read_in_thread(sup, join_s=5.0):
    box = {}

    def go():
        try:
            box["frame"] = sup.read(0)
        except Exception as exc:  # noqa: BLE001
            box["error"] = exc
    t = threading.Thread(target=go, daemon=True)
    t.start()
    t.join(join_s)
    return t.is_alive(), box


def test_stalled_picamera2_capture_times_out_and_the_camera_is_reopened():
    release = threading.Event()
    cams = [StallingModule3(release, lock_after=1), Module3(lock_after=1, timestamps_ns=[9_000_000])]
    clock = {"t": 0.0}
    src = Picamera2Source(picamera2_factory=lambda: cams.pop(0), read_timeout_s=0.2)
    sup = CameraSupervisor(src, backoff_s=0.5, clock=lambda: clock["t"])
    try:
        hung, box = _read_in_thread(sup)
        assert not hung, "the camera read blocked the game loop"
        assert isinstance(box.get("error"), CameraNotReady) and "stalled" in str(box["error"])
        assert not sup.ready and sup.status().startswith("camera not ready")
        clock["t"] = 1.0                                   # after the back-off: a fresh camera
        frame, t = sup.read(0)
        assert t == 9_000 and sup.ready and frame.dtype == np.uint8
    finally:
        release.set()


def test_stalled_usb_camera_read_times_out():
    release = threading.Event()

    class HangingCapture(FakeCapture):
        def read(self):
            release.wait()
            return False, None

        def release(self):
            pass
    sup = CameraSupervisor(OpenCVSource(0, capture_factory=lambda dev: HangingCapture(), read_timeout_s=0.2),
                           clock=lambda: 0.0)
    try:
        hung, box = _read_in_thread(sup)
        assert not hung and isinstance(box.get("error"), CameraNotReady)
    finally:
        release.set()


def test_dice_station_says_camera_not_ready_and_waits_while_the_capture_stalls():
    release = threading.Event()
    src = Picamera2Source(picamera2_factory=lambda: StallingModule3(release, lock_after=1), read_timeout_s=0.1)
    sup = CameraSupervisor(src, backoff_s=60.0, clock=lambda: 0.0)
    station = DiceStation(2, settle_ms=300, table=SimTable(2, seed=3), camera=sup)
    try:
        box = {}
        t = threading.Thread(target=lambda: box.setdefault("answers", station.poll(FakeRuntime(), 0)), daemon=True)
        t.start()
        t.join(5.0)
        assert not t.is_alive(), "the dice station blocked on the stalled camera"
        assert box["answers"] == [] and not station.camera_ready and station.camera_faults == 1
    finally:
        release.set()

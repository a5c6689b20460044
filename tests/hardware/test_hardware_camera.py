"""Cameras (issue "Hardware layer", cameras): one interface yielding (BGR
uint8 frame, t_us); replay with stale-frame dropping; Picamera2 against a
fake of its object; OpenCV against a fake capture; back-off while the
camera is not ready; audio muted with one warning."""
from __future__ import annotations

import logging

import cv2
import numpy as np
import pytest

from hardware.audio import SOUNDS, Audio, synth
from hardware.camera import (CallbackSource, CameraNotReady, CameraSupervisor, OpenCVSource, Picamera2Source,
                             ReplaySource, as_bgr, make_camera)


class Clock:
    def __init__(self, t=0):
        self.t = t

    def __call__(self):
        return self.t


def numbered_frames(folder, n=6, size=(32, 48)):
    """Frame i is filled with blue = 10 * i (BGR), so reads are identifiable."""
    folder.mkdir(exist_ok=True)
    for i in range(n):
        img = np.zeros((*size, 3), np.uint8)
        img[:, :, 0] = 10 * i
        img[:, :, 2] = 200
        cv2.imwrite(str(folder / f"f{i:03d}.png"), img)
    return folder


def frame_no(frame):
    return int(frame[0, 0, 0]) // 10


# --- replay --------------------------------------------------------------------------------------

def test_replay_folder_yields_bgr_uint8_frames_at_the_set_rate(tmp_path):
    clock = Clock(1_000_000)
    src = ReplaySource(numbered_frames(tmp_path / "imgs"), fps=10, clock_us=clock, realtime=False)
    src.open()
    f, t = src.read()
    assert f.dtype == np.uint8 and f.shape == (32, 48, 3) and t == 1_000_000
    assert f[0, 0, 2] == 200                       # red stays in channel 2: BGR
    f, t = src.read()
    assert frame_no(f) == 1 and t == 1_100_000     # 10 fps = 100 ms apart


def test_replay_drops_frames_older_than_the_request(tmp_path):
    clock = Clock(0)
    src = ReplaySource(numbered_frames(tmp_path / "imgs"), fps=10, clock_us=clock, realtime=False)
    src.open()
    src.read()                                     # frame 0 at t=0
    clock.t = 120_000                              # frame 1 is on screen; the request was made at 250 ms
    f, t = src.read(not_before_us=250_000)
    assert t >= 250_000 and (frame_no(f), t) == (3, 300_000)
    assert src.dropped == 2                        # frames 1 and 2 were stale
    clock.t = 510_000                              # the clock moved on: the current frame, never an older one
    f, t = src.read()
    assert (frame_no(f), t) == (5, 500_000) and src.dropped == 3


def test_replay_loops_or_ends(tmp_path):
    folder = numbered_frames(tmp_path / "imgs", n=2)
    src = ReplaySource(folder, fps=10, clock_us=Clock(0), realtime=False)
    src.open()
    assert [frame_no(src.read()[0]) for _ in range(5)] == [0, 1, 0, 1, 0]
    once = ReplaySource(folder, fps=10, clock_us=Clock(0), realtime=False, loop=False)
    once.open()
    once.read(), once.read()
    with pytest.raises(CameraNotReady, match="end of the recording"):
        once.read()


def test_replay_video_file(tmp_path):
    path = tmp_path / "clip.avi"
    w = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (48, 32))
    assert w.isOpened()
    for i in range(4):
        img = np.full((32, 48, 3), 40 * i, np.uint8)
        w.write(img)
    w.release()
    src = ReplaySource(path, fps=5, clock_us=Clock(0), realtime=False)
    src.open()
    frames = [src.read() for _ in range(4)]
    assert [t for _, t in frames] == [0, 200_000, 400_000, 600_000]
    assert all(f.shape == (32, 48, 3) for f, _ in frames)
    assert abs(int(frames[3][0][10, 10, 0]) - 120) < 10


def test_replay_missing_path_is_not_ready_with_the_fix(tmp_path):
    with pytest.raises(CameraNotReady, match="camera.replay_path"):
        ReplaySource(tmp_path / "nope").open()
    (tmp_path / "empty").mkdir()
    with pytest.raises(CameraNotReady, match="no frames"):
        ReplaySource(tmp_path / "empty").open()


def test_replay_realtime_waits_for_a_future_frame(tmp_path):
    src = ReplaySource(numbered_frames(tmp_path / "imgs", n=3), fps=50)   # real monotonic clock
    src.open()
    _, t0 = src.read()
    _, t1 = src.read()
    assert t1 - t0 == 20_000


# --- Picamera2 (fake) ----------------------------------------------------------------------------

class FakeRequest:
    def __init__(self, cam, ts_ns):
        self.cam, self.ts = cam, ts_ns

    def make_array(self, name):
        assert name == "main"
        a = np.zeros((self.cam.size[1], self.cam.size[0], 3), np.uint8)
        a[:, :, 0] = 255          # "RGB888" = B,G,R bytes in memory: blue first
        return a

    def get_metadata(self):
        return {"SensorTimestamp": self.ts}

    def release(self):
        self.cam.released += 1


class FakePicamera2:
    """The parts of picamera2.Picamera2 the source uses."""

    def __init__(self, lock_after=5, timestamps_ns=()):
        self.lock_after = lock_after
        self.timestamps = list(timestamps_ns)
        self.metadata_calls = 0
        self.controls: dict = {}
        self.released = 0
        self.started = self.closed = False

    def create_video_configuration(self, main, controls):
        self.size = main["size"]
        assert main["format"] == "RGB888"
        return {"main": main, "controls": controls}

    def configure(self, config):
        self.config = config

    def start(self):
        self.started = True

    def capture_metadata(self):
        self.metadata_calls += 1
        locked = self.metadata_calls >= self.lock_after
        return {"AeLocked": locked, "AwbLocked": locked, "ExposureTime": 8000 + self.metadata_calls,
                "AnalogueGain": 2.0, "ColourGains": (1.5, 1.7)}

    def set_controls(self, controls):
        self.controls.update(controls)

    def capture_request(self):
        return FakeRequest(self, self.timestamps.pop(0))

    def stop(self):
        self.started = False

    def close(self):
        self.closed = True


def test_picamera2_warms_up_then_freezes_exposure_and_white_balance():
    cam = FakePicamera2(lock_after=4, timestamps_ns=[5_000_000_000])
    src = Picamera2Source(320, 240, 15, warmup_frames=30, picamera2_factory=lambda: cam)
    src.open()
    assert cam.metadata_calls == 4                                 # stopped once locked
    assert cam.controls == {"AeEnable": False, "AwbEnable": False, "ExposureTime": 8004,
                            "AnalogueGain": 2.0, "ColourGains": (1.5, 1.7)}
    f, t = src.read()
    assert f.shape == (240, 320, 3) and f.dtype == np.uint8 and t == 5_000_000
    assert f[0, 0, 0] == 255 and f[0, 0, 2] == 0                   # used as is: already BGR
    assert cam.released == 1
    src.close()
    assert cam.closed


def test_picamera2_warm_up_is_bounded():
    cam = FakePicamera2(lock_after=10**9)
    Picamera2Source(warmup_frames=7, picamera2_factory=lambda: cam).open()
    assert cam.metadata_calls == 7 and cam.controls["AeEnable"] is False


def test_picamera2_drops_frames_older_than_the_request():
    cam = FakePicamera2(lock_after=1, timestamps_ns=[1_000_000, 2_000_000, 3_000_000])
    src = Picamera2Source(picamera2_factory=lambda: cam)
    src.open()
    _, t = src.read(not_before_us=2_500)
    assert t == 3_000 and src.dropped == 2 and cam.released == 3


def test_picamera2_missing_is_camera_not_ready_with_the_fix(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "picamera2", None)
    with pytest.raises(CameraNotReady, match="python3-picamera2"):
        Picamera2Source().open()

    def no_camera():
        raise IndexError("list index out of range")
    with pytest.raises(CameraNotReady, match="ribbon cable"):
        Picamera2Source(picamera2_factory=no_camera).open()


# --- OpenCV (fake capture) -------------------------------------------------------------------------

class FakeCapture:
    def __init__(self, opened=True, frames=3):
        self.opened, self.left = opened, frames
        self.props = {}

    def isOpened(self):
        return self.opened

    def set(self, prop, value):
        self.props[prop] = value

    def read(self):
        if self.left <= 0:
            return False, None
        self.left -= 1
        return True, np.full((24, 32, 3), 7, np.uint8)

    def release(self):
        self.opened = False


def test_opencv_source_stamps_frames_and_drops_stale_ones():
    clock = Clock(100)
    cap = FakeCapture(frames=5)
    ticks = iter([100, 200, 900, 1000])
    src = OpenCVSource(0, 32, 24, 15, clock_us=lambda: next(ticks), capture_factory=lambda dev: cap)
    src.open()
    assert cap.props[cv2.CAP_PROP_FRAME_WIDTH] == 32 and cap.props[cv2.CAP_PROP_BUFFERSIZE] == 1
    f, t = src.read()
    assert t == 100 and f.shape == (24, 32, 3)
    f, t = src.read(not_before_us=500)
    assert t == 900 and src.dropped == 1


def test_opencv_missing_webcam_and_unplugged_webcam_are_not_ready():
    with pytest.raises(CameraNotReady, match="camera.device"):
        OpenCVSource(3, capture_factory=lambda dev: FakeCapture(opened=False)).open()
    src = OpenCVSource(0, capture_factory=lambda dev: FakeCapture(frames=0))
    src.open()
    with pytest.raises(CameraNotReady, match="stopped"):
        src.read()


# --- synthetic / callback source -------------------------------------------------------------------

def test_callback_source_composes_frames_at_the_request_time():
    seen = []

    def compose(t_us):
        seen.append(t_us)
        return np.zeros((10, 12), np.uint8)         # grey is expanded to BGR
    src = CallbackSource(compose, clock_us=Clock(500))
    f, t = src.read()
    assert f.shape == (10, 12, 3) and t == 500
    _, t = src.read(not_before_us=800)
    assert t == 800 and seen == [500, 800]


def test_callback_source_push_mode_drops_a_stale_frame():
    src = CallbackSource(clock_us=Clock(0))
    with pytest.raises(CameraNotReady, match="no frame"):
        src.read()
    src.push(np.zeros((4, 4, 4), np.uint8), 1_000)   # BGRA -> BGR
    f, t = src.read(not_before_us=1_000)
    assert f.shape == (4, 4, 3) and t == 1_000
    with pytest.raises(CameraNotReady, match="newer than"):
        src.read(not_before_us=1_001)
    assert src.dropped == 1


def test_as_bgr_rejects_non_images():
    with pytest.raises(ValueError, match="uint8"):
        as_bgr(np.zeros((4, 4, 3), np.float32))
    with pytest.raises(ValueError, match="HxWx3"):
        as_bgr(np.zeros((4, 4, 2), np.uint8))


# --- supervisor (camera late at boot) --------------------------------------------------------------

class LateCamera(CallbackSource):
    """A camera that only appears after some open attempts."""

    def __init__(self, fail_times):
        super().__init__(lambda t: np.zeros((4, 4, 3), np.uint8), clock_us=Clock(0))
        self.fail_times, self.opens = fail_times, 0
        self.name = "late camera"

    def open(self):
        self.opens += 1
        if self.opens <= self.fail_times:
            raise CameraNotReady("late camera: not found")


def test_missing_camera_at_boot_is_retried_with_backoff(caplog):
    clock = Clock(0.0)
    cam = LateCamera(fail_times=3)
    sup = CameraSupervisor(cam, backoff_s=0.5, max_backoff_s=30, clock=clock)
    attempts_at = []
    with caplog.at_level(logging.WARNING, logger="cabinet.hardware"):
        while True:
            before = cam.opens
            ready = sup.poll()
            if cam.opens != before:
                attempts_at.append(clock.t)
            if ready:
                break
            assert sup.status().startswith("camera not ready: late camera")
            with pytest.raises(CameraNotReady):
                sup.read()
            clock.t += 0.25
    assert cam.opens == 4 and sup.status() == "camera ready"
    assert attempts_at == [0.0, 0.5, 1.5, 3.5]      # back-off doubles from 0.5 s
    assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 1
    f, _ = sup.read()
    assert f.shape == (4, 4, 3)


def test_make_camera_follows_the_config(tmp_path):
    assert isinstance(make_camera({"source": "auto"}, on_pi=True), Picamera2Source)
    assert isinstance(make_camera({"source": "auto"}, on_pi=False), CallbackSource)
    assert isinstance(make_camera({"source": "opencv", "device": 2}, on_pi=True), OpenCVSource)
    assert isinstance(make_camera({"source": "replay", "replay_path": str(tmp_path)}, on_pi=False), ReplaySource)
    with pytest.raises(ValueError, match="replay_path"):
        make_camera({"source": "replay", "replay_path": ""}, on_pi=False)


# --- audio -----------------------------------------------------------------------------------------

class FakeMixer:
    def __init__(self, fail=None):
        self.fail, self.played = fail, []

    def init(self, **kw):
        if self.fail:
            raise RuntimeError(self.fail)

    def Sound(self, buffer):
        mixer = self

        class S:
            def play(self_inner):
                mixer.played.append(len(buffer))
        return S()


def test_no_audio_device_means_muted_with_one_warning(caplog):
    with caplog.at_level(logging.WARNING, logger="cabinet.hardware"):
        a = Audio(True, 0.5, mixer_loader=lambda: FakeMixer(fail="ALSA: Couldn't open audio device"))
        assert a.muted and a.play("lost") is False and a.play("tick") is False
    assert len([r for r in caplog.records if "muted" in r.getMessage()]) == 1


def test_audio_plays_synthesised_sounds_and_refuses_unknown_ones():
    mixer = FakeMixer()
    a = Audio(True, 0.5, mixer_loader=lambda: mixer)
    assert not a.muted and a.play("go")
    assert mixer.played == [len(synth(SOUNDS["go"]))]
    with pytest.raises(KeyError, match="unknown sound"):
        a.play("fanfare")
    assert Audio(False).muted


def test_supervisor_keeps_a_working_camera_on_no_fresh_frame_but_retries_a_failed_one():
    from hardware.camera import NoFreshFrame
    clock = Clock(0.0)
    src = CallbackSource(clock_us=Clock(0))
    sup = CameraSupervisor(src, backoff_s=1.0, clock=clock)
    with pytest.raises(NoFreshFrame):
        sup.read()                                  # nothing pushed yet: the camera is fine
    assert sup.ready
    cap = FakeCapture(frames=1)
    web = OpenCVSource(0, capture_factory=lambda dev: cap)
    sup = CameraSupervisor(web, backoff_s=1.0, clock=clock)
    assert sup.read()[0].shape == (24, 32, 3)
    with pytest.raises(CameraNotReady, match="stopped"):
        sup.read()                                  # unplugged mid-game
    assert not sup.ready and "stopped" in sup.status() and web._cap is None
    with pytest.raises(CameraNotReady, match="camera not ready"):
        sup.read()                                  # back-off: not retried at once
    cap.left, cap.opened = 3, True
    clock.t += 1.0
    assert sup.read()[0].shape == (24, 32, 3)       # re-opened and reading again

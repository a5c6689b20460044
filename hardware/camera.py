"""The table camera behind one small interface: ``read() -> (frame, t_us)``
with ``frame`` a BGR ``uint8`` array of shape (H, W, 3) and ``t_us`` its
capture time in integer us (monotonic clock).

Sources: :class:`Picamera2Source` (Pi camera; picamera2 imported lazily),
:class:`OpenCVSource` (USB webcams), :class:`ReplaySource` (a folder of
images or a video file at a set frame rate: tests and the simulator) and
:class:`CallbackSource` (frames the runtime composes, e.g. the simulated
dice tray).  :class:`CameraSupervisor` opens a source with back-off while
the runtime shows "camera not ready".

Rule (issue "Hardware layer", cameras): a frame older than the request that
asked for it is dropped (``read(not_before_us)``).

Clocks (issue 39): a source stamps frames on *its own* clock, as a real
camera does (time since boot), and :meth:`CameraSource.now_us` reads that
clock now; ``not_before_us`` is on the same clock.  The runtime converts
a frame's stamp to the cabinet's clock (the one of button edges and the
engine) by pairing ``now_us()`` with its own clock: camera stamps are
converted, never mixed with edge stamps.
"""
from __future__ import annotations

import logging
import math
import time
from pathlib import Path
from typing import Any, Callable

import cv2
import numpy as np

from hardware.camera_guard import READ_TIMEOUT_S, TRAY_DIOPTRES, ReadGuard, describe_focus, focus_controls

log = logging.getLogger("cabinet.hardware")

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}


def monotonic_us() -> int:
    """CLOCK_MONOTONIC in integer us (the clock of camera timestamps)."""
    return time.monotonic_ns() // 1000


class CameraNotReady(RuntimeError):
    """No camera (or no fresh frame) yet; the message says why and the fix."""


class NoFreshFrame(CameraNotReady):
    """The camera works but has no frame at or after the requested time yet
    (the stale ones were dropped); ask again later."""


def as_bgr(frame: Any) -> np.ndarray:
    """Check/normalise a frame to BGR ``uint8`` (H, W, 3): grey is expanded,
    a 4th (alpha/padding) channel is dropped.

    Raises:
        ValueError: not an image array.
    """
    a = np.asarray(frame)
    if a.dtype != np.uint8:
        raise ValueError(f"camera frames must be uint8, got {a.dtype}")
    if a.ndim == 2:
        a = cv2.cvtColor(a, cv2.COLOR_GRAY2BGR)
    elif a.ndim == 3 and a.shape[2] == 4:
        a = a[:, :, :3]
    if a.ndim != 3 or a.shape[2] != 3:
        raise ValueError(f"camera frames must be HxWx3, got shape {a.shape}")
    if a.size == 0:
        raise ValueError(f"camera frame is empty (shape {a.shape})")
    return np.ascontiguousarray(a)


class CameraSource:
    """Interface of every camera source.  ``open()`` may raise
    :class:`CameraNotReady`; ``read(not_before_us)`` returns the first frame
    captured at or after ``not_before_us`` (older frames are dropped and
    counted in :attr:`dropped`)."""

    name = "camera"
    dropped = 0

    def open(self) -> None:
        """Start the camera. Raises CameraNotReady."""

    def read(self, not_before_us: int | None = None) -> tuple[np.ndarray, int]:
        """Next frame: ``(BGR uint8 HxWx3, t_us)``. Raises CameraNotReady."""
        raise NotImplementedError

    def close(self) -> None:
        """Stop the camera (idempotent)."""

    def now_us(self) -> int:
        """The current time on the clock this source stamps frames with,
        integer us (CLOCK_MONOTONIC unless the source says otherwise)."""
        return monotonic_us()


class ReplaySource(CameraSource):
    """Frames from a folder of images (sorted by name) or a video file,
    played at ``fps`` from ``start_us`` on; loops at the end.

    Frame ``i`` has ``t_us = start_us + i * 1e6 / fps`` (rounded).  ``read``
    returns the frame current at the clock's time, and never one older
    than ``not_before_us``: frames in between are skipped (dropped).  With
    ``realtime=True`` a frame due in the future is waited for; with False
    (tests) time jumps to it.

    Args:
        path: folder or video file.
        fps: frame rate, frames/s.
        clock_us: time source, us (default :func:`monotonic_us`).
        start_us: time of frame 0 (default: when opened).
    """

    def __init__(self, path: str | Path, fps: float = 15.0, clock_us: Callable[[], int] = monotonic_us,
                 start_us: int | None = None, realtime: bool = True, loop: bool = True):
        if fps <= 0:
            raise ValueError(f"fps must be > 0, got {fps}")
        self.path, self.fps, self._clock = Path(path), fps, clock_us
        self._start = start_us
        self.realtime, self.loop = realtime, loop
        self.name = f"replay {self.path}"
        self._frames: list[np.ndarray] = []
        self._next = 0          # index of the first frame not yet returned
        self.dropped = 0

    def open(self) -> None:
        """Load every frame. Raises CameraNotReady (missing/empty/unreadable)."""
        p = self.path
        if p.is_dir():
            files = sorted(f for f in p.iterdir() if f.suffix.lower() in IMAGE_SUFFIXES)
            frames = [cv2.imread(str(f), cv2.IMREAD_COLOR) for f in files]
            bad = [f.name for f, fr in zip(files, frames) if fr is None]
            if bad:
                raise CameraNotReady(f"{self.name}: cannot read {', '.join(bad)}")
        elif p.is_file():
            cap = cv2.VideoCapture(str(p))
            frames = []
            while True:
                ok, fr = cap.read()
                if not ok:
                    break
                frames.append(fr)
            cap.release()
        else:
            raise CameraNotReady(f"{self.name}: no such folder or video file; fix camera.replay_path")
        if not frames:
            raise CameraNotReady(f"{self.name}: no frames found (images: {', '.join(sorted(IMAGE_SUFFIXES))})")
        self._frames = [as_bgr(f) for f in frames]
        if self._start is None:
            self._start = self._clock()
        self._next = 0

    def _t(self, i: int) -> int:
        return self._start + round(i * 1_000_000 / self.fps)

    def now_us(self) -> int:
        """Now on the replay's clock (``clock_us``), us."""
        return int(self._clock())

    def read(self, not_before_us: int | None = None) -> tuple[np.ndarray, int]:
        if not self._frames:
            raise CameraNotReady(f"{self.name}: not open")
        now = self._clock()
        period = 1_000_000 / self.fps
        current = max(0, math.floor((now - self._start) / period))   # frame on screen now
        want = max(self._next, current)
        if not_before_us is not None:
            want = max(want, math.ceil((not_before_us - self._start) / period))
        if not self.loop and want >= len(self._frames):
            raise CameraNotReady(f"{self.name}: end of the recording")
        if self.realtime:
            wait = self._t(want) - self._clock()
            if wait > 0:
                time.sleep(wait / 1_000_000)
        self.dropped += want - self._next
        self._next = want + 1
        return self._frames[want % len(self._frames)].copy(), self._t(want)

    def close(self) -> None:
        self._frames = []


class CallbackSource(CameraSource):
    """Frames composed or pushed by the runtime (the simulated tray).

    Args:
        compose: ``compose(t_us) -> frame`` called on each read (None: use
            frames given to :meth:`push`).
        clock_us: time source, us.
    """

    def __init__(self, compose: Callable[[int], Any] | None = None, clock_us: Callable[[], int] = monotonic_us):
        self.compose, self._clock = compose, clock_us
        self.name = "synthetic camera"
        self._latest: tuple[np.ndarray, int] | None = None
        self.dropped = 0

    def now_us(self) -> int:
        """Now on this source's clock (``clock_us``), us."""
        return int(self._clock())

    def push(self, frame: Any, t_us: int) -> None:
        """Offer a frame captured at ``t_us`` us (replaces the previous one)."""
        self._latest = (as_bgr(frame), int(t_us))

    def read(self, not_before_us: int | None = None) -> tuple[np.ndarray, int]:
        if self.compose is not None:
            t = self._clock()
            if not_before_us is not None:
                t = max(t, not_before_us)
            return as_bgr(self.compose(t)), t
        if self._latest is None:
            raise NoFreshFrame(f"{self.name}: no frame pushed yet")
        frame, t = self._latest
        if not_before_us is not None and t < not_before_us:
            self._latest = None
            self.dropped += 1
            raise NoFreshFrame(f"{self.name}: no frame newer than {not_before_us} us yet")
        return frame, t


class OpenCVSource(CameraSource):
    """A USB webcam through ``cv2.VideoCapture(device)``; frames are stamped
    when grabbed.

    Args:
        device: VideoCapture index (config ``camera.device``).
        width, height: requested size, px; fps: requested rate, frames/s.
        capture_factory: ``cv2.VideoCapture`` (injectable for tests).
        max_stale: frames to discard at most while looking for a fresh one.
        read_timeout_s: longest wait for one frame (a stalled read raises
            :class:`~hardware.camera_guard.CameraStalled`), seconds.
    """

    def __init__(self, device: int = 0, width: int = 640, height: int = 480, fps: int = 15,
                 clock_us: Callable[[], int] = monotonic_us, capture_factory: Callable[..., Any] = cv2.VideoCapture,
                 max_stale: int = 10, read_timeout_s: float = READ_TIMEOUT_S):
        self.device, self.width, self.height, self.fps = device, width, height, fps
        self._clock, self._factory, self.max_stale = clock_us, capture_factory, max_stale
        self.name = f"USB camera {device}"
        self.guard = ReadGuard(read_timeout_s, self.name)
        self._cap: Any = None
        self.dropped = 0

    def now_us(self) -> int:
        """Now on the clock frames are stamped with when grabbed, us."""
        return int(self._clock())

    def open(self) -> None:
        self.guard = self.guard.renewed()
        cap = self._factory(self.device)
        if not cap.isOpened():
            cap.release()
            raise CameraNotReady(f"{self.name}: cannot open /dev/video{self.device}; plug the webcam in or fix "
                                 "camera.device")
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.width)
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.height)
        cap.set(cv2.CAP_PROP_FPS, self.fps)
        cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)
        self._cap = cap

    def read(self, not_before_us: int | None = None) -> tuple[np.ndarray, int]:
        if self._cap is None:
            raise CameraNotReady(f"{self.name}: not open")
        for _ in range(self.max_stale + 1):
            ok, frame = self.guard.call(self._cap.read)
            t = self._clock()
            if not ok:
                raise CameraNotReady(f"{self.name}: the webcam stopped delivering frames")
            if not_before_us is None or t >= not_before_us:
                return as_bgr(frame), t
            self.dropped += 1
        raise NoFreshFrame(f"{self.name}: no frame newer than {not_before_us} us")

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None


class Picamera2Source(CameraSource):
    """The Pi camera through Picamera2 (imported when opened, since it only
    installs on a Pi).

    "RGB888" arrays are already BGR in memory, so frames are used as is.
    After a bounded warm-up (auto exposure/white balance settle for at most
    ``warmup_frames`` frames or until the metadata reports them locked) the
    exposure time, gain and colour gains are frozen so that dice colours
    do not drift.  Timestamps are the sensor's (``SensorTimestamp``, ns,
    CLOCK_MONOTONIC) in us.

    A focusable lens (Camera Module 3: ``AfMode``/``LensPosition`` in
    ``camera_controls``) is set to manual focus at ``lens_position``
    dioptres (:func:`~hardware.camera_guard.focus_controls`).  Every call
    that waits for the camera goes through a :class:`~hardware.camera_guard.ReadGuard`:
    a capture that stalls raises ``CameraStalled`` after ``read_timeout_s``
    and the supervisor reopens the camera.

    Args:
        picamera2_factory: ``picamera2.Picamera2`` (injectable: tests use a fake).
        lens_position: config ``camera.lens_position``, dioptres (1 / m;
            negative: keep the camera's autofocus).
        read_timeout_s: longest wait for one frame, seconds.

    Attributes:
        focus: what was done with the lens, one line (``cabinet hardware check``).
    """

    def __init__(self, width: int = 640, height: int = 480, fps: int = 15, warmup_frames: int = 30,
                 picamera2_factory: Callable[[], Any] | None = None, max_stale: int = 10,
                 lens_position: float = TRAY_DIOPTRES, read_timeout_s: float = READ_TIMEOUT_S):
        self.width, self.height, self.fps = width, height, fps
        self.warmup_frames, self.max_stale = warmup_frames, max_stale
        self._factory = picamera2_factory
        self.name = "Pi camera"
        self._cam: Any = None
        self.dropped = 0
        self.locked_controls: dict[str, Any] = {}
        self.lens_position = lens_position
        self.focus = "not opened yet"
        self.guard = ReadGuard(read_timeout_s, self.name)

    def open(self) -> None:
        # a capture stalled in the last camera stays with it: the new one gets its own guard
        self.guard = self.guard.renewed()
        factory = self._factory
        if factory is None:
            try:
                from picamera2 import Picamera2  # lazy: only installs on a Pi
            except ImportError as exc:
                raise CameraNotReady(f"{self.name}: picamera2 is missing ({exc}); fix: sudo apt install "
                                     "python3-picamera2 and create the venv with --system-site-packages") from exc
            factory = Picamera2
        try:
            cam = factory()
            config = cam.create_video_configuration(
                main={"size": (self.width, self.height), "format": "RGB888"},
                controls={"FrameRate": float(self.fps)})
            cam.configure(config)
            cam.start()
        except Exception as exc:  # libcamera raises RuntimeError/IndexError when no camera
            raise CameraNotReady(f"{self.name}: cannot start ({exc}); check the ribbon cable and "
                                 "`rpicam-hello --list-cameras`") from exc
        self._cam = cam
        focus = focus_controls(getattr(cam, "camera_controls", None), self.lens_position)
        if focus:
            cam.set_controls(focus)
        self.focus = describe_focus(focus, self.lens_position)
        md: dict[str, Any] = {}
        for _ in range(self.warmup_frames):
            md = self.guard.call(cam.capture_metadata, "metadata read")
            if md.get("AeLocked") and md.get("AwbLocked", True):
                break
        controls = {"AeEnable": False, "AwbEnable": False}
        for key in ("ExposureTime", "AnalogueGain", "ColourGains"):
            if key in md:
                controls[key] = md[key]
        cam.set_controls(controls)
        self.locked_controls = controls

    def read(self, not_before_us: int | None = None) -> tuple[np.ndarray, int]:
        if self._cam is None:
            raise CameraNotReady(f"{self.name}: not open")
        for _ in range(self.max_stale + 1):
            request = self.guard.call(self._cam.capture_request, "capture_request")
            try:
                frame = request.make_array("main")
                md = request.get_metadata()
            finally:
                request.release()
            t = int(md.get("SensorTimestamp", time.monotonic_ns())) // 1000
            if not_before_us is None or t >= not_before_us:
                return as_bgr(frame), t
            self.dropped += 1
        raise NoFreshFrame(f"{self.name}: no frame newer than {not_before_us} us")

    def close(self) -> None:
        cam, self._cam = self._cam, None
        if cam is None:
            return
        if self.guard.stuck:
            # stop() would wait for the stalled capture: let it go, a new Picamera2 is opened
            log.warning("%s: the stalled camera is abandoned without stop()", self.name)
            return

        def stop_and_close() -> None:
            try:
                cam.stop()
            finally:
                cam.close()
        self.guard.call(stop_and_close, "close")


class CameraSupervisor:
    """Opens a camera source with back-off and reports readiness.

    Rule (issue "Hardware layer"): a missing camera at boot is retried with
    back-off while the runtime shows "camera not ready".  A source that
    fails while reading is closed and retried the same way.

    Args:
        source: the camera source.
        backoff_s: first retry delay, doubled per failure up to ``max_backoff_s``.
        clock: monotonic seconds (injectable).
    """

    def __init__(self, source: CameraSource, backoff_s: float = 0.5, max_backoff_s: float = 30.0,
                 clock: Callable[[], float] = time.monotonic):
        self.source = source
        self.backoff_s, self.max_backoff_s, self._clock = backoff_s, max_backoff_s, clock
        self.ready = False
        self.failures = 0
        self.last_error = "not opened yet"
        self._next_try = float("-inf")

    def poll(self) -> bool:
        """Try to open the camera if it is not ready and a retry is due;
        returns :attr:`ready`."""
        if self.ready or self._clock() < self._next_try:
            return self.ready
        try:
            self.source.open()
        except Exception as exc:  # noqa: BLE001 - any failure to open is "not ready", retried with back-off
            self._failed(_why(self.source, exc))
            self._close_quietly()
            return False
        # failures are reset by the first good frame, not by the open: a
        # camera that opens but fails every read keeps backing off
        self.ready = True
        return True

    def _failed(self, why: str) -> None:
        delay = min(self.max_backoff_s, self.backoff_s * (2 ** self.failures))
        if self.failures == 0:
            log.warning("%s; retrying with back-off", why)
        self.failures += 1
        self.last_error = why
        self._next_try = self._clock() + delay
        self.ready = False

    def now_us(self) -> int:
        """Now on the source's clock (the clock of the stamps :meth:`read`
        returns and of ``not_before_us``), us."""
        return int(self.source.now_us())

    def status(self) -> str:
        """Text for the screen: ``"camera ready"`` or ``"camera not ready: <why>"``."""
        return "camera ready" if self.ready else f"camera not ready: {self.last_error}"

    def read(self, not_before_us: int | None = None) -> tuple[np.ndarray, int]:
        """A frame from the source (see :meth:`CameraSource.read`).

        Every failure of the source counts as "camera not ready" (issue
        23): ``CameraNotReady``, an ``OSError`` or ``TimeoutError`` from the
        driver, any other exception, or a frame that is not a BGR ``uint8``
        image (OpenCV's ``(True, None)``, a float frame).  The source is then
        closed and reopened by :meth:`poll` with back-off.

        Raises:
            NoFreshFrame: no frame at/after ``not_before_us`` yet.
            CameraNotReady: not open yet, or the source failed (it is closed
                and will be retried by :meth:`poll`); chained to the cause.
        """
        if not self.poll():
            raise CameraNotReady(self.status())
        try:
            frame, t_us = self.source.read(not_before_us)
            frame = as_bgr(frame)
            if isinstance(t_us, bool) or not isinstance(t_us, (int, np.integer)):
                raise ValueError(f"camera timestamps must be integer us, got {t_us!r}")
            if self.failures:
                log.info("%s is ready after %d attempt(s)", self.source.name, self.failures + 1)
                self.failures = 0
            return frame, int(t_us)
        except NoFreshFrame:
            raise              # the camera itself is fine
        except Exception as exc:  # noqa: BLE001 - every camera failure is "not ready", never the game's end
            self._close_quietly()
            self._failed(_why(self.source, exc))
            raise CameraNotReady(self.status()) from exc

    def _close_quietly(self) -> None:
        try:
            self.source.close()
        except Exception as exc:  # noqa: BLE001 - closing a broken camera may fail too
            log.debug("closing %s failed: %s", self.source.name, exc)


def _why(source: CameraSource, exc: BaseException) -> str:
    """A one-line reason for the screen and the log, naming the camera."""
    text = str(exc) or type(exc).__name__
    if isinstance(exc, CameraNotReady):
        return text
    return f"{source.name}: {type(exc).__name__}: {text}"


def make_camera(cam_cfg: dict[str, Any], on_pi: bool, compose: Callable[[int], Any] | None = None) -> CameraSource:
    """The camera source for config ``[camera]`` (``source = auto``:
    Picamera2 on a Pi, the synthetic source elsewhere).

    Raises:
        ValueError: ``source = "replay"`` without ``replay_path``.
    """
    source = cam_cfg.get("source", "auto")
    if source == "auto":
        source = "picamera2" if on_pi else "sim"
    w, h, fps = cam_cfg.get("width", 640), cam_cfg.get("height", 480), cam_cfg.get("fps", 15)
    timeout_s = cam_cfg.get("read_timeout_ms", round(READ_TIMEOUT_S * 1000)) / 1000
    if source == "picamera2":
        return Picamera2Source(w, h, fps, lens_position=cam_cfg.get("lens_position", TRAY_DIOPTRES),
                               read_timeout_s=timeout_s)
    if source == "opencv":
        return OpenCVSource(cam_cfg.get("device", 0), w, h, fps, read_timeout_s=timeout_s)
    if source == "replay":
        if not cam_cfg.get("replay_path"):
            raise ValueError('camera.source = "replay" needs camera.replay_path (a folder of images or a video)')
        return ReplaySource(cam_cfg["replay_path"], fps)
    blank = np.zeros((h, w, 3), np.uint8)
    return CallbackSource(compose or (lambda t_us: blank))

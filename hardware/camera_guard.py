"""Two field fixes of the Pi camera, kept apart from :mod:`hardware.camera`'s
sources: a read that cannot block forever, and the Camera Module 3's lens
set for the tray.

* **A capture that blocks forever** (picamera2 #883, #952, #1086; PiFinder PR
  #479 saw a hung V4L2 capture freeze the whole process): every blocking call
  into the camera driver (picamera2's ``capture_request`` /
  ``capture_metadata``, OpenCV's ``VideoCapture.read``) goes through
  :class:`ReadGuard`, which runs it on a worker thread and gives up after
  ``timeout_s`` with :class:`CameraStalled` (a ``TimeoutError``).  The
  :class:`~hardware.camera.CameraSupervisor` then closes the camera, says
  "camera not ready" and reopens it with back-off.  While a stalled call has
  not returned, no second one is started (threads never pile up).
* **Camera Module 3 out of focus at the tray** (picamera2 #800, #1105;
  pibooth PR #686): picamera2 leaves the lens where the camera's default
  puts it.  :func:`focus_controls` sets ``AfMode`` to manual and
  ``LensPosition`` to the configured dioptres (1 / distance in metres: the
  build guide's 310 mm lens-to-tray height is 1 / 0.31 = 3.2) when the camera
  reports those controls (``Picamera2.camera_controls``); a fixed-focus
  camera (Module 2, most USB webcams) gets nothing.
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable, Mapping, TypeVar

log = logging.getLogger("cabinet.hardware")

T = TypeVar("T")

#: Default longest wait for one frame from the driver, seconds (a frame is
#: due every 67 ms at 15 fps; auto exposure in dim light stays far below this).
READ_TIMEOUT_S = 2.0
#: Default lens position, dioptres: the Camera Module 3 at the build guide's
#: 310 mm above the tray floor (1 / 0.31 m).
TRAY_DIOPTRES = 3.2
#: libcamera's ``AfModeEnum.Manual``.
AF_MODE_MANUAL = 0


class CameraStalled(TimeoutError):
    """The camera driver did not return within the timeout (the call is
    left running on its worker thread; the camera must be reopened)."""


class ReadGuard:
    """Runs blocking camera calls with a timeout.

    Args:
        timeout_s: longest wait for one call, seconds.
        what: the camera's name for messages.

    Attributes:
        stalls: how many calls timed out.
    """

    def __init__(self, timeout_s: float = READ_TIMEOUT_S, what: str = "camera") -> None:
        if timeout_s <= 0:
            raise ValueError(f"camera read timeout must be > 0 s, got {timeout_s}")
        self.timeout_s, self.what = timeout_s, what
        self.stalls = 0
        self._stuck: threading.Thread | None = None

    def renewed(self) -> "ReadGuard":
        """A guard for a freshly opened camera: same timeout and stall count,
        free of the old camera's stuck call (that thread is left to end, or
        not, with the abandoned camera; reopening is backed off, so at most
        one such thread per reopen)."""
        new = ReadGuard(self.timeout_s, self.what)
        new.stalls = self.stalls
        return new

    @property
    def stuck(self) -> bool:
        """True while an earlier call that timed out has still not returned."""
        return self._stuck is not None and self._stuck.is_alive()

    def call(self, fn: Callable[[], T], label: str = "read") -> T:
        """``fn()``'s result, or its exception, within :attr:`timeout_s`.

        Raises:
            CameraStalled: ``fn`` did not return in time, or an earlier
                stalled call is still running.
            Exception: whatever ``fn`` raised.
        """
        if self.stuck:
            raise CameraStalled(f"{self.what}: an earlier {label} has not returned yet (the driver is stuck)")
        box: dict[str, Any] = {}

        def work() -> None:
            try:
                box["value"] = fn()
            except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
                box["error"] = exc

        worker = threading.Thread(target=work, name=f"camera {label}", daemon=True)
        worker.start()
        worker.join(self.timeout_s)
        if worker.is_alive():
            self._stuck = worker
            self.stalls += 1
            log.warning("%s: %s did not return in %.1f s; the camera is closed and reopened",
                        self.what, label, self.timeout_s)
            raise CameraStalled(f"{self.what}: no frame in {self.timeout_s:.1f} s (the capture stalled)")
        if "error" in box:
            raise box["error"]
        return box["value"]


def focus_controls(camera_controls: Mapping[str, Any] | None, dioptres: float) -> dict[str, Any]:
    """The controls that put a focusable lens at ``dioptres``.

    Args:
        camera_controls: ``Picamera2.camera_controls`` (control name ->
            ``(min, max, default)``); None or without ``AfMode`` /
            ``LensPosition``: a fixed-focus camera.
        dioptres: config ``camera.lens_position``: 1 / distance in metres
            (0 = infinity); negative = leave the camera's own autofocus.

    Returns:
        ``{"AfMode": 0 (manual), "LensPosition": d}`` with ``d`` clamped to
        the lens's range, or ``{}`` (fixed focus, or autofocus kept).
    """
    if dioptres < 0 or not camera_controls:
        return {}
    if "AfMode" not in camera_controls or "LensPosition" not in camera_controls:
        return {}
    lo, hi = 0.0, float("inf")
    limits = camera_controls["LensPosition"]
    if isinstance(limits, (tuple, list)) and len(limits) >= 2:
        lo = float(limits[0]) if limits[0] is not None else lo
        hi = float(limits[1]) if limits[1] is not None else hi
    return {"AfMode": AF_MODE_MANUAL, "LensPosition": min(max(float(dioptres), lo), hi)}


def describe_focus(controls: Mapping[str, Any] | None, dioptres: float) -> str:
    """One line for ``cabinet hardware check``: the lens position set, or
    why none was (fixed focus, autofocus kept)."""
    if controls:
        d = controls["LensPosition"]
        where = "infinity" if d == 0 else f"{1000 / d:.0f} mm"
        return f"lens at {d:.2f} dioptres (focused at {where}; AfMode manual)"
    if dioptres < 0:
        return "autofocus left to the camera (camera.lens_position < 0)"
    return "fixed-focus lens (no AfMode/LensPosition controls): nothing to set"

"""One clock for everything that reaches an engine (issue 39).

Button edges, bot inputs and engine ticks are stamped on the cabinet's
clock: the edge source's timeline plus the runtime's offset
(:attr:`firmware.runtime.runner.Runtime.offset_us`), in integer us.  A camera
stamps its frames on its own clock (a real one: time since the machine
booted, ``SensorTimestamp`` or CLOCK_MONOTONIC), which can be days ahead
of the cabinet's.  :class:`CameraClock` converts a frame's stamp to the
cabinet's clock by reading both clocks at the moment the frame is taken:
``t_cabinet = t_frame - camera_now + cabinet_now``.  Camera stamps are
converted on this one path, never compared with edge stamps directly.
"""
from __future__ import annotations

from typing import Callable

#: The simulated camera's clock runs this far ahead of the cabinet's (a
#: machine up for 3 days when the cabinet started), so the simulator
#: converts its frames' stamps exactly as a real camera's, us.
SIM_CAMERA_UPTIME_US = 3 * 24 * 3600 * 1_000_000


class CameraClock:
    """Converts a camera's frame stamps (its own clock, us) to the
    cabinet's clock (us).

    Args:
        camera_now: reads the camera's clock now, integer us (the source's
            ``now_us``).

    A converted stamp is never later than the cabinet's time when the
    frame was taken, and strictly increases from frame to frame (a frame
    taken later never sorts before an earlier one through the jitter of
    reading two clocks).
    """

    def __init__(self, camera_now: Callable[[], int]):
        self.camera_now = camera_now
        self.last_us: int | None = None
        #: cabinet minus camera clock at the last conversion, us
        self.offset_us: int | None = None

    def to_cabinet(self, frame_t_us: int, cabinet_now_us: int) -> int:
        """The cabinet-clock stamp of a frame stamped ``frame_t_us`` on the
        camera's clock, read just now (``cabinet_now_us`` is the cabinet's
        time now), integer us."""
        offset = int(cabinet_now_us) - int(self.camera_now())
        self.offset_us = offset
        t = min(int(frame_t_us) + offset, int(cabinet_now_us))
        if self.last_us is not None and t <= self.last_us:
            t = self.last_us + 1
        self.last_us = t
        return t

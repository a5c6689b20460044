"""The dice station's camera part: take the newest frame and read the dice
in the trays being served (issue 36: the grab in the loop, the look
possibly beside it, :mod:`firmware.runtime.dice_beside`).

Camera faults never end a game (issue 23): a frame that fails is "camera
not ready" and the game waits; a blank frame (the light off) is skipped and,
when such frames keep coming, the waiting seats are told why.

:class:`CameraReads` is mixed into :class:`firmware.runtime.dice_station.DiceStation`;
it uses the station's camera state set up there (``table``, ``camera``,
``zones``, ``looks``, ``camera_clock``, ``stats``, ``serving``, ``held``,
``entries``).
"""
from __future__ import annotations

import logging
from typing import Any

import cv2
import numpy as np

from hardware.camera import NoFreshFrame, as_bgr
from vision.multilook import MultiLook

from firmware.runtime.clocks import SIM_CAMERA_UPTIME_US
from firmware.runtime.dice_table import COMMON

log = logging.getLogger("cabinet.dice")

#: Camera frame period while dice are awaited (simulation), us.
FRAME_US = 200_000
#: (n, m): n blank frames among the last m tell the waiting seats why
#: their dice are not read.
BLANK_OF_RECENT = (2, 10)
#: What a waiting seat's OLED says then.
BLANK_PROMPT = "camera sees black: check its light"


class CameraReads:
    """Frames to readings, each pass (:meth:`_camera_pass`): :meth:`_grab`
    (in the loop), :meth:`_look` (in the loop or beside it), :meth:`_read`
    (both, the pass's own reading)."""

    def _camera_pass(self, runtime: Any, t_us: int, answers: list) -> None:
        """The camera's part of a pass at ``t_us``: the readings that came
        back from beside the loop (issue 36) are taken; then, if a served
        tray still waits for its dice and a frame is due, a frame is taken
        and read (beside the loop: handed to the reader when it is free).
        Answers join ``answers`` (:meth:`_on_reading`)."""
        self._runtime_prompts = runtime.prompts
        if self.beside is not None:         # readings of frames taken on earlier passes (issue 36)
            for readings in self.beside.take():
                if readings is not None:
                    self._on_reading(runtime, readings, answers)
        if not any(k not in self.held and k not in self.entries for k in self.serving):
            return
        if self.watch is not None:
            self._watch_pass(runtime, t_us, answers)
            return
        if self.next_frame_us is not None and t_us < self.next_frame_us:
            return
        if self.beside is not None:
            if self.beside.busy:            # one frame at a time: the newest is taken when the reader is free
                return
            grab = self._grab(t_us, getattr(runtime, "clock_us", None))
            self.next_frame_us = t_us + self.frame_us
            if grab is not None:
                self.beside.submit(grab)
            return
        readings = self._read(t_us, getattr(runtime, "clock_us", None))
        self.next_frame_us = t_us + FRAME_US
        if readings is not None:
            self._on_reading(runtime, readings, answers)

    def _watch_pass(self, runtime: Any, t_us: int, answers: list) -> None:
        """A camera with frames of its own, the reader beside the loop
        (issue 36): every fresh frame is looked at for motion in the served
        trays (:class:`vision.still.StillWatch`, cheap); a tray still for
        the settle time with a reading of a frame of its still run is at
        rest (:meth:`_settled`, stamped with the newest still frame); the
        newest frame of the trays still and not yet answered goes to the
        reader whenever it is free.  Answers join ``answers``."""
        grab = self._grab(t_us, getattr(runtime, "clock_us", None))
        if grab is None:
            return
        frame_t, pixels, keys = grab
        for key in keys:
            self.watch.frame(key, frame_t, self._roi(pixels, key))
        for key in keys:
            got = self.watch.settled(key)
            if got is not None and key in self.serving and key not in self.held and key not in self.entries:
                self._settled(runtime, key, got[1], got[0], answers)
        want = [k for k in keys if self.watch.wants_reading(k)
                and k in self.serving and k not in self.held and k not in self.entries]
        if want and not self.beside.busy:
            if isinstance(pixels, dict):
                pixels = {k: pixels[k] for k in want}
            self.beside.submit((frame_t, pixels, want))

    def _roi(self, pixels: Any, key: int) -> np.ndarray:
        """Tray ``key``'s ROI of a grabbed frame: the simulated table's crop,
        or the bounding box of its zone in the camera's whole frame."""
        if isinstance(pixels, dict):
            return pixels[key]
        zone = self.seats if key == COMMON else key
        poly = next((p for s, p in self.zones.trays if s == zone), None)
        if poly is None:
            return pixels
        x, y, w, h = cv2.boundingRect(poly.astype(np.int32))
        roi = pixels[max(0, y):y + h, max(0, x):x + w]
        return roi if roi.size else pixels

    def _blank(self, frame: np.ndarray) -> bool:
        """True for a frame with nothing in it (black or one flat colour:
        a camera glitch, the light off).  It is no reading: the dice did
        not move because of it, so it is skipped, never fed to the settle
        trackers.  When such frames keep coming (:data:`BLANK_OF_RECENT`
        of the last frames), every seat waiting for its dice is told why."""
        blank = int(frame.max()) - int(frame.min()) < 24   # the reader's own "nothing to see"
        self._recent_blank.append(blank)
        if blank:
            self.blank_frames += 1
        if sum(self._recent_blank) >= BLANK_OF_RECENT[0]:
            if not self._blank_told:
                log.warning("the camera gives black or empty frames (%d of the last %d); check its light, lens "
                            "and cable", sum(self._recent_blank), len(self._recent_blank))
            self._blank_told = True
            for key in self.serving:
                if key not in self.held and key not in self.entries:
                    self._runtime_prompts[key if key != COMMON else 0] = BLANK_PROMPT
        elif self._blank_told and not any(self._recent_blank):
            self._blank_told = False
            for seat in [s for s, m in self._runtime_prompts.items() if m == BLANK_PROMPT]:
                del self._runtime_prompts[seat]
        return blank

    def _read(self, t_us: int, clock_us: Any = None) -> tuple[int, dict[int, list]] | None:
        """Read the trays being served: ``(frame time us, {tray key: dice})``,
        or None when the camera has no fresh frame.  The frame time is on
        the cabinet's clock (``clock_us()`` reads it now; else ``t_us``).
        The pass's own reading: :meth:`_grab`, then :meth:`_look`."""
        grab = self._grab(t_us, clock_us)
        return None if grab is None else self._look(grab)

    def _grab(self, t_us: int, clock_us: Any = None) -> tuple[int, Any, list[int]] | None:
        """Take the newest frame (never waits): ``(frame time us on the
        cabinet's clock, pixels, tray keys to read)``, the pixels a
        ``{tray key: crop}`` of the simulated table or the camera's whole
        frame; None when there is no fresh frame (or it is blank).  A
        snapshot: what :meth:`_look` needs, apart from the live state."""
        self._cabinet_now = t_us
        keys = [key for key in self.serving if key not in self.held and key not in self.entries]
        if self.table is not None and self.camera is None:
            self.stats.frames += 1
            # the simulated camera stamps the frame on its own clock; the
            # stamp is converted to the cabinet's clock as a real one's is
            t_us = self.camera_clock.to_cabinet(t_us + SIM_CAMERA_UPTIME_US, t_us)
            # watching every frame for motion (issue 36), the camera's noise is added beside the loop
            # to the frames read (:meth:`_look`), not to every frame the loop looks at
            noise = self.watch is None
            return t_us, {key: self.table.cell_frame(key, t_us, noise=noise) for key in keys}, keys
        # Every camera failure is "camera not ready" (issue 23): the
        # supervisor closes the camera and reopens it with back-off, the
        # screen shows the notice, and the game waits; never an exit.
        try:
            got = self.camera.read(self.last_camera_us + 1) if self.camera is not None else None
            if got is not None:
                frame, camera_t = as_bgr(got[0]), int(got[1])
        except NoFreshFrame:
            got = None            # the camera is fine, the frame is not new yet
        except Exception as exc:  # noqa: BLE001 - CameraNotReady, OSError, TimeoutError, a bad frame...
            got = None
            self.camera_faults += 1
            if self.camera_ready:   # one prefix: the supervisor's message already starts with it
                why = str(exc) or type(exc).__name__
                log.warning("%s; the game waits", why if why.startswith("camera not ready") else
                            f"camera not ready: {why}")
            self.camera_ready = False
            return None
        if got is None:
            self.camera_ready = bool(self.camera is not None and getattr(self.camera, "ready", True))
            return None
        if not self.camera_ready:
            log.info("camera ready again")
        self.camera_ready = True
        if camera_t <= self.last_camera_us:
            return None
        self.last_camera_us = camera_t
        # the frame's stamp is on the camera's clock (time since boot):
        # converted to the cabinet's clock, never mixed with edge stamps
        self._cabinet_now = max(t_us, int(clock_us())) if clock_us is not None else t_us
        frame_t = self.camera_clock.to_cabinet(camera_t, self._cabinet_now)
        self.last_frame_us = frame_t
        self.stats.frames += 1
        if self._blank(frame):
            return None
        return frame_t, frame, keys

    def _look(self, grab: tuple[int, Any, list[int]]) -> tuple[int, dict[int, list]] | None:
        """Read a grabbed frame (:meth:`_grab`): ``(frame time us, {tray
        key: dice})``, or None when the reader refuses the frame.  Touches
        only the looks (:attr:`looks`), so it may run beside the loop."""
        frame_t, pixels, keys = grab
        if isinstance(pixels, dict):
            if self.watch is not None and self.table is not None and self.camera is None:
                pixels = {key: self.table.camera_noise(crop) for key, crop in pixels.items()}
            return frame_t, {key: self.looks.setdefault(key, MultiLook(self.reader)).read(crop, self.white_balance)
                             for key, crop in pixels.items()}
        try:
            dice = self.looks.setdefault(None, MultiLook(self.reader)).read(pixels, self.white_balance)
        except Exception as exc:  # noqa: BLE001 - a frame the reader cannot take is not a reading
            self.camera_faults += 1
            log.warning("dice reader refused a frame (%s); the game waits", exc)
            return None
        assignment = self.zones.assign(dice)
        return frame_t, {key: assignment.by_seat.get(self.seats if key == COMMON else key, []) for key in keys}

"""Dice at rest, judged from every camera frame (issue 36: dice at rest to
the engine within the settle time + 150 ms).

:class:`vision.tracker.AtRestTracker` judges rest from *readings*: a tray
is at rest once its reading has not changed for ``settle_ms``.  A reading
costs a reader's pass over the tray (~12 ms a tray here, ~55 ms on a Pi 4),
so readings come a few times a second and rest is seen late: the first
reading of the dice at rest comes up to a reading's time after they stop,
and the settle is seen only at a reading ``settle_ms`` after that one.

:class:`StillWatch` judges rest from the frames themselves, which cost
almost nothing to compare: each tray's ROI is shrunk to a 32 x 32 grey
thumbnail, its mean taken out and its contrast scaled to 1 (so the
camera's flicker and sensor noise stay small), and compared with the
thumbnail of the first frame of the tray's still run.  A mean absolute
difference over :data:`MOVED` starts a new run: the dice (or a hand) moved.
On the simulated table (sensor noise, sub-pixel jitter, flicker) still
frames differ from their run's first by at most 0.14, tumbling dice by at
least 0.37.

Rest is then: the tray still for ``settle_ms`` since its run's first frame,
and a reading taken of a frame of that run (the dice did not move since
that frame, so its reading stands).  A reading whose dice moved against
the run's earlier reading (as many dice, one shifted more than half its side, or
``tol_px``: a die slid without a hand over the tray) starts the run again
at that frame; a smaller shift is the detector's jitter, and a reading
with another count is the reader missing a die in one frame, not motion.
A die turned over by hand, or rolled again, is motion: a hand over the
tray, dice tumbling.  Each still run is reported settled once.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.die import Die, VisionInputError

#: Thumbnail side, px.
THUMB_PX = 32
#: Mean absolute difference of normalised thumbnails over which a tray moved.
MOVED = 0.25
#: ... or this many thumbnail px each changed by more than :data:`MOVED_HERE`
#: (normalised grey): one die tumbling among dice lying still (a reroll of
#: one die, five kept) changes a small patch a lot and the mean little.
#: Measured on the simulated camera (drawn dice and the dev photos, 8
#: throws each): still frames under new sensor noise change no px by more
#: than 0.94; one die thrown among five kept, a median of 21-24 px by more
#: than 1.0 (the mean 0.07-0.08, under :data:`MOVED`).
MOVED_PX = 4
MOVED_HERE = 1.5
#: Between two readings of one still run a die's centre may wander this
#: share of its side (the detector's own jitter from frame to frame) and
#: still count as the same die at rest.
SHIFT_OF_SIDE = 0.5


def thumbnail(roi: np.ndarray, px: int = THUMB_PX) -> np.ndarray:
    """A tray's ROI (H x W x 3 uint8 BGR, or H x W grey) as a ``px`` x
    ``px`` float32 grey thumbnail with mean 0 and contrast (std) 1 (a flat
    ROI stays flat).  Raises :class:`VisionInputError` for an empty or
    non-image array."""
    if not isinstance(roi, np.ndarray) or roi.ndim not in (2, 3) or roi.shape[0] < 1 or roi.shape[1] < 1:
        raise VisionInputError(f"a tray ROI must be an H x W (x 3) image, got {getattr(roi, 'shape', roi)!r}")
    grey = cv2.cvtColor(roi, cv2.COLOR_BGR2GRAY) if roi.ndim == 3 else roi
    small = cv2.resize(grey, (px, px), interpolation=cv2.INTER_AREA).astype(np.float32)
    small -= small.mean()
    return small / max(float(small.std()), 1.0)


def moved(a: np.ndarray, b: np.ndarray) -> bool:
    """True when two :func:`thumbnail` s of a tray differ by motion: their
    mean absolute difference over :data:`MOVED`, or :data:`MOVED_PX` px
    changed by more than :data:`MOVED_HERE` (a die moving among still ones)."""
    d = np.abs(a - b)
    return float(d.mean()) > MOVED or int((d > MOVED_HERE).sum()) >= MOVED_PX


def _positions(dice: list[Die]) -> list[tuple[float, float]]:
    return sorted((float(d.center[0]), float(d.center[1])) for d in dice)


def _die_px(dice: list[Die]) -> float:
    """The dice's median side, px (0 for none)."""
    sides = sorted(max(d.box[2] - d.box[0], d.box[3] - d.box[1]) for d in dice)
    return float(sides[len(sides) // 2]) if sides else 0.0


def _moved(a: list[tuple[float, float]], b: list[tuple[float, float]], tol_px: float) -> bool:
    """True when the same number of dice lie at other places (a die
    shifted more than ``tol_px``).  A different count is the reader's, not
    the dice's: a die found in one frame and missed in the next."""
    if len(a) != len(b):
        return False
    left = list(b)
    for x, y in a:
        hit = next((i for i, (x2, y2) in enumerate(left) if (x - x2) ** 2 + (y - y2) ** 2 <= tol_px ** 2), None)
        if hit is None:
            return True
        left.pop(hit)
    return False


@dataclass
class _Run:
    """One tray's still run: its first frame's thumbnail and stamp, the
    newest reading of a frame of the run, whether it was reported."""

    thumb: np.ndarray
    since_us: int
    last_us: int
    reading: list[Die] | None = None
    reading_us: int = -1
    positions: list[tuple[float, float]] | None = None
    reported: bool = False


class StillWatch:
    """Per tray: is it still, since when, and is it at rest with a reading.

    Args:
        settle_ms: how long (ms) a tray stays still before its dice are at
            rest (config ``vision.settle_ms``); > 0.
        tol_px: how far (px, in the reading's frame) a die may shift
            between two readings of one run and still count as not moved,
            at least (:data:`SHIFT_OF_SIDE` of the die's side if more).

    Raises:
        VisionInputError: ``settle_ms`` not positive.
    """

    def __init__(self, settle_ms: int = 400, tol_px: float = 4.0) -> None:
        if isinstance(settle_ms, bool) or not isinstance(settle_ms, int) or settle_ms <= 0:
            raise VisionInputError(f"settle_ms must be a positive int, got {settle_ms!r}")
        self.settle_us = settle_ms * 1000
        self.tol_px = tol_px
        self._runs: dict[int, _Run] = {}

    def frame(self, key: int, t_us: int, roi: np.ndarray) -> bool:
        """Feed tray ``key``'s ROI of the frame captured at ``t_us`` (int us,
        not before the tray's previous frame).  Returns True when the tray
        is still (this frame belongs to the run begun earlier), False when
        it moved (a new run begins with this frame).  Raises
        :class:`VisionInputError` when time runs backwards."""
        run = self._runs.get(key)
        if run is not None and t_us < run.last_us:
            raise VisionInputError(f"frame time {t_us} us is before the tray's previous frame ({run.last_us} us)")
        thumb = thumbnail(roi)
        if run is None or moved(thumb, run.thumb):
            self._runs[key] = _Run(thumb, t_us, t_us)
            return False
        run.last_us = t_us
        return True

    def reading(self, key: int, t_us: int, dice: list[Die]) -> None:
        """Feed the reading of tray ``key`` taken from the frame captured at
        ``t_us``.  A reading of a frame before the run began is ignored (the
        dice moved since); one whose dice moved against the run's earlier
        reading (as many dice, one elsewhere) starts the run again at
        ``t_us``."""
        run = self._runs.get(key)
        if run is None or t_us < run.since_us or t_us < run.reading_us:
            return
        positions = _positions(dice)
        tol = max(self.tol_px, SHIFT_OF_SIDE * _die_px(dice))
        if run.positions is not None and _moved(run.positions, positions, tol):
            run.since_us, run.reported = t_us, False
        run.reading, run.reading_us, run.positions = list(dice), t_us, positions

    def settled(self, key: int) -> tuple[int, list[int | None]] | None:
        """``(t_us, values)`` once tray ``key`` has been still for
        ``settle_ms`` and a frame of its run was read: ``t_us`` the stamp of
        the newest still frame, ``values`` the reading's (row by row, top
        to bottom, None for a die unread).  Reported once per run; None
        otherwise."""
        run = self._runs.get(key)
        if run is None or run.reported or run.reading is None or run.last_us - run.since_us < self.settle_us:
            return None
        run.reported = True
        dice = sorted(run.reading, key=lambda d: (d.center[1], d.center[0]))
        return run.last_us, [d.value for d in dice]

    def wants_reading(self, key: int) -> bool:
        """True while tray ``key`` is still and its run not yet reported (a
        reading of its newest frame is worth taking)."""
        run = self._runs.get(key)
        return run is not None and not run.reported and run.last_us > run.since_us

    def forget(self, key: int) -> None:
        """Drop tray ``key``'s run (its request is over)."""
        self._runs.pop(key, None)

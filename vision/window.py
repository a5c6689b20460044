"""Where a found die's face window is cut and how: :func:`face_window`
(FACE_PX x FACE_PX, WINDOW_PER_SIZE die sizes wide), a camera's
:class:`WindowGeometry` (a cabinet's calibration) and :func:`die_window`.
Re-exported by :mod:`vision.netreader`."""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.die import VisionInputError

#: classifier window (px) and its width in die sizes
FACE_PX = 48
WINDOW_PER_SIZE = 1.25


def face_window(image: np.ndarray, x: float, y: float, size: float, angle: float = 0.0,
                mirror: bool = False) -> np.ndarray:
    """The classifier's input: a FACE_PX x FACE_PX x 3 uint8 BGR window of
    ``image`` centred on (x, y) px, WINDOW_PER_SIZE x ``size`` px wide,
    turned by ``angle`` degrees (and mirrored); outside the image the
    border is replicated.  Large windows are first shrunk with area
    averaging, so no pip is lost to aliasing."""
    return face_windows(image, size, [(x, y, angle, mirror)])[0]


def face_windows(image: np.ndarray, size: float, cuts: list[tuple[float, float, float, bool]]) -> list[np.ndarray]:
    """:func:`face_window` of each of ``cuts`` ((x, y) px, angle degrees,
    mirror) of ``image``, all ``size`` px dice: the first exactly as
    :func:`face_window` cuts it; each other cut that the first one's
    region of ``image`` (its turn's margin) holds is cut from that region
    as shrunk for the first (one area shrink a die, the slowest step, for
    its windows), any other as :func:`face_window` cuts it alone."""
    win = WINDOW_PER_SIZE * max(size, 4.0)
    scale = FACE_PX / win
    H, W = image.shape[:2]
    x, y = cuts[0][:2]
    r = int(math.ceil(0.75 * win)) + 2
    x0, y0 = int(x) - r, int(y) - r
    box = (max(0, x0), max(0, y0), min(W, x0 + 2 * r), min(H, y0 + 2 * r))
    src = image[box[1]:box[3], box[0]:box[2]]
    if src.size == 0:
        src = np.zeros((2, 2, 3), np.uint8)
        box = (x, y, x, y)
    fx = fy = 1.0
    if scale < 0.6:
        pre = 1.5 * scale
        h0, w0 = src.shape[:2]
        src = cv2.resize(src, (max(1, round(w0 * pre)), max(1, round(h0 * pre))), interpolation=cv2.INTER_AREA)
        fx, fy = src.shape[1] / w0, src.shape[0] / h0
        scale /= pre
    out = []
    for k, (cx, cy, angle, mirror) in enumerate(cuts):
        # px from the centre the warp reads: half the window (its diagonal's half at other turns), and 2 for bilinear
        reach = (0.5 if angle % 90 == 0 else 0.75) * win + 2
        inside = (k == 0 or ((box[0] <= cx - reach or box[0] == 0) and (box[1] <= cy - reach or box[1] == 0)
                             and (cx + reach <= box[2] or box[2] == W) and (cy + reach <= box[3] or box[3] == H)))
        out.append(_warp(src, (cx - box[0]) * fx, (cy - box[1]) * fy, scale, angle, mirror) if inside
                   else face_window(image, cx, cy, size, angle, mirror))
    return out


def _warp(src: np.ndarray, ox: float, oy: float, scale: float, angle: float, mirror: bool) -> np.ndarray:
    """The FACE_PX window of ``src`` centred on (ox, oy) px, scaled, turned and mirrored."""
    M = cv2.getRotationMatrix2D((ox, oy), angle, scale)
    M[0, 2] += FACE_PX / 2 - ox
    M[1, 2] += FACE_PX / 2 - oy
    if mirror:  # mirror about the window's vertical axis, after the turn: x' = FACE_PX - 1 - x
        M[0] = -M[0]
        M[0, 2] += FACE_PX - 1
    return cv2.warpAffine(src, M, (FACE_PX, FACE_PX), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


@dataclass(frozen=True)
class WindowGeometry:
    """Where a found die's face window is cut (a cabinet's calibration,
    :mod:`vision.calibrate`).  A camera at a slant sees a die's top face and
    the sides facing it: the detector's centre and size are those of the
    whole silhouette, and the pips of a side face read with the top ones
    turn a 3 into a 5.  The top face lies *away* from the point under the
    camera; the window of a die found at (x, y) px, ``size`` px across, in
    a W x H frame is centred at

        x + size * (dx + radial * (x - W / 2) / D),  y + size * (dy + radial * (y - H / 2) / D)

    (D: half the frame's diagonal, px) and is ``scale`` times as wide as the
    shipped one.  ``dx``, ``dy``: a shift in die sizes (a camera looking at
    the dice from one side: its top faces lie up the frame, dy < 0);
    ``radial``: a shift outward from the frame's centre, in die sizes at
    its corners (a wide-angle camera above the middle of the table).  The
    default is the shipped window (1, 0, 0, 0).  Raises
    :class:`VisionInputError` for a value that is not a finite number or
    outside :data:`WINDOW_LIMITS`."""

    scale: float = 1.0
    dx: float = 0.0
    dy: float = 0.0
    radial: float = 0.0

    def __post_init__(self) -> None:
        for name, (lo, hi) in WINDOW_LIMITS.items():
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not lo <= v <= hi:
                raise VisionInputError(f"window {name} must be a number from {lo} to {hi}, got {v!r}")

    def as_list(self) -> list[float]:
        """[scale, dx, dy, radial] (JSON)."""
        return [self.scale, self.dx, self.dy, self.radial]

    def centre(self, x: float, y: float, size: float, width: int, height: int) -> tuple[float, float, float]:
        """(x, y, size) px of the window of a die found at (x, y), ``size``
        px across, in a ``width`` x ``height`` frame."""
        d = max(1.0, 0.5 * math.hypot(width, height))
        return (x + size * (self.dx + self.radial * (x - width / 2) / d),
                y + size * (self.dy + self.radial * (y - height / 2) / d), size * self.scale)


#: the range of each field of a :class:`WindowGeometry` (a die's own size units)
WINDOW_LIMITS = {"scale": (0.7, 1.3), "dx": (-0.3, 0.3), "dy": (-0.3, 0.3), "radial": (-0.3, 0.3)}
#: the shipped window: centred on the found die, WINDOW_PER_SIZE sizes wide
SHIPPED_WINDOW = WindowGeometry()


def die_windows(frame: np.ndarray, cand, cuts: list[tuple[float, bool, WindowGeometry]]) -> list[np.ndarray]:
    """:func:`die_window` of ``cand`` in ``frame`` for each of ``cuts``
    ((angle degrees, mirror, geometry)), each window's size that of the
    first cut's geometry; the windows made from one area shrink of the
    frame around the die where it holds them (:func:`face_windows`)."""
    H, W = frame.shape[:2]
    at = [g.centre(cand.x, cand.y, cand.size, W, H) for _, _, g in cuts]
    if any(c[2] != at[0][2] for c in at):
        return [die_window(frame, cand, a, m, g) for a, m, g in cuts]
    return face_windows(frame, at[0][2], [(x, y, a, m) for (x, y, _), (a, m, _) in zip(at, cuts)])


def die_window(frame: np.ndarray, cand, angle: float = 0.0, mirror: bool = False,
               geometry: WindowGeometry = SHIPPED_WINDOW) -> np.ndarray:
    """The face window (FACE_PX x FACE_PX x 3 uint8 BGR, :func:`face_window`)
    of a found die ``cand`` (a :class:`vision.netreader.Candidate`) in
    ``frame`` (H x W x 3 uint8 BGR), cut where ``geometry`` (a reader's,
    :attr:`vision.reader.DiceReader.window`) puts its top face, turned by
    ``angle`` degrees (and mirrored)."""
    x, y, size = geometry.centre(cand.x, cand.y, cand.size, frame.shape[1], frame.shape[0])
    return face_window(frame, x, y, size, angle, mirror)

"""Foreground segmentation and die-centre candidates (see
:mod:`vision.reader` for the method)."""
from __future__ import annotations

import cv2
import numpy as np

#: smallest die side (px) the reader looks for
MIN_DIE_PX = 16
_SMALL = 160  # background estimate is made at this size (px, longer side)
L_WEIGHT = 0.25  # lightness counts less than chroma (shadows change L)
FLOOR = 14.0  # smallest foreground colour difference, Lab units
NOISE_K = 5.0  # threshold in multiples of the median difference (noise)
WORK_PX = 800  # frames larger than this (px, longer side) are segmented at this size
WORK_SCALE = 1.0  # foreground is found at this scale of frames >= 480 px (0.5: faster, ~1 % less recall)
SUPPRESS = 1.4  # a weaker peak within this many half-sides of a stronger one is the same die


def background_lab(frame: np.ndarray) -> np.ndarray:
    """The empty-table estimate in Lab (uint8, frame size): median filter,
    kernel ~1/5 of the frame, computed at 160 px and scaled back."""
    h, w = frame.shape[:2]
    scale = _SMALL / max(h, w)
    small = cv2.resize(frame, (max(8, round(w * scale)), max(8, round(h * scale))), interpolation=cv2.INTER_AREA)
    k = 2 * (_SMALL // 10) + 1
    bg = cv2.cvtColor(cv2.medianBlur(small, k), cv2.COLOR_BGR2LAB)
    return cv2.resize(bg, (w, h), interpolation=cv2.INTER_LINEAR)


def foreground(frame: np.ndarray) -> np.ndarray:
    """Binary mask (uint8 0/255) of pixels that are not table, die-sized
    holes filled.  The threshold on the Lab difference from the table (L
    weighted by ``L_WEIGHT``) is ``NOISE_K`` times the frame's median
    difference, at least ``FLOOR``."""
    lab = cv2.cvtColor(frame, cv2.COLOR_BGR2LAB)
    d = cv2.absdiff(lab, background_lab(frame))
    d2 = cv2.transform(cv2.multiply(d, d, dtype=cv2.CV_32F).reshape(-1, 1, 3),
                       np.array([[L_WEIGHT, 1.0, 1.0]], np.float32)).reshape(d.shape[:2])
    noise2 = float(np.median(d2[::4, ::4]))
    t = max(FLOOR, NOISE_K * noise2 ** 0.5)
    mask = (d2 > t * t).astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 255, thickness=cv2.FILLED)
    # fill only die-sized holes (pips, a pale body inside its outline), not
    # the inside of a tray rim
    holes = cv2.subtract(filled, mask)
    n, labels = cv2.connectedComponents(holes, connectivity=4)
    area = np.bincount(labels.ravel(), minlength=n)  # (without stats: ~2 ms less at 640 x 640)
    max_hole = (max(mask.shape) / 8.0) ** 2
    keep = np.zeros(n, np.uint8)
    keep[1:] = (area[1:] <= max_hole).astype(np.uint8) * 255
    return cv2.bitwise_or(mask, keep[labels])


def die_candidates(frame: np.ndarray) -> list[tuple[float, float, float, bool]]:
    """Die-centre candidates ``(x, y, half_side_px, compact)`` in frame px:
    :func:`foreground` and :func:`die_peaks` on a copy scaled to at most
    ``WORK_PX`` on its longer side (times ``WORK_SCALE``), where dice must be
    ``MIN_DIE_PX`` or more."""
    ws = min(1.0, WORK_PX / max(frame.shape[:2])) * (WORK_SCALE if max(frame.shape[:2]) >= 480 else 1.0)
    small = frame if ws == 1.0 else cv2.resize(frame, None, fx=ws, fy=ws, interpolation=cv2.INTER_AREA)
    peaks = die_peaks(foreground(small), MIN_DIE_PX * min(1.0, ws / min(1.0, WORK_PX / max(frame.shape[:2]))))
    return [((x + 0.5) / ws - 0.5, (y + 0.5) / ws - 0.5, r / ws, c) for x, y, r, c in peaks]


def die_peaks(mask: np.ndarray, min_die_px: float = MIN_DIE_PX) -> list[tuple[float, float, float, bool]]:
    """Die-centre candidates ``(x, y, half_side_px, compact)`` from the
    distance-transform peaks of ``mask``; ``compact`` is true when the peak's
    blob is one die-sized square-ish blob (then an unreadable die there is
    still reported)."""
    dt = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    rmin = min_die_px / 2
    k = max(3, int(min_die_px) // 2 * 2 + 1)
    peaks = (dt >= cv2.dilate(dt, np.ones((k, k), np.uint8))) & (dt >= rmin)
    ys, xs = np.nonzero(peaks)
    order = np.argsort(-dt[ys, xs])
    # (Grana's algorithm: the same components and stats, ~2 ms less than the default on one core)
    n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(mask, 8, cv2.CV_32S, cv2.CCL_GRANA)
    taken = np.zeros(mask.shape, np.uint8)
    chosen: list[tuple[float, float, float, bool]] = []
    for i in order:
        yi, xi = int(ys[i]), int(xs[i])
        if taken[yi, xi]:
            continue  # within 1.4 half-sides of a stronger peak (the same die)
        r = float(dt[yi, xi])
        cv2.circle(taken, (xi, yi), int(SUPPRESS * r), 1, -1)
        _, _, bw, bh, area = stats[labels[yi, xi]]
        side = 2 * r
        compact = max(bw, bh) <= 1.9 * side and area <= 2.6 * side * side
        chosen.append((float(xi), float(yi), r, bool(compact)))
    # peaks on long structures (tray walls) much thinner than the dice seen
    # as separate blobs are not dice
    sizes = sorted(r for _, _, r, c in chosen if c)
    if sizes:
        typical = sizes[len(sizes) // 2]
        chosen = [p for p in chosen if p[3] or 0.65 * typical <= p[2] <= 1.6 * typical]
    return chosen

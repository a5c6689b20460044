"""Reading a die from its pips alone (no face outline needed).

Pip-like dots (:func:`pip_dots`: round dark or light blobs of pip size for
the frame's typical die) are found once for the whole frame.  Around a seed
point (an unreadable die, a peak on a wall, a group of dots) the dots of one
polarity within reach of a die face are fitted to the six standard layouts
by :func:`vision.layout.best_layout` (same grid fit, same refusal when a
left-out dot as large as the pips lies on the face).  Dice touching a wall
or each other are read this way even when their body region leaks into the
neighbour, because the pips' fixed geometry, not the outline, decides.

A reading is refused (CAB-5: unreadable, never guessed) unless it has at
least ``MIN_PIPS`` pips, every same-polarity dot on the face is one of them,
and no opposite-polarity dot of pip size sits on the face either.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from vision.layout import best_layout, fit

#: fewest pips a pips-only reading needs (a lone dot may be a glint; two dots
#: may be the visible half of a 4 or 6 whose other pips have low grey contrast)
MIN_PIPS = 3
#: dots within this many die sides of the seed are considered
REACH = 0.75
#: no other pip-size dot may lie within this many die sides of the face centre
CLEAR = 0.425


#: pip-like dots: area range in (0.09 die sides)^2 pi, least circularity, and
#: the detector's first threshold and threshold step (grey levels)
DOT_AREA = (0.4, 3.0)
DOT_CIRC = 0.6
DOT_THRESH = (50.0, 10.0)


def pip_dots(frame: np.ndarray, side: float, red: bool = False) -> list[tuple[float, float, float, int]]:
    """Round dots ``(x, y, diameter, polarity)`` (px; polarity 0 = dark
    dot, 1 = light dot) of pip size for dice of ``side`` px.  ``red``:
    instead, light dots of the red channel (polarity 2: red, yellow or
    white pips on black, blue or green bodies, whose grey contrast is
    weak)."""
    gray = frame[..., 2].copy() if red else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    p = cv2.SimpleBlobDetector_Params()
    p.filterByArea = True
    rp = 0.09 * side
    p.minArea, p.maxArea = max(4.0, DOT_AREA[0] * math.pi * rp * rp), DOT_AREA[1] * math.pi * rp * rp
    p.filterByCircularity, p.minCircularity = True, DOT_CIRC
    p.filterByInertia, p.minInertiaRatio = True, 0.4
    p.minThreshold, p.thresholdStep = DOT_THRESH
    p.filterByConvexity = False
    p.minDistBetweenBlobs = 1.5 * rp
    pts = []
    for pol, colour in (((2, 255),) if red else ((0, 0), (1, 255))):
        p.filterByColor, p.blobColor = True, colour
        pts += [(k.pt[0], k.pt[1], k.size, pol) for k in cv2.SimpleBlobDetector_create(p).detect(gray)]
    return pts


def pip_response(frame: np.ndarray, side: float, red: bool = False) -> np.ndarray:
    """Difference of Gaussians of the grey frame (``red``: of the red
    channel) at the pip scale for dice of ``side`` px (float32, frame
    size): positive on light dots, negative on dark ones."""
    gray = (frame[..., 2] if red else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)).astype(np.float32)
    rp = max(1.0, 0.09 * side)
    return cv2.GaussianBlur(gray, (0, 0), 0.6 * rp) - cv2.GaussianBlur(gray, (0, 0), 1.8 * rp)


def _gauss_kernel(sigma: float) -> np.ndarray:
    """The 1-D kernel cv2.GaussianBlur uses for a float image (ksize 0)."""
    k = int(round(sigma * 4 * 2 + 1)) | 1
    return cv2.getGaussianKernel(k, sigma, cv2.CV_32F).ravel().astype(np.float64)


class PipResponse:
    """:func:`pip_response` evaluated only at the points asked for (the
    empty-cell, ghost and ring checks read a few hundred points per frame;
    blurring the whole frame twice at sigma ~10 px costs more).  Indexing
    like the array: ``r[yi, xi]`` with ints or int arrays; ``.shape``.
    Values agree with :func:`pip_response` to float rounding."""

    def __init__(self, frame: np.ndarray, side: float, red: bool = False):
        gray = frame[..., 2] if red else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        rp = max(1.0, 0.09 * side)
        self._g1, self._g2 = _gauss_kernel(0.6 * rp), _gauss_kernel(1.8 * rp)
        self._h2 = len(self._g2) // 2
        self._h1 = len(self._g1) // 2
        h = self._h2
        self._pad = cv2.copyMakeBorder(gray, h, h, h, h, cv2.BORDER_REFLECT_101)
        self.shape = gray.shape
        self._cache: dict[tuple[int, int], float] = {}

    def _at(self, y: int, x: int) -> float:
        v = self._cache.get((y, x))
        if v is None:
            h2, h1, o = self._h2, self._h1, self._h2
            p2 = self._pad[y:y + 2 * h2 + 1, x:x + 2 * h2 + 1].astype(np.float64)
            p1 = p2[o - h1:o + h1 + 1, o - h1:o + h1 + 1]
            v = float(self._g1 @ p1 @ self._g1 - self._g2 @ p2 @ self._g2)
            self._cache[(y, x)] = v
        return v

    def __getitem__(self, idx):
        y, x = idx
        H, W = self.shape
        if np.ndim(y) == 0:
            return self._at(int(y) % H, int(x) % W)
        return np.array([self._at(int(a) % H, int(b) % W) for a, b in zip(np.ravel(y), np.ravel(x))])


#: an empty grid point must respond less than this share of the weakest pip
EMPTY_RATIO = 0.35


def grid_check(resp: np.ndarray, pips: list[tuple[float, float]], polarity: int) -> bool:
    """True when the face's 3 x 3 grid (fitted to ``pips``) has a clear pip
    response at every pip and a clearly weaker one at every other grid
    point of the face (a 4 whose two pips the dot detector missed is not
    read as a 2).  See :func:`grid_margin`."""
    return grid_margin(resp, pips, polarity) >= 0.0


def grid_margin(resp: np.ndarray, pips: list[tuple[float, float]], polarity: int) -> float:
    """How clearly the grid check passes, 0..1 (1: every empty grid point
    responds with nothing; 0: the strongest is at ``EMPTY_RATIO`` of the
    weakest pip), or -1 when it fails (see :func:`grid_check`)."""
    f = fit(pips)
    if f is None or len(pips) < 2:
        return -1.0
    _, a, cx, cy, th = f
    sign = -1.0 if polarity == 0 else 1.0
    H, W = resp.shape
    c, s = math.cos(th), math.sin(th)

    def at(x: float, y: float) -> float:
        xi, yi = int(round(x)), int(round(y))
        if not (0 <= xi < W and 0 <= yi < H):
            return 0.0
        return sign * float(resp[yi, xi])
    on = []
    cells = set()
    for x, y in pips:
        u, v = x - cx, y - cy
        cells.add((round((c * u + s * v) / a), round((-s * u + c * v) / a)))
        on.append(at(x, y))
    weakest = min(on)
    if weakest <= 0:
        return -1.0
    worst = 0.0
    for gu in (-1, 0, 1):
        for gv in (-1, 0, 1):
            if (gu, gv) in cells:
                continue
            x = cx + a * (c * gu - s * gv)
            y = cy + a * (s * gu + c * gv)
            worst = max(worst, at(x, y))
            if worst >= EMPTY_RATIO * weakest:
                return -1.0
    # the pips may be part of a six: a diagonal 2 or 3 one of its columns
    # (the other column 2 steps out on both axes: all three of its pips),
    # a 4 two of its rows (the third row 3 steps out: both its pips); clear
    # dots at all of a ghost row's points refuse (one alone may be the
    # table beyond the die's edge)
    flip = len(pips) in (2, 3) and ((1, 1) not in cells)  # the other diagonal
    for pair in _GHOSTS.get(len(pips), ()):
        if flip:
            pair = tuple((gu, -gv) for gu, gv in pair)
        if all(at(cx + a * (c * gu - s * gv), cy + a * (s * gu + c * gv)) >= GHOST_RATIO * weakest
               for gu, gv in pair):
            return -1.0
    return max(0.0, 1.0 - worst / (EMPTY_RATIO * weakest))


#: a ghost pip (see :func:`grid_check`) this strong, relative to the weakest pip, refuses the reading
GHOST_RATIO = 0.6
_GHOSTS = {
    2: [((1, -3), (2, -2), (3, -1)), ((-1, 3), (-2, 2), (-3, 1))],
    3: [((1, -3), (2, -2), (3, -1)), ((-1, 3), (-2, 2), (-3, 1))],
    4: [((-1, 3), (1, 3)), ((-1, -3), (1, -3)), ((3, -1), (3, 1)), ((-3, -1), (-3, 1))],
}


def read_pips_at(dots: list[tuple[float, float, float, int]], cx: float, cy: float,
                 side: float, resp: np.ndarray | None = None, resp_red: np.ndarray | None = None) -> tuple[int, tuple[tuple[float, float], ...], float, float, float] | None:
    """The die face around (cx, cy) px read from ``dots`` alone, for dice
    of ``side`` px.  Returns ``(value, pips, centre_x, centre_y, confidence)``
    or ``None`` when no clear face is there (see the module docstring;
    confidence: :func:`confidence`).  ``resp``, ``resp_red``: the
    :func:`pip_response` of the grey frame and of the red channel (for
    polarity-2 dots)."""
    r2 = (REACH * side) ** 2
    near = [d for d in dots if (d[0] - cx) ** 2 + (d[1] - cy) ** 2 <= r2]
    if len(near) < MIN_PIPS:
        return None
    face_side = 0.85 * side
    best = None
    for pol in (0, 1, 2):
        cands = [(x, y, s) for x, y, s, q in near if q == pol]
        if len(cands) < MIN_PIPS:
            continue
        cands.sort(key=lambda c: (c[0] - cx) ** 2 + (c[1] - cy) ** 2)
        value, res, idx = best_layout(cands[:9], face_side, (cx, cy))
        if value is None or value < MIN_PIPS:
            continue
        pips = [cands[i] for i in idx]
        mx = sum(p[0] for p in pips) / len(pips)
        my = sum(p[1] for p in pips) / len(pips)
        # every dot (either polarity) of pip size on the face must be a pip
        # read: a dark dot on a light-pipped face is a pip we missed
        smin = min(p[2] for p in pips)
        lim = (CLEAR * side) ** 2
        if any((x - mx) ** 2 + (y - my) ** 2 <= lim and s >= 0.6 * smin and (q == 2) == (pol == 2) and
               not any(abs(x - p[0]) < 1e-6 and abs(y - p[1]) < 1e-6 for p in pips)
               for x, y, s, q in near):
            continue
        r = resp_red if pol == 2 else resp
        margin = grid_margin(r, [(p[0], p[1]) for p in pips], pol) if r is not None else (-1.0 if pol == 2 else 0.0)
        if margin < 0:
            continue
        if best is not None and best[0] != value:
            return None  # two kinds of dot give different faces: ambiguous
        if best is None:
            best = (value, tuple((p[0], p[1]) for p in pips), mx, my, confidence(res, margin))
    return best


#: a 1's pip lies within this many die sides of the die's centre
ONE_OFF = 0.2
#: ... and no other pip-size dot within this many die sides of it (a 2's other
#: pip is ~0.5 away on the dev set's dice, more on dice with widely spaced pips)
ONE_CLEAR = 0.8
#: grid step of a die face as a share of the die side (dev set, even images: median 0.18)
STEP = 0.18


def read_one_at(dots: list[tuple[float, float, float, int]], cx: float, cy: float, side: float,
                resp: np.ndarray) -> tuple[int, tuple[tuple[float, float], ...], float, float, float] | None:
    """A 1 at the die centre (cx, cy) px: the dot nearest the centre lies
    within ``ONE_OFF`` die sides of it, no other pip-size dot is on the face, and the
    pip response on two rings around it (one and sqrt(2) grid steps, where
    every other layout has pips) stays below ``EMPTY_RATIO`` of the pip's.
    Same return form as :func:`read_pips_at`; ``None`` when not clearly a 1."""
    near = [d for d in dots if (d[0] - cx) ** 2 + (d[1] - cy) ** 2 <= (ONE_OFF * side) ** 2]
    if not near:
        return None
    near = [d for d in near if d[3] < 2]  # grey dots only
    if not near:
        return None
    x, y, size, pol = min(near, key=lambda d: (d[0] - cx) ** 2 + (d[1] - cy) ** 2)
    lim = (ONE_CLEAR * side) ** 2
    if any((d[0] - x) ** 2 + (d[1] - y) ** 2 <= lim and d[2] >= 0.5 * size and (d[0], d[1]) != (x, y)
           and d[3] < 2 for d in dots):
        return None
    H, W = resp.shape
    sign = 1.0 if pol == 1 else -1.0
    pip = sign * float(resp[min(H - 1, int(round(y))), min(W - 1, int(round(x)))])
    if pip <= 0:
        return None
    a = STEP * side
    ang = np.arange(16) * (np.pi / 8)
    worst = 0.0
    for r in (a, a * math.sqrt(2)):
        xs = np.clip(np.round(x + r * np.cos(ang)).astype(int), 0, W - 1)
        ys = np.clip(np.round(y + r * np.sin(ang)).astype(int), 0, H - 1)
        worst = max(worst, float((sign * resp[ys, xs]).max()))
        if worst >= EMPTY_RATIO * pip:
            return None
    return 1, ((x, y),), x, y, confidence(0.0, max(0.0, 1.0 - worst / (EMPTY_RATIO * pip)))


def confidence(residual: float, margin: float) -> float:
    """Confidence 0.5..1 of a pips-only reading from its grid residual
    (grid steps, <= 0.32) and its empty-grid margin (0..1).  Readings that
    pass every check were right on 99 % of the dev set's even images where
    the face reader also read the die, hence the floor of 0.5."""
    return round((0.6 + 0.4 * margin) * (1.0 - 0.5 * residual), 3)

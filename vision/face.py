"""Reading one die's top face from a canonical window (the die centred,
about ``WINDOW / 1.7`` px across).

The face is the connected region of the body's colour that covers the
window's centre; pip candidates are the round regions of another colour
inside its convex hull (so a pip that notches the face edge still counts).
:func:`vision.layout.best_layout` then picks the pips that form a die face;
anything else is unreadable (CAB-5).
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.layout import best_layout

#: side of the canonical window, px
WINDOW = 96
#: weakest accepted pip response, in multiples of the face's texture noise
PIP_SNR = 10.0
#: smallest colour distance (Lab) that separates the face from what surrounds it
NEAR_FLOOR = 20.0
PIP_FILTER = "dog"
DOG_SIGMAS = (0.6, 1.8)
USE_HOLES = True  # inner and surround blur, in pip radii

_YY, _XX = np.mgrid[0:WINDOW, 0:WINDOW]
_R2 = (_XX - WINDOW / 2) ** 2 + (_YY - WINDOW / 2) ** 2
_DISC = _R2 <= (0.17 * WINDOW) ** 2
_N_DISC = int(_DISC.sum())
assert _N_DISC % 2 == 1  # the disc's median is one of its pixels
_MID = _N_DISC // 2
_LEVELS = np.arange(256, dtype=np.float32).reshape(256, 1)
#: the top face of the centred die lies inside this disc (radius 0.42 of the
#: window = ~0.71 of the die side: a face corner at any rotation, plus slack)
_REACH = (_R2 <= (0.42 * WINDOW) ** 2).astype(np.uint8)
_RIM = (_R2 > (0.40 * WINDOW) ** 2) & (_R2 <= (0.42 * WINDOW) ** 2)
#: a die's top face side in the window when its outline cannot be seen, px
#: (the window is 3.4 half-sides wide; the face is ~0.85 of the die)
NOMINAL_SIDE = 0.85 * WINDOW / 1.7


@dataclass(frozen=True)
class FaceReading:
    """Result of :func:`read_face`, in window px: value 1..6 or ``None``
    (unreadable), confidence 0..1, face centre, half of the face's side,
    pip centres, and the body colour as a 1 x N x 3 BGR uint8 sample."""

    value: int | None
    confidence: float
    center: tuple[float, float]
    half_extent: float
    pips: tuple[tuple[float, float], ...]
    body_bgr: np.ndarray
    snr: float = 0.0
    outline_free: bool = False


def read_face(crop: np.ndarray, outline_free: bool = False) -> FaceReading | None:
    """Read the top face in a ``WINDOW`` x ``WINDOW`` BGR crop centred on a
    die.  Returns ``None`` when nothing die-like is there (no region of one
    colour around the centre, or no pip-like mark on it).

    ``outline_free``: when the body's colour runs on into the table (a
    white die on a light table) the face has no outline; then assume the
    die is centred at its nominal size and let the pips alone decide
    (``FaceReading.outline_free`` is set: the caller must confirm the
    reading another way)."""
    lab8 = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    # median Lab of the central disc (an odd count: the middle value), and
    # each pixel's Lab distance from it through per-channel tables of squares
    body = np.partition(lab8[_DISC], _MID, axis=0)[_MID].astype(np.float32)
    sq = cv2.LUT(lab8, ((_LEVELS - body) ** 2).reshape(1, 256, 3))
    dist = np.sqrt(sq[..., 0] + sq[..., 1] + sq[..., 2])
    spread = float(np.partition(dist[_DISC], _MID)[_MID])
    t = min(45.0, max(NEAR_FLOOR, 3.0 * spread))
    near = (dist < t).astype(np.uint8) & _REACH
    near = cv2.morphologyEx(near, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, labels = cv2.connectedComponents(near, connectivity=4)
    if n < 2:
        return None
    counts = np.bincount(labels[_DISC], minlength=n)
    counts[0] = 0
    lab_id = int(np.argmax(counts))
    if counts[lab_id] < 0.3 * _DISC.sum():
        return None
    comp = (labels == lab_id).astype(np.uint8)
    contours, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    outer = max(contours, key=cv2.contourArea)
    (fx, fy), (rw, rh), _ = cv2.minAreaRect(outer)
    body_bgr = crop[comp.view(bool)].reshape(1, -1, 3)
    fside = min(rw, rh)
    hull = np.zeros_like(comp)
    leaky = outline_free and bool(comp[_RIM].any())
    if leaky:
        hull[:] = _REACH
        fx = fy = WINDOW / 2
        fside = NOMINAL_SIDE
    else:
        cv2.drawContours(hull, [cv2.convexHull(outer)], -1, 1, thickness=cv2.FILLED)
    cands, noise = _pip_candidates(dist, hull, comp, fside)
    if not cands:
        return None  # no pip at all: not a die (a screw head, a coin, a shadow)
    value, res, idx = best_layout(cands, fside, (fx, fy))
    snr = min(cands[i][2] for i in idx) / noise if idx else 0.0
    if value is not None and snr < PIP_SNR:
        value = None  # pips barely above the body's texture (marbled dice): not sure enough
    pips = tuple((cands[i][0], cands[i][1]) for i in idx) or tuple((c[0], c[1]) for c in cands)
    if value is not None:
        px = [p[0] for p in pips]
        py = [p[1] for p in pips]
        fx, fy = sum(px) / len(px), sum(py) / len(py)  # symmetric layouts: centroid = face centre
    # confidence: pip contrast over the body's texture, and how well the pips sit on the grid
    conf = 0.0 if value is None else \
        round((0.5 + 0.5 * min(1.0, (snr - PIP_SNR) / 20.0)) * (1.0 - 0.5 * res), 3)
    return FaceReading(value, conf, (fx, fy), fside / 2, pips, body_bgr, snr, leaky)


def _pip_candidates(dist: np.ndarray, hull: np.ndarray, comp: np.ndarray, side: float) -> tuple[list[tuple[float, float, float]], float]:
    """Pip candidates ``(x, y, strength)`` in window px: peaks of a
    difference of Gaussians (at the pip scale, ~0.09 of the face side) of the
    colour distance from the body, inside the face's hull.  A pip touching
    the face edge or a side face still gives a peak at its centre;
    foreshortened side-face pips give weaker peaks.  Also returns the
    texture noise: robust spread of the response over the hull."""
    rp = max(2.0, 0.09 * side)
    d = np.minimum(dist, 80.0)
    if PIP_FILTER == "tophat":
        ks = 2 * int(1.6 * rp) + 1
        th = cv2.morphologyEx(d, cv2.MORPH_TOPHAT, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (ks, ks)))
        dog = cv2.GaussianBlur(th, (0, 0), 0.5 * rp)
    else:
        dog = cv2.GaussianBlur(d, (0, 0), DOG_SIGMAS[0] * rp) - cv2.GaussianBlur(d, (0, 0), DOG_SIGMAS[1] * rp)
    k = max(3, int(1.2 * rp) * 2 + 1)
    peaks = (dog >= cv2.dilate(dog, np.ones((k, k), np.uint8))) & (dog > 6.0) & (hull > 0)
    ys, xs = np.nonzero(peaks)
    found = [(float(dog[y, x]), float(x), float(y)) for y, x in zip(ys, xs)]
    # enclosed holes of the body region are pips too (robust where pips
    # crowd, as on a six, and the blurred response of neighbours interferes)
    holes = ((hull > 0) & (comp == 0)).astype(np.uint8)
    hn, _, hstats, hcent = cv2.connectedComponentsWithStats(holes, connectivity=8)
    hull_area = float(hull.sum())
    for i in range(1, hn if USE_HOLES else 1):
        _, _, w0, h0, a = (int(v) for v in hstats[i])
        if not 0.004 * hull_area <= a <= 0.10 * hull_area:
            continue
        if max(w0, h0) > 2.0 * min(w0, h0) or a < 0.45 * w0 * h0:
            continue  # not round: a sliver between faces, a foreshortened side pip
        x, y = hcent[i]
        yi, xi = min(WINDOW - 1, int(round(y))), min(WINDOW - 1, int(round(x)))
        found.append((float(max(dog[yi, xi], 6.0)), float(x), float(y)))
    out: list[tuple[float, float, float]] = []
    for v, x, y in sorted(found, reverse=True)[:40]:
        if all((x - ox) ** 2 + (y - oy) ** 2 > (1.5 * rp) ** 2 for ox, oy, _ in out):
            out.append((x, y, v))
    # texture noise: the response over the face away from every candidate
    quiet = cv2.erode(comp, np.ones((3, 3), np.uint8), iterations=max(1, int(rp / 2)))
    for x, y, _ in out:
        cv2.circle(quiet, (int(x), int(y)), int(1.6 * rp), 0, -1)
    vals = dog[quiet > 0]
    noise = max(0.0, _p90(vals)) + 1.0 if vals.size >= 20 else 1.0
    return out, noise


def _p90(vals: np.ndarray) -> float:
    """``np.percentile(vals, 90)`` (linear; float32 ``vals``, same
    arithmetic) by one partial sort."""
    idx = (vals.size - 1) * 0.9
    lo = int(idx)
    if lo + 1 >= vals.size:
        return float(np.partition(vals, lo)[lo])
    t = idx - lo
    part = np.partition(vals, (lo, lo + 1))
    a, b = part[lo], part[lo + 1]
    d = b - a
    return float(b - d * np.float32(1 - t) if t >= 0.5 else a + d * np.float32(t))

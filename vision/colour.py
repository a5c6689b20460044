"""Die body colour: white balance calibration and colour naming.

The camera's white balance drifts with the light (warm lamp, cool daylight);
a calibration step measures per-channel gains on a neutral patch (a white
or grey card laid in the tray, or the bare tray itself) so that hue names
stay stable: a red die under a warm lamp stays red, not purple/orange.
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.die import VisionInputError


def calibrate_white_balance(frame: np.ndarray, roi: tuple[int, int, int, int] | None = None) -> tuple[float, float, float]:
    """Per-channel B, G, R gains that make the patch ``roi`` = (x0, y0, x1,
    y1) px of ``frame`` neutral grey (default: the whole frame's median,
    i.e. the bare tray).  Store them in config ``[vision].white_balance``.
    Raises :class:`VisionInputError` for an empty, black or clipped patch."""
    if roi is not None:
        x0, y0, x1, y1 = roi
        patch = frame[y0:y1, x0:x1]
    else:
        patch = frame
    if patch.size == 0:
        raise VisionInputError(f"white-balance patch {roi} is empty")
    med = np.median(patch.reshape(-1, 3), axis=0).astype(float)
    if med.min() < 20:
        raise VisionInputError(f"white-balance patch too dark (median B,G,R = {med.tolist()}); use a white or grey card")
    if med.max() > 250:
        raise VisionInputError(f"white-balance patch overexposed (median B,G,R = {med.tolist()}); lower the exposure")
    grey = med.mean()
    return tuple(float(round(grey / m, 4)) for m in med)  # type: ignore[return-value]


def classify_colour(crop: np.ndarray, white_balance=None) -> str:
    """Name of the die body colour in a die crop (BGR uint8; the body is the
    median of the crop's central region, which pips only partly cover).
    ``white_balance``: B, G, R gains (``None`` = no correction).  Returns
    one of :data:`vision.die.COLOURS`."""
    h, w = crop.shape[:2]
    core = crop[h // 6: h - h // 6, w // 6: w - w // 6].reshape(1, -1, 3)
    return classify_colours(core, white_balance)[0]


#: hue bands (upper bound in degrees, name), after the red wrap at 330;
#: gold (a dull, orange-leaning yellow, hue 33-40) counts as yellow, orange
#: and brown (15-33) are "other"
_HUES = ((15, "red"), (33, "other"), (70, "yellow"), (170, "green"), (255, "blue"), (330, "purple"), (361, "red"))


#: sine and cosine of each OpenCV full-range hue (0..255 = 0..360 degrees), float32
_HUE_ANGLE = np.arange(256, dtype=np.float32) * np.float32(2 * np.pi / 256)
_SIN, _COS = np.sin(_HUE_ANGLE), np.cos(_HUE_ANGLE)


def _median_u8(rows: np.ndarray) -> np.ndarray:
    """Median of each row of ``rows`` (R x P uint8, P >= 1) as R float32,
    exactly as ``np.median(rows, axis=1)`` (the mean of the two middle
    values when P is even), from one histogram of all rows: about half
    the time of numpy's median on rows of a die's 576 pixels."""
    R, P = rows.shape
    hist = np.bincount((rows + (np.arange(R, dtype=np.int32) * 256)[:, None]).ravel(),
                       minlength=R * 256).reshape(R, 256)
    below = np.cumsum(hist, axis=1)
    lo = (below <= (P - 1) // 2).sum(axis=1)  # the value of order (P - 1) // 2 (0-based)
    hi = (below <= P // 2).sum(axis=1)
    return (lo + hi).astype(np.float32) / np.float32(2)


def _median_rows(a: np.ndarray) -> np.ndarray:
    """Median of each row of ``a`` (R x P float32, P >= 1), exactly as
    ``np.median(a, axis=1)``, without its general-purpose overhead."""
    P = a.shape[-1]
    k = P // 2
    if P % 2:
        return np.partition(a, k, axis=-1)[..., k]
    part = np.partition(a, [k - 1, k], axis=-1)
    return (part[..., k - 1] + part[..., k]) / np.float32(2)


def classify_colours(pixels: np.ndarray, white_balance=None) -> list[str]:
    """Body colour names of N dice at once: ``pixels`` N x P x 3 uint8 BGR
    (P pixels of each die's face, pips and all).  After the gains, the
    median value and saturation decide black and white (low value = black,
    low saturation = white); otherwise the circular mean hue of the body
    names the colour (orange and brown are "other", gold is yellow).

    The body is the half of the pixels nearest the die's median colour:
    pips cover well under half of a face, so the median is the body's
    colour, and pips of another colour (yellow pips on a green die, red on
    blue), however saturated, never name the die (Ginza identifies dice by
    body colour, GR-5).  Returns N names from :data:`vision.die.COLOURS`."""
    n = pixels.shape[0]
    if n == 0:
        return []
    px = pixels.reshape(n, -1, 3)
    if px.shape[1] == 0:
        return ["other"] * n
    if white_balance is not None:
        px = np.clip(px * np.asarray(white_balance, np.float32), 0, 255).astype(np.uint8)
    P = px.shape[1]
    hsv = cv2.cvtColor(np.ascontiguousarray(px), cv2.COLOR_BGR2HSV_FULL)
    # the B, G, R, S, V values of each die's pixels as rows (OpenCV's split:
    # numpy's copy of a transposed N x P x 3 array is several times slower)
    b, g, r = cv2.split(np.ascontiguousarray(px).reshape(n * P, 1, 3))
    _, sat, val = cv2.split(hsv.reshape(n * P, 1, 3))
    rows = np.stack([b, g, r, sat, val]).reshape(5, n, P)
    meds = _median_u8(rows.reshape(5 * n, P)).reshape(5, n)
    v, s = meds[4], meds[3]
    d = np.abs(rows[:3].astype(np.float32) - meds[:3, :, None])
    dist = d[0] + d[1] + d[2]  # N x P: each pixel's distance from its die's median colour
    body = dist <= _median_rows(dist)[:, None]
    h = hsv[:, :, 0]
    hue = (np.degrees(np.arctan2((_SIN[h] * body).sum(axis=1), (_COS[h] * body).sum(axis=1))) + 360) % 360
    out = []
    for vi, si, hi in zip(v.tolist(), s.tolist(), hue.tolist()):
        if vi < 55 or (vi < 90 and si < 90):
            out.append("black")
        elif si < 55:
            out.append("white" if vi > 120 else ("black" if vi < 90 else "other"))
        else:
            out.append(next(name for top, name in _HUES if hi < top))
    return out

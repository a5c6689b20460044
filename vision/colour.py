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
    core = crop[h // 6: h - h // 6, w // 6: w - w // 6].reshape(-1, 3).astype(np.float32)
    if white_balance is not None:
        core = core * np.asarray(white_balance, np.float32)
    core = np.clip(core, 0, 255).astype(np.uint8).reshape(1, -1, 3)
    hsv = cv2.cvtColor(core, cv2.COLOR_BGR2HSV_FULL).reshape(-1, 3).astype(np.float32)
    v = np.median(hsv[:, 2])
    s = np.median(hsv[:, 1])
    if v < 55 or (v < 90 and s < 90):
        return "black"
    if s < 55:
        return "white" if v > 120 else ("black" if v < 90 else "other")
    # hue: circular median via the mean of the most saturated half
    sat = hsv[:, 1] >= s
    ang = hsv[sat, 0] * (2 * np.pi / 256)
    hue = (np.degrees(np.arctan2(np.sin(ang).mean(), np.cos(ang).mean())) + 360) % 360
    if hue < 15 or hue >= 330:
        return "red"
    if hue < 40:
        return "other"  # orange / brown
    if hue < 70:
        return "yellow"
    if hue < 170:
        return "green"
    if hue < 255:
        return "blue"
    return "purple"

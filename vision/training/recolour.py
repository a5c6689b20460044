"""Real dice windows given other dice's colours (``hard --recolour``;
issue 40): the dice the experts leave unread on the dev set are mostly
dark smoky or marbled bodies with red or gold pips, a low contrast the
training photos show too rarely.  :func:`recolour_look` keeps a real
window's shapes (its camera's blur, slant and pips) and paints the die
over with a random body and pip colour, swirls in the body some of the
time, so a net learns pips as a contrast of either sign and any size.
"""
from __future__ import annotations

import random

import cv2
import numpy as np

#: the die's share of the window's side (the reader cuts a window 1.25 die sizes wide)
DIE_SHARE = 0.8


def _die_mask(window: np.ndarray, rng: random.Random) -> np.ndarray:
    """n x n float32 in 0..1 over the die in the middle of a reader's
    window (n x n x 3 uint8 BGR): the pixels unlike the window's rim (the
    table), Otsu's cut of their distance from its median colour, inside a
    disc 0.62 die sides across, holes (pips) filled, edges softened by
    1-2 px.  Where that is under a fifth of the window, a disc of 0.42-0.5
    die sides."""
    n = window.shape[0]
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32) - (n - 1) / 2
    d = np.sqrt(xx * xx + yy * yy)
    f = window.astype(np.float32)
    rim = np.concatenate([f[:3].reshape(-1, 3), f[-3:].reshape(-1, 3), f[:, :3].reshape(-1, 3), f[:, -3:].reshape(-1, 3)])
    dist = np.linalg.norm(f - np.median(rim, axis=0), axis=2)
    d8 = np.clip(dist * (255.0 / max(float(dist.max()), 1.0)), 0, 255).astype(np.uint8)
    _, cut = cv2.threshold(d8, 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    cut = cv2.morphologyEx(cut * (d < 0.62 * DIE_SHARE * n), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    filled = cut.copy()
    cv2.floodFill(filled, np.zeros((n + 2, n + 2), np.uint8), (0, 0), 1)
    cut = cut | (1 - filled)                  # the holes inside the die: its pips
    if cut.mean() < 0.2:
        cut = (d < rng.uniform(0.42, 0.5) * DIE_SHARE * n).astype(np.uint8)
    return cv2.GaussianBlur(cut.astype(np.float32), (0, 0), rng.uniform(0.7, 1.5))


def _swirls(n: int, rng: random.Random) -> np.ndarray:
    """n x n float32 in 0..1: smooth streaks, as a marbled die's swirls."""
    g = np.random.default_rng(rng.randint(0, 10 ** 9))
    k = rng.randint(3, 6)
    field = cv2.resize(g.normal(0, 1, (k, k)).astype(np.float32), (n, n), interpolation=cv2.INTER_CUBIC)
    streak = np.abs(np.sin(field * rng.uniform(2.0, 5.0)))
    return np.clip((streak - rng.uniform(0.6, 0.85)) * 4.0, 0.0, 1.0)


def _colour(rng: random.Random, lo: int, hi: int) -> np.ndarray:
    """One BGR colour (float32, 0..255) of value lo..hi and random hue and saturation."""
    hsv = np.uint8([[[rng.randint(0, 179), rng.randint(0, 255), rng.randint(lo, hi)]]])
    return cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)


def recolour_look(window: np.ndarray, rng: random.Random) -> np.ndarray:
    """A reader's window (FACE_PX square uint8 BGR) with its die painted
    over: the window's grey in the die's disc, stretched between its 5th
    and 95th percentiles, maps the die's body (its commoner side) to one
    colour and its pips to another.  Half the time the body is dark
    (value 15-90) and the pips bright and coloured, as smoky dice with red
    pips; otherwise any two colours at least 40 grey levels apart.  The
    window's own light (its grey's ups and downs) is kept at a third,
    swirls cross the body 40 % of the time.  Outside the disc the window
    is as it was.  The die's value is unchanged."""
    n = window.shape[0]
    grey = cv2.cvtColor(window, cv2.COLOR_BGR2GRAY).astype(np.float32)
    mask = _die_mask(window, rng)
    inside = grey[mask > 0.5]
    lo, hi = np.percentile(inside, 5), np.percentile(inside, 95)
    t = np.clip((grey - lo) / max(hi - lo, 8.0), 0.0, 1.0)
    if float(t[mask > 0.5].mean()) < 0.5:       # the body is the commoner side: at t = 1
        t = 1.0 - t
    if rng.random() < 0.5:
        body, pip = _colour(rng, 15, 90), _colour(rng, 110, 255)
    else:
        while True:
            body, pip = _colour(rng, 20, 255), _colour(rng, 20, 255)
            if abs(float(body.mean()) - float(pip.mean())) >= 40:
                break
    paint = pip[None, None, :] + (body - pip)[None, None, :] * t[:, :, None]
    if rng.random() < 0.4:
        s = _swirls(n, rng)[:, :, None] * rng.uniform(0.2, 0.6) * t[:, :, None]
        paint = paint * (1 - s) + _colour(rng, 120, 255)[None, None, :] * s
    shade = (grey / max(float(inside.mean()), 1.0))[:, :, None]
    paint = paint * (2 / 3 + np.clip(shade, 0.3, 2.0) / 3)
    m = mask[:, :, None]
    out = paint * m + window.astype(np.float32) * (1 - m)
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)

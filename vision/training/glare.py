"""Specular streaks over real dice windows (``hard --streak``; issue 40).

A quarter of the dice the dev set's held-out photos leave unread are
glossy dice with white pips under a lamp: the lamp's reflection lies
across the face as a thin, bright, curved line, often through a pip, or
a short bright bar at an edge.  To a face net it is one more white mark
among the pips.  The trainer's glare (:func:`vision.training.hard.strong_look`)
is a soft ellipse half seen through, a spot, not a line.

:func:`streak_look` draws the line a glossy face shows: one or two
strokes along a gentle curve, 1-3 px wide on the reader's 48 px window,
near white, nearly opaque, a faint halo around them, over the die in the middle
of the window.  It never adds a round mark (a stroke is far longer than it
is wide), so it cannot teach a net that a pip is glare.  The die's value is unchanged.
"""
from __future__ import annotations

import random

import cv2
import numpy as np

#: the die's share of the window's side (the reader cuts a window 1.25 die sizes wide)
DIE_SHARE = 0.8


def _curve(n: int, rng: random.Random) -> np.ndarray:
    """A stroke's points (K x 2 int32, window px, fixed point 4 bits):
    a quadratic Bezier 0.3-0.75 die sides long, its middle within 0.3
    die sides of the window's centre, bent by up to 0.2 of its length."""
    side = DIE_SHARE * n
    length = rng.uniform(0.3, 0.75) * side
    t = rng.uniform(0, np.pi)
    r, a = rng.uniform(0, 0.3) * side, rng.uniform(0, 2 * np.pi)
    mid = np.array([n / 2 + r * np.cos(a), n / 2 + r * np.sin(a)])
    d = np.array([np.cos(t), np.sin(t)]) * length / 2
    normal = np.array([-d[1], d[0]]) / max(np.hypot(*d), 1e-6)
    ctrl = mid + normal * rng.uniform(-0.2, 0.2) * length
    s = np.linspace(0, 1, 16)[:, None]
    p0, p2 = mid - d, mid + d
    pts = (1 - s) ** 2 * p0 + 2 * (1 - s) * s * ctrl + s ** 2 * p2
    return np.round(pts * 16).astype(np.int32)


def streak_look(window: np.ndarray, rng: random.Random) -> np.ndarray:
    """``window`` (n x n x 3 uint8 BGR, a reader's window, the die in its
    middle) with one stroke of specular glare (two a third of the time):
    near white (225-255, a little tinted), 75-100 % opaque at its core,
    1-2 px wide at n = 48 (scaled with n), a halo of about its width at a
    third of its strength.  Returns a new n x n x 3 uint8 array; ``window`` is
    not changed.  The die's value is unchanged: the stroke is a
    reflection, not a pip."""
    n = window.shape[0]
    scale = n / 48.0
    core = np.zeros((n, n), np.float32)
    for _ in range(2 if rng.random() < 1 / 3 else 1):
        width = max(1, int(round(rng.uniform(0.8, 2.4) * scale)))
        cv2.polylines(core, [_curve(n, rng)], False, 1.0, width, cv2.LINE_AA, shift=4)
    sigma = rng.uniform(0.8, 2.0) * scale
    halo = cv2.GaussianBlur(core, (0, 0), sigma)
    alpha = np.clip(np.maximum(core * rng.uniform(0.75, 1.0), halo * rng.uniform(0.25, 0.45)), 0, 1)
    level = rng.uniform(225, 255)
    tint = np.array([level - rng.uniform(0, 20) for _ in range(3)], np.float32)
    out = window.astype(np.float32) * (1 - alpha[..., None]) + tint * alpha[..., None]
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)

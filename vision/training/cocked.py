"""Cocked dice, drawn in three dimensions: what a face net must not read
(issue 40, Bad input: "dice stacked or cocked ... no value is given for
what is not a resting d6"; ruling CAB-5: never guessed).

A die leaning on the tray's wall or on another die, about 45 degrees
from flat, shows the cabinet's camera two faces alike: neither is "the
top".  Traced with :mod:`vision.training.render3d` (its geometry seen
``tilt`` off the vertical is the same die tilted under a camera straight
above it, the cabinet's camera), then lit, shadowed and placed as
``render3d`` places its dice.

* :func:`cocked_frame`: a table with 1-4 dice, each tilted 38-52 degrees
  (:data:`COCKED_DEG`) and turned at random about the vertical, or any
  tilt asked; rows (cx, cy, size, top face) as the photo sets label theirs.
* :class:`CockedDice`: windows cut around such dice as the trainer cuts
  its samples (:func:`vision.training.data.face_sample`), each labelled
  *not a die* for ``hard --cocked``.

numpy and OpenCV only (no torch): the reader's tests draw the same dice.
"""
from __future__ import annotations

import math
import random

import numpy as np

from vision.training import render3d as r3

#: tilt from flat, degrees, of a die drawn cocked: two faces alike to a camera above it
COCKED_DEG = (38.0, 52.0)


def cocked_frame(rng: random.Random, size: tuple[int, int] = (320, 240), count: int | None = None,
                 tilt_deg: tuple[float, float] = COCKED_DEG, side: tuple[float, float] = (28.0, 56.0),
                 trace_px: int = 72):
    """A :class:`vision.training.data.Frame` (named ``"cocked"``) of
    ``count`` dice (default 1-4) on a drawn table, ``size`` (W, H) px,
    each die ``side`` px across, tilted ``tilt_deg`` degrees from flat
    (drawn uniformly), traced at ``trace_px`` px, lit by one lamp, with a
    soft shadow, sensor noise 1-4 grey levels.  Its dice rows are (cx, cy,
    size px, the face most nearly up) for where the dice lie; the face
    value is not what a reader should give."""
    from vision.training.data import Frame
    w, h = size
    img = r3.table(rng, w, h)
    la, le = rng.uniform(0, 2 * math.pi), math.radians(rng.uniform(35, 75))
    light = np.array([math.cos(la) * math.cos(le), math.sin(la) * math.cos(le), math.sin(le)], np.float32)
    n = count if count is not None else rng.randint(1, 4)
    rows, placed = [], []
    for _ in range(n * 30):
        if len(rows) >= n:
            break
        s = rng.uniform(*side)
        x, y = rng.uniform(0.8 * s, w - 0.8 * s), rng.uniform(0.8 * s, h - 0.8 * s)
        if any(math.hypot(x - ox, y - oy) < 0.8 * (s + os_) for ox, oy, os_ in placed):
            continue
        g = r3.die_geometry(rng.randint(1, 6), rng, size=trace_px, slant=math.radians(rng.uniform(*tilt_deg)))
        col, alpha = r3.shade(g, light=light, rng=rng, **r3._look(rng))
        turn = rng.uniform(0, 360)
        row = r3.place(img, r3._turned(col, turn), r3._turned(alpha, turn), x, y, s, light, rng, g.value)
        if row is None:
            continue
        rows.append(row)
        placed.append((x, y, s))
    img = img + np.random.default_rng(rng.randint(0, 10 ** 9)).normal(0, rng.uniform(1, 4), img.shape)
    img = np.clip(img + 0.5, 0, 255).astype(np.uint8)
    return Frame(img, np.asarray(rows, np.float32).reshape(-1, 4), "cocked")


class CockedDice:
    """Windows of cocked dice for a face net's training (``hard
    --cocked``): a pool of ``pool`` :func:`cocked_frame` frames, one
    drawn anew every 50 draws on average; ``draw()`` gives (window
    FACE_PX x FACE_PX x 3 uint8, NOT_A_DIE), the window cut around a die
    as the trainer cuts its samples (jittered as the detector's finds
    are, turned, mirrored, light and colour jittered)."""

    def __init__(self, rng: random.Random, pool: int = 40):
        self.rng = rng
        self.pool = [cocked_frame(rng) for _ in range(pool)]

    def draw(self) -> tuple[np.ndarray, int]:
        """One window of a cocked die, labelled not a die."""
        from vision.netreader import NOT_A_DIE
        from vision.training.data import face_sample
        if self.rng.random() < 0.02:
            self.pool[self.rng.randrange(len(self.pool))] = cocked_frame(self.rng)
        while True:
            got = face_sample(self.rng.choice(self.pool), self.rng, negative=False)
            if got is not None:
                return got[0], NOT_A_DIE

"""Cocked and stacked dice, drawn in three dimensions: what a face net must not read
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
* :func:`stacked_frame`: a table with one die lying on another, the
  upper one a little larger (nearer the camera) and off the lower one's
  middle, its shadow on it; the cabinet must not take a value for the
  pair as two dice.
* :class:`CockedDice`: windows cut around such dice as the trainer cuts
  its samples (:func:`vision.training.data.face_sample`), or where the
  reader's detector found them (``hard --cocked-found``), each labelled
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
#: tilt, degrees, of the same drawn dice given as dice (``hard --upright``): a die lying
#: flat seen up to 30 degrees off straight above (a slanted camera, a wide lens's edge)
UPRIGHT_DEG = (0.0, 30.0)


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
    w, h = size
    img, light = _lit_table(rng, w, h)
    n = count if count is not None else rng.randint(1, 4)
    rows, placed = [], []
    for _ in range(n * 30):
        if len(rows) >= n:
            break
        s = rng.uniform(*side)
        x, y = rng.uniform(0.8 * s, w - 0.8 * s), rng.uniform(0.8 * s, h - 0.8 * s)
        if any(math.hypot(x - ox, y - oy) < 0.8 * (s + os_) for ox, oy, os_ in placed):
            continue
        row = _lay(img, rng, light, x, y, s, tilt_deg, trace_px)
        if row is None:
            continue
        rows.append(row)
        placed.append((x, y, s))
    return _noisy_frame(img, rng, rows, "cocked")


def stacked_frame(rng: random.Random, size: tuple[int, int] = (320, 240), side: tuple[float, float] = (30.0, 56.0),
                  trace_px: int = 72):
    """A :class:`vision.training.data.Frame` (named ``"stacked"``) of two
    dice stacked on a drawn table, ``size`` (W, H) px: the lower die
    ``side`` px across (drawn uniformly), seen 0-8 degrees off straight
    above, and on it a die 1.06 times as large (nearer the camera) whose
    middle lies 0.15-0.4 of a side off the lower one's in a random
    direction, both lit by one lamp with soft shadows (the upper die's on
    the lower), sensor noise 1-4 grey levels.  Its rows (cx, cy, size px,
    face up) are the lower die's, then the upper die's."""
    w, h = size
    img, light = _lit_table(rng, w, h)
    s = rng.uniform(*side)
    x, y = rng.uniform(s, w - s), rng.uniform(s, h - s)
    off, way = rng.uniform(0.15, 0.4) * s, rng.uniform(0, 2 * math.pi)
    rows = [_lay(img, rng, light, cx, cy, cs, (0.0, 8.0), trace_px)
            for cx, cy, cs in ((x, y, s), (x + off * math.cos(way), y + off * math.sin(way), 1.06 * s))]
    return _noisy_frame(img, rng, rows, "stacked")


def _lit_table(rng: random.Random, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """A drawn table (H x W x 3 float) and one lamp's direction (3 float32,
    35-75 degrees above the table) for a frame of drawn dice."""
    img = r3.table(rng, w, h)
    la, le = rng.uniform(0, 2 * math.pi), math.radians(rng.uniform(35, 75))
    return img, np.array([math.cos(la) * math.cos(le), math.sin(la) * math.cos(le), math.sin(le)], np.float32)


def _lay(img: np.ndarray, rng: random.Random, light: np.ndarray, x: float, y: float, s: float,
         tilt_deg: tuple[float, float], trace_px: int) -> tuple[float, float, float, int] | None:
    """Trace a die of a random face tilted ``tilt_deg`` degrees (drawn
    uniformly) at ``trace_px`` px, light it, turn it at random about the
    vertical and lay it on ``img`` (:func:`vision.training.render3d.place`:
    its row, or None where none of it lies on the frame)."""
    g = r3.die_geometry(rng.randint(1, 6), rng, size=trace_px, slant=math.radians(rng.uniform(*tilt_deg)))
    col, alpha = r3.shade(g, light=light, rng=rng, **r3._look(rng))
    turn = rng.uniform(0, 360)
    return r3.place(img, r3._turned(col, turn), r3._turned(alpha, turn), x, y, s, light, rng, g.value)


def _noisy_frame(img: np.ndarray, rng: random.Random, rows: list, name: str):
    """The :class:`vision.training.data.Frame` ``name`` of ``img`` with
    sensor noise of 1-4 grey levels (uint8) and its dice ``rows``."""
    from vision.training.data import Frame
    img = img + np.random.default_rng(rng.randint(0, 10 ** 9)).normal(0, rng.uniform(1, 4), img.shape)
    img = np.clip(img + 0.5, 0, 255).astype(np.uint8)
    return Frame(img, np.asarray(rows, np.float32).reshape(-1, 4), name)


class CockedDice:
    """Windows of cocked dice for a face net's training (``hard
    --cocked``): a pool of ``pool`` :func:`cocked_frame` frames, one
    drawn anew every 50 draws on average; ``draw()`` gives (window
    FACE_PX x FACE_PX x 3 uint8, NOT_A_DIE), the window cut around a die
    as the trainer cuts its samples (jittered as the detector's finds
    are, turned, mirrored, light and colour jittered).

    ``upright``: a share (0..1) of the draws is instead a die of the same
    renderer seen :data:`UPRIGHT_DEG` off straight above, labelled its
    face (class value - 1): the contrast the net needs to tell a die
    leaning 38-52 degrees from a flat one seen at a slant, which alone it
    learns to drop too (docs/dice-reader-history.md, stop 67).  With 0
    (the default) no draw is taken for it: the stream as before."""

    def __init__(self, rng: random.Random, pool: int = 40, upright: float = 0.0, finder=None,
                 found_share: float = 0.5):
        if not 0.0 <= upright <= 1.0:
            raise ValueError(f"upright {upright}: give a share from 0 to 1")
        if not 0.0 <= found_share <= 1.0:
            raise ValueError(f"found_share {found_share}: give a share from 0 to 1")
        self.rng, self.upright, self.finder, self.found_share = rng, upright, finder, found_share
        self.pool = [self._framed(COCKED_DEG) for _ in range(pool)]
        self.flat = [self._framed(UPRIGHT_DEG) for _ in range(pool)] if upright else []

    def _framed(self, tilt: tuple[float, float]) -> tuple:
        """(a new :func:`cocked_frame` of dice tilted ``tilt``, its found
        views): with a ``finder``, each of its finds within half a die of a
        drawn die as (x, y, size px, that die's face), else none."""
        fr = cocked_frame(self.rng, tilt_deg=tilt)
        return fr, found_views(fr, self.finder) if self.finder is not None else []

    def draw(self) -> tuple[np.ndarray, int]:
        """One window: a cocked die labelled not a die, or (a share
        ``upright``) a die seen at most 30 degrees off straight above,
        labelled its face.  With a ``finder``, a share ``found_share`` is
        cut where the finder found the die (the reader's own view: often a
        cocked die's upper face alone, smaller and off its middle), else as
        the trainer cuts its samples."""
        from vision.netreader import NOT_A_DIE
        from vision.training.data import face_sample
        flat = bool(self.flat) and self.rng.random() < self.upright
        pool, tilt = (self.flat, UPRIGHT_DEG) if flat else (self.pool, COCKED_DEG)
        if self.rng.random() < 0.02:
            pool[self.rng.randrange(len(pool))] = self._framed(tilt)
        while True:
            fr, views = self.rng.choice(pool)
            if views and self.rng.random() < self.found_share:
                got = found_sample(fr, self.rng.choice(views), self.rng)
            else:
                got = face_sample(fr, self.rng, negative=False)
            if got is not None:
                return (got[0], got[1]) if flat else (got[0], NOT_A_DIE)


def found_views(fr, finder) -> list[tuple[float, float, float, int]]:
    """The finds of ``finder`` (a frame H x W x 3 uint8 BGR -> objects with
    ``x``, ``y``, ``size`` px, e.g. :meth:`vision.reader.DiceReader.find_dice`)
    in frame ``fr`` that lie within half a die of one of its drawn dice:
    (x, y, size px, the drawn die's face)."""
    if not len(fr.dice):
        return []
    out = []
    for c in finder(fr.image):
        d = np.hypot(fr.dice[:, 0] - c.x, fr.dice[:, 1] - c.y) / fr.dice[:, 2]
        if float(d.min()) < 0.5:
            out.append((float(c.x), float(c.y), float(c.size), int(fr.dice[int(d.argmin()), 3])))
    return out


def found_sample(fr, view: tuple[float, float, float, int], rng: random.Random) -> tuple[np.ndarray, int]:
    """A window (FACE_PX x FACE_PX x 3 uint8) cut at a found ``view`` (x,
    y, size px, face) of frame ``fr`` as the reader cuts it
    (:func:`vision.netreader.face_window`, a little jitter), turned and
    mirrored at random, light and colour jittered; its class the face
    (value - 1)."""
    from vision.netreader import face_window
    from vision.training.data import _colour_jitter
    x, y, s, v = view
    x, y, s = x + rng.gauss(0, 0.03) * s, y + rng.gauss(0, 0.03) * s, s * math.exp(rng.gauss(0, 0.04))
    win = face_window(fr.image, x, y, s, angle=rng.uniform(0, 360), mirror=rng.random() < 0.5)
    return _colour_jitter(win, rng, harsh=0.5), v - 1

"""A face window for this camera (:func:`fit_window`): a camera at a slant
sees each die's top face and the sides facing it, and the detector's
centre is the whole silhouette's.  The matched dice (at most
:data:`WINDOW_DICE`, as :class:`DiePatch`) are cut through other windows
(:class:`vision.netreader.WindowGeometry`: moved, scaled, moved outward
from the frame's centre) and the one where the fast face net gives the
labelled values the lowest mean -log p is kept if it gains
:data:`WINDOW_MIN_GAIN` over the shipped window.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from vision.calibration.photos import labelled_finds, thin_evenly
from vision.netreader import SHIPPED_WINDOW, WINDOW_LIMITS, WINDOW_PER_SIZE, WindowGeometry, face_window
from vision.reader import DiceReader

#: the values of each WindowGeometry field the window fit tries (one field at a time)
WINDOW_STEPS = {"scale": (0.8, 0.9, 1.0, 1.1), "dx": (-0.12, -0.08, -0.04, 0.0, 0.04, 0.08, 0.12),
                "dy": (-0.12, -0.08, -0.04, 0.0, 0.04, 0.08, 0.12), "radial": (0.0, 0.05, 0.1, 0.15, 0.2)}
#: rounds of the window fit (each tries every field's values in turn)
WINDOW_ROUNDS = 3
#: fit dice the window is fitted on, at most (chosen evenly)
WINDOW_DICE = 300
#: a window other than the shipped one is a candidate only if it lowers the
#: fast face net's mean -log p(the labelled value) of the fit dice by this
#: much (nats a die): a smaller gain is the noise of picking the best of many
WINDOW_MIN_GAIN = 0.02


@dataclass(frozen=True)
class DiePatch:
    """A labelled die of a fit photo, kept for the window fit: ``patch`` (h x
    w x 3 uint8 BGR) the part of the photo around it, wide enough for any
    window :data:`WINDOW_LIMITS` allows; ``x``, ``y`` (px) where ``patch``'s
    corner lies in the photo; ``cand`` the detector's find (photo px);
    ``width``, ``height`` the photo's size (px); ``cls`` value - 1."""

    patch: np.ndarray
    x: int
    y: int
    cand: object
    width: int
    height: int
    cls: int

    def window(self, g: WindowGeometry) -> np.ndarray:
        """The die's face window (FACE_PX x FACE_PX x 3 uint8) cut with ``g``."""
        x, y, size = g.centre(self.cand.x, self.cand.y, self.cand.size, self.width, self.height)
        return face_window(self.patch, x - self.x, y - self.y, size)


def patch_of(frame: np.ndarray, cand, cls: int) -> DiePatch:
    """The :class:`DiePatch` of a found die ``cand`` (a
    :class:`vision.netreader.Candidate`) of class ``cls`` (value - 1) in
    ``frame`` (H x W x 3 uint8 BGR): a copy of the part any window
    :data:`WINDOW_LIMITS` allows can reach."""
    H, W = frame.shape[:2]
    reach = 0.75 * WINDOW_PER_SIZE * WINDOW_LIMITS["scale"][1] + WINDOW_LIMITS["dx"][1] + WINDOW_LIMITS["radial"][1]
    r = int(math.ceil(reach * max(cand.size, 4.0))) + 4
    x0, y0 = max(0, int(cand.x) - r), max(0, int(cand.y) - r)
    return DiePatch(frame[y0:min(H, int(cand.y) + r), x0:min(W, int(cand.x) + r)].copy(), x0, y0, cand, W, H, cls)


def die_patches(reader: DiceReader, images: list[Path], limit: int = WINDOW_DICE) -> list[DiePatch]:
    """The labelled dice ``reader``'s detector finds in ``images`` (labels read
    with their errata), at most ``limit`` of them chosen evenly, as
    :class:`DiePatch` for :func:`fit_window`."""
    return thin_evenly([patch_of(frame, cand, value - 1) for _, frame, _, finds in labelled_finds(reader, images)
                        for cand, value in finds if value], limit)


def window_loss(reader: DiceReader, patches: list[DiePatch], g: WindowGeometry) -> float:
    """Mean -log p(labelled value) (nats a die) ``reader``'s fast face net
    (with its last layers) gives the dice of ``patches`` through windows
    cut with ``g``; 0.0 for no patches."""
    if not patches:
        return 0.0
    p = reader.read_faces([d.window(g) for d in patches])
    y = np.array([d.cls for d in patches])
    return float(-np.log(p[np.arange(len(y)), y].astype(np.float64) + 1e-6).mean())


def fit_window(reader: DiceReader, patches: list[DiePatch]) -> tuple[WindowGeometry, float, float]:
    """The window geometry (:class:`vision.netreader.WindowGeometry`) through
    which ``reader`` reads the dice of ``patches`` best: from the shipped window, each field
    in turn set to the value of :data:`WINDOW_STEPS` with the lowest
    :func:`window_loss`, for up to :data:`WINDOW_ROUNDS` rounds.  The
    shipped window unless the best lowers the loss by
    :data:`WINDOW_MIN_GAIN` or more.  Returns (geometry, loss with the
    shipped window, loss with the geometry)."""
    best = SHIPPED_WINDOW
    shipped = loss = window_loss(reader, patches, best)
    if not patches:
        return best, shipped, loss
    tried = {best: loss}
    for _ in range(WINDOW_ROUNDS):
        start = best
        for name, values in WINDOW_STEPS.items():
            for v in values:
                g = replace(best, **{name: v})
                if g not in tried:
                    tried[g] = window_loss(reader, patches, g)
                if tried[g] < loss - 1e-9:
                    best, loss = g, tried[g]
        if best == start:
            break
    if shipped - loss < WINDOW_MIN_GAIN:
        return SHIPPED_WINDOW, shipped, shipped
    return best, shipped, loss


def window_text(g: WindowGeometry) -> str:
    """A window geometry in words, e.g. "0.9 x as wide, 0.04 die up"."""
    parts = []
    if g.scale != 1.0:
        parts.append(f"{g.scale:g} x as wide")
    if g.dx:
        parts.append(f"{abs(g.dx):g} die {'right' if g.dx > 0 else 'left'}")
    if g.dy:
        parts.append(f"{abs(g.dy):g} die {'down' if g.dy > 0 else 'up'}")
    if g.radial:
        parts.append(f"{abs(g.radial):g} die {'outward' if g.radial > 0 else 'inward'} at the corners")
    return ", ".join(parts) or "as shipped"


def window_words(g: WindowGeometry) -> str:
    """A window geometry in a cabinet owner's words (no die fractions):
    e.g. "each die is read where your camera sees its top face: 10 % of a
    die to the right, 10 % narrower, a little more at the table's
    corners"; "as shipped" for the shipped window."""
    parts = []
    for v, pos, neg in ((g.dx, "to the right", "to the left"), (g.dy, "lower", "higher")):
        if v:
            parts.append(f"{round(100 * abs(v))} % of a die {pos if v > 0 else neg}")
    if g.scale != 1.0:
        parts.append(f"{round(100 * abs(1 - g.scale))} % {'narrower' if g.scale < 1 else 'wider'}")
    if g.radial:
        parts.append(f"{'more' if g.radial > 0 else 'less'} so towards the table's corners")
    if not parts:
        return "as shipped"
    return "each die is read where your camera sees its top face: " + ", ".join(parts)

"""The peer (baseline) approach, kept for comparison in the benchmark and
``cabinet dice score --peer``: SimpleBlobDetector finds pips (dark and
light), pips closer than a die-size estimate are clustered into dice, and
a die's value is its cluster size.  It cannot tell top from side faces
and guesses on every cluster; :meth:`vision.reader.DiceReader.read_dice` is the
reader to use."""
from __future__ import annotations

import cv2
import numpy as np

from vision.colour import classify_colour
from vision.die import Die
from vision.reader import check_frame


def _detector(dark: bool) -> cv2.SimpleBlobDetector:
    p = cv2.SimpleBlobDetector_Params()
    p.filterByColor = True
    p.blobColor = 0 if dark else 255
    p.filterByArea = True
    p.minArea, p.maxArea = 6, 150
    p.filterByCircularity = True
    p.minCircularity = 0.6
    p.filterByInertia = True
    p.minInertiaRatio = 0.4
    p.filterByConvexity = False
    return cv2.SimpleBlobDetector_create(p)


_DARK, _LIGHT = _detector(True), _detector(False)


def read_dice_peer(frame: np.ndarray, link_px: float = 14.0) -> list[Die]:
    """Baseline reading of ``frame``: pips (blobs 6..150 px^2) linked when
    closer than ``link_px`` px, one die per cluster of 1..6 pips.  Raises
    :class:`vision.die.VisionInputError` on a bad frame."""
    frame = check_frame(frame)
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    pts = [k.pt for k in _DARK.detect(gray)] + [k.pt for k in _LIGHT.detect(gray)]
    n = len(pts)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    for i in range(n):
        for j in range(i + 1, n):
            if (pts[i][0] - pts[j][0]) ** 2 + (pts[i][1] - pts[j][1]) ** 2 <= link_px ** 2:
                parent[find(i)] = find(j)
    groups: dict[int, list[tuple[float, float]]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(pts[i])
    dice = []
    H, W = frame.shape[:2]
    for g in groups.values():
        xs, ys = [p[0] for p in g], [p[1] for p in g]
        cx, cy = float(np.mean(xs)), float(np.mean(ys))
        r = max(12.0, max(max(xs) - min(xs), max(ys) - min(ys)) / 2 + 8)
        box = (max(0, int(cx - r)), max(0, int(cy - r)), min(W, int(cx + r)), min(H, int(cy + r)))
        value = len(g) if len(g) <= 6 else None
        colour = classify_colour(frame[box[1]:box[3], box[0]:box[2]])
        dice.append(Die(value, colour, (cx, cy), box, 0.5 if value else 0.0, None, tuple(g)))
    return dice

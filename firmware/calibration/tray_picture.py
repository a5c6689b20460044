"""The camera's picture of a seat's tray beside the dice it read, while the
seat checks a free roll of the guided calibration (issue 40: an owner on
the simulated cabinet, PT28, had to set "?" dice they could not see; at a
real cabinet the picture also tells which die on the table is the one
under the seat's cursor).

The picture is the frame the reading was made from, scaled to fit: cut
around the dice the reader reported, or, with the cursor on a die, close
up around that die (its pips large enough to count, across the short
side of the room, the long side showing its neighbours), ringed in the same
gold as its value on the screen; the other dice are ringed in grey.  It is
made as RGB bytes, so a scene can carry it as a component's props
(``scene.add("picture", rect, rgb=..., w=..., h=...)``).
"""
from __future__ import annotations

import cv2
import numpy as np

from firmware.ui.palette import GOLD

#: the ring of the dice not under the cursor (RGB)
OTHER_RING = (150, 156, 170)
#: the close up's half extent across the room's short side, in sizes of
#: the die under the cursor (its ring, 1.5 sizes across, fits; the die is
#: drawn across half the picture's short side: PT29, dark dice in a small
#: picture could not be told)
CLOSE_UP_HALF = 1.0
#: the room left around the dice of the whole tray, in sizes of the largest
#: (their rings, 0.75 sizes from their centres, fit)
TRAY_MARGIN = 0.4


def _tray_bounds(dice: list[tuple[float, float, float]]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1), frame px, of the whole tray's picture: the dice
    with :data:`TRAY_MARGIN` around them."""
    pts = np.array(dice, np.float64)
    side = float(pts[:, 2].max())
    x0, y0 = (pts[:, :2] - pts[:, 2:3] / 2).min(axis=0) - TRAY_MARGIN * side
    x1, y1 = (pts[:, :2] + pts[:, 2:3] / 2).max(axis=0) + TRAY_MARGIN * side
    return float(x0), float(y0), float(x1), float(y1)


def tray_aspect(frame: np.ndarray, dice: list[tuple[float, float, float]]) -> float:
    """Width / height of the whole tray's picture (cursor on "ok"), so a
    layout can give it the room it fills best; 1.0 when there are no dice."""
    if not dice or frame is None or frame.ndim < 2:
        return 1.0
    x0, y0, x1, y1 = _tray_bounds(dice)
    H, W = frame.shape[:2]
    w, h = min(W, x1) - max(0.0, x0), min(H, y1) - max(0.0, y0)
    return w / h if w > 0 and h > 0 else 1.0


def tray_picture(frame: np.ndarray, dice: list[tuple[float, float, float]], cursor: int | None,
                 w: int, h: int, rings: list[tuple[int, int, int] | None] | None = None,
                 numbers: bool = False) -> tuple[bytes, int, int] | None:
    """(RGB bytes, width, height) of the part of ``frame`` (H x W x 3 uint8
    BGR, the camera's) around ``dice`` (centre x, y and size, px of the
    frame), or around the die of index ``cursor`` (0-based; None or out of
    range: none) close up, scaled to fit ``w`` x ``h`` px keeping its
    shape, that die ringed in gold and the others in grey (``rings``: a
    colour (RGB) per die for those not under the cursor, None for grey;
    e.g. a captured die read as another face; ``numbers``: each ring
    carries its die's place in the values, 1 first, in white at its upper
    left: PT37, "nothing links each value to a die").  None when there are
    no dice, the frame is not a picture or the room is under 24 px."""
    if not dice or w < 24 or h < 24 or frame is None or frame.ndim != 3 or frame.shape[2] != 3:
        return None
    if cursor is not None and not 0 <= cursor < len(dice):
        cursor = None       # on "ok" (-1): no die ringed in gold
    if cursor is None:      # the whole tray
        x0, y0, x1, y1 = _tray_bounds(dice)
    else:                   # close up on the die under the cursor, its pips large enough to count:
        cx, cy, size = dice[cursor]     # the room's short side spans 2 dice, the long one more around it
        half = CLOSE_UP_HALF * size
        hx, hy = half * max(1.0, w / h), half * max(1.0, h / w)
        x0, y0, x1, y1 = cx - hx, cy - hy, cx + hx, cy + hy
    H, W = frame.shape[:2]
    x0, y0, x1, y1 = max(0, int(x0)), max(0, int(y0)), min(W, int(np.ceil(x1))), min(H, int(np.ceil(y1)))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    scale = min(w / (x1 - x0), h / (y1 - y0))
    out_w, out_h = max(1, int((x1 - x0) * scale)), max(1, int((y1 - y0) * scale))
    crop = np.ascontiguousarray(frame[y0:y1, x0:x1])
    img = cv2.resize(crop, (out_w, out_h), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
    thick = max(2, round(min(out_w, out_h) / 60))
    order = [i for i in range(len(dice)) if i != cursor] + ([] if cursor is None else [cursor])
    for i in order:       # the cursor's die last: its ring on top
        cx, cy, size = dice[i]
        centre = (int(round((cx - x0) * scale)), int(round((cy - y0) * scale)))
        radius = max(4, int(round(0.75 * size * scale)))
        colour = GOLD if i == cursor else ((rings[i] if rings and i < len(rings) else None) or OTHER_RING)
        cv2.circle(img, centre, radius, tuple(int(c) for c in colour), thick * (2 if i == cursor else 1),
                   cv2.LINE_AA)
        if numbers:
            _number(img, str(i + 1), centre, radius, max(0.5, min(out_w, out_h) / 260))
    return img.tobytes(), out_w, out_h


def _number(img: np.ndarray, text: str, centre: tuple[int, int], radius: int, scale: float) -> None:
    """``text`` in white on a dark outline at the upper left of a ring of
    ``radius`` px around ``centre`` (RGB ``img``, drawn in place), kept
    within the picture; ``scale``: OpenCV's font scale, one for the whole
    picture (PT37's small die had a smaller number)."""
    thick = max(1, round(scale * 1.5))
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
    x = int(min(max(0, centre[0] - radius * 0.8 - tw / 2), img.shape[1] - tw - 1))
    y = int(min(max(th + 1, centre[1] - radius * 0.6), img.shape[0] - 2))
    cv2.putText(img, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (20, 20, 24), thick + 2, cv2.LINE_AA)
    cv2.putText(img, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (255, 255, 255), thick, cv2.LINE_AA)

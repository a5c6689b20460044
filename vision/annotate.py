"""Drawing a reading onto a frame for a person to check (``cabinet dice
read --annotate``)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.die import Die

_BGR = {"red": (0, 0, 255), "blue": (255, 80, 0), "yellow": (0, 220, 255), "green": (0, 200, 0),
        "purple": (200, 0, 160), "white": (255, 255, 255), "black": (40, 40, 40), "other": (0, 140, 255)}
#: box colour of a die with no value (the nudge flow's, CAB-5)
UNREAD_BGR = (255, 0, 255)
_FONT = cv2.FONT_HERSHEY_SIMPLEX

Rect = tuple[int, int, int, int]


def _box_colour(d: Die) -> tuple[int, int, int]:
    """BGR of a die's box and label edge: its colour's hue, magenta with no value."""
    return _BGR.get(d.colour, (0, 140, 255)) if d.value is not None else UNREAD_BGR


def _overlap(a: Rect, b: Rect) -> int:
    """Area (px) two (x0, y0, x1, y1) rectangles share."""
    return max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))


def _plate(text: str, scale: float) -> tuple[int, int, int, int]:
    """(width, height, text height, padding) px of a label plate."""
    th = max(1, round(scale * 2))
    (w, h), base = cv2.getTextSize(text, _FONT, scale, th)
    pad = max(2, round(h * 0.3))
    return w + 3 * pad, h + base + 2 * pad, h, pad


def _draw_plate(out: np.ndarray, text: str, x: int, y: int, scale: float, edge: tuple[int, int, int]) -> None:
    """``text`` in white on a dark plate with an ``edge``-coloured left
    edge, its top-left corner at (x, y) px."""
    w, h, text_h, pad = _plate(text, scale)
    cv2.rectangle(out, (x, y), (x + w - 1, y + h - 1), (20, 20, 20), -1)
    cv2.rectangle(out, (x, y), (x + pad - 1, y + h - 1), edge, -1)
    cv2.putText(out, text, (x + 2 * pad, y + pad + text_h), _FONT, scale, (255, 255, 255),
                max(1, round(scale * 2)), cv2.LINE_AA)


def _place(w: int, h: int, box: Rect, taken: list[Rect], W: int, H: int) -> Rect:
    """Where a w x h px label of the die in ``box`` goes: the first of
    above, below, right and left of the box (each at its start, then its
    end) that lies in the W x H frame and covers no label or die box in
    ``taken``; else the one covering the least."""
    x0, y0, x1, y1 = box
    spots = [(x0, y0 - h - 2), (x0, y1 + 2), (x1 - w, y0 - h - 2), (x1 - w, y1 + 2),
             (x1 + 2, y0), (x0 - w - 2, y0), (x1 + 2, y1 - h), (x0 - w - 2, y1 - h)]
    best, best_cost = None, None
    for x, y in spots:
        x, y = min(max(0, x), max(0, W - w)), min(max(0, y), max(0, H - h))
        r = (x, y, x + w, y + h)
        cost = sum(_overlap(r, t) for t in taken)
        if cost == 0:
            return r
        if best_cost is None or cost < best_cost:
            best, best_cost = r, cost
    return best  # type: ignore[return-value]


def annotate(frame: np.ndarray, dice: list[Die]) -> np.ndarray:
    """A copy of ``frame`` (H x W x 3 uint8 BGR) with each die's box (in
    its colour's hue; magenta when it has no value), its value ('?' when
    it has none) and colour name on a dark plate beside the box (above it
    where there is room, else where it covers no other label or box), its
    pip centres, and a legend in the top-left corner.  The text is sized
    to the frame (about 1/50 of its shorter side high, at least 10 px)."""
    out = frame.copy()
    H, W = out.shape[:2]
    scale = max(0.45, min(H, W) / 1100)
    thick = max(1, round(scale * 2))
    legend = "value colour; magenta ? = not read (nudge)"
    lw, lh, _, _ = _plate(legend, scale * 0.8)
    taken: list[Rect] = [(4, 4, 4 + lw, 4 + lh)] + [tuple(d.box) for d in dice]  # type: ignore[misc]
    for d in dice:
        x0, y0, x1, y1 = d.box
        col = _box_colour(d)
        cv2.rectangle(out, (x0, y0), (x1 - 1, y1 - 1), (0, 0, 0), thick + 2)
        cv2.rectangle(out, (x0, y0), (x1 - 1, y1 - 1), col, thick)
        for px, py in d.pips:
            cv2.circle(out, (int(round(px)), int(round(py))), 2, (0, 255, 0), -1)
    # labels after every box, top to bottom, each where it covers the least
    for d in sorted(dice, key=lambda d: (d.box[1], d.box[0])):
        col = _box_colour(d)
        text = f"{d.value if d.value is not None else '?'} {d.colour}"
        w, h, _, _ = _plate(text, scale)
        own = tuple(d.box)
        r = _place(w, h, d.box, [t for t in taken if t != own], W, H)
        _draw_plate(out, text, r[0], r[1], scale, col)
        taken.append(r)
    _draw_plate(out, legend, 4, 4, scale * 0.8, UNREAD_BGR)
    return out

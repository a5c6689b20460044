"""Drawing a reading onto a frame for a person to check (``cabinet dice
read --annotate``)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.die import Die

_BGR = {"red": (0, 0, 255), "blue": (255, 80, 0), "yellow": (0, 220, 255), "green": (0, 200, 0),
        "purple": (200, 0, 160), "white": (255, 255, 255), "black": (40, 40, 40), "other": (0, 140, 255)}


def annotate(frame: np.ndarray, dice: list[Die]) -> np.ndarray:
    """A copy of ``frame`` with each die's box (in its colour's hue;
    magenta dashed-looking thin box when unreadable), its value ('?' when
    unreadable), colour name and pip centres drawn."""
    out = frame.copy()
    for d in dice:
        x0, y0, x1, y1 = d.box
        col = _BGR.get(d.colour, (0, 140, 255)) if d.value is not None else (255, 0, 255)
        cv2.rectangle(out, (x0, y0), (x1 - 1, y1 - 1), (0, 0, 0), 3)
        cv2.rectangle(out, (x0, y0), (x1 - 1, y1 - 1), col, 1)
        for px, py in d.pips:
            cv2.circle(out, (int(round(px)), int(round(py))), 2, (0, 255, 0), -1)
        label = f"{d.value if d.value is not None else '?'} {d.colour}"
        org = (x0, max(10, y0 - 3))
        cv2.putText(out, label, org, cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(out, label, org, cv2.FONT_HERSHEY_SIMPLEX, 0.4, (255, 255, 255), 1, cv2.LINE_AA)
    return out

"""Small labelled dice sets drawn by the tests themselves (no photos)."""
from __future__ import annotations

from pathlib import Path

import cv2


def tiny_labelled_set(folder: Path) -> Path:
    """Write a one-image labelled set in the YOLO layout of
    ``../shared/dice`` (``images/a.png``, ``labels/a.txt``): six drawn red
    dice showing 1..6 in a row on a 600 x 200 px frame.  Returns ``folder``."""
    from vision.synth import DieSpec, render_frame
    (folder / "images").mkdir(parents=True, exist_ok=True)
    (folder / "labels").mkdir(parents=True, exist_ok=True)
    specs = [DieSpec(v, "red", (60 + 90 * (v - 1), 100), 10 * v, 40) for v in range(1, 7)]
    cv2.imwrite(str(folder / "images" / "a.png"), render_frame((600, 200), specs))
    (folder / "labels" / "a.txt").write_text("".join(
        f"{s.value - 1} {s.center[0] / 600} {s.center[1] / 200} {44 / 600} {44 / 200}\n" for s in specs))
    return folder

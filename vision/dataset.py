"""Labelled photo sets laid out like ``../shared/dice/nell-byler-dev``:
``images/*.jpg`` plus YOLO ``labels/<stem>.txt`` lines ``cls cx cy w h``
(normalised 0..1; class k means k+1 pips).  Also finds the shared data
folder (``$CABINET_DICE_DATA`` or ``../shared/dice`` from the project root)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp")


@dataclass(frozen=True)
class LabelledDie:
    """A ground-truth die: value 1..6 and its box in px (x0, y0, x1, y1)."""

    value: int
    box: tuple[float, float, float, float]

    @property
    def center(self) -> tuple[float, float]:
        """Box centre (x, y) in px."""
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)


def find_dice_data(dev_name: str = "nell-byler-dev") -> Path | None:
    """The labelled set folder, or ``None`` if absent.  Looks at
    ``$CABINET_DICE_DATA`` (the set itself or its parent) and then
    ``../shared/dice/`` relative to the project root."""
    candidates = []
    env = os.environ.get("CABINET_DICE_DATA")
    if env:
        candidates += [Path(env), Path(env) / dev_name]
    root = Path(__file__).resolve().parent.parent
    candidates.append(root.parent / "shared" / "dice" / dev_name)
    for c in candidates:
        if (c / "images").is_dir() and (c / "labels").is_dir():
            return c
    return None


def list_images(folder: str | os.PathLike) -> list[Path]:
    """Image files of a set folder (its ``images/`` subfolder if present),
    sorted by name."""
    folder = Path(folder)
    img_dir = folder / "images" if (folder / "images").is_dir() else folder
    return sorted(p for p in img_dir.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)


def load_labels(image_path: str | os.PathLike, width: int, height: int) -> list[LabelledDie]:
    """Ground truth of one image from ``../labels/<stem>.txt`` (YOLO,
    class k = k+1 pips), boxes converted to px of a ``width`` x ``height``
    image.  Raises ``ValueError`` naming the file and line when a line is
    malformed; returns ``[]`` when no label file exists."""
    image_path = Path(image_path)
    label = image_path.parent.parent / "labels" / (image_path.stem + ".txt")
    if not label.is_file():
        return []
    dice = []
    for n, line in enumerate(label.read_text().splitlines(), 1):
        if not line.strip():
            continue
        parts = line.split()
        try:
            cls, cx, cy, w, h = int(parts[0]), *map(float, parts[1:5])
        except (ValueError, IndexError) as e:
            raise ValueError(f"{label}:{n}: expected 'cls cx cy w h', got {line!r}") from e
        if not 0 <= cls <= 5:
            raise ValueError(f"{label}:{n}: class {cls} is not 0..5 (class k = k+1 pips)")
        dice.append(LabelledDie(cls + 1, ((cx - w / 2) * width, (cy - h / 2) * height,
                                          (cx + w / 2) * width, (cy + h / 2) * height)))
    return dice


def fold_images(folder: str | os.PathLike, fold: str = "all") -> list[Path]:
    """The images of a set folder sorted by name: ``all``, or the
    ``even``-numbered (0, 2, 4...) or ``odd``-numbered ones - the two
    halves the dice reader's models are trained and scored on."""
    images = list_images(folder)
    return images if fold == "all" else images[0 if fold == "even" else 1::2]
